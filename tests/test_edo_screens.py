"""Edo's screens drawn from scenes alone, as the shell draws them (``s`` the scene, ``ctx``
the device, ``t`` the words): every region at every moment of a whole game, in every
language; a face-down action on no screen but its owner's."""
from __future__ import annotations

import json
import re
from importlib import resources
from pathlib import Path
from types import SimpleNamespace
from typing import Any, Callable

import jinja2
import pytest

from companion.engine import Session
from companion.games.edo.rules import GAME
from companion.games.edo.simulate import play_game
from companion.i18n import LANGUAGES, format_message
from edo_table import Table

WEB = Path(str(resources.files(GAME.screens.package)))
SHELL = Path(__file__).resolve().parents[1] / "web" / "templates"
ENV = jinja2.Environment(loader=jinja2.FileSystemLoader([WEB / "templates", SHELL]),
                         autoescape=True, undefined=jinja2.StrictUndefined)
SHELL_WORDS = {"new.players", "new.name"}
UNFILLED = re.compile(r"\{[a-z_]+\}")


def words(lang: str) -> dict[str, str]:
    return json.loads((WEB / "words" / f"{lang}.json").read_text(encoding="utf-8"))


def t_for(lang: str) -> Callable[..., str]:
    def t(key: str, **params: Any) -> str:
        return format_message(words(lang).get(key) or key, params, lang)
    return t


def draw(kind: str, session: Session, seat: str | None, lang: str = "en") -> dict[str, str]:
    snap = SimpleNamespace(view=GAME.view(session.state, seat), choices=GAME.choices(session.state, seat))
    scene = GAME.screens.scene(snap, lang, seat, GAME.facts(session.state))
    ctx = SimpleNamespace(device=SimpleNamespace(table=seat is None, colour=seat), game_id="g1", lang=lang)
    return {name: ENV.get_template(f"edo/{kind}/_{name}.html").render(s=scene, ctx=ctx, t=t_for(lang))
            for name in GAME.screens.regions[kind]}


def text(html: dict[str, str]) -> str:
    return re.sub(r"<[^>]*>", " ", " ".join(html.values()))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_region_draws_every_moment_of_a_whole_game(lang):
    history = play_game(GAME, 3, 4 if lang == "ru" else 2).history
    for done in range(1, len(history) + 1, 3):
        session = Session.replay(GAME, history[:done])
        screens = [draw("table", session, None, lang)]
        screens += [draw("hand", session, seat, lang) for seat in GAME.seats(session.state)]
        for html in screens:
            shown = text(html)
            assert not UNFILLED.search(shown) and "None" not in shown, shown


def test_a_face_down_action_is_on_no_other_screen():
    table = Table(3)
    table.plan("blue", ("card2", "produce_rice", 1), ("card1", "money", 1), ("card3", "build", 0))
    for seat in ("red", "green"):
        table.plan(seat, ("card1", "money", 1), ("card2", "develop", 0), ("card3", "money", 0))
    for seat in (None, "red", "green"):
        html = draw("table" if seat is None else "hand", table.session, seat, "ru")
        assert "Рисовые поля" not in text(html) and "produce_rice" not in "".join(html.values()), seat
    assert "Рисовые поля" in text(draw("hand", table.session, "blue", "ru"))


def test_the_table_shows_who_has_planned():
    table = Table(3)
    table.plan("red", ("card1", "money", 1), ("card2", "develop", 0), ("card3", "money", 0))
    status = draw("table", table.session, None)["status"]
    assert 'data-plan-in="red"' in status and 'data-planning="blue"' in status


def test_the_plan_form_offers_each_card_and_its_actions():
    hand = draw("hand", Table(2).session, "blue")["plan"]
    assert 'value="card2,produce_wood"' in hand and 'value="card3,build_complex"' in hand
    assert "data-plan-form" in hand


def test_the_table_asks_the_printed_values_with_only_valid_choices():
    decide = draw("table", Table(2, printed={}).session, None, "ru")["decide"]
    assert 'data-key="edo.start.officials"' in decide
    assert "Чиновников у каждого игрока в начале" in text({"d": decide})


def test_every_word_the_templates_use_is_in_each_language():
    used: set[str] = set()
    for path in (WEB / "templates").rglob("*.html"):
        for call in re.findall(r"\bt\(([^)]*)\)", path.read_text(encoding="utf-8")):
            used |= {w for w in re.findall(r"'([a-z_.]+)'", call) if not w.endswith(".")}
    used -= SHELL_WORDS
    for lang in LANGUAGES:
        assert used - {"edo.phase.", "edo.colour."} <= set(words(lang)), (lang, used - set(words(lang)))
        assert set(words(lang)) == set(words("en")), lang
