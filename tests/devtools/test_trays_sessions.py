"""Path-traced sessions in the learned counter's sample format (devtools/trays/sessions.py):
the set-up, its reference cubes and the files, with no renderer installed.

Mitsuba is the render extra, which ./test never installs, so these tests give
``write_session`` a stand-in renderer (the scene's flat grey frame): what they check is the
scene split, the labels and the files, which do not depend on the pixels."""
from __future__ import annotations

import json

import numpy as np
import pytest

from devtools.trays import sessions
from devtools.trays.labels import visible_fractions
from devtools.trays.scene import (COLOURS, CUBE_EDGE, Box, Camera, Draw, Light, lamp_in_view, penetration, sample_scene, sample_setup,
                                  sample_throw)
from training import data


def grey_frame(scene, spp: int, seed: int) -> np.ndarray:
    """A stand-in for the path tracer: a frame of the camera's size, lit by the seed alone."""
    level = 0.1 + (seed % 100) / 1000
    return np.full((scene.camera.height, scene.camera.width, 3), level, np.float32)


def test_a_scene_is_a_set_up_holding_one_throw():
    whole = sample_scene(np.random.default_rng(11))
    rng = np.random.default_rng(11)
    split = sample_throw(rng, sample_setup(rng))
    assert whole.tray == split.tray and whole.surface == split.surface
    assert np.array_equal(whole.camera.R, split.camera.R)
    assert [c.colour for c in whole.cubes] == [c.colour for c in split.cubes]


def test_throws_of_one_set_up_share_its_table_and_differ_in_their_cubes():
    setup, _ = sessions.draw_setup(np.random.default_rng([4, 0]))
    first, second = (sessions.draw_throw(4, 0, k, setup) for k in (0, 1))
    assert first.tray is setup.tray and second.camera is setup.camera and first.lights is second.lights
    assert [c.centre.tolist() for c in first.cubes] != [c.centre.tolist() for c in second.cubes]


@pytest.mark.parametrize("index", range(5))
def test_the_reference_holds_one_flat_cube_of_each_colour_apart_and_wholly_seen(index):
    setup, reference = sessions.draw_setup(np.random.default_rng([9, index]))
    assert sorted(c.colour for c in reference.cubes) == sorted(COLOURS)
    assert all(c.top_face()[1][2] == pytest.approx(1.0) for c in reference.cubes)
    centres = np.array([c.centre[:2] for c in reference.cubes])
    gaps = np.linalg.norm(centres[:, None] - centres[None], axis=-1) + np.eye(len(centres)) * 1e9
    assert gaps.min() >= 2.2 * CUBE_EDGE
    assert min(visible_fractions(reference)) >= 0.95


def test_a_throw_is_redrawn_while_a_cube_shows_about_half_its_top():
    setup, _ = sessions.draw_setup(np.random.default_rng([5, 1]))
    for k in range(6):
        scene = sessions.draw_throw(5, 1, k, setup)
        assert not any(c.in_tray and 0.4 < f < 0.6 for c, f in zip(scene.cubes, visible_fractions(scene)))


def test_a_session_writes_samples_the_training_loader_reads(tmp_path):
    written = sessions.write_session(tmp_path, 3, 7, 2, 1, grey_frame, "stand-in")
    assert [p.name for p in written] == ["p000003-000007_000.json", "p000003-000007_001.json"]
    assert (tmp_path / "p000003-000007_empty.jpg").exists() and (tmp_path / "p000003-000007_reference.jpg").exists()
    for path in written:
        doc = json.loads(path.read_text())
        sample = data.load(path)
        assert doc["format"] == "tray-sample/1" and doc["empty"] == "p000003-000007_empty.jpg"
        assert sample.counts == doc["counts"]
        assert sum(doc["counts"].values()) == sum(c["counted"] for c in doc["cubes"])
        assert len(sample.tray) == 8 and sample.cube_edge_px > 5
        assert doc["source"] | {"settings": None} == {
            "renderer": "mitsuba3-volpath", "variant": "stand-in", "spp": 1, "seed": 3, "setup": 7,
            "throw": int(path.stem[-3:]), "settings": None,
        }


def test_a_set_up_depends_on_its_seed_and_index_alone(tmp_path):
    sessions.write_session(tmp_path / "a", 3, 7, 2, 1, grey_frame, "stand-in")
    sessions.write_session(tmp_path / "b", 3, 7, 3, 1, grey_frame, "stand-in")
    sessions.write_session(tmp_path / "c", 3, 8, 2, 1, grey_frame, "stand-in")
    for name in ("p000003-000007_empty.jpg", "p000003-000007_reference.jpg", "p000003-000007_001.jpg", "p000003-000007_001.json"):
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()
    a, c = (json.loads((tmp_path / d / f"p000003-00000{i}_000.json").read_text()) for d, i in (("a", 7), ("c", 8)))
    assert a["cubes"] != c["cubes"]


