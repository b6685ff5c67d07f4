"""Small builders shared by the rules tests."""

from __future__ import annotations

from game.rules import AMERICAN, Card, Category, Scorecard


def card_with(filled: dict[Category, int], chips: int = 0, card: Card = AMERICAN) -> Scorecard:
    """A scorecard with the given boxes written (values taken as they are)."""
    boxes: list[int | None] = [None] * len(card.boxes)
    for category, points in filled.items():
        boxes[card.index(category)] = points
    return Scorecard(tuple(boxes), chips, card)
