"""Form controls for the menu scenes: a text field, a value cycler, a button that sits in a
focus grid, a slider and an on/off switch.

Like the buttons in game.ui.widgets, every control is worked both ways: a focus grid
(game.ui.focus_grid) moves the keyboard focus, and the mouse hover moves the same focus.
Controls never post events; the scene asks them what a click or key did. Arrows are drawn as
shapes, not glyphs, so they look the same in any font.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from game.i18n import N_, format_percent, translate, translated
from game.rules.names import SCRIPT_REFUSAL, char_problem
from game.ui.fonts import Fonts
from game.ui.text import ellipsize, fitted_px
from game.ui.theme import Colour, Theme
from game.ui.widgets import Button, draw_button


def draw_arrow(surface: pygame.Surface, colour: Colour, rect: pygame.Rect, direction: int) -> None:
    """A solid triangle pointing left (-1) or right (+1), centred in `rect`."""
    r = max(3, min(rect.width, rect.height) // 4)
    x, y = rect.center
    if direction < 0:
        points = [(x + r // 2, y - r), (x - r, y), (x + r // 2, y + r)]
    else:
        points = [(x - r // 2, y - r), (x + r, y), (x - r // 2, y + r)]
    pygame.draw.polygon(surface, colour, points)


def draw_focus_marker(surface: pygame.Surface, theme: Theme, rect: pygame.Rect) -> None:
    """The outline that says 'focused' by shape as well as by colour."""
    width = max(2, rect.height // 14)
    radius = max(4, rect.height // 4)
    pygame.draw.rect(surface, theme.focus, rect.inflate(width * 2, width * 2), width, radius)


# ----------------------------------------------------------------------------- controls
class ControlBehaviour:
    """What the form controls share: a hit test that a disabled control fails, and the help
    line, read when it is shown (it may depend on the value)."""

    rect: pygame.Rect
    enabled: bool
    help: Callable[[], str] | str

    def hit(self, pos: tuple[int, int]) -> bool:
        return self.enabled and self.rect.collidepoint(pos)

    def describe(self) -> str:
        return self.help() if callable(self.help) else self.help


@dataclass(eq=False)
class TextField(ControlBehaviour):
    """A one-line name field. Typing arrives as TEXTINPUT events, Backspace deletes.

    When the keyboard moves onto the field its text is selected, so the first key typed
    replaces it (as in every desktop form); a click puts the caret at the end instead.
    """

    get: Callable[[], str]
    set: Callable[[str], None]
    max_length: int = 24
    placeholder: str = ""
    help: str = ""
    key: object = None
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    enabled: bool = True
    selected: bool = False  # the whole text is selected: typing replaces it
    can_draw: Callable[[str], bool] = lambda char: True  # Fonts.can_draw: no boxes in names
    refused: str = ""  # why the last characters typed were not taken ("" if all were)

    def insert(self, text: str) -> bool:
        """Type `text` (control keys dropped; characters a name may not hold, by
        game.rules.names, or the font cannot draw, refused, saying why in `refused`);
        False if nothing could be added."""
        typed = "".join(ch for ch in text if unicodedata.category(ch) != "Cc")
        problems = [char_problem(ch) for ch in typed]
        text = "".join(
            ch
            for ch, problem in zip(typed, problems, strict=True)
            if problem is None and self.can_draw(ch)
        )
        self.refused = ""
        if text != typed:
            problem = next((p for p in problems if p is not None), None)
            self.refused = translated(problem) if problem else translate(SCRIPT_REFUSAL)
        if not text:
            return False
        base = "" if self.selected else self.get()
        room = self.max_length - len(base)
        if room <= 0:
            return False
        self.selected = False
        self.set(base + text[:room])
        return True

    def backspace(self, word: bool = False) -> bool:
        current = self.get()
        if not current:
            return False
        if self.selected or word:
            new = "" if self.selected else current.rstrip().rpartition(" ")[0]
        else:
            new = current[:-1]
        self.selected = False
        self.set(new)
        return True

    def handle_key(self, event: pygame.event.Event) -> bool:
        """Editing keys and printable keys (whose text comes as TEXTINPUT): True if used.

        Printable keys are claimed even though TEXTINPUT carries their text, so a letter that
        is also a game key (P pauses, R rolls) types instead of acting while a name is edited.
        """
        if event.type == pygame.TEXTINPUT:
            self.insert(event.text)
            return True
        if event.type != pygame.KEYDOWN:
            return False
        if event.key == pygame.K_BACKSPACE:
            self.backspace(word=bool(event.mod & pygame.KMOD_CTRL))
            return True
        if event.key == pygame.K_DELETE:
            if self.selected:
                return self.backspace()
            return True
        if event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
            return False
        unicode = getattr(event, "unicode", "")
        return bool(unicode) and unicode.isprintable()

    def draw(self, surface: pygame.Surface, theme: Theme, fonts: Fonts, focused: bool) -> None:
        rect = self.rect
        radius = max(4, rect.height // 5)
        pygame.draw.rect(surface, (255, 255, 255) if focused else theme.panel, rect, 0, radius)
        pygame.draw.rect(surface, theme.panel_edge, rect, 2, radius)
        pad = max(4, rect.height // 4)
        inner = rect.inflate(-2 * pad, 0)
        text = self.get()
        font = fonts.get(fitted_px(fonts, rect.height * 0.5))
        caret_w = max(2, rect.height // 16)
        shown = ellipsize(font, text, inner.width - caret_w * 3) if text else ""
        if shown:
            ink = theme.text
            image = font.render(shown, True, ink)
            box = image.get_rect(midleft=inner.midleft)
            if focused and self.selected:
                pygame.draw.rect(surface, theme.focus, box.inflate(4, 2), 0, 3)
            surface.blit(image, box)
            end = box.right
        else:
            if self.placeholder:  # after the caret's place, never under it
                image = font.render(self.placeholder, True, theme.text_dim)
                where = (inner.left + 3 * caret_w, inner.centery)
                room = (0, 0, inner.right - where[0], image.get_height())
                surface.blit(image, image.get_rect(midleft=where), room)
            end = inner.left
        if focused and not self.selected:
            h = int(rect.height * 0.56)
            pygame.draw.rect(
                surface, theme.text, (end + caret_w, rect.centery - h // 2, caret_w, h)
            )
        if focused:
            draw_focus_marker(surface, theme, rect)


@dataclass(eq=False)
class Cycler(ControlBehaviour):
    """A value stepped with arrows: Left/Right keys, or a click on an arrow (the value itself
    steps forward). The scene owns the value; the cycler only shows `text()` and calls `step`.

    With a `label`, the label sits in the left `label_width` pixels of the rect.
    """

    text: Callable[[], str]
    step: Callable[[int], object]  # what it returns is not used
    label: str = ""
    swatch: Callable[[], Colour | None] | None = None
    help: Callable[[], str] | str = ""
    key: object = None
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    label_width: int = 0
    enabled: bool = True

    @property
    def box(self) -> pygame.Rect:
        """Where the value and its arrows are drawn."""
        return pygame.Rect(
            self.rect.left + self.label_width,
            self.rect.top,
            self.rect.width - self.label_width,
            self.rect.height,
        )

    @property
    def arrows(self) -> tuple[pygame.Rect, pygame.Rect]:
        box = self.box
        side = min(round(box.height * 0.62), max(10, box.width // 5))
        return (
            pygame.Rect(box.left, box.top, side, box.height),
            pygame.Rect(box.right - side, box.top, side, box.height),
        )

    def _label_px(self, fonts: Fonts) -> float:
        return fitted_px(fonts, self.rect.height * 0.46)

    def fit_label(self, fonts: Fonts, least: int, most: int) -> None:
        """Give the label the width it needs at its size (smallest size counted), at least
        `least` px and at most `most`; a label wider still is cut when drawn."""
        need = fonts.get(self._label_px(fonts)).size(self.label)[0] + 12 if self.label else 0
        self.label_width = max(least, min(need, most))

    def click(self, pos: tuple[int, int]) -> bool:
        """A left click: the left arrow steps back, the value and the right arrow forward."""
        if not self.box.collidepoint(pos):
            return False
        self.step(-1 if self.arrows[0].collidepoint(pos) else 1)
        return True

    def draw(self, surface: pygame.Surface, theme: Theme, fonts: Fonts, focused: bool) -> None:
        rect, box = self.rect, self.box
        if self.label:
            room = self.label_width - 8
            font = fonts.fit(self.label, self._label_px(fonts), room)
            image = font.render(ellipsize(font, self.label, room), True, theme.text)
            surface.blit(image, image.get_rect(midleft=(rect.left + 4, rect.centery)))
        radius = max(4, box.height // 5)
        pygame.draw.rect(surface, theme.panel_alt, box, 0, radius)
        pygame.draw.rect(surface, theme.panel_edge, box, 2, radius)
        left, right = self.arrows
        arrow_ink = theme.accent if focused else theme.text_dim
        draw_arrow(surface, arrow_ink, left, -1)
        draw_arrow(surface, arrow_ink, right, 1)
        inner = pygame.Rect(left.right, box.top, right.left - left.right, box.height)
        colour = self.swatch() if self.swatch else None
        text = self.text()
        swatch_w = int(box.height * 0.5) if colour is not None else 0
        gap = max(3, box.height // 8) if colour is not None else 0
        font = fonts.get(fitted_px(fonts, box.height * 0.46))
        text = ellipsize(font, text, max(8, inner.width - swatch_w - gap - 4))
        image = font.render(text, True, theme.text)
        total = swatch_w + gap + image.get_width()
        x = inner.centerx - total // 2
        if colour is not None:
            sw = pygame.Rect(x, 0, swatch_w, swatch_w)
            sw.centery = box.centery
            pygame.draw.rect(surface, colour, sw, 0, max(2, swatch_w // 4))
            pygame.draw.rect(surface, theme.text, sw, 1, max(2, swatch_w // 4))
        surface.blit(image, image.get_rect(midleft=(x + swatch_w + gap, box.centery)))
        if focused:
            draw_focus_marker(surface, theme, box)


@dataclass(eq=False)
class FormButton(Button):
    """A button in a focus grid: a `key` to find it again after a rebuild, and a help line."""

    key: object = None
    help: Callable[[], str] | str = ""  # a function: the line as things are when it shows
    icon: str = ""  # "cross": a drawn X instead of the label (the label still names it)

    def draw(self, surface: pygame.Surface, theme: Theme, fonts: Fonts, focused: bool) -> None:
        if not self.icon:
            super().draw(surface, theme, fonts, focused)
            return
        draw_button(surface, theme, fonts, self.rect, "", focused, self.enabled, self.primary)
        r = max(3, self.rect.height // 6)
        x, y = self.rect.center
        ink = theme.warn if focused else theme.text_dim
        width = max(2, self.rect.height // 12)
        pygame.draw.line(surface, ink, (x - r, y - r), (x + r, y + r), width)
        pygame.draw.line(surface, ink, (x - r, y + r), (x + r, y - r), width)


@dataclass(eq=False)
class Slider(ControlBehaviour):
    """A level from 0 to 1 on a track (a volume): Left/Right step it by `step_size`, a click
    on the track sets it there, and the scene drags it with `drag_to`. `text` shows the level
    beside the track ("80%"), so the value is read as words as well as a position."""

    get: Callable[[], float]
    set: Callable[[float], None]
    step_size: float = 0.05
    text: Callable[[float], str] = lambda v: format_percent(round(v * 100) / 100)
    help: Callable[[], str] | str = ""
    key: object = None
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    enabled: bool = True

    def _snap(self, value: float) -> float:
        # Whole steps only, so a saved level reads "0.35", never "0.3512".
        steps = round(min(1.0, max(0.0, value)) / self.step_size)
        return round(min(1.0, steps * self.step_size), 4)

    def step(self, n: int) -> None:
        new = self._snap(self.get() + n * self.step_size)
        if new != self.get():
            self.set(new)

    @property
    def track(self) -> pygame.Rect:
        """The line the knob runs along (the value's text sits to its right)."""
        box = self.rect
        pad = max(6, box.height // 3)
        text_w = max(box.height * 1.4, box.width * 0.22)
        return pygame.Rect(
            box.left + pad, box.top, max(1, round(box.width - 2 * pad - text_w)), box.height
        )

    def value_at(self, x: float) -> float:
        track = self.track
        return self._snap((x - track.left) / max(1, track.width))

    def drag_to(self, x: float) -> bool:
        """Set the level under `x`; True if it changed."""
        new = self.value_at(x)
        if new == self.get():
            return False
        self.set(new)
        return True

    def click(self, pos: tuple[int, int]) -> bool:
        """A left click on the track (or its text) sets the level there."""
        if not self.rect.collidepoint(pos):
            return False
        self.drag_to(min(pos[0], self.track.right))
        return True

    def draw(self, surface: pygame.Surface, theme: Theme, fonts: Fonts, focused: bool) -> None:
        box, track = self.rect, self.track
        radius = max(4, box.height // 5)
        pygame.draw.rect(surface, theme.panel_alt, box, 0, radius)
        pygame.draw.rect(surface, theme.panel_edge, box, 2, radius)
        value = min(1.0, max(0.0, self.get()))
        thick = max(4, box.height // 7)
        line = pygame.Rect(track.left, track.centery - thick // 2, track.width, thick)
        pygame.draw.rect(surface, theme.panel, line, 0, thick // 2)
        x = track.left + round(value * track.width)
        if x > track.left:
            filled = pygame.Rect(track.left, line.top, x - track.left, thick)
            pygame.draw.rect(surface, theme.accent, filled, 0, thick // 2)
        pygame.draw.rect(surface, theme.text_dim, line, 1, thick // 2)
        knob = max(5, round(box.height * 0.27))
        pygame.draw.circle(surface, theme.panel, (x, track.centery), knob)
        ring = max(2, knob // 3) if focused else max(1, knob // 5)
        pygame.draw.circle(surface, theme.text, (x, track.centery), knob, ring)
        font = fonts.get(fitted_px(fonts, box.height * 0.46))
        room = box.right - track.right - max(4, box.height // 5)
        text = ellipsize(font, self.text(value), max(8, room))
        image = font.render(text, True, theme.text)
        surface.blit(image, image.get_rect(midright=(box.right - box.height // 4, box.centery)))
        if focused:
            draw_focus_marker(surface, theme, box)


@dataclass(eq=False)
class Toggle(ControlBehaviour):
    """On or off, drawn as a switch with its word beside it (the knob's side and the word say
    which, not the colour alone). Enter, Left/Right or a click flips it."""

    get: Callable[[], bool]
    set: Callable[[bool], object]  # what it returns is not used
    on_text: str = N_("On")  # marked words, translated when drawn
    off_text: str = N_("Off")
    help: Callable[[], str] | str = ""
    key: object = None
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    enabled: bool = True

    def flip(self) -> None:
        self.set(not self.get())

    def step(self, n: int) -> None:
        """Left or Right: either flips it, as a two-value cycler would."""
        self.flip()

    def click(self, pos: tuple[int, int]) -> bool:
        if not self.rect.collidepoint(pos):
            return False
        self.flip()
        return True

    def draw(self, surface: pygame.Surface, theme: Theme, fonts: Fonts, focused: bool) -> None:
        box = self.rect
        radius = max(4, box.height // 5)
        pygame.draw.rect(surface, theme.panel_alt, box, 0, radius)
        pygame.draw.rect(surface, theme.panel_edge, box, 2, radius)
        on = bool(self.get())
        sh = max(10, round(box.height * 0.56))
        sw = min(round(sh * 1.9), box.width // 2)
        switch = pygame.Rect(box.left + max(6, box.height // 4), 0, sw, sh)
        switch.centery = box.centery
        pygame.draw.rect(surface, theme.accent if on else theme.panel, switch, 0, sh // 2)
        pygame.draw.rect(surface, theme.text if on else theme.text_dim, switch, 2, sh // 2)
        r = max(3, sh // 2 - max(3, sh // 8))
        cx = switch.right - sh // 2 if on else switch.left + sh // 2
        pygame.draw.circle(surface, theme.panel, (cx, switch.centery), r)
        pygame.draw.circle(surface, theme.text, (cx, switch.centery), r, max(1, r // 5))
        font = fonts.get(fitted_px(fonts, box.height * 0.46), bold=on)
        room = box.right - switch.right - 2 * max(4, box.height // 5)
        word = ellipsize(font, translate(self.on_text if on else self.off_text), max(8, room))
        image = font.render(word, True, theme.text)
        surface.blit(image, image.get_rect(midleft=(switch.right + box.height // 3, box.centery)))
        if focused:
            draw_focus_marker(surface, theme, box)


Control = TextField | Cycler | FormButton | Slider | Toggle
