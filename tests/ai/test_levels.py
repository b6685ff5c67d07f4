"""CPU levels (game.ai.levels.strategies) and the turn outlooks they decide with
(game.ai.levels.turn).

Legal actions only, one per call, a plan that holds across the calls of one situation, the
same choice for the same seed and situation, the Expert exactly optimal (option_values'
first choice, Joker cases included, and no expected points lost in a whole game).
"""

from __future__ import annotations

import dataclasses
import random
import subprocess
import sys

import numpy as np
import pytest

from game.ai.exact.options import Keep, keep_to_actions, option_values
from game.ai.exact.solver import BONUS_AT, StateKey, solve_state
from game.ai.exact.tables import value_table
from game.ai.exact.turn_outlook import best_index
from game.ai.levels.no_bonus import no_bonus_values
from game.ai.levels.spec import CPU_LEVELS, LEVELS, Personality, level_spec
from game.ai.levels.strategies import ChampionStrategy, LevelStrategy, make_strategy, preload
from game.ai.levels.turn import fast_option_values, valuation
from game.match.seats import LEVELS as SEAT_LEVELS
from game.match.seats import Seat, level_name
from game.rules import (
    CATEGORIES,
    Category,
    Game,
    GameConfig,
    GameState,
    Hold,
    Phase,
    Release,
    Roll,
    Score,
    Scorecard,
    Stand,
    StartOrder,
    Variant,
    score_options,
)
from tests.ai.helpers import turn_state

C = Category


def card_with(filled: dict[Category, int], chips: int = 0) -> Scorecard:
    boxes = [None] * 13
    for category, points in filled.items():
        boxes[category.value] = points
    return Scorecard(tuple(boxes), chips)


def card_without(open_boxes: set[Category], filled: dict[Category, int], chips: int = 0):
    """Every box filled (0 unless given) except `open_boxes`."""
    return card_with({c: filled.get(c, 0) for c in CATEGORIES if c not in open_boxes}, chips)


def random_card(rng: random.Random, variant: Variant) -> Scorecard:
    """A card part-way through a game, filled by random legal scores (chips and all)."""
    card = Scorecard.empty(variant.card)
    for _i in range(rng.randint(0, len(card.boxes) - 1)):
        dice = tuple(rng.randint(1, 6) for _j in range(5))
        if rng.random() < 0.15:
            dice = (dice[0],) * 5
        card = card.fill(rng.choice(list(score_options(dice, card, variant))), dice, variant)
    return card


def random_dice(rng: random.Random) -> tuple[int, ...]:
    if rng.random() < 0.2:
        return (rng.randint(1, 6),) * 5
    return tuple(rng.randint(1, 6) for _ in range(5))


def play(game: Game, strategies, check=None, limit: int = 5000) -> int:
    """Play `game` to its end with one strategy per player; returns the actions made."""
    for count in range(limit):
        state = game.state
        if state.is_over:
            return count
        action = strategies[state.player].choose(state)
        assert action in state.legal_actions(), (action, state)
        if check is not None:
            check(state, action)
        game.apply(action)
    raise AssertionError("the game did not end")


# ----------------------------------------------------------------------------- the levels
def test_every_level_is_one_record_that_the_seats_and_the_players_read():
    assert LEVELS == SEAT_LEVELS == ("beginner", "easy", "medium", "hard", "expert", "champion")
    for spec in CPU_LEVELS:
        strategy = make_strategy(spec.id, 3)
        assert strategy.personality == spec.personality and strategy.seed == 3
        plays_to_win = isinstance(strategy, ChampionStrategy)
        assert plays_to_win == spec.plays_to_win == (spec.id == "champion")
        assert Seat("Cee", spec.id).is_cpu and level_name(spec.id) == spec.name
        assert spec.choice == f"CPU {spec.name}" and spec.help.startswith(spec.choice + ": ")


