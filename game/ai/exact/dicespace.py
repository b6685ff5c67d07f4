"""Dice as multisets: the 252 rolls, the 462 keeps and the index tables that link them.

The order of five dice never matters to the solver, so a roll is a sorted 5-tuple (252 of them)
and a keep is a sorted tuple of 0 to 5 faces (462 of them, the rolls included). Expectations
over a re-roll are taken one die at a time (a keep of k dice averages its six one-die-larger
keeps), and "the best keep inside this roll" is a maximum over sub-multisets taken by dynamic
programming (a keep's best is its own value or the best of its one-die-smaller keeps). Both
need only the two small index tables built here, so the work per state is a few thousand
additions rather than the 462 x 252 transition matrix.
"""

from __future__ import annotations

import math
from itertools import combinations_with_replacement

import numpy as np

DICE = 5
FACES = 6

#: Every multiset of 0..5 faces, smallest first; all keeps of one size are contiguous.
MULTISETS: tuple[tuple[int, ...], ...] = tuple(
    combo for size in range(DICE + 1) for combo in combinations_with_replacement(range(1, 7), size)
)
INDEX: dict[tuple[int, ...], int] = {m: i for i, m in enumerate(MULTISETS)}
SIZE_START: tuple[int, ...] = tuple(
    next(i for i, m in enumerate(MULTISETS) if len(m) == size) for size in range(DICE + 1)
) + (len(MULTISETS),)
N_MULTISETS = len(MULTISETS)  # 462

#: The rolls (five dice), in the order the solver's arrays use.
ROLLS: tuple[tuple[int, ...], ...] = MULTISETS[SIZE_START[DICE] :]
ROLL_INDEX: dict[tuple[int, ...], int] = {r: i for i, r in enumerate(ROLLS)}
N_ROLLS = len(ROLLS)  # 252


def _multinomial_probability(roll: tuple[int, ...]) -> float:
    ways = math.factorial(len(roll))
    for face in set(roll):
        ways //= math.factorial(roll.count(face))
    chance: float = ways / FACES ** len(roll)
    return chance


#: Probability of each roll when all five dice are thrown.
ROLL_PROB: np.ndarray = np.array([_multinomial_probability(r) for r in ROLLS])

#: FACE_COUNT[f - 1, r]: how many dice of roll r show face f.
FACE_COUNT: np.ndarray = np.array([[r.count(f) for r in ROLLS] for f in range(1, 7)], dtype=np.intp)

#: Row of the five-of-a-kind roll of each face (1..6 at positions 0..5).
YAHTZEE_ROWS: np.ndarray = np.array([ROLL_INDEX[(f,) * DICE] for f in range(1, 7)], dtype=np.intp)


def _children(size: int) -> np.ndarray:
    """CHILDREN[size][f - 1, i]: index of keep i (of that size) with one more die showing f.

    The face is the first axis so that numpy sums the gathered rows as whole contiguous blocks.
    """
    block = MULTISETS[SIZE_START[size] : SIZE_START[size + 1]]
    return np.array(
        [[INDEX[tuple(sorted(m + (f,)))] for m in block] for f in range(1, 7)], dtype=np.intp
    )


def _parents(size: int) -> np.ndarray:
    """PARENTS[size][j, i]: the keeps one die smaller than keep i, padded by repetition.

    A keep of k dice has at most k distinct one-die-smaller keeps; repeating one of them to a
    fixed width lets numpy take the maximum over a rectangular block (first axis, for speed).
    """
    block = MULTISETS[SIZE_START[size] : SIZE_START[size + 1]]
    rows = []
    for m in block:
        smaller = sorted({INDEX[m[:i] + m[i + 1 :]] for i in range(len(m))})
        rows.append(smaller + [smaller[0]] * (size - len(smaller)))
    return np.ascontiguousarray(np.array(rows, dtype=np.intp).T)


CHILDREN: tuple[np.ndarray, ...] = tuple(_children(size) for size in range(DICE))
# The empty keep has no smaller keep: its entry is an empty block, never taken.
PARENTS: tuple[np.ndarray, ...] = (np.empty((0, 1), dtype=np.intp),) + tuple(
    _parents(size) for size in range(1, DICE + 1)
)


def sub_keeps(roll: tuple[int, ...], max_size: int = DICE - 1) -> list[tuple[int, ...]]:
    """Every distinct sorted sub-multiset of `roll` with at most `max_size` dice.

    >>> sub_keeps((2, 2, 5), max_size=2)
    [(), (2,), (5,), (2, 2), (2, 5)]
    """
    roll = tuple(sorted(roll))
    found: set[tuple[int, ...]] = set()
    for mask in range(1 << len(roll)):
        keep = tuple(roll[i] for i in range(len(roll)) if mask >> i & 1)
        if len(keep) <= max_size:
            found.add(keep)
    return sorted(found, key=lambda k: (len(k), k))


#: Scratch floats per state column that expect_keeps / best_sub_keep need.
SCRATCH_PER_COLUMN = max(p.size for p in PARENTS[1:]) + N_ROLLS


def _scratch(scratch: np.ndarray | None, size: int) -> np.ndarray:
    if scratch is None or scratch.size < size:
        return np.empty(size)
    return scratch


def expect_keeps(level: np.ndarray, scratch: np.ndarray | None = None) -> None:
    """Fill the keep rows (sizes 4 down to 0) of `level` from its roll rows, in place.

    `level` (float64, C order) has one row per multiset (462) and one column per state; its
    size-5 block must hold the values of the rolls that follow a re-roll. Afterwards each
    smaller row holds the expected value of keeping that multiset and re-rolling the others.
    `scratch` (flat, SCRATCH_PER_COLUMN floats per column) is reused between calls: fresh
    temporaries of this size cost more in page faults than the arithmetic does.
    """
    n = level.shape[1]
    scratch = _scratch(scratch, SCRATCH_PER_COLUMN * n)
    for size in range(DICE - 1, -1, -1):
        block = level[SIZE_START[size] : SIZE_START[size + 1]]
        children = CHILDREN[size]
        gathered = scratch[: children.size * n].reshape(*children.shape, n)
        # mode="clip" lets numpy write straight into `out` (indices are valid anyway).
        np.take(level, children, axis=0, out=gathered, mode="clip")
        np.sum(gathered, axis=0, out=block)
        block *= 1.0 / FACES


def best_sub_keep(level: np.ndarray, scratch: np.ndarray | None = None) -> np.ndarray:
    """For each roll, the best value over all its sub-multisets (the whole roll included).

    Works in place on `level` (462 x states), replacing each row by the maximum over its own
    sub-multisets, and returns the roll block (252 x states) as a view.
    """
    n = level.shape[1]
    scratch = _scratch(scratch, SCRATCH_PER_COLUMN * n)
    for size in range(1, DICE + 1):
        block = level[SIZE_START[size] : SIZE_START[size + 1]]
        parents = PARENTS[size]
        gathered = scratch[: parents.size * n].reshape(*parents.shape, n)
        np.take(level, parents, axis=0, out=gathered, mode="clip")
        best = scratch[parents.size * n : (parents.size + len(block)) * n].reshape(-1, n)
        np.max(gathered, axis=0, out=best)
        np.maximum(block, best, out=block)
    return level[SIZE_START[DICE] :]
