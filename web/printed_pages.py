"""The install's pages of values printed on the games' cards and boards but not in their
rules (``companion.engine.printed``): what the tables told, a page a game, corrected by
hand, exported to a file and imported from another group's. A change affects games made
afterwards only; each game keeps the values it was played with in its own events."""
from __future__ import annotations

import json
from typing import Annotated, Any, Literal, Mapping

import msgspec
from flask import Blueprint, Response, abort, redirect, render_template, request, url_for

from companion.engine import find_game, names
from companion.engine.printed import Question
from companion.engine.validate import convert, text, whole
from companion.errors import RuleError
from companion.i18n import render
from web.refusals import refused
from web.screens import GameWords
from web.services import services
from web.words import Words, language

bp = Blueprint("printed", __name__)

FORMAT = "table-companion/printed/1"
FILE_MAX = 256 * 1024  # bytes; every question of every game told is about 120 kB

Value = whole(-1000, 1000) | text(40)
Values = Annotated[dict[text(60, 1), Value], msgspec.Meta(max_length=4000)]


class PrintedForm(msgspec.Struct, forbid_unknown_fields=True):
    """One game's values as the page's form sends them: a value, or "" for not known."""

    game: text(40, 1)
    values: Annotated[dict[text(60, 1), text(40)], msgspec.Meta(max_length=1000)]


class PrintedFile(msgspec.Struct, forbid_unknown_fields=True):
    """An exported file: each game's known values by key."""

    format: Literal["table-companion/printed/1"]
    games: Annotated[dict[text(40, 1), Values], msgspec.Meta(max_length=20)]


def _asking() -> dict[str, Mapping[str, Question]]:
    """Each game of this install that asks printed values, with its questions."""
    found = {}
    for name in names():
        asks = getattr(find_game(name), "printed_questions", None)
        questions = asks() if asks else {}
        if questions:
            found[name] = questions
    return found


def _groups(game: str, questions: Mapping[str, Question], lang: str) -> list[dict[str, Any]]:
    """The page's groups for one game (a card, a board), each with its rows: the question
    worded, the values it may take, what is known, what a public source suggests (a value
    the game has the table tap, not ``listed``, is not a row; one it learns as they come up is
    a row once known)."""
    rules = find_game(game)
    words = GameWords(game, lang)
    known = services().hubs.printed(game)
    gamenames = rules.names(rules.new_state(), lang)
    groups: dict[str, dict[str, Any]] = {}
    for q in (q for q in questions.values() if q.listed_with(known)):
        title = words(q.group) if q.group else rules.titles().get(lang, game)
        groups.setdefault(title, {"title": title, "rows": []})["rows"].append({
            "key": q.key, "asks": render(q.label, q.params, gamenames),
            "options": [(str(o), str(o) if isinstance(o, int) else words("printed.option." + o))
                        for o in q.options()],
            "known": None if q.key not in known else str(known[q.key]),
            "suggested": None if q.suggested is None else str(q.suggested), "source": q.source})
    for group in groups.values():
        group["known"] = sum(row["known"] is not None for row in group["rows"])
    return list(groups.values())


def _index(error: str | None = None, status: int = 200) -> tuple[str, int]:
    """Every game that asks printed values, with how many of them the install knows (each
    game's questions on a page of its own: together they would be megabytes), and the
    install's export and import."""
    lang = language(request)
    games = []
    for name, questions in _asking().items():
        known = services().hubs.printed(name)
        listed = [key for key, q in questions.items() if q.listed_with(known)]
        games.append({"name": name, "title": find_game(name).titles().get(lang, name),
                      "known": sum(key in known for key in listed), "n": len(listed)})
    return render_template("shell/printed.html", t=Words(lang), lang=lang, games=games,
                           error=error, saved=request.args.get("saved")), status


def _game_page(game: str, error: str | None = None, status: int = 200) -> tuple[str, int]:
    """One game's values by group; a game with more fields than Werkzeug parses posts one
    group at a time (a longer form would be refused whole)."""
    lang = language(request)
    questions = _asking().get(game)
    if questions is None:
        abort(404)
    groups = _groups(game, questions, lang)
    split = sum(len(group["rows"]) for group in groups) + 1 > request.max_form_parts
    return render_template("shell/printed_game.html", t=Words(lang), lang=lang, game=game,
                           title=find_game(game).titles().get(lang, game), groups=groups,
                           split=split, error=error, saved=request.args.get("saved")), status


def _checked(game: str, values: Mapping[str, Any]) -> dict[str, Any]:
    """``values`` for ``game``, each a value its card could show; RuleError otherwise."""
    questions = _asking().get(game)
    if questions is None:
        raise RuleError("printed.no_game", game=game)
    for key in values:
        if key not in questions:
            raise RuleError("printed.unknown", what=key)
    return {key: questions[key].check(value) for key, value in values.items()}


@bp.get("/printed")
def page() -> tuple[str, int]:
    return _index()


@bp.get("/printed/<game>")
def game_page(game: str) -> tuple[str, int]:
    return _game_page(game)


@bp.post("/printed")
def save() -> Response | tuple[str, int]:
    """One game's values as the form shows them: a chosen value is kept, "not known" forgets."""
    fields = request.form.to_dict()
    game = fields.pop("game", "")
    try:
        form = convert({"game": game, "values": fields}, PrintedForm)
        chosen = {key: _typed(value) for key, value in form.values.items() if value}
        values = _checked(form.game, chosen)
    except RuleError as err:
        message = refused(err).get_json()["error"]["message"]
        return _game_page(game, message, 400) if game in _asking() else _index(message, 400)
    forget = tuple(key for key, value in form.values.items() if not value)
    services().hubs.remember(form.game, values, forget)
    return redirect(url_for("printed.game_page", game=form.game, saved=1))


def _typed(value: str) -> int | str:
    """A form's value as the card shows it: a whole number, or a word."""
    return int(value) if value.lstrip("-").isdigit() else value


@bp.get("/printed/export")
def export() -> Response:
    """Every value this install was told, as a file another group can import."""
    document = {"format": FORMAT,
                "games": {name: services().hubs.printed(name) for name in _asking()}}
    body = json.dumps(document, ensure_ascii=False, indent=1, sort_keys=True)
    return Response(body, mimetype="application/json", headers={
        "Content-Disposition": 'attachment; filename="table-companion-printed.json"'})


@bp.post("/printed/import")
def import_file() -> Response | tuple[str, int]:
    """Another group's exported values, all kept, or none when any is wrong."""
    upload = request.files.get("file")
    try:
        raw = upload.read(FILE_MAX + 1) if upload else b""
        if len(raw) > FILE_MAX:
            raise RuleError("command.too_big", kb=FILE_MAX // 1024)
        try:
            data = json.loads(raw)
        except ValueError:
            raise RuleError("printed.not_a_file") from None
        document = convert(data, PrintedFile)
        checked = {game: _checked(game, values) for game, values in document.games.items()}
    except RuleError as err:
        return _index(refused(err).get_json()["error"]["message"], 400)
    for game, values in checked.items():
        services().hubs.remember(game, values)
    return redirect(url_for("printed.page", saved=1))
