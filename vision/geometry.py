"""Where the tray is, where the camera is, and what a cube looks like anywhere in the tray.

A cube seen from a camera is its top face swept along the image of its vertical edge (the
vector ``rise``, top to bottom: parallel and down for a far oblique camera, radial from the
point straight below a camera above the tray). Calibration fits one pinhole camera to the
reference cubes, one of each colour (``fit_view``), which gives the rise and a top face's image area at every
pixel. The top faces of every cube, even in a cluster or half hidden behind a neighbour, are
then the foreground pixels whose whole ``rise`` segment stays in the foreground: an erosion
along the local rise. Top faces do not hide
each other when cubes lie flat, so top area divided by one cube's top area counts cubes,
and rounding it is exactly the rule "a cube counts when at least half its top shows".
"""
from __future__ import annotations

import cv2
import numpy as np

OUTLINE_SIGMAS = 6.0  # a line of the outline stands out of the ridge filter's spread over the whole empty photo by this many sigmas (counter.LINE_SIGMAS measures against the calibrated noise instead)


def find_tray(empty: np.ndarray) -> np.ndarray | None:
    """The tray outline as a 4x2 quadrilateral, from the long straight edges of its walls.

    Cloth, felt and wood grain have no long straight edges; a clear tray's rims do.
    """
    gray = cv2.cvtColor(empty, cv2.COLOR_BGR2GRAY)
    gray = cv2.GaussianBlur(gray, (0, 0), 1.5)
    high, _ = cv2.threshold(gray, 0, 255, cv2.THRESH_BINARY | cv2.THRESH_OTSU)
    edges = cv2.Canny(gray, high * 0.25, high * 0.5)
    return _quad_of_lines(edges, largest=0.98)


def find_rim(empty: np.ndarray) -> np.ndarray | None:
    """The tray's top rim as a 4x2 quadrilateral, from its thin bright lines.

    The rim is a rectangle parallel to the floor, so its perspective is the floor's; the
    outline ``find_tray`` gives mixes the rim with the floor's edges and is not. On a white
    table the rim is not brighter than its surroundings: this finds nothing, or a quadrilateral
    along the picture's own border.
    """
    gray = cv2.cvtColor(empty, cv2.COLOR_BGR2GRAY)
    gray = cv2.GaussianBlur(gray, (0, 0), 1.0)
    ridge = cv2.morphologyEx(gray, cv2.MORPH_TOPHAT, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (9, 9)))
    _, lines_mask = cv2.threshold(ridge, 0, 255, cv2.THRESH_BINARY | cv2.THRESH_OTSU)
    lines_mask[:4], lines_mask[-4:], lines_mask[:, :4], lines_mask[:, -4:] = 0, 0, 0, 0  # the frame's own edge is no rim
    return _quad_of_lines(lines_mask, largest=0.9)


def find_tray_by_lines(empty: np.ndarray) -> np.ndarray | None:
    """The tray as a 4x2 quadrilateral around its thin lines, bright (rims) or dark (the walls'
    feet on the floor), wherever they stand out of the sensor's noise.

    On a white table neither outline above is found: the walls' edges are too faint for a
    threshold set by the picture's own contrast, which the noise decides there, and the rim is
    no brighter than the table. Yet the walls' feet draw thin dark lines round the floor
    (found on white tables, where nothing else is). The lines are told from
    the noise by how far they stand out of the ridge filter's own spread over the picture,
    mostly noise. The quadrilateral mixes rims and feet, so it bounds the tray but gives no
    perspective, unlike ``find_rim``."""
    gray = cv2.cvtColor(empty, cv2.COLOR_BGR2GRAY).astype(np.float32)
    gray = cv2.GaussianBlur(gray, (0, 0), 1.5)
    disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (9, 9))
    ridge = np.maximum(cv2.morphologyEx(gray, cv2.MORPH_TOPHAT, disc), cv2.morphologyEx(gray, cv2.MORPH_BLACKHAT, disc))
    middle = float(np.median(ridge))
    spread = 1.4826 * float(np.median(np.abs(ridge - middle)))  # the noise's sigma, robustly: the lines are few
    lines_mask = (ridge > middle + OUTLINE_SIGMAS * spread).astype(np.uint8) * 255
    lines_mask[:4], lines_mask[-4:], lines_mask[:, :4], lines_mask[:, -4:] = 0, 0, 0, 0  # the frame's own edge is no line
    return _quad_of_lines(lines_mask, largest=0.9)


