"""Render a tray scene with Mitsuba 3, a physically based path tracer (the ``render`` extra).

Materials: the tray is clear acrylic (a rough dielectric, IOR 1.49) that most light passes
straight through and some meets (reflection, refraction, haze, scratches), so cubes' shadows
fall through the floor onto the table beneath, detached from the cube; cubes are painted
wood (rough plastic over a worn paint texture); the table is diffuse. Lamps are disk area
lights whose size makes the shadows hard or soft, plus a dim room light from everywhere.
The volumetric path tracer is used because it lets shadow rays pass the tray's clear part
(a mask over the dielectric) instead of being stopped at its surface.

Output: the linear RGB image, lens distortion applied, ready for `camera.develop`.
"""
from __future__ import annotations

import glob
import os
import re

import cv2
import numpy as np

from devtools.trays import camera as camera_model
from devtools.trays.scene import Scene, kelvin_to_rgb
from devtools.trays.textures import cube_texture, floor_opacity, surface_texture

TABLE_HALF = 3000.0  # millimetres: the table reaches beyond any view
IOR_ACRYLIC = 1.49
MIN_LLVM = 16  # Dr.Jit's LLVM backend emits instructions older LLVMs cannot compile

_mi = None


def _newest_llvm() -> str | None:
    """The newest system libLLVM that Dr.Jit can use, if any."""
    found = []
    for path in glob.glob("/usr/lib/*/libLLVM*.so*") + glob.glob("/usr/lib/llvm-*/lib/libLLVM*.so*"):
        match = re.search(r"libLLVM[-.](?:so\.)?(\d+)", os.path.basename(path))
        if match and int(match.group(1)) >= MIN_LLVM:
            found.append((int(match.group(1)), path))
    return max(found)[1] if found else None


def variant() -> str:
    """``llvm_ad_rgb`` (vectorised, several times faster) where an LLVM of version 16 or later
    is present, else ``scalar_rgb``; ``TRAYS_MITSUBA_VARIANT`` chooses. The two draw
    different noise, so a sample is reproducible within one variant (its JSON names it)."""
    chosen = os.environ.get("TRAYS_MITSUBA_VARIANT")
    if chosen:
        return chosen
    if os.environ.get("DRJIT_LIBLLVM_PATH"):
        return "llvm_ad_rgb"
    path = _newest_llvm()
    if path:
        os.environ["DRJIT_LIBLLVM_PATH"] = path
        return "llvm_ad_rgb"
    return "scalar_rgb"


def mitsuba():
    """Mitsuba, imported and set to its variant on first use (it is an optional extra)."""
    global _mi
    if _mi is None:
        name = variant()
        import mitsuba as mi

        mi.set_variant(name)
        mi.set_log_level(mi.LogLevel.Warn)
        _mi = mi
    return _mi


def set_threads(count: int) -> None:
    """How many threads render. With more than one, samples of a pixel are summed in an order
    that varies from run to run, so the last bits (and at times a JPEG byte) differ."""
    mitsuba()
    import drjit

    drjit.set_thread_count(count)


def render_size(scene: Scene) -> tuple[int, int]:
    """The pinhole image that covers the distorted frame: wider than the frame for barrel
    distortion, as the lens bends rays from beyond it into it."""
    cam = scene.camera
    w, h = cam.width, cam.height
    t = np.linspace(0, 1, 64)
    border = np.concatenate([
        np.stack([t * w, np.zeros_like(t)], 1), np.stack([t * w, np.full_like(t, h)], 1),
        np.stack([np.zeros_like(t), t * h], 1), np.stack([np.full_like(t, w), t * h], 1),
    ])
    reach = np.abs(cam.undistort(border) - [w / 2, h / 2]).max(0)
    rw, rh = (2 * np.ceil(np.maximum(reach, [w / 2, h / 2]) + 2)).astype(int)
    return int(min(rw, 1.6 * w)), int(min(rh, 1.6 * h))


def _transform(mi, centre: np.ndarray, rotation: np.ndarray, scale) -> object:
    m = np.eye(4)
    m[:3, :3] = rotation @ np.diag(np.broadcast_to(np.asarray(scale, float), 3))
    m[:3, 3] = centre
    return mi.ScalarTransform4f(m.tolist())


def _bitmap(mi, image: np.ndarray, **extra) -> dict:
    return {"type": "bitmap", "bitmap": mi.Bitmap(np.ascontiguousarray(image, np.float32)), "raw": True, **extra}


def _acrylic(mi, tray, opacity) -> dict:
    return {
        "type": "mask",
        "opacity": opacity,
        "bsdf": {
            "type": "roughdielectric",
            "alpha": tray.haze,
            "int_ior": IOR_ACRYLIC,
            "ext_ior": 1.0,
            "specular_transmittance": {"type": "rgb", "value": list(tray.tint)},
        },
    }


