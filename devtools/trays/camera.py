"""A simulated camera: from a renderer's linear image to the JPEG a phone or webcam sends.

A counter that has only seen clean renders fails on the colour fringes, noise and
sharpening halos of real cameras, so each step a real camera takes is here, randomised:
lens distortion and vignetting, defocus and shake, exposure, the sensor's own colour
response, a Bayer mosaic, shot and read noise, demosaicing (OpenCV's), an imperfect white
balance and colour matrix, a tone curve, noise reduction, sharpening and JPEG with 4:2:0
chroma.
numpy and OpenCV only, so it is tested without a renderer installed.
"""
from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from devtools.trays.scene import Camera

# OpenCV names a Bayer conversion by the second row's first two pixels; keyed here by the
# first row's (what a sensor's datasheet gives), checked by the mosaic round-trip test.
DEMOSAIC = {
    "RGGB": (cv2.COLOR_BayerBG2RGB, cv2.COLOR_BayerBG2RGB_EA, cv2.COLOR_BayerBG2RGB_VNG),
    "BGGR": (cv2.COLOR_BayerRG2RGB, cv2.COLOR_BayerRG2RGB_EA, cv2.COLOR_BayerRG2RGB_VNG),
    "GRBG": (cv2.COLOR_BayerGB2RGB, cv2.COLOR_BayerGB2RGB_EA, cv2.COLOR_BayerGB2RGB_VNG),
    "GBRG": (cv2.COLOR_BayerGR2RGB, cv2.COLOR_BayerGR2RGB_EA, cv2.COLOR_BayerGR2RGB_VNG),
}
_CHANNEL = {"R": 0, "G": 1, "B": 2}
WHITE_LEVEL = 4095  # a 12-bit sensor


@dataclass(frozen=True)
class Pipeline:
    """One camera's settings; ``sample_pipeline`` draws them."""

    exposure: float  # stops from the auto-exposure's choice
    key: float  # the mean linear level auto-exposure aims for
    sensor: np.ndarray  # 3x3: scene linear RGB to the sensor's RGB
    pattern: str
    demosaic: int  # index into DEMOSAIC[pattern]
    shot: float  # shot-noise variance per unit signal (white = 1)
    read: float  # read-noise standard deviation (white = 1)
    white_balance: float  # how much of the light's colour the camera's estimate removes (1: all)
    grey_world: float  # how far the estimate is pulled by the picture's mean colour (a green cloth tints it)
    matrix_error: float  # how far the camera's colour matrix misses the sensor's inverse
    gamma: float
    contrast: float
    sharpen: float
    sharpen_radius: float
    chroma_denoise: float  # Gaussian sigma on the colour planes, pixels
    luma_denoise: float  # edge-preserving smoothing of brightness, 0 none
    defocus: float  # Gaussian sigma, pixels
    shake: tuple[float, float]  # motion blur, pixels
    vignette: float
    quality: int


def sample_pipeline(rng: np.random.Generator) -> Pipeline:
    crosstalk = rng.uniform(0.0, 0.25, (3, 3)) * (1 - np.eye(3))
    sensor = np.eye(3) + crosstalk
    sensor /= sensor.sum(1, keepdims=True)
    shake = rng.uniform(0, 3, 2) * (rng.random() < 0.3)
    return Pipeline(
        exposure=float(rng.normal(0, 0.45)),
        key=float(rng.uniform(0.12, 0.22)),
        sensor=sensor,
        pattern=str(rng.choice(list(DEMOSAIC))),
        demosaic=int(rng.integers(3)),
        shot=float(np.exp(rng.uniform(np.log(2e-5), np.log(1e-3)))),
        read=float(np.exp(rng.uniform(np.log(3e-4), np.log(4e-3)))),
        white_balance=float(rng.uniform(0.5, 1.0)),
        grey_world=float(rng.uniform(0.0, 0.3)),
        matrix_error=float(rng.uniform(0, 0.08)),
        gamma=float(rng.uniform(2.0, 2.6)),
        contrast=float(rng.uniform(0, 0.35)),
        sharpen=float(rng.uniform(0, 1.5)),
        sharpen_radius=float(rng.uniform(0.6, 2.0)),
        chroma_denoise=float(rng.uniform(0, 2.5)),
        luma_denoise=float(rng.uniform(0, 1)),
        defocus=float(rng.uniform(0, 1.2)),
        shake=(float(shake[0]), float(shake[1])),
        vignette=float(rng.uniform(0, 0.4)),
        quality=int(rng.integers(55, 96)),
    )


