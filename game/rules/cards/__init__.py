"""The scorecards a game can be played on. Each is one module; CARDS names them all.

card = Variant.YATZY.card          # or CARDS["yatzy"]
card.boxes                         # the boxes in card order
card.index(Category.ONE_PAIR)      # 6: its position
card.label(Category.YAHTZEE)       # "Yatzy" (marked; translate() it when shown)
card.score(Category.ONE_PAIR, (2, 2, 5, 5, 6))  # 10
"""

from __future__ import annotations

from game.rules.cards.american import AMERICAN
from game.rules.cards.card import SORTED_ROLLS, Card
from game.rules.cards.yatzy import YATZY

CARDS: dict[str, Card] = {card.id: card for card in (AMERICAN, YATZY)}


def card_named(card_id: object) -> Card:
    """The card a save or table names; ValueError for an unknown one."""
    card = CARDS.get(card_id) if isinstance(card_id, str) else None
    if card is None:
        raise ValueError(f"unknown scorecard {card_id!r}")
    return card


__all__ = ["AMERICAN", "CARDS", "SORTED_ROLLS", "YATZY", "Card", "card_named"]
