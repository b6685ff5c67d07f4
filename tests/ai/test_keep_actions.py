"""keep_to_actions, and optimal play driven through the real game engine."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from game.ai.exact.dicespace import sub_keeps
from game.ai.exact.options import Keep, keep_to_actions, option_values
from game.rules import Game, GameConfig, Hold, Release, Roll, Score, StartOrder, Variant


def _apply(held: tuple[bool, ...], actions) -> tuple[bool, ...]:
    flags = list(held)
    for action in actions:
        assert flags[action.die] is isinstance(action, Release)  # each action changes a flag
        flags[action.die] = isinstance(action, Hold)
    return tuple(flags)


def test_documented_example():
    dice, held = (3, 5, 3, 1, 3), (False, True, False, False, True)
    assert keep_to_actions(dice, held, Keep((3, 3))) == [Release(1), Hold(0)]


def test_holds_nothing_to_hold_all():
    dice = (6, 2, 6, 2, 4)
    assert keep_to_actions(dice, (False,) * 5, Keep(())) == []
    assert keep_to_actions(dice, (True,) * 5, Keep(())) == [Release(i) for i in range(5)]
    assert keep_to_actions(dice, (False,) * 5, (6, 2, 6, 2, 4)) == [Hold(i) for i in range(5)]


def test_every_keep_from_every_hold_pattern_is_reached_in_fewest_actions():
    rng = random.Random(31)
    for _ in range(150):
        dice = tuple(rng.randint(1, 6) for _ in range(5))
        held = tuple(rng.random() < 0.4 for _ in range(5))
        for faces in sub_keeps(dice, max_size=5):
            actions = keep_to_actions(dice, held, Keep(faces))
            after = _apply(held, actions)
            assert tuple(sorted(d for d, h in zip(dice, after, strict=True) if h)) == faces
            fewest = min(
                sum(held[i] != (i in chosen) for i in range(5))
                for size in (len(faces),)
                for chosen in map(set, combinations(range(5), size))
                if tuple(sorted(dice[i] for i in chosen)) == faces
            )
            assert len(actions) == fewest
            releases = [a for a in actions if isinstance(a, Release)]
            assert actions[: len(releases)] == releases  # releases first


@pytest.mark.parametrize(
    "dice, held, keep",
    [
        ((1, 2, 3, 4, 5), (False,) * 5, Keep((6,))),
        ((1, 2, 3, 4, 5), (False,) * 5, Keep((2, 2))),
        ((1, 2, 3, 4, 5), (False,) * 4, Keep((2,))),
        ((1, 2, 3, 4, 5), (0, 0, 0, 0, 0), Keep((2,))),
    ],
)
def test_impossible_keeps_are_refused(dice, held, keep):
    with pytest.raises(ValueError):
        keep_to_actions(dice, held, keep)


def test_keep_normalises_and_validates():
    assert Keep((5, 1, 5)).faces == (1, 5, 5)
    for bad in [(0,), (7,), (1, 2, 3, 4, 5, 6), ("3",), (True,)]:
        with pytest.raises(ValueError):
            Keep(bad)


def play_optimal_game(variant: Variant, seed: int) -> tuple[int, int]:
    """One solitaire game where every choice is option_values' first; (total, keeps made)."""
    game = Game.new(GameConfig(("Expert",), variant=variant, start=StartOrder.SEATED), seed)
    keeps = 0
    while not game.state.is_over:
        state = game.state
        if state.dice is None:
            game.apply(Roll())
            continue
        choice, _ = option_values(state.card, state.dice, state.rolls_left, variant)[0]
        if isinstance(choice, Score):
            game.apply(choice)
            continue
        for action in keep_to_actions(state.dice, state.held, choice):
            game.apply(action)
        held = game.state.held
        assert (
            tuple(sorted(d for d, h in zip(game.state.dice, held, strict=True) if h))
            == choice.faces
        )
        keeps += 1
        game.apply(Roll())
    return game.state.results[0].totals[0], keeps


@pytest.mark.parametrize(
    "variant, seed, total, keeps",
    [
        (Variant.OFFICIAL, 1, 263, 26),
        (Variant.FREE, 2, 277, 23),
        (Variant.SIMPLE, 3, 197, 24),
    ],
)
def test_optimal_play_through_the_engine(variant, seed, total, keeps):
    assert play_optimal_game(variant, seed) == (total, keeps)