@pytest.mark.parametrize("level", ["wizard", "", "Expert", None, 3])
def test_unknown_level_is_refused(level):
    with pytest.raises(ValueError, match="unknown CPU level"):
        make_strategy(level, 1)


def test_levels_get_weaker_step_by_step():
    """Each level below Expert distorts more: less bonus regard, more greed, softer.
    (The Champion keeps the Expert's personality and plays to win instead.)"""
    people = [level_spec(level).personality for level in reversed(LEVELS) if level != "champion"]
    assert people[0] == Personality()
    for stronger, weaker in zip(people, people[1:], strict=False):
        assert weaker.bonus_weight < stronger.bonus_weight
        assert weaker.greed > stronger.greed
        assert weaker.temperature > stronger.temperature
        assert weaker.dice_temperature > stronger.dice_temperature


@pytest.mark.parametrize(
    "fields", [{"bonus_weight": 1.5}, {"bonus_weight": -0.1}, {"greed": -1}, {"temperature": -1}]
)
def test_personality_is_validated(fields):
    with pytest.raises(ValueError):
        Personality(**fields)


def test_strategy_seed_must_be_a_whole_number():
    with pytest.raises(ValueError):
        make_strategy("easy", "seven")


# ----------------------------------------------------------------------------- legal actions
@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("variant", list(Variant))
def test_every_action_is_legal_in_whole_games(level, variant):
    """A seeded two-player game per level and variant, every action checked by play()."""
    for seed in (11,):
        config = GameConfig(("a", "b"), variant=variant, start=StartOrder.SEATED)
        game = Game.new(config, seed=seed)
        strategies = [make_strategy(level, seed), make_strategy(level, seed + 1)]
        actions = play(game, strategies)
        assert game.state.phase is Phase.MATCH_OVER
        assert all(card.is_complete for card in game.state.results[0].cards)
        assert actions >= 2 * 13 * 2  # at least a roll and a score per turn


@pytest.mark.parametrize("level", LEVELS)
def test_a_turn_is_roll_then_holds_then_roll_and_ends_with_a_score(level):
    """Within a turn: Roll with no dice; holds/releases only between rolls; Score ends it."""
    seen = []

    def check(state, action):
        if state.dice is None:
            assert action == Roll()
        if isinstance(action, (Hold, Release)):
            assert state.rolls_left > 0
        seen.append(type(action))

    game = Game.new(GameConfig(("a",), start=StartOrder.SEATED), seed=5)
    play(game, [make_strategy(level, 9)], check)
    assert seen.count(Score) == 13
    assert seen.count(Roll) >= 13


def tie_break_state(level_seed: int = 0) -> GameState:
    """Two players tied with full cards: the tie-breaker, nobody has rolled yet."""
    config = GameConfig(("a", "b"), start=StartOrder.SEATED, tie_breaker=True)
    state, _ = GameState.new(config)
    full = card_without(set(), {C.CHANCE: 20 + level_seed})
    return dataclasses.replace(
        state, phase=Phase.TIE_BREAK, cards=(full, full), contenders=(0, 1), contest=()
    )


@pytest.mark.parametrize("level", LEVELS)
def test_tie_breaker_actions_are_legal_until_it_is_decided(level):
    for seed in range(6):
        state = tie_break_state()
        rng = random.Random(seed)
        strategies = [make_strategy(level, seed), make_strategy(level, seed + 7)]
        for _ in range(500):
            if state.phase is not Phase.TIE_BREAK:
                break
            action = strategies[state.competitor].choose(state)
            assert action in state.legal_actions()
            state, _ = state.apply(action, rng)
        assert state.phase is Phase.MATCH_OVER
        assert len(state.results[0].winners) == 1


