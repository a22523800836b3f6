"""The pure rules of every game: no pygame, no platformdirs, no file I/O.

`Game` is the one checked path for every move; `IllegalMove` is its "no" with a reason.
"""

from ramigui.rules.errors import IllegalMove
from ramigui.rules.game import Game
from ramigui.rules.moves import Move
from ramigui.rules.view import PlayerView

__all__ = ["Game", "IllegalMove", "Move", "PlayerView"]
