"""A tray scene described apart from any renderer, and a randomiser drawing it from wide
distributions.

A learned counter must not learn one renderer's habits, so what is in front of the camera
(tray, table, cubes, lamps, camera pose and lens) is plain data that any renderer can draw,
and the labels (`labels.py`) are computed from it, not from a renderer's pixels.

World units are millimetres; z points up; the tray's clear floor has its top at z = 0 and
its centre at the origin; the table lies under the floor at ``Tray.table_z``.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

COLOURS: tuple[str, ...] = ("red", "blue", "yellow", "purple", "black", "green")
CUBE_EDGE = 10.0

# Linear sRGB paint, drawn independently of devtools/tray_photos.py's palette so the two
# renderers share no constants; each scene and each cube varies around these.
PAINT: dict[str, tuple[float, float, float]] = {
    "red": (0.55, 0.04, 0.035),
    "blue": (0.03, 0.09, 0.45),
    "yellow": (0.80, 0.55, 0.03),
    "purple": (0.20, 0.05, 0.30),
    "black": (0.025, 0.025, 0.03),
    "green": (0.06, 0.30, 0.07),
}
BARE_WOOD = (0.55, 0.38, 0.22)
SURFACES: tuple[str, ...] = ("cloth", "wood", "board", "white table", "grey table")
RESOLUTIONS: tuple[tuple[int, int], ...] = ((640, 480), (1280, 720))


@dataclass(frozen=True)
class Tray:
    """A clear acrylic tray: floor and four walls; ``haze`` is the surface roughness (GGX
    alpha), ``scatter`` the share of light that meets the plastic rather than passing
    straight through, ``scratches`` how many scratches mark the floor."""

    width: float
    depth: float
    wall_height: float
    thickness: float
    lift: float  # gap between the floor's underside and the table
    haze: float
    scatter: float
    wall_scatter: float  # the same for the walls, seen at a slant, whose edges show more
    scratches: int
    rim: float  # radius of a bead along the walls' top edges, 0 for none
    tint: tuple[float, float, float]

    @property
    def table_z(self) -> float:
        return -self.thickness - self.lift

    def interior(self) -> tuple[float, float]:
        """Half extents of the floor inside the walls."""
        return self.width / 2 - self.thickness, self.depth / 2 - self.thickness

    def walls(self) -> list[Box]:
        """The four walls as boxes (what a cube may lean on and never enter)."""
        w, d, t, h = self.width / 2, self.depth / 2, self.thickness, self.wall_height
        eye = np.eye(3)
        return [
            Box(np.array([0.0, sy * (d - t / 2), h / 2]), eye, np.array([w, t / 2, h / 2]))
            for sy in (-1, 1)
        ] + [Box(np.array([sx * (w - t / 2), 0.0, h / 2]), eye, np.array([t / 2, d, h / 2])) for sx in (-1, 1)]


@dataclass(frozen=True)
class Surface:
    """What lies under the clear tray; ``kind`` is one of ``SURFACES``, drawn procedurally
    from ``seed`` at ``scale`` millimetres a texture tile."""

    kind: str
    colour: tuple[float, float, float]
    seed: int
    scale: float


@dataclass(frozen=True)
class Box:
    """An oriented box: ``rotation`` columns are its axes in the world, ``half`` its half extents."""

    centre: np.ndarray
    rotation: np.ndarray
    half: np.ndarray

    def corners(self) -> np.ndarray:
        signs = np.array([[x, y, z] for z in (-1, 1) for y in (-1, 1) for x in (-1, 1)], float)
        return self.centre + (signs * self.half) @ self.rotation.T


@dataclass(frozen=True)
class Cube:
    """One wooden cube; ``pose`` says how it came to rest: flat, cluster, wall, leaning,
    wall-leaning, stacked or outside (loose on the table, not in the tray)."""

    colour: str
    centre: np.ndarray
    rotation: np.ndarray
    size: float
    paint: tuple[float, float, float]
    gloss: float  # GGX alpha of the varnish
    wear: float  # 0 new, 1 paint worn off the edges
    seed: int
    pose: str
    resting_on: int | None = None

    @property
    def in_tray(self) -> bool:
        return self.pose != "outside"

    def box(self) -> Box:
        return Box(self.centre, self.rotation, np.full(3, self.size / 2))

    def top_face(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """The face looking most upward: its centre, normal and two in-plane half axes."""
        k = int(np.argmax(np.abs(self.rotation[2])))
        sign = np.sign(self.rotation[2, k])
        normal = self.rotation[:, k] * sign
        a, b = [self.rotation[:, j] * self.size / 2 for j in range(3) if j != k]
        return self.centre + normal * self.size / 2, normal, a, b


@dataclass(frozen=True)
class Light:
    """A disk lamp facing down; ``radius`` sets how soft its shadows are."""

    position: np.ndarray
    radius: float
    kelvin: float
    power: float  # irradiance it gives the tray's centre, relative to the scene's total


@dataclass(frozen=True)
class Camera:
    """A pinhole camera with radial distortion. ``R`` maps world to camera axes (right, down,
    forward), so ``R @ (X - position)`` is a point in camera coordinates."""

    position: np.ndarray
    R: np.ndarray
    focal: float  # pixels
    width: int
    height: int
    k1: float
    k2: float

    def to_camera(self, points: np.ndarray) -> np.ndarray:
        return (np.asarray(points, float) - self.position) @ self.R.T

    def project(self, points: np.ndarray, distorted: bool = True) -> np.ndarray:
        """Pixel coordinates of world points, with the lens's distortion unless told not."""
        cam = self.to_camera(np.atleast_2d(points))
        xy = cam[:, :2] / cam[:, 2:3]
        if distorted:
            r2 = (xy**2).sum(1, keepdims=True)
            xy = xy * (1 + self.k1 * r2 + self.k2 * r2**2)
        return xy * self.focal + np.array([self.width / 2, self.height / 2])

    def undistort(self, pixels: np.ndarray) -> np.ndarray:
        """Where distorted pixels come from on the ideal pinhole image (fixed-point inversion)."""
        centre = np.array([self.width / 2, self.height / 2])
        xd = (np.asarray(pixels, float) - centre) / self.focal
        xu = xd.copy()
        for _ in range(8):
            r2 = (xu**2).sum(-1, keepdims=True)
            xu = xd / (1 + self.k1 * r2 + self.k2 * r2**2)
        return xu * self.focal + centre


