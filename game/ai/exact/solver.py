"""Exact optimal play by backward induction over the states between turns.

A state between turns is (which boxes are filled, the upper total capped at the bonus threshold,
whether the Yahtzee box holds 50). Its value is the expected number of points still to come
under optimal play: box points, the upper bonus (35 on the American card, 50 on Yatzy) when the
upper total first reaches 63, and bonus chips where the card has them. Everything about the
card comes from `game.ai.exact.scoring.spec(variant)`, so any card is solved the same way. Full
cards are worth 0; every other state is the expectation, over one turn played optimally, of
the points scored in that turn plus the value of the state it leads to.

Within a turn (three rolls, any keep) nothing is stored: `turn_values` recomputes it from the
values of the states one box further on, for many states at once (one filled-box set, every
upper total and Yahtzee flag that matters, as the columns of one array).

Two reductions keep the table small without changing any value:
- the upper total only matters while the bonus is still possible (below 63 and reachable with
  the open upper boxes); all other totals share one value, computed once and copied;
- the Yahtzee flag only matters when the Yahtzee box is filled and the variant pays chips
  (never on Yatzy, whose table simply repeats flag 0 as flag 1).
Upper totals that no game can reach are left as NaN; `ValueTable` fills one in on demand if a
hand-made card asks for it.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from game.ai.exact.dicespace import (
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
from game.ai.exact.scoring import Spec, five_of_a_kind_chip, five_of_a_kind_options, spec
from game.rules import Category, Scorecard, Variant

# Every card so far earns its upper bonus at 63 (the solver reads each card's own threshold
# from spec(variant); the win chances' flat state index and the batch simulator are laid out
# for 63 and refuse a card that is not).
BONUS_AT = 63  # upper total that earns the bonus; also the cap of the stored total
NOT_ALLOWED = -1  # marks a box a five-of-a-kind roll may not be scored in
UPPER_FACES = 6
#: Scratch floats per state column: the keep recursion's, or a box's 252 rolls for each of up
#: to 16 lower boxes, whichever is more (Yatzy has 9, the American card 7).
SCRATCH_PER_COLUMN_ANY_CARD = max(SCRATCH_PER_COLUMN, 16 * N_ROLLS)

_COUNTS = np.arange(6)
_ROLL_ROW_START = SIZE_START[-2]  # first row of the rolls (five dice) in a keep array


@functools.cache
def _base(s: Spec) -> np.ndarray:
    """(boxes, 252, 1) base points as floats, ready to broadcast."""
    return s.base.astype(np.float64)[:, :, None]


@functools.cache
def _is_five_of_a_kind(s: Spec) -> np.ndarray:
    five_alike: np.ndarray = (s.base[s.yahtzee] == s.five_points)[:, None]
    return five_alike


@functools.cache
def upper_reach(bonus_at: int = BONUS_AT) -> np.ndarray:
    """REACH[upper_filled_mask, u]: some filling of those upper boxes totals u (capped)."""
    reach = np.zeros((1 << UPPER_FACES, bonus_at + 1), dtype=bool)
    for mask in range(1 << UPPER_FACES):
        totals = {0}
        for face in range(1, 7):
            if mask >> (face - 1) & 1:
                totals = {min(bonus_at, t + face * k) for t in totals for k in range(6)}
        reach[mask, sorted(totals)] = True
    reach.flags.writeable = False
    return reach


REACH = upper_reach()
#: Most points the open upper boxes of an upper-filled mask can still add.
OPEN_UPPER_MAX = np.array(
    [sum(5 * f for f in range(1, 7) if not m >> (f - 1) & 1) for m in range(1 << UPPER_FACES)]
)


def flag_matters(filled: int, variant: Variant) -> bool:
    """Whether the Yahtzee box's content (50 or 0) can change the future: only through chips."""
    s = spec(variant)
    return s.chips and bool(filled & s.yahtzee_bit)


