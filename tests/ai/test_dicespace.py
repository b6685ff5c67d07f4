"""Multisets, transition structure and the two in-place DP passes, against plain enumeration."""

from __future__ import annotations

import math
from itertools import product

import numpy as np
import pytest

from game.ai.exact import dicespace as ds


def test_counts_and_order():
    assert ds.N_ROLLS == 252
    assert ds.N_MULTISETS == 462
    assert ds.SIZE_START == (0, 1, 7, 28, 84, 210, 462)
    assert ds.MULTISETS[0] == () and ds.ROLLS[0] == (1, 1, 1, 1, 1) and ds.ROLLS[-1] == (6,) * 5
    assert all(list(m) == sorted(m) for m in ds.MULTISETS)
    assert len(set(ds.MULTISETS)) == 462


def test_roll_probabilities_count_ordered_rolls():
    counts = {}
    for roll in product(range(1, 7), repeat=5):
        key = tuple(sorted(roll))
        counts[key] = counts.get(key, 0) + 1
    expected = np.array([counts[r] / 7776 for r in ds.ROLLS])
    np.testing.assert_allclose(ds.ROLL_PROB, expected, rtol=0, atol=1e-15)
    assert math.isclose(ds.ROLL_PROB.sum(), 1.0, abs_tol=1e-12)
    assert ds.ROLL_PROB[ds.ROLL_INDEX[(1, 2, 3, 4, 5)]] == 120 / 7776


def test_face_counts_and_yahtzee_rows():
    for f in range(1, 7):
        assert list(ds.FACE_COUNT[f - 1]) == [r.count(f) for r in ds.ROLLS]
        assert ds.ROLLS[ds.YAHTZEE_ROWS[f - 1]] == (f,) * 5


def test_children_and_parents():
    for size in range(5):
        block = ds.MULTISETS[ds.SIZE_START[size] : ds.SIZE_START[size + 1]]
        for i, m in enumerate(block):
            kids = [ds.MULTISETS[ds.CHILDREN[size][f, i]] for f in range(6)]
            assert kids == [tuple(sorted(m + (f,))) for f in range(1, 7)]
    for size in range(1, 6):
        block = ds.MULTISETS[ds.SIZE_START[size] : ds.SIZE_START[size + 1]]
        for i, m in enumerate(block):
            parents = {ds.MULTISETS[j] for j in ds.PARENTS[size][:, i]}
            assert parents == {m[:k] + m[k + 1 :] for k in range(len(m))}


@pytest.mark.parametrize(
    "roll, expected",
    [
        ((1, 1, 1, 1, 1), 5),
        ((1, 2, 3, 4, 5), 31),
        ((2, 2, 3, 3, 3), 11),
    ],
)
def test_sub_keeps_are_distinct_and_at_most_four_dice(roll, expected):
    keeps = ds.sub_keeps(roll)
    assert len(keeps) == len(set(keeps)) == expected
    assert all(len(k) <= 4 for k in keeps)
    assert len(ds.sub_keeps(roll, max_size=5)) == expected + 1


def _explicit_keep_value(values: np.ndarray, keep: tuple[int, ...]) -> float:
    outcomes = list(product(range(1, 7), repeat=5 - len(keep)))
    return sum(values[ds.ROLL_INDEX[tuple(sorted(keep + o))]] for o in outcomes) / len(outcomes)


def test_expect_keeps_matches_explicit_rerolls():
    rng = np.random.default_rng(7)
    values = rng.normal(size=(252, 3))
    level = np.empty((462, 3))
    level[ds.SIZE_START[5] :] = values
    ds.expect_keeps(level)
    for keep in [(), (6,), (2, 5), (1, 1, 4), (3, 3, 3, 6)]:
        for column in range(3):
            got = level[ds.INDEX[keep], column]
            assert got == pytest.approx(_explicit_keep_value(values[:, column], keep), abs=1e-12)


def test_best_sub_keep_is_the_maximum_over_sub_multisets():
    rng = np.random.default_rng(11)
    level = rng.normal(size=(462, 2))
    original = level.copy()
    best = ds.best_sub_keep(level).copy()
    for r, roll in enumerate(ds.ROLLS):
        subs = ds.sub_keeps(roll, max_size=5)
        for column in range(2):
            expected = max(original[ds.INDEX[k], column] for k in subs)
            assert best[r, column] == expected
