"""The batch simulator (game.ai.tablemaker.batch): the Expert's very games, many at once.

Exact where exactness is possible: games dealt the rules engine's dice end with the engine's
cards, in every variant (Jokers and bonus chips included, and the Yatzy card's fifteen boxes
without them), from empty cards, from cards part-filled and from the middle of a turn;
hand-made cards play as option_values plays them. Statistical where it cannot be: the
seeded dice give the engine's score distribution, and the solver's expected score.
"""

from __future__ import annotations

import math
import random

import numpy as np
import pytest

from game.ai.exact.dicespace import MULTISETS, ROLLS
from game.ai.exact.options import best_choice
from game.ai.exact.tables import value_table
from game.ai.levels.strategies import make_strategy
from game.ai.tablemaker import spread as spread_build
from game.ai.tablemaker.batch import Cards, play, simulate, turn_starts
from game.ai.tablemaker.dice import ROLL_FACES, ScriptedDice, add_dice, roll_of
from game.ai.winning import tables as winning_tables
from game.rules import (
    AMERICAN,
    YATZY,
    Category,
    Game,
    GameConfig,
    Phase,
    Score,
    Scorecard,
    StartOrder,
    Variant,
)
from game.rules.variants import Extra
from game.tools import tournament
from tests.heavy import HEAVY_TIMEOUT

AMERICAN_VARIANTS = [v for v in Variant if v.card is AMERICAN]
EXPECTED = {Variant.OFFICIAL: 254.5877, Variant.FREE: 254.5896, Variant.SIMPLE: 245.8708}
YATZY_EXPECTED = 248.4399893779  # the solver's exact value of an empty Yatzy card


class RecordingRandom(random.Random):
    """A seeded RNG that remembers every die it rolls, in order."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.faces: list[int] = []

    def randint(self, a: int, b: int) -> int:
        face = super().randint(a, b)
        self.faces.append(face)
        return face


def engine_game(seed: int, variant: Variant, stop_at: int | None = None):
    """An Expert solitaire game through game.rules: (final card, every die rolled, and the
    situation before decision `stop_at`: (card, dice, rolls_left, dice rolled so far))."""
    rng = RecordingRandom(seed)
    game = Game(GameConfig(("Expert",), variant=variant, start=StartOrder.SEATED), rng)
    strategy = make_strategy("expert", seed)
    decisions, situation = 0, None
    while not game.state.is_over:
        state = game.state
        if state.phase is Phase.TURN and state.dice is not None:
            if decisions == stop_at and situation is None:
                situation = (state.card, state.dice, state.rolls_left, len(rng.faces))
            decisions += 1
        game.apply(strategy.choose(state))
    return game.state.results[0].cards[0], rng.faces, situation


def reference_play(card: Scorecard, faces, variant: Variant, dice=None, rolls_left=2):
    """Play a card to the end with option_values' best choices and the given dice."""
    stream = iter(faces)
    while not card.is_complete:
        if dice is None:
            dice, rolls_left = tuple(next(stream) for _ in range(5)), 2
        choice = best_choice(card, dice, rolls_left, variant)
        if isinstance(choice, Score):
            card, dice = card.fill(choice.category, dice, variant), None
        else:
            dice = choice.faces + tuple(next(stream) for _ in range(5 - len(choice.faces)))
            rolls_left -= 1
    return card


# ----------------------------------------------------------------------------- exact games
@pytest.mark.parametrize("variant", AMERICAN_VARIANTS)
def test_games_dealt_the_engines_dice_end_with_the_engines_cards(variant):
    seeds = range(10)
    games = [engine_game(seed, variant) for seed in seeds]
    played = play(Cards.empty(len(games)), variant, ScriptedDice([g[1] for g in games]))
    assert [played.scorecard(i) for i in range(len(games))] == [g[0] for g in games]
    assert played.totals.tolist() == [g[0].total for g in games]
    # Seeds 0 and 3 roll an extra five of a kind: a Joker with a chip, and one with a 0.
    chips = 0 if variant.extra is Extra.NONE else 1  # the variant's rule pays chips
    assert (played.chips[0], played.boxes[0, Category.YAHTZEE.value]) == (chips, 50)
    assert played.boxes[3, Category.YAHTZEE.value] == 0


