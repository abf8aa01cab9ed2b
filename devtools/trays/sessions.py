"""Path-traced sessions in the learned counter's sample format (``tray-sample/1``,
``training/README.md``): a set-up (tray, table, lamps, camera, camera processing and paint)
photographed empty, then holding one cube of each colour set out apart (the reference), then
after each of K throws.

The product calibrates on exactly such an empty and reference photo and then counts throws
under the same camera and light, so training samples must come in the same groups: a throw
alone tells the network nothing about which pixels are this table's and which this paint's.

Everything of set-up ``index`` of ``seed`` depends on (seed, index) alone, so processes split
a run by index; each throw draws from its own (seed, index, throw) stream. The renderer is a
parameter (``pathtraced.render`` in use), so the scene split and the files are tested without
Mitsuba.
"""
from __future__ import annotations

import json
import os
from collections.abc import Callable
from dataclasses import asdict
from pathlib import Path

import numpy as np

from devtools.trays import camera as camera_model
from devtools.trays.labels import ambiguous, labels, tray_outline, visible_fractions
from devtools.trays.scene import CUBE_EDGE, Draw, Scene, SetUp, reference_cubes, sample_setup, sample_throw

FORMAT = "tray-sample/1"
OUTLINE_FORMAT = "tray-outline/1"
RENDERER = "mitsuba3-volpath"
LAMPS_OUT_OF_VIEW = "out of view"  # a description's "lamps": no lamp hangs in the picture
LOOSE_OUTSIDE = "outside the tray"  # a description's "loose cubes": none of them lands in the tray
REFERENCE_VISIBLE = 0.95  # a reference cube's top shown at least this much: a person sees every one whole

Render = Callable[[Scene, int, int], np.ndarray]  # (scene, samples a pixel, seed) -> linear RGB


def plain(value):
    """``value`` with arrays as lists and floats rounded, ready for JSON."""
    if isinstance(value, np.ndarray):
        return np.round(value, 5).tolist()
    if isinstance(value, (float, np.floating)):
        return round(float(value), 5)
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    return value


def describe(setup: SetUp, pipeline: camera_model.Pipeline) -> dict:
    """The set-up's and camera processing's settings, for the record in each sample."""
    return plain({
        "tray": asdict(setup.tray), "surface": asdict(setup.surface), "lights": [asdict(light) for light in setup.lights],
        "ambient": setup.ambient, "camera": asdict(setup.camera), "paint": setup.paint, "pipeline": asdict(pipeline),
    })


def draw_setup(rng: np.random.Generator, draw: Draw = Draw()) -> tuple[SetUp, Scene]:
    """A set-up and its reference scene, every reference top in the picture and seen whole;
    set-ups whose tray leaves no room for that (cut by the frame, say) are drawn again."""
    while True:
        setup = sample_setup(rng, draw=draw)
        cubes = reference_cubes(rng, setup)
        if cubes is None:
            continue
        reference = setup.scene(cubes)
        if min(visible_fractions(reference)) >= REFERENCE_VISIBLE:
            return setup, reference


def draw_throw(seed: int, index: int, throw: int, setup: SetUp) -> Scene:
    """Throw ``throw`` of the set-up, redrawn while a cube shows close to half its top."""
    rng = np.random.default_rng([seed, index, throw + 1])
    while True:
        scene = sample_throw(rng, setup)
        if not ambiguous(scene):
            return scene


def cube_edge_px(scene: Scene) -> float:
    """Pixels a cube's edge spans at the tray's centre, along the floor's x axis (as calibration measures it)."""
    ends = scene.camera.project(np.array([[0.0, 0.0, 0.0], [CUBE_EDGE, 0.0, 0.0]]))
    return round(float(np.linalg.norm(ends[1] - ends[0])), 3)


def tray_sample(label: dict, image: str, empty: str, reference: str, reference_tops: dict, source: dict) -> dict:
    """A ``tray-sample/1`` document from a throw's labels (``labels.labels``) and its session's file names."""
    outline = label["tray"]
    return {
        "format": FORMAT,
        "image": image,
        "empty": empty,
        "reference": {"image": reference, "tops": reference_tops},
        "colours": list(label["counts"]),
        "tray": outline["floor"] + outline["rim"],
        "cube_edge_px": label["cube_edge_px"],
        "cubes": [
            {"colour": c["colour"], "top": c["top_centre"], "visible": c["visible"], "counted": c["counts"], "pose": c["pose"]}
            for c in label["cubes"]
        ],
        "counts": label["counts"],
        "source": source,
    }


