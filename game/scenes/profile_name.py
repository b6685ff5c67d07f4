"""A small box over the statistics asking for a profile's name (new, or renamed).

Controls:
    typing           edits the name (the old name is selected, so typing replaces it)
    Backspace        deletes
    Enter            saves (an error, such as a name already taken, is shown in the box)
    Esc              cancels
    Tab              moves between the two buttons
Mouse: the two buttons; a click in the field puts the caret at the end.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.i18n import _
from game.scenes.base import Scene
from game.ui.forms import TextField
from game.ui.input import Intent, is_back, is_confirm, is_press, key_label
from game.ui.menu_layout import button_height
from game.ui.text import wrap_text
from game.ui.units import layout_unit
from game.ui.widgets import Button, FocusRing, draw_veiled_panel, make_veil

if TYPE_CHECKING:
    from game.scenes.context import Context


class ProfileNameScene(Scene):
    """Asks for a name over the scene below; `on_done(name)` returns an error to show, or
    None when the name was taken, which closes the box."""

    opaque = False

    def __init__(
        self,
        ctx: Context,
        title: str,
        initial: str,
        on_done: Callable[[str], str | None],
        ok_label: str = "",  # "": Save
        max_length: int = 24,  # characters (an invite or an address is longer than a name)
        placeholder: str = "",  # "": Name
    ) -> None:
        super().__init__(ctx)
        self.title = title
        self.name = initial
        self.on_done = on_done  # returns an error to show, or None when it is done
        self.field = TextField(
            lambda: self.name,
            self._set_name,
            max_length=max_length,
            placeholder=placeholder or _("Name"),
            key="name",
            can_draw=ctx.fonts.can_draw,
        )
        self.field.selected = bool(initial)
        self.ok = Button(
            ok_label or _("Save"), self.submit, primary=True, hint=lambda: key_label("return")
        )
        self.cancel = Button(_("Cancel"), self.close, hint=lambda: key_label("escape"))
        self.ring = FocusRing([self.ok, self.cancel])
        self.error = ""
        self.panel = pygame.Rect(0, 0, 0, 0)
        self._veil: pygame.Surface | None = None
        self._title: tuple[pygame.Surface, pygame.Rect] | None = None
        self.error_rect = pygame.Rect(0, 0, 0, 0)

    def _set_name(self, text: str) -> None:
        self.name = text
        self.error = ""

    def submit(self) -> None:
        error = self.on_done(self.name)
        if error:
            self.error = error
            self.ctx.play("click", 0.5)
        else:
            self.close()

    def close(self) -> None:
        self.ctx.stack.pop()

    def focus_grid(self) -> FocusRing:
        return self.ring

    def spoken_screen(self) -> str:
        # Translators: said aloud as the screen to name a profile comes up.
        return _("Profile name")

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.field.hit(event.pos):
                self.field.selected = False
                return True
            self.ring.handle_mouse(event)
            return True  # a modal: nothing below sees the mouse
        if event.type == pygame.MOUSEMOTION:
            self.ring.handle_mouse(event)
            return True
        # The field first: it takes Backspace (which would go back) and printable keys.
        if self.field.handle_key(event):
            if self.field.refused:
                self.error = self.field.refused
            return True
        intent = self.ctx.input.menu_intent(event)
        if is_confirm(intent):
            self.ring.press()
        elif is_back(intent):
            self.close()
        elif intent in (Intent.FOCUS_NEXT, Intent.FOCUS_PREV):
            self.ring.move_linear(-1 if intent is Intent.FOCUS_PREV else 1)
        return is_press(event)  # a modal swallows every key

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        theme, fonts = self.ctx.theme, self.ctx.fonts
        unit = layout_unit(size)
        width = min(round(520 * unit * max(1.0, fonts.text_scale)), round(w * 0.9))
        pad = round(24 * unit)
        title_font = fonts.fit(self.title, 30 * unit, width - 2 * pad, bold=True)
        title = title_font.render(self.title, True, theme.text)
        field_h = max(28, round(48 * unit))
        button_h = button_height(fonts, unit, 46, least=28)
        # Two lines of error and the gap above them (a refusal's reason can take two lines:
        # they ran into the buttons by the gap).
        error_h = fonts.get(20 * unit).get_linesize() * 2 + 6 + round(4 * unit)
        height = pad + title.get_height() + pad // 2 + field_h + error_h + button_h + pad
        self.panel = pygame.Rect(0, 0, width, min(height, h - 8))
        self.panel.center = (w // 2, h // 2)
        self._title = (title, title.get_rect(midtop=(self.panel.centerx, self.panel.top + pad)))
        y = self._title[1].bottom + pad // 2
        self.field.rect = pygame.Rect(self.panel.left + pad, y, width - 2 * pad, field_h)
        self.error_rect = pygame.Rect(
            self.panel.left + pad, self.field.rect.bottom + 4, width - 2 * pad, error_h
        )
        gap = round(16 * unit)
        button_w = (width - 2 * pad - gap) // 2
        top = self.panel.bottom - pad - button_h
        self.ok.rect = pygame.Rect(self.panel.left + pad, top, button_w, button_h)
        self.cancel.rect = pygame.Rect(self.ok.rect.right + gap, top, button_w, button_h)
        self.error_px = 20 * unit
        self._veil = make_veil(size, theme)

    def draw(self, surface: pygame.Surface) -> None:
        theme, fonts = self.ctx.theme, self.ctx.fonts
        draw_veiled_panel(surface, theme, self._veil, self.panel)
        if self._title is not None:
            surface.blit(*self._title)
        self.field.draw(surface, theme, fonts, True)
        if self.error:
            font = fonts.get(self.error_px)
            y = self.error_rect.top + 2
            for line in wrap_text(font, self.error, self.error_rect.width)[:2]:
                image = font.render(line, True, theme.warn)
                surface.blit(image, (self.error_rect.left, y))
                y += font.get_linesize()
        self.ring.draw(surface, theme, fonts)
