"""Small builders shared by the rules tests."""

from __future__ import annotations

from game.rules import Category, Scorecard


def card_with(filled: dict[Category, int], chips: int = 0) -> Scorecard:
    """A scorecard with the given boxes written (values taken as they are)."""
    boxes = [None] * 13
    for category, points in filled.items():
        boxes[category.value] = points
    return Scorecard(tuple(boxes), chips)
