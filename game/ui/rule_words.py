"""The rule options in the player's words, for every screen that offers or explains them."""

from __future__ import annotations

from game.rules import Variant

VARIANT_HELP = {
    Variant.OFFICIAL: "Official: an extra Yahtzee earns 100 and must follow the Joker rules.",
    Variant.FREE: "Free: an extra Yahtzee earns 100 and may go in any open box.",
    Variant.SIMPLE: "Simple: no Yahtzee bonus and no Joker; every roll scores as it lies.",
}
