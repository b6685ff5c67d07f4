"""The CPU's reasons make sense: every box named is one the kept dice serve, every cost is said
one way, and a handful of fixed situations read exactly as written here.

The sense checks run over some four hundred decisions of seeded games (the best choice most
of the time, a worse one now and then, as the lower CPU levels play), in every rule variant.
Whether a box is served is judged here by a second, independent formulation: the best a
player could do for that one box alone, keeping the kept dice now (a small dynamic program
over the dice, nothing from the solver).
"""

from __future__ import annotations

import random
import re
from functools import cache

import pytest

from game.ai.coach.advice import choice_of, explain, hint
from game.ai.coach.reasons import Reason, reason_for, say
from game.ai.exact.options import Keep, keep_to_actions, option_values
from game.ai.exact.scoring import five_of_a_kind_chip
from game.rules import (
    AMERICAN,
    CATEGORIES,
    Card,
    Category,
    Game,
    GameConfig,
    Roll,
    Score,
    StartOrder,
    Variant,
)
from tests.ai.test_coach import situation

C = Category
REAL_CHANCE = 0.05  # a box named must be reachable at least this often
GAMES = [(seed, variant) for seed, variant in enumerate(list(Variant) * 4)]


# ----------------------------------------------------------------------------- one box alone
def _subsets(dice: tuple[int, ...]) -> set[tuple[int, ...]]:
    return {tuple(d for i, d in enumerate(dice) if mask >> i & 1) for mask in range(32)}


@cache
def _best(
    box: Category, dice: tuple[int, ...], rolls: int, chance: bool, card: Card = AMERICAN
) -> float:
    """Best expected result in `box` alone from five dice with `rolls` rolls left: the
    chance of scoring in it (chance=True) or its points."""
    points = card.score(box, dice)
    now = float(points > 0) if chance else float(points)
    if rolls == 0:
        return now
    return max(now, *(_kept(box, k, rolls, chance, card) for k in _subsets(dice)))


@cache
def _kept(
    box: Category, kept: tuple[int, ...], rolls: int, chance: bool, card: Card = AMERICAN
) -> float:
    """Keep `kept`, roll the rest (one die at a time), then play for `box` alone."""
    if len(kept) == 5:
        return _best(box, kept, rolls - 1, chance, card)
    return sum(_kept(box, tuple(sorted(kept + (f,))), rolls, chance, card) for f in range(1, 7)) / 6


def sense_errors(state, reason: Reason, text: str) -> list[str]:
    """What is wrong with a reason, if anything."""
    errors = []
    if "against" in text or re.search(r"(^|[\s(])[+-]\d", text):
        errors.append("a signed cost")
    for margin, word in re.findall(r"(\d+\.\d) points (\w+)", text):
        if word != "better":
            errors.append(f"a cost said another way: {margin} points {word}")
    if reason.margin < 0:
        errors.append("a negative margin")
    choice = reason.choice
    if not isinstance(choice, Keep):
        return errors
    if reason.aims and not choice.faces:
        errors.append("aims for rerolling everything")
    card = state.card
    kind = card.card
    for box in reason.aims:
        if kind.label(box) not in text:
            errors.append(f"{kind.label(box)} not in the words")
        extra_yahtzee = box is C.YAHTZEE and five_of_a_kind_chip(
            card[C.YAHTZEE], state.config.variant
        )
        if not card.is_open(box) and not extra_yahtzee:
            errors.append(f"{box.label} is filled")
        reach = _kept(box, choice.faces, state.rolls_left, True, kind)
        if reach < REAL_CHANCE:
            errors.append(f"{box.label} is reached only {reach:.3f} of the time")
        if _kept(box, choice.faces, state.rolls_left, False, kind) < _kept(
            box, (), state.rolls_left, False, kind
        ):
            errors.append(f"the kept dice do not help {box.label}")
    for face in set(choice.faces):
        without = list(choice.faces)
        without.remove(face)
        helped = [
            box
            for box in reason.aims
            if _kept(box, choice.faces, state.rolls_left, False, kind)
            > _kept(box, tuple(without), state.rolls_left, False, kind)
        ]
        if reason.aims and not helped:
            errors.append(f"the kept {face} helps none of the aims")
    return errors


# ----------------------------------------------------------------------------- many games
def decisions(seed: int, variant: Variant):
    """Every decision of a seeded one-player game: mostly the best choice, now and then one
    of the next few (as the lower CPU levels play)."""
    rng = random.Random(seed)
    game = Game.new(GameConfig(("Ann",), variant=variant, start=StartOrder.SEATED), seed=seed)
    while not game.state.is_over:
        state = game.state
        if state.dice is None:
            game.apply(Roll())
            continue
        options = option_values(state.card, state.dice, state.rolls_left, variant)
        choice = options[0][0] if rng.random() < 0.7 else rng.choice(options[:6])[0]
        if isinstance(choice, Score):
            yield state, choice
            game.apply(choice)
            continue
        for step in keep_to_actions(state.dice, state.held, choice):
            game.apply(step)
        state = game.state
        yield state, choice_of(state, Roll())
        game.apply(Roll())


