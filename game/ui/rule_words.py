"""The rule options in the player's words, for every screen that offers or explains them."""

from __future__ import annotations

from game.i18n import translate
from game.rules import Variant


def variant_help(variant: Variant) -> str:
    """What a rule variant means, in one sentence in the language in use (the words are the
    variant's record's, game.rules.variants)."""
    return translate(variant.help)
