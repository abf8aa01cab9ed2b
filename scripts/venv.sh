# Sourced by ./run and ./test: makes .venv on first use and keeps it in step with pyproject.toml.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
venv="$here/.venv"
extras="${1:-}"
stamp="$venv/.installed$extras"
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
fi
if [ ! -f "$stamp" ] || [ "$here/pyproject.toml" -nt "$stamp" ]; then
  "$venv/bin/python" -m pip install --quiet --upgrade pip
  "$venv/bin/python" -m pip install --quiet -e "$here$extras"
  touch "$stamp"
fi
PY="$venv/bin/python"
