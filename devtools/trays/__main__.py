"""``python -m devtools.trays render --out DIR --count N --seed S``: labelled path-traced
tray photos, ``DIR/trays-SSSSSS-NNNNNN.jpg`` and ``.json`` (labels, scene and camera
settings). Sample ``i`` of seed ``S`` depends on (S, i) alone, so runs can be split across
processes by ``--start`` and the same seed gives the same files."""
from __future__ import annotations

import argparse
import sys
import time
from dataclasses import asdict
from pathlib import Path

import numpy as np

from devtools.trays import camera as camera_model
from devtools.trays.labels import ambiguous, labels, write_sample
from devtools.trays.scene import Scene, sample_scene

RENDERER = "mitsuba3-volpath"


def _plain(value):
    if isinstance(value, np.ndarray):
        return np.round(value, 5).tolist()
    if isinstance(value, float):
        return round(value, 5)
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def describe(scene: Scene) -> dict:
    """The scene's settings for the JSON (not its cubes: the labels list those)."""
    return _plain({
        "tray": asdict(scene.tray), "surface": asdict(scene.surface), "lights": [asdict(light) for light in scene.lights],
        "ambient": scene.ambient, "camera": asdict(scene.camera),
    })


def sample(seed: int, index: int, spp: int, keep_ambiguous: bool) -> tuple[bytes, dict]:
    """One labelled photo: JPEG bytes and its JSON-ready labels."""
    from devtools.trays import pathtraced

    rng = np.random.default_rng([seed, index])
    while True:
        scene = sample_scene(rng)
        if keep_ambiguous or not ambiguous(scene):
            break
    pipeline = camera_model.sample_pipeline(rng)
    render_seed = int(rng.integers(1 << 31))
    linear = pathtraced.render(scene, spp=spp, seed=render_seed)
    _, jpeg = camera_model.develop(linear, pipeline, rng, scene.illuminant())
    label = labels(scene)
    label.update({
        "renderer": RENDERER, "variant": pathtraced.variant(), "spp": spp, "seed": seed, "index": index,
        "scene": describe(scene), "pipeline": _plain(asdict(pipeline)),
    })
    return jpeg, label


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m devtools.trays", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    render = sub.add_parser("render", help="write labelled path-traced tray photos")
    render.add_argument("--out", type=Path, required=True)
    render.add_argument("--count", type=int, required=True)
    render.add_argument("--seed", type=int, default=0)
    render.add_argument("--start", type=int, default=0, help="index of the first sample")
    render.add_argument("--spp", type=int, default=8, help="path-traced samples a pixel")
    render.add_argument("--keep-ambiguous", action="store_true", help="keep scenes where a cube shows about half its top")
    render.add_argument(
        "--threads", type=int, default=1,
        help="render threads; only one gives byte-identical files for a seed (threads add up samples in varying order)",
    )
    args = parser.parse_args(argv)
    from devtools.trays import pathtraced

    pathtraced.set_threads(args.threads)
    for index in range(args.start, args.start + args.count):
        began = time.perf_counter()
        jpeg, label = sample(args.seed, index, args.spp, args.keep_ambiguous)
        name = f"trays-{args.seed:06d}-{index:06d}"
        write_sample(args.out, name, jpeg, label)
        counted = sum(label["counts"].values())
        print(f"{name}: {counted} cubes counted, {time.perf_counter() - began:.1f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
