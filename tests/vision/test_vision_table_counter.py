"""The table's camera counts with the rule-based counter and has the learned one check each
settled tray (``vision.table_counter``): two counters that share nothing agreeing is what
makes a count sure; where they differ, the players are told which colours to check."""
import json
from dataclasses import replace

import numpy as np
import pytest

from companion.kits.tower.source import Doubt, Throw
from devtools import tray_photos as synth
from generated_tables import calibrated, photos, throw_coming_to_rest
from vision import learned_counter, table_counter
from vision.calibration import CalibrationError
from vision.counter import Count, Patch
from vision.learned_counter import LearnedCounter
from vision.source import CameraTraySource
from vision.table_counter import CheckedCounter, RulesAlone, agreed

COUNTS = {"red": 2, "blue": 1, "black": 0}


def test_two_counters_that_agree_make_the_count_sure_whatever_either_doubted():
    doubted = Count(dict(COUNTS), 0.4, [Doubt("doubt.not_whole")])
    checked = agreed(doubted, Count(dict(COUNTS), 0.7, [Doubt("doubt.cubes_doubtful", {"n": 1})]))
    assert checked.counts == COUNTS and checked.doubts == [] and checked.confidence == 0.7


def test_agreement_does_not_lift_a_doubt_about_the_scene_itself():
    """A hand in the tray can hide the same cubes from both counters."""
    hand = Count(dict(COUNTS), 0.3, [Doubt("doubt.unknown_thing"), Doubt("doubt.not_whole")])
    checked = agreed(hand, Count(dict(COUNTS), 0.8))
    assert checked.doubts == [Doubt("doubt.unknown_thing")] and checked.confidence == 0.3


def test_counters_that_differ_keep_the_rules_count_and_name_the_colours_to_check():
    other = Count({**COUNTS, "red": 3, "black": 1}, 0.9)
    checked = agreed(Count(dict(COUNTS), 0.95), other)
    assert checked.counts == COUNTS and checked.confidence == 0.9
    assert checked.doubts == [Doubt("doubt.counters_disagree", {"colours": ["red", "black"]})]


@pytest.fixture(scope="module")
def table():
    """Table 4 of the generator, both counters calibrated on its two photos as the table's camera does."""
    session, empty, reference = photos(4)
    return session, table_counter.calibrate(empty, reference, session.colours)


def test_where_both_counters_find_the_cubes_the_table_runs_both(table):
    _, counter = table
    assert isinstance(counter, CheckedCounter)
    assert counter.calibration.roi == counter.rules.calibration.roi


def test_the_networks_advice_on_whitened_tops_reaches_a_table_counting_with_both(table):
    _, counter = table
    both = counter.calibration
    white = both.learned.colours_bgr.copy()
    white[[1, 2]] = [0.95, 0.96, 0.94]
    whitened = replace(both, learned=replace(both.learned, colours_bgr=white))
    assert whitened.advice() == both.rules.advice() + ["calibration.reference_whitened"]
    assert "calibration.reference_whitened" not in both.advice()


def test_a_photo_both_count_alike_is_counted_and_sure(table):
    session, counter = table
    sample = synth.scene(session, 300, total=1)
    count = counter.count(sample.image)
    assert count.counts == counter.rules.count(sample.image).counts == sample.truth.counts
    assert not count.unsure


def test_a_photo_the_network_reads_otherwise_is_doubted_on_those_colours(table):
    """The learned counter given the red and blue cubes' colours the wrong way round names
    every red cube blue: the check must name both colours, not pass the rules' count as sure."""
    session, counter = table
    swapped = counter.calibration.learned
    bgr = swapped.colours_bgr.copy()
    red, blue = swapped.colours.index("red"), swapped.colours.index("blue")
    bgr[[red, blue]] = bgr[[blue, red]]
    crossed = CheckedCounter(counter.rules, LearnedCounter(replace(swapped, colours_bgr=bgr)))
    sample = next(s for k in range(300, 320) if (s := synth.scene(session, k, total=1)).truth.counts["red"]
                  != s.truth.counts["blue"])
    count = crossed.count(sample.image)
    assert count.counts == sample.truth.counts
    assert [d.params["colours"] for d in count.doubts if d.key == "doubt.counters_disagree"] == [["red", "blue"]]


