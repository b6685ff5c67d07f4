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

    assert tuple(v.value for v in Variant) == SHOWN  # one high-score table per record
    assert SHOWN[:4] == ("official", "free", "simple", "yatzy")
    assert tuple(Variant) == OFFERED
    assert CARD_HEADINGS["yatzy"] == "Games on the Yatzy card"
    assert {card.id: card.button for card in CARDS.values()} == CARD_BUTTONS
    assert (CARD_BUTTONS["american"], CARD_BUTTONS["yatzy"]) == ("American card", "Yatzy card")
    assert variant_help(Variant.FREE) == Variant.FREE.help


def test_a_card_played_under_several_variants_has_each_ones_help_row_from_its_record(
    monkeypatch,
):
    """The rules help lists a row per variant of the American card, read from the variant's
    record (a new variant gets its row by being declared; none is written by hand), and
    names them in the card's first paragraph."""
    from game.rules import variants
    from game.scenes.help.cards import american_text, variant_rows

    for card in CARDS.values():
        mine = [v for v in Variant if v.card is card]
        assert all(v.detail for v in mine) if len(mine) > 1 else not mine[0].detail, card.id
    american = [v for v in Variant if v.card is CARDS["american"]]
    labels = [v.label for v in american]  # English: the labels as they are shown
    rows = [block[1] for block in american_text() if block[0] == "row"]
    named = [row for row in rows if row[0] in labels]
    assert [name for name, _text in named] == labels
    assert labels[:3] == ["Official", "Free", "Simple"]  # the booklet's rule first
    assert named[2][1] == Variant.SIMPLE.detail
    listed = ", ".join(labels[:-1]) + " and " + labels[-1]
    assert american_text()[0][1].endswith(f"the card of the rules {listed}.")
    assert variant_rows(CARDS["yatzy"]) == []  # its only variant: the card's text says it
    record = variants._RULES[Variant.FREE]
    changed = dict(variants._RULES)
    changed[Variant.FREE] = VariantRules(
        record.card, record.extra, "Loose", "Loose: as you like.", "Chips of {bonus}; any box."
    )
    monkeypatch.setattr(variants, "_RULES", changed)
    rows = [block[1] for block in american_text() if block[0] == "row"]
    assert ("Loose", "Chips of 100; any box.") in rows and "Free" not in dict(rows)
    assert "the card of the rules Official, Loose" in american_text()[0][1]
