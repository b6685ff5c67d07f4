"""The table's input, region by region: each part of the table says what of it lies under
the pointer and takes the keys that are its own, and the table tries them in one declared
order (REGION_ORDER in game.scenes.table.scene), before its own keys (the focus, reading
aloud).

    the dice        a die under the pointer, on the felt or in the hold row; 1-5 hold or
                    release a die
    the buttons     the cup (it rolls, as the Roll button does) and the buttons; the keys
                    of Roll, Undo and Hint
    the card        an open box of the player's column; Up and Down over the open boxes

A region holds the parts it reads and the table's actions it calls, nothing of the scene
itself (the scene imports this module).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from game.scenes.table import focus
from game.scenes.table.focus import BoxTarget, ButtonName, ButtonTarget, DieTarget, Target
from game.ui.input import Intent

if TYPE_CHECKING:
    from game.match.session import Session
    from game.ui.dice_tray import DiceTray
    from game.ui.layout import TableLayout
    from game.ui.scorecard_view import ScorecardView

Pos = tuple[int, int]
HOLD_KEYS = (Intent.HOLD_1, Intent.HOLD_2, Intent.HOLD_3, Intent.HOLD_4, Intent.HOLD_5)  # die 1-5
BUTTON_KEYS: dict[Intent, ButtonName] = {
    Intent.ROLL: "roll",
    Intent.UNDO: "undo",
    Intent.HINT: "hint",
}


class Region(Protocol):
    """A part of the table that takes input."""

    def target_at(self, pos: Pos) -> Target | None:
        """What of it is under the pointer, if anything."""
        ...

    def key(self, intent: Intent) -> bool:
        """Act on `intent` if it is one of this region's; True if it was."""
        ...


@dataclass(frozen=True)
class DiceRegion:
    """The dice, wherever they lie: on the felt or in the hold row."""

    tray: DiceTray
    toggle: Callable[[int], None]  # hold or release die i (refused with the reason)

    def target_at(self, pos: Pos) -> Target | None:
        die = self.tray.die_at(pos)
        return None if die is None else DieTarget(die)

    def key(self, intent: Intent) -> bool:
        if intent not in HOLD_KEYS:
            return False
        self.toggle(HOLD_KEYS.index(intent))
        return True


@dataclass(frozen=True)
class ButtonsRegion:
    """The cup and the buttons beside the tray."""

    lay: TableLayout
    press: Callable[[ButtonName], None]

    def target_at(self, pos: Pos) -> Target | None:
        if self.lay.cup_rect.collidepoint(pos):
            return focus.HOME  # the cup rolls, as the Roll button does
        for name in focus.BUTTONS:
            rect = self.lay.buttons.get(name)
            if rect is not None and rect.collidepoint(pos):
                return ButtonTarget(name)
        return None

    def key(self, intent: Intent) -> bool:
        name = BUTTON_KEYS.get(intent)
        if name is None:
            return False
        self.press(name)
        return True


@dataclass(frozen=True)
class CardRegion:
    """The scorecard: the boxes of the column in play."""

    card_view: ScorecardView
    session: Session
    move: Callable[[int, tuple[type, ...]], None]  # the focus `step` boxes on

    def target_at(self, pos: Pos) -> Target | None:
        box = self.card_view.box_at(pos)
        if box is not None and box[0] == self.session.state.column:
            return BoxTarget(box[1])
        return None

    def key(self, intent: Intent) -> bool:
        if intent not in (Intent.UP, Intent.DOWN):
            return False
        self.move(-1 if intent is Intent.UP else 1, (BoxTarget,))
        return True
