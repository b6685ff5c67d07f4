"""A banner fits the felt at any text size: its words are whole and inside the felt (at 200%
text "Your turn, Anna" was wider than the felt and cut to "our turn, Ann")."""

from __future__ import annotations

import pygame
import pytest

from game.ui.banner import Banner
from game.ui.fonts import Fonts
from game.ui.theme import make_theme


@pytest.fixture(autouse=True)
def display():
    pygame.init()
    pygame.display.set_mode((8, 8))


FELTS = [((330, 300), 0.5, 2.0), ((420, 300), 0.6, 2.0), ((2100, 1200), 2.7, 2.0)]
TEXTS = ["Your turn, Anna", "Dein Zug, Maximiliana", "Tie-breaker!"]


@pytest.mark.parametrize(("felt", "unit", "scale"), FELTS)
@pytest.mark.parametrize("text", TEXTS)
def test_a_banners_lines_fit_the_felt_and_keep_every_word(felt, unit, scale, text):
    fonts = Fonts(scale)
    banner = Banner(text, (200, 60, 60), 1.0, sub="One more turn each")
    room = felt[0] - 2 * round(30 * unit)
    lines = banner.lines(fonts, room, unit)
    assert all(font.size(line)[0] <= room for line, font in lines)
    title = [line for line, font in lines if font is lines[0][1]]
    assert " ".join(title) == text  # folded at spaces, nothing dropped


@pytest.mark.parametrize(("felt", "unit", "scale"), FELTS)
def test_a_banner_is_drawn_inside_the_felt(felt, unit, scale):
    rect = pygame.Rect((10, 20), felt)
    surface = pygame.Surface((felt[0] + 40, felt[1] + 60))
    surface.fill((0, 0, 0))
    banner = Banner("Your turn, Maximiliana", (200, 60, 60), 1.0)
    banner.age = 0.5  # fully shown
    banner.draw(surface, rect, Fonts(scale), make_theme(), unit)
    drawn = pygame.mask.from_threshold(surface, (0, 0, 0), (1, 1, 1, 255))
    drawn.invert()
    assert rect.contains(drawn.get_bounding_rects()[0])


@pytest.mark.parametrize("scale", [1.0, 2.0])
@pytest.mark.parametrize("size", [(640, 480), (1280, 800), (3840, 2160), (700, 1100)])
def test_the_banners_place_is_off_the_dice_and_holds_the_whole_name(size, scale):
    """The "Your turn" banner covered the dice, and at 200% lost the name (issue 33)."""
    from game.scenes.table.draw import banner_place
    from game.ui.layout import table_layout

    lay = table_layout(size, 2)
    place = banner_place(lay)
    half = lay.die_size * 0.6
    for x, y in lay.roll_slots:
        die = pygame.Rect(round(x - half), round(y - half), round(2 * half), round(2 * half))
        assert not place.colliderect(die)
    assert not place.colliderect(lay.cup_rect) and not place.colliderect(lay.hold_strip)
    fonts, edge = Fonts(scale), round(12 * lay.unit)
    banner = Banner("Your turn, Bartholomew-Maximilian", (200, 60, 60), 1.0)
    room = place.width - 2 * round(30 * lay.unit)
    lines = banner.lines(fonts, room, lay.unit, place.height - 2 * edge)
    assert " ".join(line for line, _font in lines) == banner.text  # the name, whole
    assert all(font.size(line)[0] <= room for line, font in lines)
    assert sum(font.get_linesize() for _line, font in lines) <= place.height - 2 * edge
