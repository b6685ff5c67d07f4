"""The table's keyboard focus: what can have it and how the arrows and Tab move it.

A target is ("die", index), ("button", name) or ("box", Category), held in the one focus
model (game.ui.focus_grid.FocusGrid) as two rows: the dice and buttons, then the open boxes.
Left/Right go round the first row, Up/Down round the boxes, Tab round everything; the
mouse's hover moves the same focus, so every control works both ways. A letter jumps to the
open boxes whose names start with it (`box_by_letter`), round them when several do.
"""

from __future__ import annotations

from game.i18n import translate
from game.rules import Category, GameState
from game.ui.focus_grid import FocusGrid

BUTTONS = ("roll", "hint", "undo", "menu")
HOME = ("button", "roll")  # where the focus goes when a turn starts


def open_boxes(state: GameState) -> list[Category]:
    """The boxes this roll may be scored in, in card order (with forced order: the next)."""
    return sorted(state.score_options(), key=state.config.card.index)


def rows(state: GameState) -> list[list[tuple]]:
    """What may have the focus now, in Tab order: dice in play and buttons, open boxes."""
    dice = [("die", i) for i in range(5)] if state.dice is not None and state.rolls_left > 0 else []
    return [dice + [("button", name) for name in BUTTONS], [("box", c) for c in open_boxes(state)]]


def targets(state: GameState) -> list[tuple]:
    return [target for row in rows(state) for target in row]


def grid() -> FocusGrid:
    """A focus over the table's targets (each its own key), on the Roll button."""
    return FocusGrid([[HOME]], key=lambda target: target)


def retarget(focus: FocusGrid, state: GameState, to: tuple | None = None) -> bool:
    """The targets of `state`, the focus on `to` (by default the one it has); False, and
    nothing focused, if that is not among them."""
    to = focus.focused if to is None else to
    focus.set_rows(rows(state))
    if focus.focus_key(to):
        return True
    focus.blur()
    return False


def move(focus: FocusGrid, state: GameState, step: int, kinds: tuple[str, ...] | None) -> None:
    """`step` places on among the targets of `kinds` (all when None); from a target that is
    gone or of another kind, to their first or last. Nothing moves if there are none."""
    among = [t for t in targets(state) if kinds is None or t[0] in kinds]
    if not among:
        return  # even a focus left on a target that is gone stays where it is
    retarget(focus, state)
    focus.move_linear(step, lambda target: kinds is None or target[0] in kinds)


def box_by_letter(state: GameState, letter: str, focused: tuple | None) -> tuple | None:
    """The open box after `focused`, in card order, whose name (as shown, in the language in
    use) starts with `letter` ("t": Twos, Threes, Three of a Kind, then Twos again); None if
    no open box does."""
    card = state.config.card
    named = [(c, translate(card.label(c)).casefold()) for c in open_boxes(state)]
    boxes = [("box", c) for c, name in named if name.startswith(letter)]
    if not boxes:
        return None
    place = card.index
    after = [b for b in boxes if focused in boxes and place(b[1]) > place(focused[1])]
    return (after or boxes)[0]