@pytest.mark.parametrize(
    "dice, rolls_left, actions",
    [
        ((6, 5, 4, 2, 1), 2, [Hold(0), Hold(1), Roll()]),  # 5 and 6 beat a re-roll (4.25)
        ((6, 5, 4, 2, 1), 1, [Hold(0), Hold(1), Hold(2), Roll()]),  # 4 beats 3.5
        ((3, 4, 2, 4, 1), 2, [Roll()]),
        ((6, 5, 6, 5, 5), 2, [Stand()]),  # nothing worth re-rolling
        ((4, 5, 6, 4, 4), 1, [Stand()]),
        ((1, 1, 1, 1, 1), 0, [Stand()]),  # no rolls left
    ],
)
def test_expert_tie_breaker_keeps_what_beats_a_reroll(dice, rolls_left, actions):
    state = dataclasses.replace(tie_break_state(), dice=dice, rolls=3 - rolls_left)
    strategy = make_strategy("expert", 1)
    made = []
    for _ in range(len(actions)):
        action = strategy.choose(state)
        made.append(action)
        if isinstance(action, (Roll, Stand)):
            break
        state, _ = state.apply(action, random.Random(0))
    assert made == actions


def test_tie_breaker_starts_with_a_roll():
    assert make_strategy("beginner", 1).choose(tie_break_state()) == Roll()


def test_a_sloppy_level_sometimes_misjudges_a_tie_breaker_die():
    """Beginner keeps a 4 with two rolls left, or rolls a 5 again, in some situations."""
    odd = 0
    for seed in range(200):
        strategy = make_strategy("beginner", seed)
        state = dataclasses.replace(tie_break_state(), dice=(4, 5, 2, 3, 1), rolls=1)
        kept = strategy._tie_break_keep(state).faces
        odd += kept != (5,)
    assert 0 < odd < 200


def test_nothing_to_decide_after_the_game():
    state = dataclasses.replace(tie_break_state(), phase=Phase.GAME_OVER)
    with pytest.raises(ValueError, match="nothing for a CPU"):
        make_strategy("expert", 1).choose(state)


# ----------------------------------------------------------------------------- consistency
def decision_states(seed: int, level: str = "medium", count: int = 40) -> list[GameState]:
    """States just after a roll (dice showing), from a seeded game of `level`."""
    game = Game.new(GameConfig(("a",), start=StartOrder.SEATED), seed=seed)
    strategy = make_strategy(level, seed)
    found = []
    while not game.state.is_over and len(found) < count:
        state = game.state
        action = strategy.choose(state)
        if state.dice is not None and not isinstance(action, Release) and not any(state.held):
            found.append(state)
        game.apply(action)
    return found


@pytest.mark.parametrize("level", LEVELS)
def test_same_seed_and_situation_give_the_same_choice(level):
    states = decision_states(21) + decision_states(22)
    first = make_strategy(level, 77)
    plans = [first.decide(s) for s in states]
    actions = [first.choose(s) for s in states]
    again = make_strategy(level, 77)  # a fresh instance: nothing carried over
    assert [again.choose(s) for s in reversed(states)] == actions[::-1]
    assert [again.decide(s) for s in states] == plans


@pytest.mark.parametrize("level", ["beginner", "easy", "medium", "hard"])
def test_different_seeds_can_choose_differently(level):
    states = decision_states(31, count=60) + decision_states(32, count=60)
    a, b = make_strategy(level, 1), make_strategy(level, 2)
    assert any(a.decide(s) != b.decide(s) for s in states)


def test_expert_does_not_depend_on_its_seed():
    states = decision_states(41)
    a, b = make_strategy("expert", 1), make_strategy("expert", 2)
    assert [a.decide(s) for s in states] == [b.decide(s) for s in states]


