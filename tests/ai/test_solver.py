"""The induction itself: known values, a fresh build against the shipped table, and a naive
expectimax over explicit dice on reduced games (a few open boxes) for every variant."""

from __future__ import annotations

import numpy as np
import pytest

from game.ai.exact.scoring import spec
from game.ai.exact.solver import StateKey, build_table
from game.ai.exact.tables import ValueTable, read_table, table_path
from game.ai.tablemaker.values import compare_tables
from game.rules import Category, Variant
from tests.ai.bruteforce import BruteForce
from tests.ai.helpers import card_without

C = Category

# Expected final score of optimal solitaire play from an empty card.
EMPTY_CARD_VALUE = {
    Variant.OFFICIAL: 254.5877,  # forced Joker (the booklet)
    Variant.FREE: 254.5896,  # free-choice Joker: the figure often quoted
    Variant.SIMPLE: 245.8708,  # no bonus chips, no Joker
    # Scandinavian Yatzy: 248.4399893779 (checked against the public yatzy-solver in
    # tests/ai/test_yatzy_solver.py). The often-quoted 248.63 comes from a scoring slip in
    # the 2012 paper's code (Two Pairs scored a single pair), not from the rules.
    Variant.YATZY: 248.4400,
}


@pytest.fixture(scope="module")
def fresh_official() -> np.ndarray:
    return build_table(Variant.OFFICIAL)


@pytest.mark.parametrize("variant", list(Variant))
def test_shipped_empty_card_value(variant):
    values = read_table(table_path(variant), variant)
    assert float(values[0, 0, 0]) == pytest.approx(EMPTY_CARD_VALUE[variant], abs=1e-4)


def test_fresh_official_build_gives_the_known_value(fresh_official):
    assert fresh_official[0, 0, 0] == pytest.approx(254.5877, abs=1e-4)
    assert fresh_official[0, 0, 0] == pytest.approx(254.58772873, abs=1e-7)


def test_fresh_official_build_matches_the_shipped_table(fresh_official):
    shipped = read_table(table_path(Variant.OFFICIAL), Variant.OFFICIAL)
    assert compare_tables(shipped, fresh_official) is None
    tampered = shipped.copy()
    tampered[123, 40, 0] += 0.01
    assert "differ by up to 0.01" in compare_tables(tampered, fresh_official)


def test_table_shape_and_simple_facts(fresh_official):
    values = fresh_official
    assert values.shape == spec(Variant.OFFICIAL).table_shape
    assert (values[(1 << 13) - 1] == 0).all()
    known = values[np.isfinite(values)]
    assert known.min() >= 0
    # Yahtzee box filled: holding 50 is worth at least as much as holding 0 (chips only add).
    yahtzee_filled = [m for m in range(1 << 13) if m >> Category.YAHTZEE.value & 1]
    fifty, zero = values[yahtzee_filled, :, 1], values[yahtzee_filled, :, 0]
    both = np.isfinite(fifty) & np.isfinite(zero)
    assert (fifty[both] >= zero[both] - 1e-9).all() and (fifty[both] > zero[both]).any()
    # Upper totals that can no longer earn the bonus share one value.
    filled = 0b0_0000_0011_1111 ^ 0b100000  # every upper box but Sixes: bonus needs >= 33
    assert values[filled, 0, 0] == values[filled, 32, 0] != values[filled, 33, 0]


# ------------------------------------------------------------------------- reduced games
UPPER_45 = {C.ONES: 2, C.TWOS: 4, C.THREES: 9, C.FOURS: 12, C.SIXES: 18}

REDUCED_GAMES = {
    # Fives decide the bonus (45 + 20 >= 63, 45 + 15 < 63); an extra Yahtzee is a Joker with
    # a chip: forced into Fives when they are open.
    "bonus-and-chip": card_without(
        {C.FIVES, C.FULL_HOUSE}, {**UPPER_45, C.YAHTZEE: 50, C.CHANCE: 22}, chips=1
    ),
    # Yahtzee box holds 0: Jokers without chips; Ones forced, straights as Jokers.
    "joker-without-chip": card_without(
        {C.ONES, C.CHANCE, C.LARGE_STRAIGHT},
        {C.TWOS: 6, C.THREES: 9, C.FOURS: 16, C.FIVES: 20, C.SIXES: 6},
    ),
    # The Yahtzee box itself is open: 50 there turns the chips on for the later turns.
    "yahtzee-open": card_without(
        {C.YAHTZEE, C.THREES, C.SMALL_STRAIGHT},
        {C.ONES: 3, C.TWOS: 6, C.FOURS: 12, C.FIVES: 15, C.SIXES: 18},
    ),
    # Every lower box filled: an extra Yahtzee whose upper box is filled is a zero upstairs.
    "zero-upstairs": card_without(
        {C.TWOS, C.SIXES}, {C.ONES: 3, C.THREES: 9, C.FOURS: 12, C.FIVES: 15, C.YAHTZEE: 50}
    ),
}


