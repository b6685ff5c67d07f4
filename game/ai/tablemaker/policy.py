"""The Expert's choices for many games at once: numpy arrays in, numpy arrays out.

The batch simulator (game.ai.tablemaker.batch) asks, for a whole array of games at the same point
of a turn, what the Expert does with the dice showing. The answer needs two things per game:

- what each box would bring (game.ai.tablemaker.outcomes' `Outcomes`: points written, upper
  bonus and bonus chip included, and the value of the state it leads to), gathered straight
  from the solver's table for the game's card state and roll;
- the value of every keep with one and two rolls to come, which depends on the card state
  only: `Policy` works it out for many states at once (the solver's one-die-at-a-time
  recursion of game.ai.exact.dicespace, one column per state) and keeps it for the games that meet
  the same state later, one canonical state per group of states with the same values
  (game.ai.tablemaker.outcomes.canonical).

The values are bit for bit those of game.ai.levels.turn (and so of option_values), summed in the
same order, and the choice is the first best in the same canonical order: boxes in card
order, then keeps bigger first. option_values compares values rounded to 9 decimals *with
the card's total added*; where two choices are within NEAR of each other, the decision is
made exactly that way, one game at a time (`turn_outlook.best_index`), which is rare.

A decision is a code: a box (0 .. boxes - 1: score there) or boxes + j (keep the j-th keep
of the roll, in game.ai.exact.turn_outlook.ROLL_KEEPS order).
"""

from __future__ import annotations

import threading

import numpy as np

from game.ai.exact.dicespace import (
    DICE,
    N_MULTISETS,
    SCRATCH_PER_COLUMN,
    SIZE_START,
    best_sub_keep,
    expect_keeps,
)
from game.ai.exact.solver import StateKey, children_of
from game.ai.exact.tables import value_table
from game.ai.exact.turn_outlook import ROLL_KEEP_ROWS, ROLL_KEEPS, TIE_DIGITS, best_index
from game.ai.tablemaker.outcomes import Outcomes, box_arrays, canonical, outcomes, split_codes
from game.ai.tablemaker.store import StateStore
from game.cache import Memo
from game.rules import Variant

KEEP_SLOTS = ROLL_KEEP_ROWS.shape[1]  # 31: the most distinct keeps of 0..4 dice in one roll
N_KEEP_ROWS = SIZE_START[DICE]  # 210 keeps of 0..4 dice come first among the 462 multisets
NEAR = 1e-6  # choices closer than this may rank apart once the card's total is added
EVAL_CHUNK = 128  # states per numpy pass for keep values: wide enough, and stays in cache

#: For every roll, which keep slots hold a real keep (the padding repeats the first).
SLOT_USED = np.array([[j < len(k) for j in range(KEEP_SLOTS)] for k in ROLL_KEEPS], dtype=bool)
assert TIE_DIGITS == 9  # NEAR must stay far above best_index's rounding


class KeepWorkspace:
    """Scratch memory reused between keep_levels calls: fresh megabyte-sized temporaries
    cost more in page faults than the arithmetic (as the solver's Workspace says)."""

    def __init__(self, width: int = EVAL_CHUNK) -> None:
        self.width = width
        self.level = np.empty(N_MULTISETS * width)
        self.scratch = np.empty(SCRATCH_PER_COLUMN * width)


def keep_levels(final: np.ndarray, workspace: KeepWorkspace) -> tuple[np.ndarray, np.ndarray]:
    """keep1, keep2 (states x 210) from the final values (252 x states), as
    turn.keep_values computes them for one state."""
    n = final.shape[1]
    level = workspace.level[: N_MULTISETS * n].reshape(N_MULTISETS, n)
    level[N_KEEP_ROWS:] = final
    expect_keeps(level, workspace.scratch)
    keep1 = level[:N_KEEP_ROWS].T.copy()
    best_sub_keep(level, workspace.scratch)  # each roll row: the best of scoring now or any keep
    expect_keeps(level, workspace.scratch)
    return keep1, level[:N_KEEP_ROWS].T


