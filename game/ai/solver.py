"""Exact optimal play by backward induction over the states between turns.

A state between turns is (which boxes are filled, the upper total capped at 63, whether the
Yahtzee box holds 50). Its value is the expected number of points still to come under optimal
play: box points, the 35-point upper bonus when the upper total first reaches 63, and 100-point
bonus chips. Full cards are worth 0; every other state is the expectation, over one turn played
optimally, of the points scored in that turn plus the value of the state it leads to.

Within a turn (three rolls, any keep) nothing is stored: `turn_values` recomputes it from the
values of the states one box further on, for many states at once (one filled-box set, every
upper total and Yahtzee flag that matters, as the columns of one array).

Two reductions keep the table small without changing any value:
- the upper total only matters while the bonus is still possible (below 63 and reachable with
  the open upper boxes); all other totals share one value, computed once and copied;
- the Yahtzee flag only matters when the Yahtzee box is filled and the variant pays chips.
Upper totals that no game can reach are left as NaN; `ValueTable` fills one in on demand if a
hand-made card asks for it.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from game.ai.dicespace import (
    FACE_COUNT,
    N_MULTISETS,
    N_ROLLS,
    ROLL_PROB,
    SCRATCH_PER_COLUMN,
    SIZE_START,
    YAHTZEE_ROWS,
    best_sub_keep,
    expect_keeps,
)
from game.ai.scoring import (
    ALL_BOXES,
    BASE_POINTS,
    N_BOXES,
    UPPER_BOXES,
    UPPER_MASK,
    YAHTZEE,
    YAHTZEE_BIT,
    five_of_a_kind_chip,
    five_of_a_kind_options,
)
from game.rules import Scorecard, Variant

BONUS_AT = 63  # upper total that earns the bonus; also the cap of the stored total
UPPER_BONUS = 35
N_UPPER_TOTALS = BONUS_AT + 1
TABLE_SHAPE = (1 << N_BOXES, N_UPPER_TOTALS, 2)  # (filled boxes, upper total, Yahtzee is 50)
NOT_ALLOWED = -1  # marks a box a five-of-a-kind roll may not be scored in

_COUNTS = np.arange(6)
_ROLL_ROW_START = SIZE_START[-2]  # first row of the rolls (five dice) in a keep array
_BASE = BASE_POINTS.astype(np.float64)[:, :, None]  # (13, 252, 1), ready to broadcast
_IS_FIVE_OF_A_KIND = (BASE_POINTS[YAHTZEE] == 50)[:, None]


def _upper_reach() -> np.ndarray:
    """REACH[upper_filled_mask, u]: some filling of those upper boxes totals u (capped)."""
    reach = np.zeros((1 << UPPER_BOXES, N_UPPER_TOTALS), dtype=bool)
    for mask in range(1 << UPPER_BOXES):
        totals = {0}
        for face in range(1, 7):
            if mask >> (face - 1) & 1:
                totals = {min(BONUS_AT, t + face * k) for t in totals for k in range(6)}
        reach[mask, sorted(totals)] = True
    return reach


REACH = _upper_reach()
#: Most points the open upper boxes of an upper-filled mask can still add.
OPEN_UPPER_MAX = np.array(
    [sum(5 * f for f in range(1, 7) if not m >> (f - 1) & 1) for m in range(1 << UPPER_BOXES)]
)


def flag_matters(filled: int, variant: Variant) -> bool:
    """Whether the Yahtzee box's content (50 or 0) can change the future: only through chips."""
    return bool(filled & YAHTZEE_BIT) and variant is not Variant.SIMPLE


@dataclass(frozen=True, slots=True)
class StateKey:
    """Where a card stands between turns, as the table indexes it."""

    filled: int
    upper: int  # upper total, capped at 63
    fifty: int  # 1 when the Yahtzee box holds 50

    @classmethod
    def of(cls, card: Scorecard) -> StateKey:
        filled = sum(1 << i for i, box in enumerate(card.boxes) if box is not None)
        fifty = int(card.boxes[YAHTZEE] == 50)
        return cls(filled, min(BONUS_AT, card.upper_total), fifty)


