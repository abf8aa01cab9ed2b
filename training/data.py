"""Labelled tray photos for the learned counter: the on-disk format and the generator adapter
(the network's input is ``vision.learned_input``).

A sample is one photo of the tray with the session's calibration photos (the empty tray, one
cube of each colour) and, for every cube, its colour, where the centre of its top face lies in
the photo and whether it counts ("at least half of its top face is visible"). Any renderer
can write this format (``training/README.md``); ``write_generator_samples`` writes it from
``devtools/tray_photos.py`` so training can start before the other renderers exist.
"""
from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

FORMAT = "tray-sample/1"


@dataclass
class Sample:
    """One labelled photo, in frame pixels."""

    image: np.ndarray  # BGR uint8, the throw
    empty: np.ndarray  # BGR uint8, the empty tray, same camera and light
    reference: np.ndarray  # BGR uint8, one cube of each colour
    colours: list[str]  # the game's cube colours, in the order of the network's channels
    reference_tops: list[tuple[float, float]]  # per colour, its reference cube's top-face centre
    tray: np.ndarray  # the tray's outline (floor and rim corners), N x 2 frame pixels
    cube_edge_px: float  # frame pixels one cube's edge spans at the tray's centre
    cubes: list[dict]  # {"colour", "top": [x, y], "visible": float, "counted": bool}

    @property
    def counts(self) -> dict[str, int]:
        counts = {c: 0 for c in self.colours}
        for cube in self.cubes:
            counts[cube["colour"]] += bool(cube["counted"])
        return counts


def load(path: Path) -> Sample:
    """A sample from its JSON file; the images it names are read relative to it."""
    meta = json.loads(path.read_text(encoding="utf-8"))
    if meta.get("format") != FORMAT:
        raise ValueError(f"{path}: not a {FORMAT} sample")

    def image(name: str) -> np.ndarray:
        img = cv2.imread(str(path.parent / name), cv2.IMREAD_COLOR)
        if img is None:
            raise ValueError(f"{path}: cannot read {name}")
        return img

    ref = meta["reference"]
    return Sample(
        image=image(meta["image"]),
        empty=image(meta["empty"]),
        reference=image(ref["image"]),
        colours=list(meta["colours"]),
        reference_tops=[tuple(ref["tops"][c]) for c in meta["colours"]],
        tray=np.array(meta["tray"], np.float32),
        cube_edge_px=float(meta["cube_edge_px"]),
        cubes=meta["cubes"],
    )


def samples_in(folder: Path) -> list[Path]:
    """The sample files of a data folder, in a fixed order."""
    return sorted(p for p in folder.glob("*.json") if p.name != "dataset.json")


def selected(entry: str | dict) -> tuple[Path, list[Path]]:
    """A configuration's data entry: a folder (all its samples), or ``{"folder", "setups": [a, b]}``,
    the samples of set-ups ``a <= i < b`` of a path-traced folder (``pSSSSSS-IIIIII_KKK.json``),
    so a run names exactly what it read while renderers go on writing into the folder;
    ``[a, b, step]`` takes every ``step``-th, as one renderer of several writes them. With
    ``"skip": "loose cubes near the tray"`` the entry leaves out the photos whose loose cubes
    may lie in the tray (``loose_cube_near_tray``)."""
    if isinstance(entry, str):
        return Path(entry), samples_in(Path(entry))
    folder = Path(entry["folder"])
    setups = setup_range(entry)
    paths = [p for p in samples_in(folder) if int(p.stem.split("-")[1].split("_")[0]) in setups]
    skip = entry.get("skip")
    if skip not in (None, SKIP_LOOSE_NEAR_TRAY):
        raise ValueError(f"{folder}: cannot skip {skip!r}, only {SKIP_LOOSE_NEAR_TRAY!r}")
    if skip:
        paths = [p for p in paths if not loose_cube_near_tray(json.loads(p.read_text(encoding="utf-8")))]
    return folder, paths


def setup_range(entry: dict) -> range:
    """The set-ups a data entry's ``"setups"`` names: ``[a, b]`` or ``[a, b, step]``."""
    return range(*entry["setups"])


SKIP_LOOSE_NEAR_TRAY = "loose cubes near the tray"
NEAR_TRAY_EDGES = 0.5  # how close to the rim, in cube edges, a loose cube's top makes its label doubtful


