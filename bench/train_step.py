"""Seconds a training step of a configuration's network takes on one torch thread, in the
plain memory layout and in ``channels_last``, taking turns step by step.

    .venv/bin/python bench/train_step.py training/configs/more14.json [--steps 12]

A training run is hours of a core on this project's machines, so what a step costs decides
which designs can be tried at all. The step is the configuration's own: its network, a batch
of its ``patch`` windows (random pixels: the time does not depend on them), its loss and
optimiser. The two layouts take turns, so a slower minute of the machine slows both alike;
the first two steps of each are left out (allocation). Prints each layout's median.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import torch  # noqa: E402

from training import train  # noqa: E402
from training.model import OUT_CHANNELS, STRIDE  # noqa: E402


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("config", type=Path)
    parser.add_argument("--steps", type=int, default=12)
    args = parser.parse_args(argv)
    cfg = json.loads(args.config.read_text(encoding="utf-8"))
    torch.set_num_threads(1)
    h, w = cfg["patch"]
    runs = {}
    for layout in (False, True):
        torch.manual_seed(0)
        model = train.network_of({**cfg, "channels_last": layout})
        x = torch.rand(cfg["batch"], model.in_channels, h, w).contiguous(memory_format=train.layout_of({"channels_last": layout}))
        y = torch.zeros(cfg["batch"], OUT_CHANNELS, h // STRIDE, w // STRIDE)
        y[:, 0, 3, 3] = 1.0
        runs[layout] = (model, torch.optim.AdamW(model.parameters(), lr=1e-4), x, y, [])
    for _ in range(args.steps + 2):
        for model, optimiser, x, y, times in runs.values():
            started = time.perf_counter()
            value = train.loss_of(model(x), y, cfg["colour_weight"])
            optimiser.zero_grad()
            value.backward()
            optimiser.step()
            times.append(time.perf_counter() - started)
    for layout, (*_, times) in runs.items():
        name = "channels_last" if layout else "plain"
        print(f"{args.config.stem}: {name} {np.median(times[2:]):.3f} s a step of {cfg['batch']} windows of {h}x{w}")


if __name__ == "__main__":
    main()
