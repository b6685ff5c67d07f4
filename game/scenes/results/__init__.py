"""The results screen of a finished game and match."""

from game.scenes.results.scene import ResultsScene

__all__ = ["ResultsScene"]
