"""``python -m training.train_tray CONFIG [--out DIR]``: trains the tray finder
(``vision.learned_tray``) on path-traced empty photos and their trays' outlines, and writes the
ONNX file and its manifest (the same schema as the counter's, ``training/README.md``).

Data entries are path-traced folders: ``tray-outline/1`` (``devtools.trays empties``: one empty
photo a set-up) or ``tray-sample/1`` session folders, of which each set-up's empty photo is
taken once. The run validates on held-out set-ups every few epochs by the share of photos
whose found outline overlaps the true one by at least ``GOOD_OVERLAP`` (then the mean
overlap), and keeps the best epoch."""
from __future__ import annotations

import copy
import json
import time
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np
import torch

from devtools.trays.sessions import OUTLINE_FORMAT
from training import data
from training.train import command_line, epoch_loss, export_onnx_of, made_with, onnx_record, through_jpeg
from training.tray_model import TrayFinderNet
from vision.learned_tray import GOOD_OVERLAP, SIDE, STRIDE, cells_on_tray, outline_of, overlap, tray_input

CANVAS = (160, 192)  # height, width of a training input: any photo's SIDE-wide picture fits


@dataclass
class Photo:
    image: np.ndarray  # BGR, shrunk so its longer side is 2 * SIDE (room for zooming in)
    tray: np.ndarray  # the tray's outline points in ``image``'s pixels (floor and rim corners)


def photos(entry: str | dict) -> list[Photo]:
    """One data entry's empty photos with their trays' outlines: each set-up once."""
    folder, paths = data.selected(entry)
    seen, out = set(), []
    for path in paths:
        meta = json.loads(path.read_text(encoding="utf-8"))
        name = meta["image"] if meta["format"] == OUTLINE_FORMAT else meta["empty"]
        if name in seen:
            continue
        seen.add(name)
        image = cv2.imread(str(folder / name), cv2.IMREAD_COLOR)
        shrink = 2 * SIDE / max(image.shape[:2])
        out.append(Photo(cv2.resize(image, None, fx=shrink, fy=shrink, interpolation=cv2.INTER_AREA),
                         np.asarray(meta["tray"], np.float32) * shrink))
    return out


def tray_mask(tray: np.ndarray, shape: tuple[int, int]) -> np.ndarray:
    """The cells of a ``shape`` answer (input pixels / STRIDE) more than half inside the tray's
    hull, from the outline in input pixels: drawn eight times finer, then averaged."""
    fine = np.zeros((shape[0] * 8, shape[1] * 8), np.float32)
    hull = cv2.convexHull(tray.astype(np.float32) * (8 / STRIDE))
    cv2.fillConvexPoly(fine, np.round(hull * 16).astype(np.int32), 1.0, lineType=cv2.LINE_8, shift=4)
    return (cv2.resize(fine, shape[::-1], interpolation=cv2.INTER_AREA) > 0.5).astype(np.uint8)


