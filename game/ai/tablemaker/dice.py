"""Dice for the batch simulator: rolls as indices into the 252, and where fresh dice come from.

A roll is its index in game.ai.exact.dicespace.ROLLS; a keep is its index among the 462 multisets.
Re-rolling adds fresh dice to a keep by face counts: a multiset's counts are one base-6
number (`MULTISET_CODE`), fresh dice add 6**(face - 1) each, and `CODE_ROLL` turns the sum
back into a roll index, all with array lookups.

A `DiceSource` gives every game five fresh dice per roll, of which a game uses as many as it
rolls, in order. `RandomDice` is a seeded numpy generator; `ScriptedDice` hands out given
sequences, one per game, so a game can be played with the very dice the rules engine used
(the engine rolls the dice not held one by one, in die order: the same sequence).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import numpy as np

from game.ai.exact.dicespace import DICE, FACES, MULTISETS, ROLLS

#: MULTISET_CODE[m]: the face counts of multiset m as one base-6 number.
MULTISET_CODE = np.array(
    [sum(FACES**f * m.count(f + 1) for f in range(FACES)) for m in MULTISETS], dtype=np.int64
)
MULTISET_SIZE = np.array([len(m) for m in MULTISETS], dtype=np.int64)
#: CODE_ROLL[code]: the roll index of five dice with those face counts (-1 for other codes).
CODE_ROLL = np.full(FACES**FACES, -1, dtype=np.int64)
CODE_ROLL[MULTISET_CODE[len(MULTISETS) - len(ROLLS) :]] = np.arange(len(ROLLS))
#: ROLL_FACES[r]: the five faces of roll r, sorted.
ROLL_FACES = np.array(ROLLS, dtype=np.int64)
_POWERS = FACES ** np.arange(FACES, dtype=np.int64)
_DIE = np.arange(DICE)


def add_dice(keep: np.ndarray, fresh: np.ndarray) -> np.ndarray:
    """Roll indices of keeps (multiset indices) completed by fresh faces (n x 5, 1..6):
    each game takes the first 5 - len(keep) of its fresh dice."""
    need = DICE - MULTISET_SIZE[keep]
    used = _DIE[None, :] < need[:, None]
    added = np.where(used, _POWERS[fresh - 1], 0).sum(axis=1)
    rolls: np.ndarray = CODE_ROLL[MULTISET_CODE[keep] + added]
    return rolls


def roll_of(dice: Sequence[Sequence[int]]) -> np.ndarray:
    """Roll indices of five-dice lists (any order)."""
    faces = np.asarray(dice, dtype=np.int64).reshape(-1, DICE)
    if faces.size and (faces.min() < 1 or faces.max() > FACES):
        raise ValueError("a die shows 1 to 6")
    rolls: np.ndarray = CODE_ROLL[_POWERS[faces - 1].sum(axis=1)]
    return rolls


class DiceSource(Protocol):
    def draw(self, games: np.ndarray, need: np.ndarray) -> np.ndarray:
        """Fresh faces (len(games) x 5, 1..6) for those games; game i uses need[i] of its."""
        ...


class RandomDice:
    """Fair dice from a seeded numpy generator (PCG64): the same seed, the same dice."""

    def __init__(self, seed: int) -> None:
        self._rng = np.random.default_rng(seed)

    def draw(self, games: np.ndarray, need: np.ndarray) -> np.ndarray:
        return self._rng.integers(1, FACES + 1, size=(len(games), DICE), dtype=np.int64)


class ScriptedDice:
    """Each game's dice from its own sequence, in order (ValueError when one runs out)."""

    def __init__(self, sequences: Sequence[Sequence[int]]) -> None:
        width = max((len(s) for s in sequences), default=0) + DICE
        self._faces = np.ones((len(sequences), width), dtype=np.int64)
        self._length = np.array([len(s) for s in sequences], dtype=np.int64)
        for i, sequence in enumerate(sequences):
            self._faces[i, : len(sequence)] = sequence
        if (self._faces < 1).any() or (self._faces > FACES).any():
            raise ValueError("a die shows 1 to 6")
        self._next = np.zeros(len(sequences), dtype=np.int64)

    def draw(self, games: np.ndarray, need: np.ndarray) -> np.ndarray:
        start = self._next[games]
        if (start + need > self._length[games]).any():
            raise ValueError("a scripted game ran out of dice")
        self._next[games] = start + need
        faces: np.ndarray = self._faces[games[:, None], start[:, None] + _DIE]
        return faces