def write_empty(out: Path, seed: int, index: int, spp: int, render: Render, variant: str, draw: Draw = Draw()) -> Path:
    """Set-up ``index`` of ``seed`` photographed empty, with the tray's outline
    (``tray-outline/1``): what a tray finder learns from, at a twelfth of a session's rendering.
    The draws are the session's, so at the same samples a pixel the photo is the session's empty
    photo. Returns the outline file, written after the photo."""
    out.mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng([seed, index])
    setup, _ = draw_setup(rng, draw)
    pipeline = camera_model.sample_pipeline(rng)
    scene = setup.scene([])
    linear = render(scene, spp, int(rng.integers(1 << 31)))
    _, jpeg = camera_model.develop(linear, pipeline, rng, scene.illuminant())
    base = f"e{seed:06d}-{index:06d}"
    _write(out / f"{base}.jpg", jpeg)
    outline = tray_outline(scene)
    doc = {"format": OUTLINE_FORMAT, "image": f"{base}.jpg", "tray": outline["floor"] + outline["rim"],
           "source": {"renderer": RENDERER, "variant": variant, "spp": spp, "seed": seed, "setup": index,
                      "settings": describe(setup, pipeline)}}
    path = out / f"{base}.json"
    _write(path, json.dumps(doc).encode("utf-8"))
    return path


def _write(path: Path, data: bytes) -> None:
    """Whole or not at all: a reader (a training run) never sees half a file."""
    part = path.with_name(path.name + ".part")
    part.write_bytes(data)
    os.replace(part, path)


def dataset_description(seed: int, throws: int, spp: int, variant: str, draw: Draw = Draw(), sample_format: str = FORMAT) -> dict:
    """``dataset.json``: the same for every process of one run, so any of them may write it.
    Runs made before a choice existed describe themselves without it, so a description names
    only what differs from the old draw."""
    description = {"renderer": RENDERER, "variant": variant, "seed": seed, "throws": throws, "spp": spp, "format": sample_format}
    if draw.frames != Draw.frames:
        description["frames"] = [f"{w}x{h}" for w, h in draw.frames]
    if draw.surfaces != Draw.surfaces:
        description["surfaces"] = list(draw.surfaces)
    if not draw.lamps_in_view:
        description["lamps"] = LAMPS_OUT_OF_VIEW
    if not draw.loose_in_tray:
        description["loose cubes"] = LOOSE_OUTSIDE
    return description


def write_session(
    out: Path, seed: int, index: int, throws: int, spp: int, render: Render, variant: str, draw: Draw = Draw(),
) -> list[Path]:
    """Set-up ``index`` of ``seed``: its empty and reference photos and ``throws`` samples in
    ``out``, drawn as ``draw`` allows; returns the sample files. Each sample's JSON is written after every image it names."""
    out.mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng([seed, index])
    setup, reference = draw_setup(rng, draw)
    pipeline = camera_model.sample_pipeline(rng)
    illuminant = setup.scene([]).illuminant()

    def photo(scene: Scene, name: str) -> None:
        linear = render(scene, spp, int(rng.integers(1 << 31)))
        _, jpeg = camera_model.develop(linear, pipeline, rng, illuminant)
        _write(out / name, jpeg)

    base = f"p{seed:06d}-{index:06d}"
    empty, ref = f"{base}_empty.jpg", f"{base}_reference.jpg"
    photo(setup.scene([]), empty)
    photo(reference, ref)
    tops = {c["colour"]: c["top_centre"] for c in labels(reference)["cubes"]}
    settings = describe(setup, pipeline)
    written = []
    for k in range(throws):
        scene = draw_throw(seed, index, k, setup)
        name = f"{base}_{k:03d}"
        photo(scene, f"{name}.jpg")
        label = dict(labels(scene), cube_edge_px=cube_edge_px(scene))
        source = {"renderer": RENDERER, "variant": variant, "spp": spp, "seed": seed, "setup": index, "throw": k, "settings": settings}
        doc = tray_sample(label, f"{name}.jpg", empty, ref, tops, source)
        path = out / f"{name}.json"
        _write(path, json.dumps(doc).encode("utf-8"))
        written.append(path)
    return written
