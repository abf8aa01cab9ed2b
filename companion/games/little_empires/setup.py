"""Making a game: the seats and the first player drawn (``created``); then, once the table
has told what the board and the box print, «Подготовка к игре»: the destiny deck shuffled
and dealt, the resource tokens seeded, two armies of each player in every capital."""
from __future__ import annotations

from typing import Any

from companion.engine import forms
from companion.engine.printed import checked
from companion.errors import RuleError
from companion.games.little_empires import agenda, catalog, geo, values
from companion.games.little_empires.commands import Create, QuickTokens
from companion.games.little_empires.play import Play
from companion.games.little_empires.state import LEState


def create(play: Play, cmd: Create, versions: dict[str, Any]) -> None:
    """«Случайным образом выберите первого игрока … Затем по часовой стрелке поместите
    маркеры остальных игроков»: the turn order of the first era."""
    if play.state.created:
        raise RuleError("le.already_created")
    data = catalog.data()
    seats = [p.seat for p in cmd.players]
    forms.check_seats(seats, data["colours"], data["players"], "le")
    for variant in cmd.variants:
        if variant not in data["variants"]:
            raise RuleError("le.unknown_variant", variant=variant)
    first = play.rng.randrange(len(seats))
    config = {"players": [{"seat": p.seat, "name": p.name.strip()} for p in cmd.players],
              "referee": cmd.referee, "variants": sorted(set(cmd.variants)), "data": data,
              "printed": checked(cmd.printed or {}, catalog.questions()),
              "order": seats[first:] + seats[:first]}
    play.event("created", versions=versions, config=config)
    play.event("phase", phase="setup")
    play.note("le.created", count=len(seats), player=seats[first])


def quick_tokens(play: Play, cmd: QuickTokens) -> None:
    """«Просто поместите по 1 жетону в каждую из ячеек соответствующего региона лицевой
    стороной вниз, затем переверните эти жетоны»: the table says what turned up."""
    s = play.state
    if s.pending is None or s.pending["kind"] != "quick_tokens":
        raise RuleError("le.not_now")
    if len(cmd.quick) != s.data["cells"]:
        raise RuleError("le.every_cell", n=s.data["cells"])
    for kind in cmd.quick:
        if kind not in s.data["quick"]:
            raise RuleError("le.unknown_quick", action=kind)
    play.pending(None)
    play.event("quick_drawn", quick_drawn=list(cmd.quick))


def mountain_tokens(play: Play) -> dict[str, str]:
    """«Перемешайте жетоны гор лицевой стороной вниз и поместите по 1 жетону на изображения
    гор на поле. На поле окажется 7 жетонов; оставшиеся верните в коробку, не глядя»."""
    s = play.state
    tokens = [effect for effect in s.data["mountain"]["effects"]
              for _ in range(s.printed[f"{values.P}.mountain_tokens.{effect}"])]
    play.rng.shuffle(tokens)
    return {str(m): effect for m, effect in enumerate(tokens[:s.data["mountain"]["placed"]], start=1)}


def _deck(state: LEState) -> list[str]:
    """The destiny cards by region as the box holds them, numbered."""
    cards = [region for region in state.data["regions"]
             for _ in range(state.printed[f"{values.P}.destiny.{region}"])]
    return cards


def start(play: Play) -> bool:
    """Lay out the game once its printed values are known."""
    s = play.state
    unknown = values.missing(s, values.setup_keys(s))
    if unknown:
        values.ask(play, unknown)
        return False
    if "random_quick" in s.variants and not s.quick_drawn:
        play.pending("quick_tokens", cells=s.data["cells"])
        return False
    data = s.data
    regions = _deck(s)
    cards = {f"d{n}": region for n, region in enumerate(regions, start=1)}
    deck = list(cards)
    play.rng.shuffle(deck)
    dealt = data["start"]["destiny"]
    hands = {seat: deck[i * dealt:(i + 1) * dealt] for i, seat in enumerate(s.order)}
    deck = deck[len(s.order) * dealt:]
    features = {p: values.feature(s, p) for p in geo.provinces(data)}
    resource_cells = [p for p, f in features.items() if f in ("resource", "resource_shrine")]
    seeding = [kind for kind, n in data["seeding"].items() for _ in range(n)]
    play.rng.shuffle(seeding)
    shrines: dict[str, str | None] = {p: None for p, f in features.items() if f in ("shrine", "resource_shrine")}
    if "heavenly_shrines" in s.variants:
        figures = [colour for colour, n in data["heavenly"]["figures"].items() for _ in range(n)]
        play.rng.shuffle(figures)
        shrines = dict(zip(shrines, figures))
    tokens = {kind: s.printed[f"{values.P}.tokens.{kind}"] for kind in data["orders"]}
    laid = agenda.deal(play) if "agenda" in s.variants else {}
    mountains = mountain_tokens(play) if "mountain_path" in s.variants else {}
    start_of = data["start"]
    play.event("setup", cards=cards, deck=deck, resources=dict(zip(resource_cells, seeding)),
               shrines=shrines, agenda=laid, mountains=mountains,
               armies={geo.capital(region): {seat: start_of["capital_armies"] for seat in s.seating}
                       for region in data["regions"]},
               players={seat: {"food": start_of["food"], "bushido": start_of["bushido"],
                               "hand": hands[seat], "tokens": tokens} for seat in s.seating})
    play.event("round", era=1, round=1)
    play.event("phase", phase="destiny")
    play.note("le.era", era=1, player=s.order[0])
    return True
