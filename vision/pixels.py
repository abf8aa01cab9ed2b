"""Per-pixel evidence: is this pixel the empty tray (perhaps shadowed), which cube colour, or neither?

Everything here is a likelihood learned from the two calibration photos; there is no
threshold on hue or brightness. The empty tray explains a pixel when the pixel is the
tray's own colour scaled by a shading factor (a shadow darkens, a lamp brightens); a cube
colour explains it when it lies near that colour's learned Gaussian. Each pixel takes the
explanation with the lower negative log-likelihood, and a pixel that neither explains within
``CHI2_UNEXPLAINED`` is *unknown*: a hand, a sleeve, a die, a cube moving too fast.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass, field

import cv2
import numpy as np

SHADE_RANGE = (0.6, 1.12)  # sRGB shading the empty tray may take: a cube's shadow (a third of the light) to a brighter lamp; darker is a cube
PAINT = 0.05  # cubes of one colour differ from the reference cube by a few percent per channel (paint, wood)
CHI2_UNEXPLAINED = 21.1  # chi-square, 3 dof, p = 1e-4: "not this model" for a single pixel
NOISE_GRADIENT = 8.0  # noise of sigma s makes a 3x3 Sobel / 8 gradient up to sqrt(8) s in some channel (p = 1e-4)
BIN = 4  # colour lookup bin width in sRGB levels
BINS = 384 // BIN
POOLED = 3  # pixels: a colour told from the floor by less than the noise is decided over this square
POOLED_SAY = 10.0  # nats: the most one pixel adds to a pooled decision, so a speck of glare cannot outvote its neighbours
BACKGROUND, UNKNOWN = 254, 255
Shade = tuple[np.ndarray | float, np.ndarray | float]  # darkest and brightest shading, per pixel or overall


@dataclass
class Background:
    """The empty tray at working resolution, with the noise a frame may differ from it by."""

    image: np.ndarray  # H x W x 3 float32 sRGB
    inv2var: np.ndarray  # H x W, 1 / (2 sigma^2)
    offset: np.ndarray  # H x W, the normalising constant of the shading-ray likelihood
    norm2: np.ndarray  # H x W, |b|^2
    wobble: np.ndarray  # H x W, how far the shake left after registration moves the shading of the tray's own edges
    _planes: tuple | None = field(default=None, repr=False, compare=False)
    _inv_norm2: np.ndarray | None = field(default=None, repr=False, compare=False)
    _norm2: np.ndarray | None = field(default=None, repr=False, compare=False)

    @classmethod
    def build(cls, image: np.ndarray, noise: float, shift_px: float) -> "Background":
        """``noise`` is the per-channel frame-to-frame sigma; ``shift_px`` the camera shake left
        after registration, which matters only where the tray itself has sharp edges."""
        gx = cv2.Sobel(image, cv2.CV_32F, 1, 0, ksize=3) / 8
        gy = cv2.Sobel(image, cv2.CV_32F, 0, 1, ksize=3) / 8
        grad2 = (gx**2 + gy**2).max(axis=2)
        var = noise**2 + shift_px**2 * grad2
        norm = np.sqrt((image**2).sum(axis=2))
        span = np.maximum(norm * (SHADE_RANGE[1] - SHADE_RANGE[0]), np.sqrt(2 * np.pi * var))
        offset = np.log(span) + np.log(2 * np.pi * var)
        edge = np.sqrt(np.maximum(grad2 - NOISE_GRADIENT * noise**2, 0))  # the tray's own edges, not the sensor's noise
        wobble = shift_px * edge / np.maximum(norm, 1.0)
        return cls(image, (0.5 / var).astype(np.float32), offset.astype(np.float32), np.maximum(norm**2, 1e-3), wobble.astype(np.float32))

    def nll(self, frame: np.ndarray, shade: Shade = SHADE_RANGE) -> tuple[np.ndarray, np.ndarray]:
        """Negative log-likelihood under 'empty tray, shaded', and the chi-square of the residual.

        ``shade`` is the darkest and brightest the tray may be shaded, per pixel or overall: a
        shadow's depth where something could cast one, the lit floor's own flicker elsewhere
        (``vision.shadows``). On the tray's own sharp edges the shake left after registration
        widens it: there a shift, not the light, makes a pixel darker or brighter."""
        return self.nll_projected(self.project(cv2.split(frame)), shade)

    def shading(self, frame: np.ndarray) -> np.ndarray:
        """How much brighter or darker than the empty tray each pixel is, along the tray's own
        colour. In OpenCV's float32, as it runs on every frame."""
        along = cv2.transform(cv2.multiply(np.asarray(frame, np.float32), np.asarray(self.image, np.float32)), np.ones((1, 3), np.float32))
        return cv2.divide(along, np.asarray(self.norm2, np.float32))

    def project(self, planes: tuple[np.ndarray, ...]) -> tuple[np.ndarray, np.ndarray]:
        """A frame's dot products with the tray's colour and with itself, per pixel (from its
        three channel planes): all of the frame that ``nll`` needs, whatever the shading bounds."""
        if self._planes is None:
            self._planes = cv2.split(np.ascontiguousarray(self.image, np.float32))
            self._inv_norm2 = (1 / self.norm2).astype(np.float32)
            self._norm2 = self.norm2.astype(np.float32)
        f0, f1, f2 = planes
        b0, b1, b2 = self._planes
        fb = f0 * b0
        fb += f1 * b1
        fb += f2 * b2
        ff = f0 * f0
        ff += f1 * f1
        ff += f2 * f2
        return fb, ff

    def nll_projected(self, projected: tuple[np.ndarray, np.ndarray], shade: Shade = SHADE_RANGE) -> tuple[np.ndarray, np.ndarray]:
        """``nll`` from ``project``'s dot products."""
        fb, ff = projected
        k = np.minimum(np.maximum(fb * self._inv_norm2, shade[0] - self.wobble), shade[1] + self.wobble)
        # |f - k b|^2 = |f|^2 - 2 k f.b + k^2 |b|^2, without building the residual image
        chi = (ff - k * (2 * fb - k * self._norm2)) * self.inv2var
        np.maximum(chi, 0, out=chi)
        return chi + self.offset, 2 * chi


