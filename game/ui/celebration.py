"""The trophy on the results screen, drawn from shapes: a gold cup with a band in each winner's
colour. (The confetti falling over the felt is game.ui.confetti's `fall`.)"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from game.ui.theme import Colour, Theme

GOLD = (236, 188, 60)
GOLD_DARK = (160, 112, 30)
GOLD_LIGHT = (255, 232, 150)


def draw_trophy(
    surface: pygame.Surface, rect: pygame.Rect, bands: list[Colour], theme: Theme
) -> None:
    """A gold cup on a plinth, with a band in each winner's colour, drawn from shapes."""
    w, h = rect.width, rect.height
    cx = rect.centerx
    edge = theme.text if theme.high_contrast else GOLD_DARK
    line = max(1, w // 40)
    # Handles first, so the bowl covers their inner halves.
    handle_r = round(w * 0.2)
    for side in (-1, 1):
        centre = (cx + side * round(w * 0.32), rect.top + round(h * 0.26))
        pygame.draw.circle(surface, edge, centre, handle_r, max(3, w // 12) + 2)
        pygame.draw.circle(surface, GOLD, centre, handle_r - 1, max(3, w // 12))
    bowl = pygame.Rect(0, 0, round(w * 0.66), round(h * 0.56))
    bowl.midtop = (cx, rect.top + round(h * 0.04))
    cup_top = pygame.Rect(bowl.left, bowl.top, bowl.width, bowl.height // 2)
    pygame.draw.ellipse(surface, GOLD, bowl)
    pygame.draw.rect(surface, GOLD, cup_top)
    pygame.draw.ellipse(surface, edge, bowl, line)
    pygame.draw.line(surface, edge, cup_top.topleft, (cup_top.left, cup_top.bottom), line)
    pygame.draw.line(surface, edge, cup_top.topright, (cup_top.right - 1, cup_top.bottom), line)
    rim = pygame.Rect(0, 0, round(w * 0.74), max(4, round(h * 0.07)))
    rim.midtop = (cx, bowl.top - rim.height // 3)
    pygame.draw.rect(surface, GOLD_LIGHT, rim, 0, rim.height // 2)
    pygame.draw.rect(surface, edge, rim, line, rim.height // 2)
    # The winners' colours as a band round the cup: shape and colour together.
    band = pygame.Rect(
        bowl.left + line,
        bowl.top + round(bowl.height * 0.28),
        bowl.width - 2 * line,
        max(4, round(h * 0.09)),
    )
    colours = bands or [GOLD_LIGHT]
    share = band.width / len(colours)
    for i, colour in enumerate(colours):
        part = pygame.Rect(round(band.left + i * share), band.top, math.ceil(share), band.height)
        pygame.draw.rect(surface, colour, part)
    pygame.draw.rect(surface, edge, band, line)
    # A shine down the bowl.
    shine = pygame.Rect(
        bowl.left + bowl.width // 6, band.bottom + line * 2, max(3, w // 14), bowl.height // 4
    )
    pygame.draw.rect(surface, GOLD_LIGHT, shine, 0, shine.width // 2)
    # Stem, knot and the two-step plinth.
    stem = pygame.Rect(0, 0, max(4, round(w * 0.12)), round(h * 0.16))
    stem.midtop = (cx, bowl.bottom - line * 2)
    pygame.draw.rect(surface, GOLD, stem)
    pygame.draw.rect(surface, edge, stem, line)
    knot = pygame.Rect(0, 0, round(w * 0.26), max(4, round(h * 0.05)))
    knot.midtop = (cx, stem.bottom - line)
    pygame.draw.rect(surface, GOLD_LIGHT, knot, 0, knot.height // 2)
    pygame.draw.rect(surface, edge, knot, line, knot.height // 2)
    base = pygame.Rect(0, 0, round(w * 0.6), round(h * 0.16))
    base.midtop = (cx, knot.bottom)
    pygame.draw.rect(surface, (92, 58, 34), base, 0, max(2, base.height // 5))
    pygame.draw.rect(surface, edge, base, line, max(2, base.height // 5))
    plate = base.inflate(-base.width // 3, -base.height // 2)
    pygame.draw.rect(surface, GOLD, plate, 0, 2)
