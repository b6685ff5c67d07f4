"""Dice values: validation and face counts. Five six-sided dice."""

from __future__ import annotations

from collections.abc import Sequence

DICE_COUNT = 5
FACES = (1, 2, 3, 4, 5, 6)
_FACE_SET = frozenset(FACES)


def check_dice(dice: Sequence[int]) -> tuple[int, ...]:
    """Return the dice as a tuple, or raise ValueError saying what is wrong.

    >>> check_dice([6, 1, 3, 3, 2])
    (6, 1, 3, 3, 2)
    >>> check_dice([1, 2, 3])
    Traceback (most recent call last):
    ...
    ValueError: five dice are needed, got 3
    """
    if (
        type(dice) is tuple
        and len(dice) == DICE_COUNT
        and all(type(d) is int and d in _FACE_SET for d in dice)
    ):
        return dice  # the common case, checked cheaply
    if isinstance(dice, (str, bytes)) or not isinstance(dice, Sequence):
        raise ValueError(f"dice must be a sequence of five faces, got {dice!r}")
    if len(dice) != DICE_COUNT:
        raise ValueError(f"five dice are needed, got {len(dice)}")
    for face in dice:
        if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= 6:
            raise ValueError(f"a die shows 1 to 6, got {face!r}")
    return tuple(dice)


def face_counts(dice: Sequence[int]) -> tuple[int, ...]:
    """How many dice show each face, indexed 0..5 for faces 1..6.

    >>> face_counts((2, 2, 5, 6, 2))
    (0, 3, 0, 0, 1, 1)
    """
    counts = [0] * 6
    for face in dice:
        counts[face - 1] += 1
    return tuple(counts)
