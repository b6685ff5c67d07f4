"""Text in narrow places: labels shrink a little, then are cut; the font's coverage."""

from __future__ import annotations

import pygame
import pytest

from game.ui.fonts import Fonts
from game.ui.text import ELLIPSIS, LABEL_SHRINK, fit_label


@pytest.fixture(autouse=True)
def fonts_ready():
    pygame.font.init()


def test_a_label_that_fits_is_left_whole_at_full_size():
    fonts = Fonts()
    font, shown = fit_label(fonts, "Ada", 24, 200, bold=True)
    assert shown == "Ada" and font is fonts.get(24, True)


def test_a_long_label_shrinks_only_so_far_then_is_cut_to_its_width():
    fonts = Fonts()
    name = "W" * 24
    for width in (40, 80, 160):
        font, shown = fit_label(fonts, name, 24, width, bold=True)
        assert shown.endswith(ELLIPSIS) and font.size(shown)[0] <= width
        assert font.get_height() >= fonts.get(24 * LABEL_SHRINK, True).get_height()
    font, shown = fit_label(fonts, "Maximiliana", 24, fonts.get(24).size("Maximiliana")[0] - 4)
    assert shown == "Maximiliana"  # a little too wide: a slightly smaller font, not a cut


@pytest.mark.parametrize(
    ("char", "drawn"),
    [("a", True), ("Å", True), ("ł", True), ("Ω", True), ("Ж", True), ("7", True), (" ", True)]
    + [("ש", False), ("م", False), ("日", False), ("😀", False)]
    + [("\u034f", False), ("\u17b4", False)],  # zero width: pygame refuses to render them
)
def test_the_font_knows_which_characters_it_can_draw(char, drawn):
    assert Fonts().can_draw(char) is drawn
    assert Fonts(text_scale=1.5).can_draw(char) is drawn
