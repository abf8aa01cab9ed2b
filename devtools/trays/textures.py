"""Procedural textures (linear RGB, numpy) for what lies under the tray, the cubes' paint and
the floor's scratches: drawn from a scene's seeds, so any renderer gets the same ones."""
from __future__ import annotations

import cv2
import numpy as np

from devtools.trays.scene import BARE_WOOD, Cube, Surface, Tray, scratch_segments


def _noise(rng: np.random.Generator, n: int, sigma: float) -> np.ndarray:
    """Smooth noise that tiles (blurred with wrap-around), unit standard deviation."""
    field = rng.standard_normal((n, n))
    if sigma > 0.3:
        f = np.fft.fftfreq(n)
        gain = np.exp(-2 * (np.pi * sigma) ** 2 * (f[:, None] ** 2 + f[None, :] ** 2))
        field = np.fft.ifft2(np.fft.fft2(field) * gain).real
    return (field / (field.std() + 1e-6)).astype(np.float32)


def surface_texture(surface: Surface, n: int = 512) -> np.ndarray:
    """An ``n`` x ``n`` tile of the surface's albedo."""
    rng = np.random.default_rng(surface.seed)
    base = np.array(surface.colour, np.float32)
    yy, xx = np.mgrid[0:n, 0:n].astype(np.float32) / n
    if surface.kind == "cloth":
        weave = 0.04 * np.sin(2 * np.pi * xx * n / 4) * np.sin(2 * np.pi * yy * n / 4)
        pattern = 1 + 0.08 * _noise(rng, n, n / 16) + 0.1 * _noise(rng, n, 0.7) + weave
        return base * pattern[..., None]
    if surface.kind == "wood":
        rings = int(rng.integers(6, 20))
        warp = 0.04 * _noise(rng, n, n / 10)
        grain = np.sin(2 * np.pi * rings * (yy + warp)) * 0.5 + 0.5
        pattern = 0.8 + 0.3 * grain**3 + 0.06 * _noise(rng, n, 0.8)
        return base * pattern[..., None]
    if surface.kind == "board":
        return _printed_board(rng, base, n)
    return base * (1 + 0.03 * _noise(rng, n, n / 20) + 0.02 * _noise(rng, n, 0.8))[..., None]


def _printed_board(rng: np.random.Generator, paper: np.ndarray, n: int) -> np.ndarray:
    """A map board: provinces in muted inks with dark borders, symbols and lines of text."""
    seeds = rng.uniform(0, n, (int(rng.integers(6, 16)), 2))
    yy, xx = np.mgrid[0:n, 0:n]
    d = np.stack([np.hypot(np.minimum(abs(xx - x), n - abs(xx - x)), np.minimum(abs(yy - y), n - abs(yy - y))) for x, y in seeds])
    region = d.argmin(0)
    inks = rng.uniform(0.15, 0.8, (len(seeds), 3)).astype(np.float32) * paper
    image = inks[region]
    edges = cv2.Canny(region.astype(np.uint8) * 15, 1, 1) > 0
    edges = cv2.dilate(edges.astype(np.uint8), np.ones((3, 3), np.uint8)) > 0
    image[edges] = 0.04
    for _ in range(int(rng.integers(10, 40))):
        x, y = rng.integers(0, n - 40, 2)
        if rng.random() < 0.5:
            cv2.circle(image, (int(x), int(y)), int(rng.integers(4, 14)), rng.uniform(0.02, 0.7, 3).tolist(), -1)
        else:
            for k in range(int(rng.integers(1, 4))):
                cv2.line(image, (int(x), int(y + 6 * k)), (int(x + rng.integers(10, 40)), int(y + 6 * k)), (0.03, 0.03, 0.03), 2)
    return image * (1 + 0.03 * _noise(rng, n, 0.8))[..., None]


def cube_texture(cube: Cube, n: int = 32) -> np.ndarray:
    """One face's paint (every face shares it): the cube's colour with brush and grain
    variation, worn to bare wood along the edges as much as ``wear`` says."""
    rng = np.random.default_rng(cube.seed)
    paint = np.array(cube.paint, np.float32)
    uv = (np.arange(n, dtype=np.float32) + 0.5) / n
    edge = np.minimum.reduce(np.meshgrid(np.minimum(uv, 1 - uv), np.minimum(uv, 1 - uv)))
    worn = np.clip((cube.wear * 0.15 - edge) / 0.03 + 0.6 * _noise(rng, n, 1.0) * cube.wear, 0, 1)
    colour = paint * (1 + 0.06 * _noise(rng, n, 1.5))[..., None]
    return colour * (1 - worn[..., None]) + np.array(BARE_WOOD, np.float32) * worn[..., None]


def floor_opacity(tray: Tray, seed: int, n: int = 256) -> np.ndarray:
    """How much of the light meets the floor's plastic rather than passing straight through:
    the tray's ``scatter`` everywhere, more along its scratches."""
    image = np.full((n, n), tray.scatter, np.float32)
    scale = np.array([n / tray.width, n / tray.depth, n / tray.width, n / tray.depth])
    offset = np.array([tray.width / 2, tray.depth / 2] * 2)
    for x0, y0, x1, y1 in (scratch_segments(tray, seed) + offset) * scale:
        cv2.line(image, (int(x0), int(y0)), (int(x1), int(y1)), float(min(1.0, tray.scatter + 0.5)), 1, cv2.LINE_AA)
    return image
