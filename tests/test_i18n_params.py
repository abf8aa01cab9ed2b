"""A game names its sentences' parameters as its rulebook does and says what each holds in
its catalogue's ``params.json``: a player, a province, or a group of its terms."""
from __future__ import annotations

import json
import sys
import pytest

from companion.engine.registry import find_game, names as game_names
from companion.i18n import LANGUAGES, Names, render
from companion.i18n.catalogues import catalog, kinds

OWNER = "kinds_test_game"


@pytest.fixture(scope="module")
def owner(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A game package holding only a catalogue: three sentences and what their parameters hold."""
    root = tmp_path_factory.mktemp("owner")
    package = root / OWNER
    (package / "messages").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "messages" / "en.json").write_text(json.dumps({
        "terms": {"chamber": {"grants": "the Grants chamber"}},
        "messages": {"k.beaten": "{victim} was beaten.", "k.sealed": "{chamber} is sealed.",
                     "k.acts": "{player} acts."}}))
    (package / "messages" / "params.json").write_text(json.dumps({"victim": "player", "chamber": "chamber"}))
    sys.path.insert(0, str(root))
    yield OWNER
    sys.path.remove(str(root))


def test_a_parameter_declared_a_player_is_worded_by_the_players_name(owner):
    names = Names("en", players={"red": "Anna"}, catalogues=(owner,))
    assert render("k.beaten", {"victim": "red"}, names) == "Anna was beaten."


def test_a_parameter_declared_a_term_group_is_worded_from_that_group(owner):
    names = Names("en", catalogues=(owner,))
    assert render("k.sealed", {"chamber": "grants"}, names) == "the Grants chamber is sealed."


def test_an_undeclared_parameter_keeps_the_meaning_its_name_gives(owner):
    names = Names("en", players={"red": "Anna"}, catalogues=(owner,))
    assert render("k.acts", {"player": "red"}, names) == "Anna acts."


@pytest.mark.parametrize("game", game_names())
def test_every_declared_parameter_holds_a_player_a_province_or_a_group_of_the_games_terms(game):
    """A declaration naming a term group no catalogue of the game has would show raw ids."""
    rules = find_game(game)
    owners = rules.names(rules.new_state(), "en").chain
    for lang in LANGUAGES:
        groups = {group for owner in owners for group in catalog(lang, owner)["terms"]}
        assert not {k for k, kind in kinds(owners).items() if kind not in ("player", "province") and kind not in groups}
