"""Card states as codes, and what scoring a roll in each box brings, for many states at once.

The batch simulator (game.ai.tablemaker.batch) and its Expert policy (game.ai.tablemaker.policy)
keep every game's card state as one int (`state_codes`, as the solver's StateKey), so that the
solver's value table can be read for a whole array of games in one indexing. What a box brings
depends only on that state and the roll, not on the keeps or the policy's caching, so it lives
here, apart from the keep values and the decisions:

- `Outcomes`: per state, the points each box writes (upper bonus and bonus chip included)
  and the value of the state it leads to, gathered straight from the solver's table; `at`
  reads them for given rolls, `final` gives every roll scored in its best box (the values
  the keep recursion starts from);
- `canonical`: card states whose upper total no longer matters (bonus won or out of reach)
  and a Yahtzee flag that changes nothing share all their values (the solver stores them
  once too), so the policy keeps keep values for one canonical key per group.

Any card: everything about it comes from game.ai.exact.scoring.spec(variant) (`BoxArrays`). On
a card with bonus chips the five-alike box has futures of its own (by whether the roll is
five alike, which sets the Yahtzee flag), and five alike with that box filled follows the
variant's Joker rule (`joker_points`; none under SIMPLE). On a card without chips (Yatzy)
five alike always scores as it lies, and the five-alike box is one more lower box.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np

from game.ai.exact.dicespace import DICE, FACE_COUNT, YAHTZEE_ROWS
from game.ai.exact.scoring import Spec, five_of_a_kind_chip, five_of_a_kind_options, spec
from game.ai.exact.solver import BONUS_AT, OPEN_UPPER_MAX, UPPER_FACES
from game.ai.levels.turn import card_arrays
from game.rules import Variant

N_ROLLS = 252
_STRIDE = (BONUS_AT + 1) * 2  # a state code is filled * 128 + upper * 2 + fifty (every card)

#: ROLL_FACE[r]: face (1..6) of five-of-a-kind roll r, 0 for every other roll.
ROLL_FACE = np.zeros(N_ROLLS, dtype=np.int64)
ROLL_FACE[YAHTZEE_ROWS] = np.arange(1, 7)
_UPPERS = np.arange(UPPER_FACES)  # every card opens with Ones to Sixes
_COUNTS = np.arange(DICE + 1)
#: Flat position of (upper box c, count of its face in roll r) in a (6 boxes x 6 counts) row.
_UPPER_ROWS = 6 * _UPPERS[:, None] + FACE_COUNT


@dataclass(frozen=True, eq=False)
class BoxArrays:
    """A variant's card as the policy's arrays index it (one object per variant: `box_arrays`).

    lower: the lower boxes whose future is one state (all but a chips card's five-alike box);
    yahtzee: that five-alike box, -1 on a card without chips; is_five (252,): 1 where the
    roll is five alike, choosing its box's future; base (boxes, 252) points as floats.
    """

    spec: Spec
    n_boxes: int
    boxes: np.ndarray
    lower: np.ndarray
    yahtzee: int
    is_five: np.ndarray
    base: np.ndarray


@functools.cache
def box_arrays(variant: Variant) -> BoxArrays:
    s = spec(variant)
    if s.upper_boxes != UPPER_FACES or s.n_upper_totals * 2 != _STRIDE:
        raise ValueError(
            f"the batch simulator plays cards with Ones to Sixes and the bonus at {BONUS_AT},"
            f" not the {variant.value} card"
        )
    shared = card_arrays(s)  # game.ai.levels.turn's: the same lower boxes and five-alike rolls
    return BoxArrays(
        spec=s,
        n_boxes=s.n_boxes,
        boxes=np.arange(s.n_boxes),
        lower=np.array(shared.lower),
        yahtzee=s.yahtzee,
        is_five=shared.five_roll.astype(np.int64),
        base=s.base.astype(np.float64),
    )


# ----------------------------------------------------------------------------- state codes
def state_codes(filled: np.ndarray, upper: np.ndarray, fifty: np.ndarray) -> np.ndarray:
    """One int per card state (filled mask, upper total, Yahtzee box holds 50), as StateKey."""
    capped = np.minimum(upper, BONUS_AT).astype(np.int64)
    codes: np.ndarray = filled.astype(np.int64) * _STRIDE + capped * 2 + fifty.astype(np.int64)
    return codes


def split_codes(codes: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    filled, rest = np.divmod(codes, _STRIDE)
    return filled, rest // 2, rest % 2


@functools.cache
def _matters(variant: Variant) -> tuple[np.ndarray, np.ndarray]:
    """(upper_matters[upper_filled_mask, u], flag_matters[filled]) as lookup arrays."""
    s = spec(variant)
    totals = np.arange(s.bonus_at + 1)[None, :]
    upper = (totals < s.bonus_at) & (totals + OPEN_UPPER_MAX[:, None] >= s.bonus_at)
    masks = np.arange(s.all_boxes + 1)
    flag = ((masks & s.yahtzee_bit) != 0) & s.chips
    return upper, flag


def canonical(codes: np.ndarray, variant: Variant) -> np.ndarray:
    """Each state's code mapped to the one state of its group that keep values are kept for."""
    upper_matters, flag_matters = _matters(variant)
    s = spec(variant)
    filled, upper, fifty = split_codes(codes)
    upper = np.where(upper_matters[filled & s.upper_mask, upper], upper, s.bonus_at)
    fifty = np.where(flag_matters[filled], fifty, 0)
    kept_for: np.ndarray = filled * _STRIDE + upper * 2 + fifty
    return kept_for


@functools.cache
def joker_points(variant: Variant) -> np.ndarray:
    """JOKER[filled, fifty, face - 1, box]: points five of a kind makes in a box with the
    Yahtzee box filled (holding 50 if `fifty`), by five_of_a_kind_options; -1: refused.
    Only a card with chips has a Joker (and a table: ValueError for the others)."""
    s = spec(variant)
    if not s.chips:
        raise ValueError(f"five alike scores as it lies under the {variant.value} rules")
    table = np.full((s.all_boxes + 1, 2, 6, s.n_boxes), -1, dtype=np.int16)
    for filled in range(s.all_boxes + 1):
        if not filled & s.yahtzee_bit:
            continue  # the five-alike box open: five of a kind scores as it lies
        for fifty in (0, 1):
            box = s.five_points * fifty
            for face in range(1, 7):
                options = five_of_a_kind_options(face, s.all_boxes & ~filled, box, variant)
                for c, points in options.items():
                    table[filled, fifty, face - 1, c] = points
    return table


# ----------------------------------------------------------------------------- outcomes
@dataclass(frozen=True, slots=True)
class Outcomes:
    """What scoring in each box brings, for n card states (any rolls), in small arrays.

    upper_gain / upper_future (n, 6, 6): box c taking k dice of its face: points and upper
    bonus, and the next state's value. lower_future (n, boxes): the next state of each lower
    box but a chips card's five-alike box; yahtzee_future (n, 2): that box's, by whether the
    roll is five of a kind (-inf on a card without chips). Every future is -inf where the
    box is filled (or is not of that kind). joker (n, 6 faces, boxes): points of five of a
    kind by the Joker rule, -1 where refused (everywhere for a state without a Joker);
    joker_rule (n,): whether five of a kind follows the Joker rule (the Yahtzee box is
    filled and the variant has one); chip (n,): the bonus chip it earns. card: the boxes.

    A Joker leads to states already listed (an upper box takes 0 or 5 dice of its face, a
    lower box is a lower box), so it needs no values of its own.
    """

    upper_gain: np.ndarray
    upper_future: np.ndarray
    lower_future: np.ndarray
    yahtzee_future: np.ndarray
    joker: np.ndarray
    joker_rule: np.ndarray
    chip: np.ndarray
    card: BoxArrays

    @property
    def incomplete(self) -> np.ndarray:
        """States whose next states are not all in the table yet (hand-made cards)."""
        futures = self.upper_future, self.lower_future, self.yahtzee_future
        gaps = [np.isnan(a).reshape(len(a), -1).any(axis=1) for a in futures]
        gaps_found: np.ndarray = np.logical_or.reduce(gaps)
        return gaps_found

    def at(self, roll: np.ndarray, index: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(points, future), each (len(index), boxes): state index[i] scoring roll[i] in each
        box, as TurnOutlook.score_points / score_future hold them (the chip in the points)."""
        card = self.card
        n = len(roll)
        rows = index[:, None]
        points = np.empty((n, card.n_boxes))
        future = np.empty((n, card.n_boxes))
        counts = FACE_COUNT[:, roll].T  # (n, 6)
        points[:, :UPPER_FACES] = self.upper_gain[rows, _UPPERS, counts]
        future[:, :UPPER_FACES] = self.upper_future[rows, _UPPERS, counts]
        points[:, UPPER_FACES:] = card.base[UPPER_FACES:, roll].T
        future[:, UPPER_FACES:] = self.lower_future[rows, card.boxes[UPPER_FACES:]]
        if card.yahtzee >= 0:
            future[:, card.yahtzee] = self.yahtzee_future[index, card.is_five[roll]]
        face = ROLL_FACE[roll] - 1
        five = np.flatnonzero(face >= 0)
        jokers = five[self.joker_rule[index[five]]]
        if len(jokers):
            states = index[jokers]
            j_points, j_future = self._joker_values(states, self.joker[states, face[jokers]])
            points[jokers] = j_points + self.chip[states, None]
            future[jokers] = j_future
        return points, future

    def final(self) -> np.ndarray:
        """(252, n): each roll scored in its best box now, as TurnOutlook's final values
        (one column per state, as the solver's keep recursion wants them)."""
        card = self.card
        up = (self.upper_gain + self.upper_future).reshape(len(self.chip), -1).T  # (36, n)
        best: np.ndarray = np.take(up, _UPPER_ROWS, axis=0).max(axis=0)  # (252, n)
        lower = self.lower_future.T
        for c in card.lower:
            np.maximum(best, card.base[c][:, None] + lower[c], out=best)
        if card.yahtzee >= 0:
            yahtzee = card.base[card.yahtzee][:, None] + self.yahtzee_future.T[card.is_five]
            np.maximum(best, yahtzee, out=best)
        jokers = np.flatnonzero(self.joker_rule)
        if len(jokers):
            points, future = self._joker_values(jokers, self.joker[jokers])
            values = (points + future).max(axis=-1) + self.chip[jokers, None]  # (m, 6 faces)
            best[YAHTZEE_ROWS[:, None], jokers[None, :]] = values.T
        return best

    def _joker_values(
        self, states: np.ndarray, allowed: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray]:
        """(points, future) of five of a kind in each box (allowed: (m, ..., boxes) points)."""
        shape = allowed.shape
        allowed = allowed.reshape(len(states), -1, self.card.n_boxes).astype(np.int64)
        up = allowed[:, :, :UPPER_FACES]
        dice = np.maximum(up, 0) // (_UPPERS + 1)  # dice of the box's face: 0 or 5
        rows = states[:, None, None]
        points = np.empty(allowed.shape)
        future = np.empty(allowed.shape)
        points[:, :, :UPPER_FACES] = self.upper_gain[rows, _UPPERS, dice]
        future[:, :, :UPPER_FACES] = self.upper_future[rows, _UPPERS, dice]
        points[:, :, UPPER_FACES:] = allowed[:, :, UPPER_FACES:]
        future[:, :, UPPER_FACES:] = self.lower_future[states, None, UPPER_FACES:]
        refused = allowed < 0
        points[refused] = 0.0
        future[refused] = -np.inf
        return points.reshape(shape), future.reshape(shape)


def outcomes(codes: np.ndarray, values: np.ndarray, variant: Variant) -> Outcomes:
    """The Outcomes of the states `codes` from the solver's `values` table."""
    card = box_arrays(variant)
    s = card.spec
    n = len(codes)
    filled, upper, fifty = split_codes(codes)
    up_open = (filled[:, None] >> _UPPERS & 1) == 0
    added = (_UPPERS + 1)[:, None] * _COUNTS  # (6, 6): points of k dice in box c
    raw = upper[:, None, None] + added
    reached = (upper[:, None, None] < s.bonus_at) & (raw >= s.bonus_at)
    bonus = np.where(reached, s.upper_bonus, 0)
    children = (filled[:, None] | 1 << _UPPERS)[:, :, None]
    after = values[children, np.minimum(raw, s.bonus_at), fifty[:, None, None]]
    lower = np.full((n, card.n_boxes), -np.inf)
    low_open = (filled[:, None] >> card.lower & 1) == 0
    low_after = values[filled[:, None] | 1 << card.lower, upper[:, None], fifty[:, None]]
    lower[:, card.lower] = np.where(low_open, low_after, -np.inf)
    if card.yahtzee >= 0:
        y_child = filled | s.yahtzee_bit
        y_after = np.stack([values[y_child, upper, 0], values[y_child, upper, 1]], axis=1)
        y_open = (filled & s.yahtzee_bit) == 0
        y_future = np.where(y_open[:, None], y_after, -np.inf)
    else:  # no five-alike box of its own: Yatzy's is among the lower boxes
        y_open = np.ones(n, dtype=bool)
        y_future = np.full((n, 2), -np.inf)
    if s.chips:
        joker = joker_points(variant)[filled, fifty]
    else:  # five alike scores as it lies: no box is a Joker's
        joker = np.broadcast_to(np.int16(-1), (n, 6, card.n_boxes))
    chips = [five_of_a_kind_chip(s.five_points * f, variant) for f in (0, 1)]
    return Outcomes(
        (added + bonus).astype(np.float64),
        np.where(up_open[:, :, None], after, -np.inf),
        lower,
        y_future,
        joker,
        ~y_open & s.chips,
        np.where(y_open, 0.0, np.array(chips, dtype=np.float64)[fifty]),
        card,
    )
