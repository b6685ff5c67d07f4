"""Fonts cached per pixel size, scaled by the player's text size setting."""

from __future__ import annotations

import pygame

MIN_FONT_PX = 9
TEXT_CACHE = 1024  # rendered strings kept


class Fonts:
    """One font object per (size, bold); sizes are in pixels before the text scale."""

    def __init__(self, text_scale: float = 1.0) -> None:
        self.text_scale = text_scale
        self._cache: dict[tuple[int, bool], pygame.font.Font] = {}
        self._texts: dict[tuple, pygame.Surface] = {}

    def get(self, size: float, bold: bool = False) -> pygame.font.Font:
        px = max(MIN_FONT_PX, round(size * self.text_scale))
        key = (px, bold)
        font = self._cache.get(key)
        if font is None:
            font = pygame.font.Font(None, px)  # pygame-ce's bundled font: no file to miss
            font.set_bold(bold)
            self._cache[key] = font
            if len(self._cache) > 96:  # window resizes make new sizes; keep memory bounded
                self._cache.pop(next(iter(self._cache)))
        return font

    def render(self, text: str, size: float, colour, bold: bool = False) -> pygame.Surface:
        return self.get(size, bold).render(text, True, colour)

    def fit(self, text: str, size: float, width: int, bold: bool = False) -> pygame.font.Font:
        """The largest font up to `size` in which `text` fits `width` pixels."""
        font = self.get(size, bold)
        while font.size(text)[0] > width and size > MIN_FONT_PX:
            size *= 0.9
            font = self.get(size, bold)
        return font
