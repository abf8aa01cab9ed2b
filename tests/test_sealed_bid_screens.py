"""Sealed bids' screens drawn from scenes alone, without the web shell.

The shell that mounts a game's screens is being built alongside; these tests render the
game's templates with Jinja as the shell will (``s`` the scene, ``ctx`` the device, ``t`` the
words), so a template that names a missing word, breaks on a moment of the game, or shows
a bid before the reveal fails here first.
"""
from __future__ import annotations

import re
from types import SimpleNamespace
from typing import Iterator

import pytest

from companion.engine import TABLE, Actor, Session
from game_screens import UNFILLED, Screens
from games import sealed_bid_registered
from games.sealed_bid import agent, rules

@pytest.fixture(autouse=True, scope="module")
def _sealed_bid_registered() -> Iterator[None]:
    with sealed_bid_registered():
        yield

GAME = rules.GAME
SCREENS = Screens(GAME)
LANGS = ("ru", "cs", "en")
SEATS = ("north", "east", "south")
CREATE = agent.create_command(3, 7)


def draw(kind: str, session: Session, seat: str | None, lang: str = "en") -> dict[str, str]:
    """Every region of the table (``seat`` None) or of ``seat``'s hand, as HTML."""
    scene = GAME.screens.scene(SimpleNamespace(view=GAME.view(session.state, seat), choices={}),
                               lang, seat)
    ctx = SimpleNamespace(device=SimpleNamespace(table=seat is None, colour=seat),
                          game_id="g1", lang=lang)
    return {name: SCREENS.env.get_template(f"sealed_bid/{kind}/_{name}.html")
            .render(s=scene, ctx=ctx, t=SCREENS.t_for(lang))
            for name in GAME.screens.regions[kind]}


def text(html: dict[str, str]) -> str:
    """What a region shows, markup and attributes left out."""
    return re.sub(r"<[^>]*>", " ", " ".join(html.values()))


def new_game() -> Session:
    return Session.create(GAME, CREATE, actor=TABLE)


def bid(session: Session, seat: str, coins: int) -> None:
    session.execute({"type": "bid", "seat": seat, "coins": coins}, Actor.of_seat(seat))


@pytest.mark.parametrize("lang", LANGS)
def test_every_region_draws_every_moment_of_a_whole_game(lang):
    history = agent.simulate(4, 11).history
    for done in range(1, len(history) + 1):
        session = Session.replay(GAME, history[:done])
        screens = [draw("table", session, None, lang)]
        screens += [draw("hand", session, seat, lang) for seat in GAME.seats(session.state)]
        for html in screens:
            shown = text(html)
            assert not UNFILLED.search(shown) and "None" not in shown, shown


def test_the_table_shows_who_has_bid_but_not_how_much():
    """'Bids are secret until all are in': the table marks north's bid as handed in, and
    shows no 7 anywhere until the reveal."""
    session = new_game()
    assert not re.search(r"\b7\b", text(draw("table", session, None)))
    bid(session, "north", 7)
    table = draw("table", session, None)
    assert 'data-bid-in="north"' in table["status"]
    assert 'data-no-bid="east"' in table["status"]
    assert not re.search(r"\b7\b", text(table) + "".join(table.values()))
    assert not re.search(r"\b7\b", text(draw("hand", session, "east")))


def test_a_hand_shows_its_own_bid_and_a_bid_button_for_its_seat():
    session = new_game()
    bid(session, "north", 7)
    hand = draw("hand", session, "north")
    assert 'data-my-bid="7"' in hand["hand"]
    assert "Your sealed bid: 7" in text(hand)
    assert 'data-bid="north"' in hand["bid"]
    assert re.search(r'<input[^>]*max="10"[^>]*data-bid-input', hand["bid"])


def test_the_reveal_shows_every_bid_and_the_winner_on_every_screen():
    session = new_game()
    for seat, coins in (("north", 7), ("east", 3), ("south", 5)):
        bid(session, seat, coins)
    table = draw("table", session, None)["reveal"]
    for seat, coins in (("north", 7), ("east", 3), ("south", 5)):
        assert re.search(rf'data-revealed-bid="{seat}"[^>]*>[^<]*<b>{coins}</b>', table)
    assert 'data-reveal-winner="north"' in table
    assert "goes to Anna, who pays 7" in text({"reveal": table})
    assert "Anna <b>7</b>, Boris <b>3</b>, Chloé <b>5</b>" in draw("hand", session, "east")["hand"]


def test_a_tie_is_shown_as_nobody_winning():
    session = new_game()
    for seat, coins in (("north", 5), ("east", 5), ("south", 2)):
        bid(session, seat, coins)
    assert "data-reveal-tie" in draw("table", session, None)["reveal"]
    assert "nobody pays" in text(draw("hand", session, "south"))


def test_the_game_over_screen_names_the_winners():
    session = agent.simulate(3, 5)
    winners = session.state.result["winners"]
    table = draw("table", session, None)
    assert set(re.findall(r'data-game-winner="(\w+)"', table["reveal"])) == set(winners)
    assert 'data-over' in table["status"]
    assert "data-bid-form" not in draw("hand", session, "north")["bid"]


def test_a_players_name_is_shown_as_text_not_markup():
    players = [{"seat": "north", "name": "<b>Ann</b>"}, *CREATE["players"][1:]]
    session = Session.create(GAME, {**CREATE, "players": players}, actor=TABLE)
    table = draw("table", session, None)
    assert "&lt;b&gt;Ann&lt;/b&gt;" in table["status"] and "<b>Ann</b>" not in table["status"]


@pytest.mark.parametrize("kind", ["table", "hand"])
def test_the_page_body_lays_out_every_region(kind):
    regions = GAME.screens.regions[kind]
    first = SimpleNamespace(regions={name: f"<i>{name}</i>" for name in regions})
    ctx = SimpleNamespace(game_id="g1", device=SimpleNamespace(table=kind == "table"))
    page = SCREENS.env.get_template(f"sealed_bid/{kind}.html").render(
        first=first, kind=kind, lang="en", ctx=ctx, t=SCREENS.t_for("en"), joins=[], token="t1",
        title="Sealed bids", request=SimpleNamespace(args={}))
    for name in regions:
        assert f'<section id="r-{name}" class="region"><i>{name}</i></section>' in page


def test_the_hand_page_loads_the_script_that_sends_the_bid():
    """The shell loads a game's ``static/hand.js`` on its hand pages."""
    script = (SCREENS.web / "static" / "hand.js").read_text(encoding="utf-8")
    assert "[data-bid]" in script and 'TC.send({type: "bid", seat: ' in script


def test_every_word_the_templates_use_is_in_each_language():
    used: set[str] = set()
    for path in SCREENS.templates():
        for call in re.findall(r"\bt\(([^)]*)\)", path.read_text(encoding="utf-8")):
            used |= set(re.findall(r"'([a-z_]+)'", call))
    assert used
    for lang in LANGS:
        assert set(SCREENS.words(lang)) == used, lang
