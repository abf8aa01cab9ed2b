"""A game's commands checked against their schema before any rules see them.

A device's JSON becomes a command record through msgspec in strict mode: a bool or a float
is never an int, a string never a number, an unknown field never ignored, and every size
has a bound, so nothing malformed reaches the rules, the store or the pages. A refusal is a
RuleError the devices can word in their own language: a message key and parameters that
name the field by its path (``bid.chests``, ``players[2].name``), never msgspec's English
sentence, and never echoing more of what was sent than a screen can hold.
"""
from __future__ import annotations

import math
import re
import typing
from dataclasses import dataclass
from functools import lru_cache
from typing import Annotated, Any, Callable, Literal, Union

import msgspec
from msgspec import Meta

from companion.errors import RuleError

Path = tuple[Union[str, int], ...]

# No control characters (C0, DEL, C1) and no lone surrogates: the store's UTF-8 and the
# pages cannot hold them. \Z, not $: $ would let a final newline through.
PRINTABLE = r"\A[^\x00-\x1f\x7f-\x9f\ud800-\udfff]*\Z"
_PRINTABLE = re.compile(PRINTABLE)
SHOWN = 40  # at most this many characters of what was sent are echoed in a refusal


def text(most: int, least: int = 0) -> Any:
    """A string a page can show and the store can keep, of ``least`` to ``most`` characters."""
    return Annotated[str, Meta(min_length=least, max_length=most, pattern=PRINTABLE)]


def whole(least: int, most: int) -> Any:
    """An int from ``least`` to ``most``; strict conversion already refuses bools and floats."""
    return Annotated[int, Meta(ge=least, le=most)]


class Invalid(ValueError):
    """A refusal from a check msgspec cannot express, raised during conversion (in a struct's
    ``__post_init__`` or a Document's check); ``path`` is relative to the struct or document,
    which msgspec locates."""

    def __init__(self, key: str, path: Path = (), **params: Any) -> None:
        super().__init__(key)
        self.key, self.path, self.params = key, path, params


class Document(dict):
    """A free-form JSON object (a custom board): only its shape is checked here (depth, size,
    printable text, finite numbers), so it can be stored, sent and shown; what it means is
    left to the game's own schema. A game subclasses it to set tighter limits."""

    max_depth = 16
    max_nodes = 20_000
    max_text = 1_000

    @classmethod
    def checked(cls, value: Any) -> "Document":
        """The value as a Document, or Invalid: walked with a stack, so no depth can crash it."""
        if not isinstance(value, dict):
            raise Invalid("command.bad_field", expected="object")
        stack: list[tuple[Any, Path]] = [(value, ())]
        nodes = 0
        while stack:
            node, path = stack.pop()
            nodes += 1
            if nodes > cls.max_nodes:
                raise Invalid("command.too_large", most=cls.max_nodes)
            if isinstance(node, (dict, list, tuple)) and len(path) >= cls.max_depth:
                raise Invalid("command.too_deep", path, most=cls.max_depth)
            if isinstance(node, dict):
                for key, item in node.items():
                    if not isinstance(key, str):
                        raise Invalid("command.bad_field", path + (shown(key),), expected="text")
                    cls._text(key, path + (key,))
                    stack.append((item, path + (key,)))
            elif isinstance(node, (list, tuple)):
                stack.extend((item, path + (i,)) for i, item in enumerate(node))
            elif isinstance(node, str):
                cls._text(node, path)
            elif isinstance(node, float) and not math.isfinite(node):
                raise Invalid("command.bad_field", path, expected="number")
            elif not (node is None or isinstance(node, (bool, int, float))):
                raise Invalid("command.bad_field", path, expected="json")
        return cls(value)

    @classmethod
    def _text(cls, value: str, path: Path) -> None:
        if len(value) > cls.max_text:
            raise Invalid("command.too_long", path, most=cls.max_text)
        if not _PRINTABLE.match(value):
            raise Invalid("command.bad_text", path)


