"""The learned counter on a data folder: exact-count accuracy and milliseconds a frame on one
core, and the sure threshold a validation set sets (the counting itself is
``vision.learned``, which the product runs).

    .venv/bin/python -m training.infer MODEL DATA_DIR
"""
from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import cv2
import numpy as np

from training import data
from vision.learned import TrayCounter, model_reference_colours, sure_confidence
from vision.learned_input import reference_colours, roi_of


def sure_threshold(results: list[tuple[bool, float]]) -> float:
    """The least confidence from which no validation photo is wrong: counts at or above it are
    called sure. With no wrong photo, every count is sure (0); with a wrong one at full
    confidence, none is (above 1)."""
    wrong = [conf for right, conf in results if not right]
    return round(max(wrong) + 0.001, 3) if wrong else 0.0


def counter_for(model: str | Path, sample: data.Sample, cube_px: float | None = None, way: str | None = None) -> TrayCounter:
    """The counter a sample's session calibrates (its empty tray, reference cubes and tray);
    ``way`` reads the reference colours otherwise than the model learned them."""
    colours_bgr = reference_colours(sample.reference, sample.reference_tops, sample.cube_edge_px, way or model_reference_colours(model))
    roi = roi_of(sample.tray, sample.image.shape[1::-1])
    return TrayCounter(model, sample.empty, sample.colours, colours_bgr, roi, sample.cube_edge_px, cube_px, sample.tray)


def evaluate(model: Path, folder: Path, cube_px: float | None = None) -> dict:
    """All-counts-exact accuracy, cubes miscounted a photo (summed over colours), exactness
    among photos called sure, and the median and 90th percentile milliseconds a frame on one
    core, over a data folder's samples."""
    cv2.setNumThreads(1)
    threshold = sure_confidence(model)
    exact = sure = sure_exact = 0
    times, misses, off = [], [], []
    paths = data.samples_in(folder)
    for path in paths:
        sample = data.load(path)
        counter = counter_for(model, sample, cube_px)
        counter.count(sample.image)  # the first frame sets the network up for this input size
        start = time.perf_counter()
        reading = counter.count(sample.image)
        times.append(1000 * (time.perf_counter() - start))
        right = reading.counts == sample.counts
        off.append(sum(abs(reading.counts[c] - sample.counts[c]) for c in sample.colours))
        exact += right
        if reading.confidence >= threshold:
            sure += 1
            sure_exact += right
        if not right:
            misses.append({"sample": path.name, "truth": sample.counts, "counted": reading.counts})
    n = len(paths)
    return {
        "photos": n,
        "all_counts_exact": round(exact / n, 3) if n else None,
        "cubes_off_per_photo": round(float(np.mean(off)), 2) if off else None,
        "cubes_per_photo": round(float(np.mean([sum(data.load(p).counts.values()) for p in paths])), 2) if paths else None,
        "sure": sure,
        "exact_when_sure": round(sure_exact / sure, 3) if sure else None,
        "ms_median": round(float(np.median(times)), 1) if times else None,
        "ms_p90": round(float(np.percentile(times, 90)), 1) if times else None,
        "input_size": list(counter._input.shape[2:]) if paths else None,
        "misses": misses,
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="exact-count accuracy and speed of a model on a data folder")
    parser.add_argument("model", type=Path)
    parser.add_argument("folder", type=Path)
    parser.add_argument("--cube-px", type=float, help="input pixels across a cube (default: the model's own)")
    parser.add_argument("--show-misses", type=int, default=0)
    args = parser.parse_args(argv)
    result = evaluate(args.model, args.folder, args.cube_px)
    result["misses"] = result["misses"][: args.show_misses]
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
