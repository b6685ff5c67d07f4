"""The one keyboard focus model: rows of targets, moved in two dimensions by the arrows and
in reading order by Tab, as pygame_gui keeps a single focus. A button menu is a grid of one
row (widgets.FocusRing), a form is rows of controls (setup, settings), the table's targets
are dice, buttons and boxes (scenes/table/focus.py). The mouse hover moves the same focus
(the scene calls `focus`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, Protocol, TypeVar

import pygame

from game.ui.fonts import Fonts
from game.ui.theme import Theme

T = TypeVar("T")
# A target is duck-typed: T is unbounded (a form's controls, the table's typed targets, plain
# tuples), and what the grid asks of one it may lack (a `rect` to move by and find under the
# pointer, `draw`, a text field's `selected`). The few `Any` locals below are those asks.


def _key_of(target: object) -> object:
    return getattr(target, "key", None)


def _enabled(target: object) -> bool:
    return bool(getattr(target, "enabled", True))  # no `enabled` (a tuple): always enabled


class FocusView(Protocol):
    """What is read of a grid's focus: a grid of any kind of target is one."""

    @property
    def focused(self) -> object: ...

    def position(self) -> tuple[int, int] | None: ...


class FocusGrid(Generic[T]):
    """Keyboard focus over rows of targets (T: controls, or the table's typed targets).
    Up/Down go to the nearest target in the row above or below, Left/Right along a row,
    Tab through every target in reading order.
    `key` names a target for `focus_key` (controls' `key` by default). Nothing may have the
    focus (after `blur`); the next linear move then starts at the first or last target."""

    def __init__(
        self, rows: list[list[T]] | None = None, key: Callable[[T], object] = _key_of
    ) -> None:
        self.rows: list[list[T]] = [list(row) for row in rows or [] if row]
        self.row = 0
        self.col = 0
        self.key = key
        self.changed_by_keyboard = False

    @property
    def controls(self) -> list[T]:
        return [c for row in self.rows for c in row]

    @property
    def focused(self) -> T | None:
        if not 0 <= self.row < len(self.rows):
            return None
        row = self.rows[self.row]
        return row[self.col] if 0 <= self.col < len(row) else None

    def has_focus(self, control: object) -> bool:
        """Whether `control` is the one focused (a test that leaves its type alone)."""
        return self.focused is control

    def set_rows(self, rows: list[list[T]], focus_key: object = None) -> None:
        """New targets; the focus goes to the one with `focus_key`, else stays in place."""
        self.rows = [list(row) for row in rows if row]
        if focus_key is not None and self.focus_key(focus_key):
            return
        if self.row < 0:
            return  # nothing had the focus, and nothing has it now
        self.row = min(self.row, max(0, len(self.rows) - 1))
        if self.rows:
            self.col = min(self.col, len(self.rows[self.row]) - 1)
            if not _enabled(self.focused):
                self.move_linear(1)

    def focus_key(self, key: object) -> bool:
        for r, row in enumerate(self.rows):
            for c, control in enumerate(row):
                if self.key(control) == key and _enabled(control):
                    self._set(r, c, keyboard=False)
                    return True
        return False

    def focus(self, control: T, keyboard: bool = False) -> None:
        for r, row in enumerate(self.rows):
            for c, other in enumerate(row):
                if other is control:
                    self._set(r, c, keyboard)
                    return

    def blur(self) -> None:
        """Nothing has the focus."""
        self.row = self.col = -1

    def _set(self, row: int, col: int, keyboard: bool) -> None:
        moved = (row, col) != (self.row, self.col)
        self.row, self.col = row, col
        control: Any = self.focused
        # A text field selects its text when the keyboard moves onto it (forms.TextField).
        if control is not None and hasattr(control, "selected") and (moved or keyboard):
            control.selected = keyboard and bool(control.get())

    def move_vertical(self, step: int) -> None:
        """To the nearest target (by its `rect`) in the row above or below."""
        current: Any = self.focused
        if current is None:
            return
        x = current.rect.centerx
        r = self.row
        for _ in range(len(self.rows)):
            r = (r + step) % len(self.rows)
            choices: list[tuple[int, Any]] = [
                (i, c) for i, c in enumerate(self.rows[r]) if _enabled(c)
            ]
            if choices:
                col = min(choices, key=lambda ic: abs(ic[1].rect.centerx - x))[0]
                self._set(r, col, keyboard=True)
                return

    def move_horizontal(self, step: int) -> bool:
        """Along the row; False at its end (the focus stays)."""
        row = self.rows[self.row] if 0 <= self.row < len(self.rows) else []
        c = self.col + step
        while 0 <= c < len(row):
            if _enabled(row[c]):
                self._set(self.row, c, keyboard=True)
                return True
            c += step
        return False

    def position(self) -> tuple[int, int] | None:
        """(the focused target's place, 1-based, among the enabled ones; their count)."""
        enabled = [c for c in self.controls if _enabled(c)]
        focused = self.focused
        if focused is None or focused not in enabled:
            return None
        return enabled.index(focused) + 1, len(enabled)

    def move_linear(self, step: int, among: Callable[[T], bool] | None = None) -> None:
        """`step` places on in reading order, round the end, over the enabled targets that
        pass `among` (all when None); from a target outside them, to their first or last."""
        flat = [
            (r, c)
            for r, row in enumerate(self.rows)
            for c, target in enumerate(row)
            if among is None or among(target)
        ]
        if not flat:
            return
        if (self.row, self.col) in flat:
            i = flat.index((self.row, self.col))
        else:
            i = -1 if step > 0 else len(flat)  # so the first step lands on the first or last
        for _ in range(len(flat)):
            i = (i + step) % len(flat)
            r, c = flat[i]
            if _enabled(self.rows[r][c]):
                self._set(r, c, keyboard=True)
                return

    def at(self, pos: tuple[int, int]) -> T | None:
        """The enabled control (one with a `rect`) at `pos`."""
        for row in self.rows:
            for control in row:
                shown: Any = control
                if _enabled(control) and shown.rect.collidepoint(pos):
                    return control
        return None

    def draw(self, surface: pygame.Surface, theme: Theme, fonts: Fonts) -> None:
        """Each control (one that draws itself) with the focus on one."""
        focused = self.focused
        for control in self.controls:
            shown: Any = control
            shown.draw(surface, theme, fonts, control is focused)
