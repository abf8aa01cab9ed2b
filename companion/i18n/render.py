"""A message key and its parameters made into one sentence for one device.

Refusals and log lines travel as a key and parameters, never as sentences, so each device
words them in its own language when it shows them.
"""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from companion.i18n.names import Names
from companion.i18n.pattern import format_message
from companion.i18n.values import shown


def render(key: str, params: Mapping[str, Any], names: Names) -> str:
    """One sentence for ``key`` in the names' language, from the names' catalogue chain;
    English, then the key itself, when no catalogue in the chain has it."""
    template = names.message(key) or key
    return format_message(template, params, names.lang,
                          lambda k, v: shown(k, v, names, params))


def sentence(note: Mapping[str, Any], names: Names) -> str:
    """A recorded note (a log line, a doubt: ``{"key", "params"}``) as a sentence; one the
    renderer cannot word (a parameter of an unexpected shape) is shown with its raw values
    rather than breaking every screen it is on."""
    try:
        return render(note["key"], note["params"], names)
    except (TypeError, ValueError, KeyError, IndexError):
        raw = ", ".join(f"{k}={v}" for k, v in note["params"].items())
        return f"{note['key']} ({raw})"


def english(key: str, params: Mapping[str, Any],
            catalogues: Sequence[str] | None = None) -> str:
    """The English sentence, for logs and the command line; ``catalogues`` as for Names."""
    return render(key, params, Names("en", catalogues=catalogues))