@dataclass(frozen=True, slots=True)
class StateKey:
    """Where a card stands between turns, as the table indexes it."""

    filled: int
    upper: int  # upper total, capped at 63
    fifty: int  # 1 when the Yahtzee box holds 50

    @classmethod
    def of(cls, card: Scorecard) -> StateKey:
        filled = sum(1 << i for i, box in enumerate(card.boxes) if box is not None)
        kind = card.card
        fifty = int(kind.has_chips and card[Category.YAHTZEE] == kind.five_alike_points)
        return cls(filled, min(kind.bonus_threshold, card.upper_total), fifty)


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
    """(boxes, 6) points of five of a kind of each face in each box; NOT_ALLOWED where refused."""
    s = spec(variant)
    rows = [[NOT_ALLOWED] * 6 for _i in range(s.n_boxes)]
    box = None if not filled & s.yahtzee_bit else s.five_points * fifty
    for face in range(1, 7):
        open_mask = s.all_boxes & ~filled
        for c, points in five_of_a_kind_options(face, open_mask, box, variant).items():
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
        self.scratch = np.empty(SCRATCH_PER_COLUMN_ANY_CARD * width)

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
    s = spec(variant)
    bonus_at = s.bonus_at
    n = len(upper)
    best = np.empty((N_ROLLS, n)) if out is None else out
    open_boxes = [c for c in range(s.n_boxes) if not filled >> c & 1]
    ups = np.array([c for c in open_boxes if c < s.upper_boxes], dtype=np.intp)
    lows = np.array([c for c in open_boxes if c >= s.upper_boxes and c != s.yahtzee], dtype=np.intp)
    need = max(UPPER_FACES, len(lows)) * N_ROLLS * n
    if scratch is None or scratch.size < need:
        scratch = np.empty(need)
    best.fill(-np.inf)
    if len(ups):
        # after_up[i, k, j]: points, bonus and future of box ups[i] taking k dice of its face,
        # from state j.
        added = ((ups + 1)[:, None] * _COUNTS)[:, :, None]
        new_upper = upper + added
        bonus = np.where((upper < bonus_at) & (new_upper >= bonus_at), s.upper_bonus, 0)
        children = (filled | 1 << ups)[:, None, None]
        after_up = added + bonus + table[children, np.minimum(new_upper, bonus_at), fifty]
        rows = np.arange(len(ups))[:, None] * 6 + FACE_COUNT[ups]
        cand = scratch[: rows.size * n].reshape(*rows.shape, n)
        np.take(after_up.reshape(-1, n), rows, axis=0, out=cand, mode="clip")
        np.max(cand, axis=0, out=best)
    if len(lows):
        after_low = table[(filled | 1 << lows)[:, None], upper, fifty]  # (boxes, n)
        cand = scratch[: len(lows) * N_ROLLS * n].reshape(len(lows), N_ROLLS, n)
        np.add(_base(s)[lows], after_low[:, None, :], out=cand)
        np.maximum(best, cand.max(axis=0), out=best)
    if s.yahtzee < 0:
        return best  # no chips on this card: its five-alike box was one of the lows
    if not filled & s.yahtzee_bit:
        # Scoring 0 here leaves the flag at 0; five of a kind (50) sets it.
        child = table[filled | s.yahtzee_bit]
        cand = np.where(_is_five_of_a_kind(s), child[upper, 1] + s.five_points, child[upper, 0])
        np.maximum(best, cand, out=best)
    elif s.chips:
        # Five of a kind with the Yahtzee box filled follows the variant's Joker rule: those
        # six rows are worked out apart and replace the base-rule rows.
        by_flag = np.stack([_five_of_a_kind_table(filled, f, variant) for f in (0, 1)])
        five = by_flag[fifty].transpose(1, 2, 0)  # (boxes, 6 faces, n states)
        chip = np.array([five_of_a_kind_chip(s.five_points * f, variant) for f in (0, 1)])[fifty]
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


def keep_levels(final: np.ndarray, workspace: Workspace | None = None) -> np.ndarray:
    """Start-of-turn values of states from their final-roll values (252 x n)."""
    return _keep_passes(final, workspace)[0]


def turn_levels(final: np.ndarray, workspace: Workspace | None = None) -> TurnLevels:
    """The within-turn arrays of the first state of `final` (used for decisions)."""
    start, keep1, keep2 = _keep_passes(final, workspace)
    return TurnLevels(final[:, 0].copy(), keep1, keep2, float(start[0]))


