"""The values the board, the tokens and the cards print but the rulebook does not say, and
when each is needed: the board's cells and provinces, the token mix, the destiny deck and
the costs' resources before the first era; the region bonuses at the first era's end; the
significance of the influence rows at the game's end (in referee mode the table enters the
outcomes and each payment's resource instead of the bonuses, significance and costs)."""
from __future__ import annotations

from typing import Any, Mapping

from companion.engine import printed
from companion.engine.printed import EVENT
from companion.errors import RuleError
from companion.games.little_empires import catalog, geo, roads
from companion.games.little_empires.commands import TellPrinted
from companion.games.little_empires.play import Play
from companion.games.little_empires.state import LEState

KIND = "printed"
P = "little_empires"
COSTS = ("recruit", "attack", "move", "ship", "cover")


def setup_keys(state: LEState) -> list[str]:
    data = state.data
    told = ("region",) if "random_quick" in state.variants else ("region", "quick")
    keys = [f"{P}.cell{n}.{what}" for n in range(1, data["cells"] + 1) for what in told]
    keys += [f"{P}.province.{p}" for p in geo.provinces(data)]
    keys += [f"{P}.tokens.{kind}" for kind in data["orders"]]
    keys += [f"{P}.destiny.{region}" for region in data["regions"]]
    if not state.referee:
        keys += [f"{P}.cost.{what}" for what in COSTS]
    if "mountain_path" in state.variants:
        keys += [f"{P}.mountain{m}.{end}" for m in range(1, data["mountain"]["placed"] + 1) for end in "ab"]
        keys += [f"{P}.mountain_tokens.{effect}" for effect in data["mountain"]["effects"]]
        keys += [] if state.referee else [f"{P}.cost.way"]
    return keys


def mountain_road(state: LEState, mountain: str) -> tuple[str, str]:
    """The two provinces a mountain's road joins, as the table told them."""
    return state.printed[f"{P}.mountain{mountain}.a"], state.printed[f"{P}.mountain{mountain}.b"]


def bonus_keys(state: LEState) -> list[str]:
    return [f"{P}.bonus.{region}.{place}" for region in state.data["regions"] for place in ("first", "second")]


def row(state: LEState, influence: int) -> int:
    """The influence track's row for a marker: «10+» is the last."""
    return min(influence, state.data["influence_rows"])


def significance_keys(state: LEState) -> list[str]:
    """Only the rows the markers stand on (the start space, influence 0, has no number)."""
    return [f"{P}.significance.{region}.{row(state, p.influence[region])}"
            for p in state.players.values() for region in state.data["regions"] if p.influence[region]]


def missing(state: LEState, keys: list[str]) -> list[str]:
    return printed.missing(state.printed, keys)


def ask(play: Play, keys: list[str]) -> None:
    """Await the table's answer to these questions (one screen for all of them)."""
    questions = catalog.questions()
    play.pending(KIND, questions=[questions[k].shown() for k in keys])


def cell_region(state: LEState, cell: int) -> str:
    return state.printed[f"{P}.cell{cell}.region"]


def cell_quick(state: LEState, cell: int) -> str:
    """The quick action printed by the cell, or the token the table turned up there."""
    if state.quick_drawn:
        return state.quick_drawn[cell - 1]
    return state.printed[f"{P}.cell{cell}.quick"]


def feature(state: LEState, province: str) -> str:
    return state.printed[f"{P}.province.{province}"]


def cost_resource(state: LEState, what: str, pay: str | None) -> str:
    """The resource a cost takes: printed on the token, or, in referee mode, the player's
    word (the icons were lost from the rulebook's text)."""
    if state.referee:
        if pay is None:
            raise RuleError("le.say_resource")
        return pay
    return state.printed[f"{P}.cost.{what}"]


def _sum(known: Mapping[str, Any], prefix: str, names: list[str], total: int, key: str) -> None:
    keys = [f"{prefix}.{name}" for name in names]
    if all(k in known for k in keys) and sum(known[k] for k in keys) != total:
        raise RuleError(key, n=sum(known[k] for k in keys), total=total)


def _consistent(state: LEState, values: Mapping[str, Any]) -> None:
    """What the rulebook says of the board and the box, checked once a group is complete:
    «по 11 на игрока» tokens, «20 карт судьбы», «6 жетонов … бусидо и 6 … пищи» on as many
    resource cells, «На поле окажется 7 святилищ», «У каждого региона свои ячейки»."""
    data = state.data
    known = {**state.printed, **values}
    _sum(known, f"{P}.tokens", list(data["orders"]), data["order_tokens"], "le.printed_tokens")
    _sum(known, f"{P}.destiny", list(data["regions"]), data["destiny_cards"], "le.printed_destiny")
    _sum(known, f"{P}.mountain_tokens", data["mountain"]["effects"], data["mountain"]["tokens"],
         "le.printed_mountains")
    for m in range(1, data["mountain"]["placed"] + 1):
        ends = known.get(f"{P}.mountain{m}.a"), known.get(f"{P}.mountain{m}.b")
        if ends[0] is not None and ends[0] == ends[1]:
            raise RuleError("le.printed_mountain_road", mountain=m)
    features = [known.get(f"{P}.province.{p}") for p in geo.provinces(data)]
    if None not in features:
        resource = sum(1 for f in features if f in ("resource", "resource_shrine"))
        shrine = sum(1 for f in features if f in ("shrine", "resource_shrine"))
        seeding = sum(data["seeding"].values())
        if resource != seeding:
            raise RuleError("le.printed_resources", n=resource, total=seeding)
        if shrine != data["shrine_provinces"]:
            raise RuleError("le.printed_shrines", n=shrine, total=data["shrine_provinces"])
    regions = [known.get(f"{P}.cell{n}.region") for n in range(1, data["cells"] + 1)]
    if None not in regions:
        for region in data["regions"]:
            if region not in regions:
                raise RuleError("le.printed_no_cells", region=region)
    for region in data["regions"]:
        first, second = known.get(f"{P}.bonus.{region}.first"), known.get(f"{P}.bonus.{region}.second")
        if first is not None and second is not None and second > first:
            raise RuleError("le.printed_bonus_order", region=region)


def tell(play: Play, cmd: TellPrinted) -> None:
    """The table's answer to every question asked, each a value the board could show; or,
    asked or not, a part of the map (LE-15: told whenever the group likes, a province and
    its neighbours at a time)."""
    pending = play.state.pending
    if pending is not None and pending["kind"] == KIND:
        values = printed.answered(pending["questions"], cmd.values, catalog.questions())
        _consistent(play.state, values)
        play.pending(None)
    else:
        values = roads.told(play.state, cmd.values)
    play.event(EVENT, values=values)
    play.note("printed.told", n=len(values))
