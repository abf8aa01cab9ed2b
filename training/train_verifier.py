"""``python -m training.train_verifier CONFIG [--out DIR]``: trains the second look
(``vision.learned_verifier``) on the peaks a heatmap model (the configuration's ``heatmap``)
leaves on path-traced photos, and writes the ONNX file and its manifest.

Every peak of at least ``vision.learned.FAINTEST`` is a training crop; it is a cube when it is
the peak matched to a counted cube (each counted cube to its nearest peak within
``training.fit.NEAR`` of an edge, nearest pairs first), else not: a second peak on a cube, a
peak on a cube less than half seen, on a shadow, beside the tray. The peaks are mined once a
data entry and kept beside the run (``.mined.npz``). Validation counts whole photos: a peak
inside the configuration's ``band`` of heights is counted when the second look says so, above
it always, below never; a photo is right when every colour's count is (colours as the heatmap
names them)."""
from __future__ import annotations

import copy
import hashlib
import json
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import torch

from training import data, infer
from training.fit import NEAR
from training.train import command_line, epoch_loss, made_with, onnx_record, sha256
from training.verifier_model import VerifierNet
from vision.learned import FAINTEST, cube_threshold
from vision.learned_input import roi_of
from vision.learned_verifier import CHANNELS, SIDE, crops, scaled_tray, verifier_input


@dataclass
class Mined:
    """The peaks of some photos: crops (N x 6 x SIDE x SIDE uint8), heights, whether each is a
    counted cube, its photo, the colour the heatmap names; per photo the true counts."""

    crops: np.ndarray
    heights: np.ndarray
    cube: np.ndarray
    photo: np.ndarray
    named: np.ndarray
    counts: np.ndarray  # photos x colours

    def __len__(self) -> int:
        return len(self.heights)


def matched(found: list, counted: list[dict], edge: float) -> list[int]:
    """For each found peak, the index of the counted cube it finds, or -1: nearest pairs
    first, each cube and peak once, within ``NEAR`` of an edge."""
    pairs = sorted((float(np.hypot(f.x - c["top"][0], f.y - c["top"][1])), i, j)
                   for i, f in enumerate(found) for j, c in enumerate(counted))
    which, taken = [-1] * len(found), set()
    for distance, i, j in pairs:
        if distance > NEAR * edge:
            break
        if which[i] < 0 and j not in taken:
            which[i] = j
            taken.add(j)
    return which


def mine(heatmap: Path, paths: list[Path]) -> Mined:
    """Every peak the heatmap model leaves on the photos ``paths``, cropped and labelled."""
    parts: dict[str, list] = {k: [] for k in ("crops", "heights", "cube", "photo", "named")}
    counts = []
    for n, path in enumerate(paths):
        sample = data.load(path)
        counter = infer.counter_for(heatmap, sample)
        counter.cube_at = FAINTEST
        found = counter.count(sample.image).cubes
        counted = [c for c in sample.cubes if c["counted"]]
        roi = roi_of(sample.tray, sample.image.shape[1::-1])
        throw, scale = scaled_tray(sample.image, roi, sample.cube_edge_px)
        empty, _ = scaled_tray(sample.empty, roi, sample.cube_edge_px)
        points = [((f.x - roi[0]) * scale, (f.y - roi[1]) * scale) for f in found]
        parts["crops"].append(crops(throw, empty, points))
        parts["heights"].append(np.array([f.probability for f in found], np.float32))
        parts["cube"].append(np.array([j >= 0 for j in matched(found, counted, sample.cube_edge_px)], bool))
        parts["photo"].append(np.full(len(found), n, np.int32))
        parts["named"].append(np.array([sample.colours.index(f.colour) for f in found], np.int8))
        counts.append([sum(c["colour"] == colour for c in counted) for colour in sample.colours])
    return Mined(**{k: np.concatenate(v) for k, v in parts.items()}, counts=np.array(counts, np.int16))


def mined_for(heatmap: Path, entries: list, out: Path) -> Mined:
    """``mine`` over data entries, read from beside the run when mined before with the same
    heatmap model and photos."""
    paths = [p for e in entries for p in data.selected(e)[1]]
    key = hashlib.sha256((sha256(heatmap) + data.samples_hash(paths)).encode()).hexdigest()[:16]
    cache = out / f"{key}.mined.npz"
    if cache.exists():
        with np.load(cache) as stored:
            return Mined(**{k: stored[k] for k in stored.files})
    mined = mine(heatmap, paths)
    out.mkdir(parents=True, exist_ok=True)
    np.savez(cache, **mined.__dict__)
    return mined


def augment(crop: np.ndarray, height: float, aug: dict, rng: np.random.Generator) -> np.ndarray:
    """One training input: the crop sometimes mirrored, the throw and the empty tray under one
    other camera's white balance and tone curve, the throw's own exposure drift, blur and
    noise."""
    img = crop.astype(np.float32) / 255
    if rng.random() < 0.5:
        img = img[:, :, ::-1]
    gains = np.tile(np.exp(rng.uniform(-1, 1, 3) * aug["white_balance"]), 2).astype(np.float32).reshape(6, 1, 1)
    img = np.clip(img * gains, 0, 1) ** np.float32(np.exp(rng.uniform(-1, 1) * aug["gamma"]))
    img[:3] *= np.float32(np.exp(rng.uniform(-1, 1) * aug["exposure"]))
    if rng.random() < aug["blur_p"]:
        import cv2

        img[:3] = cv2.GaussianBlur(img[:3].transpose(1, 2, 0), (0, 0), rng.uniform(0.4, 1.0)).transpose(2, 0, 1)
    img[:3] += rng.normal(0, rng.uniform(0, aug["noise"]), (3, SIDE, SIDE)).astype(np.float32)
    u8 = (np.clip(img, 0, 1) * 255).astype(np.uint8)
    return verifier_input(u8[None], [height])[0]


