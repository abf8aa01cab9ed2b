"""ICU MessageFormat, the subset the catalogues are written in.

A message is text with arguments: ``{player}`` shows a parameter, and
``{n, plural, one {# армия} few {# армии} many {# армий} other {# армии}}`` picks a branch by
the language's plural rule for ``n`` (``=0``-style branches match one number exactly, and
``#`` is the number). ``{x, select, a {...} other {...}}`` picks a branch by the value.
Branches nest. A plural's number may also be a list, counted by its length, so
"Победитель"/"Победители" can follow the list of winners. An apostrophe quotes ICU's way:
``'{'`` is a literal brace and ``''`` one apostrophe, while "camera's" stays as written.

It is the syntax translation tools and translators already know; a message that breaks it
is refused when parsed (the tests parse every catalogue), never half-shown at the table.
"""
from __future__ import annotations

import math
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable, Union

from companion.i18n.plurals import CATEGORIES, plural_category

Show = Callable[[str, Any], str]


class MessageSyntaxError(ValueError):
    """A catalogue message that is not valid in the subset, with where it went wrong."""


@dataclass(frozen=True)
class Argument:
    name: str


@dataclass(frozen=True)
class Choice:
    """A plural or select argument: its branches by selector, ``other`` always among them."""

    name: str
    kind: str
    branches: Mapping[str, "Pattern"]


class Hash:
    """``#`` in a plural branch: the number the plural was chosen by."""


HASH = Hash()
Part = Union[str, Argument, Choice, Hash]
Pattern = tuple[Part, ...]


@lru_cache(maxsize=4096)
def parse(text: str) -> Pattern:
    """The message as text, arguments and choices; MessageSyntaxError if it is not valid."""
    return _Parser(text).pattern(0, in_plural=False)[0]


def arguments(pattern: Pattern) -> set[str]:
    """Every parameter name the message uses, in any branch."""
    names: set[str] = set()
    for part in pattern:
        if isinstance(part, Argument):
            names.add(part.name)
        elif isinstance(part, Choice):
            names.add(part.name)
            for branch in part.branches.values():
                names |= arguments(branch)
    return names


def format_message(text: str, params: Mapping[str, Any], lang: str,
                   show: Show | None = None) -> str:
    """The message filled in for ``lang``. ``show`` words a parameter's value (a province id
    as its name); a parameter that is not given stays visible as ``{name}``."""
    return format_pattern(parse(text), params, lang, show or _plain)


def format_pattern(pattern: Pattern, params: Mapping[str, Any], lang: str, show: Show,
                   number: Any = None) -> str:
    """A parsed message filled in; ``number`` is what ``#`` shows in the enclosing plural."""
    out = []
    for part in pattern:
        if isinstance(part, str):
            out.append(part)
        elif isinstance(part, Argument):
            out.append(show(part.name, params[part.name]) if part.name in params
                       else "{" + part.name + "}")
        elif isinstance(part, Hash):
            out.append(str(number))
        elif part.kind == "plural":
            n = count(params.get(part.name))
            shown = n if n is not None else params.get(part.name, "{" + part.name + "}")
            out.append(format_pattern(_plural_branch(part, n, lang), params, lang, show, shown))
        else:
            value = params.get(part.name)
            branch = part.branches.get(str(value), part.branches["other"])
            out.append(format_pattern(branch, params, lang, show, number))
    return "".join(out)