@dataclass(frozen=True)
class Scene:
    seed: int
    tray: Tray
    surface: Surface
    cubes: list[Cube]
    lights: list[Light]
    ambient: tuple[float, float, float]  # room light from everywhere, relative to the lamps
    camera: Camera
    colours: tuple[str, ...] = field(default=COLOURS)

    def illuminant(self) -> np.ndarray:
        """The lamps' and the room's mixed colour (linear RGB, green one): what a camera's
        white balance tries to remove."""
        mixed = sum((light.power * kelvin_to_rgb(light.kelvin) for light in self.lights), np.zeros(3)) + np.asarray(self.ambient)
        return mixed / mixed[1]


# ---------------------------------------------------------------- geometry


def _axis_rotation(axis: np.ndarray, angle: float) -> np.ndarray:
    axis = np.asarray(axis, float) / np.linalg.norm(axis)
    k = np.array([[0, -axis[2], axis[1]], [axis[2], 0, -axis[0]], [-axis[1], axis[0], 0]])
    return np.eye(3) + np.sin(angle) * k + (1 - np.cos(angle)) * k @ k


def _yaw(angle: float) -> np.ndarray:
    return _axis_rotation(np.array([0.0, 0.0, 1.0]), angle)


def penetration(a: Box, b: Box) -> float:
    """How deep two boxes overlap along their least separating axis (negative: apart by that
    much). The separating-axis test over the 15 axes of two boxes."""
    u, v = a.rotation, b.rotation
    crossed = np.stack([  # np.cross of every pair of axes, as it computes them, at a tenth of its overhead
        np.multiply.outer(u[1], v[2]) - np.multiply.outer(u[2], v[1]),
        np.multiply.outer(u[2], v[0]) - np.multiply.outer(u[0], v[2]),
        np.multiply.outer(u[0], v[1]) - np.multiply.outer(u[1], v[0]),
    ], axis=-1).reshape(9, 3)
    axes = [u[:, i] for i in range(3)] + [v[:, i] for i in range(3)] + list(crossed)
    d = b.centre - a.centre
    depth = np.inf
    for axis in axes:
        n = np.linalg.norm(axis)
        if n < 1e-9:
            continue
        axis = axis / n
        ra = np.abs(a.rotation.T @ axis) @ a.half
        rb = np.abs(b.rotation.T @ axis) @ b.half
        depth = min(depth, ra + rb - abs(d @ axis))
    return float(depth)


