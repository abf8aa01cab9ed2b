"""«30 КАРТ ПРОЕКТОВ»: a project's goods and points learned the first time it is completed,
kept for the install, then tapped: «заплатите товары, указанные на нём слева, получите очки,
указанные на нём справа» (V29-V30)."""
from __future__ import annotations

from typing import Any

import pytest

from companion.errors import RuleError
from companion.games.ivan import catalog, projects
from companion.games.ivan.rules import GAME
from ivan_table import COLOURS, Table, project_face


def at_projects(*faces: dict[str, Any], referee: bool = False, seal: bool = False) -> Table:
    """White alone in the projects chamber, its boyar out (sealing it if asked: three
    actions), a military project in hand."""
    table = Table(4, referee=referee, printed={**COLOURS, **{k: v for f in faces for k, v in f.items()}})
    table.favour("white", "black", "green", "red")
    table.chambers(("white", "projects", 0), turn="white", cards={"projects": "colour1"})
    table.do({"type": "leave", "player": "white", "chamber": "projects", "seal": seal})
    table.goods("white", rye=3, wood=2)
    return table


def complete(table: Table, **card: Any) -> None:
    table.do({"type": "complete", "player": "white", "kind": "military", **card})


def test_a_project_completed_for_the_first_time_is_kept_for_the_install():
    """«В левой части карты проекта указаны товары, нужные для его выполнения. Справа — победные
    очки»: told once, the first free military place holds it."""
    table = at_projects()
    complete(table, project="new", paid={"rye": 3, "wood": 2}, vp=5)
    assert projects.known(table.state, "military") == [1]
    assert projects.face(table.state, "military", 1) == {"kind": "military", "n": 1, "vp": 5,
                                                          "cost": {"rye": 3, "wood": 2}}


def test_a_known_project_charges_its_goods_and_gives_its_points():
    """Бельские «тратят 3 ржи и 2 дерева, получают 5 очков»: tapped, not entered."""
    table = at_projects(project_face("military", 4, vp=5, rye=3, wood=2))
    complete(table, project=4)
    p = table.state.players["white"]
    assert (p.goods["rye"], p.goods["wood"], p.vp) == (0, 0, 5)


def test_a_known_project_refuses_other_goods_or_points():
    table = at_projects(project_face("military", 4, vp=5, rye=3, wood=2))
    with pytest.raises(RuleError) as refused:
        complete(table, project=4, paid={"rye": 1}, vp=9)
    assert refused.value.key == "ivan.project_prints_other"


def test_a_known_project_is_not_completed_without_its_goods():
    """«Нельзя выполнить проект, если вам не хватает товаров для его оплаты»."""
    table = at_projects(project_face("military", 4, vp=5, metal=1))
    with pytest.raises(RuleError) as refused:
        complete(table, project=4)
    assert refused.value.key == "ivan.not_enough_goods"


def test_a_project_card_is_completed_once_a_game():
    """«выложите перед собой 1 проект с руки»: the card stays laid out, never completed again."""
    table = at_projects(project_face("military", 4, vp=1), seal=True)
    table.do({"type": "take_project", "player": "white", "kind": "military", "source": "display"})
    complete(table, project=4)
    with pytest.raises(RuleError) as refused:
        complete(table, project=4)
    assert refused.value.key == "ivan.project_done"


def test_there_is_no_eleventh_project_of_a_kind():
    """«по 10 карт каждого»."""
    table = at_projects(*(project_face("military", n) for n in range(1, 11)))
    with pytest.raises(RuleError) as refused:
        complete(table, project="new", paid={"rye": 1}, vp=2)
    assert refused.value.key == "ivan.project_all_known"


def test_a_project_of_another_kind_is_not_tapped_as_this_one():
    table = at_projects(project_face("trade", 4))
    with pytest.raises(RuleError) as refused:
        complete(table, project=4)
    assert refused.value.key == "ivan.project_unknown"


def test_the_phone_offers_the_known_projects_of_the_kinds_in_hand():
    table = at_projects(project_face("military", 2, rye=1), project_face("trade", 3))
    offered = GAME.choices(table.state, "white")["projects"]
    assert [(card["kind"], card["n"]) for card in offered] == [("military", 2)]


def test_in_referee_mode_the_player_enters_the_goods_and_points():
    table = at_projects(project_face("military", 4), referee=True)
    with pytest.raises(RuleError) as refused:
        complete(table, project=4)
    assert refused.value.key == "ivan.project_referee"


def test_an_unidentified_project_is_entered_as_before():
    table = at_projects(project_face("military", 4, vp=5, rye=3, wood=2))
    complete(table, paid={"rye": 1}, vp=2)
    assert table.state.players["white"].vp == 2 and table.state.projects_done == []


def test_a_project_told_needs_its_points():
    table = at_projects()
    with pytest.raises(RuleError) as refused:
        complete(table, project="new", paid={"rye": 1})
    assert refused.value.key == "ivan.project_vp_needed"


def test_the_install_asks_ten_projects_of_each_kind():
    """«В игре три вида проектов: строительные, торговые и военные, по 10 карт каждого»."""
    asked = [key for key in catalog.questions() if key.endswith(".cost_rye")]
    assert sorted({key.split(".")[1].rstrip("0123456789") for key in asked}) == ["construction", "military", "trade"]
    assert len(asked) == 30