def count(value: Any) -> int | float | None:
    """The number a plural is chosen by: the value itself, or a list's length (None when
    there is none, and the plural takes its ``other`` branch)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return value if math.isfinite(value) else None
    if isinstance(value, Collection) and not isinstance(value, str):
        return len(value)
    return None


def _plural_branch(choice: Choice, n: int | float | None, lang: str) -> Pattern:
    if n is None:
        return choice.branches["other"]
    if isinstance(n, int) or n.is_integer():
        exact = choice.branches.get(f"={int(n)}")
        if exact is not None:
            return exact
    return choice.branches.get(plural_category(lang, n), choice.branches["other"])


def _plain(name: str, value: Any) -> str:
    return str(value)


class _Parser:
    """Recursive descent over one message; positions in errors count from 0."""

    def __init__(self, text: str) -> None:
        self.text = text

    def fail(self, at: int, why: str) -> MessageSyntaxError:
        return MessageSyntaxError(f"{why} at {at}: {self.text!r}")

    def pattern(self, i: int, in_plural: bool, nested: bool = False) -> tuple[Pattern, int]:
        """Parts up to the closing brace of a branch (``nested``) or the end of the text."""
        text, parts, literal = self.text, [], []
        while i < len(text):
            c = text[i]
            if c == "'":
                quoted, i = self.apostrophe(i, in_plural)
                literal.append(quoted)
            elif c == "{":
                if literal:
                    parts.append("".join(literal))
                    literal = []
                arg, i = self.argument(i + 1, in_plural)
                parts.append(arg)
            elif c == "}":
                if not nested:
                    raise self.fail(i, "a closing brace with no opening one")
                break
            elif c == "#" and in_plural:
                if literal:
                    parts.append("".join(literal))
                    literal = []
                parts.append(HASH)
                i += 1
            else:
                literal.append(c)
                i += 1
        else:
            if nested:
                raise self.fail(i, "a branch with no closing brace")
        if literal:
            parts.append("".join(literal))
        return tuple(parts), i

    def apostrophe(self, i: int, in_plural: bool) -> tuple[str, int]:
        text = self.text
        following = text[i + 1:i + 2]
        if following == "'":
            return "'", i + 2
        if following not in ("{", "}") and not (following == "#" and in_plural):
            return "'", i + 1
        quoted, i = [], i + 1
        while i < len(text):
            if text[i] == "'":
                if text[i + 1:i + 2] == "'":
                    quoted.append("'")
                    i += 2
                    continue
                return "".join(quoted), i + 1
            quoted.append(text[i])
            i += 1
        raise self.fail(i, "a quotation with no closing apostrophe")

    def space(self, i: int) -> int:
        while i < len(self.text) and self.text[i].isspace():
            i += 1
        return i

    def word(self, i: int) -> tuple[str, int]:
        start = i = self.space(i)
        while i < len(self.text) and (self.text[i].isalnum() or self.text[i] in "_="):
            i += 1
        if i == start:
            raise self.fail(i, "a name expected")
        return self.text[start:i], self.space(i)

    def expect(self, i: int, char: str) -> int:
        if self.text[i:i + 1] != char:
            raise self.fail(i, f"{char!r} expected")
        return i + 1

    def argument(self, i: int, in_plural: bool) -> tuple[Part, int]:
        name, i = self.word(i)
        if not name.isidentifier():
            raise self.fail(i, f"a bad argument name {name!r}")
        if self.text[i:i + 1] == "}":
            return Argument(name), i + 1
        i = self.expect(i, ",")
        kind, i = self.word(i)
        if kind not in ("plural", "select"):
            raise self.fail(i, f"an argument type other than plural or select ({kind!r})")
        i = self.expect(i, ",")
        branches: dict[str, Pattern] = {}
        inner_plural = in_plural or kind == "plural"
        i = self.space(i)
        while self.text[i:i + 1] != "}":
            selector, i = self.word(i)
            self.check_selector(i, kind, selector, branches)
            i = self.expect(i, "{")
            branches[selector], i = self.pattern(i, inner_plural, nested=True)
            i = self.space(self.expect(i, "}"))
            if i >= len(self.text):
                raise self.fail(i, f"the {kind} of {name!r} is not closed")
        if "other" not in branches:
            raise self.fail(i, f"the {kind} of {name!r} has no 'other' branch")
        return Choice(name, kind, branches), i + 1

    def check_selector(self, i: int, kind: str, selector: str, seen: Mapping[str, Any]) -> None:
        if selector in seen:
            raise self.fail(i, f"the selector {selector!r} twice")
        if kind != "plural":
            return
        exact = selector.startswith("=") and selector[1:].isdigit()
        if not exact and selector not in CATEGORIES:
            raise self.fail(i, f"a plural selector that is no CLDR category ({selector!r})")
