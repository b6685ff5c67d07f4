"""The rule variants a game can be played under (see RULES.md)."""

from __future__ import annotations

import enum


class Variant(enum.Enum):
    """How an extra Yahtzee (five of a kind with the Yahtzee box filled) is scored.

    OFFICIAL: the booklet's forced Joker and 100-point bonus chips.
    FREE: an extra Yahtzee may go in any open box; bonus chips as official.
    SIMPLE: no bonus chips and no Joker; every roll scores as it lies.
    """

    OFFICIAL = "official"
    FREE = "free"
    SIMPLE = "simple"

    @property
    def label(self) -> str:
        return self.value.capitalize()