def test_a_set_up_frames_its_camera_in_one_of_the_sizes_asked_for():
    sizes = {sessions.draw_setup(np.random.default_rng([6, i]), Draw(frames=((640, 480),)))[0].camera.width for i in range(4)}
    assert sizes == {640}


def test_a_run_with_its_own_frame_sizes_names_them_in_its_description():
    assert "frames" not in sessions.dataset_description(1, 10, 8, "v")
    assert sessions.dataset_description(3, 10, 4, "v", Draw(frames=((640, 480), (640, 480), (1280, 720))))["frames"] == [
        "640x480", "640x480", "1280x720",
    ]


def test_frame_sizes_are_read_with_their_weights_and_nonsense_is_refused():
    import argparse

    from devtools.trays.__main__ import frame_sizes

    assert frame_sizes("640x480:2,1280x720") == ((640, 480), (640, 480), (1280, 720))
    for bad in ("640", "640x480:x", "8x8"):
        with pytest.raises(argparse.ArgumentTypeError):
            frame_sizes(bad)


def test_a_set_up_lies_on_one_of_the_tables_asked_for():
    kinds = {sessions.draw_setup(np.random.default_rng([6, i]), Draw(surfaces=("board",)))[0].surface.kind for i in range(4)}
    assert kinds == {"board"}


def test_set_ups_rendered_before_tables_could_be_chosen_are_drawn_as_they_were():
    """A run's set-ups depend on (seed, index) alone, and folders already rendered keep their
    labels: seed 6's first three set-ups as the sampler drew them before ``surfaces``."""
    drawn = [sessions.draw_setup(np.random.default_rng([6, i]))[0] for i in range(3)]
    assert [s.seed for s in drawn] == [955728255, 159251959, 1135876684]
    assert [s.surface.kind for s in drawn] == ["cloth"] * 3
    assert np.allclose(drawn[0].surface.colour, (0.1475, 0.0265, 0.0456), atol=1e-4)


def test_a_run_with_its_own_tables_names_them_and_an_unknown_table_is_refused():
    import argparse

    from devtools.trays.__main__ import surface_kinds

    assert "surfaces" not in sessions.dataset_description(1, 10, 8, "v")
    assert sessions.dataset_description(4, 10, 4, "v", Draw(surfaces=("board", "grey table")))["surfaces"] == ["board", "grey table"]
    assert surface_kinds("board, board,grey table") == ("board", "board", "grey table")
    for bad in ("", "carpet", "board,glass"):
        with pytest.raises(argparse.ArgumentTypeError):
            surface_kinds(bad)


def test_an_empty_photo_alone_is_the_sessions_empty_photo_with_its_trays_outline(tmp_path):
    """The tray finder learns from set-ups photographed empty only, a twelfth of the rendering:
    the same draws as the whole session, so the same photo and the same tray."""
    written = sessions.write_session(tmp_path / "whole", 3, 5, 1, 1, grey_frame, "test")
    outline = sessions.write_empty(tmp_path / "empty", 3, 5, 1, grey_frame, "test")
    sample = json.loads(written[0].read_text())
    alone = json.loads(outline.read_text())
    assert alone["format"] == sessions.OUTLINE_FORMAT and alone["tray"] == sample["tray"]
    assert (tmp_path / "empty" / alone["image"]).read_bytes() == (tmp_path / "whole" / sample["empty"]).read_bytes()
    assert [p.name for p in data.selected({"folder": str(tmp_path / "empty"), "setups": [5, 6]})[1]] == [outline.name]


def _camera_looking_down(height: float = 500.0) -> Camera:
    down = np.array([[1.0, 0, 0], [0, -1.0, 0], [0, 0, -1.0]])  # right, down, forward = x, -y, -z
    return Camera(np.array([0.0, 0.0, height]), down, 800.0, 640, 480, 0.0, 0.0)


def test_a_lamp_between_the_camera_and_the_tray_is_in_the_picture():
    camera = _camera_looking_down()
    assert lamp_in_view(Light(np.array([0.0, 0.0, 300.0]), 20.0, 4000.0, 1.0), camera)
    assert lamp_in_view(Light(np.array([0.0, 0.0, 300.0]), 2000.0, 4000.0, 1.0), camera)  # wider than the frame


def test_a_lamp_above_the_camera_or_off_to_the_side_is_not():
    camera = _camera_looking_down()
    assert not lamp_in_view(Light(np.array([0.0, 0.0, 900.0]), 200.0, 4000.0, 1.0), camera)
    assert not lamp_in_view(Light(np.array([900.0, 0.0, 300.0]), 30.0, 4000.0, 1.0), camera)