def test_yatzy_games_dealt_the_engines_dice_end_with_the_engines_cards():
    """Fifteen boxes, 50 at 63, and five alike with the Yatzy box filled scored as it lies:
    no Joker, no chip (seed 14: five fours in Fours after a Yatzy; seed 22: five sixes in Four
    of a Kind, 24; seed 41: five twos in Twos with the Yatzy box at 0)."""
    variant = Variant.YATZY
    games = [engine_game(seed, variant) for seed in range(42)]
    played = play(Cards.empty(len(games), YATZY), variant, ScriptedDice([g[1] for g in games]))
    assert played.card is YATZY and played.boxes.shape == (42, 15)
    assert [played.scorecard(i) for i in range(len(games))] == [g[0] for g in games]
    assert played.totals.tolist() == [g[0].total for g in games]
    assert played.upper_bonus.tolist() == [g[0].upper_bonus == 50 for g in games]
    assert not played.chips.any()
    yatzy, fours, twos = (YATZY.index(c) for c in (Category.YAHTZEE, Category.FOURS, Category.TWOS))
    four_alike = YATZY.index(Category.FOUR_OF_A_KIND)
    assert (played.boxes[14, fours], played.boxes[14, yatzy]) == (20, 50)
    assert (played.boxes[22, four_alike], played.boxes[22, yatzy]) == (24, 50)
    assert (played.boxes[41, twos], played.boxes[41, yatzy]) == (10, 0)


@pytest.mark.parametrize("variant", list(Variant))
def test_games_taken_up_mid_turn_or_mid_game_end_as_in_the_engine(variant):
    cards, showing, rolls_left, rest, finals = [], [], [], [], []
    for seed, stop_at in ((11, 0), (12, 4), (13, 9), (14, 17), (15, 22), (16, 30), (17, 36)):
        final, faces, (card, dice, left, used) = engine_game(seed, variant, stop_at)
        cards.append(card)
        showing.append(dice)
        rolls_left.append(left)
        rest.append(faces[used:])
        finals.append(final)
    played = play(Cards.of(cards), variant, ScriptedDice(rest), showing, rolls_left)
    assert [played.scorecard(i) for i in range(len(cards))] == finals
    assert any(card.filled_count for card in cards) and set(rolls_left) == {0, 1, 2}


def test_hand_made_cards_play_as_option_values_plays_them():
    """Cards no game makes (six points in Ones: an upper total no dice make with those
    boxes): the states they lead to are computed on demand (the table holds none of them),
    and every choice is still option_values' best."""
    rng = random.Random(5)
    odd = (6, 10, None, None, None, None, 20, None, 25, 30, 40, 50, None)
    assert np.isnan(value_table(Variant.OFFICIAL).values[0b0111101000011, 16, 1])
    cards = [
        Scorecard(odd, 1),
        Scorecard((6, 3, None, None, 20, None, 20, None, None, None, None, 50, None), 1),
        Scorecard((None,) * 6 + (0, 0, 25, 30, 40, 0, None)),
    ]
    streams = [[rng.randint(1, 6) for _ in range(200)] for _ in cards]
    variant = Variant.OFFICIAL
    played = play(Cards.of(cards), variant, ScriptedDice(streams))
    expected = [reference_play(card, s, variant) for card, s in zip(cards, streams, strict=True)]
    assert [played.scorecard(i) for i in range(len(cards))] == expected


def test_hand_made_yatzy_cards_play_as_option_values_plays_them():
    """Six points in Ones: an upper total no dice make, and so states the Yatzy table lacks."""
    rng = random.Random(6)
    odd = (6, 10, None, None, None, None, 12, None, None, 20, None, 20, None, None, 50)
    assert np.isnan(value_table(Variant.YATZY).values[0b100101001000011, 16, 0])
    cards = [
        Scorecard(odd, card=YATZY),
        Scorecard((None,) * 6 + (0, 0, 0, 0, 15, 20, 28, 25, None), card=YATZY),
        Scorecard.empty(YATZY),
    ]
    streams = [[rng.randint(1, 6) for _ in range(300)] for _ in cards]
    variant = Variant.YATZY
    played = play(Cards.of(cards), variant, ScriptedDice(streams))
    expected = [reference_play(card, s, variant) for card, s in zip(cards, streams, strict=True)]
    assert [played.scorecard(i) for i in range(len(cards))] == expected


def test_a_full_card_stays_as_it_is():
    full = Scorecard((1, 2, 3, 4, 5, 6, 7, 8, 0, 30, 40, 50, 20), 2)
    played = play(Cards.of([full]), Variant.FREE, ScriptedDice([[]]))
    assert played.scorecard(0) == full
    assert played.totals.tolist() == [full.total]


