"""An empty text field's placeholder ("yahtzee://…") starts after the caret's place: the
caret stood on its first letter, so "yahtzee" read as "|ahtzee" (a tester's screenshot)."""

from __future__ import annotations

import pygame

from game.ui.fonts import Fonts
from game.ui.forms import TextField
from game.ui.theme import STANDARD


def test_the_caret_never_stands_on_the_placeholder():
    pygame.init()
    fonts, theme = Fonts(1.0), STANDARD
    field = TextField(lambda: "", lambda _text: None, placeholder="yahtzee://…")
    field.rect = pygame.Rect(10, 10, 440, 44)
    surface = pygame.Surface((460, 64))
    surface.fill((0, 0, 0))
    field.draw(surface, theme, fonts, focused=True)
    inner = field.rect.inflate(-2 * max(4, field.rect.height // 4), -12)
    ink = {
        (x, y): tuple(surface.get_at((x, y)))[:3]
        for x in range(inner.left, inner.right)
        for y in range(inner.top, inner.bottom)
        if tuple(surface.get_at((x, y)))[:3] != (255, 255, 255)  # (the focused field's)
    }
    caret = {x for (x, _y), colour in ink.items() if colour == theme.text[:3]}
    placeholder = {x for (x, _y), colour in ink.items() if colour != theme.text[:3]}
    assert caret and placeholder  # both are drawn
    assert max(caret) < min(placeholder)  # the caret, then the placeholder
