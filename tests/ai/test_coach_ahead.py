"""A person's coming decision worked out ahead (game.ai.coach.ahead): the same values, made
on the coach's thread, so that the frame of the move, the hint or the question finds them."""

from __future__ import annotations

import threading

import pytest

import game.ai.coach.advice as advice
from game.ai.coach import ahead
from game.ai.exact.options import option_values
from game.rules import Game, GameConfig, Hold, Roll, Score, StartOrder
from game.rules.state import replace


@pytest.fixture(autouse=True)
def nothing_kept():
    """Each test starts with nothing worked out (the caches are the module's)."""
    advice._valued.clear()
    advice._win_advice.clear()
    yield
    ahead.stop()
    advice._valued.clear()
    advice._win_advice.clear()


def _after_rolls(seed: int, players: int = 1):
    """States with dice on the table, from a seeded game of `players` seats (scored at once)."""
    names = ("Ann", "Bob", "Cy")[:players]
    game = Game.new(GameConfig(names, start=StartOrder.SEATED), seed)
    states = []
    while not game.state.is_over and len(states) < 12:
        game.apply(Roll())
        states.append(game.state)
        best = max(game.state.score_options().items(), key=lambda kv: kv[1])[0]
        game.apply(Score(best))
    return states


def _counting(monkeypatch, name: str):
    """Record on which threads advice's `name` is called (and call it)."""
    real = getattr(advice, name)
    threads: list[str] = []

    def counted(*args, **kwargs):
        threads.append(threading.current_thread().name)
        return real(*args, **kwargs)

    monkeypatch.setattr(advice, name, counted)
    return threads


def test_the_values_kept_are_option_values():
    for state in _after_rolls(seed=4):
        assert advice.valued(state) == tuple(option_values(*advice.situation(state)))


def test_no_more_situations_are_kept_than_the_bound():
    for seed in range(3):
        for state in _after_rolls(seed):
            advice.valued(state)
    assert len(advice._valued) == advice.VALUED_KEPT


def test_a_grade_after_the_work_ahead_is_made_from_its_values(monkeypatch):
    states = _after_rolls(seed=7)
    cold = [advice.grade(s, Score(next(iter(s.score_options())))) for s in states]
    advice._valued.clear()
    made_on = _counting(monkeypatch, "option_values")
    for state, expected in zip(states, cold, strict=True):
        ahead.work_out(state)
        ahead.settle()
        assert advice.grade(state, Score(next(iter(state.score_options())))) == expected
    assert made_on and all(name.startswith("coach-ahead") for name in made_on)


def test_the_move_to_win_is_worked_out_ahead_and_holds_do_not_change_it(monkeypatch):
    state = _after_rolls(seed=5, players=2)[3]
    paces = (1.5, 4.0)
    cold = advice.win_advice(state, paces)
    advice._win_advice.clear()
    made_on = _counting(monkeypatch, "_win_advice_of")
    ahead.work_out(state, paces)
    ahead.settle()
    held = replace(state, held=(True, False, True, False, False))
    assert advice.win_advice(held, paces) == cold  # the same move, whatever is held
    assert advice.win_advice(state, list(paces)) == cold
    assert made_on == ["coach-ahead_0"]
    advice.win_advice(state, (1.5, 4.5))  # other paces: other advice, worked out here
    assert made_on[1:] == [threading.current_thread().name]


def test_only_a_decision_with_dice_is_worked_out():
    game = Game.new(GameConfig(("Ann",), start=StartOrder.SEATED), 1)
    assert not ahead.asks(game.state)  # before the roll: nothing to decide on
    ahead.work_out(game.state)
    ahead.settle()
    assert len(advice._valued) == 0
    game.apply(Roll())
    game.apply(Hold(0))
    assert ahead.asks(game.state)
