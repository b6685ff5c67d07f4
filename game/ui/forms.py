"""Form controls for the menu scenes: a text field, a value cycler, a slider, an on/off
switch, a focus grid that moves the keyboard focus in two dimensions, a scroll view, and
text wrapping.

Like the buttons in game.ui.widgets, every control is worked both ways: the focus grid moves
the keyboard focus, and the mouse hover moves the same focus. Controls never post events;
the scene asks them what a click or key did. Arrows are drawn as shapes, not glyphs, so they
look the same in any font.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import pygame

from game.ui.fonts import Fonts
from game.ui.theme import Colour, Theme
from game.ui.widgets import Button, draw_button, draw_felt

ELLIPSIS = "..."
WHEEL_LINES = 3  # lines scrolled per mouse-wheel notch


# ----------------------------------------------------------------------------- text helpers
def wrap_text(font: pygame.font.Font, text: str, width: int) -> list[str]:
    """`text` broken into lines no wider than `width` pixels, at spaces where possible.

    Explicit newlines start new lines; a word wider than the line is broken by characters.
    """
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            candidate = f"{line} {word}" if line else word
            if font.size(candidate)[0] <= width:
                line = candidate
                continue
            if line:
                lines.append(line)
            line = ""
            while font.size(word)[0] > width and len(word) > 1:
                cut = len(word) - 1
                while cut > 1 and font.size(word[:cut])[0] > width:
                    cut -= 1
                lines.append(word[:cut])
                word = word[cut:]
            line = word
        lines.append(line)
    return lines


def ellipsize(font: pygame.font.Font, text: str, width: int) -> str:
    """`text`, cut and ended with an ellipsis if it is wider than `width` pixels."""
    if font.size(text)[0] <= width:
        return text
    while text and font.size(text + ELLIPSIS)[0] > width:
        text = text[:-1]
    return text.rstrip() + ELLIPSIS if text else ""


def join_names(names: Sequence[str]) -> str:
    """'Ann', 'Ann and Bob', 'Ann, Bob and Cid'."""
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def fitted_px(fonts: Fonts, px: float) -> float:
    """A font size for text that must fill `px` pixels of a control's height.

    Fonts scale every size by the player's text scale; the layouts already make controls
    taller for a larger scale, so text sized from a control's height is not scaled twice.
    """
    return px / fonts.text_scale


def felt_background(size: tuple[int, int], theme: Theme) -> pygame.Surface:
    """The felt for a scene's window size, made once in layout and blitted in draw."""
    surface = pygame.Surface((max(1, size[0]), max(1, size[1])))
    if pygame.display.get_surface() is not None:
        surface = surface.convert()
    draw_felt(surface, theme)
    return surface


