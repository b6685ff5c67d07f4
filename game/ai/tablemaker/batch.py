"""The batch simulator: many solitaire cards played by the Expert at once, as numpy arrays.

    cards = simulate(100_000, Variant.OFFICIAL, seed=1)      # from empty cards
    cards.totals.mean(), cards.upper_bonus.mean(), cards.yahtzee.mean()
    cards = play(Cards.of(scorecards), Variant.FREE, RandomDice(7))   # from given cards
    cards = simulate(100_000, Variant.YATZY, seed=1)         # any card: 15 boxes here

No Python object per game: a card is a row of arrays (`Cards`), and every turn of every game
still playing is one pass of array operations: roll, keep, roll, keep, roll, score. Choices
are the Expert's (game.ai.tablemaker.policy: the same as option_values' first choice, ties
included), so a game played with the same dice as the rules engine ends with the very same
card (tests/ai/test_batch.py replays games through game.rules to check it).

Any card: its boxes, bonus and chips come from game.ai.exact.scoring.spec(variant) (a card
without chips has no Joker; Yatzy's five alike is 50 in its own box, and nothing more).

Seeded and reproducible: `simulate(n, variant, seed)` always plays the same n games. A game
may also start mid-turn (`showing`: the dice on the table, `rolls_left`: 0, 1 or 2).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from game.ai.exact.dicespace import DICE
from game.ai.exact.scoring import spec
from game.ai.exact.turn_outlook import ROLL_KEEP_ROWS
from game.ai.tablemaker.dice import MULTISET_SIZE, DiceSource, RandomDice, add_dice, roll_of
from game.ai.tablemaker.outcomes import ROLL_FACE, joker_points, state_codes
from game.ai.tablemaker.policy import Policy, expert_policy
from game.rules import AMERICAN, Card, Category, Scorecard, Variant

OPEN = -1  # an open box in Cards.boxes
MAX_ROLLS_LEFT = 2
_NOTHING_KEPT = 0  # multiset index of the empty keep


@dataclass(frozen=True, slots=True)
class Cards:
    """n scorecards of one card as arrays: boxes (n x the card's boxes, OPEN where open) and
    bonus chips (n); the American card unless `card` says otherwise."""

    boxes: np.ndarray
    chips: np.ndarray
    card: Card = AMERICAN

    @classmethod
    def empty(cls, n: int, card: Card = AMERICAN) -> Cards:
        boxes = np.full((n, len(card.boxes)), OPEN, dtype=np.int64)
        return cls(boxes, np.zeros(n, dtype=np.int64), card)

    @classmethod
    def of(cls, cards: Sequence[Scorecard], card: Card | None = None) -> Cards:
        """The scorecards as arrays; `card` is theirs (needed only when there are none)."""
        card = card or (cards[0].card if cards else AMERICAN)
        if any(c.card is not card for c in cards):
            raise ValueError(f"every scorecard a {card.id} card, as the first")
        boxes = [[OPEN if b is None else b for b in c.boxes] for c in cards]
        chips = [c.bonus_chips for c in cards]
        return cls(
            np.array(boxes, dtype=np.int64).reshape(-1, len(card.boxes)),
            np.array(chips, dtype=np.int64),
            card,
        )

    def scorecard(self, i: int) -> Scorecard:
        boxes = tuple(None if b == OPEN else b for b in self.boxes[i].tolist())
        return Scorecard(boxes, int(self.chips[i]), self.card)

    def __len__(self) -> int:
        return len(self.chips)

    @property
    def filled(self) -> np.ndarray:
        """Bit c set when box c is filled."""
        filled: np.ndarray = ((self.boxes != OPEN) << np.arange(self.boxes.shape[1])).sum(axis=1)
        return filled

    @property
    def upper_totals(self) -> np.ndarray:
        upper = self.boxes[:, : len(self.card.upper)]
        totals: np.ndarray = np.where(upper == OPEN, 0, upper).sum(1)
        return totals

    @property
    def upper_bonus(self) -> np.ndarray:
        """True where the upper bonus is won."""
        return self.upper_totals >= self.card.bonus_threshold

    @property
    def yahtzee(self) -> np.ndarray:
        """True where the five-alike box (Yahtzee, Yatzy) holds its 50."""
        five = self.boxes[:, self.card.index(Category.YAHTZEE)]
        fifty: np.ndarray = five == self.card.five_alike_points
        return fifty

    @property
    def totals(self) -> np.ndarray:
        card = self.card
        written = np.where(self.boxes == OPEN, 0, self.boxes).sum(axis=1)
        totals: np.ndarray = (
            written + card.upper_bonus * self.upper_bonus + card.chip_points * self.chips
        )
        return totals

    @property
    def complete(self) -> np.ndarray:
        complete: np.ndarray = (self.boxes != OPEN).all(axis=1)
        return complete


def simulate(games: int, variant: Variant = Variant.OFFICIAL, seed: int = 0) -> Cards:
    """`games` solitaire games from empty cards, the Expert playing; seeded."""
    if isinstance(games, bool) or not isinstance(games, int) or games < 0:
        raise ValueError(f"the number of games is a whole number from 0, got {games!r}")
    _check(variant)
    return play(Cards.empty(games, variant.card), variant, RandomDice(seed))


def play(
    cards: Cards,
    variant: Variant,
    dice: DiceSource,
    showing: Sequence[Sequence[int] | None] | None = None,
    rolls_left: Sequence[int] | None = None,
    policy: Policy | None = None,
) -> Cards:
    """Play every card to the end, the Expert choosing; returns the finished cards.

    `showing[i]` (five faces, or None) are dice already rolled in card i's current turn,
    with `rolls_left[i]` rolls to come (0, 1 or 2); the others start their turn.
    """
    _check(variant)
    if cards.card is not variant.card:
        raise ValueError(f"{cards.card.id} cards, played by {variant.value} rules")
    policy = policy or expert_policy(variant)
    play_state = _Play(cards, variant, dice, policy)
    play_state.start_turns(showing, rolls_left)
    while play_state.turn():
        pass
    return Cards(play_state.boxes, play_state.chips, cards.card)


def _check(variant: Variant) -> None:
    if not isinstance(variant, Variant):
        raise ValueError(f"unknown rule variant {variant!r}")


def turn_starts(
    games: int, variant: Variant = Variant.OFFICIAL, seed: int = 0
) -> tuple[np.ndarray, np.ndarray]:
    """`games` solitaire games from empty cards, the Expert playing; seeded. Returns (states,
    totals), both (games, boxes + 1: 14 on the American card, 16 on Yatzy): the card before
    each of its turns and when full, as a flat index of the solver's table (filled * 128 +
    upper capped at 63 * 2 + Yahtzee box holds 50) and as its total so far."""
    _check(variant)
    turns = spec(variant).n_boxes
    cards = Cards.empty(games, variant.card)
    play_state = _Play(cards, variant, RandomDice(seed), expert_policy(variant))
    states, totals = [], []
    for turn in range(turns + 1):
        states.append(state_codes(play_state.filled, play_state.upper, play_state.fifty))
        totals.append(play_state.total.copy())
        if turn < turns:
            play_state.turn()
    return np.stack(states, axis=1), np.stack(totals, axis=1)


def points_to_come(
    games: int, variant: Variant = Variant.OFFICIAL, seed: int = 0
) -> tuple[np.ndarray, np.ndarray]:
    """(states, rest), both (games, boxes): turn_starts' states before each turn and the
    points the card scored from then to the end (game.ai.winning.shape learns its shapes from
    them)."""
    states, totals = turn_starts(games, variant, seed)
    turns = states.shape[1] - 1
    return states[:, :turns], totals[:, -1:] - totals[:, :turns]


class _Play:
    """The arrays of a batch in play; `turn()` plays one turn of every unfinished card."""

    def __init__(self, cards: Cards, variant: Variant, dice: DiceSource, policy: Policy) -> None:
        self.variant = variant
        self.spec = spec(variant)
        self.dice = dice
        self.policy = policy
        self.boxes = cards.boxes.astype(np.int64, copy=True)
        self.chips = cards.chips.astype(np.int64, copy=True)
        self.filled = cards.filled
        self.upper = cards.upper_totals
        self.total = cards.totals
        # The solver's Yahtzee flag: kept only where the card pays chips (StateKey.of).
        self.fifty = (cards.yahtzee & (self.spec.yahtzee >= 0)).astype(np.int64)
        n = len(cards)
        self._roll = np.full(n, -1, dtype=np.int64)  # dice showing at a turn's start, if any
        self._rolls_left = np.full(n, MAX_ROLLS_LEFT, dtype=np.int64)

    def start_turns(
        self, showing: Sequence[Sequence[int] | None] | None, rolls_left: Sequence[int] | None
    ) -> None:
        if showing is None:
            return
        n = len(self.total)
        if len(showing) != n or rolls_left is None or len(rolls_left) != n:
            raise ValueError("showing and rolls_left need one entry per card")
        for i, (faces, left) in enumerate(zip(showing, rolls_left, strict=True)):
            if faces is None:
                continue
            if len(faces) != DICE or left not in (0, 1, 2):
                raise ValueError(
                    f"card {i}: five dice and 0, 1 or 2 rolls left, got {faces}, {left}"
                )
            self._roll[i] = roll_of([faces])[0]
            self._rolls_left[i] = left

    def turn(self) -> bool:
        """One turn of every card still open; False when every card is full."""
        games = np.flatnonzero(self.filled != self.spec.all_boxes)
        if not len(games):
            return False
        roll = self._roll[games]
        left = self._rolls_left[games]
        self._roll[games] = -1
        self._rolls_left[games] = MAX_ROLLS_LEFT
        fresh = np.flatnonzero(roll < 0)
        if len(fresh):
            need = np.full(len(fresh), DICE)
            faces = self.dice.draw(games[fresh], need)
            roll[fresh] = add_dice(np.full(len(fresh), _NOTHING_KEPT), faces)
        codes = state_codes(self.filled[games], self.upper[games], self.fifty[games])
        with self.policy.lock:  # the keep rows hold until the policy's next `rows`
            box = self._choose(games, codes, roll, left)
        self._score(games, box, roll)
        return True

    def _choose(
        self, games: np.ndarray, codes: np.ndarray, roll: np.ndarray, left: np.ndarray
    ) -> np.ndarray:
        """Play the rolls of this turn (keep, roll again) up to each game's choice of box;
        `roll` and `left` end as the dice scored and the rolls left unused."""
        policy = self.policy
        n_boxes = self.spec.n_boxes
        found = policy.outcomes(codes)
        kept = policy.rows(codes)
        box = np.full(len(games), -1, dtype=np.int64)
        for stage in range(MAX_ROLLS_LEFT, -1, -1):
            at = np.flatnonzero((left == stage) & (box < 0))
            if not len(at):
                continue
            rows = (kept[0][at], kept[1]) if stage else None
            choice = policy.decide(found, at, self.total[games[at]], roll[at], stage, rows)
            scores = choice < n_boxes
            box[at[scores]] = choice[scores]
            keepers = at[~scores]
            if len(keepers):
                keep = ROLL_KEEP_ROWS[roll[keepers], choice[~scores] - n_boxes]
                need = DICE - MULTISET_SIZE[keep]
                roll[keepers] = add_dice(keep, self.dice.draw(games[keepers], need))
                left[keepers] = stage - 1
        return box

    def _score(self, games: np.ndarray, box: np.ndarray, roll: np.ndarray) -> None:
        """Write each game's roll in its box, with the Joker rule, bonus and chips (where the
        variant has them)."""
        s = self.spec
        filled, fifty = self.filled[games], self.fifty[games]
        face = ROLL_FACE[roll]
        joker = (face > 0) & ((filled & s.yahtzee_bit) != 0) & s.chips
        points = s.base[box, roll]
        if joker.any():
            table = joker_points(self.variant)
            j = np.flatnonzero(joker)
            points[j] = table[filled[j], fifty[j], face[j] - 1, box[j]]
        if (points < 0).any():
            raise AssertionError("the policy chose a box the rules refuse")
        earned_chip = joker & (fifty == 1)
        upper_before = self.upper[games]
        upper_after = upper_before + np.where(box < s.upper_boxes, points, 0)
        bonus = (upper_before < s.bonus_at) & (upper_after >= s.bonus_at)
        self.boxes[games, box] = points
        self.chips[games] += earned_chip
        self.upper[games] = upper_after
        self.total[games] += points + s.upper_bonus * bonus + s.chip_points * earned_chip
        self.filled[games] = filled | 1 << box
        self.fifty[games] = np.where(box == s.yahtzee, points == s.five_points, fifty)
