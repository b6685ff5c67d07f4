"""The Keys section's control: one of an action's keys, drawn as a key cap (also an action's
pad button, in the Pad buttons section)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from game.i18n import _
from game.scenes.settings.keys import is_locked, key_label
from game.ui.forms import draw_focus_marker
from game.ui.pad_glyphs import button_glyph
from game.ui.text import ellipsize, fitted_px

if TYPE_CHECKING:
    from game.scenes.context import Context
    from game.ui.fonts import Fonts
    from game.ui.theme import Theme

KEY_SLOTS = 2  # a key and a second key per action


@dataclass(eq=False)
class KeySlot:
    """One of an action's keys, shown as a key cap; Enter or a click captures the next key."""

    intent: str
    slot: int
    text: Callable[[], str]
    key: object = None
    lock: Callable[[], bool] = lambda: False
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    enabled: bool = True
    capturing: bool = False  # set by the scene while it waits for the key
    pad: bool = False  # a pad button's slot (the Pad buttons section), not a key's

    @property
    def locked(self) -> bool:
        return self.lock()

    def hit(self, pos: tuple[int, int]) -> bool:
        return self.enabled and self.rect.collidepoint(pos)

    def draw(self, surface: pygame.Surface, theme: Theme, fonts: Fonts, focused: bool) -> None:
        box = self.rect
        radius = max(4, box.height // 5)
        if self.capturing:
            prompt = _("Press a button") if self.pad else _("Press a key")
            fill, ink, text = theme.accent, theme.text_on_accent, prompt
        else:
            fill, ink, text = theme.panel_alt, theme.text, self.text()
            if self.locked or not text:
                ink = theme.text_dim
            text = text or "\u2013"  # an empty second slot: a dash, not nothing
        # A key cap: a darker lip under the face.
        lip = max(2, box.height // 12)
        pygame.draw.rect(surface, theme.panel_edge, box, 0, radius)
        face = pygame.Rect(box.left, box.top, box.width, box.height - lip)
        pygame.draw.rect(surface, fill, face, 0, radius)
        pygame.draw.rect(surface, theme.panel_edge, box, 2, radius)
        font = fonts.get(fitted_px(fonts, box.height * 0.44), bold=bool(self.text()))
        shown = ellipsize(font, text, box.width - max(8, box.height // 3))
        image = font.render(shown, True, ink)
        surface.blit(image, image.get_rect(center=face.center))
        if focused or self.capturing:
            draw_focus_marker(surface, theme, box)


def pad_text(ctx: Context, intent: str) -> Callable[[], str]:
    """A pad row's text: the glyph of the button bound to `intent`, as the pad shows it."""

    def text() -> str:
        buttons = ctx.settings.pad_bindings.get(intent, ())
        return button_glyph(buttons[0], ctx.pads.glyphs or "xbox") if buttons else ""

    return text


def slot_text(ctx: Context, intent: str, slot: int) -> Callable[[], str]:
    """A key slot's text: the key in `slot` of those bound to `intent` ("" for none)."""

    def text() -> str:
        keys = ctx.settings.keys_for(intent)
        if slot >= len(keys):
            return ""
        # The first key as the key map names it everywhere else in the game.
        return ctx.input.label(intent) if slot == 0 else key_label(keys[slot], intent)

    return text


def slot_lock(ctx: Context, intent: str, slot: int) -> Callable[[], bool]:
    return lambda: is_locked(ctx.settings.key_bindings, intent, slot)
