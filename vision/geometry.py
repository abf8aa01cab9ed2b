"""Where the tray is, how a cube's size changes across it, and which way is 'up' in the image.

A cube seen from an oblique camera is its top face swept along the image of its vertical
edge (the vector ``rise``, top to bottom). So the top faces of every cube, even in a
cluster or half hidden behind a neighbour, are the foreground pixels whose whole ``rise``
segment stays in the foreground: an erosion with a one-sided line. Top faces do not hide
each other when cubes lie flat, so top area divided by one cube's top area counts cubes,
and rounding it is exactly the rule "a cube counts when at least half its top shows".
"""
from __future__ import annotations

import cv2
import numpy as np


def find_tray(empty: np.ndarray) -> np.ndarray | None:
    """The tray outline as a 4x2 quadrilateral, from the long straight edges of its walls.

    Cloth, felt and wood grain have no long straight edges; a clear tray's rims do.
    """
    gray = cv2.cvtColor(empty, cv2.COLOR_BGR2GRAY)
    gray = cv2.GaussianBlur(gray, (0, 0), 1.5)
    high, _ = cv2.threshold(gray, 0, 255, cv2.THRESH_BINARY | cv2.THRESH_OTSU)
    edges = cv2.Canny(gray, high * 0.25, high * 0.5)
    side = min(gray.shape)
    lines = cv2.HoughLinesP(edges, 1, np.pi / 360, threshold=int(side * 0.15), minLineLength=side * 0.25, maxLineGap=side * 0.02)
    if lines is None or len(lines) < 4:
        return None
    points = lines.reshape(-1, 2).astype(np.float32)
    hull = cv2.convexHull(points)
    quad = cv2.approxPolyDP(hull, 0.02 * cv2.arcLength(hull, True), True).reshape(-1, 2)
    if len(quad) != 4:
        return None
    area = cv2.contourArea(quad)
    if not 0.05 * gray.size < area < 0.98 * gray.size:
        return None
    return quad.astype(np.float32)


def scale_map(quad: np.ndarray | None, shape: tuple[int, int], origin: tuple[float, float], factor: float) -> np.ndarray:
    """Relative image area of one square millimetre of tray floor at each working pixel.

    The tray is a rectangle, so the homography onto a unit square tells how perspective
    shrinks things farther away; the unknown aspect ratio changes only a constant factor.
    """
    h, w = shape
    if quad is None:
        return np.ones(shape, np.float32)
    square = np.float32([[0, 0], [1, 0], [1, 1], [0, 1]])
    H = cv2.getPerspectiveTransform(_ordered(quad), square)
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float64)
    x = xs / factor + origin[0]
    y = ys / factor + origin[1]
    wgt = H[2, 0] * x + H[2, 1] * y + H[2, 2]
    a = np.abs(wgt) ** 3
    return (a / np.median(a)).astype(np.float32)


def _ordered(quad: np.ndarray) -> np.ndarray:
    centre = quad.mean(axis=0)
    angles = np.arctan2(quad[:, 1] - centre[1], quad[:, 0] - centre[0])
    return quad[np.argsort(angles)].astype(np.float32)


def line_kernel(rise: np.ndarray) -> tuple[np.ndarray, tuple[int, int]]:
    """A structuring element holding the segment from its anchor along ``rise``."""
    dx, dy = int(round(rise[0])), int(round(rise[1]))
    w, h = abs(dx) + 1, abs(dy) + 1
    ax, ay = (w - 1 if dx < 0 else 0), (h - 1 if dy < 0 else 0)
    kernel = np.zeros((h, w), np.uint8)
    cv2.line(kernel, (ax, ay), (ax + dx, ay + dy), 1, 1)
    return kernel, (ax, ay)


def rise_vectors(rise: Rise, shape: tuple[int, int]) -> tuple[np.ndarray, list[np.ndarray]]:
    """The rise at every pixel, rounded to whole-pixel vectors: an index image and the vectors."""
    ys, xs = np.mgrid[0 : shape[0], 0 : shape[1]].astype(np.float64)
    vectors = np.round(rise.at(xs, ys)[..., None] * rise.direction).astype(np.int32)
    keys = vectors[..., 0] * 1000 + vectors[..., 1]
    unique, index = np.unique(keys, return_inverse=True)
    first = [np.argwhere(keys == key)[0] for key in unique]
    return index.reshape(shape).astype(np.int32), [vectors[y, x].astype(float) for y, x in first]


def tops(mask: np.ndarray, index: np.ndarray, vectors: list[np.ndarray]) -> np.ndarray:
    """Foreground pixels whose whole segment along the local rise is foreground: the top faces."""
    out = np.zeros_like(mask)
    for k, vector in enumerate(vectors):
        if not vector.any():
            eroded = mask
        else:
            kernel, anchor = line_kernel(vector)
            eroded = cv2.erode(mask, kernel, anchor=anchor, borderType=cv2.BORDER_CONSTANT, borderValue=0)
        if len(vectors) == 1:
            return eroded
        here = index == k
        out[here] = eroded[here]
    return out