def loose_cube_near_tray(meta: dict) -> bool:
    """Whether a cube labelled outside the tray has its top within half a cube edge of the
    tray's rim in the photo. Folders drawn before loose cubes were kept clear of the tray
    (no ``"loose cubes"`` in their ``dataset.json``) put one in about one throw in eight in
    a corner of the tray or through its wall, labelled not counted where a person counts it;
    this finds those throws from the labels alone, and about one correct throw in twenty
    whose loose cube lies close beside the rim."""
    rim = cv2.convexHull(np.array(meta["tray"][4:], np.float32))
    reach = NEAR_TRAY_EDGES * float(meta["cube_edge_px"])
    return any(not cube["counted"] and cube.get("pose") == "outside"
               and cv2.pointPolygonTest(rim, (float(cube["top"][0]), float(cube["top"][1])), True) > -reach
               for cube in meta["cubes"])


def samples_hash(paths: Sequence[Path]) -> str:
    """One SHA-256 over the sample files' names and contents, in order: what a manifest records
    of the data a model read, and what a rebuilt data folder must match."""
    digest = hashlib.sha256()
    for p in paths:
        digest.update(p.name.encode())
        digest.update(hashlib.sha256(p.read_bytes()).digest())
    return digest.hexdigest()


def record(entries: Sequence[str | dict]) -> dict:
    """What a manifest records of the data set ``entries`` name: each folder's description
    (its ``dataset.json``) with the entry read, the number of samples, and their hash."""
    chosen = [selected(e) for e in entries]
    paths = [p for _, ps in chosen for p in ps]
    described = [json.loads((f / "dataset.json").read_text()) | {"entry": e} if (f / "dataset.json").exists() else e
                 for (f, _), e in zip(chosen, entries)]
    return {"folders": described, "samples": len(paths), "samples_sha256": samples_hash(paths)}


# ---------------------------------------------------------------- the existing generator


def _top_centre(cube) -> np.ndarray:  # noqa: ANN001 - a devtools.tray_photos.Cube
    """The centre of whichever face of ``cube`` looks up most (world millimetres)."""
    from devtools import tray_photos as tp

    verts = cube.vertices()
    normals = [cube.rotation @ np.array(n, float) for _, n in tp.FACES]
    idx, _ = tp.FACES[int(np.argmax([n[2] for n in normals]))]
    return verts[list(idx)].mean(axis=0)


def write_generator_samples(folder: Path, sessions: Sequence[int], scenes: int, *, jpeg: bool = True) -> Iterator[Path]:
    """Render ``scenes`` throws on each of the generator's ``sessions`` (seeds) into
    ``folder`` in the sample format; yields each sample file written."""
    from devtools import tray_photos as tp

    folder.mkdir(parents=True, exist_ok=True)
    ext = ".jpg" if jpeg else ".png"
    for sid in sessions:
        session = tp.make_session(sid)
        empty, reference = tp.calibration_pair(session)
        ref_cubes = tp.reference_cubes(session, np.random.default_rng(session.seed + 1))
        cam = session.camera
        w, d = tp.TRAY_W / 2, tp.TRAY_D / 2
        corners = np.array([[[-w, -d, z], [w, -d, z], [w, d, z], [-w, d, z]] for z in (0.0, tp.WALL_H)])
        tray = cam.project(corners.reshape(-1, 3))
        ends = cam.project(np.array([[0.0, 0.0, 0.0], [tp.CUBE, 0.0, 0.0]]))
        base = f"s{sid:06d}"
        cv2.imwrite(str(folder / f"{base}_empty.png"), empty)
        cv2.imwrite(str(folder / f"{base}_reference.png"), reference)
        ref_tops = {c.colour: cam.project(_top_centre(c)[None])[0].tolist() for c in ref_cubes}
        for k in range(scenes):
            seed = sid * 1000 + k
            sample = tp.scene(session, seed)
            name = f"{base}_{k:03d}"
            cv2.imwrite(str(folder / f"{name}{ext}"), sample.image)
            cubes = [
                {
                    "colour": c.colour,
                    "top": cam.project(_top_centre(c)[None])[0].round(2).tolist(),
                    "visible": round(float(v), 4),
                    "counted": bool(v >= 0.5),
                }
                for c, v in zip(sample.cubes, sample.truth.visible)
            ]
            meta = {
                "format": FORMAT,
                "image": f"{name}{ext}",
                "empty": f"{base}_empty.png",
                "reference": {"image": f"{base}_reference.png", "tops": ref_tops},
                "colours": list(session.colours),
                "tray": tray.round(2).tolist(),
                "cube_edge_px": round(float(np.linalg.norm(ends[1] - ends[0])), 3),
                "cubes": cubes,
                "counts": sample.truth.counts,
                "source": {"renderer": "devtools/tray_photos.py", "session": sid, "seed": seed},
            }
            path = folder / f"{name}.json"
            path.write_text(json.dumps(meta), encoding="utf-8")
            yield path
