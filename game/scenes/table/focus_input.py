"""The table's focus and pointer: what has the keyboard focus (a die, a button or a box),
how it moves, and what the pointer and the keys find in the table's regions (regions.py);
a target used. A part of the table scene (scene.py), apart from its actions and its time:
the scene supplies the session, the board's parts, the voice and the actions a target takes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.rules import Category
from game.scenes.table import focus
from game.scenes.table.focus import BoxTarget, ButtonName, ButtonTarget, DieTarget, Target
from game.scenes.table.regions import ButtonsRegion, CardRegion, DiceRegion, Pos, Region
from game.speech import Told
from game.ui.input import READ_INTENTS, Intent, is_confirm

if TYPE_CHECKING:
    from game.match.session import Session
    from game.scenes.context import Context
    from game.scenes.table.voice import TableVoice
    from game.ui.dice_tray import DiceTray
    from game.ui.focus_grid import FocusGrid
    from game.ui.layout import TableLayout
    from game.ui.scorecard_view import ScorecardView


class FocusAndPointer:
    """The table scene's focus over its targets and its pointer (a base of TableScene)."""

    ctx: Context
    session: Session
    grid: FocusGrid[Target]  # the keyboard focus over dice, buttons and boxes
    voice: TableVoice
    quiet_focus: Target | None  # where the game (not the player) put it

    if TYPE_CHECKING:  # the scene's, for the regions and the targets' actions

        @property
        def tray(self) -> DiceTray: ...
        @property
        def card_view(self) -> ScorecardView: ...
        @property
        def lay(self) -> TableLayout: ...
        def toggle_die(self, die: int) -> None: ...
        def press(self, name: ButtonName) -> None: ...
        def score(self, category: Category) -> None: ...

    def _open_boxes(self) -> list[Category]:
        return focus.open_boxes(self.session.state)

    @property
    def focus(self) -> Target | None:
        """What has the keyboard focus: a die, a button or a box (None only while the focus
        moves: the table always ends on one, HOME at least)."""
        return self.grid.focused

    def focus_on(self, target: Target, quiet: bool = False) -> None:
        """Give `target` the focus, if the state now offers it; `quiet`: the game moves it
        (a new turn), not the player, so speech does not say it."""
        before = self.focus
        state = self.session.state
        for to in (target, before, focus.HOME):  # the last always is
            if focus.retarget(self.grid, state, to):
                break
        self.quiet_focus = self.focus if quiet else None

    def _fix_focus(self) -> None:
        if not focus.retarget(self.grid, self.session.state):
            self.focus_on(focus.HOME, quiet=True)

    def _move_focus(self, step: int, kinds: tuple[type, ...] | None = None) -> None:
        before = self.focus
        focus.move(self.grid, self.session.state, step, kinds)
        self.quiet_focus = None
        if before is not None and self.focus == before:  # the only one of its kind: said
            self.ctx.speech.say(self.voice.focus(before, self.ctx.speech.full), Told.FOCUS)

    @property
    def regions(self) -> tuple[Region, ...]:
        """The table's regions, in the order the pointer and the keys try them."""
        return (
            DiceRegion(self.tray, self.toggle_die),
            ButtonsRegion(self.lay, self.press),
            CardRegion(self.card_view, self.session, self._move_focus),
        )

    def _pointer(self, event: pygame.event.Event, intent: Intent | None) -> bool | None:
        """The pointer over a region's target moves the focus there; a click uses it."""
        if event.type == pygame.MOUSEMOTION:
            return self._hover(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._click(event.pos)
        return None

    def _keys(self, event: pygame.event.Event, intent: Intent | None) -> bool | None:
        """A region's own key, else the table's: the focus moved or used, a line read."""
        if intent is None:
            return False
        return any(region.key(intent) for region in self.regions) or self._focus_key(intent)

    def _focus_key(self, intent: Intent) -> bool:
        if intent in (Intent.LEFT, Intent.RIGHT):
            self._move_focus(-1 if intent is Intent.LEFT else 1, (DieTarget, ButtonTarget))
        elif intent in (Intent.FOCUS_NEXT, Intent.FOCUS_PREV):
            self._move_focus(1 if intent is Intent.FOCUS_NEXT else -1)
        elif is_confirm(intent) and self.focus is not None:
            self.activate(self.focus)
        elif intent in (Intent.CARD_UP, Intent.CARD_DOWN):
            step = -1 if intent is Intent.CARD_UP else 1
            self.ctx.speech.say(self.voice.card_line(step, self.ctx.speech.full))
        elif intent in READ_INTENTS:
            self.ctx.speech.say(self.voice.read(intent, self.focus))
        else:
            return False
        return True

    def _target_at(self, pos: Pos) -> Target | None:
        for region in self.regions:
            target = region.target_at(pos)
            if target is not None:
                return target
        return None

    def _hover(self, pos: Pos) -> bool:
        target = self._target_at(pos)
        targets = focus.targets(self.session.state)
        if target is not None and target in targets and target != self.focus:
            self.focus_on(target)
            return True
        return False

    def _click(self, pos: Pos) -> bool:
        target = self._target_at(pos)
        if target is None:
            return False
        self.activate(target)
        return True

    def activate(self, target: Target) -> None:
        match target:
            case DieTarget(index):
                self.toggle_die(index)
            case ButtonTarget(name):
                self.press(name)
            case BoxTarget(category):
                self.score(category)
