"""A training run stopped after any epoch goes on where it was (training/checkpoint.py): the
counter's run takes longer than a sitting, and must end as a run never stopped. Needs the
train extra (torch), which ./test never installs, so it skips there."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

torch = pytest.importorskip("torch", reason="torch is the train extra: pip install -e '.[train]'")

from training import data, train  # noqa: E402

CONFIG = json.loads((Path(__file__).resolve().parents[2] / "training" / "configs" / "lean32.json").read_text())


@pytest.fixture(scope="module")
def config(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The lean32 design, narrow, three short epochs on two generator tables."""
    folder = tmp_path_factory.mktemp("samples")
    list(data.write_generator_samples(folder, [11, 12], 3))
    config_folder = tmp_path_factory.mktemp("config")
    cfg = {**CONFIG, "name": "tiny", "data": [str(folder)], "validation": [str(folder)], "validate_every": 1,
           "width": 8, "batch": 2, "epochs": 3, "patch": [64, 64]}
    path = config_folder / "tiny.json"
    path.write_text(json.dumps(cfg), encoding="utf-8")
    return path


def _weights(out: Path) -> dict:
    return torch.load(out / "tiny.pt")


def test_a_run_stopped_after_each_epoch_ends_with_the_weights_of_a_run_never_stopped(config: Path, tmp_path: Path):
    whole = train.train(config, tmp_path / "whole")
    for _ in range(2):
        assert train.train(config, tmp_path / "stopped", stop_after=1)["epochs_run"] < 3
    resumed = train.train(config, tmp_path / "stopped")
    assert resumed["loss_by_epoch"] == whole["loss_by_epoch"]
    assert resumed["validation"]["exact_by_epoch"] == whole["validation"]["exact_by_epoch"]
    a, b = _weights(tmp_path / "whole"), _weights(tmp_path / "stopped")
    assert all(torch.equal(a[k], b[k]) for k in a)


def test_a_finished_run_leaves_no_state_to_resume(config: Path, tmp_path: Path):
    train.train(config, tmp_path, stop_after=1)
    assert (tmp_path / "tiny.checkpoint.pt").exists()
    train.train(config, tmp_path)
    assert not (tmp_path / "tiny.checkpoint.pt").exists()


def test_a_stopped_run_of_another_configuration_is_refused(config: Path, tmp_path: Path):
    train.train(config, tmp_path, stop_after=1)
    other = tmp_path / "other.json"
    other.write_text(json.dumps({**json.loads(config.read_text()), "lr": 0.001}), encoding="utf-8")
    with pytest.raises(SystemExit, match="another configuration"):
        train.train(other, tmp_path)


@pytest.fixture(scope="module")
def averaged_config(config: Path) -> Path:
    path = config.with_name("tiny-averaged.json")
    path.write_text(json.dumps({**json.loads(config.read_text()), "average": 0.9}), encoding="utf-8")
    return path


def test_a_stopped_run_keeping_the_weights_average_ends_as_one_never_stopped(averaged_config: Path, tmp_path: Path):
    whole = train.train(averaged_config, tmp_path / "whole")
    train.train(averaged_config, tmp_path / "stopped", stop_after=1)
    resumed = train.train(averaged_config, tmp_path / "stopped")
    assert resumed["validation"]["exact_by_epoch"] == whole["validation"]["exact_by_epoch"]
    a, b = _weights(tmp_path / "whole"), _weights(tmp_path / "stopped")
    assert all(torch.equal(a[k], b[k]) for k in a)


def test_the_average_changes_what_is_kept_not_how_the_network_learns(config: Path, averaged_config: Path, tmp_path: Path):
    plain = train.train(config, tmp_path / "plain")
    averaged = train.train(averaged_config, tmp_path / "averaged")
    assert averaged["loss_by_epoch"] == plain["loss_by_epoch"]
    a, b = _weights(tmp_path / "plain"), _weights(tmp_path / "averaged")
    assert not all(torch.equal(a[k], b[k]) for k in a)


def test_the_channels_last_layout_learns_as_the_plain_one_and_is_reproducible(config: Path, tmp_path: Path):
    """A faster memory layout is a configuration's choice: it may move the float sums, not
    what the network learns, and a run with it still ends as it ended before."""
    last = tmp_path / "last.json"
    last.write_text(json.dumps({**json.loads(config.read_text()), "channels_last": True}), encoding="utf-8")
    plain = train.train(config, tmp_path / "plain")
    once, twice = train.train(last, tmp_path / "once"), train.train(last, tmp_path / "twice")
    assert once["loss_by_epoch"] == twice["loss_by_epoch"]
    assert once["loss_by_epoch"] == pytest.approx(plain["loss_by_epoch"], rel=0.02)
    a, b = _weights(tmp_path / "once"), _weights(tmp_path / "twice")
    assert all(torch.equal(a[k], b[k]) for k in a)


def test_the_step_bench_times_both_layouts_of_a_configuration(config: Path, capsys: pytest.CaptureFixture):
    import runpy

    bench = runpy.run_path(str(Path(__file__).resolve().parents[2] / "bench" / "train_step.py"))
    bench["main"]([str(config), "--steps", "1"])
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[1] for line in lines] == ["plain", "channels_last"]
