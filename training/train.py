"""A reproducible training run of the learned counter, from a configuration file.

    .venv/bin/python -m training.train training/configs/lean32.json [--out DIR] [--stop-after EPOCHS]

Writes ``<name>.pt`` (the weights), ``<name>.onnx`` (what ``training.infer`` runs with OpenCV)
and ``<name>.json``, the manifest: the configuration, the seed, the data it was trained on
(the data folders' descriptions and a hash of their sample files), the torch and onnx
versions, the ONNX file's SHA-256 and how closely OpenCV's ``dnn`` reproduces torch's output.
The same configuration, data and versions give the same weights on a CPU: every random draw
comes from the seed, torch runs deterministic algorithms on a fixed number of threads. A
stopped run (killed, or ``--stop-after``) leaves its state after its last whole epoch in
``<name>.checkpoint.pt``, and the same command goes on from there to the same weights.
"""
from __future__ import annotations

import argparse
import copy
import hashlib
import json
import platform
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np
import torch

from training import checkpoint, data, infer
from vision.learned import CUBE_AT, NEIGHBOURS, decode, peaks_apart
from vision.learned_input import MAX_COLOURS, named_colours, network_input, reference_colours, roi_of, slot_planes
from training.model import OUT_CHANNELS, STRIDE, TrayNet, parameters_bytes


@dataclass
class _Crop:
    """One sample held in memory, already cut to the tray at ``zoom`` times the input scale."""

    frame: np.ndarray
    empty: np.ndarray
    colours: np.ndarray  # reference colours, BGR 0..1, in the sample's colour order
    tops: np.ndarray  # counted cubes' top centres in crop pixels, N x 2
    slots: np.ndarray  # their colour index, N
    named: np.ndarray  # the colours' nominal paints (``vision.learned_input.named_colours``), in the sample's colour order


def _prepare(path: Path, cube_px: float, zoom: float, way: str) -> _Crop:
    s = data.load(path)
    roi = roi_of(s.tray, s.image.shape[1::-1])
    scale = zoom * cube_px / s.cube_edge_px
    x, y, w, h = roi
    size = (max(16, round(w * scale)), max(16, round(h * scale)))
    frame, empty = (cv2.resize(img[y : y + h, x : x + w], size, interpolation=cv2.INTER_AREA) for img in (s.image, s.empty))
    counted = [c for c in s.cubes if c["counted"]]
    tops = np.array([[(c["top"][0] - x) * scale, (c["top"][1] - y) * scale] for c in counted], np.float32).reshape(-1, 2)
    slots = np.array([s.colours.index(c["colour"]) for c in counted], np.int64)
    return _Crop(frame, empty, reference_colours(s.reference, s.reference_tops, s.cube_edge_px, way), tops, slots, named_colours(s.colours))


@dataclass
class _Held:
    """A validation photo, as the counter will see it: the whole tray crop."""

    x: torch.Tensor
    colours: list[str]
    colours_bgr: np.ndarray
    to_frame: tuple[float, float, float]
    counts: dict[str, int]
    tray: np.ndarray
    apart: float = NEIGHBOURS  # heatmap cells between two cubes' peaks (``vision.learned.peaks_apart``)


def _held(path: Path, cube_px: float, way: str, names: bool = False) -> _Held:
    s = data.load(path)
    roi = roi_of(s.tray, s.image.shape[1::-1])
    colours_bgr = reference_colours(s.reference, s.reference_tops, s.cube_edge_px, way)
    x, scale = network_input(s.image, s.empty, colours_bgr, roi, s.cube_edge_px, cube_px, named_colours(s.colours) if names else None)
    return _Held(torch.from_numpy(x), s.colours, colours_bgr, (scale, roi[0], roi[1]), s.counts, s.tray, peaks_apart(cube_px))


CUBE_THRESHOLDS = tuple(round(0.2 + 0.05 * i, 2) for i in range(11))  # the peak probabilities tried as a cube's threshold


