"""Commands arrive as JSON from phones; malformed ones are refused before the rules."""
import pytest

from companion.errors import RuleError
from companion.games.shogun.commands import CountTray, DraftPick, Move, SubmitPlan, parse, to_dict


@pytest.mark.parametrize("record", [
    Move(player="red", to="kai", armies=2),
    SubmitPlan(player="blue", actions={"taxes": "settsu"}, bid={"chests": 2}),
    DraftPick(player="red", take="face_up", armies=5, province="mino"),
    CountTray(counts={"red": 1, "green": 2}),
])
def test_a_record_survives_the_trip_through_json(record):
    assert parse(to_dict(record)) == record


@pytest.mark.parametrize("data, key, field", [
    ({"type": "move", "player": "red", "to": "kai"}, "command.missing_field", "armies"),
    ({"type": "move", "player": "red", "to": "kai", "armies": "2"}, "command.bad_field", "armies"),
    ({"type": "move", "player": "red", "to": "kai", "armies": True}, "command.bad_field", "armies"),
    ({"type": "plan", "player": "red", "actions": ["taxes"]}, "command.bad_field", "actions"),
    ({"type": "move", "player": "red", "to": "kai", "armies": 1, "as_host": True},
     "command.bad_field", "as_host"),
])
def test_a_tampered_command_is_refused_naming_the_field(data, key, field):
    with pytest.raises(RuleError) as refused:
        parse(data)
    assert (refused.value.key, refused.value.params["field"]) == (key, field)


def test_an_unknown_command_is_refused():
    with pytest.raises(RuleError) as refused:
        parse({"type": "win_the_game"})
    assert refused.value.key == "command.unknown"
