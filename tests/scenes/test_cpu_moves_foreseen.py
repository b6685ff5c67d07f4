"""A CPU's move on the dice is worked out while its pause runs (Board._foresee, DiceTray.
foresee): the frame its hold or score is made in, and the first frame of the dice's drift
after it, draw no die themselves (that they show the same as without is
tests/ui/test_made_ahead.py's). What the move needs besides is worked out off the drawing
thread: its grade on the CPU's thread as it is chosen, the dice's drifts on the tray's."""

from __future__ import annotations

import threading
import time

import pygame
import pytest

from game.match.seats import Seat
from game.match.session import Session
from game.rules import GameConfig, Hold, Release, Score, StartOrder
from game.scenes.table import TableScene
from tests.driver import quiet

STEP = 1 / 60


@pytest.fixture
def app(fast_app):
    return fast_app((1280, 720))


def _cpu_game(app, monkeypatch) -> tuple[TableScene, list[object]]:
    """A seeded game of two easy CPUs, started; and the actions it applies."""
    names = ("Cpu", "Max")
    seats = [Seat(n, "easy", colour=i) for i, n in enumerate(names)]
    session = Session.new(GameConfig(names, start=StartOrder.SEATED), seats, seed=5)
    applied: list[object] = []
    apply = session.apply
    monkeypatch.setattr(session, "apply", lambda action: applied.append(action) or apply(action))
    table = TableScene(app.ctx, session)
    app.start(table)
    return table, applied


def test_a_cpus_holds_and_scores_draw_no_die_in_their_frames(app, monkeypatch) -> None:
    table, applied = _cpu_game(app, monkeypatch)
    drawn_in: dict[str, list[int]] = {"move": [], "after": []}
    after_move = False
    for _frame in range(3000):
        quiet(table)
        done, drawn = len(applied), table.board.tray.renderer.made[1]
        app.step(STEP)
        app.draw()
        here = table.board.tray.renderer.made[1] - drawn
        if after_move:
            drawn_in["after"].append(here)
        moved = [a for a in applied[done:] if isinstance(a, Hold | Release | Score)]
        after_move = bool(moved)
        if moved:
            drawn_in["move"].append(here)
        if len(drawn_in["move"]) >= 12 and not after_move:
            break
    assert len(drawn_in["move"]) >= 12
    assert drawn_in == {"move": [0] * len(drawn_in["move"]), "after": [0] * len(drawn_in["after"])}


def test_a_cpus_hold_makes_no_card_cells_the_previews_shown_are_the_same(app, monkeypatch) -> None:
    """A hold changes what is held, which the card does not show: its previews are those of
    the same dice. The card is given the state it was given (TableParts._card_state), and
    its cells are those kept: none made in a hold's frame, as in a roll's."""
    from game.ui import scorecard_view

    made = [0]
    cells = scorecard_view.card_cells

    def counted(*args, **kwargs):  # type: ignore[no-untyped-def]
        made[0] += 1
        return cells(*args, **kwargs)

    monkeypatch.setattr(scorecard_view, "card_cells", counted)
    table, applied = _cpu_game(app, monkeypatch)
    after_holds: list[int] = []  # cells made from a hold's frame to the next other move's
    holding = False
    for _frame in range(3000):
        quiet(table)
        done, before = len(applied), made[0]
        app.step(STEP)
        app.draw()
        moves = applied[done:]
        if moves:
            holding = all(isinstance(a, Hold | Release) for a in moves)
            if holding:
                assert table.board.session.state.dice is not None  # (its previews show)
                after_holds.append(0)
        if holding:
            after_holds[-1] += made[0] - before
        if len(after_holds) >= 10 and not holding:
            break
    assert after_holds == [0] * len(after_holds) and len(after_holds) >= 10
    assert made[0] > 0  # (the landings' previews and the scores are made)


def _film(app, monkeypatch, between: bool, frames: int):
    """A seeded CPU game's frames (a digest of the window each), each followed by time
    between frames if `between` (App.between_frames, unhurried), until its scores, rolls
    and landings have taken the card drawn ahead four times each (or `frames` of them);
    how many did; and for each piece of the card drawn ahead, whether a frame drew it."""
    from game.ui.scorecard_ahead import LayerAhead
    from game.ui.scorecard_view import ScorecardView

    took: list[bool] = []
    take = LayerAhead.take

    def counted_take(self, *args):
        taken = take(self, *args)
        took.append(taken is not None)
        return taken

    monkeypatch.setattr(LayerAhead, "take", counted_take)
    in_frame, drawn_ahead = [False], []
    draw_layer = ScorecardView._draw_layer

    def counted_draw(self, layer, *args, **kwargs):
        if layer is not self._card.layer:  # the spare: drawn ahead
            drawn_ahead.append(in_frame[0])
        draw_layer(self, layer, *args, **kwargs)

    monkeypatch.setattr(ScorecardView, "_draw_layer", counted_draw)
    table, applied = _cpu_game(app, monkeypatch)
    digests: list[int] = []
    hits = {"score": 0, "roll": 0, "landing": 0}
    held: list[object] = []  # the moves of the frames that held the card back
    while len(digests) < frames and min(hits.values()) < 4:
        quiet(table)
        done, taken = len(applied), len(took)
        in_frame[0] = True
        app.step(STEP)
        app.draw()
        in_frame[0] = False
        digests.append(hash(pygame.image.tobytes(app.screen, "RGB")))
        moved = applied[done:]
        if any(took[taken:]):  # (a move's frame holds the card back: the next shows it)
            for action in held or moved or ["landing"]:  # (no move: a roll's previews)
                kind = "score" if isinstance(action, Score) else "roll"
                hits["landing" if action == "landing" else kind] += 1
        held = held + moved if "card" in table.board.held else []
        if between:
            app.between_frames(time.perf_counter() + 1.0)
    for scene in reversed(app.stack.scenes):
        scene.exit()
    return digests, hits, drawn_ahead