def test_no_lamp_hangs_in_the_picture_where_a_lamp_would_hide_cubes_the_labels_count():
    for i in range(60):
        setup, _ = sessions.draw_setup(np.random.default_rng([7, i]))
        assert not any(lamp_in_view(light, setup.camera) for light in setup.lights)


def test_set_ups_whose_lamps_were_out_of_the_picture_are_drawn_as_they_were_before_lamps_were_kept_out():
    """Folders rendered before keep their labels: only a set-up that had a lamp in view changes,
    and ``Draw(lamps_in_view=True)`` draws that one as it was."""
    moved = 0
    for i in range(60):
        before, _ = sessions.draw_setup(np.random.default_rng([7, i]), Draw(lamps_in_view=True))
        now, _ = sessions.draw_setup(np.random.default_rng([7, i]))
        same = before.seed == now.seed and all(np.array_equal(a.position, b.position) for a, b in zip(before.lights, now.lights))
        assert same != any(lamp_in_view(light, before.camera) for light in before.lights)
        moved += not same
    assert moved > 0


def test_a_run_says_its_lamps_hang_out_of_the_picture_and_an_older_run_is_drawn_again_with_lamps_anywhere():
    from training import rebuild

    assert sessions.dataset_description(1, 10, 8, "v")["lamps"] == "out of view"
    assert "lamps" not in sessions.dataset_description(1, 10, 8, "v", Draw(lamps_in_view=True))
    now = {"renderer": sessions.RENDERER, "seed": 1, "throws": 2, "spp": 4, "lamps": "out of view",
           "entry": {"folder": "/elsewhere/trays-train7", "setups": [0, 1]}}
    older = {k: v for k, v in now.items() if k != "lamps"}
    assert "--lamps-in-view" not in rebuild.render_commands(now, None, 1)[0]
    assert "--lamps-in-view" in rebuild.render_commands(older, None, 1)[0]


def _loose_cubes_on_the_tray(scene) -> int:
    """Cubes drawn loose beside the tray whose body reaches into the tray's footprint (rim bead included)."""
    t = scene.tray
    footprint = Box(np.array([0.0, 0.0, t.wall_height / 2]), np.eye(3), np.array([t.width / 2 + t.rim, t.depth / 2 + t.rim, t.wall_height]))
    return sum(1 for c in scene.cubes if not c.in_tray and penetration(c.box(), footprint) > 0)


def _throws(draw: Draw, setups: int = 12, throws: int = 10):
    for i in range(setups):
        setup, _ = sessions.draw_setup(np.random.default_rng([9, i]), draw)
        for k in range(throws):
            yield sessions.draw_throw(9, i, k, setup)


def test_a_cube_loose_beside_the_tray_lies_clear_of_it_so_a_person_would_not_count_it_either():
    """The rule counts cubes lying in the tray; the labels call a loose cube outside, so it must be."""
    scenes = list(_throws(Draw()))
    assert len([c for scene in scenes for c in scene.cubes if not c.in_tray]) > 20
    assert sum(_loose_cubes_on_the_tray(scene) for scene in scenes) == 0


def test_runs_made_before_loose_cubes_were_kept_beside_the_tray_are_drawn_as_they_were():
    """The old draw put loose cubes on an ellipse that cuts into the tray's corners; old folders
    must still rebuild byte for byte, so ``Draw(loose_in_tray=True)`` draws it, and a throw with no
    loose cube is the same either way."""
    before, now = list(_throws(Draw(loose_in_tray=True))), list(_throws(Draw()))
    assert sum(_loose_cubes_on_the_tray(scene) for scene in before) > 0
    for old, new in zip(before, now):
        if all(c.in_tray for c in old.cubes):
            assert [c.centre.tolist() for c in old.cubes] == [c.centre.tolist() for c in new.cubes]


def test_a_run_says_its_loose_cubes_lie_outside_the_tray_and_an_older_run_is_drawn_again_the_old_way():
    from training import rebuild

    assert sessions.dataset_description(1, 10, 8, "v")["loose cubes"] == "outside the tray"
    assert "loose cubes" not in sessions.dataset_description(1, 10, 8, "v", Draw(loose_in_tray=True))
    now = {"renderer": sessions.RENDERER, "seed": 1, "throws": 2, "spp": 4, "lamps": "out of view", "loose cubes": "outside the tray",
           "entry": {"folder": "/elsewhere/trays-train8", "setups": [0, 1]}}
    older = {k: v for k, v in now.items() if k != "loose cubes"}
    assert "--loose-in-tray" not in rebuild.render_commands(now, None, 1)[0]
    assert "--loose-in-tray" in rebuild.render_commands(older, None, 1)[0]
