"""Choices a training run makes on its validation photos (training/train.py). Needs the train
extra (torch), which ./test never installs, so it skips there."""
from __future__ import annotations

import numpy as np
import pytest

torch = pytest.importorskip("torch", reason="torch is the train extra: pip install -e '.[train]'")

from training import train  # noqa: E402
from vision.learned_input import MAX_COLOURS, named_colours  # noqa: E402

COLOURS = ["red", "blue"]
REFERENCE = np.array([[0.1, 0.1, 0.7], [0.6, 0.2, 0.1]], np.float32)
TRAY = np.array([[-1000, -1000], [1000, -1000], [1000, 1000], [-1000, 1000]], np.float32)  # round every peak


class _Fixed(torch.nn.Module):
    """A network that answers every photo alike: two red cubes whose peaks reach only ``height``."""

    def __init__(self, height: float):
        super().__init__()
        self.height = height

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        out = torch.full((1, 4, 8, 8), -8.0)
        for r, c in ((2, 2), (5, 6)):
            out[0, 0, r, c] = float(np.log(self.height / (1 - self.height)))
            out[0, 1:, r, c] = torch.from_numpy(REFERENCE[0])
        return out


def _held(red: int) -> train._Held:
    return train._Held(torch.zeros(1, 24, 32, 32), COLOURS, REFERENCE, (1.0, 0.0, 0.0), {"red": red, "blue": 0}, TRAY)


def test_validation_counts_with_the_peak_height_that_gets_most_photos_exact():
    check = train.validate(_Fixed(0.33), [_held(2), _held(2)])
    assert check.exact == 1.0 and check.cube_at <= 0.33 and check.cubes_off == 0


def test_among_equally_good_cube_thresholds_validation_keeps_the_one_nearest_one_half():
    assert train.validate(_Fixed(0.9), [_held(2)]).cube_at == 0.5


def test_when_no_photo_is_exact_fewer_cubes_off_decides():
    check = train.validate(_Fixed(0.33), [_held(3)])
    assert check.exact == 0.0 and check.cubes_off == 1 and check.cube_at <= 0.33


def test_the_jpeg_augmentation_keeps_the_picture_and_adds_its_blocks():
    rng = np.random.default_rng(0)
    img = np.clip(rng.normal(0.5, 0.2, (32, 48, 3)), 0, 1).astype(np.float32)
    out = train.through_jpeg(img, 40)
    assert out.shape == img.shape and out.dtype == np.float32
    assert 0.005 < np.abs(out - img).mean() < 0.2


def _one_cube_crop() -> train._Crop:
    """A dark tray with one bright cube whose top centre is at (30, 20) of a 64 x 48 crop."""
    frame = np.full((48, 64, 3), 40, np.uint8)
    frame[16:25, 26:35] = 230
    return train._Crop(frame, np.full((48, 64, 3), 40, np.uint8), REFERENCE, np.array([[30.5, 20.5]], np.float32), np.array([0]),
                       named_colours(["red", "blue"]))


def _config(**augment: object) -> dict:
    """A training configuration for the one-cube crop whose camera changes nothing but ``augment``."""
    still = {"scale": [1.0, 1.0], "white_balance": 0.0, "gamma": 0.0, "exposure": 0.0, "blur_p": 0.0, "noise": 0.0}
    return {"patch": [48, 64], "zoom": 1.0, "sigma": 1.0, "augment": {**still, **augment}}


def test_the_camera_on_the_trays_other_side_carries_each_cubes_target_with_its_picture():
    cfg = _config(upside_down=True)
    rng = np.random.default_rng(1)
    rows = set()
    for _ in range(16):
        x, target = train._augment(_one_cube_crop(), cfg, rng)
        r, c = (int(v[0]) for v in np.nonzero(target[0] == 1))
        rows.add(r)
        assert x[0, r * train.STRIDE + 2, c * train.STRIDE + 2] > 0.8  # the target's cell lies on the cube
    assert len(rows) == 2  # upright and upside down both drawn


def test_saturation_changes_the_throw_and_the_reference_colours_alike():
    cfg = _config(saturation=0.7)
    crop = _one_cube_crop()
    crop.frame[16:25, 26:35] = (40, 60, 200)
    crop.colours = np.array([[40 / 255, 60 / 255, 200 / 255], [0.6, 0.2, 0.1]], np.float32)
    spreads = set()
    for seed in range(6):
        x, target = train._augment(crop, cfg, np.random.default_rng(seed))
        r, c = (int(v[0]) for v in np.nonzero(target[0] == 1))
        pixel = x[:3, r * train.STRIDE + 2, c * train.STRIDE + 2]
        np.testing.assert_allclose(pixel, target[1:, r, c], atol=0.01)  # the cube is still its reference colour
        spreads.add(round(float(np.ptp(pixel)), 2))
    assert len(spreads) > 3


def _target_with_references(colour: np.ndarray) -> torch.Tensor:
    """One cube at cell (2, 3) of colour ``colour``, with the two reference colours behind."""
    target = train.heatmap_target(np.array([[3.5 * train.STRIDE, 2.5 * train.STRIDE]]), colour[None], (6, 8), 1.0)
    planes = np.repeat(REFERENCE.reshape(-1, 1, 1), 6 * 8, axis=1).reshape(-1, 6, 8)
    return torch.from_numpy(np.concatenate([target, planes]).astype(np.float32))[None]


def test_the_colour_read_as_a_choice_costs_more_nearer_the_other_reference_colour():
    target = _target_with_references(REFERENCE[0])
    costs = []
    for towards_other in (0.0, 0.45, 0.55):
        output = torch.full((1, 4, 6, 8), -8.0)
        output[0, 0, 2, 3] = 8.0
        output[0, 1:, 2, 3] = torch.from_numpy((1 - towards_other) * REFERENCE[0] + towards_other * REFERENCE[1])
        no_choice = train.loss_of(output, target, 0.0)
        costs.append(float(train.loss_of(output, target, 0.0, 1.0) - no_choice))
    assert costs[0] < costs[1] < costs[2]
    assert costs[2] > np.log(2)  # past the half-way point the other colour is the likelier answer


def test_each_colours_name_is_shuffled_with_its_reference_colour():
    """The slots are shuffled so that no slot's place means a colour; a name left in place
    would call the cube after another slot's colour."""
    cfg = {**_config(white_balance=0.3, gamma=0.3), "colour_names": True}
    red, blue = named_colours(["red", "blue"])
    for seed in range(6):
        x, _ = train._augment(_one_cube_crop(), cfg, np.random.default_rng(seed))
        assert x.shape[0] == 6 + 2 * 3 * MAX_COLOURS
        colour_slots = x[6:24, 0, 0].reshape(-1, 3)
        name_slots = x[24:42, 5, 7].reshape(-1, 3)
        for colour, name in zip(colour_slots, name_slots):
            nearer_first = np.abs(colour - REFERENCE[0]).sum() < np.abs(colour - REFERENCE[1]).sum()
            np.testing.assert_allclose(name, red if nearer_first else blue)  # no camera changes a name


def test_without_names_asked_the_input_holds_the_reference_colours_alone():
    x, _ = train._augment(_one_cube_crop(), _config(), np.random.default_rng(0))
    assert x.shape[0] == 6 + 3 * MAX_COLOURS
