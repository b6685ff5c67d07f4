"""Statistics: the players' profiles and their figures, and the high score tables."""

from game.scenes.stats.scene import StatsScene

__all__ = ["StatsScene"]
