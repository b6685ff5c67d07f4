"""The exact optimal solver: expected scores and the value of every choice, for each variant
and card (the American card's three variants, Scandinavian Yatzy).

Headless: imports game.rules and numpy, never pygame. The state values are precomputed per
variant (assets/tables/, made by `python -m game.ai.build`) and loaded on first use.

- `expected_score(card, variant, forced_order)`: expected final total from the start of a turn.
- `option_values(card, dice, rolls_left, variant, forced_order)`: every legal choice (`Keep`
  or `game.rules.Score`) with its expected final total, best first. The variant defaults to
  the card's own (OFFICIAL for the American card); forced order (boxes top to bottom) is
  solved exactly too (game.ai.forced).
- `best_choice(...)`: the first of those.
- `keep_to_actions(dice, held, keep)`: the Hold / Release actions that carry out a Keep.
- `value_table(variant)` / `preload(variant)`: the loaded table, for strategies that want the
  raw numbers, and a way to load it ahead of the first CPU turn.
"""

from __future__ import annotations

from game.ai.options import (
    Choice,
    Keep,
    best_choice,
    expected_score,
    keep_to_actions,
    option_values,
)
from game.ai.tables import ValueTable, value_table
from game.rules import Variant


def preload(variant: Variant = Variant.OFFICIAL) -> None:
    """Load (or, failing that, build) the variant's table now rather than on first use."""
    value_table(variant)


__all__ = [
    "Choice",
    "Keep",
    "ValueTable",
    "best_choice",
    "expected_score",
    "keep_to_actions",
    "option_values",
    "preload",
    "value_table",
]
