"""No word drawn with a gap inside it that reads as a space ("Yah tzee", "Sm all Straigh t").

Every word of every message, in every language (the English source and each catalogue's
translations), is rendered in the game's typeface (game.ui.fonts: Noto Sans, regular and
bold) at every size from the text floor to 32: the widest run of blank columns between two
of its letters must stay under GAP_SHARE of the blank a space leaves between two letters
("n n") in the same font. pygame's bundled font, with its synthetic bold, left 11,208 of
257,220 such renderings (3,976 words) over it; Noto Sans leaves none.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import re

import numpy as np
import pygame
import pytest
from babel.messages.pofile import read_po

from game import i18n
from game.i18n import catalogues
from game.ui.fonts import INK, MIN_FONT_PX, Fonts

GAP_SHARE = 0.6  # of a space: an inner gap this wide starts to read as two words
SIZES = range(MIN_FONT_PX, 33)
WORD = re.compile(r"[^\W\d_]{2,}")  # two letters or more: a word that can be split


def widest_gap(font: pygame.font.Font, text: str) -> int:
    """The widest run of blank columns between the first and the last inked column."""
    alpha = pygame.surfarray.array_alpha(font.render(text, True, (255, 255, 255)))
    inked = np.flatnonzero((alpha >= INK).any(axis=1))
    return int((np.diff(inked) - 1).max()) if len(inked) > 1 else 0


def words_of(code: str) -> list[str]:
    """Every word a player can read in the language `code`: the template's messages in the
    source language, a catalogue's translations in the others."""
    source = code == i18n.SOURCE_LANGUAGE
    path = catalogues.LOCALE_DIR / "yahtzee.pot" if source else catalogues.po_path(code)
    with path.open("rb") as handle:
        catalogue = read_po(handle)
    texts: list[str] = []
    for message in catalogue:
        parts = message.id if source else message.string
        texts += [parts] if isinstance(parts, str) else list(parts)
    return sorted({word for text in texts for word in WORD.findall(text)})


@pytest.mark.parametrize("code", i18n.LANGUAGES)
def test_no_word_has_a_gap_inside_it_that_reads_as_a_space(code):
    pygame.font.init()
    fonts, words = Fonts(1.0), words_of(code)
    assert len(words) > 300  # the catalogue was read
    wide = []
    for size in SIZES:
        for bold in (False, True):
            font = fonts.get(size, bold)
            space = widest_gap(font, "n n")
            wide += [
                (word, size, bold, gap, space)
                for word in words
                if (gap := widest_gap(font, word)) > GAP_SHARE * space
            ]
    assert wide == [], f"{len(wide)} words with a gap over {GAP_SHARE} of a space: {wide[:20]}"


def test_the_measure_finds_the_old_fonts_split_words():
    """pygame's bundled font at size 18 split "Yahtzee" as wide as its space."""
    pygame.font.init()
    old = pygame.font.Font(None, 18)
    assert widest_gap(old, "Yahtzee") > GAP_SHARE * widest_gap(old, "n n")
    assert widest_gap(Fonts(1.0).get(18), "Yahtzee") <= GAP_SHARE * widest_gap(
        Fonts(1.0).get(18), "n n"
    )
