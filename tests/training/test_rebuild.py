"""Rebuilding a model's path-traced data on a new machine (training/rebuild.py): the photos
live on no machine for long, so a manifest must be enough to render them again and to tell
whether what was rendered is what the model read."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from training import data, rebuild

MODELS = Path(__file__).resolve().parents[2] / "training" / "models"


def _options(command: list[str]) -> dict[str, str | bool]:
    """A ``devtools.trays`` command's options (after ``python -m devtools.trays sessions``): a
    flag without a value is True."""
    options: dict[str, str | bool] = {}
    words = command[4:]
    for k, word in enumerate(words):
        if word.startswith("--"):
            value = words[k + 1] if k + 1 < len(words) else None
            options[word] = True if value is None or value.startswith("--") else value
    return options


def _set_ups(command: list[str]) -> tuple[str, list[int]]:
    arg = _options(command)
    first, step, count = int(arg["--start"]), int(arg["--step"]), int(arg["--count"])
    return arg["--out"], list(range(first, first + step * count, step))


@pytest.mark.parametrize("manifest", sorted(MODELS.glob("*.json")), ids=lambda p: p.stem)
@pytest.mark.parametrize("workers", [1, 2, 3])
def test_every_set_up_a_model_read_is_rendered_by_exactly_one_worker(manifest, workers):
    described = json.loads(manifest.read_text(encoding="utf-8"))
    for part in rebuild.parts(described).values():
        for description in part["folders"]:
            commands = rebuild.render_commands(description, None, workers)
            rendered = [i for c in commands for i in _set_ups(c)[1]]
            assert sorted(rendered) == list(data.setup_range(description["entry"]))
            assert {_set_ups(c)[0] for c in commands} == {description["entry"]["folder"]}


@pytest.mark.parametrize("workers", [1, 2, 3])
def test_every_second_set_up_of_a_folder_is_rebuilt_as_one_renderer_of_two_wrote_it(workers):
    description = {"renderer": "mitsuba3-volpath", "seed": 8, "throws": 10, "spp": 4,
                   "entry": {"folder": "/work/data/trays-train8", "setups": [86, 200, 2]}}
    commands = rebuild.render_commands(description, None, workers)
    assert sorted(i for c in commands for i in _set_ups(c)[1]) == list(range(86, 200, 2))


def test_the_renderers_settings_come_from_the_folders_description(tmp_path):
    description = {"renderer": "mitsuba3-volpath", "seed": 4, "throws": 10, "spp": 4,
                   "frames": ["640x480", "640x480", "1280x720"], "surfaces": ["board", "board", "wood"],
                   "entry": {"folder": "/elsewhere/trays-train4", "setups": [0, 3]}}
    command = rebuild.render_commands(description, tmp_path, 1)[0]
    assert _options(command) == {"--out": str(tmp_path / "trays-train4"), "--seed": "4", "--throws": "10", "--spp": "4",
                                 "--frames": "640x480,640x480,1280x720", "--surfaces": "board,board,wood",
                                 "--lamps-in-view": True, "--loose-in-tray": True, "--start": "0", "--step": "1", "--count": "3"}


def test_a_folder_of_empty_photos_is_rebuilt_as_empty_photos():
    description = {"renderer": "mitsuba3-volpath", "seed": 3, "throws": 0, "spp": 4, "format": "tray-outline/1",
                   "entry": {"folder": "/work/data/empties3", "setups": [0, 2]}}
    command = rebuild.render_commands(description, None, 1)[0]
    assert command[3] == "empties" and "--throws" not in command


def test_a_folder_of_another_renderer_is_not_rebuilt_from_a_manifest():
    with pytest.raises(SystemExit, match="devtools/tray_photos.py"):
        rebuild.render_commands({"renderer": "devtools/tray_photos.py", "entry": {"setups": [0, 1]}}, None, 1)


def _manifest(folder: Path, setups: tuple[int, int]) -> dict:
    paths = data.selected({"folder": str(folder), "setups": list(setups)})[1]
    part = {"folders": [{"renderer": rebuild.RENDERER, "entry": {"folder": str(folder), "setups": list(setups)}}],
            "samples": len(paths), "samples_sha256": data.samples_hash(paths)}
    return {"data": part, "validation": part}


def _write_set_up(folder: Path, index: int, throws: int = 2) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for k in range(throws):
        (folder / f"p000002-{index:06d}_{k:03d}.json").write_text(json.dumps({"index": index, "throw": k}))


def test_folders_rendered_elsewhere_are_the_samples_the_model_read(tmp_path):
    for index in range(3):
        _write_set_up(tmp_path / "first" / "trays-val", index)
        _write_set_up(tmp_path / "again" / "trays-val", index)
    manifest = _manifest(tmp_path / "first" / "trays-val", (0, 3))
    assert rebuild.check(manifest, tmp_path / "again") == {"validation": True, "training": True}


def test_a_sample_drawn_otherwise_or_missing_is_not_what_the_model_read(tmp_path):
    for index in range(3):
        _write_set_up(tmp_path / "trays-val", index)
    manifest = _manifest(tmp_path / "trays-val", (0, 3))
    (tmp_path / "trays-val" / "p000002-000001_000.json").write_text(json.dumps({"index": 1, "throw": 9}))
    assert rebuild.check(manifest, None) == {"validation": False, "training": False}
    _write_set_up(tmp_path / "trays-val", 1)
    (tmp_path / "trays-val" / "p000002-000002_001.json").unlink()
    assert rebuild.check(manifest, None) == {"validation": False, "training": False}


def test_photos_rendered_with_another_mitsuba_variant_are_not_rebuilt_with_this_one():
    manifest = json.loads((MODELS / "lean32more.json").read_text(encoding="utf-8"))
    assert rebuild.variant_missing(manifest, "llvm_ad_rgb") is None
    assert "apt-get install libllvm19" in rebuild.variant_missing(manifest, "scalar_rgb")


def test_a_model_that_reads_some_of_anothers_folders_rebuilds_those_alone():
    """A model trained on seeds 3 and 4 reads lean32more's set-ups of those seeds, not its seed 5."""
    lean32more = json.loads((MODELS / "lean32more.json").read_text())
    folders = rebuild.wanted(lean32more, "training", {3, 4})
    assert [Path(d["entry"]["folder"]).name for d in folders] == ["trays-train3", "trays-train4"]
    assert len(rebuild.wanted(lean32more)) == len(lean32more["data"]["folders"]) + len(lean32more["validation"]["folders"])
