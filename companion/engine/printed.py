"""Values printed on a game's cards and boards but not in its rulebook, told by the table.

A rulebook often says "take the chests shown on the card" without saying how many. The
companion never invents such a number: the game asks the table the first time the value
matters, offering only the values the card could show (and, where a public source gives
one, that value pre-filled, marked to check against the card). The answer is an event of
the game (``{"type": "printed", "values": {key: value}}``), so the game replays the same;
the store also keeps it for the install, so the next game starts knowing it, and the group
can export the values and share them.

A game declares its questions; each is checked here, the same way for every game.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable, Mapping, Sequence

import jsonschema

from companion.errors import RuleError

EVENT = "printed"
"""The event type a game emits when the table tells it printed values (``values``)."""


@dataclass(frozen=True)
class Question:
    """One value printed on a card or board: its key (``"<part>.<what>"``, stable across
    releases: the install's memory is keyed by it), the game's message key that asks for
    it with that message's ``params``, and either the ``choices`` a card can show or the
    whole-number ``range`` (least, most) it can hold; ``suggested`` and ``source`` where a
    public source gives a value (to be checked against the card, never taken silently);
    ``group``, the screen word heading it among its neighbours (a card, a board); ``listed``
    False for one of many values the game has the table tap rather than pick one by one
    (a board's roads, one per pair of places): the install's page leaves it out, its
    export and import keep it like any other; ``"known"`` for one of many the game learns
    as they come up (a split of an income table): a row of the page once it is known."""

    key: str
    label: str
    params: Mapping[str, Any] = field(default_factory=dict)
    choices: tuple[Any, ...] = ()
    range: tuple[int, int] | None = None
    suggested: Any = None
    source: str | None = None
    group: str | None = None
    listed: bool | str = True

    @classmethod
    def of(cls, data: Mapping[str, Any]) -> "Question":
        """A question as a game's data file declares it."""
        rng = data.get("range")
        return cls(key=data["key"], label=data["label"], params=dict(data.get("params", {})),
                   choices=tuple(data.get("choices", ())),
                   range=(int(rng[0]), int(rng[1])) if rng else None,
                   suggested=data.get("suggested"), source=data.get("source"),
                   group=data.get("group"), listed=data.get("listed", True))

    def listed_with(self, known: Mapping[str, Any]) -> bool:
        """Whether the install's page shows this question, given the values it knows."""
        return self.listed is True or (self.listed == "known" and self.key in known)

    def options(self) -> list[Any]:
        """Every value the table may give, in order (the screens offer exactly these)."""
        if self.range is not None:
            return list(range(self.range[0], self.range[1] + 1))
        return list(self.choices)

    def check(self, value: Any) -> Any:
        """``value`` if the card could show it, else a RuleError naming the question."""
        whole = isinstance(value, int) and not isinstance(value, bool)
        if self.range is not None:
            if whole and self.range[0] <= value <= self.range[1]:
                return value
        elif value in self.choices and (whole or not isinstance(value, (bool, float))):
            return value
        raise RuleError("printed.not_possible", what=self.key)

    def shown(self) -> dict[str, Any]:
        """The question as a screen needs it: what to ask, what may be answered, what a
        public source suggests."""
        return {"key": self.key, "label": self.label, "params": dict(self.params),
                "options": self.options(), "suggested": self.suggested, "source": self.source}


@lru_cache(maxsize=1)
def _schema() -> dict[str, Any]:
    return json.loads((Path(__file__).parent / "schema" / "printed.schema.json").read_text("utf-8"))


def declared(entries: Sequence[Mapping[str, Any]], what: str) -> dict[str, Question]:
    """A data file's questions by key, checked against ``schema/printed.schema.json``; a
    suggestion must itself be a value the card could show. ValueError names ``what``.
    Games ask at every step that may need a value, so a declaration is checked once."""
    return dict(_declared(json.dumps(list(entries), sort_keys=True), what))


@lru_cache(maxsize=64)
def _declared(entries: str, what: str) -> tuple[tuple[str, Question], ...]:
    found = json.loads(entries)
    try:
        jsonschema.validate(found, _schema())
    except jsonschema.ValidationError as exc:
        raise ValueError(f"{what}: printed values: {exc.message}") from None
    return tuple(by_key((Question.of(entry) for entry in found), what).items())


def by_key(questions: Iterable[Question], what: str) -> dict[str, Question]:
    """The questions by key; two with one key would make the install's memory ambiguous."""
    found: dict[str, Question] = {}
    for question in questions:
        if question.key in found:
            raise ValueError(f"{what}: printed value {question.key!r} declared twice")
        if question.suggested is not None:
            try:
                question.check(question.suggested)
            except RuleError:
                raise ValueError(f"{what}: {question.key}: suggests a value it cannot hold") from None
        found[question.key] = question
    return found


def missing(known: Mapping[str, Any], keys: Iterable[str]) -> list[str]:
    """The keys among ``keys`` not yet ``known``, each once, in order."""
    return [key for key in dict.fromkeys(keys) if key not in known]


def answered(asked: Sequence[Mapping[str, Any]], values: Mapping[str, Any],
             questions: Mapping[str, Question]) -> dict[str, Any]:
    """The table's answer to the questions ``asked`` (as ``Question.shown`` gave them):
    every one answered, nothing else, each with a value its card could show."""
    keys = [question["key"] for question in asked]
    for key in values:
        if key not in keys:
            raise RuleError("printed.unknown", what=key)
    for key in keys:
        if key not in values:
            raise RuleError("printed.unanswered", what=key)
    return checked(values, questions)


def checked(values: Mapping[str, Any], questions: Mapping[str, Question]) -> dict[str, Any]:
    """The values answering these questions, each checked; values for questions this game
    does not ask (the install knows other games and expansions) are left out."""
    return {key: questions[key].check(value) for key, value in values.items() if key in questions}
