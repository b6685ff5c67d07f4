"""Small builders shared by the solver tests."""

from __future__ import annotations

import itertools
import math
from collections import Counter

from game.rules import (
    AMERICAN,
    Card,
    Category,
    GameConfig,
    GameState,
    Scorecard,
    StartOrder,
    Variant,
)
from game.rules.state import replace


def card_with(filled: dict[Category, int], chips: int = 0, card: Card = AMERICAN) -> Scorecard:
    """A scorecard with the given boxes written (values taken as they are)."""
    boxes: list[int | None] = [None] * len(card.boxes)
    for category, points in filled.items():
        boxes[card.index(category)] = points
    return Scorecard(tuple(boxes), chips, card)


def card_without(
    open_boxes: set[Category], filled: dict[Category, int], chips: int = 0, card: Card = AMERICAN
) -> Scorecard:
    """A card with every box filled (0 unless given in `filled`) except `open_boxes`."""
    values = {c: filled.get(c, 0) for c in card.boxes if c not in open_boxes}
    return card_with(values, chips, card)


def roll_outcomes(count: int) -> list[tuple[tuple[int, ...], float]]:
    """Every sorted roll of `count` dice with its probability."""
    found = []
    for faces in itertools.combinations_with_replacement(range(1, 7), count):
        ways = math.factorial(count)
        for c in Counter(faces).values():
            ways //= math.factorial(c)
        found.append((faces, ways / 6**count))
    return found


def turn_state(
    card: Scorecard,
    dice,
    rolls_left: int,
    variant: Variant = Variant.OFFICIAL,
    held: tuple[bool, ...] = (False,) * 5,
    forced_order: bool = False,
) -> GameState:
    """A solitaire state in the middle of a turn with this card, these dice (None: before
    the first roll) and rolls left."""
    config = GameConfig(
        ("Ann",), variant=variant, start=StartOrder.SEATED, forced_order=forced_order
    )
    state, _ = GameState.new(config)
    return replace(
        state,
        cards=(card,),
        turn=card.filled_count,
        dice=None if dice is None else tuple(dice),
        held=tuple(held),
        rolls=3 - rolls_left,
    )