APART = 1.0  # mm beyond two boxes' bounding spheres from which they are taken to lie apart unmeasured


def overlap(a: Box, b: Box) -> bool:
    """Whether two boxes overlap (``penetration`` above zero). Most pairs of cubes in a tray lie
    further apart than their bounding spheres reach, where no overlap is possible; those are
    answered without the fifteen axes, which made drawing a throw slow."""
    if np.linalg.norm(b.centre - a.centre) > np.linalg.norm(a.half) + np.linalg.norm(b.half) + APART:
        return False
    return penetration(a, b) > 0


# ---------------------------------------------------------------- sampling


def _look_at(position: np.ndarray, target: np.ndarray, up: np.ndarray) -> np.ndarray:
    forward = target - position
    forward /= np.linalg.norm(forward)
    down = -(up - (up @ forward) * forward)
    down /= np.linalg.norm(down)
    return np.stack([np.cross(down, forward), down, forward])


def sample_camera(rng: np.random.Generator, tray: Tray, frames: tuple[tuple[int, int], ...] = RESOLUTIONS) -> Camera:
    """From the players' side or straight above, at a distance and focal length that make a
    cube 12-60 pixels wide (less when the whole tray would not nearly fit), the tray sometimes
    cut by the frame. The frame size is drawn evenly from ``frames``: a size listed twice is
    drawn twice as often (small frames render cheaper and still show a cube at 12 px or more)."""
    width, height = frames[int(rng.integers(len(frames)))]
    tilt = np.radians(rng.uniform(0, 40))
    azimuth = np.radians(rng.uniform(-15, 15))
    up = np.array([np.sin(azimuth), np.cos(azimuth), 0.0])
    target = np.array([rng.normal(0, 10), rng.normal(0, 8), 0.0])
    distance = rng.uniform(200, 650) / np.cos(tilt)
    position = target + distance * (np.sin(tilt) * -up + np.array([0, 0, np.cos(tilt)]))
    fit = min(1.15 * width / (tray.width / CUBE_EDGE), 1.15 * height / (tray.depth / CUBE_EDGE) / np.cos(tilt) ** 0.5)
    cube_px = rng.uniform(12, max(13.0, min(60.0, fit)))
    focal = cube_px * distance / CUBE_EDGE
    k1 = rng.uniform(-0.15, 0.05) if rng.random() < 0.7 else 0.0
    k2 = rng.uniform(-0.02, 0.02) if k1 else 0.0
    return Camera(position, _look_at(position, target, up), float(focal), width, height, float(k1), float(k2))


def sample_tray(rng: np.random.Generator) -> Tray:
    return Tray(
        width=float(rng.uniform(130, 190)),
        depth=float(rng.uniform(90, 130)),
        wall_height=float(rng.uniform(10, 30)),
        thickness=float(rng.uniform(1.5, 3.0)),
        lift=float(rng.choice([0.3, rng.uniform(0.5, 8.0)])),  # feet or a warped floor; never touching, as coplanar faces render badly
        haze=float(rng.uniform(0.002, 0.08)),
        scatter=float(rng.uniform(0.02, 0.12)),
        wall_scatter=float(rng.uniform(0.3, 0.8)),
        scratches=int(rng.integers(0, 40)),
        rim=float(rng.uniform(0.8, 2.0)) if rng.random() < 0.4 else 0.0,
        tint=tuple(float(v) for v in 1 - rng.uniform(0, 0.06, 3)),
    )


def sample_surface(rng: np.random.Generator, kinds: tuple[str, ...] = SURFACES) -> Surface:
    """A table of one of ``kinds``, drawn evenly (a kind listed twice, twice as often)."""
    kind = kinds[int(rng.integers(len(kinds)))]
    if kind == "cloth":
        colour = rng.choice([(0.02, 0.02, 0.022), (0.05, 0.05, 0.05), (0.03, 0.14, 0.05), (0.03, 0.04, 0.12), (0.18, 0.03, 0.04), (0.2, 0.2, 0.2)])
    elif kind == "wood":
        colour = rng.choice([(0.5, 0.32, 0.17), (0.15, 0.08, 0.04), (0.35, 0.2, 0.1)])
    elif kind == "board":
        colour = (0.6, 0.55, 0.42)
    elif kind == "white table":
        colour = (0.75, 0.74, 0.7)
    else:
        colour = (0.3, 0.3, 0.3)
    colour = np.clip(np.asarray(colour) * rng.uniform(0.8, 1.2, 3), 0, 0.9)
    return Surface(kind, tuple(float(c) for c in colour), int(rng.integers(1 << 31)), float(rng.uniform(80, 400)))


