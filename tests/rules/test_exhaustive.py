"""All 7,776 rolls: each box's score against a second formulation written differently."""

from __future__ import annotations

import itertools
from collections import Counter

from game.rules import CATEGORIES, Scorecard, score_options

STRAIGHTS_4 = ({1, 2, 3, 4}, {2, 3, 4, 5}, {3, 4, 5, 6})
STRAIGHTS_5 = ({1, 2, 3, 4, 5}, {2, 3, 4, 5, 6})


def independent_scores(dice: tuple[int, ...]) -> list[int]:
    """Scores by set and Counter logic, written apart from game.rules.categories."""
    tally = Counter(dice)
    shape = sorted(tally.values(), reverse=True)
    faces = set(dice)
    total = sum(dice)
    upper = [face * tally[face] for face in range(1, 7)]
    lower = [
        total if shape[0] >= 3 else 0,
        total if shape[0] >= 4 else 0,
        25 if shape == [3, 2] else 0,
        30 if any(s <= faces for s in STRAIGHTS_4) else 0,
        40 if faces in STRAIGHTS_5 else 0,
        50 if shape == [5] else 0,
        total,
    ]
    return upper + lower


def test_every_roll_matches_the_independent_formulation():
    empty = Scorecard()
    checked = 0
    for dice in itertools.product(range(1, 7), repeat=5):
        options = score_options(dice, empty)
        assert [options[c] for c in CATEGORIES] == independent_scores(dice), dice
        checked += 1
    assert checked == 7776
