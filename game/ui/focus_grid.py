"""Keyboard focus over rows of form controls, moved in two dimensions by the arrows and in
reading order by Tab. The mouse hover moves the same focus (the scene calls `focus`)."""

from __future__ import annotations

import pygame

from game.ui.fonts import Fonts
from game.ui.forms import Control, TextField
from game.ui.theme import Theme


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
