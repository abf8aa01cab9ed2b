"""«Конец игры»: the final count, explained line by line for the final table.

A player without a house in Edo is out and cannot win (D9: he is still shown, marked).
The others add 1 power point per own samurai on the map and 1 per full 50 ryo (D8). Most
points wins; a tie goes to more resources (rice, wood and stone), then to more influence in
Edo, an equal influence to the earlier builder there (as for income, D5).
"""
from __future__ import annotations

from typing import Any

from companion.games.edo import buildings
from companion.games.edo.state import EDO, RESOURCES, EdoState


def line(state: EdoState, seat: str) -> dict[str, Any]:
    """One player's row of the final table."""
    p = state.players[seat]
    final = state.data["final"]
    edo = {r["player"]: r for r in buildings.ranking(state, EDO)}
    eligible = any(b["kind"] == "house" and b["owner"] == seat for b in state.cities[EDO])
    samurai = len(p.samurai) * final["per_samurai"] if eligible else 0
    money = p.ryo // final["ryo_per_point"] if eligible else 0
    return {"player": seat, "eligible": eligible, "played": p.power, "samurai": samurai,
            "ryo": p.ryo, "money": money, "total": p.power + samurai + money,
            "resources": sum(p.amount(r) for r in RESOURCES),
            "edo_influence": edo[seat]["influence"] if seat in edo else 0,
            "edo_first": edo[seat]["first"] if seat in edo else 0}


def final(state: EdoState) -> dict[str, Any]:
    """The final table: every player's row, the eligible ones ranked, and the winners."""
    rows = [line(state, seat) for seat in state.turn_order]
    ranked = sorted((r for r in rows if r["eligible"]),
                    key=lambda r: (-r["total"], -r["resources"], -r["edo_influence"], r["edo_first"]))
    for place, row in enumerate(ranked, start=1):
        row["place"] = place
    best = ranked[0] if ranked else None
    key = (lambda r: (r["total"], r["resources"], r["edo_influence"], r["edo_first"]))
    winners = [r["player"] for r in ranked if best is not None and key(r) == key(best)]
    return {"rows": rows, "winners": winners}
