"""The kill loop for the README: the web server killed with SIGKILL while games are made and
played, and what was acknowledged and then lost, carried out twice or left broken.

    python bench/server_kills.py [--kills 50] [--seed 1]
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from devtools.kill_loop import main  # noqa: E402

if __name__ == "__main__":
    raise SystemExit(main())
