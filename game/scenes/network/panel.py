"""What the network's screens are made of: a few lines of text (a heading, the table's
invite, its seats) over a menu of buttons, on the felt; both change as the network tells
what happened, and what changed is said aloud."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.scenes.menu import ButtonMenu
from game.speech import Announcement, Told
from game.ui.input import Intent, is_back
from game.ui.text import ellipsize
from game.ui.units import layout_unit
from game.ui.widgets import Button, FeltBackground, draw_panel

if TYPE_CHECKING:
    from game.scenes.context import Context

REDRAW_FOR = 0.6  # s of frames drawn after the screen's content changed
WIDTH = 720  # px at unit scale


@dataclass(frozen=True)
class Line:
    text: str
    style: str = "text"  # "title", "big" (an invite, a code), "text", "dim", "warn"


class PanelMenu(ButtonMenu):
    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx, [])
        self.felt = FeltBackground()
        self.size = (0, 0)
        self.lines: tuple[Line, ...] = ()
        self._texts: list[tuple[pygame.Surface, pygame.Rect]] = []
        self.panel = pygame.Rect(0, 0, 0, 0)
        self._redraw_until = 0.0
        self._news: list[Announcement] = []

    # ----------------------------------------------------------------- content
    def show(self, lines: list[Line], buttons: list[Button]) -> None:
        """Show these lines and buttons (the focus stays on the same label); a line that is
        new is said."""
        lines_now = tuple(lines)
        labels = [b.label for b in self.buttons]
        if lines_now == self.lines and labels == [b.label for b in buttons]:
            enabled = [b.enabled for b in buttons]
            if enabled == [b.enabled for b in self.buttons]:
                return
        said = {line.text for line in self.lines}
        self._news += [
            Announcement(line.text, Told.SCREEN) for line in lines_now if line.text not in said
        ]
        same_screen = lines_now[:1] == self.lines[:1] and len(buttons) == len(self.buttons)
        self.lines = lines_now
        self.buttons = buttons
        self.ring.set(buttons, keep=same_screen)  # a new screen: the focus on its first
        self.relabel()
        self._redraw_until = time.monotonic() + REDRAW_FOR
        if self.size != (0, 0):
            self.layout(self.size)

    def spoken_news(self) -> list[Announcement]:
        news, self._news = self._news, []
        return news

    def back(self) -> None:
        self.ctx.stack.pop()

    @property
    def animating(self) -> bool:
        return time.monotonic() < self._redraw_until

    # ----------------------------------------------------------------- input
    def handle(self, event: pygame.event.Event) -> bool:
        used, intent = self.handle_menu(event)
        if used:
            return True
        if is_back(intent):
            self.back()
            return True
        if intent is Intent.HELP:
            self.ctx.nav.help()
            return True
        return False

    # ----------------------------------------------------------------- layout and drawing
    def layout(self, size: tuple[int, int]) -> None:
        self.size = size
        w, h = size
        theme, fonts = self.ctx.theme, self.ctx.fonts
        self.felt.fit(size, theme)
        self.relabel()
        unit = layout_unit(size)
        width = min(round(WIDTH * unit * max(1.0, min(fonts.text_scale, 1.4))), w - 16)
        gap = max(4, round(10 * unit))
        colours = {
            "title": theme.text,
            "big": theme.text,
            "text": theme.text,
            "dim": theme.text_dim,
            "warn": theme.warn,
        }
        sizes = {"title": 40, "big": 30, "text": 22, "dim": 20, "warn": 22}
        texts = []
        for line in self.lines:
            bold = line.style in ("title", "big")
            font = fonts.get(sizes[line.style] * unit, bold=bold)
            shown = ellipsize(font, line.text, width)
            texts.append(font.render(shown, True, colours[line.style]))
        count = max(1, len(self.buttons))
        text_h = sum(t.get_height() + gap for t in texts)
        room = h - text_h - 3 * gap
        button_h = max(24, min(round(50 * unit * min(fonts.text_scale, 1.4)), room // count - gap))
        total = text_h + gap * 2 + count * (button_h + gap)
        y = max(gap * 2, (h - total) // 2)
        self.panel = pygame.Rect(0, 0, min(w - 8, width + 4 * gap), min(h - 8, total + 3 * gap))
        self.panel.midtop = (w // 2, y - gap * 2)
        self._texts = []
        for image in texts:
            self._texts.append((image, image.get_rect(midtop=(w // 2, y))))
            y += image.get_height() + gap
        y += gap * 2
        button_w = min(w - 16, round(460 * unit * max(1.0, min(fonts.text_scale, 1.3))))
        for button in self.buttons:
            button.rect = pygame.Rect((w - button_w) // 2, y, button_w, button_h)
            y += button_h + gap

    def draw(self, surface: pygame.Surface) -> None:
        self.felt.draw(surface, self.ctx.theme)
        draw_panel(surface, self.ctx.theme, self.panel)
        for image, rect in self._texts:
            surface.blit(image, rect)
        self.ring.draw(surface, self.ctx.theme, self.ctx.fonts)
