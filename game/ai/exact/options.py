"""What optimal play makes of a situation: the value of every choice, for CPU players and hints.

A choice is either `Keep(faces)` (hold those faces and roll the rest) or `game.rules.Score`.
Every value is the expected final total of the card (points already on it included) when the
choice is made and the rest of the game is played optimally. Scores are worked out by
`game.rules` itself (`Scorecard.fill`), so the Joker and bonus rules of each variant hold
exactly; keeps come from the solver's within-turn arrays. With `forced_order` (boxes filled top
to bottom) the values are those of game.ai.exact.forced.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.ai.exact.dicespace import INDEX, sub_keeps
from game.ai.exact.forced import forced_expected, forced_levels
from game.ai.exact.solver import StateKey
from game.ai.exact.tables import value_table
from game.i18n import _
from game.rules import Hold, IllegalAction, Release, Score, Scorecard, Variant, score_options
from game.rules.dice import check_dice

MAX_ROLLS_LEFT = 2
_TIE_DIGITS = 9  # values equal to this many decimals count as a tie (float noise aside)


@dataclass(frozen=True, slots=True)
class Keep:
    """Hold these faces (sorted; 0 to 4 dice when offered by option_values) and roll the rest.

    >>> Keep((6, 2, 6))
    Keep(faces=(2, 6, 6))
    """

    faces: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        faces = tuple(self.faces)
        if len(faces) > 5 or any(
            isinstance(f, bool) or not isinstance(f, int) or not 1 <= f <= 6 for f in faces
        ):
            raise ValueError(f"a keep is up to five faces 1 to 6, got {self.faces!r}")
        object.__setattr__(self, "faces", tuple(sorted(faces)))


Choice = Keep | Score


_Rank = tuple[float, int, int] | tuple[float, int, int, tuple[int, ...]]  # a score, a keep


def expected_score(
    card: Scorecard, variant: Variant | None = None, forced_order: bool = False
) -> float:
    """Expected final total from the start of a turn with `card`, playing optimally.

    Points already on the card (bonus chips and upper bonus included) are part of it; a full
    card is worth exactly its total. `variant` defaults to the card's first (OFFICIAL for the
    American card).
    """
    variant = _variant(card, variant)
    if card.is_complete:
        return float(card.total)
    if forced_order:
        return forced_expected(card, variant)
    return card.total + value_table(variant).value(StateKey.of(card))


def _variant(card: Scorecard, variant: Variant | None) -> Variant:
    if variant is None:
        return Variant.for_card(card.card)
    if variant.card is not card.card:
        raise ValueError(f"{variant.value} rules need a {variant.card.id} card, not {card.card.id}")
    return variant


def option_values(
    card: Scorecard,
    dice: Sequence[int],
    rolls_left: int,
    variant: Variant | None = None,
    forced_order: bool = False,
) -> list[tuple[Choice, float]]:
    """Every legal choice with the dice showing and its expected final total, best first.

    Score choices are exactly the boxes `score_options` offers. Keeps (each distinct multiset
    of 0 to 4 of the dice) are offered while `rolls_left` (2 after the first roll, 1 after the
    second, 0 after the third) is above 0; holding all five cannot be rolled, and is the same
    as scoring now. Ties (to 1e-9) list scores before keeps, boxes in card order, and bigger
    keeps first.
    """
    dice = check_dice(dice)
    if isinstance(rolls_left, bool) or not isinstance(rolls_left, int):
        raise ValueError(f"rolls_left is 0, 1 or 2, got {rolls_left!r}")
    if not 0 <= rolls_left <= MAX_ROLLS_LEFT:
        raise ValueError(f"rolls_left is 0, 1 or 2, got {rolls_left}")
    if card.is_complete:
        raise IllegalAction(_("the card is full: there is nothing to choose"))
    variant = _variant(card, variant)
    # Best first; at a tie a score before a keep, a box by its place, a longer keep first.
    ranked: list[tuple[_Rank, Choice, float]] = []
    index = card.card.index
    for category in score_options(dice, card, variant, forced_order):
        after = card.fill(category, dice, variant, forced_order)
        value = expected_score(after, variant, forced_order)
        ranked.append(((-round(value, _TIE_DIGITS), 0, index(category)), Score(category), value))
    if rolls_left:
        if forced_order:
            levels = forced_levels(card, variant)
        else:
            levels = value_table(variant).turn(StateKey.of(card))
        keeps = levels.keep1 if rolls_left == 1 else levels.keep2
        for faces in sub_keeps(dice):
            value = card.total + float(keeps[INDEX[faces]])
            order = (-round(value, _TIE_DIGITS), 1, -len(faces), faces)
            ranked.append((order, Keep(faces), value))
    ranked.sort(key=lambda item: item[0])
    return [(choice, value) for _, choice, value in ranked]


def best_choice(
    card: Scorecard,
    dice: Sequence[int],
    rolls_left: int,
    variant: Variant | None = None,
    forced_order: bool = False,
) -> Choice:
    """The first of option_values: what optimal play does now."""
    return option_values(card, dice, rolls_left, variant, forced_order)[0][0]


def keep_to_actions(
    dice: Sequence[int], held: Sequence[bool], keep: Keep | Sequence[int]
) -> list[Hold | Release]:
    """The Hold / Release actions (die indices 0..4) that make the held dice exactly `keep`.

    Dice already held are kept held where they fit, so the list is as short as it can be:
    releases first, then holds, each by die index.

    >>> keep_to_actions((3, 5, 3, 1, 3), (False, True, False, False, True), Keep((3, 3)))
    [Release(die=1), Hold(die=0)]
    """
    dice = check_dice(dice)
    if len(held) != len(dice) or any(not isinstance(h, bool) for h in held):
        raise ValueError(f"held is five True/False flags, got {held!r}")
    faces = keep.faces if isinstance(keep, Keep) else Keep(tuple(keep)).faces
    chosen: set[int] = set()
    for face in faces:
        candidates = [i for i in range(len(dice)) if dice[i] == face and i not in chosen]
        if not candidates:
            raise ValueError(f"cannot keep {faces}: the dice are {dice}")
        # A die already held needs no action; otherwise the lowest index.
        chosen.add(min(candidates, key=lambda i: (not held[i], i)))
    releases = [Release(i) for i in range(len(dice)) if held[i] and i not in chosen]
    holds = [Hold(i) for i in range(len(dice)) if not held[i] and i in chosen]
    return releases + holds
