"""One record per variant and per card: neither can be half-added (issue 24)."""

from __future__ import annotations

from game.rules import Variant
from game.rules.cards import CARDS
from game.rules.variants import Extra, VariantRules


def test_every_variant_has_its_record_and_words():
    for variant in Variant:
        rules = variant.rules
        assert isinstance(rules, VariantRules)
        assert rules.card in CARDS.values()
        assert rules.label.strip() and rules.help.startswith(rules.label + ":"), variant
        assert (variant.card, variant.extra, variant.label, variant.help) == (
            rules.card,
            rules.extra,
            rules.label,
            rules.help,
        )
    assert Variant.OFFICIAL.extra is Extra.FORCED and Variant.YATZY.card is CARDS["yatzy"]


def test_every_card_has_a_variant_and_its_words():
    for card in CARDS.values():
        assert Variant.for_card(card).card is card
        assert card.name and card.button and card.heading and card.shout


def test_the_table_cheers_with_the_cards_own_shout():
    from game.rules import GameConfig
    from game.scenes.table.messages import shout

    assert shout(GameConfig(("Ann",))) == "YAHTZEE!"
    assert shout(GameConfig(("Ann",), variant=Variant.YATZY)) == "YATZY!"


def test_the_screens_and_records_read_the_variants_from_their_records():
    from game.scenes.setup.seats import VARIANTS as OFFERED
    from game.scenes.stats.pages import CARD_BUTTONS, CARD_HEADINGS
    from game.scenes.stats.pages import VARIANTS as SHOWN
    from game.ui.rule_words import variant_help

    assert SHOWN == ("official", "free", "simple", "yatzy")
    assert tuple(Variant) == OFFERED
    assert CARD_HEADINGS["yatzy"] == "Games on the Yatzy card"
    assert CARD_BUTTONS == {"american": "American card", "yatzy": "Yatzy card"}
    assert variant_help(Variant.FREE) == Variant.FREE.help
