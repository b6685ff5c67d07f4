"""The table's keyboard focus: what can have it and how the arrows and Tab move it.

A target is a typed value: a die (`DieTarget`), one of the buttons (`ButtonTarget`) or a box
of the scorecard (`BoxTarget`), held in the one focus model (game.ui.focus_grid.FocusGrid)
as two rows: the dice and buttons, then the open boxes. Left/Right go round the first row,
Up/Down round the boxes, Tab round everything; the mouse's hover moves the same focus, so
every control works both ways. A letter jumps to the open boxes whose names start with it
(`box_by_letter`), round them when several do.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from game.i18n import translate
from game.rules import Category, GameState
from game.ui.focus_grid import FocusGrid

ButtonName = Literal["roll", "hint", "undo", "menu"]
BUTTONS: tuple[ButtonName, ...] = ("roll", "hint", "undo", "menu")


@dataclass(frozen=True)
class DieTarget:
    index: int  # 0..4, left to right


@dataclass(frozen=True)
class ButtonTarget:
    name: ButtonName


@dataclass(frozen=True)
class BoxTarget:
    category: Category


Target = DieTarget | ButtonTarget | BoxTarget
HOME = ButtonTarget("roll")  # where the focus goes when a turn starts


def open_boxes(state: GameState) -> list[Category]:
    """The boxes this roll may be scored in, in card order (with forced order: the next)."""
    return sorted(state.score_options(), key=state.config.card.index)


def rows(state: GameState) -> list[list[Target]]:
    """What may have the focus now, in Tab order: dice in play and buttons, open boxes."""
    dice: list[Target] = []
    if state.dice is not None and state.rolls_left > 0:
        dice = [DieTarget(i) for i in range(5)]
    buttons: list[Target] = [ButtonTarget(name) for name in BUTTONS]
    return [dice + buttons, [BoxTarget(c) for c in open_boxes(state)]]


def targets(state: GameState) -> list[Target]:
    return [target for row in rows(state) for target in row]


def grid() -> FocusGrid[Target]:
    """A focus over the table's targets (each its own key), on the Roll button."""
    return FocusGrid([[HOME]], key=lambda target: target)


def retarget(focus: FocusGrid[Target], state: GameState, to: Target | None = None) -> bool:
    """The targets of `state`, the focus on `to` (by default the one it has); False, and
    nothing focused, if that is not among them."""
    to = focus.focused if to is None else to
    focus.set_rows(rows(state))
    if focus.focus_key(to):
        return True
    focus.blur()
    return False


def move(
    focus: FocusGrid[Target], state: GameState, step: int, kinds: tuple[type, ...] | None
) -> None:
    """`step` places on among the targets of `kinds` (all when None); from a target that is
    gone or of another kind, to their first or last. Nothing moves if there are none."""
    among = [t for t in targets(state) if kinds is None or isinstance(t, kinds)]
    if not among:
        return  # even a focus left on a target that is gone stays where it is
    retarget(focus, state)
    focus.move_linear(step, lambda target: kinds is None or isinstance(target, kinds))


def box_by_letter(state: GameState, letter: str, focused: Target | None) -> BoxTarget | None:
    """The open box after `focused`, in card order, whose name (as shown, in the language in
    use) starts with `letter` ("t": Twos, Threes, Three of a Kind, then Twos again); None if
    no open box does."""
    card = state.config.card
    named = [(c, translate(card.label(c)).casefold()) for c in open_boxes(state)]
    boxes = [c for c, name in named if name.startswith(letter)]
    if not boxes:
        return None
    place = card.index
    after = boxes
    if isinstance(focused, BoxTarget) and focused.category in boxes:
        after = [c for c in boxes if place(c) > place(focused.category)]
    return BoxTarget((after or boxes)[0])


def filled_box_by_letter(state: GameState, letter: str) -> Category | None:
    """The first filled box of the card in play whose name starts with `letter` (said when
    a letter finds no open box: the box is there, written already)."""
    card, written = state.config.card, state.cards[state.column]
    for category in card.boxes:
        if written[category] is not None and translate(card.label(category)).casefold().startswith(
            letter
        ):
            return category
    return None