def _quad_of_lines(mask: np.ndarray, largest: float) -> np.ndarray | None:
    """The quadrilateral around the long straight lines in ``mask``, if they make one that
    covers between 5% and ``largest`` of the picture."""
    side = min(mask.shape)
    lines = cv2.HoughLinesP(mask, 1, np.pi / 360, threshold=int(side * 0.15), minLineLength=side * 0.25, maxLineGap=side * 0.02)
    if lines is None or len(lines) < 4:
        return None
    points = lines.reshape(-1, 2).astype(np.float32)
    hull = cv2.convexHull(points)
    quad = cv2.approxPolyDP(hull, 0.02 * cv2.arcLength(hull, True), True).reshape(-1, 2)
    if len(quad) != 4 or not 0.05 * mask.size < cv2.contourArea(quad) < largest * mask.size:
        return None
    return quad.astype(np.float32)


def to_frame(working: np.ndarray, origin, scale: float) -> np.ndarray:
    """Frame pixels of working-view pixels (the view crops at ``origin`` and shrinks by ``scale``)."""
    return (working + 0.5) / scale + np.asarray(origin) - 0.5


def to_working(frame: np.ndarray, origin, scale: float) -> np.ndarray:
    """Working-view pixels of frame pixels: ``to_frame`` undone."""
    return (frame - np.asarray(origin) + 0.5) * scale - 0.5


def working_fields(view: "View3D", shape: tuple[int, int], origin: tuple[float, float], scale: float) -> tuple[np.ndarray, list[np.ndarray], np.ndarray]:
    """Per working pixel: the floor area a pixel of a top face stands for (relative to the
    tray's middle); for each step along the local rise from the pixel down to the floor, the
    flat index of the pixel there, -1 off the view (for ``tops``); and the tray's median rise
    as a line of pixels pointing up, to where the top of a cube standing on the floor would be
    (for ``footprints``)."""
    h, w = shape
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float64)
    px = to_frame(np.stack([xs, ys], axis=-1), origin, scale)
    area = view.top_area(px)
    rise = view.rise(px) * scale
    steps = int(np.ceil(np.abs(rise).max()))
    below = []
    for t in np.arange(1, steps + 1) / max(steps, 1):
        mx = np.rint((xs + t * rise[..., 0]).astype(np.float32)).astype(np.int64)
        my = np.rint((ys + t * rise[..., 1]).astype(np.float32)).astype(np.int64)
        inside = (mx >= 0) & (mx < w) & (my >= 0) & (my < h)
        below.append(np.where(inside, my * w + mx, -1).ravel())
    dx, dy = np.median(rise.reshape(-1, 2), axis=0)
    r = int(np.ceil(max(abs(dx), abs(dy))))
    lift = np.zeros((2 * r + 1, 2 * r + 1), np.uint8)
    # cv2.erode reads src(x + offset - anchor): to look up from x, draw towards -rise
    cv2.line(lift, (r, r), (int(round(r - dx)), int(round(r - dy))), 1, 1)
    return (np.median(area) / area).astype(np.float32), below, lift


def tops(mask: np.ndarray, below: list[np.ndarray]) -> np.ndarray:
    """Foreground pixels whose whole segment along the local rise is foreground: the top faces.

    Only the foreground is followed down the segment, one step at a time, and a pixel leaves
    at the first step that is not foreground: a remap of the whole view per step cost 1.8 ms
    of every frame for the same answer."""
    flat = np.append(mask.ravel(), 0)  # index -1, out of the view, reads this 0
    left = np.flatnonzero(flat)
    for step in below:
        left = left[flat[step[left]] != 0]
    out = np.zeros(flat.size - 1, mask.dtype)
    out[left] = 1
    return out.reshape(mask.shape)


