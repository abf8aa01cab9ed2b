"""The learned counter's committed smoke model and its run-time side, with OpenCV and NumPy
only: the training extra (torch) is never installed by ./test."""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

import numpy as np
import pytest

from training import data, infer

MODELS = Path(__file__).resolve().parents[2] / "training" / "models"
SMOKE = MODELS / "smoke.onnx"


def test_every_committed_model_matches_the_hash_in_its_manifest():
    manifests = sorted(MODELS.glob("*.json"))
    assert manifests, "no model manifest committed"
    for path in manifests:
        manifest = json.loads(path.read_text(encoding="utf-8"))
        model = MODELS / manifest["onnx"]["file"]
        assert hashlib.sha256(model.read_bytes()).hexdigest() == manifest["onnx"]["sha256"], model.name
        assert model.stat().st_size < 5_000_000
        assert (MODELS.parent / "configs" / f"{manifest['name']}.json").exists()


def test_the_manifest_records_the_config_seed_and_versions_that_made_the_model():
    manifest = json.loads((MODELS / "smoke.json").read_text(encoding="utf-8"))
    config = json.loads((MODELS.parent / "configs" / "smoke.json").read_text(encoding="utf-8"))
    assert manifest["config"] == config
    assert manifest["seed"] == config["seed"]
    assert manifest["versions"]["torch"].startswith("2.13.0")
    assert manifest["data"]["samples_sha256"]


def test_the_smoke_model_counts_a_generated_photo_with_opencv_alone(tmp_path):
    path = next(data.write_generator_samples(tmp_path, [7], 1))
    sample = data.load(path)
    counter = infer.counter_for(SMOKE, sample)
    reading = counter.count(sample.image)
    assert set(reading.counts) == set(sample.colours)
    assert all(isinstance(n, int) and n >= 0 for n in reading.counts.values())
    assert sum(reading.counts.values()) == len(reading.cubes)
    assert 0.0 <= reading.confidence <= 1.0
    x, y, w, h = counter.roi
    assert all(x <= c.x <= x + w + 16 / counter.scale and y <= c.y <= y + h + 16 / counter.scale for c in reading.cubes)


def _blob(plane: np.ndarray, row: int, col: int, height: float) -> None:
    yy, xx = np.mgrid[0 : plane.shape[0], 0 : plane.shape[1]]
    np.maximum(plane, height * np.exp(-((yy - row) ** 2 + (xx - col) ** 2) / 2.0), out=plane)


def test_peak_decoding_finds_each_cube_centre_and_its_colour():
    heatmap = np.zeros((6, 30, 40), np.float32)
    _blob(heatmap[0], 5, 5, 0.95)
    _blob(heatmap[0], 5, 9, 0.9)  # a touching neighbour: four cells apart, one cube at 16 px
    _blob(heatmap[3], 20, 30, 0.95)
    _blob(heatmap[5], 12, 12, 0.3)  # a faint peak: not a cube, but a doubt
    reading = infer.decode(heatmap, ["red", "blue", "yellow", "purple", "black", "green"], (0.5, 100.0, 50.0))
    assert reading.counts == {"red": 2, "blue": 0, "yellow": 0, "purple": 1, "black": 0, "green": 0}
    purple = next(c for c in reading.cubes if c.colour == "purple")
    assert (purple.x, purple.y) == pytest.approx((100 + 30.5 * 4 / 0.5, 50 + 20.5 * 4 / 0.5))
    assert [c.colour for c in reading.doubtful] == ["green"]
    assert reading.confidence == pytest.approx(0.4)


def test_a_game_with_fewer_colours_reads_only_its_own_slots():
    heatmap = np.zeros((6, 10, 10), np.float32)
    _blob(heatmap[1], 4, 4, 0.9)
    _blob(heatmap[4], 6, 6, 0.9)  # a slot the game does not use
    reading = infer.decode(heatmap, ["red", "blue", "green"], (1.0, 0.0, 0.0))
    assert reading.counts == {"red": 0, "blue": 1, "green": 0}
    assert reading.confidence == pytest.approx(0.8)


def test_the_run_time_side_imports_no_torch():
    for module in ("training/infer.py", "training/data.py"):
        source = (MODELS.parent.parent / module).read_text(encoding="utf-8")
        assert "import torch" not in source, module
