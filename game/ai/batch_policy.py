"""The Expert's choices for many games at once: numpy arrays in, numpy arrays out.

The batch simulator (game.ai.batch) asks, for a whole array of games at the same point of a
turn, what the Expert does with the dice showing. The answer needs two things per game:

- what each box would bring (`Outcomes`: points written, upper bonus and bonus chip
  included, and the value of the state it leads to), gathered straight from the solver's
  table for the game's card state and roll;
- the value of every keep with one and two rolls to come, which depends on the card state
  only: `Policy` works it out for many states at once (the solver's one-die-at-a-time
  recursion of game.ai.dicespace, one column per state) and keeps it for the games that meet
  the same state later.

The values are bit for bit those of game.ai.turn (and so of option_values), summed in the
same order, and the choice is the first best in the same canonical order: boxes in card
order, then keeps bigger first. option_values compares values rounded to 9 decimals *with
the card's total added*; where two choices are within NEAR of each other, the decision is
made exactly that way, one game at a time (`turn.best_index`), which is rare.

A decision is a code: a box (0..12: score there) or N_BOXES + j (keep the j-th keep of the
roll, in game.ai.turn.ROLL_KEEPS order).

Card states whose upper total no longer matters (bonus won or out of reach) and a Yahtzee
flag that changes nothing share all their values (the solver stores them once too), so
keep values are computed for one canonical key per group.
"""

from __future__ import annotations

import functools
import threading
from dataclasses import dataclass

import numpy as np