@pytest.mark.timeout(60)
def test_reasons_over_many_games_make_sense():
    seen, errors, kinds = 0, [], set()
    for seed, variant in GAMES:
        for state, choice in decisions(seed, variant):
            reason = reason_for(state, choice)
            text = say(reason)
            assert text == explain(state, choice)
            seen += 1
            kinds.add((type(choice).__name__, reason.is_best, bool(reason.aims)))
            errors += [
                f"{state.dice} {state.rolls_left}: {text}: {e}"
                for e in sense_errors(state, reason, text)
            ]
    assert seen >= 350
    # Scores and keeps, best and not, keeps with aims and without: all were tried.
    assert {("Score", True, False), ("Score", False, False)} <= kinds
    assert {("Keep", True, True), ("Keep", False, True), ("Keep", True, False)} <= kinds
    assert errors == [], "\n".join(errors[:20])


def test_the_sense_check_catches_the_old_nonsense():
    state = situation((1, 5, 2, 3, 6), 2)
    keep = Keep((1, 5))
    old = Reason(keep, aims=(C.ONES,))
    assert "the kept 5 helps none of the aims" in sense_errors(state, old, say(old))
    five_five = Reason(Keep((5, 5)), aims=(C.THREE_OF_A_KIND, C.ONES))
    assert "the kept dice do not help Ones" in sense_errors(state, five_five, say(five_five))
    signed = sense_errors(state, Reason(Score(C.ONES)), "scoring 1 in Ones: +2.2 against Chance")
    assert signed == ["a signed cost"]


# ----------------------------------------------------------------------------- exact words
UPPER = {C.ONES: 3, C.TWOS: 6}

EXACT = [
    # The best score, against the next best choice; the upper pace once the section is begun.
    (
        ((5, 5, 5, 1, 2), 0, UPPER),
        Score(C.FIVES),
        "scoring 15 in Fives: 6.9 points better than scoring 18 in Three of a Kind; "
        "upper bonus needs 54 more",
    ),
    # A zero where it costs least.
    (
        ((1, 1, 2, 3, 5), 0, {c: 0 for c in CATEGORIES if c not in (C.YAHTZEE, C.FOURS)}),
        Score(C.YAHTZEE),
        "a zero in Yahtzee costs least: 6.1 points better than a zero in Fours",
    ),
    # A worse score names the better choice and by how much.
    (
        ((5, 5, 5, 1, 2), 0, UPPER),
        Score(C.CHANCE),
        "scoring 18 in Chance: scoring 15 in Fives is 14.3 points better",
    ),
    # Keeps name what they go for; a worse keep says what was better.
    (
        ((5, 5, 5, 1, 2), 2, UPPER),
        Keep((5, 5, 5)),
        "keep 5-5-5 for Fives; upper bonus needs 54 more",
    ),
    (
        ((6, 6, 6, 2, 3), 2, {C.SIXES: 24}),
        Keep((6, 6, 6)),
        "keep 6-6-6 for Four of a Kind or Three of a Kind",
    ),
    # Five of a kind with the Yahtzee box filled with 50 earns a bonus.
    (
        ((5, 5, 5, 5, 2), 1, {C.FIVES: 15, C.YAHTZEE: 50, C.FOUR_OF_A_KIND: 20}),
        Keep((5, 5, 5, 5)),
        "keep 5-5-5-5 for Three of a Kind or an extra Yahtzee",
    ),
    (
        ((2, 3, 4, 6, 6), 2, {}),
        Keep((2, 3, 4)),
        "keep 2-3-4 for Small Straight or Large Straight: keeping 6-6 is 3.5 points better",
    ),
    # The old "keep 1-5: going for Ones" left the 5 unexplained.
    (
        ((1, 5, 2, 3, 6), 2, {}),
        Keep((1, 5)),
        "keep 1-5 for Ones or Fives: keeping 5 is 1.7 points better",
    ),
    (
        ((1, 1, 4, 4, 6), 0, {c: 0 for c in CATEGORIES if c is not C.CHANCE}),
        Score(C.CHANCE),
        "scoring 16 in Chance, the last box",
    ),
]


@pytest.mark.parametrize("where, choice, words", EXACT)
def test_fixed_situations_read_exactly(where, choice, words):
    dice, rolls_left, filled = where
    assert explain(situation(dice, rolls_left, filled), choice) == words


def test_the_hint_says_how_much_less_each_other_choice_is():
    state = situation((5, 5, 5, 1, 2), 2, UPPER)
    lines = hint(state).lines()
    assert lines[0].startswith("Best: keep 5-5-5 (expected final ")
    assert all(re.fullmatch(r".+: \d+\.\d \(\d+\.\d less\)", line) for line in lines[1:])
    assert len(lines) == 4