@dataclass(frozen=True)
class Problem:
    """What is wrong with a command, before the game words it: the generic refusal, where it
    points, what was found there, and whether that is a map's key rather than its value."""

    command: str | None
    key: str
    path: Path
    value: Any
    params: dict[str, Any]
    key_of_map: bool = False

    def refusal(self) -> RuleError:
        return RuleError(self.key, **self.params)


Reword = Callable[[Problem], Union[RuleError, None]]


def convert(data: Any, schema: Any, reword: Reword | None = None) -> Any:
    """``data`` (a dict from a request or the command line) as one of ``schema``'s command
    structs (a union tagged by a field such as "type"), or a RuleError saying what is wrong.
    ``reword`` lets a game keep its rules' own refusals ("tray.bad_count") for some problems."""
    if not isinstance(data, dict):
        raise RuleError("command.not_object", got=kind(data))
    tag_field, structs = _union(schema)
    tag = data.get(tag_field)
    # The struct its tag names, when it names one: msgspec converts into one struct several
    # times faster than into the union, with the same checks and the same messages.
    target = structs.get(tag, schema) if isinstance(tag, str) else schema
    try:
        return msgspec.convert(data, target, strict=True, dec_hook=_dec_hook)
    except msgspec.ValidationError as exc:
        problem = _problem(str(exc), exc.__cause__, data, schema)
    except UnicodeEncodeError:
        # msgspec encodes field names and tags to look them up: a lone surrogate there.
        problem = _unencodable(data, schema)
    refusal = reword(problem) if reword is not None else None
    raise (refusal or problem.refusal()) from None


def _dec_hook(tp: Any, value: Any) -> Any:
    if isinstance(tp, type) and issubclass(tp, Document):
        return tp.checked(value)
    raise NotImplementedError


# -- from msgspec's message to a Problem -------------------------------------------------------

_AT = re.compile(r" - at `(?:(key)` in `)?\$(.*)`\Z", re.S)
_SEGMENT = re.compile(r"\.(\w+)|\[(\d+)\]|\[(\.\.\.)\]")
_EXPECTED = re.compile(r"Expected `([^`]*)`, got `[^`]*`\Z")
_LENGTH = re.compile(r"Expected `\w+` of length ([<>]=) (\d+)\Z")
_BOUND = re.compile(r"Expected `\w+` [<>]=? ")
_MISSING = "Object missing required field `"
_UNKNOWN = "Object contains unknown field `"
KINDS = {"int": "integer", "str": "text", "float": "number", "bool": "boolean", "null": "null",
         "object": "object", "array": "array", "Document": "object"}
_ABSENT = object()


def _problem(message: str, cause: Any, data: dict, schema: Any) -> Problem:
    at = _AT.search(message)
    what = message[:at.start()] if at else message
    segments = [m.group(1) or (int(m.group(2)) if m.group(2) else ...)
                for m in _SEGMENT.finditer(at.group(2))] if at else []
    key_of_map = bool(at and at.group(1))
    path, value, tp = _locate(schema, data, segments, key_of_map)
    tag, command = _tag_field(schema), _command(data, schema)

    def problem(key: str, path: Path = path, value: Any = value, **params: Any) -> Problem:
        return Problem(command, key, path, value, {"field": field_path(path), **params}, key_of_map)

    if isinstance(cause, Invalid):
        return problem(cause.key, path + cause.path, _at(value, cause.path), **cause.params)
    if what.startswith(_MISSING):
        return problem("command.missing_field", path + (what[len(_MISSING):-1],), _ABSENT)
    if what.startswith(_UNKNOWN):
        name = what[len(_UNKNOWN):-1]
        return problem("command.bad_field", path + (name,), _at(value, (name,)))
    if path == (tag,):
        return Problem(None, "command.unknown", path, value, {"type": shown(value)})
    if m := _EXPECTED.match(what):
        return problem("command.bad_field",
                       expected=" | ".join(KINDS.get(k, k) for k in m.group(1).split(" | ")))
    if m := _LENGTH.match(what):
        if m.group(1) == "<=":
            return problem("command.too_long", most=int(m.group(2)))
        return problem("command.too_short", least=int(m.group(2)))
    if what.startswith("Expected `str` matching regex"):
        return problem("command.bad_text")
    if _BOUND.match(what):
        return problem("command.out_of_range", **_bounds(tp, value))
    if what.startswith(("Invalid enum value", "Invalid value")):
        return problem("command.bad_choice",
                       choices=", ".join(map(str, typing.get_args(_arm(tp, value)))))
    return problem("command.bad_field")