def test_the_card_drawn_ahead_between_frames_is_the_card_drawn_in_the_frame(
    app, monkeypatch
) -> None:
    """The card as a CPU's score (its box written, the next column in play) or roll (the
    previews gone) leaves it, drawn while its pause runs (Board._foresee_card), and a
    roll's previews, drawn while its dice fly, are drawn between frames, none in a frame,
    and swapped in by the frame that shows them: the frames are those of a game with no
    time between frames, whose frames draw the card's changes themselves."""
    ahead, hits, drawn_ahead = _film(app, monkeypatch, between=True, frames=1500)
    assert min(hits.values()) >= 4
    assert drawn_ahead and not any(drawn_ahead)  # drawn ahead, never in a frame
    with monkeypatch.context() as patched:
        in_frame, none, nothing_ahead = _film(app, patched, between=False, frames=len(ahead))
    assert len(in_frame) == len(ahead)
    assert none == {"score": 0, "roll": 0, "landing": 0} and nothing_ahead == []
    assert [i for i, (a, b) in enumerate(zip(ahead, in_frame, strict=True)) if a != b] == []


def _moves(app, monkeypatch, count: int) -> tuple[TableScene, list[tuple[object, ...]]]:
    """A seeded CPU game played until `count` moves are made: each move's state before it,
    its action and the grade the session kept."""
    table, applied = _cpu_game(app, monkeypatch)
    session, moves = table.session, []
    for _frame in range(3000):
        quiet(table)
        state, done = session.state, len(applied)
        app.step(STEP)
        app.draw()
        if len(applied) > done:
            moves.append((state, applied[-1], session.last_decision))
        if len(moves) >= count:
            break
    return table, moves


def _threads_of(monkeypatch, module, name: str) -> list[str]:
    """The threads `module.name` is called on from now on, by name."""
    called_on: list[str] = []
    real = getattr(module, name)

    def counted(*args):
        called_on.append(threading.current_thread().name)
        return real(*args)

    monkeypatch.setattr(module, name, counted)
    return called_on


def test_a_cpus_moves_are_graded_on_its_thread_as_they_would_be_in_the_frame(
    app, monkeypatch
) -> None:
    """Session.cpu_action grades the move it chooses (the coach's option values, 1 ms), on
    the CPU's thread; the frame that applies it keeps that grade: exactly the grade made of
    the same move in the same state."""
    from game.ai.coach import advice

    grade = advice.grade
    graded_on = _threads_of(monkeypatch, advice, "grade")
    _table, moves = _moves(app, monkeypatch, 60)
    assert len(moves) == 60
    kept = [decision for _state, _action, decision in moves]
    assert kept == [grade(state, action) for state, action, _decision in moves]
    assert sum(decision is not None for decision in kept) >= 20  # keeps and scores
    assert graded_on and threading.main_thread().name not in graded_on


def test_a_cpus_change_on_the_dice_is_planned_on_the_trays_thread(app, monkeypatch) -> None:
    """DiceTray.foresee plans the drifts a CPU's hold or score starts on the tray's thread
    (1 ms in the frame the decision came in, at 720p); the frames take that plan."""
    import game.anim.tray as tray_module
    import game.ui.dice_tray as dice_tray

    planned_on = _threads_of(monkeypatch, dice_tray, "plan_change")
    in_frame: list[int] = []
    plan_hops = tray_module.plan_hops
    monkeypatch.setattr(tray_module, "plan_hops", lambda *a: in_frame.append(1) or plan_hops(*a))
    _moves(app, monkeypatch, 40)
    assert len(planned_on) >= 12
    assert threading.main_thread().name not in planned_on
    assert in_frame == []  # every change took the plan made ahead


def test_a_grade_made_ahead_is_kept_only_for_its_state_and_its_move() -> None:
    from game.ai.coach.advice import grade

    seats = [Seat(n, "easy", colour=i) for i, n in enumerate(("Cpu", "Max"))]
    session = Session.new(GameConfig(("Cpu", "Max"), start=StartOrder.SEATED), seats, seed=3)
    session.apply(session.cpu_action())  # the first roll
    state = session.state
    chosen = session.cpu_action()  # graded as chosen
    other = next(a for a in state.legal_actions() if isinstance(a, Score) and a != chosen)
    session.apply(other)  # (a skip, an undo or a network table may apply another)
    assert session.last_decision == grade(state, other) != grade(state, chosen)