def neutral_pipeline(**changes) -> Pipeline:
    """A camera that changes nothing but noise, tone curve and JPEG: what tests compare against."""
    values = dict(
        exposure=0.0, key=0.18, sensor=np.eye(3), pattern="RGGB", demosaic=0, shot=1e-4, read=1e-3,
        white_balance=0.0, grey_world=0.0, matrix_error=0.0, gamma=2.2, contrast=0.0, sharpen=0.0, sharpen_radius=1.0,
        chroma_denoise=0.0, luma_denoise=0.0,
        defocus=0.0, shake=(0.0, 0.0), vignette=0.0, quality=95,
    )
    values.update(changes)
    return Pipeline(**values)


def distort(image: np.ndarray, camera: Camera) -> np.ndarray:
    """The ideal pinhole ``image`` (any size, same focal length and centre) seen through the
    camera's lens: radial distortion, cropped to the camera's frame."""
    h, w = image.shape[:2]
    yy, xx = np.mgrid[0 : camera.height, 0 : camera.width].astype(np.float64)
    source = camera.undistort(np.stack([xx, yy], -1) + 0.5) - 0.5
    offset = np.array([(w - camera.width) / 2, (h - camera.height) / 2])
    maps = (source + offset).astype(np.float32)
    return cv2.remap(image, maps[..., 0], maps[..., 1], cv2.INTER_LINEAR, borderMode=cv2.BORDER_REFLECT)


def optics(linear: np.ndarray, p: Pipeline) -> np.ndarray:
    """Vignetting, defocus and camera shake on the linear image."""
    h, w = linear.shape[:2]
    out = linear.astype(np.float32)
    if p.vignette:
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        r2 = ((xx - w / 2) ** 2 + (yy - h / 2) ** 2) / ((w / 2) ** 2 + (h / 2) ** 2)
        out = out * (1 - p.vignette * r2)[..., None]
    if p.defocus > 0.3:
        out = cv2.GaussianBlur(out, (0, 0), p.defocus)
    length = float(np.hypot(*p.shake))
    if length >= 1:
        n = int(np.ceil(length))
        kernel = np.zeros((2 * n + 1, 2 * n + 1), np.float32)
        cv2.line(kernel, (n, n), (int(round(n + p.shake[0])), int(round(n + p.shake[1]))), 1.0, 1, cv2.LINE_AA)
        out = cv2.filter2D(out, -1, kernel / kernel.sum())
    return out


def mosaic(rgb: np.ndarray, pattern: str) -> np.ndarray:
    """One colour sample a pixel, as a Bayer sensor records: ``pattern`` names the 2x2 tile's
    first row then second row (RGGB: red top left)."""
    raw = np.empty(rgb.shape[:2], rgb.dtype)
    for k, letter in enumerate(pattern):
        dy, dx = divmod(k, 2)
        raw[dy::2, dx::2] = rgb[dy::2, dx::2, _CHANNEL[letter]]
    return raw


def demosaic(raw: np.ndarray, pattern: str, method: int = 0) -> np.ndarray:
    """OpenCV's demosaicing of a 16-bit raw frame (bilinear, edge-aware or VNG), as RGB.
    VNG works on 8 bits only, so it gets the top 8 of 12."""
    code = DEMOSAIC[pattern][method]
    if method == 2:
        return cv2.cvtColor((raw >> 4).astype(np.uint8), code).astype(np.uint16) << 4
    return cv2.cvtColor(raw, code)


def tone(linear: np.ndarray, gamma: float, contrast: float) -> np.ndarray:
    """Display values 0..1 from linear: a power curve, then an S-curve for ``contrast``."""
    v = np.power(np.clip(linear, 0, 1), 1 / gamma)
    return v + contrast * v * (1 - v) * (2 * v - 1) * 2