@dataclass
class Checked:
    """A validation pass at one cube threshold: each photo's (all counts exact, confidence),
    and the cubes miscounted a photo (what tells two checks apart while few photos are exact)."""

    cube_at: float
    results: list[tuple[bool, float]]
    cubes_off: float

    @property
    def exact(self) -> float:
        return float(np.mean([right for right, _ in self.results]))

    def key(self) -> tuple[float, float]:
        return self.exact, -self.cubes_off


def validate(model: torch.nn.Module, held: list[_Held]) -> Checked:
    """The validation photos decoded as ``training.infer`` does, at the cube threshold that
    counts them best (most photos exact, then fewest cubes off). An undertrained network's
    peaks stay low: a threshold fixed at one half would hide what it already finds."""
    model.eval()
    outputs = []
    with torch.no_grad():
        for h in held:
            output = model(h.x)[0].numpy().copy()
            output[0] = 1 / (1 + np.exp(-output[0]))
            outputs.append(output)
    model.train()
    checks = []
    for cube_at in CUBE_THRESHOLDS:
        readings = [decode(o, h.colours, h.colours_bgr, h.to_frame, cube_at, h.tray, h.apart) for o, h in zip(outputs, held)]
        off = np.mean([sum(abs(r.counts[c] - h.counts[c]) for c in h.colours) for r, h in zip(readings, held)])
        checks.append(Checked(cube_at, [(r.counts == h.counts, r.confidence) for r, h in zip(readings, held)], float(off)))
    return max(checks, key=lambda c: (c.key(), -abs(c.cube_at - CUBE_AT)))


def heatmap_target(tops: np.ndarray, colours: np.ndarray, shape: tuple[int, int], sigma: float) -> np.ndarray:
    """A Gaussian of ``sigma`` cells at each cube's top centre (input pixels), exactly 1 in the
    cell holding it (CenterNet's target), then in that cell the cube's reference colour
    (``colours``, one BGR row per cube)."""
    h, w = shape
    target = np.zeros((OUT_CHANNELS, h, w), np.float32)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    for (x, y), colour in zip(tops / STRIDE, colours):
        cx, cy = int(x), int(y)
        if not (0 <= cx < w and 0 <= cy < h):
            continue
        g = np.exp(-((xx - cx) ** 2 + (yy - cy) ** 2) / (2 * sigma**2))
        np.maximum(target[0], g, out=target[0])
        target[0, cy, cx] = 1.0
        target[1:, cy, cx] = colour
    return target


