"""Buttons and focus: every control works by mouse and by keyboard, and the mouse hover and
the keyboard focus are one highlighted target. Focus is also shown by an outline and a
marker, never by colour alone. Also the panels and the felt the menu scenes are drawn on."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

import pygame

from game.ui.focus_grid import FocusGrid
from game.ui.fonts import MIN_FONT_PX, Fonts
from game.ui.input import Intent, is_confirm, is_press, menu_letter
from game.ui.letters import menu_letters
from game.ui.text import ellipsize
from game.ui.theme import Colour, Theme


@dataclass
class Button:
    label: str
    on_press: Callable[[], None]
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    enabled: bool = True
    primary: bool = False
    # The key, shown small on the button; a callable is read when drawn (the hint follows
    # the device in use: a key, or a pad's button).
    hint: str | Callable[[], str] = ""

    @property
    def hint_text(self) -> str:
        return self.hint() if callable(self.hint) else self.hint

    def hit(self, pos: tuple[int, int]) -> bool:
        return self.enabled and self.rect.collidepoint(pos)

    def draw(self, surface: pygame.Surface, theme: Theme, fonts: Fonts, focused: bool) -> None:
        draw_button(
            surface,
            theme,
            fonts,
            self.rect,
            self.label,
            focused,
            self.enabled,
            self.primary,
            self.hint_text,
        )


def draw_button(
    surface: pygame.Surface,
    theme: Theme,
    fonts: Fonts,
    rect: pygame.Rect,
    label: str,
    focused: bool,
    enabled: bool = True,
    primary: bool = False,
    hint: str = "",
) -> None:
    radius = max(4, rect.height // 4)
    if not enabled:  # sunk into the felt, not raised from it: nothing to press
        _draw_disabled(surface, theme, fonts, rect, label, focused, radius)
        return
    if theme.shadow[3]:
        shadow = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(shadow, theme.shadow, shadow.get_rect(), border_radius=radius)
        surface.blit(shadow, rect.move(0, max(2, rect.height // 12)))
    if primary:
        fill, ink = theme.accent, theme.text_on_accent
    else:
        fill, ink = theme.panel, theme.text
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    edge = theme.focus if focused else theme.panel_edge
    pygame.draw.rect(
        surface, edge, rect, width=max(3, rect.height // 12) if focused else 2, border_radius=radius
    )
    # The label grows with the text-size setting as far as the button holds it. The key's
    # hint sits small in the bottom-right corner, drawn only where it keeps clear of the
    # label: a long label or key name ("Leertaste") in a small button drops the hint.
    text = _label(fonts, label, rect, ink)
    text_rect = text.get_rect(center=rect.center)
    surface.blit(text, text_rect)
    key_ink = theme.text_dim if not primary else theme.text_on_accent
    key = corner_key(fonts, key_ink, rect, hint, text, text_rect)
    r = max(3, rect.height // 10)
    # A marker as well as the outline's colour and width, where it keeps clear of the label
    # (a long label in a narrow button has the thick outline alone: never the two overlaid).
    if focused and rect.left + r * 3 + 1 < text_rect.left:
        x, y = rect.left + r * 2, rect.centery
        pygame.draw.polygon(surface, theme.focus, [(x - r, y - r), (x + r, y), (x - r, y + r)])
    if key is not None:
        surface.blit(*key)


DISABLED_ALPHA = 120  # of 255: how much of a disabled button shows over what is under it


def _draw_disabled(
    surface: pygame.Surface,
    theme: Theme,
    fonts: Fonts,
    rect: pygame.Rect,
    label: str,
    focused: bool,
    radius: int,
) -> None:
    """A button that would refuse a press: flat (no shadow), see-through, its label dim and
    with no key hint, so it never looks like the buttons that act."""
    face = pygame.Surface(rect.size, pygame.SRCALPHA)
    whole = face.get_rect()
    pygame.draw.rect(face, (*theme.panel_alt[:3], DISABLED_ALPHA), whole, border_radius=radius)
    pygame.draw.rect(face, (*theme.panel_edge[:3], DISABLED_ALPHA), whole, 1, radius)
    surface.blit(face, rect)
    if focused:  # the focus still shows where it is
        width = max(3, rect.height // 12)
        pygame.draw.rect(surface, theme.focus, rect, width=width, border_radius=radius)
    text = _label(fonts, label, rect, theme.text_dim)
    text.set_alpha(170)
    surface.blit(text, text.get_rect(center=rect.center))


def label_room(rect: pygame.Rect) -> int:
    """How wide a button's label may be: a quarter of its height clear of either edge."""
    return rect.width - rect.height // 2


