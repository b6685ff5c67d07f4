"""One whole turn's choices for one card, computed once with numpy: fast decisions for CPU play.

`option_values` (game.ai.options) is the reference: every choice of a situation with its
expected final total. It builds a scorecard per open box to value the scores, which is right
for a hint but too slow for a tournament of thousands of games (about 0.4 ms per decision).
Here a card's turn is worked out once, for every roll and keep at the same time:

- `score_points[c, r]` / `score_future[c, r]`: what scoring roll r (of the 252) in box c puts
  on the card (points, upper bonus, bonus chip) and the value of the state it leads to;
  the future is -inf where the rules refuse the box (the Joker rules, a filled box);
- `keep1[k]` / `keep2[k]`: the value of keeping multiset k (of the 462) with one / two rolls
  left, by the solver's recursion (one die at a time, game.ai.dicespace) on flat arrays.

About 0.2 ms per card state; every decision after that is a few dozen lookups
(`TurnOutlook.choices`, about 20 us). With the true values (`valuation(variant)`) the numbers
are bit for bit those of `option_values`, in the same order, ties included: every sum is made
in the order the solver and `expected_score` make it (tests/ai/test_levels.py checks this
over thousands of random situations of every variant).

A `Valuation` may also be *distorted*, to play like a person (game.ai.levels):

- `bonus_weight` w scales what the chase of the upper bonus is worth. A state's value is split
  into N, its value were the bonus out of reach, and the rest, V - N, the bonus chase; the
  distorted value is N + w (V - N). The 35 points count in full once they are on the card.
- `greed` g: points written this turn count (1 + g) times (future points count once).

N comes from the solver's tables where the bonus is already out of reach in some reachable
state of that filled-box set; for the other sets (no reachable total rules the bonus out)
it is computed here once per variant by the solver's own batched turn evaluation
(`no_bonus_values`, about a second).
"""

from __future__ import annotations

import logging
import threading
import time
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from game.ai.dicespace import (
    CHILDREN,
    DICE,
    FACE_COUNT,
    FACES,
    INDEX,
    N_MULTISETS,
    ROLL_INDEX,
    ROLLS,
    SIZE_START,
    YAHTZEE_ROWS,
    sub_keeps,
)
from game.ai.memo import Memo
from game.ai.options import Choice, Keep
from game.ai.scoring import Spec, five_of_a_kind_chip, five_of_a_kind_options, spec
from game.ai.solver import (
    StateKey,
    Workspace,
    final_values,
    flag_matters,
    keep_levels,
)
from game.ai.tables import value_table
from game.rules import AMERICAN, Category, Scorecard, Variant
from game.rules.actions import SCORES as SCORE_ACTIONS

log = logging.getLogger(__name__)

N_ROLLS = len(ROLLS)
MAX_ROLLS_LEFT = 2
TIE_DIGITS = 9  # as game.ai.options: values equal to 9 decimals are a tie
OUTLOOK_CACHE = 512  # card states per valuation: a tournament chunk's early turns, 30 MB
_BATCH = 192  # states per batched evaluation in no_bonus_values (the solver's build uses 128)

#: For every roll: its distinct keeps of 0 to 4 dice as (faces, index into the 462), in the
#: tie order of option_values (bigger keeps first, then by faces).
ROLL_KEEPS: tuple[tuple[tuple[Keep, int], ...], ...] = tuple(
    tuple(
        (Keep(faces), INDEX[faces]) for faces in sorted(sub_keeps(roll), key=lambda k: (-len(k), k))
    )
    for roll in ROLLS
)
SCORES = tuple(SCORE_ACTIONS[c] for c in AMERICAN.boxes)  # the American card's, by index


# ----------------------------------------------------------------------------- no-bonus values
def no_bonus_values(variant: Variant) -> np.ndarray:
    """N[filled, fifty]: the value of a state between turns were the upper bonus out of reach.

    Exact (the solver's own turn evaluation), computed once per variant and process.
    """
    return _no_bonus.get(variant)


