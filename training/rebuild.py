"""``python -m training.rebuild MANIFEST [--root DIR] [--workers N] [--only training] [--seeds 3,4]``: renders again the
path-traced photos a model's manifest names, for training and for validation, and checks them
against the manifest's hashes.

The photos stay off the repository (hundreds of megabytes) and off any one machine: a manifest
names every set-up a model read with the renderer's settings, and a set-up depends on its seed
and index alone, so a new machine rebuilds them from the repository. The hashes cover the
sample files (the scenes drawn and their labels); the pixels also depend on the processor's
floating point and on Mitsuba's variant: a folder is rendered only with the variant its
description names (``llvm_ad_rgb`` needs a libLLVM of version 16 or later, Debian's
``libllvm19``; without one Mitsuba falls back on ``scalar_rgb``, which draws other noise)."""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

from devtools.trays.sessions import LAMPS_OUT_OF_VIEW, LOOSE_OUTSIDE, OUTLINE_FORMAT, RENDERER
from training import data


def _folder(entry: dict, root: Path | None) -> Path:
    folder = Path(entry["folder"])
    return root / folder.name if root else folder


def render_commands(description: dict, root: Path | None, workers: int) -> list[list[str]]:
    """The ``devtools.trays`` commands that write one manifest folder's set-ups (``sessions``,
    or ``empties`` for a folder of empty photos), split into ``workers`` processes that share
    no set-up."""
    if description.get("renderer") != RENDERER:
        raise SystemExit(f"only {RENDERER} folders can be rebuilt, not {description.get('renderer')!r}")
    entry = description["entry"]
    setups = data.setup_range(entry)
    empties = description.get("format") == OUTLINE_FORMAT  # empty photos alone, for the tray finder
    common = ["--out", str(_folder(entry, root)), "--seed", str(description["seed"]), "--spp", str(description["spp"])]
    if not empties:
        common += ["--throws", str(description["throws"])]
    if "frames" in description:
        common += ["--frames", ",".join(description["frames"])]
    if "surfaces" in description:
        common += ["--surfaces", ",".join(description["surfaces"])]
    if description.get("lamps") != LAMPS_OUT_OF_VIEW:
        common += ["--lamps-in-view"]
    if not empties and description.get("loose cubes") != LOOSE_OUTSIDE:
        common += ["--loose-in-tray"]
    commands = []
    for k in range(min(workers, len(setups))):
        share = setups[k::workers]
        commands.append([sys.executable, "-m", "devtools.trays", "empties" if empties else "sessions", *common,
                         "--start", str(share.start), "--step", str(share.step), "--count", str(len(share))])
    return commands


def parts(manifest: dict) -> dict[str, dict]:
    """The manifest's two data sets, the smaller first: each its folders' descriptions and the
    hash of its samples."""
    return {"validation": manifest["validation"], "training": manifest["data"]}


def check(manifest: dict, root: Path | None) -> dict[str, bool]:
    """Whether each data set's samples, as they lie now, are the ones the model read."""
    verdict = {}
    for name, part in parts(manifest).items():
        paths = [p for d in part["folders"]
                 for p in data.selected({**d["entry"], "folder": str(_folder(d["entry"], root))})[1]]
        verdict[name] = len(paths) == part["samples"] and data.samples_hash(paths) == part["samples_sha256"]
    return verdict


def variant_missing(manifest: dict, here: str) -> str | None:
    """Why this machine cannot render the manifest's folders as they were rendered, if it cannot."""
    wanted = {d["variant"] for part in parts(manifest).values() for d in part["folders"]}
    if wanted - {here}:
        return (f"the photos were rendered with Mitsuba's {', '.join(sorted(wanted))}, this machine renders with {here}"
                " (llvm_ad_rgb needs libLLVM 16 or later: apt-get install libllvm19)")
    return None


def wanted(manifest: dict, only: str | None = None, seeds: set[int] | None = None) -> list[dict]:
    """The folders' descriptions to render: of the data set ``only`` (else both), of the
    renderer's ``seeds`` (else all), so a model that reads some of another's folders (lean32:
    traced5's seeds 3 and 4) rebuilds from that manifest without the rest."""
    return [d for name, part in parts(manifest).items() if only in (None, name)
            for d in part["folders"] if seeds is None or d["seed"] in seeds]


def rebuild(manifest: dict, root: Path | None, workers: int, only: str | None = None, seeds: set[int] | None = None) -> None:
    """Render the folders ``wanted`` names, ``workers`` processes at a time; set-ups already
    written are skipped, so a stopped rebuild goes on where it was."""
    from devtools.trays import pathtraced

    problem = variant_missing(manifest, pathtraced.variant())
    if problem:
        raise SystemExit(problem)
    for description in wanted(manifest, only, seeds):
        running = [subprocess.Popen(c) for c in render_commands(description, root, workers)]
        if any(p.wait() for p in running):
            raise SystemExit(f"rendering {description['entry']['folder']} failed")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m training.rebuild", description=__doc__.split("\n\n")[0])
    parser.add_argument("manifest", type=Path, help="a model's manifest, training/models/NAME.json")
    parser.add_argument("--root", type=Path, help="write the folders here (by their names), not where the manifest says")
    parser.add_argument("--workers", type=int, default=2, help="render processes at a time")
    parser.add_argument("--only", choices=("validation", "training"), help="render this data set alone")
    parser.add_argument("--seeds", type=lambda v: {int(x) for x in v.split(",")}, metavar="S,S",
                        help="render only the folders of these seeds")
    parser.add_argument("--check-only", action="store_true", help="compare the folders as they are, render nothing")
    args = parser.parse_args(argv)
    manifest = json.loads(args.manifest.read_text(encoding="utf-8"))
    if not args.check_only:
        rebuild(manifest, args.root, args.workers, args.only, args.seeds)
    verdict = check(manifest, args.root)
    for name, same in verdict.items():
        print(f"{name}: {'the samples the model read' if same else 'NOT the samples the model read'}")
    return 0 if all(verdict.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
