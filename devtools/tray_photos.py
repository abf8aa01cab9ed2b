"""Synthetic tray photographs with known truth, made to find where the counter fails.

Real tray photos with hand-checked counts are scarce, so the tests and the benchmark render
their own: a pinhole camera over a clear tray on a cloth, wooden cubes drawn as shaded 3D
boxes (top and sides, seams, paint and grain variation), cast shadows on the cloth and on the
cubes (a neighbour, a leaning cube or the hand between a face and the lamp leaves it only the
ambient light), tilted cubes leaning on others, cubes against the walls, warm or cool light
that the camera white-balances only in part, vignetting, sensor noise, defocus, a small camera
shake between frames and JPEG.

A *session* fixes what stays fixed at a real table for an evening (camera pose, cloth,
light, the cube set); frames rendered from one session differ in cubes, noise, exposure
and shake, exactly what a calibration must survive.

Truth follows the counting rule: a cube counts when at least half of its top
face is visible. Scenes where some cube's visible fraction lies within ``AMBIGUOUS`` of one
half are re-drawn, because there no counter and no person could be scored fairly.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

import cv2
import numpy as np

from companion.games.shogun.colours import CUBE_COLOURS

WIDTH, HEIGHT = 1280, 720
TRAY_W, TRAY_D, WALL_H = 160.0, 110.0, 16.0  # millimetres
CUBE = 10.0  # millimetres
AMBIGUOUS = 0.1
WALL_LEANING = 0.25  # of the cubes that end against a wall, those left leaning on it (a guess: no real trays measured yet)
WALL_TOUCH = 0.05  # millimetres: a cube leaning on the wall touches it, short of sinking in
SUPERSAMPLE = 4

# Linear albedo of painted wooden cubes; each session and each cube varies around these.
ALBEDO = {
    "red": (0.62, 0.06, 0.05),
    "blue": (0.05, 0.14, 0.52),
    "yellow": (0.85, 0.66, 0.06),
    "purple": (0.26, 0.07, 0.36),
    "black": (0.035, 0.035, 0.04),
    "green": (0.10, 0.40, 0.09),
}
CLOTHS = {
    "black felt": (0.025, 0.025, 0.028),
    "charcoal": (0.05, 0.05, 0.05),
    "green felt": (0.04, 0.16, 0.06),
    "navy": (0.03, 0.04, 0.12),
    "burgundy": (0.2, 0.03, 0.04),
    "white table": (0.7, 0.68, 0.64),
    "light wood": (0.5, 0.33, 0.18),
    "dark wood": (0.16, 0.08, 0.04),
    "grey felt": (0.22, 0.22, 0.22),
}
SKIN = (0.62, 0.4, 0.3)

FACES = (  # vertex indices of a unit cube, outward normal along the named axis
    ((4, 5, 7, 6), (0, 0, 1)),
    ((0, 2, 3, 1), (0, 0, -1)),
    ((1, 3, 7, 5), (1, 0, 0)),
    ((0, 4, 6, 2), (-1, 0, 0)),
    ((2, 6, 7, 3), (0, 1, 0)),
    ((0, 1, 5, 4), (0, -1, 0)),
)
UNIT = np.array([[x, y, z] for z in (-0.5, 0.5) for y in (-0.5, 0.5) for x in (-0.5, 0.5)])
_EDGES = np.array([(i, i | bit) for i in range(8) for bit in (1, 2, 4) if not i & bit])  # UNIT corners one axis apart


@dataclass(frozen=True)
class Camera:
    """A pinhole camera; ``R`` and ``t`` map world millimetres into camera coordinates."""

    K: np.ndarray
    R: np.ndarray
    t: np.ndarray

    @property
    def position(self) -> np.ndarray:
        return -self.R.T @ self.t

    def project(self, points: np.ndarray) -> np.ndarray:
        cam = points @ self.R.T + self.t
        pix = cam @ self.K.T
        return pix[:, :2] / pix[:, 2:3]


@dataclass
class Cube:
    colour: str
    centre: np.ndarray
    rotation: np.ndarray
    size: float
    albedo: np.ndarray
    resting_on: int | None = None  # the cube it leans on
    on_wall: bool = False  # it leans on the tray's wall

    def vertices(self) -> np.ndarray:
        return self.centre + (UNIT * self.size) @ self.rotation.T

    def footprint(self) -> np.ndarray:
        v = self.vertices()[:, :2].astype(np.float32)
        return cv2.convexHull(v).reshape(-1, 2)


@dataclass
class Session:
    """Everything that stays put for an evening at the table."""

    seed: int
    camera: Camera
    cloth: np.ndarray  # linear albedo image, HEIGHT x WIDTH x 3
    cloth_name: str
    light_dir: np.ndarray
    light_colour: np.ndarray
    ambient: float
    white_balance: np.ndarray
    exposure: float
    falloff: np.ndarray  # HEIGHT x WIDTH multiplier: lamp fall-off and vignetting
    albedo: dict[str, np.ndarray]
    noise: float
    blur: float
    jpeg: int
    shake: float
    haze: float
    grain: np.ndarray = field(repr=False)

    @property
    def colours(self) -> tuple[str, ...]:
        """The cube colours on this table (Shogun's six unless the session was made with others)."""
        return tuple(self.albedo)


@dataclass
class Truth:
    counts: dict[str, int]
    visible: list[float]
    hand: bool = False
    moving: bool = False


def _look_at(position: np.ndarray, target: np.ndarray, up: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    forward = target - position
    forward /= np.linalg.norm(forward)
    down = -(up - (up @ forward) * forward)
    down /= np.linalg.norm(down)
    right = np.cross(down, forward)
    R = np.stack([right, down, forward])
    return R, -R @ position


def _tray_corners(height: float = 0.0) -> np.ndarray:
    w, d = TRAY_W / 2, TRAY_D / 2
    return np.array([[-w, -d, height], [w, -d, height], [w, d, height], [-w, d, height]])


def _make_camera(rng: np.random.Generator) -> Camera:
    tilt = np.radians(rng.uniform(0, 35))
    azimuth = np.radians(rng.uniform(-12, 12))
    up = np.array([np.sin(azimuth), np.cos(azimuth), 0.0])
    target = np.array([rng.uniform(-8, 8), rng.uniform(-6, 6), 0.0])
    distance = rng.uniform(250, 420)
    position = target + distance * (np.sin(tilt) * -up + np.array([0, 0, np.cos(tilt)]))
    R, t = _look_at(position, target, up)
    box = np.vstack([_tray_corners(0), _tray_corners(WALL_H)])
    unit = Camera(np.diag([1.0, 1.0, 1.0]), R, t).project(box)
    span = unit.max(0) - unit.min(0)
    fill = rng.uniform(0.45, 0.88)
    f = min(fill * WIDTH / span[0], 0.92 * HEIGHT / span[1])
    centre = (unit.max(0) + unit.min(0)) / 2 * f
    K = np.array([[f, 0, WIDTH / 2 - centre[0]], [0, f, HEIGHT / 2 - centre[1]], [0, 0, 1]])
    return Camera(K, R, t)


def _smooth_noise(rng: np.random.Generator, shape: tuple[int, int], sigma: float) -> np.ndarray:
    noise = rng.standard_normal(shape).astype(np.float32)
    noise = cv2.GaussianBlur(noise, (0, 0), sigma)
    return noise / (noise.std() + 1e-6)


def _cloth(rng: np.random.Generator, name: str) -> np.ndarray:
    base = np.array(CLOTHS[name], np.float32) * rng.uniform(0.85, 1.15, 3).astype(np.float32)
    shape = (HEIGHT, WIDTH)
    if "wood" in name:
        yy, xx = np.mgrid[0:HEIGHT, 0:WIDTH].astype(np.float32)
        angle = rng.uniform(0, np.pi)
        along = xx * np.cos(angle) + yy * np.sin(angle)
        warp = _smooth_noise(rng, shape, 40) * 25
        grain = np.sin((along + warp) * rng.uniform(0.05, 0.12))
        pattern = 1 + 0.12 * grain + 0.05 * _smooth_noise(rng, shape, 1.2)
    else:
        pattern = 1 + 0.06 * _smooth_noise(rng, shape, 60) + 0.07 * _smooth_noise(rng, shape, 0.8)
    return base * pattern[..., None]


def _falloff(rng: np.random.Generator) -> np.ndarray:
    yy, xx = np.mgrid[0:HEIGHT, 0:WIDTH].astype(np.float32)
    cx, cy = rng.uniform(-0.3, 1.3) * WIDTH, rng.uniform(-0.3, 1.3) * HEIGHT
    r2 = ((xx - cx) ** 2 + (yy - cy) ** 2) / (WIDTH**2)
    lamp = 1 / (1 + rng.uniform(0.0, 0.8) * r2)
    v2 = ((xx - WIDTH / 2) ** 2 + (yy - HEIGHT / 2) ** 2) / (WIDTH / 2) ** 2
    vignette = 1 - rng.uniform(0.0, 0.35) * v2
    return (lamp * vignette).astype(np.float32)


def _light_colour(rng: np.random.Generator) -> np.ndarray:
    warmth = rng.uniform(-0.3, 1.0)  # 1 is a 2700 K bulb, negative is cool daylight
    if warmth > 0:
        colour = np.array([1.0, 1 - 0.24 * warmth, 1 - 0.5 * warmth])
    else:
        colour = np.array([1 + 0.3 * warmth, 1 + 0.1 * warmth, 1.0])
    return colour.astype(np.float32)


def make_session(seed: int, colours: tuple[str, ...] = CUBE_COLOURS) -> Session:
    """A random table, camera and light, with cubes of ``colours`` (names of ``ALBEDO``); the
    same seed gives the same session."""
    rng = np.random.default_rng(seed)
    cloth_name = str(rng.choice(list(CLOTHS)))
    elevation = np.radians(rng.uniform(50, 88))
    azimuth = rng.uniform(0, 2 * np.pi)
    light_dir = np.array([np.cos(elevation) * np.cos(azimuth), np.cos(elevation) * np.sin(azimuth), np.sin(elevation)])
    light_colour = _light_colour(rng)
    correction = rng.uniform(0.3, 1.0)  # auto white balance only partly undoes the bulb's colour
    albedo = {c: np.array(ALBEDO[c]) * rng.uniform(0.85, 1.15, 3) for c in colours}
    return Session(
        seed=seed,
        camera=_make_camera(rng),
        cloth=_cloth(rng, cloth_name),
        cloth_name=cloth_name,
        light_dir=light_dir,
        light_colour=light_colour,
        ambient=float(rng.uniform(0.35, 0.6)),
        white_balance=(1 / light_colour) ** correction,
        exposure=float(rng.uniform(0.75, 1.25)),
        falloff=_falloff(rng),
        albedo=albedo,
        noise=float(rng.uniform(1.0, 4.0)),
        blur=float(rng.uniform(0.0, 1.0)),
        jpeg=int(rng.integers(60, 96)),
        shake=float(rng.uniform(0.0, 1.5)),
        haze=float(rng.uniform(0.02, 0.07)),
        grain=_smooth_noise(rng, (512, 512), 1.5),
    )


def under_tray(session: Session, cloth_name: str = "white table") -> Session:
    """The same table with something else laid under the clear tray, as players do when the
    app asks for something lighter under it (a sheet of paper: ``"white table"``)."""
    return replace(session, cloth=_cloth(np.random.default_rng(session.seed), cloth_name), cloth_name=cloth_name)


# ---------------------------------------------------------------- placing cubes


def _rot_z(angle: float) -> np.ndarray:
    c, s = np.cos(angle), np.sin(angle)
    return np.array([[c, -s, 0], [s, c, 0], [0, 0, 1]])


def _rot_axis(axis: np.ndarray, angle: float) -> np.ndarray:
    rvec = (axis / np.linalg.norm(axis) * angle).reshape(3, 1)
    return cv2.Rodrigues(rvec)[0]


def _inside_tray(cube: Cube, margin: float = 0.2) -> bool:
    v = cube.vertices()
    return bool(np.all(np.abs(v[:, 0]) <= TRAY_W / 2 - margin) and np.all(np.abs(v[:, 1]) <= TRAY_D / 2 - margin))


def _overlaps(a: np.ndarray, b: np.ndarray) -> bool:
    area, _ = cv2.intersectConvexConvex(a.astype(np.float32), b.astype(np.float32))
    return area > 0.3


def _new_cube(session: Session, rng: np.random.Generator, colour: str, xy: np.ndarray, yaw: float) -> Cube:
    size = CUBE * rng.uniform(0.97, 1.03)
    albedo = session.albedo[colour] * rng.uniform(0.9, 1.1, 3)
    return Cube(colour, np.array([xy[0], xy[1], size / 2]), _rot_z(yaw), size, albedo)


def lying(session: Session, colour: str, x: float, y: float, yaw: float = 0.0) -> Cube:
    """A cube lying flat just where a test lays it (millimetres, yaw in degrees), in the
    session's paint for its colour, with none of a throw's jitter."""
    return Cube(colour, np.array([x, y, CUBE / 2]), _rot_z(np.radians(yaw)), CUBE, session.albedo[colour])


def _propose(session: Session, rng: np.random.Generator, colour: str, cubes: list[Cube], mode: str) -> Cube | None:
    flat = [i for i, c in enumerate(cubes) if c.resting_on is None and not c.on_wall]
    if mode == "cluster" and flat:
        same = [i for i in flat if cubes[i].colour == colour]
        base = cubes[int(rng.choice(same if same and rng.random() < 0.7 else flat))]
        yaw = np.arctan2(base.rotation[1, 0], base.rotation[0, 0]) + np.radians(rng.uniform(-4, 4))
        side = rng.integers(4) * np.pi / 2 + yaw
        normal = np.array([np.cos(side), np.sin(side)])
        along = np.array([-normal[1], normal[0]]) * rng.uniform(-0.4, 0.4) * CUBE
        xy = base.centre[:2] + normal * (CUBE * 1.01 + rng.uniform(0.1, 0.8)) + along
        return _new_cube(session, rng, colour, xy, yaw)
    if mode == "wall":
        wall = rng.integers(4)
        gap = CUBE * 0.52 + rng.uniform(0.2, 0.6)
        yaw = np.radians(rng.uniform(-5, 5))
        if wall < 2:
            xy = np.array([rng.uniform(-1, 1) * (TRAY_W / 2 - CUBE), (1 if wall else -1) * (TRAY_D / 2 - gap)])
        else:
            xy = np.array([(1 if wall == 3 else -1) * (TRAY_W / 2 - gap), rng.uniform(-1, 1) * (TRAY_D / 2 - CUBE)])
        cube = _new_cube(session, rng, colour, xy, yaw)
        # drawn apart from the throw's own stream, so whether a cube leans on a wall moves no other cube of the scene
        own = rng.spawn(1)[0]
        return _leaning_on_wall(own, cube, int(wall)) if own.random() < WALL_LEANING else cube
    if mode == "tilt" and flat:
        base_i = int(rng.choice(flat))
        if any(c.resting_on == base_i for c in cubes):
            return None
        return _leaning(session, rng, colour, cubes[base_i], base_i)
    xy = rng.uniform([-TRAY_W / 2, -TRAY_D / 2], [TRAY_W / 2, TRAY_D / 2])
    return _new_cube(session, rng, colour, xy, rng.uniform(0, np.pi / 2))


def _lean(rng: np.random.Generator) -> float:
    """How far a leaning cube tilts: less than 45 degrees, or its weight would not hold it there."""
    return np.radians(rng.uniform(12, 42))


def _tilt(rng: np.random.Generator, cube: Cube, away: np.ndarray, lean: float) -> np.ndarray:
    """Tilt ``cube`` by ``lean`` so that its top rises against ``-away`` (horizontal, unit),
    where what it leans on stands, one bottom edge on the cloth. Returns its rim (edges
    sampled), placed above its lowest point."""
    side = np.array([-away[1], away[0], 0.0])
    yaw = np.arctan2(away[1], away[0])
    cube.rotation = _rot_axis(side, lean) @ _rot_z(yaw + np.radians(rng.uniform(-10, 10)))
    rim = (UNIT[_EDGES[:, :1]] + (UNIT[_EDGES[:, 1:]] - UNIT[_EDGES[:, :1]]) * np.linspace(0, 1, 101)[:, None]).reshape(-1, 3)
    rim = (rim * cube.size) @ cube.rotation.T
    lowest = rim[:, 2].min()  # a corner: the rim runs through all eight
    cube.centre[2] = -lowest
    rim[:, 2] -= lowest
    return rim


def _leaning_on_wall(rng: np.random.Generator, cube: Cube, wall: int) -> Cube:
    """A cube that slid against the tray's wall and stayed tilted there, its top edge on the
    wall: walls stand higher than a leaning cube rises."""
    out = np.array([[0.0, -1.0], [0.0, 1.0], [-1.0, 0.0], [1.0, 0.0]])[wall]
    rim = _tilt(rng, cube, -np.append(out, 0.0), _lean(rng))
    inner = (TRAY_D if wall < 2 else TRAY_W) / 2 - WALL_TOUCH
    along = cube.centre[:2] - (cube.centre[:2] @ out) * out
    cube.centre[:2] = along + (inner - (rim[:, :2] @ out).max()) * out
    cube.on_wall = True
    return cube


def _leaning(session: Session, rng: np.random.Generator, colour: str, base: Cube, base_i: int) -> Cube | None:
    """A cube that landed against another and stayed tilted: one bottom edge on the cloth, the
    opposite one propped on the base's side. Cubes of one size can rest no other way."""
    yaw = np.arctan2(base.rotation[1, 0], base.rotation[0, 0]) + rng.integers(4) * np.pi / 2
    away = np.array([np.cos(yaw), np.sin(yaw), 0.0])
    side = np.array([-away[1], away[0], 0.0])
    lean = _lean(rng)
    cube = _new_cube(session, rng, colour, base.centre[:2], 0.0)
    rim = _tilt(rng, cube, away, lean)
    shift = rng.uniform(-0.35, 0.35) * base.size
    facing = (np.abs(rim @ side + shift) <= base.size / 2) & (rim[:, 2] <= base.size)  # what can touch the base's side, not pass beside it
    if not facing.any():
        return None
    cube.centre[:2] = (base.centre + shift * side + (base.size / 2 - (rim[facing] @ away).min()) * away)[:2]
    cube.resting_on = base_i
    return cube


def place_cubes(
    session: Session, rng: np.random.Generator, colours: list[str], *, tilt: float = 0.08, cluster: float = 0.5
) -> list[Cube]:
    """Drop cubes of these colours into the tray the way a throw leaves them: some alone,
    many in touching clusters, some against the walls, a few resting tilted on another."""
    cubes: list[Cube] = []
    modes = ["free", "cluster", "wall", "tilt"]
    weights = np.array([1 - cluster - tilt - 0.12, cluster, 0.12, tilt])
    for colour in colours:
        for _ in range(80):
            mode = str(rng.choice(modes, p=weights / weights.sum()))
            cube = _propose(session, rng, colour, cubes, mode)
            if cube is None or not _inside_tray(cube, 0.0 if cube.on_wall else 0.2):
                continue
            fp = cube.footprint()
            others = [c for i, c in enumerate(cubes) if i != cube.resting_on]
            if any(_overlaps(fp, c.footprint()) for c in others):
                continue
            if cube.resting_on is None and any(_overlaps(fp, c.footprint()) for c in cubes if c.resting_on is not None):
                continue
            cubes.append(cube)
            break
    return cubes


def reference_cubes(session: Session, rng: np.random.Generator) -> list[Cube]:
    """One cube of each colour, well apart and off the walls, as the app asks players to lay them."""
    while True:
        cubes = []
        for colour in session.colours:
            for _ in range(200):
                xy = rng.uniform([-TRAY_W / 2 + 2 * CUBE, -TRAY_D / 2 + 2 * CUBE], [TRAY_W / 2 - 2 * CUBE, TRAY_D / 2 - 2 * CUBE])
                if all(np.linalg.norm(xy - c.centre[:2]) > 3 * CUBE for c in cubes):
                    cubes.append(_new_cube(session, rng, colour, xy, rng.uniform(0, np.pi / 2)))
                    break
        if len(cubes) == len(session.colours):
            return cubes


def battle_colours(rng: np.random.Generator, total: int | None = None, colours: tuple[str, ...] = CUBE_COLOURS) -> list[str]:
    """Colours of a plausible throw's result: two to four armies (all colours but the last)
    and usually peasants (the last colour, Shogun's green)."""
    total = int(rng.integers(0, 31)) if total is None else total
    armies, peasants = colours[:-1], colours[-1]
    players = list(rng.choice(armies, size=min(int(rng.integers(2, 5)), len(armies)), replace=False))
    pool = players + ([peasants] if rng.random() < 0.8 else [])
    weights = rng.dirichlet(np.ones(len(pool)))
    return [str(c) for c in rng.choice(pool, size=total, p=weights)]


# ---------------------------------------------------------------- rendering


@dataclass
class _Sprite:
    x0: int
    y0: int
    colour: np.ndarray  # premultiplied linear colour
    alpha: np.ndarray
    top: np.ndarray


def _shade(session: Session, albedo: np.ndarray, normal: np.ndarray, centre: np.ndarray) -> np.ndarray:
    diffuse = session.ambient + (1 - session.ambient) * max(0.0, float(normal @ session.light_dir))
    view = session.camera.position - centre
    view /= np.linalg.norm(view)
    half = session.light_dir + view
    half /= np.linalg.norm(half)
    sheen = 0.04 * max(0.0, float(normal @ half)) ** 12
    return (albedo * diffuse + sheen) * session.light_colour


def _shade_unlit(session: Session, albedo: np.ndarray) -> np.ndarray:
    """A face the lamp cannot reach, whatever its angle: the ambient light alone."""
    return albedo * session.ambient * session.light_colour


def _cast_on_plane(verts: np.ndarray, point: np.ndarray, normal: np.ndarray, light: np.ndarray) -> np.ndarray | None:
    """Points on a plane whose hull is the shadow a convex occluder throws on it, or None when
    the occluder lies wholly behind the plane. The occluder is cut at the plane first: a corner
    behind it, projected along the light, would land on the lamp's side and darken lit paint."""
    s = (verts - point) @ normal
    if s.max() <= 0:
        return None
    a, b = _EDGES[:, 0], _EDGES[:, 1]
    cut = (s[a] > 0) != (s[b] > 0)
    a, b = a[cut], b[cut]
    crossings = verts[a] + (verts[b] - verts[a]) * (s[a] / (s[a] - s[b]))[:, None]
    front = s > 0
    cast = verts[front] - light * (s[front] / (light @ normal))[:, None]
    return np.vstack([cast, crossings])


def _face_shadow(
    session: Session,
    face: np.ndarray,
    centre: np.ndarray,
    normal: np.ndarray,
    occluders: list[np.ndarray],
    origin: np.ndarray,
    shape: tuple[int, int],
    soft: float,
) -> np.ndarray | None:
    """How much of the lamp other cubes hide from each supersampled pixel of one lit face,
    softened at the edge like the floor's shadows; None when none of them reaches it."""
    ss = SUPERSAMPLE
    lo, hi = face.min(0), face.max(0)
    layer = None
    for verts in occluders:
        points = _cast_on_plane(verts, centre, normal, session.light_dir)
        if points is None:
            continue
        hull = cv2.convexHull(((session.camera.project(points) - origin) * ss).astype(np.float32)).reshape(-1, 2)
        if np.any(hull.max(0) < lo) or np.any(hull.min(0) > hi):
            continue
        layer = np.zeros(shape, np.float32) if layer is None else layer
        cv2.fillConvexPoly(layer, np.round(hull).astype(np.int32), 1.0)
    if layer is None:
        return None
    layer = cv2.GaussianBlur(layer, (0, 0), soft)
    inside = np.zeros(shape, np.float32)
    cv2.fillConvexPoly(inside, face, 1.0)
    return layer * inside


def _cube_sprite(
    session: Session, cube: Cube, rng: np.random.Generator, occluders: list[np.ndarray], hand_shadow: np.ndarray | None
) -> _Sprite | None:
    """The cube's supersampled faces, each lit by the lamp except where ``occluders`` (other
    cubes' vertices) or the hand (its shadow on the floor, in image pixels) hide the lamp:
    there a face keeps only the ambient light, as the floor in shadow does."""
    verts = cube.vertices()
    pix = session.camera.project(verts)
    x0, y0 = np.floor(pix.min(0)).astype(int) - 2
    x1, y1 = np.ceil(pix.max(0)).astype(int) + 2
    if x0 < 0 or y0 < 0 or x1 > WIDTH or y1 > HEIGHT:
        return None
    w, h = x1 - x0, y1 - y0
    ss = SUPERSAMPLE
    colour = np.zeros((h * ss, w * ss, 3), np.float32)
    alpha = np.zeros((h * ss, w * ss), np.float32)
    top = np.zeros((h * ss, w * ss), np.float32)
    owner = np.full((h * ss, w * ss), len(FACES), np.uint8)  # which face painted each pixel last
    shadow = np.zeros((h * ss, w * ss), np.float32)
    unlit = np.ones((len(FACES) + 1, 3), np.float32)  # per face: shadowed colour / lit colour
    normals = [cube.rotation @ np.array(n, float) for _, n in FACES]
    top_face = int(np.argmax([n[2] for n in normals]))
    edge_px = np.linalg.norm(pix[0] - pix[1]) * ss
    for k, ((idx, _), normal) in enumerate(zip(FACES, normals)):
        centre = verts[list(idx)].mean(0)
        if normal @ (session.camera.position - centre) <= 0:
            continue
        poly = np.round((pix[list(idx)] - [x0, y0]) * ss).astype(np.int32)
        shade = _shade(session, cube.albedo, normal, centre)
        unlit[k] = _shade_unlit(session, cube.albedo) / np.maximum(shade, 1e-6)
        cv2.fillPoly(colour, [poly], shade.tolist())
        cv2.fillPoly(alpha, [poly], 1.0)
        cv2.fillPoly(owner, [poly], k)
        if k == top_face:
            cv2.fillPoly(top, [poly], 1.0)
        thickness = max(1, int(edge_px * 0.05))
        cv2.polylines(colour, [poly], True, (shade * 0.6).tolist(), thickness)
        cv2.polylines(owner, [poly], True, k, thickness)
        if normal @ session.light_dir > 0:
            soft = max(0.5, 0.03 * edge_px)  # a quarter of the floor's: the occluder is nearer
            cast = _face_shadow(session, poly, centre, normal, occluders, np.array([x0, y0]), shadow.shape, soft)
            if cast is not None:
                np.maximum(shadow, cast, out=shadow)
    if hand_shadow is not None:
        np.maximum(shadow, cv2.resize(hand_shadow[y0:y1, x0:x1], (w * ss, h * ss), interpolation=cv2.INTER_LINEAR), out=shadow)
    if shadow.any():
        colour *= 1 + shadow[..., None] * (unlit[owner] - 1)
    gh, gw = h * ss, w * ss
    if gh <= 512 and gw <= 512:
        gy, gx = rng.integers(0, 513 - gh), rng.integers(0, 513 - gw)
        grain = session.grain[gy : gy + gh, gx : gx + gw]
    else:
        grain = cv2.resize(session.grain, (gw, gh))
    colour *= (1 + 0.05 * grain)[..., None]
    colour *= alpha[..., None]
    def small(a: np.ndarray) -> np.ndarray:
        return cv2.resize(a, (w, h), interpolation=cv2.INTER_AREA)

    return _Sprite(x0, y0, small(colour), small(alpha), small(top))


def _cube_edge_px(session: Session) -> float:
    """Pixels one cube's edge spans at the tray's centre: the scale of shadows' soft edges."""
    ends = session.camera.project(np.array([[0, 0, 0], [CUBE, 0, 0.0]]))
    return float(np.linalg.norm(ends[1] - ends[0]))


def _shadow_mask(session: Session, cubes: list[Cube]) -> np.ndarray:
    """The cubes' shadows on the cloth, 1 where a cube hides the lamp."""
    mask = np.zeros((HEIGHT, WIDTH), np.float32)
    L = session.light_dir
    for cube in cubes:
        v = cube.vertices()
        ground = v - L * (v[:, 2:3] / L[2])
        hull = cv2.convexHull(session.camera.project(ground).astype(np.float32))
        cv2.fillPoly(mask, [np.round(hull).astype(np.int32)], 1.0)
    return cv2.GaussianBlur(mask, (0, 0), max(0.5, 0.12 * _cube_edge_px(session)))


def _hand_shadow(session: Session, hand: np.ndarray) -> np.ndarray:
    """The shadow of a hand held some 60 mm over the tray: its outline moved away from the lamp
    and blurred; kept apart from the cubes' so it can fall on the cubes under it too."""
    edge = _cube_edge_px(session)
    L = session.light_dir
    offset = np.round(-L[:2] / L[2] * 60 * edge / CUBE).astype(int)
    shifted = np.roll(hand, tuple(offset[::-1]), axis=(0, 1))
    return cv2.GaussianBlur(shifted, (0, 0), 2 * edge) * 0.8


def _walls(session: Session) -> list[tuple[np.ndarray, bool]]:
    """Each wall's image polygon and whether it stands between the camera and the tray."""
    floor, rim = _tray_corners(0), _tray_corners(WALL_H)
    cam = session.camera.position
    walls = []
    for i in range(4):
        j = (i + 1) % 4
        quad = np.array([floor[i], floor[j], rim[j], rim[i]])
        mid = quad.mean(0)
        inward = -np.sign(mid[:2]) * (np.abs(mid[:2]) > 1)
        near = float(np.append(inward, 0) @ (cam - mid)) < 0
        walls.append((session.camera.project(quad), near))
    return walls


def _draw_wall(session: Session, image: np.ndarray, poly: np.ndarray) -> None:
    """Draws only within the wall's bounding box (and its lines' reach): outside it every layer
    is zero, so the photo is the same to the bit at a fraction of a whole frame's cost."""
    p = np.round(poly * 16).astype(np.int32)
    x0, y0 = np.maximum(p.min(0) // 16 - 4, 0)
    x1, y1 = np.minimum(p.max(0) // 16 + 5, (WIDTH, HEIGHT))
    if x0 >= x1 or y0 >= y1:
        return
    p = p - np.array([x0, y0], np.int32) * 16
    box = image[y0:y1, x0:x1]
    layer = np.zeros((y1 - y0, x1 - x0), np.float32)
    cv2.fillPoly(layer, [p], 1.0, cv2.LINE_AA, 4)
    sheen = session.light_colour * 0.9
    box += (layer * 1.5 * session.haze)[..., None] * (sheen - box)
    rim = np.zeros_like(layer)
    cv2.line(rim, tuple(p[2]), tuple(p[3]), 1.0, 3, cv2.LINE_AA, 4)
    box += (rim * 0.35)[..., None] * (sheen - box)
    seam = np.zeros_like(layer)
    cv2.line(seam, tuple(p[0]), tuple(p[1]), 1.0, 2, cv2.LINE_AA, 4)
    box *= (1 - 0.3 * seam)[..., None]


def _hand_mask(rng: np.random.Generator) -> np.ndarray:
    mask = np.zeros((HEIGHT, WIDTH), np.float32)
    side = rng.integers(4)
    t = rng.uniform(0.25, 0.75)
    depth = rng.uniform(0.25, 0.5)
    start = [(t * WIDTH, 0), (t * WIDTH, HEIGHT), (0, t * HEIGHT), (WIDTH, t * HEIGHT)][side]
    inward = [(0, 1), (0, -1), (1, 0), (-1, 0)][side]
    palm = np.array(start) + np.array(inward) * depth * min(WIDTH, HEIGHT)
    cv2.ellipse(mask, tuple(int(v) for v in palm), (110, 85), float(np.degrees(np.arctan2(inward[1], inward[0]))), 0, 360, 1.0, -1)
    cv2.line(mask, tuple(int(v) for v in start), tuple(int(v) for v in palm), 1.0, 150)
    for k in range(4):
        angle = np.arctan2(inward[1], inward[0]) + np.radians(-30 + 20 * k + rng.uniform(-5, 5))
        tip = palm + np.array([np.cos(angle), np.sin(angle)]) * rng.uniform(140, 200)
        cv2.line(mask, tuple(int(v) for v in palm), tuple(int(v) for v in tip), 1.0, 34)
    return cv2.GaussianBlur(mask, (0, 0), 1.5)


def _finish(session: Session, linear: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """From scene radiance to the JPEG a phone or webcam would send."""
    gain = session.exposure * rng.uniform(0.96, 1.04)
    linear = linear * session.falloff[..., None] * session.white_balance * gain
    if session.blur > 0.3:
        linear = cv2.GaussianBlur(linear, (0, 0), session.blur)
    srgb = np.where(linear <= 0.0031308, 12.92 * linear, 1.055 * np.power(np.maximum(linear, 0), 1 / 2.4) - 0.055)
    img = srgb[..., ::-1] * 255 + rng.normal(0, session.noise, (HEIGHT, WIDTH, 3))
    img += rng.normal(0, session.noise * 0.6, (HEIGHT, WIDTH, 1))
    if session.shake > 0:
        dx, dy = rng.uniform(-session.shake, session.shake, 2)
        img = cv2.warpAffine(img.astype(np.float32), np.float32([[1, 0, dx], [0, 1, dy]]), (WIDTH, HEIGHT), borderMode=cv2.BORDER_REFLECT)
    img = np.clip(img, 0, 255).astype(np.uint8)
    ok, buf = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, session.jpeg])
    return cv2.imdecode(buf, cv2.IMREAD_COLOR)


def _near_vertices(cubes: list[Cube], i: int) -> list[np.ndarray]:
    """Vertices of the other cubes close enough to shade cube ``i``: at the lamp's lowest (50
    degrees) a leaning cube's shadow reaches some 12 mm, so cubes further apart never meet."""
    reach = 3.2 * CUBE
    return [c.vertices() for j, c in enumerate(cubes) if j != i and np.linalg.norm(c.centre - cubes[i].centre) < reach]


def _visible_tops(sprites: list[_Sprite | None], id_map: np.ndarray) -> list[float]:
    visible = []
    for i, sp in enumerate(sprites):
        if sp is None:
            visible.append(0.0)
            continue
        h, w = sp.alpha.shape
        top = sp.top > 0.5
        seen = (id_map[sp.y0 : sp.y0 + h, sp.x0 : sp.x0 + w] == i) & top
        visible.append(float(seen.sum()) / max(1, int(top.sum())))
    return visible


def render(
    session: Session,
    cubes: list[Cube],
    *,
    seed: int = 0,
    hand: bool = False,
    motion: np.ndarray | None = None,
) -> tuple[np.ndarray, Truth]:
    """One BGR photo of the tray holding ``cubes``, and what a careful person would count.

    ``motion`` (pixels, one 2-vector per cube) smears each cube along its path, as a
    cube still rolling does in a 1/30 s exposure.
    """
    rng = np.random.default_rng(seed)
    light_floor = session.ambient + (1 - session.ambient) * session.light_dir[2]
    image = session.cloth * (light_floor * session.light_colour)
    tray = np.zeros((HEIGHT, WIDTH), np.float32)
    cv2.fillPoly(tray, [np.round(session.camera.project(_tray_corners(0))).astype(np.int32)], 1.0)
    image += (tray * session.haze)[..., None] * (session.light_colour - image)
    hand_mask = _hand_mask(rng) if hand else None
    hand_shadow = _hand_shadow(session, hand_mask) if hand_mask is not None else None
    shadow = _shadow_mask(session, cubes)
    if hand_shadow is not None:
        shadow = np.maximum(shadow, hand_shadow)
    shadow_level = session.ambient / light_floor
    image *= (1 - shadow * (1 - shadow_level))[..., None]
    walls = _walls(session)
    for poly, near in walls:
        if not near:
            _draw_wall(session, image, poly)
    cam = session.camera.position
    order = sorted(range(len(cubes)), key=lambda i: -np.linalg.norm(cubes[i].centre - cam))
    sprites: list[_Sprite | None] = [None] * len(cubes)
    id_map = np.full((HEIGHT, WIDTH), -1, np.int32)
    for i in order:
        sp = _cube_sprite(session, cubes[i], rng, _near_vertices(cubes, i), hand_shadow)
        sprites[i] = sp
        if sp is None:
            continue
        h, w = sp.alpha.shape
        view = image[sp.y0 : sp.y0 + h, sp.x0 : sp.x0 + w]
        colour, alpha = sp.colour, sp.alpha
        if motion is not None and np.linalg.norm(motion[i]) >= 1:
            colour, alpha = _smear(colour, alpha, motion[i])
        view *= 1 - alpha[..., None]
        view += colour
        id_map[sp.y0 : sp.y0 + h, sp.x0 : sp.x0 + w][sp.alpha > 0.5] = i
    for poly, near in walls:
        if near:
            _draw_wall(session, image, poly)
    if hand_mask is not None:
        skin = np.array(SKIN) * rng.uniform(0.7, 1.2, 3) * light_floor * session.light_colour
        shading = 0.8 + 0.2 * _smooth_noise(rng, (HEIGHT, WIDTH), 30)[..., None]
        image = image * (1 - hand_mask[..., None]) + (hand_mask[..., None] * shading) * skin
        id_map[hand_mask > 0.5] = -2
    visible = _visible_tops(sprites, id_map)
    counts = {c: 0 for c in session.colours}
    for cube, v in zip(cubes, visible):
        counts[cube.colour] += v >= 0.5
    moving = motion is not None and bool(np.any(np.linalg.norm(motion, axis=1) >= 1))
    return _finish(session, image.astype(np.float32), rng), Truth(counts, visible, hand, moving)


def _smear(colour: np.ndarray, alpha: np.ndarray, motion: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    length = int(np.ceil(np.linalg.norm(motion)))
    size = 2 * length + 1
    kernel = np.zeros((size, size), np.float32)
    cv2.line(kernel, (length, length), (int(length + motion[0]), int(length + motion[1])), 1.0, 1)
    kernel /= kernel.sum()
    pad = ((length, length), (length, length))
    a = cv2.filter2D(np.pad(alpha, pad), -1, kernel)[length:-length, length:-length]
    c = cv2.filter2D(np.pad(colour, pad + ((0, 0),)), -1, kernel)[length:-length, length:-length]
    return c, a


def ambiguous(truth: Truth) -> bool:
    """Whether some cube shows close to exactly half its top, where the rule cannot be scored."""
    return any(abs(v - 0.5) < AMBIGUOUS for v in truth.visible)


@dataclass
class Sample:
    image: np.ndarray
    truth: Truth
    cubes: list[Cube]


def tray_floor(session: Session, height: float = 0.0) -> np.ndarray:
    """The tray's four corners in the picture (x, y pixels) at ``height`` over the floor
    (``WALL_H``: the rim): what a person marking the tray on the empty photo sees."""
    return session.camera.project(_tray_corners(height))


def calibration_pair(session: Session) -> tuple[np.ndarray, np.ndarray]:
    """The two photos the app asks for: the empty tray, and one cube of each of its colours."""
    rng = np.random.default_rng(session.seed + 1)
    empty, _ = render(session, [], seed=session.seed + 2)
    reference, _ = render(session, reference_cubes(session, rng), seed=session.seed + 3)
    return empty, reference


def scene(session: Session, seed: int, *, total: int | None = None, hand: bool = False) -> Sample:
    """A photo of the tray after a random battle, re-drawn until its truth is unambiguous."""
    rng = np.random.default_rng(seed)
    while True:
        cubes = place_cubes(session, rng, battle_colours(rng, total, session.colours))
        image, truth = render(session, cubes, seed=int(rng.integers(1 << 31)), hand=hand)
        if not ambiguous(truth):
            return Sample(image, truth, cubes)


def settling(session: Session, seed: int, *, total: int, moving: int, still: int) -> list[tuple[np.ndarray, Truth]]:
    """Frames of a throw coming to rest: ``moving`` frames of cubes sliding (smeared) into
    their places, slowing down, then ``still`` frames of the settled tray with fresh noise."""
    rng = np.random.default_rng(seed)
    while True:
        cubes = place_cubes(session, rng, battle_colours(rng, total, session.colours), tilt=0.0)
        final, truth = render(session, cubes, seed=seed)
        if not ambiguous(truth):
            break
    headings = rng.uniform(0, 2 * np.pi, len(cubes))
    speeds = rng.uniform(1.0, 4.0, len(cubes))  # millimetres per frame at the start
    out: list[tuple[np.ndarray, Truth]] = []
    for i in range(moving):
        left = (moving - i) / moving
        shift = np.stack([np.cos(headings), np.sin(headings), np.zeros(len(cubes))], axis=1) * (speeds * left * moving / 2)[:, None]
        step = np.stack([np.cos(headings), np.sin(headings), np.zeros(len(cubes))], axis=1) * (speeds * left)[:, None]
        placed = [Cube(c.colour, c.centre + d, c.rotation, c.size, c.albedo) for c, d in zip(cubes, shift)]
        motion = np.array([session.camera.project(np.array([p.centre, p.centre + s]))[1] - session.camera.project(p.centre[None])[0] for p, s in zip(placed, step)])
        image, moving_truth = render(session, placed, seed=seed + 1 + i, motion=motion)
        out.append((image, moving_truth))
    out.append((final, truth))
    for i in range(still - 1):
        image, _ = render(session, cubes, seed=seed + 1000 + i)
        out.append((image, truth))
    return out