def blit_felt(surface: pygame.Surface, felt: pygame.Surface | None, theme: Theme) -> None:
    """Blit the cached felt; before the first layout (or at a new size), draw it afresh."""
    if felt is not None and felt.get_size() == surface.get_size():
        surface.blit(felt, (0, 0))
    else:
        draw_felt(surface, theme)


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
@dataclass(eq=False)
class TextField:
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

    def hit(self, pos: tuple[int, int]) -> bool:
        return self.enabled and self.rect.collidepoint(pos)

    def insert(self, text: str) -> bool:
        """Type `text` (control characters dropped); False if nothing could be added."""
        text = "".join(ch for ch in text if ch.isprintable())
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
            if self.placeholder:
                image = font.render(self.placeholder, True, theme.text_dim)
                surface.blit(image, image.get_rect(midleft=inner.midleft))
            end = inner.left
        if focused and not self.selected:
            h = int(rect.height * 0.56)
            pygame.draw.rect(
                surface, theme.text, (end + caret_w, rect.centery - h // 2, caret_w, h)
            )
        if focused:
            draw_focus_marker(surface, theme, rect)


@dataclass(eq=False)
class Cycler:
    """A value stepped with arrows: Left/Right keys, or a click on an arrow (the value itself
    steps forward). The scene owns the value; the cycler only shows `text()` and calls `step`.

    With a `label`, the label sits in the left `label_width` pixels of the rect.
    """

    text: Callable[[], str]
    step: Callable[[int], None]
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

    def describe(self) -> str:
        return self.help() if callable(self.help) else self.help

    def hit(self, pos: tuple[int, int]) -> bool:
        return self.enabled and self.rect.collidepoint(pos)

    def click(self, pos: tuple[int, int]) -> bool:
        """A left click: the left arrow steps back, the value and the right arrow forward."""
        if not self.box.collidepoint(pos):
            return False
        self.step(-1 if self.arrows[0].collidepoint(pos) else 1)
        return True

    def draw(self, surface: pygame.Surface, theme: Theme, fonts: Fonts, focused: bool) -> None:
        rect, box = self.rect, self.box
        if self.label:
            font = fonts.fit(self.label, fitted_px(fonts, rect.height * 0.46), self.label_width - 8)
            image = font.render(self.label, True, theme.text)
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
    help: str = ""
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
class Slider:
    """A level from 0 to 1 on a track (a volume): Left/Right step it by `step_size`, a click
    on the track sets it there, and the scene drags it with `drag_to`. `text` shows the level
    beside the track ("80%"), so the value is read as words as well as a position."""

    get: Callable[[], float]
    set: Callable[[float], None]
    step_size: float = 0.05
    text: Callable[[float], str] = lambda v: f"{round(v * 100)}%"
    help: Callable[[], str] | str = ""
    key: object = None
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    enabled: bool = True

    def describe(self) -> str:
        return self.help() if callable(self.help) else self.help

    def hit(self, pos: tuple[int, int]) -> bool:
        return self.enabled and self.rect.collidepoint(pos)

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
class Toggle:
    """On or off, drawn as a switch with its word beside it (the knob's side and the word say
    which, not the colour alone). Enter, Left/Right or a click flips it."""

    get: Callable[[], bool]
    set: Callable[[bool], None]
    on_text: str = "On"
    off_text: str = "Off"
    help: Callable[[], str] | str = ""
    key: object = None
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    enabled: bool = True

    def describe(self) -> str:
        return self.help() if callable(self.help) else self.help

    def hit(self, pos: tuple[int, int]) -> bool:
        return self.enabled and self.rect.collidepoint(pos)

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
        word = ellipsize(font, self.on_text if on else self.off_text, max(8, room))
        image = font.render(word, True, theme.text)
        surface.blit(image, image.get_rect(midleft=(switch.right + box.height // 3, box.centery)))
        if focused:
            draw_focus_marker(surface, theme, box)


Control = TextField | Cycler | FormButton | Slider | Toggle


class FocusGrid:
    """Keyboard focus over rows of controls. Up/Down go to the nearest control in the row
    above or below, Left/Right along a row, Tab through every control in reading order."""

    def __init__(self) -> None:
        self.rows: list[list[Control]] = []
        self.row = 0
        self.col = 0
        self.changed_by_keyboard = False

    @property
    def controls(self) -> list[Control]:
        return [c for row in self.rows for c in row]

    @property
    def focused(self) -> Control | None:
        if not self.rows:
            return None
        row = self.rows[self.row]
        return row[self.col] if row else None

    def set_rows(self, rows: list[list[Control]], focus_key: object = None) -> None:
        """New controls; the focus goes to the one with `focus_key`, else stays in place."""
        self.rows = [[c for c in row] for row in rows if row]
        if focus_key is not None and self.focus_key(focus_key):
            return
        self.row = min(self.row, max(0, len(self.rows) - 1))
        if self.rows:
            self.col = min(self.col, len(self.rows[self.row]) - 1)
            if not self.focused.enabled:
                self.move_linear(1)

    def focus_key(self, key: object) -> bool:
        for r, row in enumerate(self.rows):
            for c, control in enumerate(row):
                if getattr(control, "key", None) == key and control.enabled:
                    self._set(r, c, keyboard=False)
                    return True
        return False

    def focus(self, control: Control, keyboard: bool = False) -> None:
        for r, row in enumerate(self.rows):
            if control in row:
                self._set(r, row.index(control), keyboard)
                return

    def _set(self, row: int, col: int, keyboard: bool) -> None:
        moved = (row, col) != (self.row, self.col)
        self.row, self.col = row, col
        control = self.focused
        if isinstance(control, TextField) and (moved or keyboard):
            control.selected = keyboard and bool(control.get())

    def move_vertical(self, step: int) -> None:
        current = self.focused
        if current is None:
            return
        x = current.rect.centerx
        r = self.row
        for _ in range(len(self.rows)):
            r = (r + step) % len(self.rows)
            choices = [(i, c) for i, c in enumerate(self.rows[r]) if c.enabled]
            if choices:
                col = min(choices, key=lambda ic: abs(ic[1].rect.centerx - x))[0]
                self._set(r, col, keyboard=True)
                return

    def move_horizontal(self, step: int) -> bool:
        """Along the row; False at its end (the focus stays)."""
        row = self.rows[self.row] if self.rows else []
        c = self.col + step
        while 0 <= c < len(row):
            if row[c].enabled:
                self._set(self.row, c, keyboard=True)
                return True
            c += step
        return False

    def move_linear(self, step: int) -> None:
        flat = [(r, c) for r, row in enumerate(self.rows) for c in range(len(row))]
        if not flat:
            return
        i = flat.index((self.row, self.col)) if (self.row, self.col) in flat else 0
        for _ in range(len(flat)):
            i = (i + step) % len(flat)
            r, c = flat[i]
            if self.rows[r][c].enabled:
                self._set(r, c, keyboard=True)
                return

    def at(self, pos: tuple[int, int]) -> Control | None:
        for row in self.rows:
            for control in row:
                if control.enabled and control.rect.collidepoint(pos):
                    return control
        return None

    def draw(self, surface: pygame.Surface, theme: Theme, fonts: Fonts) -> None:
        focused = self.focused
        for control in self.controls:
            control.draw(surface, theme, fonts, control is focused)


# ----------------------------------------------------------------------------- scrolling
class ScrollView:
    """A vertical window onto content taller than it: wheel, keys, and a draggable bar."""

    def __init__(self) -> None:
        self.viewport = pygame.Rect(0, 0, 0, 0)
        self.content_height = 0
        self.offset = 0
        self.line = 24  # px scrolled by one line step
        self._drag: tuple[int, int] | None = None  # (mouse y, offset) when the drag began

    @property
    def max_offset(self) -> int:
        return max(0, self.content_height - self.viewport.height)

    def set_content(self, viewport: pygame.Rect, content_height: int, line: int) -> None:
        """Keep the same fraction scrolled when the window changes size."""
        fraction = self.offset / self.max_offset if self.max_offset else 0.0
        self.viewport = pygame.Rect(viewport)
        self.content_height = content_height
        self.line = max(1, line)
        self.offset = round(fraction * self.max_offset)

    def scroll_to(self, offset: float) -> bool:
        new = max(0, min(self.max_offset, round(offset)))
        changed = new != self.offset
        self.offset = new
        return changed

    def scroll_by(self, dy: float) -> bool:
        return self.scroll_to(self.offset + dy)

    @property
    def page(self) -> int:
        return max(self.line, self.viewport.height - 2 * self.line)

    @property
    def bar(self) -> pygame.Rect:
        """The scrollbar's track, at the viewport's right edge."""
        w = max(6, self.line // 2)
        return pygame.Rect(self.viewport.right + w // 2, self.viewport.top, w, self.viewport.height)

    @property
    def thumb(self) -> pygame.Rect:
        track = self.bar
        if not self.content_height:
            return track
        h = max(track.width * 2, track.height * self.viewport.height // self.content_height)
        h = min(h, track.height)
        y = track.top + (track.height - h) * (
            self.offset / self.max_offset if self.max_offset else 0
        )
        return pygame.Rect(track.left, round(y), track.width, h)

    def handle(self, event: pygame.event.Event, intent: str | None) -> bool:
        """Wheel, Up/Down, PageUp/PageDown, Home/End and the scrollbar; True if used."""
        if event.type == pygame.MOUSEWHEEL:
            return self.scroll_by(-event.y * self.line * WHEEL_LINES) or True
        if event.type == pygame.KEYDOWN:
            if intent in ("up", "down"):
                self.scroll_by(self.line if intent == "down" else -self.line)
                return True
            keys = {
                pygame.K_PAGEUP: -self.page,
                pygame.K_PAGEDOWN: self.page,
                pygame.K_HOME: -self.content_height,
                pygame.K_END: self.content_height,
            }
            if event.key in keys:
                self.scroll_by(keys[event.key])
                return True
            return False
        if not self.max_offset:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.thumb.collidepoint(event.pos):
                self._drag = (event.pos[1], self.offset)
                return True
            if self.bar.inflate(self.bar.width, 0).collidepoint(event.pos):
                self.scroll_by(self.page if event.pos[1] > self.thumb.centery else -self.page)
                return True
        elif event.type == pygame.MOUSEMOTION and self._drag is not None:
            y0, offset0 = self._drag
            travel = max(1, self.bar.height - self.thumb.height)
            self.scroll_to(offset0 + (event.pos[1] - y0) * self.max_offset / travel)
            return True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._drag:
            self._drag = None
            return True
        return False

    def draw_bar(self, surface: pygame.Surface, theme: Theme) -> None:
        if not self.max_offset:
            return
        track, thumb = self.bar, self.thumb
        radius = track.width // 2
        pygame.draw.rect(surface, theme.panel_alt, track, 0, radius)
        pygame.draw.rect(surface, theme.panel_edge, thumb, 0, radius)
