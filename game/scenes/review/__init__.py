"""The coach's review of a finished game."""

from game.scenes.review.scene import ReviewScene

__all__ = ["ReviewScene"]