@pytest.mark.parametrize("level", LEVELS)
def test_the_holds_in_progress_do_not_change_the_plan(level):
    """Carrying out a Keep takes several calls; the plan is the same at every one, and the
    dice held when the Roll comes are exactly the Keep."""
    carried = 0
    for state in decision_states(51, level) + decision_states(52, level):
        strategy = make_strategy(level, 5)
        plan = strategy.decide(state)
        if isinstance(plan, Score):
            assert strategy.choose(state) == plan
            continue
        steps = 0
        while True:
            action = strategy.choose(state)
            assert make_strategy(level, 5).decide(state) == plan
            if action == Roll():
                break
            state, _ = state.apply(action, random.Random(0))
            steps += 1
            assert steps <= 5
        held = tuple(sorted(d for d, h in zip(state.dice, state.held, strict=True) if h))
        assert held == plan.faces
        carried += steps > 0
    assert carried > 0


# ----------------------------------------------------------------------------- the Expert
JOKER_SITUATIONS = [
    # Forced Joker: the upper box of the face is open, so it must go there.
    (card_with({C.YAHTZEE: 50}), (4, 4, 4, 4, 4), 2, Variant.OFFICIAL),
    (card_with({C.YAHTZEE: 0, C.CHANCE: 22}), (6, 6, 6, 6, 6), 0, Variant.OFFICIAL),
    # Upper box filled: any open lower box, Full House / straights at Joker value.
    (card_with({C.YAHTZEE: 50, C.THREES: 9}), (3, 3, 3, 3, 3), 2, Variant.OFFICIAL),
    (
        card_without({C.LARGE_STRAIGHT, C.CHANCE, C.ONES}, {C.YAHTZEE: 50, C.TWOS: 6}),
        (2, 2, 2, 2, 2),
        1,
        Variant.OFFICIAL,
    ),
    # All lower boxes filled: a zero in an open upper box (the chip still counts).
    (
        card_without({C.ONES, C.SIXES}, {C.YAHTZEE: 50, C.FIVES: 15}),
        (5, 5, 5, 5, 5),
        0,
        Variant.OFFICIAL,
    ),
    # Free: any open box; fixed boxes score as Joker only once the face's upper box is filled.
    (card_with({C.YAHTZEE: 50}), (5, 5, 5, 5, 5), 2, Variant.FREE),
    (card_with({C.YAHTZEE: 50, C.FIVES: 20}), (5, 5, 5, 5, 5), 0, Variant.FREE),
    # Simple: five of a kind scores as it lies.
    (card_with({C.YAHTZEE: 50}), (2, 2, 2, 2, 2), 1, Variant.SIMPLE),
    # Ordinary situations: empty card, bonus on the line, last box.
    (Scorecard(), (1, 2, 3, 4, 6), 2, Variant.OFFICIAL),
    (Scorecard(), (6, 6, 6, 2, 1), 2, Variant.OFFICIAL),
    (
        card_with({C.ONES: 3, C.TWOS: 6, C.THREES: 9, C.FOURS: 12, C.FIVES: 15}),
        (6, 6, 6, 1, 2),
        1,
        Variant.OFFICIAL,
    ),
    (card_without({C.CHANCE}, {}), (1, 2, 3, 4, 6), 2, Variant.OFFICIAL),
    (card_without({C.YAHTZEE}, {}), (3, 3, 1, 3, 2), 1, Variant.OFFICIAL),
]


@pytest.mark.parametrize("card, dice, rolls_left, variant", JOKER_SITUATIONS)
def test_expert_takes_the_first_of_option_values(card, dice, rolls_left, variant):
    state = turn_state(card, dice, rolls_left, variant)
    best = option_values(card, dice, rolls_left, variant)[0][0]
    expert = make_strategy("expert", 1)
    assert expert.decide(state) == best
    action = expert.choose(state)
    if isinstance(best, Score):
        assert action == best
    else:
        steps = keep_to_actions(dice, state.held, best)
        assert action == (steps[0] if steps else Roll())


@pytest.mark.parametrize("variant", list(Variant))
def test_expert_takes_the_first_of_option_values_in_random_situations(variant):
    rng = random.Random(variant.value)
    expert = make_strategy("expert", 1)
    checked = 0
    while checked < 150:
        card = random_card(rng, variant)
        if card.is_complete:
            continue
        dice, rolls_left = random_dice(rng), rng.randint(0, 2)
        state = turn_state(card, dice, rolls_left, variant)
        assert expert.decide(state) == option_values(card, dice, rolls_left, variant)[0][0]
        checked += 1


