"""What a careful person would count in a scene, computed from the scene itself.

The counting rule: a cube counts when it lies in the tray and at least half of its top face
is visible. Visibility is found by casting rays from the camera to a grid of points on each
top face against every cube (the tray's plastic is clear and hides nothing), so the labels
hold for any renderer that draws the same scene, and need none installed.
"""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from devtools.trays.scene import Box, Scene

GRID = 12  # points along each side of a top face
AMBIGUOUS = 0.1  # visible fractions this close to one half cannot be scored fairly


def _segment_hits(origin: np.ndarray, targets: np.ndarray, box: Box) -> np.ndarray:
    """Whether the segments from ``origin`` to each target pass through ``box`` before
    reaching the target (slab test in the box's frame)."""
    o = box.rotation.T @ (origin - box.centre)
    d = (targets - box.centre) @ box.rotation - o
    with np.errstate(divide="ignore", invalid="ignore"):
        t1 = (-box.half - o) / d
        t2 = (box.half - o) / d
    near = np.where(d == 0, np.where(np.abs(o) <= box.half, -np.inf, np.inf), np.minimum(t1, t2)).max(1)
    far = np.where(d == 0, np.where(np.abs(o) <= box.half, np.inf, -np.inf), np.maximum(t1, t2)).min(1)
    return (near <= far) & (far > 0) & (near < 1 - 1e-4)


def visible_fractions(scene: Scene) -> list[float]:
    """For each cube, the share of its top face the camera sees inside the picture."""
    cam = scene.camera
    origin = cam.position
    u = (np.arange(GRID) + 0.5) / GRID * 2 - 1
    gu, gv = [g.ravel() for g in np.meshgrid(u, u)]
    boxes = [c.box() for c in scene.cubes]
    fractions = []
    for i, cube in enumerate(scene.cubes):
        centre, normal, a, b = cube.top_face()
        if normal @ (origin - centre) <= 0:
            fractions.append(0.0)
            continue
        points = centre + gu[:, None] * a + gv[:, None] * b + normal * 1e-3
        pix = cam.project(points)
        seen = (pix[:, 0] >= 0) & (pix[:, 0] < cam.width) & (pix[:, 1] >= 0) & (pix[:, 1] < cam.height)
        seen &= cam.to_camera(points)[:, 2] > 0
        for j, box in enumerate(boxes):
            if j != i and seen.any():
                seen &= ~_segment_hits(origin, points, box)
        fractions.append(float(seen.mean()))
    return fractions


def tray_outline(scene: Scene) -> dict[str, list[list[float]]]:
    """The tray's floor and its walls' top edge in the picture (pixels, lens distortion
    included; corners may lie outside the frame when the tray is cut by it)."""
    t = scene.tray
    corners = np.array([[-1, -1], [1, -1], [1, 1], [-1, 1]]) * [t.width / 2, t.depth / 2]
    floor = np.hstack([corners, np.zeros((4, 1))])
    rim = np.hstack([corners, np.full((4, 1), t.wall_height)])
    return {
        "floor": scene.camera.project(floor).round(2).tolist(),
        "rim": scene.camera.project(rim).round(2).tolist(),
    }


def labels(scene: Scene) -> dict:
    """Every cube's colour, top-face centre in the picture, visible fraction and whether it
    counts, the counts by colour and the tray's outline: what a sample's JSON holds."""
    fractions = visible_fractions(scene)
    cubes = []
    counts = {c: 0 for c in scene.colours}
    for cube, fraction in zip(scene.cubes, fractions):
        centre = cube.top_face()[0]
        counted = cube.in_tray and fraction >= 0.5
        counts[cube.colour] += counted
        cubes.append({
            "colour": cube.colour,
            "top_centre": [round(float(v), 2) for v in scene.camera.project(centre)[0]],
            "visible": round(fraction, 4),
            "counts": bool(counted),
            "in_tray": cube.in_tray,
            "pose": cube.pose,
            "size_mm": round(cube.size, 3),
            "centre_mm": [round(float(v), 3) for v in cube.centre],
        })
    return {
        "counts": counts,
        "ambiguous": ambiguous(scene, fractions),
        "cubes": cubes,
        "tray": tray_outline(scene),
        "image": {"width": scene.camera.width, "height": scene.camera.height},
    }


def ambiguous(scene: Scene, fractions: list[float] | None = None) -> bool:
    """Whether some cube in the tray shows close to exactly half its top, where the rule
    cannot be scored: such scenes are redrawn for judging, and may be kept for training."""
    fractions = visible_fractions(scene) if fractions is None else fractions
    return any(c.in_tray and abs(f - 0.5) < AMBIGUOUS for c, f in zip(scene.cubes, fractions))


def write_sample(directory: Path, name: str, jpeg: bytes, label: dict) -> None:
    """``NAME.jpg`` (the camera's JPEG) and ``NAME.json`` (its labels) in ``directory``."""
    directory.mkdir(parents=True, exist_ok=True)
    (directory / f"{name}.jpg").write_bytes(jpeg)
    (directory / f"{name}.json").write_text(json.dumps(label, indent=1, sort_keys=True) + "\n", encoding="utf-8")
