"""The Champion plays to win: exact on the game's last turn, the Expert when alone."""

from __future__ import annotations

import dataclasses
import itertools
from functools import cache

import pytest

from game.ai.coach.advice import Rival, win_advice
from game.ai.exact.options import Keep
from game.ai.levels.strategies import make_strategy
from game.rules import Category as C
from game.rules import Game, GameConfig, GameState, Phase, Score, StartOrder, Variant
from game.rules import score_options as rules_score_options
from tests.ai.helpers import card_without, roll_outcomes

pytestmark = pytest.mark.timeout(120)


class LastTurn:
    """Brute force, from the rules alone: the best chance of finishing above the best total
    (a k-way tie is worth 1/k) from one card with its last box open, or, given `then` (points
    still to come after this turn: probability), with that turn to come."""

    def __init__(self, state: GameState, then: dict[int, float] | None = None) -> None:
        self.card = state.card
        self.variant = state.config.variant
        self.forced = state.config.forced_order
        self.others = [c.total for i, c in enumerate(state.cards) if i != state.column]
        self.then = then or {0: 1.0}

    def share(self, total: int) -> float:
        best = max(self.others)
        if total != best:
            return float(total > best)
        return 1.0 / (1 + self.others.count(best))

    def worth(self, total: int) -> float:
        return sum(p * self.share(total + points) for points, p in self.then.items())

    @cache  # noqa: B019 - one instance per situation, dropped with it
    def scored(self, dice: tuple[int, ...], box) -> float:
        return self.worth(self.card.fill(box, dice, self.variant, self.forced).total)

    @cache  # noqa: B019
    def position(self, dice: tuple[int, ...], rolls_left: int) -> float:
        options = rules_score_options(dice, self.card, self.variant, self.forced)
        best = max(self.scored(dice, box) for box in options)
        if rolls_left:
            for size in range(5):
                for held in set(itertools.combinations(dice, size)):
                    best = max(best, self.keep(held, rolls_left))
        return best

    @cache  # noqa: B019
    def keep(self, held: tuple[int, ...], rolls_left: int) -> float:
        return sum(
            p * self.position(tuple(sorted(held + faces)), rolls_left - 1)
            for faces, p in roll_outcomes(5 - len(held))
        )


def last_turns(seats: int, seeds, variant=Variant.OFFICIAL, forced=False) -> list[GameState]:
    """The Champion's last turn (it sits last, so the game's last turn) in seeded games
    against Experts, before the first roll."""
    found = []
    for seed in seeds:
        names = tuple(f"p{i}" for i in range(seats))
        config = GameConfig(names, variant=variant, start=StartOrder.SEATED, forced_order=forced)
        game = Game.new(config, seed=seed)
        players = [make_strategy("expert", seed + i) for i in range(seats - 1)]
        players.append(make_strategy("champion", seed))
        while True:
            state = game.state
            last = state.turn == len(variant.card.boxes) * seats - 1
            if last and state.dice is None:
                found.append(state)
                break
            game.apply(players[state.player].choose(state))
    return found


@pytest.mark.parametrize(
    "seats, seeds, variant, forced",
    [
        (2, range(1, 5), Variant.OFFICIAL, False),
        (3, range(5, 8), Variant.OFFICIAL, False),
        (2, range(8, 10), Variant.FREE, False),
        # Forced order (boxes top to bottom): the last box is Chance, or Yatzy's Yatzy box.
        (2, range(10, 13), Variant.OFFICIAL, True),
        (3, range(13, 15), Variant.YATZY, True),
        (2, range(15, 18), Variant.YATZY, True),
    ],
)
def test_last_turn_play_is_the_exact_best_chance_of_winning(seats, seeds, variant, forced):
    """Every roll and rolls left of every last turn: the Champion's choice is worth, by
    brute force, the best chance any choice has."""
    for start in last_turns(seats, seeds, variant, forced):
        champion = make_strategy("champion", 3)
        truth = LastTurn(start)
        for dice, _ in roll_outcomes(5):
            for rolls_left in (0, 1, 2):
                state = dataclasses.replace(start, dice=dice, rolls=3 - rolls_left)
                choice = champion.decide(state)
                if isinstance(choice, Score):
                    got = truth.scored(dice, choice.category)
                else:
                    assert isinstance(choice, Keep) and rolls_left > 0
                    got = truth.keep(choice.faces, rolls_left)
                assert got == pytest.approx(truth.position(dice, rolls_left), abs=1e-9), (
                    dice,
                    rolls_left,
                    choice,
                )


#: A Yahtzee within a turn keeping the most common face: 2,783,176 / 60,466,176.
YAHTZEE_IN_A_TURN = 2_783_176 / 60_466_176


def _forced_start(variant: Variant, mine, rival) -> GameState:
    names = ("me", "rival")
    config = GameConfig(names, variant=variant, start=StartOrder.SEATED, forced_order=True)
    start, _ = GameState.new(config)
    turn = 2 * len(variant.card.boxes) - 1  # seat 0's turn (order 1, 0)
    cards = (mine, rival)
    return dataclasses.replace(start, phase=Phase.TURN, cards=cards, order=(1, 0), turn=turn)


