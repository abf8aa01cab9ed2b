"""Each request's game, device and language, and the one shape every refusal takes.

A refusal is ``{"error": {"key", "params", "message"}}`` with a 4xx status, the message in
the device's language; nothing has changed when one is returned.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import Response, abort, current_app, jsonify, request

from companion.games.shogun.text import names_for
from companion.i18n import Names
from web.app import services
from web.hub import GameHub
from web.identity import Device, identify, table_cookie
from web.settings import TableSettings, pin_hash
from web.words import language, refusal


@dataclass
class GameContext:
    hub: GameHub
    device: Device
    lang: str
    settings: TableSettings

    @property
    def names(self) -> Names:
        state = self.hub.state
        return names_for(state, self.lang) if state.catalog else Names(self.lang)

    def refuse(self, status: int, key: str, **params: Any) -> Response:
        return refused(status, key, params, self.names)


def refused(status: int, key: str, params: dict[str, Any], names: Names) -> Response:
    body = {"error": {"key": key, "params": _plain(params),
                      "message": refusal(key, params, names)}}
    response = jsonify(body)
    response.status_code = status
    return response


def _plain(params: dict[str, Any]) -> dict[str, Any]:
    return {k: v if isinstance(v, (str, int, float, bool, type(None), list, dict)) else str(v)
            for k, v in params.items()}


def player_token() -> str | None:
    """A phone's token: in the X-Token header (fetch) or the query (EventSource, links)."""
    return request.headers.get("X-Token") or request.args.get("token")


def table_settings(game_id: str) -> TableSettings:
    """The game's settings; a game made elsewhere (the command line) gets the defaults,
    with the install's host PIN if one is configured."""
    svc = services()
    found = svc.settings.get(game_id)
    if found is not None:
        return found
    pin = current_app.config.get("HOST_PIN")
    return TableSettings(pin_hash=pin_hash(svc.secret, str(pin)) if pin else "")


def game_context(game_id: str, token: str | None = None) -> GameContext:
    """The game and who is asking; 404 when there is no such game."""
    svc = services()
    hub = svc.hubs.get(game_id)
    if hub is None:
        abort(404)
    device = identify(svc.secret, game_id, hub.state.seating, token or player_token(),
                      request.cookies.get(table_cookie(game_id)))
    settings = table_settings(game_id)
    svc.trays.follow(hub, settings.tray)
    return GameContext(hub, device, language(request), settings)
