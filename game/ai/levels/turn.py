"""How a CPU values states, and its turns from them: fast decisions for every CPU level.

`option_values` (game.ai.exact.options) is the reference: every choice of a situation with its
expected final total. It builds a scorecard per open box to value the scores, which is right
for a hint but too slow for a tournament of thousands of games (about 0.4 ms per decision).
A `Valuation` instead works a card's turn out once, for every roll and keep at the same time,
as a `TurnOutlook` (game.ai.exact.turn_outlook): it looks up, in one numpy gather, the value
of every state the turn can lead to, and adds up what each box would put on the card. About 0.2 ms
per card state; with the true values (`valuation(variant)`) the numbers are bit for bit those
of `option_values` (tests/ai/test_levels.py checks this over thousands of random situations
of every variant).

A `Valuation` may also be *distorted*, to play like a person (game.ai.levels.strategies):

- `bonus_weight` w scales what the chase of the upper bonus is worth. A state's value is split
  into N, its value were the bonus out of reach (game.ai.levels.no_bonus), and the rest, V - N, the
  bonus chase; the distorted value is N + w (V - N). The 35 points count in full once they
  are on the card.
- `greed` g: points written this turn count (1 + g) times (future points count once).
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from game.ai.exact.dicespace import DICE, FACE_COUNT, N_ROLLS, YAHTZEE_ROWS
from game.ai.exact.options import Choice
from game.ai.exact.scoring import Spec, five_of_a_kind_chip, five_of_a_kind_options, spec
from game.ai.exact.solver import StateKey
from game.ai.exact.tables import value_table
from game.ai.exact.turn_outlook import TurnOutlook, keep_values
from game.ai.levels.no_bonus import no_bonus_values
from game.cache import VARIANTS_KEPT, BoundedCache, Memo
from game.rules import Scorecard, Variant

OUTLOOK_CACHE = 512  # card states per valuation: a tournament chunk's early turns, 30 MB


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
        # A distortion is applied to the values looked up, never to a copy of the whole
        # table: a copy per level was 8 MiB each on the American card and 32 MiB on Yatzy's,
        # kept for as long as the level was (four levels at a Yatzy table: 96 MiB).
        self._no_bonus: np.ndarray | None = None
        self._cache: BoundedCache[StateKey, TurnOutlook] = BoundedCache(OUTLOOK_CACHE)
        self._last: tuple[Scorecard, TurnOutlook] | None = None
        self._lock = threading.RLock()

    @property
    def values(self) -> np.ndarray:
        """The (distorted) state values, same shape as the solver's table: made anew at each
        call for a level that distorts them (the truth itself, shared, for one that does not)."""
        if self.bonus_weight == 1.0:
            return self._table.values
        n = self._bonus_blind()[:, None, :]
        distorted: np.ndarray = n + self.bonus_weight * (self._table.values - n)
        return distorted

    def _bonus_blind(self) -> np.ndarray:
        if self._no_bonus is None:
            with self._lock:
                if self._no_bonus is None:
                    self._no_bonus = no_bonus_values(self.variant)
        return self._no_bonus

    def _lookup(self, states: list[int]) -> list[float]:
        """Values of states given as flat table indices, in one numpy gather (distorted as
        this level sees them: the same sum, element by element, as over the whole table)."""
        flat = self._table.values.reshape(-1)  # a view
        found = flat.take(states)
        if np.isnan(found).any():
            # A hand-made card can lead to a state no game reaches: the solver computes it
            # on demand (into its table).
            for i in np.flatnonzero(np.isnan(found)):
                filled, rest = divmod(states[i], self._arrays.stride)
                self._table.value(StateKey(filled, rest // 2, rest % 2))
            found = flat.take(states)
        if self.bonus_weight != 1.0:
            cards, rests = np.divmod(np.asarray(states), self._arrays.stride)
            n = self._bonus_blind()[cards, rests % 2]
            found = n + self.bonus_weight * (found - n)
        values: list[float] = found.tolist()
        return values

    def outlook(self, card: Scorecard) -> TurnOutlook:
        """The turn's outlook from `card` (computed once, then cached)."""
        last = self._last
        if last is not None and last[0] is card:
            return last[1]  # the same card asked again within a turn
        key = StateKey.of(card)
        with self._lock:
            known = self._cache.get(key)
            if known is None:
                known = self._compute(key)
                self._cache.put(key, known)
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


_valuations: Memo[Valuation] = Memo(Valuation, groups=VARIANTS_KEPT)


def valuation(variant: Variant, bonus_weight: float = 1.0, greed: float = 0.0) -> Valuation:
    """The shared Valuation for these parameters (its cache serves every player using it)."""
    return _valuations.get(variant, float(bonus_weight), float(greed))


def fast_option_values(
    card: Scorecard, dice: Sequence[int], rolls_left: int, variant: Variant = Variant.OFFICIAL
) -> list[tuple[Choice, float]]:
    """option_values(card, dice, rolls_left, variant), from cached turn outlooks."""
    return valuation(variant).outlook(card).options(card.total, dice, rolls_left)
