"""A training run's state after its latest epoch, so a run stopped anywhere (a closed session,
a killed process) goes on where it was instead of starting again.

A run of the counter takes about two hours of a core, longer than many sittings on a shared
two-core machine. The state holds everything the next epoch depends on (weights, the
optimiser's moments, the schedule's step, both random generators, the kept epoch), so a run
resumed any number of times ends with the weights of a run never stopped."""
from __future__ import annotations

import os
from pathlib import Path

import torch


def path_of(out: Path, name: str) -> Path:
    return out / f"{name}.checkpoint.pt"


def save(path: Path, config: dict, state: dict) -> None:
    """Writes ``state`` beside the configuration it belongs to; the old file is replaced only
    when the new one is whole, so a kill mid-write leaves the previous epoch's."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_suffix(".partial")
    torch.save({"config": config, **state}, partial)
    os.replace(partial, path)


def load(path: Path, config: dict) -> dict | None:
    """The state a stopped run of ``config`` left at ``path``, or None when there is none.
    A state of another configuration is refused: resuming it would mix two runs."""
    if not path.exists():
        return None
    state = torch.load(path, weights_only=False)
    if state.pop("config") != config:
        raise SystemExit(f"{path} is a stopped run of another configuration: delete it to start afresh, or train into another --out")
    return state
