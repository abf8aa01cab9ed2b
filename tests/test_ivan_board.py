"""The board steps: what the players do with the real pieces after each command, one family's
part at a time, and their opposites when the host undoes a command."""
from __future__ import annotations

from companion.engine.board import steps_of
from companion.games.ivan.rules import GAME
from companion.games.ivan.text import names_for
from companion.i18n import render
from ivan_table import Table


def said(table: Table, groups) -> list[tuple[str | None, str]]:
    names = names_for(table.state, "en")
    return [(g.player if hasattr(g, "player") else g["player"], render(line["key"], line["params"], names))
            for g in groups for line in (g.lines if hasattr(g, "lines") else g["lines"])]


def sealed_kremlin_card() -> Table:
    table = Table(3)
    table.favour("white", "black", "green")
    table.chambers(("green", "grants", 1), ("white", "grants", 2), turn="white", cards={"grants": "kremlin"})
    table.do({"type": "leave", "player": "white", "chamber": "grants", "seal": True})
    return table


def test_a_seal_on_the_kremlin_card_is_told_step_by_step():
    """The boyar onto the card, the seal, the other family's coins back, the Kremlin card's
    coin, and the favour markers (white already on top: a point instead)."""
    table = sealed_kremlin_card()
    lines = said(table, steps_of(GAME, table.session.history, table.session.seq))
    assert lines == [("white", "The boyar from Grants onto its assignment card."),
                     ("white", "A seal on Grants."),
                     ("green", "Take 1 coin from the reserve."),
                     ("white", "Take 1 coin from the reserve."),
                     ("white", "Score marker +1, to 1.")]


def test_undo_puts_each_piece_back_last_first():
    table = sealed_kremlin_card()
    done = [{"player": s.player, "lines": list(s.lines)}
            for s in steps_of(GAME, table.session.history, table.session.seq)]
    lines = said(table, GAME.undo_steps(done))
    assert lines[0] == ("white", "Score marker back by 1.")
    assert lines[-1] == ("white", "The boyar from the assignment card back into Grants.")


def test_the_deal_names_the_cards_colour_once_the_table_told_it():
    table = Table(3, referee=False)
    first_deal = next(seq for seq, events in enumerate(table.session.history, start=1)
                      if any(e["type"] == "deal" for e in events))
    lines = [text for _, text in said(table, steps_of(GAME, table.session.history, first_deal))]
    shown = [text for text in lines if text.startswith("Under ")]
    assert len(shown) == 5 and any("(black)" in text for text in shown) == \
        ("colour1" in table.state.assignments.values())
    assert lines[-1].startswith("The sixth assignment card face down")


def test_a_project_kind_in_hand_is_no_step():
    table = Table(3)
    table.chambers(("white", "projects", 0), turn="white")
    table.do({"type": "leave", "player": "white", "chamber": "projects"})
    table.do({"type": "take_project", "player": "white", "kind": "trade", "source": "deck"})
    assert steps_of(GAME, table.session.history, table.session.seq) == []
