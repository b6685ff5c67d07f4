"""What a menu of buttons is, for the scenes that are one (the title, the pause menu, the
results): its buttons, their labels, their shortcut letters, the one focus ring over them,
and a menu's input (hover and click, the focus keys and Enter, a button's letter).

Labels kept as data (`N_()`) are translated again at every `relabel()`, which a scene calls
when it lays itself out, so a language chosen in Settings shows on return; the shortcut
letters are taken from the labels as shown, so they follow the language too. A letter a
button shows does what it shows, before any other job the key has in the menu (the pause
key's P goes back only where no button shows P); the letters keep clear of the keys the app
takes first (full screen, say that again) and of those a menu keeps (`kept_letters`: the
pause menu's own key, which closes it).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from game.i18n import translate
from game.scenes.base import Scene
from game.ui.input import ANYWHERE_INTENTS, Intent, is_back, is_press
from game.ui.text import ellipsize
from game.ui.units import layout_unit
from game.ui.widgets import (
    Button,
    FocusRing,
    draw_veiled_panel,
    letter_shortcuts,
    make_veil,
)

if TYPE_CHECKING:
    from game.scenes.context import Context


class ButtonMenu(Scene):
    def __init__(self, ctx: Context, buttons: list[Button], labels: Sequence[str] = ()) -> None:
        """`labels`: each button's label as data (N_), translated at each relabel; none: the
        buttons keep the labels they were made with."""
        super().__init__(ctx)
        self.buttons = buttons
        self.labels = tuple(labels)
        self.shortcuts: dict[str, Button] = {}
        self.relabel()
        self.ring = FocusRing(self.buttons)

    def focus_grid(self) -> FocusRing:
        return self.ring

    def relabel(self) -> None:
        """Labels in the language in use, and shortcut letters that follow them."""
        for button, label in zip(self.buttons, self.labels, strict=False):
            button.label = translate(label)
        self.shortcuts = letter_shortcuts(self.buttons, self.kept_letters())

    def kept_letters(self) -> frozenset[str]:
        """Letter keys no button may have here: those the app takes before any scene."""
        return self.ctx.input.letters(ANYWHERE_INTENTS)

    def handle_menu(self, event: pygame.event.Event) -> tuple[bool, Intent | None]:
        """The menu's own input: (whether the event was used, the menu intent it meant), so
        the scene can give the intents left over (back, help) their meaning."""
        intent = self.ctx.input.menu_intent(event)
        return self.ring.handle(event, intent, self.shortcuts), intent


PANEL_WIDTH = 420  # a PanelMenu's width, px at unit scale


class PanelMenu(ButtonMenu):
    """A small menu on a panel over the dimmed table: a heading, a line under it, buttons."""

    opaque = False

    def __init__(self, ctx: Context, buttons: list[Button], labels: tuple[str, ...] = ()) -> None:
        super().__init__(ctx, buttons, labels)
        self.size = (0, 0)
        self.panel = pygame.Rect(0, 0, 0, 0)
        self._veil: pygame.Surface | None = None
        self._texts: list[tuple[pygame.Surface, pygame.Rect]] = []

    def heading(self) -> str:
        raise NotImplementedError

    def _describe(self) -> str:
        raise NotImplementedError

    def resume(self, result: object = None) -> None:
        # Back from Settings: the theme or the text size may have changed.
        if self.size != (0, 0):
            self.layout(self.size)

    def close_menu(self) -> None:
        self.ctx.stack.pop()

    def handle(self, event: pygame.event.Event) -> bool:
        used, intent = self.handle_menu(event)
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            return True  # the table underneath must not react to the mouse
        if not is_press(event):
            return False
        if used:
            return True
        if is_back(intent):
            self.close_menu()
        elif intent is Intent.HELP:
            self.ctx.nav.help()
        return True  # a modal swallows every key: no rolling under the menu

    # ----------------------------------------------------------------- layout and drawing
    def layout(self, size: tuple[int, int]) -> None:
        self.size = size
        w, h = size
        unit = layout_unit(size)
        theme, fonts = self.ctx.theme, self.ctx.fonts
        pad = round(28 * unit)
        width = min(round(PANEL_WIDTH * unit), w - 16)
        button_h = max(28, round(52 * unit))
        gap = round(14 * unit)
        self.relabel()
        title_font = fonts.get(44 * unit, bold=True)
        info_font = fonts.get(20 * unit)
        title = title_font.render(self.heading(), True, theme.text)
        info = info_font.render(
            ellipsize(info_font, self._describe(), width - 2 * pad), True, theme.text_dim
        )
        height = pad + title.get_height() + gap // 2 + info.get_height() + gap * 2
        height += len(self.buttons) * (button_h + gap) - gap + pad
        if height > h - 16:  # a very short window: squeeze the buttons, keep them whole
            spare = h - 16 - (height - len(self.buttons) * button_h)
            button_h = max(20, spare // len(self.buttons))
            height = h - 16
        self.panel = pygame.Rect(0, 0, width, height)
        self.panel.center = (w // 2, h // 2)
        y = self.panel.top + pad
        self._texts = [(title, title.get_rect(midtop=(self.panel.centerx, y)))]
        y += title.get_height() + gap // 2
        self._texts.append((info, info.get_rect(midtop=(self.panel.centerx, y))))
        y += info.get_height() + gap * 2
        for button in self.buttons:
            button.rect = pygame.Rect(self.panel.left + pad, y, width - 2 * pad, button_h)
            y += button_h + gap
        self._veil = make_veil(size, theme)

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.ctx.theme
        draw_veiled_panel(surface, theme, self._veil, self.panel)
        for image, rect in self._texts:
            surface.blit(image, rect)
        self.ring.draw(surface, theme, self.ctx.fonts)
