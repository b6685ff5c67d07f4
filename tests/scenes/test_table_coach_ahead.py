"""At the table, a person's roll is worked out on the coach's thread while the dice fly: the
frame that scores it, or shows a hint for it, asks the solver nothing (game.ai.coach.ahead)."""

from __future__ import annotations

import threading

import pygame

import game.ai.coach.advice as advice
from game.ai.coach import ahead
from game.match.seats import Seat
from game.match.session import Session
from game.rules import Category, GameConfig, StartOrder
from game.scenes.table import TableScene
from tests.driver import click, feed, key, settle


def _table(ctx, kinds: tuple[str, ...]) -> TableScene:
    names = ("Ann", "Cpu")[: len(kinds)]
    seats = [Seat(n, k, colour=i) for i, (n, k) in enumerate(zip(names, kinds, strict=True))]
    session = Session.new(GameConfig(names, start=StartOrder.SEATED), seats, seed=6)
    table = TableScene(ctx, session)
    ctx.stack.push(table)
    ctx.stack.apply_pending()
    return table


def _solver_calls(monkeypatch) -> list[str]:
    """The threads the solver's option values and the move to win are worked out on."""
    threads: list[str] = []
    for name in ("option_values", "_win_advice_of"):
        real = getattr(advice, name)

        def counted(*args, real=real, **kwargs):
            threads.append(threading.current_thread().name)
            return real(*args, **kwargs)

        monkeypatch.setattr(advice, name, counted)
    return threads


def test_a_score_is_graded_from_the_values_worked_out_while_the_dice_flew(ctx, monkeypatch):
    ctx.settings = ctx.settings.replace(grading=True, grading_threshold=1.0, verify="off")
    advice._valued.clear()
    table = _table(ctx, ("person",))
    calls = _solver_calls(monkeypatch)
    feed(ctx, key(pygame.K_SPACE))  # the roll: its dice handed to the coach's thread
    ahead.settle()
    settle(ctx)
    main = threading.current_thread().name
    feed(ctx, click(table.card_view.box_rect(0, Category.YAHTZEE).center))  # a costly zero
    assert table.session.last_decision is not None and table.session.last_decision.cost > 1
    assert table.coach.grade_note(table.session.state).startswith("Ann: ")
    assert calls and main not in calls
    table.exit()
    assert not any(t.name.startswith("coach-ahead") for t in threading.enumerate())


def test_a_hint_in_company_finds_its_move_to_win_worked_out(ctx, monkeypatch):
    advice._valued.clear()
    advice._win_advice.clear()
    table = _table(ctx, ("person", "expert"))
    calls = _solver_calls(monkeypatch)
    feed(ctx, key(pygame.K_SPACE))
    ahead.settle()
    settle(ctx)
    ahead.settle()  # (the landing's state, if the holds of the hint changed it: none here)
    main = threading.current_thread().name
    feed(ctx, key(pygame.K_h))
    assert table.coach.hint_text and table.coach.hint_text[0].startswith("Best: ")
    assert calls and main not in calls
    table.exit()
