"""The network's shape of learning (training/model.py). Needs the train extra (torch), which
./test never installs, so it skips there."""
from __future__ import annotations

import json
import math

import pytest

torch = pytest.importorskip("torch", reason="torch is the train extra: pip install -e '.[train]'")

from training.model import IN_CHANNELS, OUT_CHANNELS, TrayNet, _light_ratio  # noqa: E402
from training.train import export_onnx  # noqa: E402

onnx = pytest.importorskip("onnx", reason="onnx is the train extra")


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


def _with_constant_references(shape: tuple[int, int]) -> torch.Tensor:
    x = torch.rand(1, IN_CHANNELS, *shape, generator=torch.Generator().manual_seed(1))
    x[:, 6:] = torch.rand(1, IN_CHANNELS - 6, 1, 1, generator=torch.Generator().manual_seed(2))
    return x


def _biased_from_planes(planes: TrayNet) -> TrayNet:
    """The same network with its first convolutions split: image planes, then the reference
    planes' kernels summed into 1 x 1 weights."""
    biased = TrayNet(8, normalise=True, colour_branch=True, references_as_bias=True)
    weights = planes.state_dict()
    for stem in ("stem", "colour_stem"):
        kernel = weights.pop(f"{stem}.0.0.weight")
        image = torch.cat([kernel[:, k * IN_CHANNELS : k * IN_CHANNELS + 6] for k in (0, 1)], 1)
        colours = torch.cat([kernel[:, k * IN_CHANNELS + 6 : (k + 1) * IN_CHANNELS] for k in (0, 1)], 1)
        weights[f"{stem}.0.image.weight"] = image
        weights[f"{stem}.0.references.weight"] = colours.sum(dim=(2, 3), keepdim=True)
        for key in [k for k in weights if k.startswith(f"{stem}.0.1.")]:
            weights[key.replace(f"{stem}.0.1.", f"{stem}.0.rest.0.")] = weights.pop(key)
    biased.load_state_dict(weights)
    return biased


def test_reference_colours_as_a_bias_compute_what_their_constant_planes_did_inside_the_borders():
    torch.manual_seed(0)
    planes = TrayNet(8, normalise=True, colour_branch=True).eval()
    biased = _biased_from_planes(planes).eval()
    x = _with_constant_references((64, 64))
    with torch.no_grad():
        want, got = planes(x), biased(x)
    inside = (slice(None), slice(None), slice(3, -3), slice(3, -3))  # away from the padded first row and column
    assert torch.allclose(want[inside], got[inside], atol=1e-4)
    assert not torch.allclose(want, got, atol=1e-4)  # the border is where they differ


def _shadowed_board() -> tuple[torch.Tensor, torch.Tensor]:
    """A printed board's texture as the empty tray, and the throw: the same board under a
    shadow that lets through 40% of the light."""
    empty = 0.2 + 0.7 * torch.rand(1, 3, 32, 32, generator=torch.Generator().manual_seed(3))
    return 0.4 * empty, empty


def test_a_shadow_on_the_printed_board_is_a_flat_step_in_the_light_ratio():
    throw, empty = _shadowed_board()
    x = torch.cat([throw, empty, torch.zeros(1, IN_CHANNELS - 6, 32, 32)], 1)
    ratio = _light_ratio(x)  # the board's print spans a factor of 4.5 (1.5 in logarithms)
    assert float(ratio.max() - ratio.min()) < 0.1
    assert float(ratio.mean()) < math.log(0.5)  # the shadow's dimming, a little less in the darkest print


def test_with_the_light_ratio_opencv_computes_what_torch_does(tmp_path):
    model = TrayNet(8, normalise=True, colour_branch=True, references_as_bias=True, light_ratio=True)
    assert export_onnx(model, tmp_path / "ratio.onnx", (32, 48)) < 1e-4


def test_with_depthwise_separable_layers_opencv_computes_what_torch_does(tmp_path):
    model = TrayNet(16, normalise=True, colour_branch=True, references_as_bias=True, separable=True)
    assert export_onnx(model, tmp_path / "separable.onnx", (32, 48), float16=True) < 1e-2


def test_depthwise_separable_layers_take_fewer_weights():
    def weights(separable: bool) -> int:
        return sum(p.numel() for p in TrayNet(32, True, True, True, separable=separable).parameters())
    assert weights(True) < 0.5 * weights(False)