@pytest.mark.parametrize("variant", list(Variant))
def test_turn_outlook_equals_option_values_exactly(variant):
    """The fast path gives option_values' list: same choices, same order, same floats."""
    rng = random.Random(f"outlook {variant.value}")
    for _ in range(250):
        card = random_card(rng, variant)
        if card.is_complete:
            continue
        dice, rolls_left = random_dice(rng), rng.randint(0, 2)
        expected = option_values(card, dice, rolls_left, variant)
        assert fast_option_values(card, dice, rolls_left, variant) == expected
        outlook = valuation(variant).outlook(card)
        assert outlook.best_value(card.total, dice, rolls_left) == max(v for _, v in expected)


def test_best_index_breaks_ties_like_option_values():
    assert best_index([1.0, 3.0, 3.0]) == 1
    assert best_index([1.0, 3.0 - 1e-12, 3.0]) == 1  # equal to 9 decimals: the first
    assert best_index([1.0, 3.0 - 1e-6, 3.0]) == 2


def expert_game_loss_by_option_values(seed: int, level: str) -> tuple[float, int]:
    """Play a solitaire game; sum over decisions of (best - taken) by option_values."""
    game = Game.new(GameConfig(("a",), start=StartOrder.SEATED), seed=seed)
    strategy = make_strategy(level, seed)
    lost, decisions = 0.0, 0
    while not game.state.is_over:
        state = game.state
        action = strategy.choose(state)
        if state.dice is not None and isinstance(action, (Roll, Score)):
            options = dict(option_values(state.card, state.dice, state.rolls_left))
            if isinstance(action, Score):
                taken = options[action]
            else:
                held = [d for d, h in zip(state.dice, state.held, strict=True) if h]
                taken = options[Keep(tuple(held))]
            lost += max(options.values()) - taken
            decisions += 1
        game.apply(action)
    return lost, decisions


def test_an_expert_game_loses_no_expected_points():
    lost, decisions = expert_game_loss_by_option_values(2024, "expert")
    assert decisions >= 13
    assert abs(lost) < 1e-9


def test_a_beginner_game_loses_expected_points():
    lost, _ = expert_game_loss_by_option_values(2024, "beginner")
    assert lost > 5.0


# ----------------------------------------------------------------------------- valuations
def test_no_bonus_values_match_the_solver_on_a_small_game():
    """N at a filled set where no game reaches 63 (only Sixes filled in the upper section, so
    the shipped table has no value there) equals the solver's own recursion on a copy of the
    table (the state at upper total 63, where the bonus is settled)."""
    open_boxes = {C.ONES, C.TWOS, C.THREES, C.FOURS, C.FIVES, C.CHANCE, C.FULL_HOUSE}
    filled = sum(1 << c.value for c in CATEGORIES if c not in open_boxes)
    for variant in (Variant.OFFICIAL, Variant.SIMPLE):
        table = value_table(variant).values.copy()
        for fifty in (0, 1):
            table[filled, BONUS_AT, fifty] = np.nan  # make the solver compute it afresh
            expected = solve_state(table, filled, BONUS_AT, fifty, variant)
            assert no_bonus_values(variant)[filled, fifty] == pytest.approx(expected, abs=1e-9)


def test_the_bonus_chase_is_worth_between_0_and_35():
    values = value_table(Variant.OFFICIAL).values
    no_bonus = no_bonus_values(Variant.OFFICIAL)
    chase = values - no_bonus[:, None, :]
    known = np.isfinite(chase)
    assert not np.isnan(no_bonus).any()
    assert chase[known].min() >= -2e-4  # float32 table rounding
    assert chase[known].max() <= 35 + 2e-4
    # From the empty card the chase is worth 16.76 points of the 254.59.
    assert chase[0, 0, 0] == pytest.approx(254.5877 - 237.8245, abs=1e-3)


