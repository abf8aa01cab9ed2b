"""A player's ryo: «Игроки могут хранить деньги тайно, складывая их в стопки». Each player
chooses, on his phone, whether his stack is covered (the table and the other phones see no
count; the default) or open on the table; the final table shows every count either way."""
from __future__ import annotations

from companion.games.edo.commands import Cover
from companion.games.edo.play import Play


def cover(play: Play, cmd: Cover) -> None:
    """Cover the stack or open it; asking for what it already is changes nothing."""
    player = play.player(cmd.player)
    if player.covered == cmd.covered:
        return
    play.event("cover", player=cmd.player, covered=cmd.covered)
    play.note("edo.ryo_covered" if cmd.covered else "edo.ryo_open", player=cmd.player)
