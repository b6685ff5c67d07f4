"""The table: a person's seat at play (TableScene) and a finished game played back on it
(ReplayScene), both made of the same parts."""

from game.scenes.table.replay_scene import ReplayScene
from game.scenes.table.scene import TableScene

__all__ = ["ReplayScene", "TableScene"]