def footprints(mask: np.ndarray, lift: np.ndarray) -> np.ndarray:
    """Foreground pixels whose whole segment up the picture by a cube's height (``lift`` from
    ``working_fields``) is foreground: where what was found stands on the floor. A cube's
    shadow falls from there, not from its top. One segment for the whole tray, its median
    rise: the rise is a few working pixels and turns little across the tray, and following it
    pixel by pixel (a remap per step) costs 1.3 ms a frame and counts no better."""
    return cv2.erode(mask, lift, borderType=cv2.BORDER_CONSTANT, borderValue=0)


def _widths(points: np.ndarray, directions: np.ndarray) -> np.ndarray:
    proj = points @ directions.T
    return proj.max(axis=0) - proj.min(axis=0)


_YAWS = np.radians(np.arange(0, 90, 2))
MASK_BLUR = 3.0  # silhouette pixels: a mask cut at the noise threshold lies within 1.5 pixels of the outline on either side
RIM_DOUBT = 1.7  # a rim under which the cubes' shapes fit this much worse than with no rim at all is not the rim (misfits through WIDTH_MISFIT's loss: true rims reach up to about 1.55, wrong ones 1.86)
UPRIGHT = np.radians(45)  # a rim whose horizon turns the camera further than this from upright is not the rim (it is the picture's border)
WIDTH_MISFIT = 0.001  # a cube's relative squared width misfit that a good camera leaves (most cubes 0.0001-0.0016)


class View3D:
    """The camera relative to the tray floor, in units of its height above the floor.

    ``tilt`` is the angle between the optical axis and straight down, ``roll`` turns the
    image of 'down' away from image-down, ``focal`` is in frame pixels (principal point at the
    frame's centre) and ``cube`` is one cube's edge over the camera's height. That is all it
    takes to know, at every pixel, where a cube's top face there would have its vertical edge
    (``rise``: top to floor, radial towards the nadir for a camera straight above, parallel
    and down for a far oblique one) and how big that top face looks (``top_area``).
    """

    def __init__(self, tilt: float, roll: float, focal: float, cube: float, centre: tuple[float, float]):
        self.tilt, self.roll, self.focal, self.cube = float(tilt), float(roll), float(focal), float(cube)
        self.centre = np.asarray(centre, float)
        s = np.sin(self.tilt)
        self.down = np.array([s * np.sin(self.roll), s * np.cos(self.roll), np.cos(self.tilt)])
        e1 = np.cross(self.down, [1.0, 0.0, 0.0]) if abs(self.down[0]) < 0.9 else np.cross(self.down, [0.0, 1.0, 0.0])
        self.e1 = e1 / np.linalg.norm(e1)
        self.e2 = np.cross(self.down, self.e1)

    def params(self) -> list[float]:
        return [self.tilt, self.roll, self.focal, self.cube]

    def ray(self, px: np.ndarray) -> np.ndarray:
        px = np.asarray(px, float)
        return np.concatenate([(px - self.centre) / self.focal, np.ones(px.shape[:-1] + (1,))], axis=-1)

    def project(self, points: np.ndarray) -> np.ndarray:
        return self.centre + self.focal * points[..., :2] / points[..., 2:3]

    def on_plane(self, px: np.ndarray, height: float) -> np.ndarray:
        """The 3D point seen at pixel ``px`` on the horizontal plane ``height`` cubes above the floor."""
        r = self.ray(px)
        return r * ((1 - height * self.cube) / (r @ self.down))[..., None]

    def rise(self, px: np.ndarray) -> np.ndarray:
        """Image vector from a top-face point at ``px`` to the floor below it, frame pixels."""
        top = self.on_plane(px, 1.0)
        return self.project(top + self.cube * self.down) - px

    def top_area(self, px: np.ndarray) -> np.ndarray:
        """Image area, in frame pixels, of one cube's top face lying at ``px``."""
        top = self.on_plane(px, 1.0)
        return self.cube**2 * self.focal**2 * (1 - self.cube) / np.abs(top[..., 2]) ** 3

    def cube_corners(self, px: np.ndarray, yaw: np.ndarray) -> np.ndarray:
        """Image corners of cubes centred on the ray through ``px`` (N x 2), for each yaw: N x Y x 8 x 2."""
        centre = self.on_plane(px, 0.5)  # N x 3
        c, s = np.cos(yaw)[:, None], np.sin(yaw)[:, None]
        u = c * self.e1 + s * self.e2  # Y x 3
        w = -s * self.e1 + c * self.e2
        signs = np.array([[a, b, z] for a in (-0.5, 0.5) for b in (-0.5, 0.5) for z in (-0.5, 0.5)])
        offsets = self.cube * (signs[:, 0, None, None] * u + signs[:, 1, None, None] * w + signs[:, 2, None, None] * self.down)  # 8 x Y x 3
        points = centre[:, None, None, :] + offsets.transpose(1, 0, 2)[None]  # N x Y x 8 x 3
        return self.project(points)