def _unencodable(data: dict, schema: Any) -> Problem:
    """The first string (a key or a value) that cannot be encoded, found with a stack."""
    tag, command = _tag_field(schema), _command(data, schema)
    stack: list[tuple[Any, Path]] = [(data, ())]
    while stack:
        node, path = stack.pop()
        items = node.items() if isinstance(node, dict) else \
            enumerate(node) if isinstance(node, (list, tuple)) else ()
        for key, item in items:
            here = path + (key,)
            if isinstance(key, str) and not _encodes(key):
                return Problem(command, "command.bad_text", here, key, {"field": field_path(here)}, True)
            if isinstance(item, str) and not _encodes(item):
                if here == (tag,):
                    return Problem(None, "command.unknown", here, item, {"type": shown(item)})
                return Problem(command, "command.bad_text", here, item, {"field": field_path(here)})
            stack.append((item, here))
    return Problem(command, "command.bad_text", (), data, {"field": ""})


def _command(data: dict, schema: Any) -> str | None:
    """The command's tag, for a game's rewording, when it is one that can be read."""
    tag = data.get(_tag_field(schema))
    return tag if isinstance(tag, str) and _encodes(tag) else None


def _encodes(value: str) -> bool:
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


# -- walking the schema and the data together, to where msgspec pointed -------------------------

def _locate(schema: Any, data: Any, segments: list[Any], key_of_map: bool) -> tuple[Path, Any, Any]:
    """The concrete path (a map's entry named by its key where msgspec says ``[...]``, and
    the key itself when the key is wrong), the value found there and its declared type."""
    tp, value, path = schema, data, ()
    for segment in segments:
        tp = _arm(tp, value)
        if isinstance(segment, str):
            tp = _field_type(tp, segment)
            value = value.get(segment, _ABSENT) if isinstance(value, dict) else _ABSENT
            path += (segment,)
        elif isinstance(segment, int):
            tp = (typing.get_args(tp) or (Any,))[0]
            value = _at(value, (segment,))
            path += (segment,)
        else:
            key_type, tp = typing.get_args(tp) or (Any, Any)
            entries = value.items() if isinstance(value, dict) else ()
            key = next((k for k, v in entries if not (_fits(k, key_type) and _fits(v, tp))), _ABSENT)
            value = _at(value, (key,))
            path += (key,)
    if key_of_map:
        arm = _arm(tp, value)
        key_type = typing.get_args(arm)[0] if typing.get_origin(arm) is dict else str
        key = next((k for k in value if not _fits(k, key_type)), _ABSENT) \
            if isinstance(value, dict) else _ABSENT
        return path + (shown(key) if not isinstance(key, str) else key,), key, key_type
    return path, value, tp


def _fits(value: Any, tp: Any) -> bool:
    try:
        msgspec.convert(value, tp, strict=True, dec_hook=_dec_hook)
    except (msgspec.ValidationError, UnicodeEncodeError):
        return False
    return True


