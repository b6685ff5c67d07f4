"""The review's win chances: the turn-by-turn track and the decision that cost most."""

from __future__ import annotations

import pytest

from game.ai.coach.advice import win_advice
from game.ai.coach.win_review import costliest_for_win, decision_cost, win_track
from game.rules import Game, GameConfig, Phase, Roll, Score, StartOrder

CONFIG = GameConfig(("Ann", "Max"), start=StartOrder.SEATED)


def greedy_game(seed: int) -> Game:
    game = Game.new(CONFIG, seed=seed)
    while game.state.phase is Phase.TURN:
        game.apply(Roll())
        options = game.state.score_options()
        game.apply(Score(max(options, key=lambda c: (options[c], -c.value))))
    return game


@pytest.fixture(scope="module")
def played() -> Game:
    return greedy_game(1)


def test_the_track_has_a_point_per_round_and_ends_on_the_result(played):
    track = win_track(CONFIG, played.start_rng, list(played.log))
    assert [len(s) for s in track.chances] == [14, 14]  # 13 round starts, then the result
    for k in range(13):
        assert sum(s[k] for s in track.chances) == pytest.approx(1.0, abs=1e-6)
    result = played.state.results[0]
    assert [s[-1] for s in track.chances] == [
        (1 / len(result.winners) if i in result.winners else 0.0) for i in range(2)
    ]
    assert track.chances[0][0] == pytest.approx(track.chances[1][0], abs=0.05)  # even start


def test_a_decision_costs_what_the_move_to_win_would_have_kept():
    game = Game.new(CONFIG, seed=1)
    while game.state.turn < 22:
        game.apply(Roll())
        options = game.state.score_options()
        game.apply(Score(max(options, key=lambda c: (options[c], -c.value))))
    game.apply(Roll())
    state = game.state
    options = state.score_options()
    greedy = Score(max(options, key=lambda c: (options[c], -c.value)))
    cost = decision_cost(state, greedy)
    advice = win_advice(state)
    assert cost.best == advice.to_win
    assert cost.chance_best == pytest.approx(advice.chance_to_win, abs=1e-9)
    assert cost.cost == pytest.approx(cost.chance_best - cost.chance_chosen)
    assert cost.cost > 0 and cost.turn == 12 and cost.player == 0
    assert decision_cost(state, Roll()) is not None  # a reroll of all five is a decision too


def test_the_costliest_decision_is_the_largest_cost_of_the_game(played):
    worst = costliest_for_win(CONFIG, played.start_rng, list(played.log), 0, {0})
    assert set(worst) == {0}
    top = worst[0]
    assert top is not None and 0 < top.cost <= 1
    # No decision of Ann's cost more: check every one.
    game = Game.replay(CONFIG, played.start_rng, [])
    for action in played.log:
        state = game.state
        if state.phase is Phase.TURN and state.player == 0 and state.dice is not None:
            cost = decision_cost(state, action)
            assert cost is None or cost.cost <= top.cost + 1e-12
        game.apply(action)


def test_solitaire_has_no_chances_to_weigh():
    solo = Game.new(GameConfig(("Sam",)), seed=2)
    solo.apply(Roll())
    assert decision_cost(solo.state, Score(next(iter(solo.state.score_options())))) is None


def test_in_a_match_the_track_follows_the_match_as_the_champion_plays_for_it():
    from game.ai.winning.chances import win_chances
    from game.rules import NextGame

    config = GameConfig(("Ann", "Max"), start=StartOrder.SEATED, games=2)
    game = Game.new(config, seed=3)
    first = win_chances(game.state).match
    while game.state.phase is not Phase.MATCH_OVER:
        if game.state.phase is Phase.GAME_OVER:
            game.apply(NextGame())
            continue
        game.apply(Roll())
        options = game.state.score_options()
        game.apply(Score(max(options, key=lambda c: (options[c], -c.value))))
    track = win_track(config, game.start_rng, list(game.log), 0)
    assert track.match and [s[0] for s in track.chances] == list(first)
    end = win_track(config, game.start_rng, list(game.log), 1)
    finals = [s[-1] for s in end.chances]  # the match is over: settled, no chance left open
    assert len(end.chances[0]) == 14 and sum(finals) == pytest.approx(1.0)
    assert sorted(finals) in ([0.0, 1.0], [0.5, 0.5])


def test_the_track_takes_each_seat_at_its_pace_as_it_stood_then(played):
    from game.ai.coach.advice import review

    rng, log = played.start_rng, list(played.log)
    graded = review(CONFIG, rng, log)
    decisions = [d for pr in graded.players.values() for d in pr.decisions]
    plain = win_track(CONFIG, rng, log)
    against_cpu = win_track(CONFIG, rng, log, 0, ("person", "beginner"), decisions)
    assert against_cpu.chances[0][0] == pytest.approx(0.895, abs=0.01)  # a Beginner's pace
    people = win_track(CONFIG, rng, log, 0, ("person", "person"), decisions)
    assert people.chances[0][0] == pytest.approx(0.5)  # no decision made yet: as Experts
    assert people.chances[0][1] != pytest.approx(plain.chances[0][1], abs=1e-6)
    assert [s[-1] for s in people.chances] == [s[-1] for s in plain.chances]  # the result
    worst = costliest_for_win(CONFIG, rng, log, 0, [0], ("person", "beginner"), decisions)
    assert worst[0] is not None and worst[0].cost > 0