def kelvin_to_rgb(kelvin: float) -> np.ndarray:
    """Linear sRGB of a black body at ``kelvin``, green one (Tanner Helland's fit, linearised)."""
    t = kelvin / 100
    r = 255.0 if t <= 66 else 329.7 * (t - 60) ** -0.1332
    g = 99.47 * np.log(t) - 161.12 if t <= 66 else 288.12 * (t - 60) ** -0.0755
    b = 255.0 if t >= 66 else (0.0 if t <= 19 else 138.52 * np.log(t - 10) - 305.04)
    srgb = np.clip(np.array([r, g, b]) / 255, 1e-3, 1)
    linear = np.where(srgb <= 0.04045, srgb / 12.92, ((srgb + 0.055) / 1.055) ** 2.4)
    return linear / linear[1]


def lamp_in_view(light: Light, camera: Camera) -> bool:
    """Whether any of the lamp's disk shows in the camera's frame. Nobody photographs a tray
    through a lamp, and a lamp's back renders as a black disk that hides cubes the labels
    count, so a lamp must hang out of the picture."""
    ring = np.linspace(0, 2 * np.pi, 64, endpoint=False)
    disk = light.position + light.radius * np.stack([np.cos(ring), np.sin(ring), np.zeros_like(ring)], 1)
    points = np.vstack([light.position, disk])
    ahead = camera.to_camera(points)[:, 2] > 1.0
    if ahead.any():
        pixels = camera.project(points[ahead], distorted=False)
        if ((pixels >= 0) & (pixels < (camera.width, camera.height))).all(1).any():
            return True
    forward = camera.R[2]
    if abs(forward[2]) < 1e-9:
        return False
    along = (light.position[2] - camera.position[2]) / forward[2]  # the disk covering the whole frame: its centre ray
    return along > 0 and bool(np.linalg.norm((camera.position + along * forward - light.position)[:2]) < light.radius)


def sample_lights(rng: np.random.Generator, camera: Camera | None = None) -> list[Light]:
    """One to three lamps: a ceiling panel far up, a desk lamp close by, a window's soft square;
    a lamp the ``camera`` would see is hung again (no camera: anywhere, as runs drew them
    before lamps were kept out of the picture)."""
    lights = []
    count = int(rng.choice([1, 1, 2, 2, 3]))
    weights = rng.dirichlet(np.ones(count) * 2)
    for k in range(count):
        while True:
            height = rng.uniform(250, 1500)
            angle = rng.uniform(0, 2 * np.pi)
            offset = height * np.tan(np.radians(rng.uniform(0, 50)))
            position = np.array([offset * np.cos(angle), offset * np.sin(angle), height])
            radius = float(np.exp(rng.uniform(np.log(5), np.log(300))))
            kelvin = float(rng.uniform(2600, 6800))
            light = Light(position, radius, kelvin, float(weights[k]))
            if camera is None or not lamp_in_view(light, camera):
                break
        lights.append(light)
    return lights


def battle_colours(rng: np.random.Generator, total: int, colours: tuple[str, ...] = COLOURS) -> list[str]:
    """A throw's colours: a few armies (all colours but the last) and usually peasants (the last)."""
    armies = list(colours[:-1])
    players = list(rng.choice(armies, size=int(rng.integers(1, len(armies) + 1)), replace=False))
    pool = players + ([colours[-1]] if rng.random() < 0.8 else [])
    return [str(c) for c in rng.choice(pool, size=total, p=rng.dirichlet(np.ones(len(pool))))]


def _new_cube(rng: np.random.Generator, colour: str, base_paint: dict[str, np.ndarray], pose: str) -> Cube:
    size = CUBE_EDGE * rng.uniform(0.93, 1.07)
    paint = np.clip(base_paint[colour] * rng.uniform(0.9, 1.1, 3), 0.005, 0.95)
    return Cube(
        colour, np.zeros(3), _yaw(rng.uniform(0, np.pi / 2)), float(size), tuple(float(p) for p in paint),
        float(rng.uniform(0.08, 0.4)), float(rng.beta(1.2, 4)), int(rng.integers(1 << 31)), pose,
    )


