"""Shogun's handlers' context (``companion.engine.play``) with the changes its rules make the
same way everywhere: cubes moved, chests paid, what a player gains, turn-order queues."""
from __future__ import annotations

from typing import Any, Callable

from companion.engine import play as engine_play
from companion.errors import RuleError
from companion.games.shogun.state import SUPPLY, ShogunState


class Play(engine_play.Play[ShogunState]):
    @property
    def catalog(self):
        return self.state.catalog

    @property
    def board(self):
        return self.state.catalog.board

    def move(self, colour: str, n: int, src: str, dst: str) -> None:
        if n > 0:
            self.emit({"type": "cubes", "colour": colour, "n": n, "from": src, "to": dst})

    def pay(self, player: str, n: int) -> None:
        if n:
            self.emit({"type": "chests", "player": player, "n": -n})

    def gain(self, what: str, player: str, n: int) -> None:
        if n:
            self.emit({"type": what, "player": player, "n": n})

    def in_turn_order(self, queue: str, ask: Callable[[str], bool]) -> bool:
        """Ask each player in turn order until one's decision is awaited (True); the players
        still to ask are kept in the state's ``queue`` field by events, so the question goes
        on from the same player after the answer (and after a restart). False once all are
        asked."""
        s = self.state
        if getattr(s, queue) is None:
            self.event(queue, queue=list(s.turn_order))
        while getattr(s, queue):
            player, rest = getattr(s, queue)[0], getattr(s, queue)[1:]
            self.event(queue, queue=rest)
            if ask(player):
                return True
        self.event(queue, queue=None)
        return False

    def phase(self, phase: str) -> None:
        self.emit({"type": "phase", "phase": phase})

    def clear_province(self, province: str) -> None:
        """Rulebook: buildings, armies and unrest tokens removed, the card back to the supply."""
        prov = self.state.provinces[province]
        for kind in list(prov.buildings):
            self.event("building", province=province, kind=kind, built=False)
        if prov.unrest:
            self.event("unrest", province=province, n=-prov.unrest)
        if prov.armies and prov.owner:
            self.move(prov.owner, prov.armies, province, SUPPLY)
        if prov.owner is not None:
            self.change_owner(province, None)

    def change_owner(self, province: str, player: str | None) -> None:
        """Rulebook: the card goes to the new owner at once, even from the planning board;
        an action planned on it and not yet carried out is lost."""
        before = self.state.provinces[province].owner
        plan = self.state.plans.get(before) if before else None
        if plan is not None:
            done = self.state.acted.get(before, {})
            for action, planned in plan["actions"].items():
                if planned == province and action not in done:
                    self.note("plan.card_lost", player=before, province=province, action=action)
        self.event("owner", province=province, player=player)
        if before is not None and self.state.generals.get(before) == province:
            # Generals: «Если игрок теряет контроль над провинцией, где находится генерал,
            # фишка генерала убирается с игрового поля.»
            self.event("general", player=before, province=None, origin=province)
            self.note("generals.removed", player=before, province=province)

    def expect(self, kind: str, player: str | None = None) -> dict[str, Any]:
        """The decision the game awaits, if it is ``kind`` (and ``player``'s), else refuse."""
        pending = self.state.pending
        if pending is None or pending["kind"] != kind:
            raise RuleError("phase.not_now", phase=self.state.phase,
                            expected=pending["kind"] if pending else self.state.phase)
        if player is not None:
            if player not in self.state.players:
                raise RuleError("player.unknown", player=player)
            waiting = pending.get("player")
            if waiting is not None and waiting != player:
                raise RuleError("turn.not_yours", player=player, waiting=waiting)
        return pending
