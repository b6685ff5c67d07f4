"""Until the router and the replay tests import ReplayScene from game.scenes.table, where it
now lives: delete this file then."""

from game.scenes.table import ReplayScene

__all__ = ["ReplayScene"]