def scene_dict(scene: Scene, spp: int) -> dict:
    """The Mitsuba scene description of ``scene`` (millimetres throughout)."""
    mi = mitsuba()
    cam, tray = scene.camera, scene.tray
    rw, rh = render_size(scene)
    forward = cam.R[2]
    d: dict = {
        "type": "scene",
        "integrator": {"type": "volpath", "max_depth": 8, "rr_depth": 5},
        "sensor": {
            "type": "perspective",
            "fov_axis": "x",
            "fov": float(np.degrees(2 * np.arctan(rw / 2 / cam.focal))),
            "near_clip": 1.0,
            "far_clip": 1e5,
            "to_world": mi.ScalarTransform4f().look_at(
                origin=cam.position.tolist(), target=(cam.position + forward).tolist(), up=(-cam.R[1]).tolist()
            ),
            "film": {"type": "hdrfilm", "width": rw, "height": rh, "pixel_format": "rgb", "rfilter": {"type": "gaussian"}},
            "sampler": {"type": "independent", "sample_count": spp},
        },
        "table": {
            "type": "rectangle",
            "to_world": _transform(mi, np.array([0, 0, tray.table_z]), np.eye(3), [TABLE_HALF, TABLE_HALF, 1]),
            "bsdf": {
                "type": "diffuse",
                "reflectance": _bitmap(mi, surface_texture(scene.surface), to_uv=mi.ScalarTransform4f().scale([2 * TABLE_HALF / scene.surface.scale] * 2 + [1])),
            },
        },
        "floor": {
            "type": "cube",
            "to_world": _transform(mi, np.array([0, 0, -tray.thickness / 2]), np.eye(3), [tray.width / 2, tray.depth / 2, tray.thickness / 2]),
            "bsdf": _acrylic(mi, tray, _bitmap(mi, floor_opacity(tray, scene.seed)[..., None])),
        },
        "ambient": {"type": "constant", "radiance": {"type": "rgb", "value": list(scene.ambient)}},
    }
    for k, wall in enumerate(tray.walls()):
        d[f"wall{k}"] = {"type": "cube", "to_world": _transform(mi, wall.centre, wall.rotation, wall.half), "bsdf": _acrylic(mi, tray, tray.wall_scatter)}
    if tray.rim > 0:
        w, dd, h = tray.width / 2, tray.depth / 2, tray.wall_height
        corners = [(-w, -dd), (w, -dd), (w, dd), (-w, dd)]
        for k in range(4):
            (x0, y0), (x1, y1) = corners[k], corners[(k + 1) % 4]
            d[f"rim{k}"] = {
                "type": "cylinder", "p0": [x0, y0, h], "p1": [x1, y1, h], "radius": tray.rim,
                "bsdf": _acrylic(mi, tray, 1.0),
            }
    for k, cube in enumerate(scene.cubes):
        d[f"cube{k}"] = {
            "type": "cube",
            "to_world": _transform(mi, cube.centre, cube.rotation, cube.size / 2),
            "bsdf": {"type": "roughplastic", "alpha": cube.gloss, "int_ior": 1.5, "diffuse_reflectance": _bitmap(mi, cube_texture(cube))},
        }
    for k, light in enumerate(scene.lights):
        distance = float(np.linalg.norm(light.position))
        cos = light.position[2] / distance
        # radiance giving the tray's centre ``power`` of unit irradiance-equivalent (white paper reads 1)
        radiance = light.power / (light.radius**2 * cos**2 / (distance**2 + light.radius**2))
        d[f"lamp{k}"] = {
            "type": "disk",
            "to_world": _transform(mi, light.position, np.diag([1.0, -1.0, -1.0]), light.radius),
            "emitter": {"type": "area", "radiance": {"type": "rgb", "value": (radiance * kelvin_to_rgb(light.kelvin)).tolist()}},
        }
    return d


def remove_fireflies(image: np.ndarray, ratio: float = 2.5) -> np.ndarray:
    """Pixels far brighter than their neighbourhood set to its median: at few samples a
    pixel, light reaching the table through the rough plastic comes as rare, very bright
    samples that no camera would show as lone white dots."""
    luma = image.mean(-1)
    median = np.stack([cv2.medianBlur(np.ascontiguousarray(image[..., c]), 5) for c in range(3)], -1)
    lone = luma > ratio * median.mean(-1) + 0.1
    out = image.copy()
    out[lone] = median[lone]
    return out


def render(scene: Scene, spp: int = 8, seed: int = 0) -> np.ndarray:
    """The linear RGB image (float32, camera height x width x 3) of ``scene``, lens
    distortion included; the same scene, samples and seed give the same image."""
    mi = mitsuba()
    image = np.array(mi.render(mi.load_dict(scene_dict(scene, spp)), seed=seed), np.float32)
    image = remove_fireflies(np.nan_to_num(image, nan=0.0, posinf=0.0, neginf=0.0))
    return camera_model.distort(image, scene.camera)