def _width_cost(view: View3D, centres: np.ndarray, observed: np.ndarray, dirs: np.ndarray, blur_limit: float) -> float:
    """How badly this camera explains the reference cubes' caliper widths (relative, best yaw each,
    one blur margin for all of at most ``blur_limit`` frame pixels).

    A cube's misfit counts in full up to what a good camera leaves (``WIDTH_MISFIT``) and only
    logarithmically beyond, a Cauchy loss: a speck of noise four pixels across that the mask
    joined to a cube stretches its hull by a third, and two such cubes, their squares summed,
    can pull the camera to the fit's limits (tilted by three times its true angle, every
    cube's rise twice its length, tops measured at half and counted double). With this loss the
    fitted rise is nearer the true one, and far off (more than a tenth of a cube edge) on
    fewer tables."""
    corners = view.cube_corners(centres, _YAWS)  # N x Y x 8 x 2
    proj = corners @ dirs.T  # N x Y x 8 x D
    widths = proj.max(axis=2) - proj.min(axis=2)  # N x Y x D
    diff = observed[:, None, :] - widths
    blur = diff.mean(axis=2)  # N x Y; one margin for all cubes: the masks' edges blur alike
    best = ((diff - blur[..., None]) ** 2).sum(axis=2).argmin(axis=1)
    margin = float(np.clip(np.median(blur[np.arange(len(best)), best]), -blur_limit, blur_limit))
    resid = ((diff - margin) ** 2).sum(axis=2) / (observed**2).sum(axis=1, keepdims=True)
    return float(np.log1p(resid.min(axis=1) / WIDTH_MISFIT).sum())


def _nelder_mead(f, x0: np.ndarray, step: np.ndarray, iterations: int = 200) -> tuple[np.ndarray, float]:
    simplex = [np.asarray(x0, float)] + [x0 + np.eye(len(x0))[i] * step[i] for i in range(len(x0))]
    values = [f(x) for x in simplex]
    for _ in range(iterations):
        order = np.argsort(values)
        simplex, values = [simplex[i] for i in order], [values[i] for i in order]
        if values[-1] - values[0] <= 1e-4 * abs(values[0]):
            break  # the simplex agrees on the cost to a part in ten thousand: done
        centroid = np.mean(simplex[:-1], axis=0)
        worst = simplex[-1]
        reflected = centroid + (centroid - worst)
        fr = f(reflected)
        if fr < values[0]:
            expanded = centroid + 2 * (centroid - worst)
            fe = f(expanded)
            simplex[-1], values[-1] = (expanded, fe) if fe < fr else (reflected, fr)
        elif fr < values[-2]:
            simplex[-1], values[-1] = reflected, fr
        else:
            contracted = centroid + 0.5 * (worst - centroid)
            fc = f(contracted)
            if fc < values[-1]:
                simplex[-1], values[-1] = contracted, fc
            else:
                simplex = [simplex[0] + 0.5 * (x - simplex[0]) for x in simplex]
                values = [f(x) for x in simplex]
    best = int(np.argmin(values))
    return simplex[best], values[best]


def _ordered(quad: np.ndarray) -> np.ndarray:
    centre = quad.mean(axis=0)
    angles = np.arctan2(quad[:, 1] - centre[1], quad[:, 0] - centre[0])
    return quad[np.argsort(angles)].astype(np.float32)


def horizon(quad: np.ndarray) -> np.ndarray:
    """The image line (a, b, c: a x + b y + c = 0) where the tray's floor plane vanishes."""
    square = np.float32([[0, 0], [1, 0], [1, 1], [0, 1]])
    H = cv2.getPerspectiveTransform(_ordered(quad), square)
    return H[2] / np.linalg.norm(H[2, :2])


