"""The new-game setup: who sits at the table and the rules of the match."""

from game.scenes.setup.scene import SetupScene

__all__ = ["SetupScene"]