def augment(photo: Photo, cfg: dict, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """One training input on the canvas and its target: the photo at SIDE-wide scale times a
    random zoom, turned a little, shifted, sometimes mirrored; then another camera's light,
    blur, noise and JPEG."""
    aug = cfg["augment"]
    h, w = photo.image.shape[:2]
    scale = SIDE / max(h, w) * rng.uniform(*aug["scale"])
    angle = rng.uniform(-aug["turn"], aug["turn"])
    centre = np.array([w / 2, h / 2])
    shift = rng.uniform(-aug["shift"], aug["shift"], 2) * SIDE
    matrix = cv2.getRotationMatrix2D((float(centre[0]), float(centre[1])), angle, scale)
    matrix[:, 2] += np.array([CANVAS[1] / 2, CANVAS[0] / 2]) - centre + shift
    if rng.random() < 0.5:
        matrix = np.array([[-1, 0, CANVAS[1]], [0, 1, 0]], np.float64) @ np.vstack([matrix, [0, 0, 1]])
    image = cv2.warpAffine(photo.image, matrix, CANVAS[::-1], flags=cv2.INTER_AREA, borderMode=cv2.BORDER_REPLICATE)
    tray = photo.tray @ matrix[:, :2].T + matrix[:, 2]
    img = image.astype(np.float32) / 255
    gains = np.exp(rng.uniform(-1, 1, 3) * aug["white_balance"]).astype(np.float32)
    img = (np.clip(img * gains, 0, 1) ** float(np.exp(rng.uniform(-1, 1) * aug["gamma"]))) * float(np.exp(rng.uniform(-1, 1) * aug["exposure"]))
    if rng.random() < aug["blur_p"]:
        img = cv2.GaussianBlur(img, (0, 0), rng.uniform(0.5, 1.2))
    img = img + rng.normal(0, rng.uniform(0, aug["noise"]), img.shape).astype(np.float32)
    if rng.random() < aug["jpeg_p"]:
        img = through_jpeg(img, int(rng.integers(*aug["jpeg_quality"])))
    target = tray_mask(tray, (CANVAS[0] // STRIDE, CANVAS[1] // STRIDE))
    return np.clip(img, 0, 1).transpose(2, 0, 1).astype(np.float32), target[None].astype(np.float32)


def validate(model: torch.nn.Module, held: list[Photo]) -> tuple[float, float]:
    """The share of held-out photos whose outline is good, and the mean overlap."""
    model.eval()
    overlaps = []
    with torch.no_grad():
        for photo in held:
            x, scale = tray_input(photo.image)
            logits = model(torch.from_numpy(x))[0, 0].numpy()
            overlaps.append(overlap(outline_of(cells_on_tray(logits, photo.image.shape, scale), scale), photo.tray))
    model.train()
    return float(np.mean([o >= GOOD_OVERLAP for o in overlaps])), float(np.mean(overlaps))


def _loss(logits: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
    """Cross-entropy per cell plus the soft Dice loss of the whole region: the cells of a
    small tray count as much as a large one's."""
    p = torch.sigmoid(logits)
    dice = 1 - (2 * (p * target).sum((1, 2, 3)) + 1) / (p.sum((1, 2, 3)) + target.sum((1, 2, 3)) + 1)
    return torch.nn.functional.binary_cross_entropy_with_logits(logits, target) + dice.mean()


def train(config_path: Path, out: Path) -> dict:
    cfg = json.loads(config_path.read_text(encoding="utf-8"))
    torch.manual_seed(int(cfg["seed"]))
    torch.set_num_threads(int(cfg.get("threads", 1)))
    torch.use_deterministic_algorithms(True)
    rng = np.random.default_rng(int(cfg["seed"]))
    started = time.time()
    train_photos = [p for e in cfg["data"] for p in photos(e)]
    held = [p for e in cfg["validation"] for p in photos(e)]
    model = TrayFinderNet(cfg["width"])
    optimiser = torch.optim.AdamW(model.parameters(), lr=cfg["lr"], weight_decay=cfg["weight_decay"])
    steps = cfg["epochs"] * (len(train_photos) // cfg["batch"])
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimiser, max_lr=cfg["lr"], total_steps=steps)
    best, log, held_log = None, [], []
    for epoch in range(1, cfg["epochs"] + 1):
        log.append(epoch_loss(model, train_photos, lambda p, r: augment(p, cfg, r), _loss, optimiser, schedule, cfg["batch"], rng))
        if epoch % cfg["validate_every"] == 0 or epoch == cfg["epochs"]:
            good, mean = validate(model, held)
            held_log.append([epoch, round(good, 4), round(mean, 4)])
            print(f"epoch {epoch}: loss {log[-1]}, good outlines {good:.3f}, mean overlap {mean:.3f}", flush=True)
            if best is None or (good, mean) >= best[0]:
                best = ((good, mean), epoch, copy.deepcopy(model.state_dict()))
    model.load_state_dict(best[2])
    model.eval()
    out.mkdir(parents=True, exist_ok=True)
    onnx_path = out / f"{cfg['name']}.onnx"
    mismatch = export_onnx_of(model, onnx_path, (1, 3, *CANVAS), "on_tray")
    manifest = {
        "name": cfg["name"], "config": cfg, "config_file": str(config_path), "seed": int(cfg["seed"]),
        "data": {**data.record(cfg["data"]), "photos": len(train_photos)},
        "validation": {**data.record(cfg["validation"]), "photos": len(held),
                       "by_epoch": held_log, "by_epoch_columns": ["epoch", f"outlines overlapping >= {GOOD_OVERLAP}", "mean overlap"],
                       "kept_epoch": best[1], "good_outlines": round(best[0][0], 4), "mean_overlap": round(best[0][1], 4)},
        **made_with(),
        "epochs_run": cfg["epochs"], "train_seconds": round(time.time() - started), "loss_by_epoch": log,
        "onnx": onnx_record(onnx_path, mismatch),
        "input": {"side": SIDE, "channels": "the empty tray's photo, BGR 0..1", "multiple_of": 32},
        "output": {"on_tray": f"1/{STRIDE} of the input: the logit that the cell shows the tray"},
    }
    (out / f"{cfg['name']}.json").write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    return manifest


def main(argv: list[str] | None = None) -> None:
    command_line(train, __doc__.splitlines()[0], ("name", "train_seconds", "onnx"), argv)


if __name__ == "__main__":
    main()