def judged(mined: Mined, says: np.ndarray, band: tuple[float, float]) -> float:
    """The share of photos whose every colour's count is right when the peaks in ``band`` are
    counted by the second look (``says``: its probability a peak) and the rest by their height."""
    low, high = band
    counted = (mined.heights >= high) | ((mined.heights >= low) & (says >= 0.5))
    found = np.zeros_like(mined.counts)
    np.add.at(found, (mined.photo[counted], mined.named[counted].astype(int)), 1)
    return float((found == mined.counts).all(axis=1).mean())


def says_of(model: torch.nn.Module, mined: Mined) -> np.ndarray:
    model.eval()
    out = []
    with torch.no_grad():
        for start in range(0, len(mined), 256):
            x = verifier_input(mined.crops[start : start + 256], mined.heights[start : start + 256])
            out.append(torch.sigmoid(model(torch.from_numpy(x))).reshape(-1).numpy())
    model.train()
    return np.concatenate(out) if out else np.zeros(0, np.float32)


def export(model: torch.nn.Module, path: Path) -> float:
    """The ONNX file (any number of crops) and the largest difference between OpenCV's output
    and torch's."""
    import cv2

    model.eval()
    x = torch.rand(5, CHANNELS, SIDE, SIDE, generator=torch.Generator().manual_seed(0))
    torch.onnx.export(model, (x,), str(path), dynamo=False, opset_version=17, input_names=["input"], output_names=["cube"],
                      dynamic_axes={"input": {0: "crops"}, "cube": {0: "crops"}})
    with torch.no_grad():
        expected = model(x).numpy()
    net = cv2.dnn.readNetFromONNX(str(path))
    net.setInput(x.numpy())
    return float(np.abs(net.forward() - expected).max())


def train(config_path: Path, out: Path) -> dict:
    cfg = json.loads(config_path.read_text(encoding="utf-8"))
    torch.manual_seed(int(cfg["seed"]))
    torch.set_num_threads(int(cfg.get("threads", 1)))
    rng = np.random.default_rng(int(cfg["seed"]))
    started = time.time()
    heatmap = Path(cfg["heatmap"])
    train_set = mined_for(heatmap, cfg["data"], out)
    held = mined_for(heatmap, cfg["validation"], out)
    low, high = cfg["train_heights"]
    items = [i for i in range(len(train_set)) if low <= train_set.heights[i] < high]
    print(f"mined {len(train_set)} peaks ({len(items)} trained on, {train_set.cube[items].mean():.3f} cubes), "
          f"{len(held)} held out; {time.time() - started:.0f} s", flush=True)
    bands = [tuple(b) for b in cfg["bands"]]
    at = cube_threshold(heatmap)
    heat_only = judged(held, np.zeros(len(held)), (at, at))
    print(f"validation photos right by the heights alone: {heat_only:.3f}", flush=True)
    model = VerifierNet(cfg["width"])
    optimiser = torch.optim.AdamW(model.parameters(), lr=cfg["lr"], weight_decay=cfg["weight_decay"])
    steps = cfg["epochs"] * (len(items) // cfg["batch"])
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimiser, max_lr=cfg["lr"], total_steps=steps)

    def make(i: int, r: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
        return augment(train_set.crops[i], float(train_set.heights[i]), cfg["augment"], r), np.float32([train_set.cube[i]])

    def loss(logits: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
        return torch.nn.functional.binary_cross_entropy_with_logits(logits.reshape(-1, 1), target)

    best, log, held_log = None, [], []
    for epoch in range(1, cfg["epochs"] + 1):
        log.append(epoch_loss(model, items, make, loss, optimiser, schedule, cfg["batch"], rng))
        says = says_of(model, held)
        right = {band: judged(held, says, band) for band in bands}
        band = max(bands, key=lambda b: right[b])
        held_log.append([epoch, round(right[band], 4), list(band)])
        print(f"epoch {epoch}: loss {log[-1]}, validation photos right {right[band]:.3f} in band {band} "
              f"({', '.join(f'{b}: {v:.3f}' for b, v in right.items())}) ({time.time() - started:.0f} s)", flush=True)
        if best is None or right[band] > best[0]:
            best = (right[band], epoch, band, copy.deepcopy(model.state_dict()))
    model.load_state_dict(best[3])
    out.mkdir(parents=True, exist_ok=True)
    onnx_path = out / f"{cfg['name']}.onnx"
    mismatch = export(model, onnx_path)
    manifest = {
        "name": cfg["name"], "config": cfg, "config_file": str(config_path), "seed": int(cfg["seed"]),
        "heatmap": {"file": heatmap.name, "sha256": sha256(heatmap)},
        "data": {**data.record(cfg["data"]), "peaks": len(train_set), "trained_on": len(items)},
        "validation": {**data.record(cfg["validation"]), "peaks": len(held), "photos": len(held.counts),
                       "right_by_heights_alone": round(heat_only, 4), "by_epoch": held_log,
                       "kept_epoch": best[1], "right": round(best[0], 4), "band": list(best[2])},
        **made_with(), "epochs_run": cfg["epochs"], "train_seconds": round(time.time() - started), "loss_by_epoch": log,
        "onnx": onnx_record(onnx_path, mismatch),
    }
    (out / f"{cfg['name']}.json").write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    return manifest


def main(argv: list[str] | None = None) -> None:
    command_line(train, __doc__.splitlines()[0], ("name", "train_seconds", "validation", "onnx"), argv)


if __name__ == "__main__":
    main()