def _moved(cube: Cube, centre: np.ndarray, rotation: np.ndarray | None = None, **changes) -> Cube:
    values = dict(cube.__dict__, centre=np.asarray(centre, float), **changes)
    if rotation is not None:
        values["rotation"] = rotation
    return Cube(**values)


def _resting(cube: Cube, xy: np.ndarray, floor: float) -> Cube:
    """The cube moved to ``xy`` with its lowest corner on ``floor``."""
    lowest = (cube.box().corners() - cube.centre)[:, 2].min()
    return _moved(cube, np.array([xy[0], xy[1], floor - lowest]))


def _tilted(rng: np.random.Generator, cube: Cube, toward: np.ndarray) -> Cube:
    """The cube tilted 12-42 degrees so its top leans toward ``toward`` (horizontal, unit)."""
    side = np.cross([0.0, 0.0, 1.0], np.append(toward, 0.0))
    yaw = np.arctan2(toward[1], toward[0]) + np.radians(rng.uniform(-10, 10))
    rotation = _axis_rotation(side, np.radians(rng.uniform(12, 42))) @ _yaw(yaw)
    if rotation[:2, 2] @ toward < 0:
        rotation = _axis_rotation(side, -np.radians(rng.uniform(12, 42))) @ _yaw(yaw)
    return _moved(cube, cube.centre, rotation)


def _slide_to_contact(cube: Cube, start: np.ndarray, direction: np.ndarray, obstacle: Box, floor: float) -> Cube | None:
    """Slide a cube resting on ``floor`` from ``start`` along ``direction`` until it just
    leaves ``obstacle`` (bisection on the overlap): where it touches it."""
    lo, hi = 0.0, 3 * CUBE_EDGE
    if not overlap(_resting(cube, start, floor).box(), obstacle):
        return None
    for _ in range(30):
        mid = (lo + hi) / 2
        if overlap(_resting(cube, start + mid * direction, floor).box(), obstacle):
            lo = mid
        else:
            hi = mid
    return _resting(cube, start + (hi + 0.02) * direction, floor)


def _beyond_walls(tray: Tray, angle: float, size: float) -> float:
    """How far from the tray's centre, along ``angle``, a loose cube of edge ``size`` lies clear
    of the tray, its rim bead included, however it is turned: the labels call a loose cube
    outside, so it must lie where no person would count it."""
    clear = size * np.sqrt(0.5) + tray.rim + 1.0
    reaches = [(half + clear) / abs(c) for half, c in ((tray.width / 2, np.cos(angle)), (tray.depth / 2, np.sin(angle))) if abs(c) > 1e-9]
    return min(reaches)