# ----------------------------------------------------------------------------- the policy
class Policy:
    """The Expert for one variant: keep values per card state, computed on demand and kept
    (at most `limit` states, 3.4 kB each, the most used; game.ai.tablemaker.store).

    Shared by threads: the rows `rows` returns stay valid until its next call, so a player
    of many games holds `lock` from `rows` to its last `decide` (game.ai.tablemaker.batch does).
    """

    def __init__(self, variant: Variant, limit: int = 40_000) -> None:
        self.variant = variant
        self.card = box_arrays(variant)  # refuses a card the state codes cannot hold
        self._table = value_table(variant)
        self._store = StateStore(limit, 2, N_KEEP_ROWS)
        self._workspace = KeepWorkspace()
        self.lock = threading.RLock()
        self.evaluated = 0  # states worked out so far (the benchmark reports it)

    def outcomes(self, codes: np.ndarray) -> Outcomes:
        """Outcomes of the states `codes`, computing any next state missing from the table."""
        found = outcomes(codes, self._table.values, self.variant)
        gaps = found.incomplete
        if gaps.any():
            full = self.card.spec.all_boxes
            with self.lock:
                filled, upper, fifty = (a.tolist() for a in split_codes(codes[gaps]))
                for key in zip(filled, upper, fifty, strict=True):
                    for child in children_of(*key, self.variant):
                        if child[0] != full and np.isnan(self._table.values[child]):
                            self._table.value(StateKey(*child))
            found = outcomes(codes, self._table.values, self.variant)
        return found

    def rows(self, codes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(row of each state, the keep values [keep1/keep2, row, keep]): computes the
        states not kept. The rows hold until the next call."""
        keys = canonical(codes, self.variant)
        unique, inverse, uses = np.unique(keys, return_inverse=True, return_counts=True)
        with self.lock:
            found = self._store.rows(unique, uses, self._compute)
            return found[inverse], self._store.data

    def _compute(self, keys: np.ndarray, rows: np.ndarray) -> None:
        data = self._store.data
        for at in range(0, len(keys), EVAL_CHUNK):
            chunk = slice(at, at + EVAL_CHUNK)
            keep1, keep2 = keep_levels(self.outcomes(keys[chunk]).final(), self._workspace)
            data[0, rows[chunk]] = keep1
            data[1, rows[chunk]] = keep2
        self.evaluated += len(keys)

    def decide(
        self,
        found: Outcomes,
        index: np.ndarray,
        total: np.ndarray,
        roll: np.ndarray,
        rolls_left: int,
        kept: tuple[np.ndarray, np.ndarray] | None = None,
    ) -> np.ndarray:
        """The Expert's choice (a decision code) for each game: the Outcomes of its card
        state (row `index` of `found`), `total` points on the card, roll index `roll`
        showing, `rolls_left` (0, 1 or 2), and with rolls left its state's keep values
        (`kept`, as `rows` returns them)."""
        points, future = found.at(roll, index)
        boxes = points + future  # (0 + points) + future, as TurnOutlook with no total
        if rolls_left:
            if kept is None:
                raise ValueError("a decision with rolls left needs the keep values")
            rows, keeps = kept
            values = keeps[rolls_left - 1][rows[:, None], ROLL_KEEP_ROWS[roll]]
            values[~SLOT_USED[roll]] = -np.inf
            cand = np.concatenate([boxes, values], axis=1)
        else:
            cand = boxes
        choice: np.ndarray = np.argmax(cand, axis=1)
        top = cand[np.arange(len(cand)), choice]
        near = cand >= (top - NEAR)[:, None]
        ties = np.flatnonzero(near.sum(axis=1) > 1)
        if len(ties):
            choice[ties] = _exact(total[ties], points[ties], future[ties], cand[ties], near[ties])
        return choice


def _exact(
    total: np.ndarray, points: np.ndarray, future: np.ndarray, cand: np.ndarray, near: np.ndarray
) -> np.ndarray:
    """Near ties decided as TurnOutlook.choices and best_index decide them: the values with
    the card's total added (the same float operations), the first best to 9 decimals. Only
    the near choices can be the best or round like it, so best_index sees just those."""
    with_total = np.concatenate(
        [(total[:, None] + points) + future, total[:, None] + cand[:, points.shape[1] :]],
        axis=1,
    )
    games, choices = np.nonzero(near)  # by game, then in canonical order
    values = with_total[games, choices].tolist()
    starts = np.flatnonzero(np.r_[True, games[1:] != games[:-1]]).tolist() + [len(games)]
    listed = choices.tolist()
    return np.array(
        [listed[a + best_index(values[a:b])] for a, b in zip(starts[:-1], starts[1:], strict=True)],
        dtype=np.int64,
    )


_policies: Memo[Policy] = Memo(Policy)


def expert_policy(variant: Variant) -> Policy:
    """The shared Expert policy of a variant (one per process)."""
    return _policies.get(variant)
