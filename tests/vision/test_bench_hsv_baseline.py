"""The tutorial HSV baseline runs beside the counters on any labelled photo: from a renderer's
labels (the tray's outline, one cube's edge) it builds what the generator's own camera gives it."""
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from devtools import tray_photos as synth  # noqa: E402
from training import data  # noqa: E402
from vision_counter import HsvBaseline  # noqa: E402


def test_a_labelled_photo_gives_the_baseline_the_tray_and_about_the_cube_its_renderer_drew(tmp_path):
    session = 70003
    sample = data.load(next(data.write_generator_samples(tmp_path, [session], 1)))
    true = HsvBaseline.for_session(synth.make_session(session))
    labelled = HsvBaseline.for_labels(sample.tray, sample.image.shape[1::-1], sample.cube_edge_px)
    assert np.mean(true.mask != labelled.mask) < 0.001
    assert 0.75 < labelled.cube_area / true.cube_area < 1.33
