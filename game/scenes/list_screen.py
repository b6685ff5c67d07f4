"""What a list screen is, for the scenes that are one (the history's games, the statistics'
profiles, the review's players): things to move over, choose and act on, after Tuxemon's
`Menu(Generic[T])` and Textual's `OptionList`.

The base owns the choice (which item is chosen, stepping and paging it, clamped or coming
round), the scrolled view, the ring of buttons at the foot with their letters, what is under
the pointer (typed: an item's `Row`, a page's `Tab`, or the control itself, never a bare
string or number) and the whole of the input: hover and click (a double click opens a row
where the screen allows it), the wheel and the scroll bar, the menu keys and a pad's, Page
Up/Down and Home/End, the buttons' letters, Esc. A key does the first of these that takes it:

1. back (Esc, Backspace, the pause key), unless it is a letter a button shows;
2. the screen's own keys (`screen_key`: a page's letter, Delete, `[` and `]`), then help (F1);
3. the keys that step the choice (`step_keys`), then, where `pages_step`, the page keys;
4. the keys that move the focus over the buttons (`focus_keys`), confirm (`confirm`);
5. a button's letter; then the view scrolls (lines, pages) if the key is one of its.

A screen supplies its items (`items`), where their rows are on the screen (`row_rects`, for
the pointer), its other controls (`control_at`), what follows a new choice
(`choice_changed`, `reveal_choice`) and its actions (`open` for a double click, `confirm`,
`screen_key`); it lays out and draws its rows itself (its layout and draw modules), as it
always has: the base hit-tests and routes, it draws nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Generic, TypeVar

import pygame

from game.scenes.base import Scene
from game.ui.forms import Cycler
from game.ui.input import Intent, is_back, is_confirm, is_press, menu_letter
from game.ui.scroll import ScrollView
from game.ui.widgets import Button, FocusRing

if TYPE_CHECKING:
    from game.scenes.context import Context

T = TypeVar("T")

PAGE_KEYS = (pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_HOME, pygame.K_END)


@dataclass(frozen=True, slots=True)
class Row:
    """An item's row: its index among the screen's items."""

    index: int


@dataclass(frozen=True, slots=True)
class Tab:
    """A page's tab (the statistics' Players and High scores)."""

    page: str


#: What is under the pointer: an item's row, a page's tab, or the control itself.
Hit = Row | Tab | Button | Cycler


class ListScreen(Scene, Generic[T]):
    """A screen of items to move over, choose and act on (see the module's docstring)."""

    #: The intents that step the choice, and by how much.
    step_keys: ClassVar[Mapping[Intent, int]] = {Intent.UP: -1, Intent.DOWN: 1}
    #: The intents that move the focus over the buttons, and which way.
    focus_keys: ClassVar[Mapping[Intent, int]] = {
        Intent.LEFT: -1,
        Intent.FOCUS_PREV: -1,
        Intent.RIGHT: 1,
        Intent.FOCUS_NEXT: 1,
    }
    pages_step: ClassVar[bool] = False  # Page Up/Down, Home/End move the choice (else scroll)
    wraps: ClassVar[bool] = False  # a step past either end comes round
    double_click: ClassVar[float] = 0.0  # s: a second click on a row this soon opens it

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.selected = 0  # the chosen item's index
        self.scroll = ScrollView()
        self.ring = FocusRing()  # the buttons (none: the screen has no ring)
        self.shortcuts: dict[str, Button] = {}  # the buttons' letters (widgets.letter_shortcuts)
        self.hover: Hit | None = None  # what is under the pointer
        self._clicked = -1  # the row clicked last, for a double click
        self._click_left = 0.0  # s in which a click on it is a double click

    # ----------------------------------------------------------------- what a screen supplies
    def items(self) -> Sequence[T]:
        """The items, in the order they are stepped through."""
        raise NotImplementedError

    def row_rects(self) -> Iterable[tuple[int, pygame.Rect]]:
        """(item index, its rect on the screen) of the rows the pointer can reach now."""
        return ()

    def control_at(self, pos: tuple[int, int]) -> Hit | None:
        """The screen's control under `pos`, before its rows: a tab, a chooser, a lone button
        (the ring's buttons are the ring's)."""
        return None

    def choice_changed(self) -> None:
        """The choice moved to another item: show it."""

    def reveal_choice(self) -> None:
        """Bring the chosen row into view (after every step, even one that stays put)."""

    def open(self, item: T) -> None:
        """A double click on an item's row (where `double_click` allows one)."""

    def confirm(self) -> None:
        """Enter (a pad's A): press the focused button."""
        self.ring.press()

    def close(self) -> None:
        self.ctx.stack.pop()

    def screen_key(self, event: pygame.event.Event, intent: Intent | None, letter: str) -> bool:
        """A key of the screen's own, tried after back and before the rest; True if used."""
        return False

    def shows_letter(self, letter: str) -> bool:
        """Whether `letter` is shown on a control here (it then does that control's job, before
        the pause key's)."""
        return bool(letter) and letter in self.shortcuts

    def page_rows(self) -> int:
        """Items a Page Up or Down steps, where `pages_step`."""
        return 1

    def wheel_steps(self) -> bool:
        """Whether the wheel walks the items now (the pointer over the list), not the view."""
        return False

    def show_tab(self, page: str) -> None:
        """A click on a page's tab."""

    # ----------------------------------------------------------------- the choice
    @property
    def chosen(self) -> T | None:
        items = self.items()
        return items[self.selected] if items else None

    def select(self, index: int) -> None:
        """Choose the item at `index` (kept within the items, or brought round)."""
        count = len(self.items())
        if not count:
            return
        index = index % count if self.wraps else max(0, min(index, count - 1))
        if index != self.selected:
            self.selected = index
            self.choice_changed()
        self.reveal_choice()

    # ----------------------------------------------------------------- time
    def update(self, dt: float) -> None:
        self._click_left = max(0.0, self._click_left - dt)

    @property
    def animating(self) -> bool:
        return self._click_left > 0  # the loop keeps time while a double click may come

    # ----------------------------------------------------------------- input
    def target_at(self, pos: tuple[int, int]) -> Hit | None:
        """What is under `pos`: a control of the screen's, else an item's row."""
        control = self.control_at(pos)
        if control is not None:
            return control
        for index, rect in self.row_rects():
            if rect.collidepoint(pos):
                return Row(index)
        return None

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            before, self.hover = self.hover, self.target_at(event.pos)
            moved = self.ring.handle_mouse(event)
            return self.scroll.handle(event, None) or moved or self.hover != before
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._click(event)
        if event.type == pygame.MOUSEWHEEL and self.wheel_steps():
            self.select(self.selected - event.y)
            return True
        if is_press(event):
            return self._press(event)
        return self.scroll.handle(event, None)  # the wheel, the scroll bar let go

    def _click(self, event: pygame.event.Event) -> bool:
        if self.ring.handle_mouse(event):
            return True
        target = self.target_at(event.pos)
        match target:
            case Row(index):
                self._click_row(index)
            case Tab(page):
                self.show_tab(page)
            case Button():
                target.on_press()
            case Cycler():
                return target.click(event.pos)
            case None:
                return self.scroll.handle(event, None)
        return True

    def _click_row(self, index: int) -> None:
        double = self._clicked == index and self._click_left > 0
        self._clicked, self._click_left = index, 0.0 if double else self.double_click
        self.select(index)
        chosen = self.chosen
        if double and chosen is not None:
            self.open(chosen)

    def _press(self, event: pygame.event.Event) -> bool:
        intent = self.ctx.input.menu_intent(event)
        letter = menu_letter(event)
        step = self.step_keys.get(intent, 0) if intent is not None else 0
        move = self.focus_keys.get(intent, 0) if intent is not None else 0
        if is_back(intent) and not self.shows_letter(letter):
            self.close()
        elif self.screen_key(event, intent, letter):
            pass
        elif intent is Intent.HELP:
            self.ctx.nav.help()
        elif step:
            self.select(self.selected + step)
        elif self.pages_step and event.key in PAGE_KEYS:
            self.select(self.selected + self._page_step(event.key))
        elif move:
            self.ring.move_linear(move)
        elif is_confirm(intent):
            self.confirm()
        elif not self.ring.press_shortcut(self.shortcuts, letter):
            return self.scroll.handle(event, intent)
        return True

    def _page_step(self, key: int) -> int:
        page, count = self.page_rows(), len(self.items())
        return {pygame.K_PAGEUP: -page, pygame.K_PAGEDOWN: page, pygame.K_HOME: -count}.get(
            key, count
        )