def _widths(points: np.ndarray, directions: np.ndarray) -> np.ndarray:
    proj = points @ directions.T
    return proj.max(axis=0) - proj.min(axis=0)


def _fit(observed: np.ndarray, dirs: np.ndarray, tau: float, phi: float) -> tuple[np.ndarray, np.ndarray]:
    """Each cube's relative residual and edge size under tilt ``tau`` towards ``phi``, at its best yaw."""
    c, s = np.cos(phi), np.sin(phi)
    rot = np.array([[c, -s], [s, c]])
    squeeze = rot @ np.diag([1.0, np.cos(tau)])
    e1 = np.stack([np.cos(_YAWS), np.sin(_YAWS)], axis=1) @ squeeze.T
    e2 = np.stack([-np.sin(_YAWS), np.cos(_YAWS)], axis=1) @ squeeze.T
    rise = rot @ np.array([0.0, np.sin(tau)])
    unit = np.abs(e1 @ dirs.T) + np.abs(e2 @ dirs.T) + np.abs(dirs @ rise)[None, :]  # yaws x directions
    # widths = size * unit + blur, per cube and yaw, by least squares in (size, blur)
    su, suu, n = unit.sum(axis=1), (unit * unit).sum(axis=1), unit.shape[1]
    so, sou = observed.sum(axis=1, keepdims=True), observed @ unit.T
    det = n * suu - su**2
    size = (n * sou - so * su) / det
    blur = (so * suu - su * sou) / det
    fit = size[..., None] * unit[None] + blur[..., None]
    resid = ((observed[:, None, :] - fit) ** 2).sum(axis=2) / (observed**2).sum(axis=1, keepdims=True)
    k = resid.argmin(axis=1)
    rows = np.arange(len(observed))
    return resid[rows, k], size[rows, k]


SLOPE_SHRINK = 0.5  # six cubes give a noisy slope; pulling it halfway to flat halved the errors on generated trays
_YAWS = np.radians(np.arange(0, 90, 2))
_TILTS = np.radians(np.arange(0, 60, 2))


class Rise:
    """A cube's vertical edge in the image, top to bottom: a fixed direction, and a length
    that grows or shrinks along it as the view gets more or less oblique across the tray."""

    def __init__(self, direction: tuple[float, float], length: tuple[float, float]):
        self.direction = np.asarray(direction, float)
        self.length = np.asarray(length, float)  # at the origin, and per pixel along direction

    def at(self, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
        along = xs * self.direction[0] + ys * self.direction[1]
        return np.maximum(self.length[0] + self.length[1] * along, 0.0)

    def scaled(self, factor: float) -> "Rise":
        return Rise(tuple(self.direction), (self.length[0] * factor, self.length[1]))


def estimate_rise(silhouettes: list[np.ndarray]) -> Rise:
    """How a cube's vertical edge looks across the tray, from single cubes at different angles.

    Seen from a camera tilted by ``tau``, a cube of edge ``a`` is its top square, squeezed by
    cos(tau) along the tilt and turned by its yaw, swept along a vertical edge of length
    a sin(tau). The caliper widths of such a shape have a closed form, so the tilt's direction
    in the image is fitted to all six silhouettes at once (each cube with its own yaw, size
    and a margin for blur), then each cube's own tilt, since a wide-angle view is more oblique
    at the far side of the tray. The camera is assumed upright: the direction is searched
    within 30 degrees of image-down.
    """
    angles = np.radians(np.arange(0, 180, 5))
    dirs = np.stack([np.cos(angles), np.sin(angles)], axis=1)
    observed, centres = [], []
    for mask in silhouettes:
        contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
        points = np.vstack(contours).reshape(-1, 2).astype(float)
        hull = cv2.convexHull(points.astype(np.float32)).reshape(-1, 2)
        observed.append(_widths(hull, dirs))
        centres.append(points.mean(axis=0))
    observed = np.array(observed)  # cubes x directions

    best = (np.inf, 0.0, 0.0)
    for tau in _TILTS:
        for phi in np.radians(np.arange(-30, 31, 3)):
            err = float(_fit(observed, dirs, tau, phi)[0].sum())
            if err < best[0]:
                best = (err, tau, phi)
    _, tau, phi = best
    direction = np.array([-np.sin(phi), np.cos(phi)])
    fits = [_fit(observed, dirs, t, phi) for t in _TILTS]
    resid = np.array([f[0] for f in fits])  # tilts x cubes
    k = resid.argmin(axis=0)
    cubes = np.arange(len(observed))
    lengths = np.array([fits[t][1][i] * np.sin(_TILTS[t]) for i, t in zip(cubes, k)])
    along = np.array(centres) @ direction
    if np.ptp(along) < 1e-6 or tau == 0:
        return Rise(tuple(direction), (float(np.median(lengths)) if tau else 0.0, 0.0))
    slope, intercept = np.polyfit(along, lengths, 1)
    slope *= SLOPE_SHRINK
    return Rise(tuple(direction), (float(np.mean(lengths) - slope * np.mean(along)), float(slope)))
