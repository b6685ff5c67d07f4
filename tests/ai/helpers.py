"""Small builders shared by the solver tests."""

from __future__ import annotations

from game.rules import Category, Scorecard


def card_with(filled: dict[Category, int], chips: int = 0) -> Scorecard:
    """A scorecard with the given boxes written (values taken as they are)."""
    boxes = [None] * 13
    for category, points in filled.items():
        boxes[category.value] = points
    return Scorecard(tuple(boxes), chips)


def card_without(open_boxes: set[Category], filled: dict[Category, int], chips: int = 0):
    """A card with every box filled (0 unless given in `filled`) except `open_boxes`."""
    values = {c: filled.get(c, 0) for c in Category if c not in open_boxes}
    return card_with(values, chips)
