"""A game's data file and its schema, read from the game's package.

Every game keeps what its boxes print in ``data/<name>.json`` beside the schema that checks
it, ``schema/<name>.schema.json``; a file that breaks the schema is refused with the file's
name and the first thing wrong, before any game is made from it."""
from __future__ import annotations

import json
from importlib import resources
from typing import Any, Mapping

import jsonschema


def read(package: str, *parts: str) -> Any:
    """The JSON file at ``parts`` inside ``package``."""
    return json.loads(resources.files(package).joinpath(*parts).read_text(encoding="utf-8"))


def conforming(document: Mapping[str, Any], package: str, name: str) -> None:
    """ValueError naming ``name`` (``edo.json``) unless ``document`` meets its schema."""
    schema = read(package, "schema", name.removesuffix(".json") + ".schema.json")
    try:
        jsonschema.validate(document, schema)
    except jsonschema.ValidationError as exc:
        raise ValueError(f"{name}: {exc.message}") from None
