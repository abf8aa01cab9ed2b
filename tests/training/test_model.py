"""The network's shape of learning (training/model.py). Needs the train extra (torch), which
./test never installs, so it skips there."""
from __future__ import annotations

import pytest

torch = pytest.importorskip("torch", reason="torch is the train extra: pip install -e '.[train]'")

from training.model import IN_CHANNELS, OUT_CHANNELS, TrayNet  # noqa: E402


def _colour_error_gradients() -> dict[str, float]:
    torch.manual_seed(0)
    model = TrayNet(8, normalise=True, colour_branch=True)
    out = model(torch.rand(2, IN_CHANNELS, 32, 32))
    out[:, 1:].abs().sum().backward()
    return {name: (0.0 if p.grad is None else float(p.grad.abs().sum())) for name, p in model.named_parameters()}


def test_the_colour_branch_answers_beside_the_heatmap_in_the_same_output():
    out = TrayNet(8, normalise=True, colour_branch=True)(torch.rand(1, IN_CHANNELS, 32, 32))
    assert out.shape == (1, OUT_CHANNELS, 8, 8)


def test_the_colour_error_never_reaches_the_heatmap_trunk():
    grads = _colour_error_gradients()
    assert all(g == 0.0 for name, g in grads.items() if not name.startswith("colour_"))


def test_the_colour_error_trains_the_colour_branch():
    grads = _colour_error_gradients()
    assert any(g > 0.0 for name, g in grads.items() if name.startswith("colour_"))
