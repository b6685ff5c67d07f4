"""The one focus model: FocusGrid's movement, a button menu as its one-row case."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.ui.focus_grid import FocusGrid
from game.ui.input import Intent
from game.ui.widgets import Button, FocusRing
from tests.driver import key


@dataclass(eq=False)
class Item:
    key: str
    enabled: bool = True


def grid_of(*rows: str, disabled: str = "") -> FocusGrid:
    return FocusGrid([[Item(k, k not in disabled) for k in row] for row in rows])


def keys(grid: FocusGrid, step: int, times: int, among=None) -> list[str]:
    seen = []
    for _ in range(times):
        grid.move_linear(step, among)
        seen.append(grid.focused.key)
    return seen


def test_tab_goes_round_every_enabled_target_in_reading_order():
    grid = grid_of("abc", "de", disabled="c")
    assert keys(grid, 1, 5) == ["b", "d", "e", "a", "b"]
    assert keys(grid, -1, 3) == ["a", "e", "d"]


def test_a_restricted_move_goes_round_its_targets_and_enters_at_an_end():
    vowels = lambda item: item.key in "aeiou"  # noqa: E731
    grid = grid_of("abcde", "fghi")
    grid.focus_key("c")  # not a vowel: the first step goes to the first or the last vowel
    assert keys(grid, 1, 4, vowels) == ["a", "e", "i", "a"]
    grid.focus_key("c")
    assert keys(grid, -1, 2, vowels) == ["i", "e"]


def test_with_nothing_focused_a_move_starts_at_an_end_and_new_rows_keep_it_so():
    grid = grid_of("abc")
    grid.blur()
    assert grid.focused is None
    grid.set_rows([[Item("x"), Item("y")]])
    assert grid.focused is None
    grid.move_linear(-1)
    assert grid.focused.key == "y"


def test_focus_key_uses_the_grids_key_and_skips_a_disabled_target():
    grid = FocusGrid([[("die", 0), ("button", "roll")]], key=lambda target: target)
    assert grid.focus_key(("button", "roll")) and grid.focused == ("button", "roll")
    grid = grid_of("ab", disabled="b")
    assert not grid.focus_key("b") and grid.focused.key == "a"


def test_the_same_field_twice_is_two_places():
    twin = Item("t")
    other = Item("t")  # equal fields, another control
    grid = FocusGrid([[twin, other]])
    grid.focus(other)
    assert (grid.row, grid.col) == (0, 1)


def buttons(*labels: str, disabled: str = "") -> list[Button]:
    return [Button(label, lambda: None, enabled=label not in disabled) for label in labels]


def test_a_button_ring_is_the_one_row_case_and_skips_disabled_buttons():
    ring = FocusRing(buttons("New", "Continue", "Quit", disabled="Continue"))
    assert isinstance(ring, FocusGrid) and len(ring.rows) == 1
    down = key(pygame.K_DOWN)
    labels = []
    for intent in (Intent.DOWN, Intent.DOWN, Intent.UP, Intent.LEFT):
        ring.handle_key(down, intent)
        labels.append(ring.focused.label)
    assert labels == ["Quit", "New", "Quit", "New"]


def test_new_buttons_keep_the_focused_label_or_go_to_the_first_enabled():
    ring = FocusRing(buttons("A", "B", "C"))
    ring.move_linear(2)
    ring.set(buttons("C", "A", "B"))
    assert ring.focused.label == "C"
    ring.set(buttons("X", "Y", disabled="X"))
    assert ring.focused.label == "Y"
    ring.set(buttons("Y", "Z"), keep=False)
    assert ring.focused.label == "Y"
