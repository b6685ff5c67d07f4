"""Text that reads at the smallest window: capitals at least 8 px tall and words apart.

Each scene of the snapshot tool is drawn through the real scenes at 640x480, in English,
German and Swedish, at 100% and 200% text, with a recording font and canvas
(tests/i18n/recording.py). For every text drawn, its font's capital height (the ink of an
"H") is measured, and in the image itself every space between two words is a run of
blank columns (no ink) at least WORD_GAP px wide. Text is rendered at its final size,
never scaled as a bitmap, so what is measured here is what the player sees.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.ui.fonts import MIN_FONT_PX

from .recording import Drawn
from .shots import draw_shot

CAP_LEAST = 8  # px: the capital height no text goes under (fonts.CAP_LEAST says the same)
WORD_GAP = 2  # px: blank columns between two words, at least (the old floor left 1)
INK = 48  # alpha from which a pixel counts as ink
SHOTS = ("title", "setup", "table", "table-yatzy", "keys", "hint", "pause", "results")
LANGUAGES = ("en", "de", "sv")


def cap_height(font: pygame.font.Font) -> int:
    return font.render("H", True, (0, 0, 0)).get_bounding_rect(INK).height


def blank_runs(image: pygame.Surface, rows: slice = slice(None)) -> list[tuple[int, int]]:
    """The runs of columns with no ink in `rows`, as (first column, width), inside the text's
    ink."""
    alpha = pygame.surfarray.array_alpha(image) if image.get_flags() & pygame.SRCALPHA else None
    if alpha is None:
        return []
    inked = [bool((column[rows] >= INK).any()) for column in alpha]
    if True not in inked:
        return []
    first, last = inked.index(True), len(inked) - 1 - inked[::-1].index(True)
    runs, start = [], None
    for x in range(first, last + 1):
        if not inked[x] and start is None:
            start = x
        elif inked[x] and start is not None:
            runs.append((start, x - start))
            start = None
    return runs


def x_band(font: pygame.font.Font) -> slice:
    """The rows of a rendered line between the top of an "x" and the baseline: where the eye
    sees two words apart (an "f"'s arm may reach over a space above them: "of a")."""
    x_height = font.metrics("x")[0][3]
    return slice(font.get_ascent() - x_height + 1, font.get_ascent())


def word_gaps(drawn: Drawn) -> list[tuple[str, int]]:
    """Each space between two words of a drawn text, with the blank columns it leaves."""
    text, font, image = drawn.text, drawn.font, drawn.image
    assert font is not None and image is not None
    runs = blank_runs(image, x_band(font))
    gaps = []
    for i, char in enumerate(text):
        if char != " " or i == 0 or i == len(text) - 1:
            continue
        if not (text[i - 1].isalnum() and text[i + 1].isalnum()):
            continue
        # Where the space falls, give or take a pixel of kerning and hinting the prefix's
        # measured width does not know.
        left, right = font.size(text[:i])[0] - 1, font.size(text[: i + 1])[0] + 1
        width = max((w for x, w in runs if x < right and x + w > left), default=0)
        gaps.append((text[max(0, i - 8) : i + 8], width))
    return gaps


def cases():
    for shot in SHOTS:
        for code in LANGUAGES:
            for scale in (1, 2):
                yield pytest.param(shot, code, scale, id=f"{shot}-{code}-{scale * 100}pct")


@pytest.mark.parametrize(("shot", "code", "scale"), list(cases()))
def test_text_at_640x480_has_8_px_capitals_and_words_apart(
    shot, code, scale, tmp_path, recorder, played, monkeypatch
):
    monkeypatch.setenv("LANGUAGE", code)
    draw_shot(shot, (640, 480), tmp_path, recorder, played, text_scale=scale)
    shown = [d for d in recorder.drawn if d.text.strip() and d.font is not None]
    assert shown, "no text drawn"
    small = sorted({(cap_height(d.font), d.text) for d in shown if cap_height(d.font) < CAP_LEAST})
    assert small == [], f"capitals under {CAP_LEAST} px in {shot}"
    tight = sorted({gap for d in shown for gap in word_gaps(d) if gap[1] < WORD_GAP})
    assert tight == [], f"words closer than {WORD_GAP} px in {shot}"


def test_the_floor_is_what_the_measures_need():
    """The old floor (12) drew 7 px capitals and left 1 px between some words: the
    measures above catch both."""
    pygame.font.init()
    assert cap_height(pygame.font.Font(None, 12)) < CAP_LEAST
    assert cap_height(pygame.font.Font(None, MIN_FONT_PX)) >= CAP_LEAST
    text, font = "Du hast 5-6-4-3-6 gewürfelt: noch 2 Würfe", pygame.font.Font(None, 12)
    old = font.render(text, True, (0, 0, 0))
    drawn = Drawn(text, old.get_rect(), old.get_rect(), old.get_size(), old, font)
    assert min(width for _where, width in word_gaps(drawn)) < WORD_GAP
