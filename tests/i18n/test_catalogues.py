"""The catalogues: the template is what the code marks, every language is complete, and every
letter of every translation can be drawn in the game's font.

Until the translators finish a language, its completeness test is an expected failure: the
language is listed in UNFINISHED with the reason (strict, so a language that becomes complete
fails here until it is taken off the list, and its test guards it from then on).
"""

from __future__ import annotations

import pygame
import pytest

from game.i18n import LANGUAGES, SOURCE_LANGUAGE
from game.i18n.catalogues import TEMPLATE, po_path
from game.tools import catalogue
from game.ui.fonts import Fonts

TRANSLATED = [code for code in LANGUAGES if code != SOURCE_LANGUAGE]
# Languages whose translators have not finished yet. Take a language off when `python -m
# game.tools.catalogue check --languages CODE` says it is complete.
UNFINISHED: dict[str, str] = {}


def test_the_template_is_what_the_code_marks():
    # Compared by content (ids, contexts, files, comments), not as text: Babel releases write
    # the same catalogue with other flags and wrapping.
    fresh = catalogue.contents(catalogue.extract())
    kept = catalogue.contents(catalogue.read(TEMPLATE))
    assert kept == fresh, (
        "game/locale/yahtzee.pot is stale: run `python -m game.tools.catalogue extract` "
        "and `... update`, and commit them"
    )


def test_every_language_is_the_templates_messages():
    """Each .po holds exactly the template's messages (update was run after extract)."""
    template = catalogue.read(TEMPLATE)
    wanted = {(m.id if isinstance(m.id, str) else tuple(m.id), m.context) for m in template}
    for code in TRANSLATED:
        catalog = catalogue.read(po_path(code), code)
        have = {(m.id if isinstance(m.id, str) else tuple(m.id), m.context) for m in catalog}
        assert have == wanted, f"{code}: run `python -m game.tools.catalogue update`"
        assert catalog.num_plurals == 2  # every language of ours has two plural forms


@pytest.mark.parametrize(
    "code",
    [
        pytest.param(
            code,
            marks=[pytest.mark.xfail(reason=UNFINISHED[code], strict=True)]
            if code in UNFINISHED
            else [],
        )
        for code in TRANSLATED
    ],
)
def test_the_catalogue_is_complete(code):
    """Every message translated, none fuzzy, the same placeholders as the English, every
    plural form there."""
    problems = catalogue.catalogue_problems(code)
    assert not problems, f"{len(problems)} problems, the first: " + "; ".join(
        str(p) for p in problems[:5]
    )


def test_the_completeness_check_finds_each_kind_of_problem():
    from babel.messages.catalog import Message

    def said(message: Message) -> list[str]:
        return catalogue.message_problems("de", message, 2)

    assert said(Message("Roll", "Würfeln")) == []
    assert said(Message("Roll", "")) == ["not translated"]
    assert said(Message("Roll", "Würfeln", flags={"fuzzy"})) == [
        "fuzzy: check the translation and clear the flag"
    ]
    assert said(Message("{name} rolls", "{nom} würfelt")) == [
        "placeholders differ (missing ['name'], unknown ['nom'])"
    ]
    assert said(Message("{name} rolls", "{name würfelt")) == [
        "not a valid format string: '{name würfelt'"
    ]
    plural = ("{n} point", "{n} points")
    assert said(Message(plural, ("{n} Punkt", "{n} Punkte"))) == []
    # Every form shows the count: in French the singular form also serves 0.
    assert said(Message(plural, ("ein Punkt", "{n} Punkte"))) == [
        "placeholders differ (missing ['n'], unknown [])"
    ]
    assert said(Message(("One game", "{n} games"), ("Ein Spiel", "{n} Spiele"))) == []
    assert said(Message(plural, ("{n} Punkt", ""))) == ["a plural form is empty"]
    assert said(Message(plural, ("{n} Punkt",))) == ["1 plural forms, the language has 2"]


def _translations(code: str) -> list[str]:
    texts = []
    for message in catalogue.read(po_path(code), code):
        if message.id:
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            texts += [s for s in strings if s]
    return texts


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_letter_of_the_translations_has_a_glyph_in_the_games_font(code):
    pygame.font.init()
    fonts = Fonts()
    letters = sorted({ch for text in _translations(code) for ch in text})
    missing = [ch for ch in letters if not fonts.can_draw(ch)]
    assert missing == [], f"{code}: the font draws boxes for {missing}"


def test_the_glyph_check_sees_a_missing_glyph():
    pygame.font.init()
    fonts = Fonts()
    assert all(fonts.can_draw(ch) for ch in "aåäöøæéèêçñüßÅØÆ«»–—€…’\u00a0\u202f")
    assert not fonts.can_draw("漢") and not fonts.can_draw("\u05d0")  # CJK, Hebrew