def encode_jpeg(rgb: np.ndarray, quality: int, subsampling: str = "420") -> bytes:
    """JPEG bytes of an 8-bit RGB image, with chroma at half resolution both ways by default."""
    factor = {"420": cv2.IMWRITE_JPEG_SAMPLING_FACTOR_420, "444": cv2.IMWRITE_JPEG_SAMPLING_FACTOR_444}[subsampling]
    ok, buf = cv2.imencode(".jpg", rgb[..., ::-1], [cv2.IMWRITE_JPEG_QUALITY, quality, cv2.IMWRITE_JPEG_SAMPLING_FACTOR, factor])
    if not ok:
        raise RuntimeError("OpenCV could not encode the JPEG")
    return buf.tobytes()


def denoise(display: np.ndarray, p: Pipeline) -> np.ndarray:
    """A phone's noise reduction: colour planes blurred, brightness smoothed along edges."""
    if p.chroma_denoise < 0.3 and p.luma_denoise < 0.05:
        return display
    ycc = cv2.cvtColor(np.clip(display, 0, 1).astype(np.float32), cv2.COLOR_RGB2YCrCb)
    if p.chroma_denoise >= 0.3:
        for c in (1, 2):
            ycc[..., c] = cv2.GaussianBlur(ycc[..., c], (0, 0), p.chroma_denoise)
    if p.luma_denoise >= 0.05:
        ycc[..., 0] = cv2.bilateralFilter(ycc[..., 0], 5, 0.08 * p.luma_denoise, 2.0)
    return cv2.cvtColor(ycc, cv2.COLOR_YCrCb2RGB)


def develop(
    linear: np.ndarray, p: Pipeline, rng: np.random.Generator, illuminant: np.ndarray | None = None
) -> tuple[np.ndarray, bytes]:
    """The camera's picture of a linear RGB image (already distorted to the frame) lit by
    ``illuminant`` (linear RGB, the lamps' mixed colour; None: white): the 8-bit RGB it
    sends, and its JPEG bytes (decode those to get what a counter receives)."""
    image = optics(linear, p)
    luma = image.mean(-1)
    gain = p.key / max(float(np.mean(np.clip(luma, 0, 4))), 1e-6) * 2.0**p.exposure
    brightest = float(np.percentile(image.max(-1), 99.5))
    gain = min(gain, 2.0**p.exposure / max(brightest, 1e-6))  # metering keeps the brightest paint unclipped (glints may clip)
    sensor = np.clip(image * gain, 0, None) @ p.sensor.T
    raw = mosaic(sensor, p.pattern)
    raw = raw + rng.normal(0, 1, raw.shape) * np.sqrt(p.shot * np.clip(raw, 0, None) + p.read**2)
    raw16 = np.clip(np.round(raw * WHITE_LEVEL), 0, WHITE_LEVEL).astype(np.uint16)
    rgb = demosaic(raw16, p.pattern, p.demosaic).astype(np.float32) / WHITE_LEVEL
    unclipped = rgb[rgb.max(-1) < 0.98]
    means = unclipped.mean(0) if len(unclipped) else rgb.reshape(-1, 3).mean(0)
    grey_world = means[1] / np.maximum(means, 1e-6)
    light = p.sensor @ (np.ones(3) if illuminant is None else np.asarray(illuminant, float))
    rgb = rgb * ((light[1] / light) ** p.white_balance * grey_world**p.grey_world).astype(np.float32)
    error = np.eye(3) + rng.normal(0, p.matrix_error, (3, 3))
    correction = error @ np.linalg.inv(p.sensor)
    correction /= correction.sum(1, keepdims=True)
    rgb = rgb @ correction.T
    display = denoise(tone(rgb, p.gamma, p.contrast), p)
    if p.sharpen > 0:
        blurred = cv2.GaussianBlur(display, (0, 0), p.sharpen_radius)
        display = display + p.sharpen * (display - blurred)
    out = np.clip(np.round(display * 255), 0, 255).astype(np.uint8)
    return out, encode_jpeg(out, p.quality)


def decode_jpeg(data: bytes) -> np.ndarray:
    """RGB of JPEG bytes."""
    return cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)[..., ::-1]