def _label(fonts: Fonts, label: str, rect: pygame.Rect, ink: Colour) -> pygame.Surface:
    """A button's label drawn: as large as the button holds it, down to the smallest size;
    past that cut with an ellipsis inside the button (a table's long name), never spilled
    over its edges. What is spoken is the whole label."""
    pixels = _label_pixels(fonts, rect.height) / fonts.text_scale
    font = fonts.fit(label, pixels, label_room(rect), bold=True)
    inside = rect.width - 2 * max(3, rect.height // 12)  # (the margins too, before a cut)
    return font.render(ellipsize(font, label, inside), True, ink)


def _label_pixels(fonts: Fonts, height: int) -> float:
    """The size of a button's label on a button `height` px tall, before it is fitted."""
    return min(height * 0.45 * fonts.text_scale, height * 0.62)


def button_width(fonts: Fonts, label: str, height: int, smallest: bool = False) -> int:
    """How wide a button `height` px tall must be to hold `label` at its full size (or,
    `smallest`, at the smallest size a label is drawn at)."""
    pixels = MIN_FONT_PX if smallest else _label_pixels(fonts, height)  # on screen
    font = fonts.get(pixels / fonts.text_scale, bold=True)
    return font.size(label)[0] + height // 2 + 2


def corner_key(
    fonts: Fonts,
    ink: Colour,
    rect: pygame.Rect,
    key: str,
    label: pygame.Surface,
    label_rect: pygame.Rect,
) -> tuple[pygame.Surface, pygame.Rect] | None:
    """A key's name, small, for the bottom-right corner of a button or tab `rect` (image and
    place), or None where there is no key, the control is too small, or it would crowd the
    label drawn at `label_rect`."""
    if not key or rect.height < 28:
        return None
    small = fonts.get(rect.height * 0.26 / max(1.0, fonts.text_scale)).render(key, True, ink)
    corner = small.get_rect(
        bottomright=(rect.right - rect.height // 6, rect.bottom - rect.height // 12)
    )
    gap = max(3, rect.height // 12)
    if corner.inflate(2 * gap, 2 * gap).colliderect(_ink_box(label, label_rect)):
        return None
    return small, corner


def _ink_box(image: pygame.Surface, at: pygame.Rect) -> pygame.Rect:
    """Where a rendered text's letters are, at `at` (its surface has room above and below)."""
    box = image.get_bounding_rect()
    return box.move(at.topleft) if box.width else at


def letter_shortcuts(buttons: Sequence[Button], taken: Iterable[str] = ()) -> dict[str, Button]:
    """Give a screen's buttons their shortcut letters from their labels as shown
    (menu_letters), so the keys follow the language: each button shows its letter as its
    hint, but for one whose hint is a key of its own (a callable: Resume shows the pause
    key), which it keeps while its letter works too. `taken`: letters no button may have
    (InputMap.letters: keys the app or the screen keeps for itself). Returns the lower-case
    letter -> button map the screen's keys go through (FocusRing.press_shortcut), which a
    screen tries before any other meaning a letter key has there; call it again whenever the
    labels change."""
    letters = menu_letters([button.label for button in buttons], taken)
    for button, letter in zip(buttons, letters, strict=True):
        if not callable(button.hint):
            button.hint = letter
    return {
        letter.lower(): button for button, letter in zip(buttons, letters, strict=True) if letter
    }


class FocusRing(FocusGrid[Button]):
    """A button menu: the one focus model (FocusGrid) over a single row of buttons, with a
    menu's input: hover and click, the focus keys and Enter, the buttons' letters."""

    def __init__(self, buttons: list[Button] | None = None) -> None:
        super().__init__([buttons or []], key=lambda button: button.label)

    @property
    def buttons(self) -> list[Button]:
        return self.rows[0] if self.rows else []

    def set(self, buttons: list[Button], keep: bool = True) -> None:
        """New buttons; the focus stays on the same label if `keep`, else goes to the first
        (either way on to the next enabled one)."""
        label = self.focused.label if keep and self.focused else None
        at = [i for i, b in enumerate(buttons) if label is not None and b.label == label]
        self.rows = [list(buttons)] if buttons else []
        self.row, self.col = 0, at[-1] if at else 0
        if self.buttons and not self.buttons[self.col].enabled:
            self.move_linear(1)

    def handle(
        self,
        event: pygame.event.Event,
        intent: Intent | None,
        shortcuts: Mapping[str, Button] | None = None,
    ) -> bool:
        """A button menu's input: hover and click, the focus keys and Enter, and the
        buttons' letters in `shortcuts` (from letter_shortcuts). True if the event was used."""
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            return self.handle_mouse(event)
        if not is_press(event):
            return False
        return self.handle_key(event, intent) or self.press_shortcut(
            shortcuts or {}, menu_letter(event)
        )

    def handle_mouse(self, event: pygame.event.Event) -> bool:
        """Hover focuses; a left click presses. Returns True when the event was used."""
        if event.type == pygame.MOUSEMOTION:
            for b in self.buttons:
                if b.hit(event.pos):
                    self.focus(b)
                    return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for b in self.buttons:
                if b.hit(event.pos):
                    self.focus(b)
                    b.on_press()
                    return True
        return False

    def press(self) -> bool:
        button = self.focused
        if button is not None and button.enabled:
            button.on_press()
            return True
        return False

    def handle_key(self, event: pygame.event.Event, intent: Intent | None) -> bool:
        """A menu's keys: up, left and Shift+Tab move the focus back, down, right and Tab on;
        confirm (Enter, in a menu: see InputMap.menu_intent) presses. True if the key was one."""
        if intent in (Intent.UP, Intent.FOCUS_PREV, Intent.LEFT):
            self.move_linear(-1)
        elif intent in (Intent.DOWN, Intent.FOCUS_NEXT, Intent.RIGHT):
            self.move_linear(1)
        elif is_confirm(intent):
            self.press()
        else:
            return False
        return True

    def press_shortcut(self, shortcuts: Mapping[str, Button], letter: str) -> bool:
        """Focus and press the button `letter` stands for in `shortcuts` (from
        letter_shortcuts); a disabled one is left as it is, but the key is still used. False
        if the letter is no button's."""
        button = shortcuts.get(letter) if letter else None
        if button is None:
            return False
        if button.enabled:
            self.focus(button)
            button.on_press()
        return True


def make_veil(size: tuple[int, int], theme: Theme) -> pygame.Surface:
    """The dimming laid over the scene under a dialog, made once per layout."""
    veil = pygame.Surface(size, pygame.SRCALPHA)
    veil.fill(theme.overlay)
    return veil


def draw_veiled_panel(
    surface: pygame.Surface, theme: Theme, veil: pygame.Surface | None, panel: pygame.Rect
) -> None:
    """A dialog's ground: the scene under it dimmed, then its panel."""
    if veil is not None:
        surface.blit(veil, (0, 0))
    draw_panel(surface, theme, panel)


def panel_radius(rect: pygame.Rect) -> int:
    """The radius of a panel's rounded corners (draw_panel)."""
    return max(6, min(rect.width, rect.height) // 30)


def panel_solid(rect: pygame.Rect) -> pygame.Rect:
    """The part of a panel draw_panel fills with opaque colour whatever lies under it: all
    of it but a band round its corners."""
    radius = panel_radius(rect)
    return rect.inflate(-2 * radius, -2 * radius)


def draw_panel(surface: pygame.Surface, theme: Theme, rect: pygame.Rect, alt: bool = False) -> None:
    radius = panel_radius(rect)
    if theme.shadow[3]:
        # The panel hides its shadow but at the right and the bottom (and round its corners):
        # only those bands are laid, not a surface the panel's size (at 4K, the card's cost
        # 10 ms each time it was drawn anew).
        shade = rect.move(4, 6)
        cut = rect.right - radius - 1
        for band in (
            pygame.Rect(cut, shade.top, shade.right - cut, shade.height),
            pygame.Rect(shade.left, rect.bottom - radius - 1, cut - shade.left, radius + 7),
        ):
            if band.width > 0 and band.height > 0 and band.colliderect(surface.get_clip()):
                part = pygame.Surface(band.size, pygame.SRCALPHA)
                local = shade.move(-band.left, -band.top)
                pygame.draw.rect(part, theme.shadow, local, border_radius=radius)
                surface.blit(part, band)
    pygame.draw.rect(surface, theme.panel_alt if alt else theme.panel, rect, border_radius=radius)
    pygame.draw.rect(surface, theme.panel_edge, rect, width=2, border_radius=radius)


def draw_felt(surface: pygame.Surface, theme: Theme) -> None:
    """The green baize with a soft vignette, at any window size. Callers cache the result:
    the vignette is computed on a small grid and smoothly scaled up."""
    w, h = surface.get_size()
    surface.fill(theme.felt)
    if theme.high_contrast or w < 2 or h < 2:
        return
    gw, gh = 48, 30
    grid = pygame.Surface((gw, gh), pygame.SRCALPHA)
    for y in range(gh):
        for x in range(gw):
            dx, dy = (x + 0.5) / gw * 2 - 1, (y + 0.5) / gh * 2 - 1
            d = min(1.0, (dx * dx + dy * dy) ** 0.5 / 1.35)
            grid.set_at((x, y), (*theme.felt_dark, round(200 * d**2.2)))
    surface.blit(pygame.transform.smoothscale(grid, (w, h)), (0, 0))


class FeltBackground:
    """The felt for a scene's window, made in layout (again only for a new size or theme) and
    blitted in draw."""

    def __init__(self) -> None:
        self.surface: pygame.Surface | None = None
        self._made_for: tuple[tuple[int, int], Theme] | tuple[()] = ()

    def fit(self, size: tuple[int, int], theme: Theme) -> None:
        if self.surface is not None and self._made_for == (size, theme):
            return
        surface = pygame.Surface((max(1, size[0]), max(1, size[1])))
        if pygame.display.get_surface() is not None:
            surface = surface.convert()
        draw_felt(surface, theme)
        self.surface, self._made_for = surface, (size, theme)

    def draw(self, surface: pygame.Surface, theme: Theme, skip: pygame.Rect | None = None) -> None:
        """Blit the felt, but for `skip` (a part something opaque will cover); before the
        first layout (or at another size), draw it afresh."""
        if self.surface is None or self.surface.get_size() != surface.get_size():
            draw_felt(surface, theme)
            return
        if skip is None:
            surface.blit(self.surface, (0, 0))
            return
        w, h = surface.get_size()
        s = skip.clip(surface.get_rect())
        for part in (
            pygame.Rect(0, 0, w, s.top),
            pygame.Rect(0, s.bottom, w, h - s.bottom),
            pygame.Rect(0, s.top, s.left, s.height),
            pygame.Rect(s.right, s.top, w - s.right, s.height),
        ):
            if part.width > 0 and part.height > 0:
                surface.blit(self.surface, part.topleft, part)