def fit_view(
    silhouettes: list[np.ndarray],
    scale: float,
    origin: tuple[float, float],
    frame_size: tuple[int, int],
    quad: np.ndarray | None = None,
) -> View3D:
    """The camera that best explains the single reference cubes' silhouettes (masks at ``scale`` working
    pixels per frame pixel, cropped at ``origin``), and the tray's outline if it was found.

    The tray's rim (``find_rim``) fixes which way is down: its perspective gives the floor's horizon,
    and down is the direction perpendicular to it, for a given focal length. Every cube has
    the same size, stands on the same floor and is seen by the same camera, so the
    silhouettes' caliper widths (each cube at its own yaw, one margin for blur shared by
    all) then fix the focal length and the camera's height in cube edges; the shape of each
    cube's vertical edges anywhere in the tray follows. Without an outline the widths also
    have to give the tilt, with the camera taken as upright (no roll): a handful of silhouettes
    do not pin down more; a rim that the cubes contradict, or that would have the camera lie on its
    side (the players are asked to set it upright), is dropped: the camera fitted without it
    is nearer the true one. The principal point is taken at the frame's centre.

    The blur margin is no wider than a mask's edge can be blurred (``MASK_BLUR``): left free,
    it let a camera too far away pass the cubes' missing size off as blur, and the vertical
    edges came out a quarter too short.
    """
    angles = np.radians(np.arange(0, 180, 5))
    dirs = np.stack([np.cos(angles), np.sin(angles)], axis=1)
    observed, centres = [], []
    for mask in silhouettes:
        contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
        points = np.vstack(contours).reshape(-1, 2).astype(float)
        hull = cv2.convexHull(points.astype(np.float32)).reshape(-1, 2).astype(float)
        frame_hull = to_frame(hull, origin, scale)
        observed.append(_widths(frame_hull, dirs))
        ys, xs = np.nonzero(mask)
        centres.append(to_frame(np.array([xs.mean(), ys.mean()]), origin, scale))
    observed, centres = np.array(observed), np.array(centres)
    w, h = frame_size
    centre = (w / 2, h / 2)
    size = float(np.median(observed.min(axis=1)))
    line = None if quad is None else horizon(np.asarray(quad, float))
    blur_limit = MASK_BLUR / scale

    def make(x: np.ndarray) -> View3D:
        focal, cube = w * np.exp(x[-2]), 1 / (1 + np.exp(-x[-1]))
        if line is None:
            return View3D(x[0], 0.0, focal, cube, centre)
        K = np.array([[focal, 0, centre[0]], [0, focal, centre[1]], [0, 0, 1]])
        down = K.T @ line
        down = down / np.linalg.norm(down) * np.sign(down[2] or 1.0)
        return View3D(np.arccos(np.clip(down[2], -1, 1)), np.arctan2(down[0], down[1]), focal, cube, centre)

    def cost(x: np.ndarray) -> float:
        if not -1.5 < x[-2] < 2.5:
            return np.inf
        view = make(x)
        if not 0 <= view.tilt < np.radians(70):
            return np.inf
        return _width_cost(view, centres, observed, dirs, blur_limit)

    best, best_cost = None, np.inf
    for tilt in [None] if line is not None else np.radians([5, 25, 45]):
        for log_f in (0.0, 0.8):
            k = size / (w * np.exp(log_f))  # a cube's edge over the camera height, roughly
            x0 = np.array(([] if tilt is None else [tilt]) + [log_f, np.log(k / (1 - k))])
            x, value = _nelder_mead(cost, x0, np.array(([] if tilt is None else [0.15]) + [0.3, 0.3]), 150)
            if value < best_cost:
                best, best_cost = x, value
    best, best_cost = _nelder_mead(cost, best, np.full(len(best), 0.1), 150)
    view = make(best)
    if line is not None:
        free = fit_view(silhouettes, scale, origin, frame_size)
        if abs(view.roll) > UPRIGHT or best_cost > RIM_DOUBT * _width_cost(free, centres, observed, dirs, blur_limit):
            return free  # what looked like the rim is something else (a white table's edge, the frame)
    return view