def _augment(crop: _Crop, cfg: dict, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """One randomised training input and its target.

    Geometry: a scale around the calibrated one, a mirror (and, where the configuration asks,
    upside down: the camera on the tray's other side), a random window. Light and camera: a
    white balance, tone curve and saturation shared by the throw, the empty tray and the
    reference colours (one camera took all three) and, sometimes, the camera's sharpening of
    both photos; then the throw's own exposure drift, blur and noise.
    Another camera's JPEG over the throw, sometimes. Colour order: the reference planes are shuffled, so no slot's place ties it to a colour name;
    the network answers with a colour, which the reference colours name. With ``colour_names``
    each slot's name (its nominal paint, which no camera changes) is shuffled with it. With ``colour_choice``
    the target carries those shuffled reference planes after the colour, for ``loss_of``."""
    aug = cfg["augment"]
    ph, pw = cfg["patch"]
    zoom = rng.uniform(*aug["scale"]) / cfg["zoom"]
    frame = cv2.resize(crop.frame, None, fx=zoom, fy=zoom, interpolation=cv2.INTER_AREA)
    empty = cv2.resize(crop.empty, frame.shape[1::-1], interpolation=cv2.INTER_AREA)
    tops = crop.tops * zoom
    if rng.random() < 0.5:
        frame, empty = frame[:, ::-1], empty[:, ::-1]
        tops = np.stack([frame.shape[1] - tops[:, 0], tops[:, 1]], 1) if len(tops) else tops
    if aug.get("upside_down") and rng.random() < 0.5:
        frame, empty = frame[::-1], empty[::-1]
        tops = np.stack([tops[:, 0], frame.shape[0] - tops[:, 1]], 1) if len(tops) else tops
    pad_h, pad_w = max(0, ph - frame.shape[0]), max(0, pw - frame.shape[1])
    frame = cv2.copyMakeBorder(np.ascontiguousarray(frame), 0, pad_h, 0, pad_w, cv2.BORDER_REPLICATE)
    empty = cv2.copyMakeBorder(np.ascontiguousarray(empty), 0, pad_h, 0, pad_w, cv2.BORDER_REPLICATE)
    y0 = int(rng.integers(0, frame.shape[0] - ph + 1)) // STRIDE * STRIDE
    x0 = int(rng.integers(0, frame.shape[1] - pw + 1)) // STRIDE * STRIDE
    frame = frame[y0 : y0 + ph, x0 : x0 + pw].astype(np.float32) / 255.0
    empty = empty[y0 : y0 + ph, x0 : x0 + pw].astype(np.float32) / 255.0
    tops = tops - [x0, y0] if len(tops) else tops

    gains = np.exp(rng.uniform(-1, 1, 3) * aug["white_balance"]).astype(np.float32)
    gamma = float(np.exp(rng.uniform(-1, 1) * aug["gamma"]))
    refs = crop.colours.copy()

    saturation = float(np.exp(rng.uniform(-1, 1) * aug["saturation"])) if "saturation" in aug else None

    def camera(img: np.ndarray) -> np.ndarray:
        img = np.clip(img * gains, 0, 1) ** gamma
        if saturation is None:
            return img
        grey = img.mean(axis=-1, keepdims=True)
        return np.clip(grey + saturation * (img - grey), 0, 1)

    frame, empty, refs = camera(frame), camera(empty), camera(refs)
    if "sharpen_p" in aug and rng.random() < aug["sharpen_p"]:
        amount, sigma = rng.uniform(0.3, 1.5), rng.uniform(0.7, 1.5)
        frame, empty = (img + amount * (img - cv2.GaussianBlur(img, (0, 0), sigma)) for img in (frame, empty))
    frame = frame * float(np.exp(rng.uniform(-1, 1) * aug["exposure"]))
    if rng.random() < aug["blur_p"]:
        frame = cv2.GaussianBlur(frame, (0, 0), rng.uniform(0.5, 1.2))
    frame = frame + rng.normal(0, rng.uniform(0, aug["noise"]), frame.shape).astype(np.float32)
    if rng.random() < aug.get("jpeg_p", 0.0):
        frame = through_jpeg(frame, int(rng.integers(*aug["jpeg_quality"])))
    empty = empty + rng.normal(0, rng.uniform(0, aug["noise"]), empty.shape).astype(np.float32)

    order = rng.permutation(len(refs))
    planes = slot_planes([refs[order]] + ([crop.named[order]] if cfg.get("colour_names") else []), (ph, pw))
    x = np.concatenate([np.clip(frame, 0, 1).transpose(2, 0, 1), np.clip(empty, 0, 1).transpose(2, 0, 1), planes])
    target = heatmap_target(tops, refs[crop.slots].reshape(-1, 3), (ph // STRIDE, pw // STRIDE), cfg["sigma"])
    if cfg.get("colour_choice"):
        target = np.concatenate([target, planes[: 3 * MAX_COLOURS, : ph // STRIDE, : pw // STRIDE]])
    return x.astype(np.float32), target


def through_jpeg(img: np.ndarray, quality: int) -> np.ndarray:
    """``img`` (0..1) through a JPEG at ``quality``: the blocks and colour bleeding of another
    camera's compression, so the path tracer's own JPEG is not the only one the network knows."""
    _, buf = cv2.imencode(".jpg", (np.clip(img, 0, 1) * 255).astype(np.uint8), [cv2.IMWRITE_JPEG_QUALITY, quality])
    return cv2.imdecode(buf, cv2.IMREAD_COLOR).astype(np.float32) / 255.0


CHOICE_SCALE = 0.01  # squared colour distance (BGR 0..1) worth one logit when the colour is scored as a choice


def loss_of(output: torch.Tensor, target: torch.Tensor, colour_weight: float, choice_weight: float = 0.0) -> torch.Tensor:
    """The centres' focal loss plus the colour's L1 error in the cubes' own cells; with
    ``choice_weight``, also the cross-entropy of the colour read as a choice among the
    reference colours the input showed (the target's channels after the colour), the way
    ``vision.learned.decode`` names it: L1 alone pulls a blue cube's answer toward blue but
    does not push it away from a near purple."""
    at_cube = target[:, :1].eq(1).float()
    cubes = at_cube.sum().clamp(min=1)
    colour = (torch.abs(output[:, 1:OUT_CHANNELS] - target[:, 1:OUT_CHANNELS]) * at_cube).sum() / cubes
    loss = focal_loss(output[:, :1], target[:, :1]) + colour_weight * colour
    if choice_weight:
        refs = target[:, OUT_CHANNELS:, :1, :1].reshape(target.shape[0], -1, 3, 1, 1)
        named = -((output[:, None, 1:OUT_CHANNELS] - refs) ** 2).sum(2) / CHOICE_SCALE
        truth = ((target[:, None, 1:OUT_CHANNELS] - refs) ** 2).sum(2).argmin(1)
        choice = torch.nn.functional.cross_entropy(named, truth, reduction="none")
        loss = loss + choice_weight * (choice * at_cube[:, 0]).sum() / cubes
    return loss


def focal_loss(logits: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
    """CenterNet's penalty-reduced focal loss, per counted cube."""
    p = torch.sigmoid(logits).clamp(1e-4, 1 - 1e-4)
    pos = target.eq(1).float()
    neg = 1 - pos
    pos_loss = -(torch.log(p) * (1 - p) ** 2 * pos).sum()
    neg_loss = -(torch.log(1 - p) * p**2 * (1 - target) ** 4 * neg).sum()
    return (pos_loss + neg_loss) / pos.sum().clamp(min=1)


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def export_onnx(model: TrayNet, path: Path, shape: tuple[int, int], float16: bool = False) -> float:
    """Writes the counter's ONNX file (any input size) and returns the largest difference
    between OpenCV's ``dnn`` output and torch's on a random input of ``shape``."""
    return export_onnx_of(model, path, (1, model.in_channels, *shape), "heatmap", float16)


def export_onnx_of(model: torch.nn.Module, path: Path, shape: tuple[int, ...], output: str, float16: bool = False) -> float:
    """Writes a network's ONNX file, its input's height and width free, and returns the
    largest difference between OpenCV's ``dnn`` output and torch's on a random input of
    ``shape``. With ``float16`` the weights are stored in half precision (``halve_weights``)."""
    model.eval()
    x = torch.rand(*shape, generator=torch.Generator().manual_seed(0))
    torch.onnx.export(
        model, (x,), str(path), dynamo=False, opset_version=17, input_names=["input"], output_names=[output],
        dynamic_axes={"input": {2: "height", 3: "width"}, output: {2: "rows", 3: "cols"}},
    )
    if float16:
        halve_weights(path)
    with torch.no_grad():
        expected = model(x).numpy()
    net = cv2.dnn.readNetFromONNX(str(path))
    net.setInput(x.numpy())
    return float(np.abs(net.forward() - expected).max())


def halve_weights(path: Path) -> None:
    """Stores the ONNX file's float weights in half precision, each cast back to float by a
    node of its own, so the network still computes in float: the file is half the size (a
    width-32 counter's 5.2 MB would not fit the 5 MB a committed model may take) and OpenCV
    casts once when it reads the file, so a frame takes no longer. The outputs move by a few
    thousandths, which the manifest's ``opencv_max_abs_diff`` records."""
    import onnx
    from onnx import helper, numpy_helper

    proto = onnx.load(str(path))
    weights, casts = [], []
    for tensor in proto.graph.initializer:
        values = numpy_helper.to_array(tensor)
        if values.dtype != np.float32:
            weights.append(tensor)
            continue
        weights.append(numpy_helper.from_array(values.astype(np.float16), f"{tensor.name}.half"))
        casts.append(helper.make_node("Cast", [f"{tensor.name}.half"], [tensor.name], to=onnx.TensorProto.FLOAT))
    nodes = casts + list(proto.graph.node)
    del proto.graph.initializer[:], proto.graph.node[:]
    proto.graph.initializer.extend(weights)
    proto.graph.node.extend(nodes)
    onnx.checker.check_model(proto)
    onnx.save(proto, str(path))


def network_of(cfg: dict) -> TrayNet:
    """The untrained network a configuration describes, in its memory layout (``layout_of``)."""
    return TrayNet(cfg["width"], bool(cfg.get("normalise", False)), bool(cfg.get("colour_branch", False)),
                   bool(cfg.get("references_as_bias", False)), bool(cfg.get("light_ratio", False)),
                   cfg.get("separable", ()), bool(cfg.get("colour_names", False))).to(memory_format=layout_of(cfg))


def layout_of(cfg: dict) -> torch.memory_format:
    """How a configuration's tensors lie in memory: ``channels_last`` on asking, which makes a
    training step faster on one core (``bench/train_step.py``) but moves the float sums, so a
    configuration trained without it keeps the plain layout and its weights."""
    return torch.channels_last if cfg.get("channels_last") else torch.contiguous_format


def train(config_path: Path, out: Path, stop_after: int | None = None) -> dict:
    """Train from ``config_path``; writes the weights, the ONNX file and the manifest into
    ``out`` and returns the manifest. A stopped run of the same configuration in ``out`` goes
    on from its last whole epoch (``training.checkpoint``); ``stop_after`` epochs of this
    sitting, it stops and leaves its state for the next."""
    cfg = json.loads(config_path.read_text(encoding="utf-8"))
    seed = int(cfg["seed"])
    torch.manual_seed(seed)
    torch.set_num_threads(int(cfg.get("threads", 2)))
    torch.use_deterministic_algorithms(True)
    rng = np.random.default_rng(seed)
    paths = [p for entry in cfg["data"] for p in data.selected(entry)[1]]
    started = time.time()
    way = cfg.get("reference_colours", "top centre")
    crops = [_prepare(p, cfg["cube_px"], cfg["zoom"], way) for p in paths]
    held = [_held(p, cfg["cube_px"], way, bool(cfg.get("colour_names", False))) for entry in cfg.get("validation", []) for p in data.selected(entry)[1]]
    every = int(cfg.get("validate_every", 1))
    best: tuple[tuple[float, float], int, dict, Checked] | None = None
    held_log: list = []
    log: list = []
    runs = {"data": data.record(cfg["data"]), "validation": data.record(cfg.get("validation", []))}

    model = network_of(cfg)
    layout = layout_of(cfg)
    averaged = averaged_model(model, cfg.get("average"))
    judged = model if averaged is None else averaged.module

    def save(kept: tuple | None, epochs_run: int) -> dict:
        return _save(out, config_path, cfg, judged, kept, epochs_run, runs, held_log, log, started)

    opt = torch.optim.AdamW(model.parameters(), lr=cfg["lr"], weight_decay=cfg["weight_decay"])
    steps = cfg["epochs"] * (len(crops) // cfg["batch"])
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=cfg["lr"], total_steps=steps, pct_start=0.1)
    stopped = checkpoint.path_of(out, cfg["name"])
    done = 0
    state = checkpoint.load(stopped, cfg)
    if state is not None:
        model.load_state_dict(state["model"])
        if averaged is not None:
            averaged.load_state_dict(state["averaged"])
        opt.load_state_dict(state["optimiser"])
        sched.load_state_dict(state["schedule"])
        rng.bit_generator.state = state["rng"]
        torch.set_rng_state(state["torch_rng"])
        done, log, held_log, best = state["epochs_done"], state["log"], state["held_log"], state["best"]
        started -= state["seconds"]
        print(f"resuming after epoch {done} of {cfg['epochs']}", flush=True)
    model.train()
    for epoch in range(done, cfg["epochs"]):
        log.append(epoch_loss(model, crops, lambda c, r: _augment(c, cfg, r), lambda out, y: loss_of(out, y, cfg["colour_weight"], cfg.get("colour_choice", 0.0)),
                              opt, sched, cfg["batch"], rng, None if averaged is None else lambda: averaged.update_parameters(model), layout))
        shown = ""
        if held and ((epoch + 1) % every == 0 or epoch + 1 == cfg["epochs"]):
            check = validate(judged, held)
            held_log.append([epoch + 1, round(check.exact, 4), check.cube_at, round(check.cubes_off, 3)])
            if best is None or check.key() >= best[0]:  # the later of equals: the schedule has cooled further
                best = (check.key(), epoch + 1, copy.deepcopy(judged.state_dict()), check)
                save(best, epoch + 1)
            shown = f", validation exact {check.exact:.3f} at cube {check.cube_at}, {check.cubes_off:.2f} cubes off"
        print(f"epoch {epoch + 1}/{cfg['epochs']} loss {log[-1]:.4f}{shown} ({time.time() - started:.0f} s)", flush=True)
        if epoch + 1 < cfg["epochs"]:
            checkpoint.save(stopped, cfg, {
                "model": model.state_dict(), "optimiser": opt.state_dict(), "schedule": sched.state_dict(),
                **({} if averaged is None else {"averaged": averaged.state_dict()}),
                "rng": rng.bit_generator.state, "torch_rng": torch.get_rng_state(), "epochs_done": epoch + 1,
                "log": log, "held_log": held_log, "best": best, "seconds": time.time() - started})
            if stop_after is not None and epoch + 1 - done >= stop_after:
                return save(best, epoch + 1)
    manifest = save(best, cfg["epochs"])
    stopped.unlink(missing_ok=True)
    return manifest


def _save(
    out: Path, config_path: Path, cfg: dict, model: torch.nn.Module, best: tuple | None, epochs_run: int,
    runs: dict, held_log: list, log: list, started: float,
) -> dict:
    """The weights (the kept epoch's, else the last), the ONNX file and the manifest, as they
    stand after ``epochs_run`` epochs. Written at every better validation as well as at the
    end, so a run stopped early leaves its best epoch so far, which the same configuration
    reproduces: epoch k's weights do not depend on how many epochs followed."""
    validation = None
    if best is not None:
        model = copy.deepcopy(model)
        model.load_state_dict(best[2])
        check = best[3]
        results = check.results
        threshold = infer.sure_threshold(results)
        sure = [right for right, conf in results if conf >= threshold]
        validation = {
            **runs["validation"],
            "exact_by_epoch": held_log,
            "by_epoch_columns": ["epoch", "all counts exact", "cube threshold", "cubes off a photo"],
            "kept_epoch": best[1],
            "all_counts_exact": round(check.exact, 4),
            "cubes_off_per_photo": round(check.cubes_off, 3),
            "cube_at": check.cube_at,
            "sure_confidence": threshold,
            "unsure_share": round(1 - len(sure) / len(results), 4),
        }
    out.mkdir(parents=True, exist_ok=True)
    name = cfg["name"]
    torch.save(model.state_dict(), out / f"{name}.pt")
    onnx_path = out / f"{name}.onnx"
    mismatch = export_onnx(model, onnx_path, tuple(cfg["patch"]), bool(cfg.get("float16", False)))
    manifest = {
        "name": name,
        "config": cfg,
        "config_file": str(config_path),
        "seed": int(cfg["seed"]),
        "data": runs["data"],
        **made_with(),
        "epochs_run": epochs_run,
        "train_seconds": round(time.time() - started),
        "loss_by_epoch": list(log),
        "validation": validation,
        "parameters_bytes": parameters_bytes(model),
        "onnx": onnx_record(onnx_path, mismatch),
        "input": {"cube_px": cfg["cube_px"], "reference_colours": cfg.get("reference_colours", "top centre"), "channels": "throw BGR, empty tray BGR, 6 reference colours BGR as planes" + (", then their names' nominal paints BGR as planes" if cfg.get("colour_names") else "") + "; 0..1", "multiple_of": 16,
                  **({"colour_names": True} if cfg.get("colour_names") else {})},
        "output": {"heatmap": "1/4 of the input: a cube-centre logit, then the cube's reference colour BGR 0..1"},
    }
    (out / f"{name}.json").write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    return manifest

def averaged_model(model: torch.nn.Module, decay: float | None) -> torch.optim.swa_utils.AveragedModel | None:
    """With ``decay`` (the configuration's ``average``), a running average of the weights and
    batch-norm statistics, updated after every step, which validation judges and the run
    keeps: one epoch's weights swing with the last batches they saw (the validation count
    moved by 5 points from one epoch to the next), their average much less."""
    if decay is None:
        return None
    return torch.optim.swa_utils.AveragedModel(model, multi_avg_fn=torch.optim.swa_utils.get_ema_multi_avg_fn(decay), use_buffers=True)


def epoch_loss(model: torch.nn.Module, items: list, make: Callable, loss: Callable, optimiser: torch.optim.Optimizer,
               schedule: torch.optim.lr_scheduler.LRScheduler, batch: int, rng: np.random.Generator,
               after_step: Callable[[], None] | None = None, layout: torch.memory_format = torch.contiguous_format) -> float:
    """One epoch over ``items`` in a random order, ``batch`` at a time (a last partial batch
    left out); ``make(item, rng)`` gives an input and its target. The epoch's mean loss.
    ``layout``: the inputs' memory format, the network's (``layout_of``)."""
    order = rng.permutation(len(items))
    losses = []
    for b in range(len(items) // batch):
        pairs = [make(items[i], rng) for i in order[b * batch : (b + 1) * batch]]
        x = torch.from_numpy(np.stack([p[0] for p in pairs])).contiguous(memory_format=layout)
        y = torch.from_numpy(np.stack([p[1] for p in pairs]))
        value = loss(model(x), y)
        optimiser.zero_grad()
        value.backward()
        optimiser.step()
        schedule.step()
        if after_step is not None:
            after_step()
        losses.append(value.item())
    return round(float(np.mean(losses)), 4)


def made_with() -> dict:
    """The versions and machine a manifest records, for reproducing its model."""
    import onnx

    return {"versions": {"torch": torch.__version__, "onnx": onnx.__version__, "opencv": cv2.__version__, "numpy": np.__version__,
                         "python": platform.python_version()},
            "machine": f"{platform.machine()}, {torch.get_num_threads()} threads"}


def onnx_record(path: Path, mismatch: float) -> dict:
    """A manifest's record of its ONNX file, which tests check the committed file against."""
    return {"file": path.name, "sha256": sha256(path), "bytes": path.stat().st_size, "opencv_max_abs_diff": mismatch}


def command_line(run: Callable[..., dict], description: str, shown: tuple[str, ...], argv: list[str] | None,
                 resumable: bool = False) -> None:
    """``CONFIG [--out DIR]``: a training run, then the manifest's ``shown`` entries; a
    ``resumable`` run also takes ``--stop-after EPOCHS``."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("config", type=Path)
    parser.add_argument("--out", type=Path, default=Path("training/models"))
    if resumable:
        parser.add_argument("--stop-after", type=int, metavar="EPOCHS",
                            help="stop after this many epochs; the same command later goes on from there")
    args = parser.parse_args(argv)
    manifest = run(args.config, args.out, args.stop_after) if resumable else run(args.config, args.out)
    print(json.dumps({k: manifest[k] for k in shown}, indent=1))


def main(argv: list[str] | None = None) -> None:
    command_line(train, __doc__.splitlines()[0], ("name", "epochs_run", "train_seconds", "parameters_bytes", "onnx"), argv,
                 resumable=True)


if __name__ == "__main__":
    main()