def _propose(rng: np.random.Generator, cube: Cube, placed: list[Cube], tray: Tray, loose_in_tray: bool = False) -> Cube | None:
    ix, iy = tray.interior()
    flat = [i for i, c in enumerate(placed) if c.pose in ("flat", "cluster", "wall")]
    pose = cube.pose
    if pose == "outside":
        angle = rng.uniform(0, 2 * np.pi)
        reach = rng.uniform(1.1, 1.6)
        direction = np.array([np.cos(angle), np.sin(angle)])
        if loose_in_tray:
            xy = direction * [tray.width / 2 * reach, tray.depth / 2 * reach]
        else:
            xy = _beyond_walls(tray, angle, cube.size) * direction
            xy += (reach - 1.1) * tray.width / 2 * direction
        return _resting(cube, xy, tray.table_z)
    if pose in ("cluster", "leaning", "stacked") and not flat:
        pose = "flat"
        cube = _moved(cube, cube.centre, pose=pose)
    if pose == "flat":
        return _resting(cube, rng.uniform([-ix, -iy], [ix, iy]), 0.0)
    if pose == "cluster":
        base_i = int(rng.choice(flat))
        base = placed[base_i]
        yaw = np.arctan2(base.rotation[1, 0], base.rotation[0, 0]) + np.radians(rng.uniform(-6, 6))
        side = yaw + rng.integers(4) * np.pi / 2
        normal = np.array([np.cos(side), np.sin(side)])
        along = np.array([-normal[1], normal[0]]) * rng.uniform(-0.5, 0.5) * base.size
        xy = base.centre[:2] + normal * ((base.size + cube.size) / 2 + rng.uniform(0.05, 1.0)) + along
        return _resting(_moved(cube, cube.centre, _yaw(yaw)), xy, 0.0)
    if pose == "stacked":
        base_i = int(rng.choice(flat))
        base = placed[base_i]
        if any(c.resting_on == base_i for c in placed):
            return None
        xy = base.centre[:2] + rng.uniform(-0.3, 0.3, 2) * base.size
        top = base.box().corners()[:, 2].max()
        on_top = _resting(cube, xy, top + 0.01)
        return _moved(on_top, on_top.centre, resting_on=base_i)
    if pose == "leaning":
        base_i = int(rng.choice(flat))
        base = placed[base_i]
        if any(c.resting_on == base_i for c in placed):
            return None
        yaw = np.arctan2(base.rotation[1, 0], base.rotation[0, 0]) + rng.integers(4) * np.pi / 2
        away = np.array([np.cos(yaw), np.sin(yaw)])
        side = np.array([-away[1], away[0]])
        tilted = _tilted(rng, cube, -away)
        start = base.centre[:2] + side * rng.uniform(-0.35, 0.35) * base.size
        found = _slide_to_contact(tilted, start, away, base.box(), 0.0)
        return None if found is None else _moved(found, found.centre, resting_on=base_i)
    wall = int(rng.integers(4))
    inward = np.array([[0.0, 1.0], [0.0, -1.0], [1.0, 0.0], [-1.0, 0.0]])[wall]
    along = np.array([-inward[1], inward[0]])
    reach = (ix if wall < 2 else iy) - CUBE_EDGE
    edge = np.array([0.0, -iy]) if wall == 0 else np.array([0.0, iy]) if wall == 1 else np.array([-ix, 0.0]) if wall == 2 else np.array([ix, 0.0])
    start = edge + along * rng.uniform(-reach, reach)
    if pose == "wall-leaning":
        cube = _tilted(rng, cube, -inward)
    else:
        cube = _moved(cube, cube.centre, _yaw(np.arctan2(inward[1], inward[0]) + np.radians(rng.uniform(-6, 6))))
    found = _slide_to_contact(cube, start, inward, tray.walls()[wall], 0.0)
    if found is not None and pose == "wall":
        found = _resting(found, found.centre[:2] + inward * rng.uniform(0, 1.5), 0.0)
    return found


def _fits(cube: Cube, placed: list[Cube], tray: Tray) -> bool:
    box = cube.box()
    corners = box.corners()
    if cube.in_tray:
        ix, iy = tray.interior()
        if np.any(np.abs(corners[:, 0]) > ix + 0.05) or np.any(np.abs(corners[:, 1]) > iy + 0.05):
            return False
        if any(overlap(box, wall) for wall in tray.walls()):
            return False
    if corners[:, 2].min() < (0.0 if cube.in_tray else tray.table_z) - 1e-6:
        return False
    return not any(overlap(box, other.box()) for other in placed)


POSES = ("flat", "cluster", "wall", "leaning", "wall-leaning", "stacked")


def place_cubes(rng: np.random.Generator, tray: Tray, colours: list[str], base_paint: dict[str, np.ndarray], outside: int,
                loose_in_tray: bool = False) -> list[Cube]:
    """Cubes of these colours left the way a throw leaves them, none overlapping another or a
    wall (rejection sampling); ``outside`` more lie loose on the table around the tray (or, with
    ``loose_in_tray``, where the old draw put them, sometimes in it). A cube that finds no place
    after many tries is left out."""
    weights = np.array([0.3, 0.35, 0.12, 0.1, 0.05, 0.08]) * rng.uniform(0.3, 1.7, 6)
    placed: list[Cube] = []
    wanted = [(c, None) for c in colours] + [(str(rng.choice(list(base_paint))), "outside") for _ in range(outside)]
    for colour, forced in wanted:
        for _ in range(60):
            pose = forced or str(rng.choice(POSES, p=weights / weights.sum()))
            cube = _propose(rng, _new_cube(rng, colour, base_paint, pose), placed, tray, loose_in_tray)
            if cube is not None and _fits(cube, placed, tray):
                placed.append(cube)
                break
    return placed


