"""Each request's game, device and language."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from flask import abort, current_app, g, request

from companion.i18n import Names
from web.hub import GameHub
from web.identity import Device, identify, table_cookie
from web.services import services
from web.settings import TableSettings, pin_hash
from web.words import language


@dataclass
class GameContext:
    hub: GameHub
    device: Device
    lang: str
    settings: TableSettings

    @property
    def game_id(self) -> str:
        return self.hub.game_id

    @property
    def names(self) -> Names:
        """How this game names its players and places in this device's language."""
        return self.hub.game.names(self.hub.state, self.lang)


def player_token() -> str | None:
    """A phone's token: in the X-Token header (fetch) or the query (EventSource, links)."""
    return request.headers.get("X-Token") or request.args.get("token")


def table_settings(game_id: str) -> TableSettings:
    """The game's settings; a game made elsewhere (the command line) gets the defaults,
    with the install's host PIN if one is configured."""
    found = services().settings.get(game_id)
    return found if found is not None else _defaults()


def _defaults() -> TableSettings:
    pin = current_app.config.get("HOST_PIN")
    return TableSettings(pin_hash=pin_hash(services().secret, str(pin)) if pin else "")


def change_settings(game_id: str,
                    change: Callable[[TableSettings], TableSettings]) -> tuple[TableSettings, TableSettings]:
    """The game's settings before and after ``change``, read and written at once: two
    devices changing them together (a step done while the host pauses the timer) both
    count. A RuleError from ``change`` leaves them as they were."""
    return services().settings.change(game_id, change, _defaults())


def game_context(game_id: str, token: str | None = None) -> GameContext:
    """The game and who is asking; 404 when there is no such game. Refusals raised while
    the request is served word the game's names (``g.names``)."""
    svc = services()
    hub = svc.hubs.get(game_id)
    if hub is None:
        abort(404)
    device = identify(svc.secret, game_id, hub.seats(), token or player_token(),
                      request.cookies.get(table_cookie(game_id)))
    settings = table_settings(game_id)
    if "tower" in hub.game.capabilities:
        svc.trays.follow(hub, settings.tray)
    ctx = GameContext(hub, device, language(request), settings)
    g.names = ctx.names
    return ctx