from game.ai.dicespace import (
    DICE,
    FACE_COUNT,
    N_MULTISETS,
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
from game.ai.solver import BONUS_AT, OPEN_UPPER_MAX, UPPER_BONUS, StateKey, children_of
from game.ai.tables import value_table
from game.ai.turn import ROLL_KEEP_ROWS, ROLL_KEEPS, TIE_DIGITS, best_index
from game.rules import Variant

N_ROLLS = 252
KEEP_SLOTS = ROLL_KEEP_ROWS.shape[1]  # 31: the most distinct keeps of 0..4 dice in one roll
N_KEEP_ROWS = SIZE_START[DICE]  # 210 keeps of 0..4 dice come first among the 462 multisets
NEAR = 1e-6  # choices closer than this may rank apart once the card's total is added
EVAL_CHUNK = 512  # states per numpy pass when computing keep values
_STRIDE = (BONUS_AT + 1) * 2  # a state code is filled * 128 + upper * 2 + fifty

#: For every roll, which keep slots hold a real keep (the padding repeats the first).
SLOT_USED = np.array([[j < len(k) for j in range(KEEP_SLOTS)] for k in ROLL_KEEPS], dtype=bool)
#: ROLL_FACE[r]: face (1..6) of five-of-a-kind roll r, 0 for every other roll.
ROLL_FACE = np.zeros(N_ROLLS, dtype=np.int64)
ROLL_FACE[YAHTZEE_ROWS] = np.arange(1, 7)
_UPPERS = np.arange(UPPER_BOXES)
_COUNTS = np.arange(DICE + 1)
#: Flat position of (upper box c, count of its face in roll r) in a (6 boxes x 6 counts) row.
_UPPER_ROWS = 6 * _UPPERS[:, None] + FACE_COUNT
_BOXES = np.arange(N_BOXES)
_LOWER = np.array([c for c in range(UPPER_BOXES, N_BOXES) if c != YAHTZEE])
_IS_LOWER = np.isin(_BOXES, _LOWER)  # the lower boxes but the Yahtzee box
_IS_FIVE = (BASE_POINTS[YAHTZEE] == 50).astype(np.int64)
_BASE = BASE_POINTS.astype(np.float64)
assert TIE_DIGITS == 9  # NEAR must stay far above best_index's rounding


# ----------------------------------------------------------------------------- state codes
def state_codes(filled: np.ndarray, upper: np.ndarray, fifty: np.ndarray) -> np.ndarray:
    """One int per card state (filled mask, upper total, Yahtzee box holds 50), as StateKey."""
    capped = np.minimum(upper, BONUS_AT).astype(np.int64)
    return filled.astype(np.int64) * _STRIDE + capped * 2 + fifty.astype(np.int64)


def split_codes(codes: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    filled, rest = np.divmod(codes, _STRIDE)
    return filled, rest // 2, rest % 2


@functools.cache
def _matters(variant: Variant) -> tuple[np.ndarray, np.ndarray]:
    """(upper_matters[upper_filled_mask, u], flag_matters[filled]) as lookup arrays."""
    totals = np.arange(BONUS_AT + 1)[None, :]
    upper = (totals < BONUS_AT) & (totals + OPEN_UPPER_MAX[:, None] >= BONUS_AT)
    masks = np.arange(ALL_BOXES + 1)
    flag = ((masks & YAHTZEE_BIT) != 0) & (variant is not Variant.SIMPLE)
    return upper, flag


def canonical(codes: np.ndarray, variant: Variant) -> np.ndarray:
    """Each state's code mapped to the one state of its group that keep values are kept for."""
    upper_matters, flag_matters = _matters(variant)
    filled, upper, fifty = split_codes(codes)
    upper = np.where(upper_matters[filled & UPPER_MASK, upper], upper, BONUS_AT)
    fifty = np.where(flag_matters[filled], fifty, 0)
    return filled * _STRIDE + upper * 2 + fifty


@functools.cache
def joker_points(variant: Variant) -> np.ndarray:
    """JOKER[filled, fifty, face - 1, box]: points five of a kind makes in a box with the
    Yahtzee box filled (holding 50 if `fifty`), by five_of_a_kind_options; -1: refused."""
    table = np.full((ALL_BOXES + 1, 2, 6, N_BOXES), -1, dtype=np.int16)
    for filled in range(ALL_BOXES + 1):
        if not filled & YAHTZEE_BIT or variant is Variant.SIMPLE:
            continue  # no Joker: five of a kind scores as it lies
        for fifty in (0, 1):
            for face in range(1, 7):
                options = five_of_a_kind_options(face, ALL_BOXES & ~filled, 50 * fifty, variant)
                for box, points in options.items():
                    table[filled, fifty, face - 1, box] = points
    return table


# ----------------------------------------------------------------------------- outcomes
@dataclass(frozen=True, slots=True)
class Outcomes:
    """What scoring in each box brings, for n card states (any rolls), in small arrays.

    upper_gain / upper_future (n, 6, 6): box c taking k dice of its face: points and upper
    bonus, and the next state's value. lower_future (n, 13): the next state of each lower
    box. yahtzee_future (n, 2): by whether the roll is five of a kind. Every future is -inf
    where the box is filled. joker_points / joker_future (n, 6 faces, 13 boxes): five of a
    kind by the Joker rule (points -1 and future -inf where refused; -inf everywhere for
    states without a Joker rule), and chip (n,) what such a roll adds as a bonus chip.
    """

    upper_gain: np.ndarray
    upper_future: np.ndarray
    lower_future: np.ndarray
    yahtzee_future: np.ndarray
    joker: np.ndarray  # (n,) bool: five of a kind follows the Joker rule
    joker_points: np.ndarray
    joker_future: np.ndarray
    chip: np.ndarray

    @property
    def incomplete(self) -> np.ndarray:
        """States whose next states are not all in the table yet (hand-made cards)."""
        gaps = [np.isnan(a).reshape(len(a), -1).any(axis=1) for a in self._futures()]
        return np.logical_or.reduce(gaps)

    def _futures(self) -> tuple[np.ndarray, ...]:
        return self.upper_future, self.lower_future, self.yahtzee_future, self.joker_future

    def take(self, index: np.ndarray) -> Outcomes:
        """The outcomes of the states at `index` only."""
        return Outcomes(*(getattr(self, name)[index] for name in self.__slots__))

    def at(self, roll: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(points, future), each (n, 13), of state i scoring roll[i] in each box, as
        TurnOutlook.score_points / score_future hold them (the chip among the points)."""
        n = len(roll)
        rows = np.arange(n)[:, None]
        points = np.empty((n, N_BOXES))
        future = np.empty((n, N_BOXES))
        counts = FACE_COUNT[:, roll].T  # (n, 6)
        points[:, :UPPER_BOXES] = self.upper_gain[rows, _UPPERS, counts]
        future[:, :UPPER_BOXES] = self.upper_future[rows, _UPPERS, counts]
        points[:, UPPER_BOXES:] = _BASE[UPPER_BOXES:, roll].T
        future[:, _LOWER] = self.lower_future[:, _LOWER]
        future[:, YAHTZEE] = self.yahtzee_future[np.arange(n), _IS_FIVE[roll]]
        jokers = np.flatnonzero(self.joker & (ROLL_FACE[roll] > 0))
        if len(jokers):
            face = ROLL_FACE[roll[jokers]] - 1
            allowed = self.joker_points[jokers, face]
            points[jokers] = np.where(allowed >= 0, allowed, 0.0) + self.chip[jokers, None]
            future[jokers] = self.joker_future[jokers, face]
        return points, future

    def final(self) -> np.ndarray:
        """(n, 252): each roll scored in its best box now, as TurnOutlook's final values."""
        n = len(self.chip)
        up = (self.upper_gain + self.upper_future).reshape(n, -1)
        best = up[:, _UPPER_ROWS].max(axis=1)
        for c in _LOWER:
            np.maximum(best, _BASE[c] + self.lower_future[:, c, None], out=best)
        yahtzee = _BASE[YAHTZEE] + self.yahtzee_future[:, _IS_FIVE]
        np.maximum(best, yahtzee, out=best)
        jokers = np.flatnonzero(self.joker)
        if len(jokers):
            points = np.where(self.joker_points[jokers] >= 0, self.joker_points[jokers], 0.0)
            values = (points + self.joker_future[jokers]).max(axis=2)
            best[jokers[:, None], YAHTZEE_ROWS] = values + self.chip[jokers, None]
        return best


def outcomes(codes: np.ndarray, values: np.ndarray, variant: Variant) -> Outcomes:
    """The Outcomes of the states `codes` from the solver's `values` table."""
    filled, upper, fifty = split_codes(codes)
    n = len(codes)
    up_open = (filled[:, None] >> _UPPERS & 1) == 0
    added = (_UPPERS + 1)[:, None] * _COUNTS  # (6, 6): points of k dice in box c
    raw = upper[:, None, None] + added
    bonus = np.where((upper[:, None, None] < BONUS_AT) & (raw >= BONUS_AT), UPPER_BONUS, 0)
    upper_gain = (added + bonus).astype(np.float64)
    children = (filled[:, None] | 1 << _UPPERS)[:, :, None]
    after = values[children, np.minimum(raw, BONUS_AT), fifty[:, None, None]]
    upper_future = np.where(up_open[:, :, None], after, -np.inf)
    box_open = (filled[:, None] >> _BOXES & 1) == 0
    lower_after = values[filled[:, None] | 1 << _BOXES, upper[:, None], fifty[:, None]]
    lower_future = np.where(box_open & _IS_LOWER, lower_after, -np.inf)
    y_child = filled | YAHTZEE_BIT
    y_after = np.stack([values[y_child, upper, 0], values[y_child, upper, 1]], axis=1)
    yahtzee_future = np.where(box_open[:, YAHTZEE, None], y_after, -np.inf)
    joker = ~box_open[:, YAHTZEE] & (variant is not Variant.SIMPLE)
    allowed = joker_points(variant)[filled, fifty].astype(np.int64)  # (n, 6, 13)
    is_upper = _BOXES < UPPER_BOXES
    u = upper[:, None, None]
    reached = np.where(is_upper, u + np.maximum(allowed, 0), u)
    j_bonus = np.where(is_upper & (u < BONUS_AT) & (reached >= BONUS_AT), UPPER_BONUS, 0)
    j_after = values[
        filled[:, None, None] | 1 << _BOXES, np.minimum(reached, BONUS_AT), fifty[:, None, None]
    ]
    refused = allowed < 0
    chips = np.array([five_of_a_kind_chip(50 * f, variant) for f in (0, 1)], dtype=np.float64)
    return Outcomes(
        upper_gain,
        upper_future,
        lower_future,
        yahtzee_future,
        joker,
        np.where(refused, -1, allowed + j_bonus),
        np.where(refused | ~joker[:, None, None], -np.inf, j_after),
        np.where(joker, chips[fifty], 0.0) if n else np.zeros(0),
    )


def keep_levels(final: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """keep1, keep2 (states x 210) from the final values (states x 252), as turn.keep_values."""
    level = np.empty((N_MULTISETS, final.shape[0]))
    level[N_KEEP_ROWS:] = final.T
    expect_keeps(level)
    keep1 = level[:N_KEEP_ROWS].T.copy()
    best_sub_keep(level)  # each roll row becomes: the best of scoring now or any keep inside
    expect_keeps(level)
    return keep1, level[:N_KEEP_ROWS].T.copy()


# ----------------------------------------------------------------------------- the policy
class Policy:
    """The Expert for one variant: keep values per card state, computed on demand and kept.

    Thread-safe. At most `limit` states are kept (3.4 kB each); past it the store starts
    afresh, which only costs recomputation.
    """

    def __init__(self, variant: Variant, limit: int = 40_000) -> None:
        self.variant = variant
        self.limit = limit
        self._table = value_table(variant)
        self._rows: dict[int, int] = {}
        self._keeps = np.empty((2, 1024, N_KEEP_ROWS))
        self._lock = threading.RLock()
        self.evaluated = 0  # states worked out so far (the benchmark reports it)

    @property
    def values(self) -> np.ndarray:
        return self._table.values

    def outcomes(self, codes: np.ndarray) -> Outcomes:
        """Outcomes of the states `codes`, computing any next state missing from the table."""
        found = outcomes(codes, self._table.values, self.variant)
        gaps = found.incomplete
        if gaps.any():
            with self._lock:
                for code in codes[gaps].tolist():
                    filled, rest = divmod(code, _STRIDE)
                    for child in children_of(filled, rest // 2, rest % 2):
                        if child[0] != ALL_BOXES and np.isnan(self._table.values[child]):
                            self._table.value(StateKey(*child))
            found = outcomes(codes, self._table.values, self.variant)
        return found

    def rows(self, codes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(row of each state in `keeps`, the keep arrays): computes the states not kept."""
        keys = canonical(codes, self.variant)
        unique, inverse = np.unique(keys, return_inverse=True)
        with self._lock:
            known = self._rows
            listed = unique.tolist()
            missing = [k for k in listed if k not in known]
            if len(known) + len(missing) > self.limit:
                known.clear()
                missing = listed
            if missing:
                self._add(np.array(missing, dtype=np.int64))
            found = np.array([known[k] for k in listed], dtype=np.int64)
            return found[inverse], self._keeps

    def _add(self, keys: np.ndarray) -> None:
        start = len(self._rows)
        need = start + len(keys)
        if need > self._keeps.shape[1]:
            grown = np.empty((2, max(need, 2 * self._keeps.shape[1]), N_KEEP_ROWS))
            grown[:, :start] = self._keeps[:, :start]
            self._keeps = grown
        for at in range(0, len(keys), EVAL_CHUNK):
            chunk = keys[at : at + EVAL_CHUNK]
            keep1, keep2 = keep_levels(self.outcomes(chunk).final())
            self._keeps[0, start + at : start + at + len(chunk)] = keep1
            self._keeps[1, start + at : start + at + len(chunk)] = keep2
        for i, key in enumerate(keys.tolist()):
            self._rows[key] = start + i
        self.evaluated += len(keys)

    def decide(
        self,
        found: Outcomes,
        total: np.ndarray,
        roll: np.ndarray,
        rolls_left: int,
        kept: tuple[np.ndarray, np.ndarray] | None = None,
    ) -> np.ndarray:
        """The Expert's choice (a decision code) for each game: the Outcomes of its card
        state, `total` points on the card, roll index `roll` showing, `rolls_left` (0, 1 or
        2), and with rolls left its state's keep values as `rows` gives them."""
        points, future = found.at(roll)
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
        choice = np.argmax(cand, axis=1)
        top = cand[np.arange(len(cand)), choice]
        near = (cand >= (top - NEAR)[:, None]).sum(axis=1) > 1
        for g in np.flatnonzero(near).tolist():
            choice[g] = _exact(int(total[g]), points[g], future[g], cand[g, N_BOXES:])
        return choice


def _exact(total: int, points: np.ndarray, future: np.ndarray, kept: np.ndarray) -> int:
    """One near tie decided as TurnOutlook.choices and best_index decide it."""
    codes, values = [], []
    for c, (p, f) in enumerate(zip(points.tolist(), future.tolist(), strict=True)):
        if f != -np.inf:
            codes.append(c)
            values.append((total + p) + f)
    for j, k in enumerate(kept.tolist()):
        if k != -np.inf:
            codes.append(N_BOXES + j)
            values.append(total + k)
    return codes[best_index(values)]


_policies: dict[Variant, Policy] = {}
_policies_lock = threading.Lock()


def expert_policy(variant: Variant) -> Policy:
    """The shared Expert policy of a variant (one per process)."""
    with _policies_lock:
        found = _policies.get(variant)
        if found is None:
            found = _policies[variant] = Policy(variant)
        return found