@pytest.mark.parametrize(
    "game, variant",
    [
        ("bonus-and-chip", Variant.OFFICIAL),
        ("bonus-and-chip", Variant.FREE),
        ("bonus-and-chip", Variant.SIMPLE),
        ("joker-without-chip", Variant.OFFICIAL),
        ("joker-without-chip", Variant.FREE),
        ("yahtzee-open", Variant.OFFICIAL),
        ("zero-upstairs", Variant.OFFICIAL),
        ("zero-upstairs", Variant.SIMPLE),
    ],
)
def test_reduced_game_matches_naive_expectimax(game, variant):
    card = REDUCED_GAMES[game]
    key = StateKey.of(card)
    values = build_table(variant, within=key.filled)  # solves only the boxes left open
    assert np.isnan(values[0, 0, 0])
    solved = card.total + ValueTable(variant, values).value(key)
    assert solved == pytest.approx(BruteForce(variant).expected_total(card), abs=1e-9)


def test_reduced_games_tell_the_variants_apart():
    """The figures the naive expectimax confirms above, pinned so a change shows."""
    card = REDUCED_GAMES["joker-without-chip"]
    key = StateKey.of(card)
    got = {
        v: card.total + ValueTable(v, build_table(v, within=key.filled)).value(key)
        for v in Variant
        if v.card is card.card
    }
    assert got[Variant.OFFICIAL] == pytest.approx(104.31091263, abs=1e-7)
    assert got[Variant.FREE] == pytest.approx(104.31091321, abs=1e-7)
    assert got[Variant.SIMPLE] == pytest.approx(103.97886951, abs=1e-7)


# ------------------------------------------------------------------------- missing states
def test_missing_states_are_computed_on_demand(fresh_official):
    """Blank a filled set and some of what it leads to; lookups rebuild the same values."""
    values = fresh_official.copy()
    filled = (1 << 13) - 1 & ~(1 << C.TWOS.value | 1 << C.SIXES.value | 1 << C.CHANCE.value)
    blanked = [filled, filled | 1 << C.TWOS.value, filled | 1 << C.CHANCE.value]
    for mask in blanked:
        values[mask] = np.nan
    table = ValueTable(Variant.OFFICIAL, values)
    for upper in (0, 40, 50, 63):
        for fifty in (0, 1):
            key = StateKey(filled, upper, fifty)
            expected = fresh_official[filled, upper, fifty]
            assert table.value(key) == pytest.approx(expected, abs=1e-9)


def test_unreachable_upper_total_is_computed_not_crashed():
    """Fives and Sixes filled with 13 between them: no dice make that (5a + 6b never is 13),
    yet the bonus is still in reach. The value is computed on demand, not a crash or NaN."""
    open_boxes = {C.ONES, C.TWOS, C.THREES, C.FOURS, C.CHANCE}
    card = card_without(open_boxes, {C.FIVES: 13})
    key = StateKey.of(card)
    assert key.upper == 13
    shipped = read_table(table_path(Variant.OFFICIAL), Variant.OFFICIAL)
    assert np.isnan(shipped[key.filled, 13, 0])
    table = ValueTable(Variant.OFFICIAL, shipped)
    value = table.value(key)
    # Between its reachable neighbours: more upper points bring the bonus closer.
    below = table.value(StateKey(key.filled, 12, 0))
    above = table.value(StateKey(key.filled, 15, 0))
    assert below < value < above
    assert table.values[key.filled, 13, 0] == value  # kept for the next lookup
    assert table.turn(key).start == pytest.approx(value, abs=1e-9)