@dataclass
class ColourModel:
    """One Gaussian per cube colour in illumination-normalised sRGB, baked into a lookup table."""

    means: np.ndarray  # 6 x 3
    covs: np.ndarray  # 6 x 3 x 3

    def table(self) -> tuple[np.ndarray, np.ndarray]:
        """For every colour bin: the best colour's index (or UNKNOWN) and its negative
        log-likelihood, read-only. Made once for these very means and covariances: calibration
        measures the cubes with a counter on the calibration that the session's counter is
        then built on, and a table costs a third of a second."""
        return _baked(self.means.dtype.str, self.means.shape, self.means.tobytes(), self.covs.dtype.str, self.covs.tobytes())

    def _table(self) -> tuple[np.ndarray, np.ndarray]:
        grid = _bin_centres()
        nll = np.empty((len(self.means), len(grid)), np.float32)
        maha = np.empty_like(nll)
        for c in range(len(self.means)):
            maha[c], nll[c] = self._nll(c, grid)
        best = nll.argmin(axis=0)
        best_nll = nll[best, np.arange(len(grid))]
        label = np.where(maha[best, np.arange(len(grid))] > CHI2_UNEXPLAINED, UNKNOWN, best).astype(np.uint8)
        return label, best_nll

    def nll(self, c: int) -> np.ndarray:
        """For every colour bin, colour ``c``'s negative log-likelihood, as in ``table``."""
        return self._nll(c, _bin_centres())[1]

    def _nll(self, c: int, grid: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Colour ``c``'s squared Mahalanobis distance and negative log-likelihood at ``grid``."""
        mu, cov = self.means[c], self.covs[c]
        d = grid - mu
        m2 = np.einsum("ij,jk,ik->i", d, np.linalg.inv(cov), d)
        return m2, (0.5 * m2 + 0.5 * np.log(np.linalg.det(cov)) + 1.5 * np.log(2 * np.pi) + np.log(len(self.means))).astype(np.float32)

    @classmethod
    def fit(cls, samples: list[np.ndarray], noise: float, shading: tuple[float, float]) -> "ColourModel":
        """Fit each colour to its reference cube's pixels, widened along the shading ray so the
        same colour in a neighbour's shadow or tilted towards the lamp still matches, and by
        ``PAINT`` so a cube painted a shade apart from the reference one does too."""
        means, covs = [], []
        factors = np.linspace(shading[0], shading[1], 7, dtype=np.float32)
        for pix in samples:
            aug = (pix[None, :, :] * factors[:, None, None]).reshape(-1, 3)
            means.append(aug.mean(axis=0))
            mean = aug.mean(axis=0)
            covs.append(np.cov(aug, rowvar=False) + np.diag((PAINT * mean) ** 2 + noise**2))
        return cls(np.array(means), np.array(covs))


@functools.lru_cache(maxsize=4)
def _baked(means_dtype: str, shape: tuple[int, ...], means: bytes, covs_dtype: str, covs: bytes) -> tuple[np.ndarray, np.ndarray]:
    n, k = shape
    model = ColourModel(np.frombuffer(means, means_dtype).reshape(n, k), np.frombuffer(covs, covs_dtype).reshape(n, k, k))
    baked = model._table()
    for array in baked:
        array.flags.writeable = False
    return baked


def _bin_centres() -> np.ndarray:
    """Every colour bin's centre, in the order ``lookup_index`` numbers them."""
    centres = (np.arange(BINS, dtype=np.float32) + 0.5) * BIN
    return np.stack(np.meshgrid(centres, centres, centres, indexing="ij"), axis=-1).reshape(-1, 3)


def lookup_index(normalised: np.ndarray) -> np.ndarray:
    q = np.clip(normalised * (1 / BIN), 0, BINS - 1).astype(np.int32)
    return (q[..., 0] * BINS + q[..., 1]) * BINS + q[..., 2]


class Evidence:
    """One frame's pixels, ready to be labelled under any shading bounds: what the colours
    make of a pixel does not depend on the bounds, nor does the frame's projection on the
    tray's colour, so labelling again under the bounds the first labelling's casters set
    costs only the last step."""

    def __init__(self, frame: np.ndarray, illumination: np.ndarray, background: Background, table: tuple[np.ndarray, np.ndarray]):
        planes = cv2.split(frame)
        self.background = background
        self.projected = background.project(planes)
        step = (1 / BIN) / illumination
        idx = np.zeros(frame.shape[:2], np.int32)
        for plane in planes:  # the colour bin, channel by channel: ((b0 * BINS) + b1) * BINS + b2
            idx *= BINS
            idx += np.minimum(plane * step, BINS - 1).astype(np.int32)
        self.bins = idx
        self.colour = table[0][idx]
        self.colour_nll = table[1][idx]

    def labels(self, shade: Shade = SHADE_RANGE, pooled: tuple[int, np.ndarray] | None = None) -> np.ndarray:
        """A label image: colour index 0..5, BACKGROUND or UNKNOWN; ``shade`` as in ``Background.nll``.

        ``pooled``, a colour and its ``ColourModel.nll`` per bin: that colour and the floor are
        told apart over ``POOLED`` pixels square, by the sum of their log-likelihood ratios, not
        pixel by pixel. A black cube's top on black felt can differ from the floor by less than
        the sensor's noise: pixel by pixel, half of it can be read as floor and the cleaning of
        the specks takes the rest. The pixels of one flat face share one colour, so their
        evidence adds up. It costs something too: where another cube's shadow falls past the
        reach learned for shadows, its dark band can pool into a black patch (a black cube
        counted where there is none, with a doubt)."""
        bg_nll, bg_chi = self.background.nll_projected(self.projected, shade)
        is_bg = np.where(self.colour == UNKNOWN, bg_chi <= CHI2_UNEXPLAINED, bg_nll <= self.colour_nll)
        labels = np.where(is_bg, BACKGROUND, self.colour).astype(np.uint8)
        if pooled is None:
            return labels
        colour, nll = pooled
        say = np.clip(bg_nll - nll[self.bins], -POOLED_SAY, POOLED_SAY)
        either = (labels == colour) | is_bg
        return np.where(either, np.where(cv2.blur(say, (POOLED, POOLED)) > 0, colour, BACKGROUND), labels).astype(np.uint8)