def _compute_no_bonus(variant: Variant) -> np.ndarray:
    # With the upper total at 63 the bonus is settled, so the slice [:, 63, :] is exactly N;
    # the solver leaves it NaN for filled sets where no game reaches 63 (or a hopeless total).
    # Scoring from upper total 63 leads only to upper total 63, so that slice is closed: it is
    # filled here layer by layer (fullest cards first) in a private copy of the table.
    started = time.perf_counter()
    s = spec(variant)
    bonus_at = s.bonus_at
    table = value_table(variant).values.copy()
    workspace = Workspace(_BATCH + 2)
    for filled_count in range(s.n_boxes - 1, -1, -1):
        pending: list[tuple[int, np.ndarray]] = []
        width = 0
        layer = [m for m in range(s.all_boxes) if m.bit_count() == filled_count]
        for i, filled in enumerate(layer):
            flags = (0, 1) if flag_matters(filled, variant) else (0,)
            missing = np.array([f for f in flags if np.isnan(table[filled, bonus_at, f])])
            if len(missing):
                pending.append((filled, missing))
                width += len(missing)
            if pending and (width >= _BATCH or i == len(layer) - 1):
                _solve_batch(table, pending, width, workspace, variant)
                pending, width = [], 0
    no_bonus = np.ascontiguousarray(table[:, bonus_at, :])
    no_bonus[s.all_boxes] = 0.0
    log.info("no-bonus values (%s) in %.2f s", variant.value, time.perf_counter() - started)
    return no_bonus


_no_bonus: Memo[np.ndarray] = Memo(_compute_no_bonus)


def _solve_batch(
    table: np.ndarray,
    pending: list[tuple[int, np.ndarray]],
    width: int,
    workspace: Workspace,
    variant: Variant,
) -> None:
    bonus_at = spec(variant).bonus_at
    final, _, _ = workspace.arrays(width)
    at = 0
    for filled, flags in pending:
        upper = np.full(len(flags), bonus_at)
        final_values(filled, upper, flags, table, variant, final[:, at : at + len(flags)])
        at += len(flags)
    start = keep_levels(final, workspace)
    at = 0
    for filled, flags in pending:
        table[filled, bonus_at, flags] = start[at : at + len(flags)]
        if not flag_matters(filled, variant):
            table[filled, bonus_at, 1] = table[filled, bonus_at, 0]
        at += len(flags)


# ----------------------------------------------------------------------------- keeps
_ROLL_ROWS = SIZE_START[DICE]  # first row of the rolls among the 462 multisets
_SIXTH = 1.0 / FACES
#: Keep sizes 4 down to 0: (first row, end row, CHILDREN[size]) as dicespace.expect_keeps.
_EXPECT_BLOCKS = tuple(
    (SIZE_START[s], SIZE_START[s + 1], CHILDREN[s]) for s in range(DICE - 1, -1, -1)
)


def _padded(rows: list[list[int]]) -> np.ndarray:
    width = max(len(r) for r in rows)
    return np.array([r + [r[0]] * (width - len(r)) for r in rows], dtype=np.intp)


#: SUB_MULTISETS[r]: every sub-multiset of roll r (itself included), padded by repetition.
SUB_MULTISETS = _padded([[INDEX[k] for k in sub_keeps(roll, DICE)] for roll in ROLLS])
#: ROLL_KEEP_ROWS[r]: the rows of ROLL_KEEPS[r] (the keeps of 0 to 4 of its dice), padded.
ROLL_KEEP_ROWS = _padded([[index for _, index in keeps] for keeps in ROLL_KEEPS])


def _expect(level: np.ndarray) -> None:
    """Fill the keep rows of `level` (462) from its roll rows: expect_keeps for one state.

    One die at a time, summed in the same order as the solver's, so the values are the
    solver's to the last bit; a one-dimensional array spares most of its per-call costs.
    """
    for start, stop, children in _EXPECT_BLOCKS:
        np.multiply(np.take(level, children).sum(axis=0), _SIXTH, out=level[start:stop])