def test_a_separable_decoder_leaves_the_encoder_as_it_was():
    """The encoder learns what a cube is; the decoder, three layers at 1/4 and 1/8, takes
    most of a frame's time at 16 pixels a cube."""
    torch.manual_seed(0)
    plain = TrayNet(32, True, True, True)
    torch.manual_seed(0)
    hybrid = TrayNet(32, True, True, True, separable=["decoder"])
    encoder = ("stem", "down8", "down16", "colour_stem")
    for name in encoder:
        assert [p.shape for p in getattr(plain, name).parameters()] == [p.shape for p in getattr(hybrid, name).parameters()]
    decoder_weights = [sum(p.numel() for p in getattr(m, name).parameters()) for m in (plain, hybrid) for name in ("up8", "up4", "head")]
    assert sum(decoder_weights[3:]) < 0.2 * sum(decoder_weights[:3])


def test_a_part_the_network_does_not_have_is_refused():
    with pytest.raises(ValueError, match="encoder"):
        TrayNet(16, separable=["encoder"])


def test_with_some_parts_separable_opencv_computes_what_torch_does(tmp_path):
    model = TrayNet(16, normalise=True, colour_branch=True, references_as_bias=True, separable=["decoder", "colour", "residual8"])
    assert export_onnx(model, tmp_path / "hybrid.onnx", (32, 48), float16=True) < 1e-2


def test_weights_stored_in_half_precision_halve_the_file_and_opencv_still_computes_in_float(tmp_path):
    """The committed model may take 5 MB: a width-32 counter's float weights take 5.2."""
    torch.manual_seed(0)
    model = TrayNet(16, normalise=True, colour_branch=True, references_as_bias=True)
    whole = tmp_path / "float.onnx"
    half = tmp_path / "half.onnx"
    assert export_onnx(model, whole, (32, 48)) < 1e-4
    assert export_onnx(model, half, (32, 48), float16=True) < 1e-2
    assert half.stat().st_size < 0.55 * whole.stat().st_size
    kinds = {t.data_type for t in onnx.load(str(half)).graph.initializer if t.dims}
    assert onnx.TensorProto.FLOAT16 in kinds and onnx.TensorProto.FLOAT not in kinds


def _named_network() -> TrayNet:
    return TrayNet(8, normalise=True, colour_branch=True, references_as_bias=True, colour_names=True)


def test_with_the_colours_names_opencv_computes_what_torch_does(tmp_path):
    model = _named_network()
    assert model.in_channels == IN_CHANNELS + 18
    assert export_onnx(model, tmp_path / "named.onnx", (32, 48), float16=True) < 1e-2


def test_the_colour_named_depends_on_the_colours_names_and_where_cubes_lie_does_not():
    """Two tables whose reference tops read alike, one of whose cubes is another paint: the
    names reach the colour, not the heatmap."""
    torch.manual_seed(0)
    model = _named_network().eval()
    x = torch.rand(1, IN_CHANNELS + 18, 32, 48)
    other = x.clone()
    other[:, IN_CHANNELS : IN_CHANNELS + 3] = 1 - other[:, IN_CHANNELS : IN_CHANNELS + 3, :1, :1]
    with torch.no_grad():
        a, b = model(x), model(other)
    assert torch.equal(a[:, :1], b[:, :1])
    assert not torch.allclose(a[:, 1:], b[:, 1:])


def test_the_names_are_read_by_the_colour_branch_so_a_network_without_one_refuses_them():
    with pytest.raises(ValueError, match="colour_branch"):
        TrayNet(8, colour_names=True)


def test_the_product_calibrates_and_counts_with_a_network_reading_the_names(tmp_path):
    """The manifest says the model reads names; calibration and the count then give them."""
    from dataclasses import replace

    from devtools import tray_photos
    from vision import learned_calibration, learned_counter

    session = tray_photos.make_session(4, tray_photos.CUBE_COLOURS)
    empty, reference = tray_photos.calibration_pair(session)
    models = tmp_path / "models"
    models.mkdir()
    model = models / "named.onnx"
    export_onnx(_named_network(), model, (32, 48))
    model.with_suffix(".json").write_text(json.dumps({"input": {"cube_px": 12, "colour_names": True}}), encoding="utf-8")
    product = learned_counter.calibrate(empty, reference, session.colours)
    try:
        learned_calibration.calibrate(model, empty, reference, session.colours, product.roi)
    except learned_calibration.Refused:
        pass  # an untrained network finds no cubes; it must still run
    counter = learned_counter.LearnedCounter(replace(product, model=model.name), models=models)
    assert set(counter.count(reference).counts) == set(product.colours)
