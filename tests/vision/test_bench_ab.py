"""The paired frame-time bench (``bench/vision_ab.py``): two trees take turns on the same photos,
and a speed-up that changes a count is caught."""
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BENCH = ROOT / "bench" / "vision_ab.py"
FEW = ["--seed", "2024", "--sessions", "1", "--images", "2", "--repeats", "1"]


def _ab(before: Path, after: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(BENCH), str(before), str(after), *FEW], capture_output=True, text=True, timeout=300)


def _one_red_too_many(tree: Path) -> Path:
    """A copy of this tree whose counter sees one red cube more than there is."""
    for package in ("vision", "companion"):
        shutil.copytree(ROOT / package, tree / package, ignore=shutil.ignore_patterns("__pycache__"))
    with open(tree / "vision" / "counter.py", "a") as counter:
        counter.write("\n_count = Counter.count\nCounter.count = lambda self, frame: (c := _count(self, frame), c.counts.update(red=c.counts['red'] + 1))[0]\n")
    return tree


@pytest.fixture(scope="module")
def against_one_red_too_many(tmp_path_factory) -> tuple[Path, subprocess.CompletedProcess]:
    """One bench run, this tree against a copy that sees one red cube more than there is; read
    by the tests below, which each check something else in its report."""
    tree = _one_red_too_many(tmp_path_factory.mktemp("one_red_too_many"))
    return tree, _ab(ROOT, tree)


def test_a_tree_against_itself_counts_every_photo_the_same():
    run = _ab(ROOT, ROOT)
    assert run.returncode == 0, run.stderr
    assert run.stdout.count(": 2 photos, median") == 2
    assert "photos counted differently (counts or doubt): 0; tables either refused: 0" in run.stdout


def test_a_tree_that_counts_otherwise_is_caught_on_every_photo(against_one_red_too_many):
    """A 'speed-up' that sees one red cube more than there is."""
    tree, run = against_one_red_too_many
    assert run.returncode == 0, run.stderr
    assert "photos counted differently (counts or doubt): 2;" in run.stdout
    assert f"{tree}: 2 photos" in run.stdout and "all six exact on 0," in run.stdout.split(str(tree))[-1]


def test_a_photo_one_tree_counts_exactly_and_the_other_not_is_listed(against_one_red_too_many):
    """Dev table 2024's photos 0 and 1 are counted exactly by this tree; one red cube more is
    a miss on both, each listed with whether the miss was doubted."""
    _, run = against_one_red_too_many
    assert run.returncode == 0, run.stderr
    assert "all six exact on 2, missed with no doubt on 0" in run.stdout
    assert "  2024/0: right -> wrong, the miss" in run.stdout and "  2024/1: right -> wrong, the miss" in run.stdout


def test_a_tree_without_the_counter_is_refused_by_name(tmp_path):
    run = _ab(ROOT, tmp_path)
    assert run.returncode == 2
    assert f"{tmp_path} holds no vision/counter.py" in run.stderr


def test_only_the_tables_on_the_cloths_asked_for_are_timed():
    """Table 2039 is drawn on dark wood, 2040 on a white table."""
    run = subprocess.run([sys.executable, str(BENCH), str(ROOT), str(ROOT), "--seed", "2039", "--sessions", "2", "--images", "2",
                          "--repeats", "1", "--cloths", "white table"], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    assert run.stdout.count(": 2 photos, median") == 2