@dataclass(frozen=True, slots=True)
class TurnLevels:
    """Everything about one turn from one state (a single column), for decisions.

    final[r]: best value of roll r (252 rows) scored now. keep1[k] / keep2[k]: expected value
    of keeping multiset k (462 rows) and re-rolling the rest with 1 / 2 rolls left; for the
    five-dice rows, the value of scoring that roll now. start: the state's value.
    """

    final: np.ndarray
    keep1: np.ndarray
    keep2: np.ndarray
    start: float


# ----------------------------------------------------------------------------- one turn
def _five_of_a_kind_table(filled: int, fifty: int, variant: Variant) -> np.ndarray:
    """(13, 6) points of five of a kind of each face in each box; NOT_ALLOWED where refused."""
    rows = [[NOT_ALLOWED] * 6 for _ in range(N_BOXES)]
    box = None if not filled & YAHTZEE_BIT else 50 * fifty
    for face in range(1, 7):
        for c, points in five_of_a_kind_options(face, ALL_BOXES & ~filled, box, variant).items():
            rows[c][face - 1] = points
    return np.array(rows)


class Workspace:
    """Reusable scratch memory for turns of up to `width` states at once.

    A build evaluates some 1,700 batches; allocating their megabyte-sized temporaries afresh
    each time costs more in page faults than the arithmetic (measured: three times slower).
    """

    def __init__(self, width: int) -> None:
        self.width = width
        self._final = np.empty(N_ROLLS * width)
        self._keeps = np.empty(N_MULTISETS * width)
        self._second = np.empty(N_ROLLS * width)
        self.scratch = np.empty(SCRATCH_PER_COLUMN * width)

    def arrays(self, n: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(final, keeps, second) views for n <= width states, each C-contiguous."""
        if n > self.width:
            raise ValueError(f"workspace holds {self.width} states, asked for {n}")
        return (
            self._final[: N_ROLLS * n].reshape(N_ROLLS, n),
            self._keeps[: N_MULTISETS * n].reshape(N_MULTISETS, n),
            self._second[: N_ROLLS * n].reshape(N_ROLLS, n),
        )


def final_values(
    filled: int,
    upper: np.ndarray,
    fifty: np.ndarray,
    table: np.ndarray,
    variant: Variant,
    out: np.ndarray | None = None,
    scratch: np.ndarray | None = None,
) -> np.ndarray:
    """(252, n) value of each roll scored optimally now, for n states sharing `filled`.

    Value = points of the box + upper bonus if this reaches 63 + chip + value of the next state.
    All open boxes of a kind are handled in one numpy call each: per-call cost, not
    arithmetic, is what a build spends most on.
    """
    n = len(upper)
    best = np.empty((N_ROLLS, n)) if out is None else out
    if scratch is None or scratch.size < 6 * N_ROLLS * n:
        scratch = np.empty(6 * N_ROLLS * n)
    open_boxes = [c for c in range(N_BOXES) if not filled >> c & 1]
    ups = np.array([c for c in open_boxes if c < UPPER_BOXES], dtype=np.intp)
    lows = np.array([c for c in open_boxes if c >= UPPER_BOXES and c != YAHTZEE], dtype=np.intp)
    best.fill(-np.inf)
    if len(ups):
        # after_up[i, k, j]: points, bonus and future of box ups[i] taking k dice of its face,
        # from state j.
        added = ((ups + 1)[:, None] * _COUNTS)[:, :, None]
        new_upper = upper + added
        bonus = np.where((upper < BONUS_AT) & (new_upper >= BONUS_AT), UPPER_BONUS, 0)
        children = (filled | 1 << ups)[:, None, None]
        after_up = added + bonus + table[children, np.minimum(new_upper, BONUS_AT), fifty]
        rows = np.arange(len(ups))[:, None] * 6 + FACE_COUNT[ups]
        cand = scratch[: rows.size * n].reshape(*rows.shape, n)
        np.take(after_up.reshape(-1, n), rows, axis=0, out=cand, mode="clip")
        np.max(cand, axis=0, out=best)
    if len(lows):
        after_low = table[(filled | 1 << lows)[:, None], upper, fifty]  # (boxes, n)
        cand = scratch[: len(lows) * N_ROLLS * n].reshape(len(lows), N_ROLLS, n)
        np.add(_BASE[lows], after_low[:, None, :], out=cand)
        np.maximum(best, cand.max(axis=0), out=best)
    if not filled & YAHTZEE_BIT:
        # Scoring 0 here leaves the flag at 0; five of a kind (50) sets it.
        child = table[filled | YAHTZEE_BIT]
        cand = np.where(_IS_FIVE_OF_A_KIND, child[upper, 1] + 50, child[upper, 0])
        np.maximum(best, cand, out=best)
    elif variant is not Variant.SIMPLE:
        # Five of a kind with the Yahtzee box filled follows the variant's Joker rule: those
        # six rows are worked out apart and replace the base-rule rows.
        by_flag = np.stack([_five_of_a_kind_table(filled, f, variant) for f in (0, 1)])
        five = by_flag[fifty].transpose(1, 2, 0)  # (13 boxes, 6 faces, n states)
        chip = np.array([five_of_a_kind_chip(50 * f, variant) for f in (0, 1)])[fifty]
        joker = np.full((6, n), -np.inf)
        if len(ups):
            points = five[ups]
            count = np.maximum(points, 0) // (ups + 1)[:, None, None]
            cand = np.take_along_axis(after_up, count, axis=1)
            np.max(np.where(points >= 0, cand, -np.inf), axis=0, out=joker)
        if len(lows):
            points = five[lows]
            cand = np.where(points >= 0, points + after_low[:, None, :], -np.inf)
            np.maximum(joker, cand.max(axis=0), out=joker)
        best[YAHTZEE_ROWS] = joker + chip
    return best


def keep_levels(
    final: np.ndarray, workspace: Workspace | None = None, levels: bool = False
) -> np.ndarray | TurnLevels:
    """Start-of-turn values of states from their final-roll values (252 x n).

    With `levels`, a TurnLevels for the first state instead (used for decisions).
    """
    n = final.shape[1]
    workspace = workspace or Workspace(n)
    _, keeps, second = workspace.arrays(n)
    scratch = workspace.scratch
    rolls = keeps[_ROLL_ROW_START:]
    # One roll left: keep k, re-roll, then score.
    rolls[:] = final
    expect_keeps(keeps, scratch)
    keep1 = keeps[:, 0].copy() if levels else None
    second[:] = best_sub_keep(keeps, scratch)  # best of scoring now or any keep
    # Two rolls left: keep k, re-roll, then play the one-roll-left position.
    rolls[:] = second
    expect_keeps(keeps, scratch)
    rolls[:] = final  # keeping all five dice means scoring now
    keep2 = keeps[:, 0].copy() if levels else None
    first = best_sub_keep(keeps, scratch)
    start = ROLL_PROB @ first
    if levels:
        return TurnLevels(final[:, 0].copy(), keep1, keep2, float(start[0]))
    return start


def turn_values(
    filled: int,
    upper: np.ndarray,
    fifty: np.ndarray,
    table: np.ndarray,
    variant: Variant,
    levels: bool = False,
) -> np.ndarray | TurnLevels:
    """Value at the start of a turn of the states (filled, upper[i], fifty[i]).

    With `levels`, a TurnLevels for the first state (all the within-turn arrays) instead.
    """
    workspace = Workspace(len(upper))
    final, _, _ = workspace.arrays(len(upper))
    final_values(filled, upper, fifty, table, variant, final, workspace.scratch)
    return keep_levels(final, workspace, levels)


# ----------------------------------------------------------------------------- the table
def columns_for(filled: int, variant: Variant) -> tuple[np.ndarray, np.ndarray, list[int]]:
    """The states of one filled set worth computing, one per column: (upper, fifty, shared).

    `shared` lists the columns (one per flag, or none) standing for every upper total at which
    the bonus no longer matters; their value is copied to all those totals.
    """
    return _columns(filled & UPPER_MASK, flag_matters(filled, variant))


@functools.cache
def _columns(upper_filled: int, two_flags: bool) -> tuple[np.ndarray, np.ndarray, list[int]]:
    # Depends only on the upper boxes filled and whether the flag matters: 128 cases.
    totals = np.flatnonzero(REACH[upper_filled])
    open_max = OPEN_UPPER_MAX[upper_filled]
    matter = (totals < BONUS_AT) & (totals + open_max >= BONUS_AT)
    uppers = np.concatenate([totals[matter], totals[~matter][:1]])
    flags = (0, 1) if two_flags else (0,)
    upper = np.tile(uppers, len(flags))
    fifty = np.repeat(np.array(flags, dtype=np.intp), len(uppers))
    shared = [] if matter.all() else [(i + 1) * len(uppers) - 1 for i in range(len(flags))]
    upper.flags.writeable = fifty.flags.writeable = False  # shared between calls
    return upper, fifty, shared


@functools.cache
def no_bonus_totals(upper_filled: int) -> np.ndarray:
    """The upper totals (0..63) at which the bonus can no longer change anything."""
    totals = np.arange(N_UPPER_TOTALS)
    open_max = OPEN_UPPER_MAX[upper_filled]
    found = totals[(totals >= BONUS_AT) | (totals + open_max < BONUS_AT)]
    found.flags.writeable = False
    return found


def store(
    table: np.ndarray,
    filled: int,
    upper: np.ndarray,
    fifty: np.ndarray,
    shared: list[int],
    values: np.ndarray,
    variant: Variant,
) -> None:
    """Write one filled set's values, spreading the shared ones and an unused flag."""
    table[filled, upper, fifty] = values
    for column in shared:
        table[filled, no_bonus_totals(filled & UPPER_MASK), fifty[column]] = values[column]
    if not flag_matters(filled, variant):
        table[filled, :, 1] = table[filled, :, 0]


def build_table(
    variant: Variant,
    within: int = 0,
    batch: int = 128,
    progress: Callable[[int, int], None] | None = None,
) -> np.ndarray:
    """The state values (float64) for `variant`, for every filled set that contains `within`.

    `within` lets tests solve a reduced game (the other boxes count as filled); the shipped
    tables use 0. Entries never computed are NaN. Filled sets with the same number of boxes
    do not depend on one another, so their columns are evaluated `batch` or so at a time:
    wide enough to spread numpy's per-call cost, narrow enough to stay in cache.
    """
    table = np.full(TABLE_SHAPE, np.nan)
    table[ALL_BOXES] = 0.0
    masks = [m for m in range(ALL_BOXES) if m & within == within]
    workspace = Workspace(batch + N_UPPER_TOTALS * 2)
    done = 0
    for filled_count in range(N_BOXES - 1, -1, -1):
        layer = [m for m in masks if m.bit_count() == filled_count]
        pending: list[tuple[int, np.ndarray, np.ndarray, list[int]]] = []
        width = 0
        for i, filled in enumerate(layer):
            pending.append((filled, *columns_for(filled, variant)))
            width += len(pending[-1][1])
            if width < batch and i < len(layer) - 1:
                continue
            final, _, _ = workspace.arrays(width)
            at = 0
            for filled_, upper, fifty, _ in pending:
                columns = final[:, at : at + len(upper)]
                final_values(filled_, upper, fifty, table, variant, columns, workspace.scratch)
                at += len(upper)
            start = keep_levels(final, workspace)
            at = 0
            for filled_, upper, fifty, shared in pending:
                store(table, filled_, upper, fifty, shared, start[at : at + len(upper)], variant)
                at += len(upper)
            done += len(pending)
            pending, width = [], 0
        if progress is not None:
            progress(done, len(masks))
    return table


def children_of(filled: int, upper: int, fifty: int) -> set[tuple[int, int, int]]:
    """Every state one turn from (filled, upper, fifty) can lead to, whatever the roll."""
    found = set()
    for c in range(N_BOXES):
        if filled >> c & 1:
            continue
        child = filled | 1 << c
        if c < UPPER_BOXES:
            found.update((child, min(BONUS_AT, upper + (c + 1) * k), fifty) for k in range(6))
        elif c == YAHTZEE:
            found.update({(child, upper, 0), (child, upper, 1)})
        else:
            found.add((child, upper, fifty))
    return found


def solve_state(table: np.ndarray, filled: int, upper: int, fifty: int, variant: Variant) -> float:
    """The value of one state, computing it (and any missing state it needs) into `table`.

    Only cards no game can produce (an upper total no dice make) miss from a full table, so
    this stays small; the recursion is at most 13 turns deep.
    """
    value = table[filled, upper, fifty]
    if not np.isnan(value):
        return float(value)
    for child in children_of(filled, upper, fifty):
        if np.isnan(table[child]):
            solve_state(table, *child, variant)
    start = turn_values(filled, np.array([upper]), np.array([fifty]), table, variant)
    flags = (fifty,) if flag_matters(filled, variant) else (0, 1)
    for flag in flags:
        table[filled, upper, flag] = start[0]
    return float(start[0])
