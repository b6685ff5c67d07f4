"""What a scorecard is made of: its boxes in order, what each scores, and its bonuses.

A card is data. Each card is one module in this package (`american.py`, `yatzy.py`) that
builds a `Card`; the rules, the solver and the coach read everything from it, so a third card
is one more module and its line in `game.rules.cards.CARDS`.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property

from game.rules.categories import Category
from game.rules.dice import face_counts

# A box's rule: points from the face counts (index 0 for face 1) and the dice total.
Scorer = Callable[[tuple[int, ...], int], int]

SORTED_ROLLS: tuple[tuple[int, ...], ...] = tuple(
    itertools.combinations_with_replacement(range(1, 7), 5)
)


_MADE: dict[str, Card] = {}  # every card made, by id (one object per card)


def _made(card_id: str) -> Card:
    return _MADE[card_id]


@dataclass(frozen=True, eq=False)
class Card:
    """One kind of scorecard. Compared by identity: there is one object per card.

    id: the name saves and tables use ("american", "yatzy").
    name: the card's name, marked for translation (translate it when shown).
    boxes: the boxes in card order; the upper boxes (Ones..Sixes) come first.
    scorers: each box's rule (no Joker).
    upper_bonus, bonus_threshold: the upper section's bonus and the total that earns it.
    chip_points: the bonus chip for each further five alike once the five-alike box holds
        its points (0: no chips and no Joker on this card).
    joker_points: what a five-alike Joker scores in boxes whose points do not come from the dice.
    labels: box names where the card's own differs from the kind's usual one.
    button, heading: the card as the statistics name it: a short button ("Yatzy card") and
        the heading over its figures ("Games on the Yatzy card"), marked for translation.
    shout: the cheer for five alike on this card ("YATZY!"), marked for translation.
    """

    id: str
    name: str
    boxes: tuple[Category, ...]
    scorers: Mapping[Category, Scorer]
    upper_bonus: int
    bonus_threshold: int
    chip_points: int = 0
    joker_points: Mapping[Category, int] = field(default_factory=dict)
    labels: Mapping[Category, str] = field(default_factory=dict)
    button: str = ""
    heading: str = ""
    shout: str = ""

    def __post_init__(self) -> None:
        if set(self.scorers) != set(self.boxes) or len(set(self.boxes)) != len(self.boxes):
            raise ValueError(f"card {self.id}: every box once, each with a scorer")
        upper = [c for c in self.boxes if c.is_upper]
        if tuple(self.boxes[: len(upper)]) != tuple(upper):
            raise ValueError(f"card {self.id}: the upper boxes come first")
        if not (self.name and self.button and self.heading and self.shout):
            raise ValueError(f"card {self.id}: a name, a button, a heading and a shout")
        if self.chip_points and Category.YAHTZEE not in self.boxes:
            raise ValueError(f"card {self.id}: bonus chips need a five-alike box")
        if self.id in _MADE:
            raise ValueError(f"there is already a card called {self.id!r}")
        _MADE[self.id] = self

    def __repr__(self) -> str:
        return f"<Card {self.id}>"

    def __reduce__(self) -> tuple[Callable[[str], Card], tuple[str]]:
        # Pickled by name (its scorers are lambdas), and so the same object again on the way
        # back: a Scorecard sent to a worker process keeps its card's identity.
        return _made, (self.id,)

    # ------------------------------------------------------------- the boxes
    def __len__(self) -> int:
        return len(self.boxes)

    @cached_property
    def indices(self) -> dict[Category, int]:
        """Each box's position on the card."""
        return {c: i for i, c in enumerate(self.boxes)}

    def index(self, category: Category) -> int:
        """The box's position on this card; KeyError if the card has no such box."""
        return self.indices[category]

    def has(self, category: object) -> bool:
        return category in self.indices

    @cached_property
    def upper(self) -> tuple[Category, ...]:
        return tuple(c for c in self.boxes if c.is_upper)

    @cached_property
    def lower(self) -> tuple[Category, ...]:
        return self.boxes[len(self.upper) :]

    def label(self, category: Category) -> str:
        """The box's name on this card, marked for translation (translate it when shown)."""
        return self.labels.get(category, category.label)

    @property
    def has_chips(self) -> bool:
        """Whether further five-alikes earn bonus chips and play as Jokers on this card."""
        return self.chip_points > 0

    # ------------------------------------------------------------- scoring
    def score(self, category: Category, dice: Sequence[int]) -> int:
        """Points the dice make in a box by the box's own rule (no Joker)."""
        return self.scorers[category](face_counts(dice), sum(dice))

    def scores(self, sorted_dice: tuple[int, ...]) -> tuple[int, ...]:
        """Every box's points for a sorted roll, in card order (a table lookup)."""
        return self._table[sorted_dice]

    @cached_property
    def _table(self) -> dict[tuple[int, ...], tuple[int, ...]]:
        return {roll: tuple(self.score(c, roll) for c in self.boxes) for roll in SORTED_ROLLS}

    def joker_score(self, category: Category, dice: Sequence[int]) -> int:
        """What five alike scores in a box when it counts as a Joker."""
        points = self.joker_points.get(category)
        return self.score(category, dice) if points is None else points

    @cached_property
    def five_alike_points(self) -> int:
        """What five alike scores in the five-alike box (0 if the card has none)."""
        if Category.YAHTZEE not in self.indices:
            return 0
        return self.score(Category.YAHTZEE, (6,) * 5)

    @cached_property
    def possible(self) -> dict[Category, frozenset[int]]:
        """Every score a box can hold (a loaded card with anything else is refused)."""
        i = self.indices
        return {
            c: frozenset(
                {scores[i[c]] for scores in self._table.values()}
                | ({self.joker_points[c]} if c in self.joker_points else set())
            )
            for c in self.boxes
        }

    @cached_property
    def max_chips(self) -> int:
        """Bonus chips a card can hold at most: one on each turn after the five-alike box."""
        return len(self.boxes) - 1 if self.has_chips else 0

    @cached_property
    def max_total(self) -> int:
        """A bound on a card's total (generous with chips, never exceeded)."""
        most = sum(max(self.possible[c]) for c in self.boxes)
        return most + self.upper_bonus + self.chip_points * self.max_chips


def _upper(face: int) -> Scorer:
    return lambda counts, total: face * counts[face - 1]


# Ones to Sixes count their face on every card.
UPPER_SCORERS: dict[Category, Scorer] = {Category.upper_for(f): _upper(f) for f in range(1, 7)}
UPPER_KINDS: tuple[Category, ...] = tuple(UPPER_SCORERS)