@dataclass(frozen=True)
class SetUp:
    """Everything a session keeps from its calibration photos to its last throw: tray, table,
    lamps, camera and the game's paint (``paint``: each colour's base linear RGB, which each
    cube varies around)."""

    seed: int
    tray: Tray
    surface: Surface
    lights: list[Light]
    ambient: tuple[float, float, float]
    camera: Camera
    paint: dict[str, np.ndarray]
    colours: tuple[str, ...] = field(default=COLOURS)
    loose_in_tray: bool = False  # loose cubes drawn as old runs drew them, some of them in the tray (``Draw``)

    def scene(self, cubes: list[Cube]) -> Scene:
        """This set-up holding ``cubes``."""
        return Scene(self.seed, self.tray, self.surface, cubes, self.lights, self.ambient, self.camera, self.colours)


@dataclass(frozen=True)
class Draw:
    """What a run's set-ups are drawn from: camera frame sizes and tables (each as often as
    listed), and, only to draw again runs made before each was fixed, whether lamps may hang
    in the picture and whether cubes meant to lie loose beside the tray may land in it."""

    frames: tuple[tuple[int, int], ...] = RESOLUTIONS
    surfaces: tuple[str, ...] = SURFACES
    lamps_in_view: bool = False
    loose_in_tray: bool = False


def sample_setup(rng: np.random.Generator, colours: tuple[str, ...] = COLOURS, draw: Draw = Draw()) -> SetUp:
    """A random tray, table, lamps, camera and paint, as ``draw`` allows."""
    seed = int(rng.integers(1 << 31))
    tray = sample_tray(rng)
    surface = sample_surface(rng, draw.surfaces)
    camera = sample_camera(rng, tray, draw.frames)
    lights = sample_lights(rng, None if draw.lamps_in_view else camera)
    ambient = tuple(float(v) for v in rng.uniform(0.02, 0.25) * kelvin_to_rgb(rng.uniform(3000, 7500)))
    paint = {c: np.asarray(PAINT[c]) * rng.uniform(0.8, 1.2, 3) for c in colours}
    return SetUp(seed, tray, surface, lights, ambient, camera, paint, colours, draw.loose_in_tray)


def sample_throw(rng: np.random.Generator, setup: SetUp, total: int | None = None) -> Scene:
    """One throw's cubes in the set-up: 0-40 of the game's colours, a few sometimes loose outside."""
    total = int(rng.integers(0, 41)) if total is None else total
    outside = int(rng.integers(0, 4)) if rng.random() < 0.3 else 0
    cubes = place_cubes(rng, setup.tray, battle_colours(rng, total, setup.colours), setup.paint, outside, setup.loose_in_tray)
    return setup.scene(cubes)


REFERENCE_GAP = 2.2  # reference cubes' centres at least this many edges apart, as a person sets them out


def reference_cubes(rng: np.random.Generator, setup: SetUp, tries: int = 400) -> list[Cube] | None:
    """One cube of each colour lying flat in the tray, well apart and clear of the walls, as
    calibration asks the players to set them out; None when the tray has no room for them."""
    ix, iy = np.array(setup.tray.interior()) - 0.8 * CUBE_EDGE
    if min(ix, iy) <= 0:
        return None
    placed: list[Cube] = []
    for colour in setup.colours:
        for _ in range(tries):
            xy = rng.uniform([-ix, -iy], [ix, iy])
            if all(np.hypot(*(xy - c.centre[:2])) >= REFERENCE_GAP * CUBE_EDGE for c in placed):
                placed.append(_resting(_new_cube(rng, colour, setup.paint, "flat"), xy, 0.0))
                break
        else:
            return None
    return placed


def sample_scene(rng: np.random.Generator, colours: tuple[str, ...] = COLOURS, total: int | None = None) -> Scene:
    """A random set-up holding one throw; the same generator state gives the same scene."""
    return sample_throw(rng, sample_setup(rng, colours), total)


def scratch_segments(tray: Tray, seed: int) -> np.ndarray:
    """The floor's scratches as segments (x0, y0, x1, y1) in millimetres, drawn from ``seed``."""
    rng = np.random.default_rng(seed)
    start = rng.uniform([-tray.width / 2, -tray.depth / 2], [tray.width / 2, tray.depth / 2], (tray.scratches, 2))
    angle = rng.uniform(0, np.pi, tray.scratches)
    length = rng.exponential(15, tray.scratches)
    end = start + length[:, None] * np.stack([np.cos(angle), np.sin(angle)], 1)
    return np.hstack([start, end])
