"""The bench picks out the tables of some cloths (``--cloths``), so that the dark tables among
a range of seeds are scored with one command instead of a cache of their own."""
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench" / "vision_counter.py"
ONLY_ACCURACY = ["--timing-frames", "0", "--settle-runs", "0", "--hands", "0"]


def _bench(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(BENCH), *args, *ONLY_ACCURACY], capture_output=True, text=True, timeout=300)


def test_the_dark_study_set_is_the_charcoal_and_black_felt_tables_among_its_seeds():
    """Seeds 2060..2062 draw charcoal, green felt and grey felt: only the first is scored."""
    run = _bench("--seed", "2060", "--sessions", "3", "--images", "1", "--cloths", "charcoal,black felt")
    assert run.returncode == 0, run.stderr
    assert "images: 1 in 1 sessions (seeds 2060..2062, only black felt, charcoal)" in run.stdout


def test_a_cloth_the_generator_does_not_draw_is_refused_by_name():
    run = _bench("--cloths", "charcoal,felt")
    assert run.returncode == 2
    assert "no such cloth: felt" in run.stderr and "black felt" in run.stderr
