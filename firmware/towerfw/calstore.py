"""Calibrated colour prototypes kept in the board's flash, so they survive a power cut.

Written to a temporary file and renamed over the old one: a power cut mid-write leaves
the previous calibration, never half of one.
"""

import json


def load(path):
    """Prototypes saved at ``path``; an empty dict when none are (or the file is damaged)."""
    try:
        with open(path) as f:
            raw = json.loads(f.read())
    except (OSError, ValueError):
        return {}
    protos = {}
    if not isinstance(raw, dict):
        return {}
    for name in raw:
        entry = raw[name]
        try:
            mean = tuple(float(x) for x in entry[0])
            spread = tuple(float(x) for x in entry[1])
        except (TypeError, ValueError, IndexError):
            continue
        if len(mean) == 4 and len(spread) == 4:
            protos[name] = (mean, spread)
    return protos


def save(os_mod, path, protos):
    data = {}
    for name in protos:
        mean, spread = protos[name]
        data[name] = [list(mean), list(spread)]
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        f.write(json.dumps(data))
    os_mod.rename(tmp, path)