# ----------------------------------------------------------------------------- seeds, cards
def test_the_seed_makes_the_games():
    first = simulate(200, Variant.OFFICIAL, seed=4)
    again = simulate(200, Variant.OFFICIAL, seed=4)
    assert np.array_equal(first.boxes, again.boxes) and np.array_equal(first.chips, again.chips)
    assert not np.array_equal(simulate(200, Variant.OFFICIAL, seed=5).boxes, first.boxes)
    assert first.complete.all()


def test_cards_as_arrays_agree_with_scorecards():
    cards = [
        Scorecard((3, 8, 9, 12, 25, 30, 0, 22, 25, 30, 40, 50, 23), 1),
        Scorecard((None, 8, None, None, None, None, None, None, None, None, None, 0, None)),
        Scorecard(),
    ]
    arrays = Cards.of(cards)
    assert [arrays.scorecard(i) for i in range(3)] == cards
    assert arrays.totals.tolist() == [c.total for c in cards]
    assert arrays.upper_bonus.tolist() == [True, False, False]
    assert arrays.yahtzee.tolist() == [True, False, False]
    assert arrays.complete.tolist() == [True, False, False]
    assert arrays.filled.tolist() == [(1 << 13) - 1, 1 << 1 | 1 << 11, 0]


def test_yatzy_cards_as_arrays_agree_with_scorecards():
    cards = [
        Scorecard((3, 8, 9, 12, 15, 18, 12, 22, 15, 20, 15, 20, 26, 23, 50), card=YATZY),
        Scorecard((None,) * 14 + (0,), card=YATZY),
        Scorecard.empty(YATZY),
    ]
    arrays = Cards.of(cards)
    assert arrays.card is YATZY and arrays.boxes.shape == (3, 15)
    assert [arrays.scorecard(i) for i in range(3)] == cards
    assert arrays.totals.tolist() == [c.total for c in cards] == [318, 0, 0]
    assert arrays.upper_bonus.tolist() == [True, False, False]
    assert arrays.yahtzee.tolist() == [True, False, False]
    assert arrays.complete.tolist() == [True, False, False]
    assert arrays.filled.tolist() == [(1 << 15) - 1, 1 << 14, 0]


def test_dice_indices_add_up():
    rng = np.random.default_rng(0)
    keeps = np.arange(len(MULTISETS) - len(ROLLS))  # every keep of 0 to 4 dice
    fresh = rng.integers(1, 7, size=(len(keeps), 5))
    rolls = add_dice(keeps, fresh)
    for keep, faces, roll in zip(keeps, fresh, rolls, strict=True):
        kept = MULTISETS[keep]
        assert ROLLS[roll] == tuple(sorted(kept + tuple(faces[: 5 - len(kept)])))
    assert roll_of([(6, 1, 3, 1, 2)]).tolist() == [ROLLS.index((1, 1, 2, 3, 6))]
    assert ROLL_FACES[ROLLS.index((2, 2, 4, 5, 5))].tolist() == [2, 2, 4, 5, 5]


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: simulate(-1), "whole number"),
        (lambda: play(Cards.empty(1), "official", ScriptedDice([[1] * 5])), "variant"),
        (lambda: turn_starts(1, "yatzy"), "variant"),
        (lambda: play(Cards.empty(1), Variant.YATZY, ScriptedDice([[]])), "american cards"),
        (lambda: Cards.of([Scorecard(), Scorecard.empty(YATZY)]), "american card"),
        (lambda: play(Cards.empty(1), Variant.OFFICIAL, ScriptedDice([[1] * 5])), "ran out"),
        (lambda: ScriptedDice([[1, 7]]), "1 to 6"),
        (lambda: roll_of([(0, 1, 2, 3, 4)]), "1 to 6"),
        (
            lambda: play(Cards.empty(2), Variant.OFFICIAL, ScriptedDice([[], []]), [None]),
            "one entry per card",
        ),
        (
            lambda: play(Cards.empty(1), Variant.OFFICIAL, ScriptedDice([[]]), [(1, 2)], [1]),
            "five dice",
        ),
    ],
)
def test_bad_input_is_refused_with_a_reason(call, message):
    with pytest.raises(ValueError, match=message):
        call()


# ----------------------------------------------------------------------------- the distribution
def z_of(a: float, b: float, se: float) -> float:
    return abs(a - b) / se