def test_where_the_counters_differ_the_picture_marks_the_places_to_look():
    """The rules' red patch is marked; the network's red cube where the rules see none is
    added, marked, with no cube counted for it."""
    square = np.array([[0, 0], [10, 0], [10, 10], [0, 10]], np.float32)
    rules = Count({"red": 1, "blue": 1}, 0.9, patches=[Patch("red", 1, 1.0, square), Patch("blue", 1, 1.0, square + 50)])
    other = Count({"red": 2, "blue": 1}, 0.9, patches=[Patch("red", 1, 1.0, square + 2), Patch("red", 1, 1.0, square + 100),
                                                        Patch("blue", 1, 1.0, square + 50)])
    checked = agreed(rules, other)
    assert [(p.colour, p.cubes, p.doubtful) for p in checked.patches] == [("red", 1, True), ("blue", 1, False), ("red", 0, True)]
    assert np.array_equal(checked.patches[2].contour, square + 100) and checked.counts == rules.counts


def test_the_pair_survives_its_file_and_counts_as_before(table, tmp_path):
    session, counter = table
    counter.calibration.save(tmp_path / "c.json")
    assert json.loads((tmp_path / "c.json").read_text())["counter"] == "checked"
    again = table_counter.load(tmp_path / "c.json", session.colours)
    sample = synth.scene(session, 301, total=1)
    before, after = counter.count(sample.image), again.count(sample.image)
    assert isinstance(again, CheckedCounter)
    assert (after.counts, after.confidence, after.doubts) == (before.counts, before.confidence, before.doubts)


def test_a_cut_or_foreign_calibration_file_is_refused_as_unreadable(table, tmp_path):
    _, counter = table
    counter.calibration.save(tmp_path / "c.json")
    whole = (tmp_path / "c.json").read_text()
    for text in (whole[: len(whole) // 2], "[1, 2]", json.dumps({**json.loads(whole), "learned": {"counter": "learned"}})):
        (tmp_path / "c.json").write_text(text)
        with pytest.raises(CalibrationError) as refused:
            table_counter.load(tmp_path / "c.json")
        assert refused.value.key in ("calibration.unreadable", "calibration.other_version")


def test_where_only_one_counter_finds_the_cubes_it_counts_alone_never_sure_and_says_so(table):
    """«a count called sure is wrong in at most 1 photo in 200 on the unseen renderer»: a
    counter's own doubts do not hold that on photos unlike those it was tuned or trained on, so
    a count no second counter checked is never sure, and the table is told which one counts."""
    session, counter = table
    rules, learned = table_counter.combined(counter.rules, None), table_counter.combined(None, counter.learned)
    assert isinstance(rules, RulesAlone) and rules.rules is counter.rules and learned is counter.learned
    image = synth.scene(session, 301, total=1).image
    for alone in (rules, learned):
        assert "doubt.unchecked" in [d.key for d in alone.count(image).doubts]
    assert table_counter.advice(rules)[0] == "calibration.rules_alone"
    assert table_counter.advice(learned)[0] == "calibration.learned_counter"
    assert table_counter.advice(counter) == counter.calibration.advice()


def test_the_live_source_asks_the_network_once_a_settled_tray(table):
    """«cubes stopping to a settled reading under 0.5 s»: the network takes twice the rules'
    time, so it reads the tray once it lies still, not every frame."""
    session, counter = table
    asked = []
    learned_count = counter.learned.count
    counter.learned.count = lambda frame: asked.append(1) or learned_count(frame)
    try:
        source = CameraTraySource(counter, annotate_frames=False)
        source.begin_throw(Throw(thrown={c: 10 for c in synth.CUBE_COLOURS}, inside={}))
        sample, frames = throw_coming_to_rest(session, still=8)
        readings = [source.push_frame(image, timestamp=i / 30) for i, image in enumerate(frames)]
    finally:
        del counter.learned.count
    settled = [r for r in readings if r.stable]
    assert settled and settled[-1].counts == sample.truth.counts and not settled[-1].doubts
    assert len(asked) == 1


def test_a_rule_based_calibration_alone_still_makes_a_source(tmp_path):
    session, _, _, calibration = calibrated(4)
    calibration.save(tmp_path / "c.json")
    assert isinstance(CameraTraySource.from_file(tmp_path / "c.json", session.colours).counter, RulesAlone)
    learned_counter.calibrate(*photos(4)[1:], session.colours).save(tmp_path / "l.json")
    assert isinstance(CameraTraySource.from_file(tmp_path / "l.json", session.colours).counter, LearnedCounter)