def keep_values(final: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(keep1, keep2) of a turn whose rolls scored at once are worth `final` (252).

    keep1[k]: keep multiset k and roll once more, then score; keep2[k]: keep k with two rolls
    to come. Rows of five dice (a roll) hold no keep value.
    """
    level = np.empty(N_MULTISETS)
    level[_ROLL_ROWS:] = final
    _expect(level)
    keep1 = level.copy()
    # With one roll left, a roll is worth its best: scoring now or any keep inside it.
    level[_ROLL_ROWS:] = level[SUB_MULTISETS].max(axis=1)
    _expect(level)
    return keep1, level


# ----------------------------------------------------------------------------- outlooks
@dataclass(frozen=True, slots=True)
class TurnOutlook:
    """Every choice of one turn from one card state, valued (see the module docstring).

    Values exclude the points already on the card; the methods take the card's `total`.
    Choices come in the canonical order of option_values' ties: boxes in card order, then
    keeps, bigger first. The best choice is the first whose value, to 9 decimals, is the top.
    """

    score_points: np.ndarray  # (boxes, 252) points written (bonus, chip included), x (1 + g)
    score_future: np.ndarray  # (boxes, 252) value of the next state; -inf: box not allowed
    keep1: np.ndarray  # (462,) keep with one roll left
    keep2: np.ndarray  # (462,) keep with two rolls left
    boxes: tuple[Category, ...] = AMERICAN.boxes  # the card's boxes, rows of the arrays

    def choices(
        self, total: int, dice: Sequence[int], rolls_left: int
    ) -> tuple[list[Choice], list[float]]:
        """Every legal choice and its value, in canonical order (not sorted by value)."""
        roll = ROLL_INDEX[tuple(sorted(dice))]
        points = self.score_points[:, roll].tolist()
        future = self.score_future[:, roll].tolist()
        choices: list[Choice] = []
        values: list[float] = []
        boxes = self.boxes
        for c in range(len(boxes)):
            if future[c] != -np.inf:
                choices.append(SCORE_ACTIONS[boxes[c]])
                # (total + points) first, as expected_score adds a filled card's total.
                values.append((total + points[c]) + future[c])
        if rolls_left:
            keeps = (self.keep1 if rolls_left == 1 else self.keep2).take(ROLL_KEEP_ROWS[roll])
            for (keep, _), value in zip(ROLL_KEEPS[roll], keeps.tolist(), strict=False):
                choices.append(keep)
                values.append(total + value)
        return choices, values

    def options(
        self, total: int, dice: Sequence[int], rolls_left: int
    ) -> list[tuple[Choice, float]]:
        """Every choice with its value, best first, exactly as option_values lists them."""
        choices, values = self.choices(total, dice, rolls_left)
        # Python's sort is stable and the canonical order is the tie order.
        order = sorted(range(len(values)), key=lambda i: -round(values[i], TIE_DIGITS))
        return [(choices[i], values[i]) for i in order]

    def best_value(self, total: int, dice: Sequence[int], rolls_left: int) -> float:
        """The value of the best choice (the first of `options`, to 9 decimals)."""
        roll = ROLL_INDEX[tuple(sorted(dice))]
        best = float(np.max(self.score_points[:, roll] + self.score_future[:, roll]))
        if rolls_left:
            keeps = self.keep1 if rolls_left == 1 else self.keep2
            best = max(best, float(keeps.take(ROLL_KEEP_ROWS[roll]).max()))
        return total + best

    def keep_value(self, total: int, faces: Sequence[int], rolls_left: int) -> float:
        """Value of keeping `faces` (0 to 4 dice) and rolling the rest."""
        keeps = self.keep1 if rolls_left == 1 else self.keep2
        return total + float(keeps[INDEX[tuple(sorted(faces))]])

    def score_value(self, total: int, dice: Sequence[int], box: int | Category) -> float:
        """Value of scoring the dice in `box` (a Category, or its index on the card; -inf if
        the rules refuse it)."""
        if isinstance(box, Category):
            box = self.boxes.index(box)
        roll = ROLL_INDEX[tuple(sorted(dice))]
        return (total + float(self.score_points[box, roll])) + float(self.score_future[box, roll])


def best_index(values: Sequence[float]) -> int:
    """Index of the best value; ties (to 9 decimals) go to the first, as in option_values."""
    top = max(values)
    rounded = round(top, TIE_DIGITS)
    floor = top - 1e-9  # only values this close can round to the same 9 decimals
    return next(i for i, v in enumerate(values) if v >= floor and round(v, TIE_DIGITS) == rounded)


UPPER_FACES = 6
#: UPPER_GATHER[m]: for the open upper boxes of filled-mask m (bits 0..5), in order, the
#: position of each roll's outcome in a list of six outcomes (face count 0..5) per box.
UPPER_OPEN: tuple[tuple[int, ...], ...] = tuple(
    tuple(c for c in range(UPPER_FACES) if not m >> c & 1) for m in range(1 << UPPER_FACES)
)
UPPER_GATHER: tuple[np.ndarray, ...] = tuple(
    (6 * np.arange(len(ups)))[:, None] + FACE_COUNT[list(ups)] for ups in UPPER_OPEN
)


@dataclass(frozen=True, eq=False)
class _CardArrays:
    """What a Valuation adds up for one variant's card, made once per variant."""

    upper_gain: np.ndarray  # [u, c, r]: points and upper bonus of roll r in upper box c from u
    five_roll: np.ndarray  # (252,) bool: five alike
    lower: tuple[int, ...]  # lower boxes other than a chips card's five-alike box
    stride: int  # flat index of (filled, upper, fifty) in the table
    zero_points: np.ndarray
    no_future: np.ndarray


_arrays: dict[Spec, _CardArrays] = {}


def card_arrays(s: Spec) -> _CardArrays:
    found = _arrays.get(s)
    if found is None:
        upper_points = s.base[: s.upper_boxes]
        bonus_at = s.bonus_at
        gain = np.array(
            [
                upper_points
                + np.where((u < bonus_at) & (u + upper_points >= bonus_at), s.upper_bonus, 0)
                for u in range(bonus_at + 1)
            ],
            dtype=np.float64,
        )
        five = s.base[s.yahtzee] == s.five_points if s.yahtzee >= 0 else np.zeros(N_ROLLS, bool)
        found = _arrays[s] = _CardArrays(
            upper_gain=gain,
            five_roll=five,
            lower=tuple(c for c in range(s.upper_boxes, s.n_boxes) if c != s.yahtzee),
            stride=(bonus_at + 1) * 2,
            zero_points=np.zeros((s.n_boxes, N_ROLLS)),
            no_future=np.full((s.n_boxes, N_ROLLS), -np.inf),
        )
    return found


_AMERICAN_ARRAYS = card_arrays(spec(Variant.OFFICIAL))
#: UPPER_GAIN[u, c, r]: the American card's (35 at 63), for older callers.
UPPER_GAIN = _AMERICAN_ARRAYS.upper_gain


class Distortion:
    """A way of valuing states: the truth (bonus_weight 1, greed 0), or a person's distortion
    of it (see the module docstring). Shared by the free and forced-order valuations."""

    def __init__(self, variant: Variant, bonus_weight: float = 1.0, greed: float = 0.0) -> None:
        if not 0.0 <= bonus_weight <= 1.0:
            raise ValueError(f"bonus_weight is 0 to 1, got {bonus_weight}")
        if greed < 0.0:
            raise ValueError(f"greed is 0 or more, got {greed}")
        self.variant = variant
        self.spec = spec(variant)
        self.bonus_weight = float(bonus_weight)
        self.greed = float(greed)

    @property
    def is_optimal(self) -> bool:
        return self.bonus_weight == 1.0 and self.greed == 0.0


class Valuation(Distortion):
    """How a player values states (the truth, or a person's distortion of it), with a cache
    of the turn outlooks it has worked out. Shared and thread-safe: use `valuation()`.
    """

    def __init__(self, variant: Variant, bonus_weight: float = 1.0, greed: float = 0.0) -> None:
        super().__init__(variant, bonus_weight, greed)
        self._arrays = card_arrays(self.spec)
        self._table = value_table(variant)
        self._values: np.ndarray | None = None
        self._flat: np.ndarray | None = None
        self._no_bonus: np.ndarray | None = None
        self._cache: OrderedDict[StateKey, TurnOutlook] = OrderedDict()
        self._last: tuple[Scorecard, TurnOutlook] | None = None
        self._lock = threading.RLock()

    @property
    def values(self) -> np.ndarray:
        """The (distorted) state values, same shape as the solver's table."""
        if self._values is None:
            with self._lock:
                if self._values is None:
                    if self.bonus_weight == 1.0:
                        values = self._table.values  # the truth, shared, never copied
                    else:
                        self._no_bonus = no_bonus_values(self.variant)
                        n = self._no_bonus[:, None, :]
                        values = n + self.bonus_weight * (self._table.values - n)
                    self._flat = values.reshape(-1)  # a view: lookups by flat index
                    self._values = values
        return self._values

    def _lookup(self, states: list[int]) -> list[float]:
        """Values of states given as flat table indices, in one numpy gather."""
        if self._flat is None:
            self.values  # noqa: B018 - loads the values
        assert self._flat is not None
        found = self._flat.take(states)
        if np.isnan(found).any():
            # A hand-made card can lead to a state no game reaches: the solver computes it
            # on demand (into its table), and the distortion is applied to that value.
            for i in np.flatnonzero(np.isnan(found)):
                filled, rest = divmod(states[i], self._arrays.stride)
                key = StateKey(filled, rest // 2, rest % 2)
                true = self._table.value(key)
                if self.bonus_weight != 1.0:
                    assert self._no_bonus is not None
                    n = self._no_bonus[key.filled, key.fifty]
                    self._flat[states[i]] = n + self.bonus_weight * (true - n)
            found = self._flat.take(states)
        return found.tolist()

    def outlook(self, card: Scorecard) -> TurnOutlook:
        """The turn's outlook from `card` (computed once, then cached)."""
        last = self._last
        if last is not None and last[0] is card:
            return last[1]  # the same card asked again within a turn
        key = StateKey.of(card)
        with self._lock:
            known = self._cache.get(key)
            if known is not None:
                self._cache.move_to_end(key)
            else:
                known = self._compute(key)
                self._cache[key] = known
                if len(self._cache) > OUTLOOK_CACHE:
                    self._cache.popitem(last=False)
            self._last = (card, known)
            return known

    def _compute(self, key: StateKey) -> TurnOutlook:
        s, arrays = self.spec, self._arrays
        filled, upper, fifty = key.filled, key.upper, key.fifty
        ups = UPPER_OPEN[filled & s.upper_mask]
        lows = [c for c in arrays.lower if not filled >> c & 1]
        yahtzee_open = s.yahtzee >= 0 and not filled & s.yahtzee_bit
        jokers = self._joker_moves(key) if s.chips and filled & s.yahtzee_bit else []
        # Every state this turn can lead to, looked up at once (as flat table indices): per
        # upper box one per count of its face (0..5), per lower box one, the Yahtzee box one
        # per flag, then the Jokers'.
        stride = arrays.stride
        states = [
            (filled | 1 << c) * stride + min(s.bonus_at, upper + (c + 1) * k) * 2 + fifty
            for c in ups
            for k in range(DICE + 1)
        ]
        states += [(filled | 1 << c) * stride + upper * 2 + fifty for c in lows]
        if yahtzee_open:
            child = (filled | s.yahtzee_bit) * stride + upper * 2
            states += [child, child + 1]
        states += [move[3] for move in jokers]
        after = self._lookup(states)

        points = arrays.zero_points.copy()
        future = arrays.no_future.copy()
        if ups:
            future[list(ups)] = np.take(after, UPPER_GATHER[filled & s.upper_mask])
            points[list(ups)] = arrays.upper_gain[upper, list(ups)]
        at = 6 * len(ups)
        if lows:
            future[lows] = np.array(after[at : at + len(lows)])[:, None]
            points[lows] = s.base[lows]
            at += len(lows)
        if yahtzee_open:
            future[s.yahtzee] = np.where(arrays.five_roll, after[at + 1], after[at])
            points[s.yahtzee] = s.base[s.yahtzee]
            at += 2
        scale = 1.0 + self.greed
        if not jokers:
            if scale != 1.0:
                points *= scale
            final = np.max(points + future, axis=0)
            return TurnOutlook(points, future, *keep_values(final), s.boxes)
        rows = YAHTZEE_ROWS[[move[0] - 1 for move in jokers]]
        points[:, rows] = 0.0
        future[:, rows] = -np.inf
        chip = np.zeros(N_ROLLS)
        for (_, c, gained, _, chip_points), roll, value in zip(
            jokers, rows, after[at:], strict=True
        ):
            points[c, roll] = gained
            future[c, roll] = value
            chip[roll] = chip_points
        # Summed in the solver's order, so that keep values match it to the last bit:
        # (points + future) per box, the best box, then the chip.
        final = np.max(scale * points + future, axis=0) + scale * chip
        return TurnOutlook(scale * (points + chip), future, *keep_values(final), s.boxes)

    def _joker_moves(self, key: StateKey) -> list[tuple[int, int, int, int, int]]:
        """Five of a kind with the Yahtzee box filled, by the variant's Joker rule: (face,
        box, points and upper bonus, next state's flat index, chip points) per allowed box."""
        s = self.spec
        filled, upper, fifty = key.filled, key.upper, key.fifty
        box = s.five_points * fifty
        chip_points = five_of_a_kind_chip(box, self.variant)
        moves = []
        for face in range(1, 7):
            allowed = five_of_a_kind_options(face, s.all_boxes & ~filled, box, self.variant)
            for c, scored in allowed.items():
                gained, reached = scored, upper
                if c < s.upper_boxes:
                    reached = upper + scored
                    gained += s.upper_bonus if upper < s.bonus_at <= reached else 0
                stride = self._arrays.stride
                child = (filled | 1 << c) * stride + min(reached, s.bonus_at) * 2 + fifty
                moves.append((face, c, gained, child, chip_points))
        return moves


_valuations: Memo[Valuation] = Memo(Valuation)


def valuation(variant: Variant, bonus_weight: float = 1.0, greed: float = 0.0) -> Valuation:
    """The shared Valuation for these parameters (its cache serves every player using it)."""
    return _valuations.get(variant, float(bonus_weight), float(greed))


def fast_option_values(
    card: Scorecard, dice: Sequence[int], rolls_left: int, variant: Variant = Variant.OFFICIAL
) -> list[tuple[Choice, float]]:
    """option_values(card, dice, rolls_left, variant), from cached turn outlooks."""
    return valuation(variant).outlook(card).options(card.total, dice, rolls_left)