def _keep_passes(
    final: np.ndarray, workspace: Workspace | None
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The start-of-turn values of every state, and the first state's keep values with one
    and with two rolls left."""
    n = final.shape[1]
    workspace = workspace or Workspace(n)
    _, keeps, second = workspace.arrays(n)
    scratch = workspace.scratch
    rolls = keeps[_ROLL_ROW_START:]
    # One roll left: keep k, re-roll, then score.
    rolls[:] = final
    expect_keeps(keeps, scratch)
    keep1 = keeps[:, 0].copy()
    second[:] = best_sub_keep(keeps, scratch)  # best of scoring now or any keep
    # Two rolls left: keep k, re-roll, then play the one-roll-left position.
    rolls[:] = second
    expect_keeps(keeps, scratch)
    rolls[:] = final  # keeping all five dice means scoring now
    keep2 = keeps[:, 0].copy()
    first = best_sub_keep(keeps, scratch)
    return ROLL_PROB @ first, keep1, keep2


def turn_values(
    filled: int,
    upper: np.ndarray,
    fifty: np.ndarray,
    table: np.ndarray,
    variant: Variant,
) -> np.ndarray:
    """Value at the start of a turn of the states (filled, upper[i], fifty[i])."""
    workspace = Workspace(len(upper))
    final, _, _ = workspace.arrays(len(upper))
    final_values(filled, upper, fifty, table, variant, final, workspace.scratch)
    return keep_levels(final, workspace)


def state_turn_levels(
    filled: int, upper: int, fifty: int, table: np.ndarray, variant: Variant
) -> TurnLevels:
    """The within-turn arrays of the state (filled, upper, fifty)."""
    workspace = Workspace(1)
    final, _, _ = workspace.arrays(1)
    final_values(
        filled, np.array([upper]), np.array([fifty]), table, variant, final, workspace.scratch
    )
    return turn_levels(final, workspace)


# ----------------------------------------------------------------------------- the table
def columns_for(filled: int, variant: Variant) -> tuple[np.ndarray, np.ndarray, list[int]]:
    """The states of one filled set worth computing, one per column: (upper, fifty, shared).

    `shared` lists the columns (one per flag, or none) standing for every upper total at which
    the bonus no longer matters; their value is copied to all those totals.
    """
    s = spec(variant)
    return _columns(filled & s.upper_mask, flag_matters(filled, variant), s.bonus_at)


@functools.cache
def _columns(
    upper_filled: int, two_flags: bool, bonus_at: int = BONUS_AT
) -> tuple[np.ndarray, np.ndarray, list[int]]:
    # Depends only on the upper boxes filled and whether the flag matters: 128 cases a card.
    totals = np.flatnonzero(upper_reach(bonus_at)[upper_filled])
    open_max = OPEN_UPPER_MAX[upper_filled]
    matter = (totals < bonus_at) & (totals + open_max >= bonus_at)
    uppers = np.concatenate([totals[matter], totals[~matter][:1]])
    flags = (0, 1) if two_flags else (0,)
    upper = np.tile(uppers, len(flags))
    fifty = np.repeat(np.array(flags, dtype=np.intp), len(uppers))
    shared = [] if matter.all() else [(i + 1) * len(uppers) - 1 for i in range(len(flags))]
    upper.flags.writeable = fifty.flags.writeable = False  # shared between calls
    return upper, fifty, shared


@functools.cache
def no_bonus_totals(upper_filled: int, bonus_at: int = BONUS_AT) -> np.ndarray:
    """The upper totals (0..63) at which the bonus can no longer change anything."""
    totals = np.arange(bonus_at + 1)
    open_max = OPEN_UPPER_MAX[upper_filled]
    found: np.ndarray = totals[(totals >= bonus_at) | (totals + open_max < bonus_at)]
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
    s = spec(variant)
    table[filled, upper, fifty] = values
    for column in shared:
        totals = no_bonus_totals(filled & s.upper_mask, s.bonus_at)
        table[filled, totals, fifty[column]] = values[column]
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
    s = spec(variant)
    table = np.full(s.table_shape, np.nan)
    table[s.all_boxes] = 0.0
    masks = [m for m in range(s.all_boxes) if m & within == within]
    workspace = Workspace(batch + s.n_upper_totals * 2)
    done = 0
    for filled_count in range(s.n_boxes - 1, -1, -1):
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


def children_of(
    filled: int, upper: int, fifty: int, variant: Variant = Variant.OFFICIAL
) -> set[tuple[int, int, int]]:
    """Every state one turn from (filled, upper, fifty) can lead to, whatever the roll."""
    s = spec(variant)
    found: set[tuple[int, int, int]] = set()
    for c in range(s.n_boxes):
        if filled >> c & 1:
            continue
        child = filled | 1 << c
        if c < s.upper_boxes:
            found.update((child, min(s.bonus_at, upper + (c + 1) * k), fifty) for k in range(6))
        elif c == s.yahtzee:
            found.update({(child, upper, 0), (child, upper, 1)})
        else:
            found.add((child, upper, fifty))
    return found


def solve_state(table: np.ndarray, filled: int, upper: int, fifty: int, variant: Variant) -> float:
    """The value of one state, computing it (and any missing state it needs) into `table`.

    Only cards no game can produce (an upper total no dice make) miss from a full table, so
    this stays small; the recursion is at most one turn a box deep.
    """
    value = table[filled, upper, fifty]
    if not np.isnan(value):
        return float(value)
    for child in children_of(filled, upper, fifty, variant):
        if np.isnan(table[child]):
            solve_state(table, *child, variant)
    start = turn_values(filled, np.array([upper]), np.array([fifty]), table, variant)
    flags = (fifty,) if flag_matters(filled, variant) else (0, 1)
    for flag in flags:
        table[filled, upper, flag] = start[0]
    return float(start[0])
