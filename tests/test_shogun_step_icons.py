"""Every picture a board step asks for is drawn by the game's own stylesheet (an SVG, not an
emoji a tablet without an emoji font would show as an empty box); armies are drawn as the
player's swatch."""
import re
from pathlib import Path

from companion.engine.board import pending
from companion.games.shogun.rules import GAME

CSS = Path(__file__).resolve().parents[1] / "companion/games/shogun/web/static/game.css"


def test_every_icon_of_a_whole_games_steps_has_its_picture():
    icons = set()
    for expansions in ((), ("samurai",)):
        session = GAME.simulate(4, 7, expansions=expansions)
        icons |= {line["icon"] for s in pending(GAME, session.history, (1, 0)) for line in s.lines}
    drawn = set(re.findall(r'\.steplines \.i-([a-z]+) \.icon \{ background-image: url\("data:image/svg\+xml,',
                           CSS.read_text(encoding="utf-8")))
    assert {"army", "valour"} <= icons
    assert icons - {"army"} <= drawn
