#!/usr/bin/env bash
# The tests marked `study`, which ./test leaves out: figures held over many generated photos
# (single cubes all over the tray, battles on every dev table, a player's shadow) and replays
# of the bench's settling runs, frame by frame. Each has a fast test in ./test on one or two
# of its photos; run these before changing the counter, the calibration or the generator.
#
#     bench/studies.sh            # every study, one worker per core (at most four)
#     bench/studies.sh -n 0 -k shadow
set -euo pipefail
cd "$(dirname "$0")/.."
VENV_EXTRAS="[test]" source scripts/venv.sh
exec "$PY" -m pytest -m study -n auto --maxprocesses 4 "$@"