def _arm(tp: Any, value: Any) -> Any:
    """``tp`` without Annotated, and of a union the member ``value`` was meant for."""
    tp = _bare(tp)
    if typing.get_origin(tp) is not Union:
        return tp
    arms = [_bare(a) for a in typing.get_args(tp)]
    tag_field, structs = _union(tp)
    tag = value.get(tag_field) if isinstance(value, dict) else None
    if len(structs) > 1 and isinstance(tag, str) and tag in structs:
        return structs[tag]
    return next((a for a in arms if _kind_of_type(a) == kind(value)),
                next(a for a in arms if a is not type(None)))


def _bare(tp: Any) -> Any:
    while typing.get_origin(tp) is Annotated:
        tp = typing.get_args(tp)[0]
    return tp


def _bounds(tp: Any, value: Any) -> dict[str, Any]:
    """The least and most declared on the union member ``value`` was meant for."""
    arm = tp
    if typing.get_origin(_bare(tp)) is Union:
        meant = _arm(tp, value)
        arm = next(a for a in typing.get_args(_bare(tp)) if _bare(a) is meant)
    found: dict[str, Any] = {}
    while typing.get_origin(arm) is Annotated:
        for meta in typing.get_args(arm)[1:]:
            if isinstance(meta, Meta) and meta.ge is not None:
                found["least"] = meta.ge
            if isinstance(meta, Meta) and meta.le is not None:
                found["most"] = meta.le
        arm = typing.get_args(arm)[0]
    return found


def _kind_of_type(tp: Any) -> str:
    origin = typing.get_origin(tp) or tp
    if origin is Literal:
        return kind(typing.get_args(tp)[0])
    if isinstance(origin, type) and issubclass(origin, (dict, msgspec.Struct)):
        return "object"
    return {int: "number", float: "number", str: "text", bool: "boolean", list: "array",
            tuple: "array", type(None): "null"}.get(origin, "")


def _field_type(struct: Any, name: str) -> Any:
    if isinstance(struct, type) and issubclass(struct, msgspec.Struct):
        for info in msgspec.structs.fields(struct):
            if info.encode_name == name:
                return info.type
    return Any


@lru_cache(maxsize=None)
def _union(schema: Any) -> tuple[str | None, dict[str, type]]:
    """The tag field of a union of tagged structs, and its structs by tag."""
    structs = [a for a in typing.get_args(schema) or (schema,)
               if isinstance(a, type) and issubclass(a, msgspec.Struct)]
    tag_field = structs[0].__struct_config__.tag_field if structs else None  # type: ignore[attr-defined]
    return tag_field, {_tag(a): a for a in structs}


def _tag_field(schema: Any) -> str | None:
    return _union(schema)[0]


def _tag(struct: type) -> Any:
    return struct.__struct_config__.tag  # type: ignore[attr-defined]


def _at(value: Any, path: Path) -> Any:
    for step in path:
        try:
            value = value[step]
        except (KeyError, IndexError, TypeError):
            return _ABSENT
    return value


# -- words for what was sent ---------------------------------------------------------------------

def kind(value: Any) -> str:
    """The JSON kind of a value, as a refusal names what was sent instead of echoing it."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, (int, float)):
        return "number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, (list, tuple)):
        return "array"
    if isinstance(value, dict):
        return "object"
    return type(value).__name__


def shown(value: Any) -> str:
    """What was sent, safe to echo: text with unshowable characters replaced and cut to
    SHOWN characters; anything else by its JSON kind."""
    if not isinstance(value, str):
        return kind(value)
    clean = re.sub(r"[\x00-\x1f\x7f-\x9f\ud800-\udfff]", "\ufffd", value[:SHOWN + 1])
    return clean if len(clean) <= SHOWN else clean[:SHOWN - 1] + "…"


def field_path(path: Path) -> str:
    """``players[2].name``, ``bid.chests``: a map's keys are written like fields."""
    out = ""
    for step in path:
        out += f"[{step}]" if isinstance(step, int) else f".{shown(step)}" if out else shown(step)
    return out
