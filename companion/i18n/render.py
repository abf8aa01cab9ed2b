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


def english(key: str, params: Mapping[str, Any],
            catalogues: Sequence[str] | None = None) -> str:
    """The English sentence, for logs and the command line; ``catalogues`` as for Names."""
    return render(key, params, Names("en", catalogues=catalogues))
