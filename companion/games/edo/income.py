"""The income table: how a city's profit is split among its builders, by rank (D30).

«Если 2 и более игроков построились в городе, прибыль делится между ними в зависимости от
их влияния ... Остальные игроки получают деньги в соответствии с таблицей»: the rulebook
names a table it does not print, and shows two of its rows in worked examples (8 ryo between
two builders: 6 and 2; 12 between four: 5, 4, 2 and 1). The table is therefore kept like any
printed value of the install, one value per profit, number of builders and rank, told the
first time the group reads that split off the board and used from then on, so that a city's
income is one tap: its profit.
"""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from companion.errors import RuleError
from companion.games.edo.state import EdoState


def key(profit: int, builders: int, rank: int) -> str:
    return f"edo.income.{profit}.{builders}.{rank}"


def keys(profit: int, builders: int) -> list[str]:
    return [key(profit, builders, rank) for rank in range(1, builders + 1)]


def profits(data: Mapping[str, Any]) -> range:
    """Every profit a city may pay, as the data file bounds it."""
    least, most = data["income"]["profit"]
    return range(least, most + 1)


def questions(data: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Every share of the table as a printed question (told in the income form, a row of the
    install's page once known), the rulebook's worked splits suggested."""
    declared = data["income"]
    examples = {(sum(split), len(split)): split for split in declared["examples"]}
    found = []
    for profit in profits(data):
        for builders in range(2, data["players"]["most"] + 1):
            example = examples.get((profit, builders))
            for rank, share_key in enumerate(keys(profit, builders), start=1):
                entry = {"key": share_key, "group": declared["group"], "label": declared["label"],
                         "params": {"profit": profit, "n": builders, "rank": rank},
                         "range": [0, profit], "listed": "known"}
                if example:
                    entry.update(suggested=example[rank - 1], source=declared["source"])
                found.append(entry)
    return found


def split(state: EdoState, profit: int, builders: int) -> list[int] | None:
    """The shares the install knows for this profit among this many builders, largest
    first; a lone builder «получает всю прибыль»."""
    if builders == 1:
        return [profit]
    shares = [state.printed.get(k) for k in keys(profit, builders)]
    return None if None in shares else shares


def known(state: EdoState, builders: int) -> dict[int, list[int]]:
    """Every split the install knows for this many builders, by profit."""
    found = {profit: split(state, profit, builders) for profit in profits(state.data)}
    return {profit: shares for profit, shares in found.items() if shares is not None}


def suggested(state: EdoState, builders: int) -> dict[int, list[int]]:
    """The rulebook's worked splits for this many builders, by profit."""
    return {sum(s): list(s) for s in state.data["income"]["examples"] if len(s) == builders}


def check(city: str, shares: Sequence[int], builders: int, profit: int | None) -> None:
    """The refusal of shares that cannot be the city's: one share a builder, «наибольшую
    часть прибыли» to the most influence, and together the whole profit when it is given."""
    if len(shares) != builders:
        raise RuleError("edo.income_shares", province=city, n=builders)
    if any(later > earlier for earlier, later in zip(shares, shares[1:])):
        raise RuleError("edo.income_order")
    if profit is not None and sum(shares) != profit:
        raise RuleError("edo.income_sum", n=sum(shares), profit=profit)


def told(state: EdoState, shares: Sequence[int]) -> dict[str, int]:
    """The table's values these shares tell, where they say something the install does not
    know yet or corrects (the board printed other shares: the last reading wins)."""
    profit, builders = sum(shares), len(shares)
    if builders == 1 or profit not in profits(state.data):
        return {}
    values = dict(zip(keys(profit, builders), shares))
    return {} if all(state.printed.get(k) == v for k, v in values.items()) else values
