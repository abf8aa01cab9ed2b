"""Ivan's handlers' context (``companion.engine.play``) with the changes every part of its
rules makes the same way: coins, goods, victory points with the favour tokens they reach,
gaining favour."""
from __future__ import annotations

from typing import Any, Mapping

from companion.engine import play as engine_play
from companion.errors import RuleError
from companion.games.ivan import favour
from companion.games.ivan.state import IvanState, Player


class Play(engine_play.Play[IvanState]):
    @property
    def data(self) -> dict[str, Any]:
        return self.state.data

    def player(self, seat: str) -> Player:
        found = self.state.players.get(seat)
        if found is None:
            raise RuleError("ivan.unknown_player", player=seat)
        return found

    def coins(self, seat: str, n: int) -> None:
        if n:
            self.event("coins", player=seat, n=n)

    def goods(self, seat: str, goods: Mapping[str, int]) -> None:
        changed = {g: n for g, n in goods.items() if n}
        if changed:
            self.event("goods", player=seat, goods=changed)

    def vp(self, seat: str, n: int, why: str) -> None:
        """Victory points (``why``: where they came from, for the final table), and every
        favour token they reach or pass: «Игрок, чья фишка
        подсчёта очков первой доберётся до такого жетона (остановится на нём или пройдёт
        мимо), снимает его с деления и сразу получает царскую милость» (V1: each one)."""
        if n <= 0:
            return
        self.event("vp", player=seat, n=n, why=why)
        score = self.state.players[seat].vp
        for at in sorted(self.state.favour_tokens):
            if at <= score and at in self.state.favour_tokens:
                self.event("token", player=seat, at=at)
                self.note("ivan.favour_token", player=seat, n=at)
                self.gain_favour(seat)
                score = self.state.players[seat].vp

    def gain_favour(self, seat: str) -> None:
        """Up to the top of the track; already there: «вместо этого он получает 1 победное очко»."""
        order = self.state.favour
        if order[0] == seat:
            self.note("ivan.favour_on_top", player=seat, n=self.data["favour_top_vp"])
            self.vp(seat, self.data["favour_top_vp"], "favour_top")
            return
        self.event("favour", order=favour.gained(order, seat))
        self.note("ivan.favour_gained", player=seat)
