# Sourced by ./run and ./test: makes .venv on first use and keeps it in step with pyproject.toml.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
venv="$here/.venv"
extras="${VENV_EXTRAS:-}"
stamp="$venv/.installed$extras"
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
fi
fresh() {  # an install with these extras (or a superset: the test extras) newer than pyproject and the pins
  for s in "$stamp" "$venv/.installed[test]"; do
    [ -f "$s" ] && [ "$s" -nt "$here/pyproject.toml" ] && [ "$s" -nt "$here/constraints.txt" ] && return 0
  done
  return 1
}
if ! fresh; then
  log="$venv/install.log"
  echo "Setting up $venv (first run only)..." >&2
  if ! "$venv/bin/python" -m pip install -c "$here/constraints.txt" -e "$here$extras" >"$log" 2>&1; then
    cat "$log" >&2
    exit 1
  fi
  touch "$stamp"
fi
PY="$venv/bin/python"