@pytest.mark.heavy
@pytest.mark.timeout(HEAVY_TIMEOUT)
def test_the_score_distribution_is_the_engines():
    """10,000 batch games against 400 through the rules engine (the slow side), and the
    batch mean against the exact expected score. |z| < 4 everywhere: a false alarm about
    once in 16,000 runs; a bias of a few points in the mean or sd fails."""
    variant = Variant.OFFICIAL
    batch = simulate(10_000, variant, seed=7)
    engine = tournament.run(("expert",), 400, seed=7, variant=variant, engine=True)
    a = batch.totals.astype(float)
    b = np.array([r.totals[0] for r in engine], dtype=float)
    assert z_of(a.mean(), EXPECTED[variant], a.std() / math.sqrt(len(a))) < 4
    assert (
        z_of(
            a.mean(),
            b.mean(),
            math.hypot(a.std(), b.std() * math.sqrt(len(a) / len(b))) / math.sqrt(len(a)),
        )
        < 4
    )
    for rate_a, rate_b in (
        (batch.upper_bonus.mean(), np.mean([r.bonus[0] for r in engine])),
        (batch.yahtzee.mean(), np.mean([r.yahtzee[0] for r in engine])),
    ):
        p = (rate_a * len(a) + rate_b * len(b)) / (len(a) + len(b))
        assert z_of(rate_a, rate_b, math.sqrt(p * (1 - p) * (1 / len(a) + 1 / len(b)))) < 4

    # The sd: its standard error from the fourth moment (the scores have a long tail).
    def sd_error(x: np.ndarray) -> float:
        return math.sqrt(np.var((x - x.mean()) ** 2) / len(x)) / (2 * x.std())

    assert z_of(a.std(), b.std(), math.hypot(sd_error(a), sd_error(b))) < 4
    assert 55 < a.std() < 65 and 0.6 < batch.upper_bonus.mean() < 0.75


@pytest.mark.heavy
@pytest.mark.timeout(HEAVY_TIMEOUT)
def test_the_yatzy_mean_is_the_solvers_expected_score():
    """20,000 batch games of Yatzy against the exact expected score: |z| < 4 (a false alarm
    about once in 16,000 runs; a bias of a point in the mean fails)."""
    assert value_table(Variant.YATZY).values[0, 0, 0] == pytest.approx(YATZY_EXPECTED, abs=1e-5)
    totals = simulate(20_000, Variant.YATZY, seed=7).totals.astype(float)
    assert z_of(totals.mean(), YATZY_EXPECTED, totals.std() / math.sqrt(len(totals))) < 4
    assert 35 < totals.std() < 42


def test_yatzy_turn_starts_have_fifteen_turns():
    states, totals = turn_starts(300, Variant.YATZY, seed=2)
    assert states.shape == totals.shape == (300, 16)
    filled = states // 128
    counts = np.array([[bin(f).count("1") for f in row] for row in filled.tolist()])
    assert (counts == np.arange(16)).all()  # one box more each turn, all 15 at the end
    assert (states % 2 == 0).all()  # no Yahtzee flag on a card without chips
    assert totals[:, -1].tolist() == simulate(300, Variant.YATZY, seed=2).totals.tolist()
    assert (np.diff(totals, axis=1) >= 0).all() and (totals[:, 0] == 0).all()


@pytest.mark.heavy
@pytest.mark.timeout(HEAVY_TIMEOUT)
def test_yatzy_batch_games_teach_the_spread_tables_their_shapes():
    """learn_shapes on Yatzy, from fewer games than a build's: classes by open boxes (3 to
    15) and the Yatzy box open or filled; none for a box holding 50 with a flag (Yatzy keeps
    none). Each shape is standardised."""
    variant = Variant.YATZY
    spread = winning_tables.read_spread(winning_tables.spread_path(variant), variant).spread
    edges, shapes = spread_build.learn_shapes(variant, spread, games=20_000)
    assert shapes.shape[:2] == edges.shape[:2] == (16, 3)
    learnt = np.isfinite(shapes).all(axis=-1)
    assert not learnt[:3].any() and not learnt[:, 2].any()
    assert learnt[3:, 0].any(axis=-1).all() and learnt[3:, 1].any(axis=-1).all()
    found = shapes[learnt]
    assert np.allclose(found.mean(axis=-1), 0, atol=1e-9)
    assert np.allclose(found.std(axis=-1), 1)
