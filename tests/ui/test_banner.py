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
