"""The rule options in the player's words, for every screen that offers or explains them."""

from __future__ import annotations

from game.i18n import N_, translate
from game.rules import Variant

# Marked here, translated when shown: use `variant_help`.
VARIANT_HELP = {
    Variant.OFFICIAL: N_("Official: an extra Yahtzee earns 100 and must follow the Joker rules."),
    Variant.FREE: N_("Free: an extra Yahtzee earns 100 and may go in any open box."),
    Variant.SIMPLE: N_("Simple: no Yahtzee bonus and no Joker; every roll scores as it lies."),
    Variant.YATZY: N_(
        "Yatzy: the Scandinavian card of fifteen boxes, with One Pair and Two Pairs and a "
        "50-point bonus at 63; no Yahtzee bonus and no Joker."
    ),
}


def variant_help(variant: Variant) -> str:
    """What a rule variant means, in one sentence in the language in use."""
    return translate(VARIANT_HELP[variant])
