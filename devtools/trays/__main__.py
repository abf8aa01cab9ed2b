"""``python -m devtools.trays render --out DIR --count N --seed S``: labelled path-traced
tray photos, ``DIR/trays-SSSSSS-NNNNNN.jpg`` and ``.json`` (labels, scene and camera
settings).

``python -m devtools.trays sessions --out DIR --count N --seed S [--throws K]``: N set-ups in
the learned counter's sample format (``tray-sample/1``), each an empty and a reference photo
and K throws; ``--count 0`` goes on until stopped.

Sample (or set-up) ``i`` of seed ``S`` depends on (S, i) alone, so runs can be split across
processes by ``--start`` and the same seed gives the same files."""
from __future__ import annotations

import argparse
import itertools
import json
import sys
import time
from dataclasses import asdict
from pathlib import Path

import numpy as np

from devtools.trays import camera as camera_model
from devtools.trays.labels import ambiguous, labels, write_sample
from devtools.trays.scene import RESOLUTIONS, SURFACES, Draw, Scene, sample_scene
from devtools.trays.sessions import FORMAT, OUTLINE_FORMAT, RENDERER, dataset_description, plain, write_empty, write_session

def describe(scene: Scene) -> dict:
    """The scene's settings for the JSON (not its cubes: the labels list those)."""
    return plain({
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
        "scene": describe(scene), "pipeline": plain(asdict(pipeline)),
    })
    return jpeg, label


def frame_sizes(text: str) -> tuple[tuple[int, int], ...]:
    """``640x480:3,1280x720`` -> each size repeated by its weight (1 when not given)."""
    sizes = []
    for item in text.split(","):
        size, _, weight = item.strip().partition(":")
        width, _, height = size.partition("x")
        try:
            sizes += [(int(width), int(height))] * int(weight or 1)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a frame size WIDTHxHEIGHT[:WEIGHT]: {item!r}") from None
    if not sizes or min(min(s) for s in sizes) < 16:
        raise argparse.ArgumentTypeError(f"no usable frame size in {text!r}")
    return tuple(sizes)


def surface_kinds(text: str) -> tuple[str, ...]:
    """``board,board,grey table`` -> those kinds, each as often as listed."""
    kinds = tuple(item.strip() for item in text.split(",") if item.strip())
    unknown = [k for k in kinds if k not in SURFACES]
    if not kinds or unknown:
        raise argparse.ArgumentTypeError(f"tables are some of {', '.join(SURFACES)}, not {text!r}")
    return kinds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m devtools.trays", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    render = sub.add_parser("render", help="write labelled path-traced tray photos")
    render.add_argument("--out", type=Path, required=True)
    render.add_argument("--count", type=int, required=True)
    render.add_argument("--seed", type=int, default=0)
    render.add_argument("--start", type=int, default=0, help="index of the first sample")
    sessions = sub.add_parser("sessions", help="write set-ups in the tray-sample/1 format (empty, reference, throws)")
    sessions.add_argument("--throws", type=int, default=8, help="throws a set-up")
    empties = sub.add_parser("empties", help="write set-ups' empty photos with the tray's outline (tray-outline/1)")
    for command in (sessions, empties):
        command.add_argument("--out", type=Path, required=True)
        command.add_argument("--count", type=int, required=True, help="set-ups to write; 0: until stopped")
        command.add_argument("--seed", type=int, default=0)
        command.add_argument("--start", type=int, default=0, help="index of the first set-up")
        command.add_argument("--step", type=int, default=1, help="index stride (two processes: --start 0 and 1, --step 2)")
        command.add_argument(
            "--frames", type=frame_sizes, default=RESOLUTIONS,
            help="camera frame sizes drawn from, WIDTHxHEIGHT[:WEIGHT] separated by commas (default 640x480,1280x720)",
        )
        command.add_argument(
            "--surfaces", type=surface_kinds, default=SURFACES,
            help=f"tables drawn from, separated by commas, a kind listed twice drawn twice as often (default {','.join(SURFACES)})",
        )
        command.add_argument(
            "--lamps-in-view", action="store_true",
            help="let lamps hang in the picture, as runs did before lamps were kept out of it (to render those again)",
        )
        command.add_argument(
            "--loose-in-tray", action="store_true",
            help="draw loose cubes as runs did before they were kept beside the tray, some in it (to render those again)",
        )
    for command in (render, sessions, empties):
        command.add_argument("--spp", type=int, default=8, help="path-traced samples a pixel")
        command.add_argument(
            "--threads", type=int, default=1,
            help="render threads; only one gives byte-identical files for a seed (threads add up samples in varying order)",
        )
    render.add_argument("--keep-ambiguous", action="store_true", help="keep scenes where a cube shows about half its top")
    args = parser.parse_args(argv)
    from devtools.trays import pathtraced

    pathtraced.set_threads(args.threads)
    if args.command in ("sessions", "empties"):
        return _sessions(args)
    for index in range(args.start, args.start + args.count):
        began = time.perf_counter()
        jpeg, label = sample(args.seed, index, args.spp, args.keep_ambiguous)
        name = f"trays-{args.seed:06d}-{index:06d}"
        write_sample(args.out, name, jpeg, label)
        counted = sum(label["counts"].values())
        print(f"{name}: {counted} cubes counted, {time.perf_counter() - began:.1f} s", file=sys.stderr)
    return 0


def _sessions(args: argparse.Namespace) -> int:
    from devtools.trays import pathtraced

    args.out.mkdir(parents=True, exist_ok=True)
    empties = args.command == "empties"
    draw = Draw(args.frames, args.surfaces, args.lamps_in_view, args.loose_in_tray)
    description = dataset_description(args.seed, 0 if empties else args.throws, args.spp, pathtraced.variant(), draw,
                                      OUTLINE_FORMAT if empties else FORMAT)
    (args.out / "dataset.json").write_text(json.dumps(description, indent=1) + "\n", encoding="utf-8")
    indices = itertools.count(args.start, args.step) if args.count == 0 else range(args.start, args.start + args.count * args.step, args.step)

    def render(scene: Scene, spp: int, seed: int) -> np.ndarray:
        return pathtraced.render(scene, spp=spp, seed=seed)

    for index in indices:
        last = f"e{args.seed:06d}-{index:06d}.json" if empties else f"p{args.seed:06d}-{index:06d}_{args.throws - 1:03d}.json"
        if (args.out / last).exists():
            continue  # written by an earlier run: a set-up's files depend on (seed, index) alone
        began = time.perf_counter()
        if empties:
            write_empty(args.out, args.seed, index, args.spp, render, description["variant"], draw)
            print(f"set-up {index}: empty, {time.perf_counter() - began:.1f} s", file=sys.stderr, flush=True)
            continue
        written = write_session(args.out, args.seed, index, args.throws, args.spp, render, description["variant"], draw)
        print(f"set-up {index}: {len(written)} throws, {time.perf_counter() - began:.1f} s", file=sys.stderr, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
