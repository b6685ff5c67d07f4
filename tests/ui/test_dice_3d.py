"""A die lying still is drawn anti-aliased: its outline and the seams of its rounded edges
blend into what is under them instead of stepping pixel by pixel."""

from __future__ import annotations

import numpy as np
import pygame
import pytest

from game.anim.orientation import Quat
from game.ui.dice_3d import SUPERSAMPLE, DieModel, steps_for
from game.ui.palette import dice_palette

TILTED: Quat = (0.96, 0.12, -0.2, 0.15)  # a die turned a little: its sides show


@pytest.fixture(autouse=True)
def display():
    pygame.init()
    pygame.display.set_mode((8, 8))


def partial_alpha(image: pygame.Surface) -> int:
    """How many pixels are neither fully in nor fully out of the die's shape."""
    alpha = pygame.surfarray.pixels_alpha(image)
    return int(np.count_nonzero((alpha > 0) & (alpha < 255)))


@pytest.mark.parametrize("size", [48, 110, 280])
def test_a_still_die_is_anti_aliased_and_covers_the_same_place(size):
    model, palette = DieModel(steps_for(size)), dice_palette(False)
    plain, at = model.render(size, TILTED, palette, (30, -20))
    smooth, at_smooth = model.render(size, TILTED, palette, (30, -20), supersample=SUPERSAMPLE)
    # The supersampled image blends its whole silhouette; the plain one only where the thin
    # anti-aliased outline is drawn.
    assert partial_alpha(smooth) > 1.5 * partial_alpha(plain)
    # Same die, same place: the images cover each other within a pixel at the edges.
    plain_box = pygame.mask.from_surface(plain, 128).get_bounding_rects()[0].move(at)
    smooth_box = pygame.mask.from_surface(smooth, 128).get_bounding_rects()[0].move(at_smooth)
    for a, b in zip(plain_box, smooth_box, strict=True):
        assert abs(a - b) <= 2


def test_the_tray_draws_still_dice_from_supersampled_images():
    model, palette = DieModel(steps_for(110)), dice_palette(False)
    image, _ = model.image((300, 200), 110, TILTED, palette, view=(400, 300), still=True)
    moving, _ = model.image((300, 200), 110, TILTED, palette, view=(400, 300), lift=0.2)
    assert partial_alpha(image) > 1.5 * partial_alpha(moving)
