"""The cup and the dice's shadows drawn only where they show: the same pixels as their whole
images, over less of the window."""

from __future__ import annotations

import numpy as np
import pygame
import pytest

from game.ui.dice_tray import DiceTray
from game.ui.layout import table_layout
from game.ui.palette import STANDARD_DICE
from game.ui.raster import blit_faded, bounded, visible
from game.ui.tray_view import TrayLook

ROLL = (2, 5, 5, 1, 6)


@pytest.fixture(autouse=True)
def display():
    pygame.init()
    pygame.display.set_mode((8, 8))


def _noise(size: tuple[int, int], seed: int) -> pygame.Surface:
    """A window's worth of random pixels: any pixel a blit touches that it should not, or
    leaves that it should change, shows."""
    surface = pygame.Surface(size).convert()
    rgb = np.random.default_rng(seed).integers(0, 256, (*size, 3), dtype=np.uint8)
    pygame.surfarray.blit_array(surface, rgb)
    return surface


def test_visible_is_the_part_with_any_opacity() -> None:
    image = pygame.Surface((60, 40), pygame.SRCALPHA)
    assert visible(image).size == (0, 0)  # nothing shows
    image = pygame.Surface((60, 40), pygame.SRCALPHA)
    image.fill((0, 0, 0, 0))
    image.set_at((7, 30), (9, 9, 9, 1))
    image.fill((200, 10, 10, 255), pygame.Rect(20, 5, 11, 3))
    assert visible(image) == pygame.Rect(7, 5, 24, 26)
    assert visible(image) == pygame.Rect(7, 5, 24, 26)  # (kept: the same)
    made = bounded(lambda: image.copy())()
    assert visible(made) == pygame.Rect(7, 5, 24, 26)


def test_a_throws_cup_and_shadows_draw_what_their_whole_images_draw() -> None:
    """Every frame of a throw at 1080p, from the shake to the dice lying in the row: each
    piece blits only the part of its image that shows, and over random pixels that is
    exactly what the whole image blitted where it was gives, at every opacity; the cup's
    and the shadows' pieces cover much less of the window than their images."""
    size = (1920, 1080)
    tray = DiceTray(seed=3)
    tray.set_layout(table_layout(size, 4))
    tray.roll(ROLL, (True,) * 5, 1.0)
    whole_area = shown_area = faded = 0
    under = _noise(size, 1)
    window = under.get_rect()
    try:
        for _frame in range(120):
            tray.update(1 / 60)
            for piece in tray.pieces(TrayLook(STANDARD_DICE)):
                image, alpha = piece.token if isinstance(piece.token, tuple) else (None, 0)
                if not isinstance(image, pygame.Surface):
                    continue
                shows = visible(image)
                x, y, w, h = piece.rect
                if (w, h) == image.get_size():
                    continue  # (a die, blitted whole)
                assert (w, h) == shows.size
                whole_at = (x - shows.x, y - shows.y)
                drawn, whole = under.copy(), under.copy()
                piece.paint(drawn)
                area = blit_faded(whole, image, whole_at, alpha)
                seen = image.get_rect(topleft=whole_at).inflate(4, 4).clip(window)
                assert area.size and seen.contains(pygame.Rect(piece.rect).clip(window))
                assert pygame.image.tobytes(drawn.subsurface(seen), "RGB") == (
                    pygame.image.tobytes(whole.subsurface(seen), "RGB")
                )
                whole_area += image.get_width() * image.get_height()
                shown_area += w * h
                faded += alpha < 255
    finally:
        tray.renderer.close()
    assert faded > 50  # lifted dice's shadows, paled
    assert shown_area < 0.75 * whole_area
