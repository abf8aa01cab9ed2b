# Sourced by ./run and ./test: makes .venv on first use and keeps it in step with pyproject.toml.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
venv="$here/.venv"
extras="${VENV_EXTRAS:-}"
stamp="$venv/.installed$extras"
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
fi
if [ ! -f "$stamp" ] || [ "$here/pyproject.toml" -nt "$stamp" ]; then
  log="$venv/install.log"
  echo "Setting up $venv (first run only)..." >&2
  if ! "$venv/bin/python" -m pip install -e "$here$extras" >"$log" 2>&1; then
    cat "$log" >&2
    exit 1
  fi
  touch "$stamp"
fi
PY="$venv/bin/python"