def test_a_level_distorts_what_it_looks_up_without_a_copy_of_the_table():
    """A level's distortion is applied to the values it looks up, the same sum as over the
    whole table, bit for bit; the level keeps no table-sized array of its own (a copy per
    level was 8 MiB on the American card, 32 MiB on Yatzy's: issue 30's soak)."""
    rng = random.Random(3)
    table = value_table(Variant.OFFICIAL).values
    level = valuation(Variant.OFFICIAL, bonus_weight=0.4, greed=0.3)
    states = [i for i in rng.sample(range(table.size), 4000) if np.isfinite(table.flat[i])]
    assert level._lookup(states) == level.values.reshape(-1).take(states).tolist()
    for filled in ({}, {C.ONES: 3}, {C.SIXES: 24, C.CHANCE: 20}):
        level.outlook(card_with(filled))
    kept = [v for v in vars(level).values() if isinstance(v, np.ndarray)]
    assert all(array.size < table.size // 8 for array in kept)


def test_a_bonus_blind_valuation_ignores_the_upper_total():
    """With bonus_weight 0, the value of a state no longer depends on the upper total."""
    blind = valuation(Variant.OFFICIAL, bonus_weight=0.0).values
    filled = (1 << C.ONES.value) | (1 << C.TWOS.value)
    totals = [u for u in range(BONUS_AT + 1) if np.isfinite(blind[filled, u, 0])]
    assert len(totals) > 3
    assert np.ptp(blind[filled, totals, 0]) == pytest.approx(0.0, abs=1e-9)


@pytest.mark.parametrize(
    "personality", [Personality(greed=1.0), Personality(bonus_weight=0.0)], ids=["greed", "blind"]
)
def test_greed_and_bonus_blindness_take_the_points_over_the_bonus(personality):
    """Four sixes and a five to score on an empty card: the Expert writes 24 in Sixes (a
    long step to the bonus); greed, or no eye for the bonus, takes the 29 of Four of a Kind."""
    state = turn_state(Scorecard(), (6, 6, 6, 6, 5), 0)
    assert make_strategy("expert", 1).decide(state) == Score(C.SIXES)
    assert LevelStrategy(1, personality).decide(state) == Score(C.FOUR_OF_A_KIND)


def test_an_unreachable_card_is_valued_on_demand():
    """A hand-made card whose next states no game reaches: upper total 1 without a Ones box
    (1 in Twos), so every state after it has an odd upper total the table never stored."""
    card = card_without({C.ONES, C.THREES, C.CHANCE}, {C.TWOS: 1})
    for bonus_weight in (1.0, 0.5):
        outlook = valuation(Variant.OFFICIAL, bonus_weight).outlook(card)
        assert np.isfinite(outlook.keep2[:210]).all()  # every keep of 0 to 4 dice
    dice = (1, 1, 3, 3, 4)
    assert fast_option_values(card, dice, 1) == option_values(card, dice, 1)


def test_preload_makes_the_first_move_a_cache_hit():
    preload(Variant.SIMPLE, ["easy"])
    p = level_spec("easy").personality
    shared = valuation(Variant.SIMPLE, p.bonus_weight, p.greed)
    assert shared.outlook(Scorecard()) is shared.outlook(Scorecard())
    assert StateKey.of(Scorecard()) in shared._cache


# ----------------------------------------------------------------------------- headless
def test_importing_levels_and_sim_loads_no_pygame():
    code = (
        "import sys, game.ai.levels.strategies, game.tools.sim\n"
        "from game.rules import Scorecard\n"
        "game.ai.levels.strategies.make_strategy('hard', 1)\n"
        "assert 'pygame' not in sys.modules, sorted(m for m in sys.modules if 'pygame' in m)\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=60)
