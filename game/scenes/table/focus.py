"""The table's keyboard focus: what can have it and how the arrows and Tab move it.

A focus is ("die", index), ("button", name) or ("box", Category); the mouse's hover moves
the same focus, so every control works both ways.
"""

from __future__ import annotations

from game.rules import Category, GameState

BUTTONS = ("roll", "hint", "undo", "menu")
HOME = ("button", "roll")  # where the focus goes when a turn starts


def open_boxes(state: GameState) -> list[Category]:
    return sorted(state.score_options(), key=lambda c: c.value)


def targets(state: GameState) -> list[tuple]:
    """What may have the focus now, in Tab order: dice in play, buttons, open boxes."""
    found: list[tuple] = []
    if state.dice is not None and state.rolls_left > 0:
        found += [("die", i) for i in range(5)]
    found += [("button", name) for name in BUTTONS]
    found += [("box", c) for c in open_boxes(state)]
    return found


def moved(focus: tuple, state: GameState, step: int, kinds: tuple[str, ...] | None) -> tuple:
    """The focus `step` places on among the targets of `kinds` (all when None)."""
    among = [t for t in targets(state) if kinds is None or t[0] in kinds]
    if not among:
        return focus
    if focus in among:
        return among[(among.index(focus) + step) % len(among)]
    return among[0 if step > 0 else -1]