@pytest.mark.parametrize("variant", [Variant.OFFICIAL, Variant.YATZY])
def test_in_forced_order_it_plays_for_the_total_it_needs(variant):
    """Forced order, the rival done 24 points up. American: Chance is the last box; 25 or
    more in it wins, 24 ties. Yatzy: Chance, then the Yatzy box (50 or nothing): the same
    Chance wins outright, and below it only the 50 can. Five alike is then worth all it can
    be, so the Expert's play of the Yatzy box (the likeliest 50) is the best for the win
    too, and `then` makes the brute force exact. Every roll and rolls left: the Champion's
    choice is worth the brute force's best, and somewhere strictly more than the Expert's."""
    card = variant.card
    last = {card.boxes[-1]} if variant is Variant.OFFICIAL else set(card.boxes[-2:])
    mine = card_without(last, {C.ONES: 3}, card=card)
    rival = card_without(set(), {C.ONES: 3, C.SIXES: 24}, card=card)
    start = _forced_start(variant, mine, rival)
    then = {50: YAHTZEE_IN_A_TURN, 0: 1 - YAHTZEE_IN_A_TURN}
    truth = LastTurn(start, None if variant is Variant.OFFICIAL else then)
    expert, champion = make_strategy("expert", 1), make_strategy("champion", 1)
    gains = []
    for dice, _ in roll_outcomes(5):
        for rolls_left in (0, 1, 2):
            state = dataclasses.replace(start, dice=dice, rolls=3 - rolls_left)
            mine_worth = _worth_of_choice(truth, champion.decide(state), dice, rolls_left)
            best = truth.position(dice, rolls_left)
            assert mine_worth == pytest.approx(best, abs=1e-9), (dice, rolls_left)
            theirs = _worth_of_choice(truth, expert.decide(state), dice, rolls_left)
            gains.append(mine_worth - theirs)
    assert min(gains) > -1e-12
    assert max(gains) > 0.01


def test_alone_it_plays_as_the_expert():
    config = GameConfig(("solo",), start=StartOrder.SEATED)
    games = [Game.new(config, seed=21), Game.new(config, seed=21)]
    players = [make_strategy("champion", 4), make_strategy("expert", 4)]
    while not games[0].state.is_over:
        actions = [p.choose(g.state) for p, g in zip(players, games, strict=True)]
        assert actions[0] == actions[1]
        for game, action in zip(games, actions, strict=True):
            game.apply(action)


def _worth_of_choice(truth: LastTurn, choice, dice, rolls_left) -> float:
    if isinstance(choice, Score):
        return truth.scored(dice, choice.category)
    return truth.keep(choice.faces, rolls_left)


def test_it_plays_for_the_total_it_needs_where_the_expert_plays_for_points():
    """Four of a kind left, 14 points behind a finished rival: any four of a kind scoring
    15 or more wins, so a low four of a kind now may beat chasing a high one. Somewhere the
    Champion's choice wins strictly more often than the Expert's; nowhere less often."""
    mine = card_without({C.FOUR_OF_A_KIND}, {C.CHANCE: 20})
    rival = card_without(set(), {C.CHANCE: 34})
    config = GameConfig(("me", "rival"), start=StartOrder.SEATED)
    start, _ = GameState.new(config)
    start = dataclasses.replace(start, phase=Phase.TURN, cards=(mine, rival), order=(1, 0), turn=25)
    truth = LastTurn(start)
    expert, champion = make_strategy("expert", 1), make_strategy("champion", 1)
    gains = []
    for dice, _ in roll_outcomes(5):
        for rolls_left in (1, 2):
            state = dataclasses.replace(start, dice=dice, rolls=3 - rolls_left)
            mine_worth = _worth_of_choice(truth, champion.decide(state), dice, rolls_left)
            theirs = _worth_of_choice(truth, expert.decide(state), dice, rolls_left)
            gains.append(mine_worth - theirs)
    assert min(gains) > -1e-12
    assert max(gains) > 0.01


def test_win_advice_names_both_moves_the_rival_and_the_points_needed():
    mine = card_without({C.FOUR_OF_A_KIND}, {C.CHANCE: 20})
    rival = card_without(set(), {C.CHANCE: 34})
    config = GameConfig(("me", "Max"), start=StartOrder.SEATED)
    start, _ = GameState.new(config)
    start = dataclasses.replace(start, phase=Phase.TURN, cards=(mine, rival), order=(1, 0), turn=25)
    truth = LastTurn(start)
    differing = []
    for dice, _ in roll_outcomes(5):
        state = dataclasses.replace(start, dice=dice, rolls=1)
        advice = win_advice(state)
        assert advice.rival == Rival(1, "Max", 34, True)
        assert advice.need == 15
        assert advice.chance_to_win == pytest.approx(truth.position(dice, 2), abs=1e-9)
        assert advice.chance_to_win >= advice.chance_for_score - 1e-12
        assert advice.expected_for_score >= advice.expected_to_win - 1e-9
        if advice.differ:
            differing.append(advice)
    assert differing  # somewhere points and the win call for different moves
    assert all(a.chance_to_win > a.chance_for_score for a in differing)


def test_win_advice_needs_dice_and_a_rival():
    config = GameConfig(("solo",), start=StartOrder.SEATED)
    state, _ = GameState.new(config)
    with pytest.raises(ValueError, match="dice"):
        win_advice(state)
    state = dataclasses.replace(state, phase=Phase.TURN, cards=(mine_card(),), order=(0,))
    with pytest.raises(ValueError, match="someone to beat"):
        win_advice(dataclasses.replace(state, dice=(1, 2, 3, 4, 5), rolls=1))


def mine_card():
    return card_without({C.CHANCE}, {})
