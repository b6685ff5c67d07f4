"""A CPU's move on the dice is worked out while its pause runs (Board._foresee, DiceTray.
foresee): the frame its hold or score is made in, and the first frame of the dice's drift
after it, draw no die themselves (that they show the same as without is
tests/ui/test_made_ahead.py's)."""

from __future__ import annotations

import time

import pygame
import pytest

from game.app import App
from game.match.seats import Seat
from game.match.session import Session
from game.rules import GameConfig, Hold, Release, Score, StartOrder
from game.scenes.table import TableScene
from game.storage import Storage

STEP = 1 / 60


@pytest.fixture
def app(tmp_path):
    pygame.init()
    app = App(Storage(tmp_path, environ={}), size=(1280, 720), fullscreen=False)
    app.ctx.settings = app.ctx.settings.replace(cpu_pace="fast")
    yield app
    for scene in reversed(app.stack.scenes):
        scene.exit()


def _quiet(table: TableScene) -> None:
    """Let the threads finish what they were given: the CPU's decision, the tray's plans,
    the stills' images (the frames of a real game leave them the time)."""
    board = table.board
    if board.cpu.future is not None:
        board.cpu.future.result()
    if board.tray.model.landing is not None:
        board.tray.model.landing.result()
    end = time.monotonic() + 20
    stills = board.tray.renderer.stills
    while any(not future.done() for future, _keep in stills._pending.values()):
        assert time.monotonic() < end
        time.sleep(0.002)


def test_a_cpus_holds_and_scores_draw_no_die_in_their_frames(app, monkeypatch) -> None:
    names = ("Cpu", "Max")
    seats = [Seat(n, "easy", colour=i) for i, n in enumerate(names)]
    session = Session.new(GameConfig(names, start=StartOrder.SEATED), seats, seed=5)
    applied: list[object] = []
    apply = session.apply
    monkeypatch.setattr(session, "apply", lambda action: applied.append(action) or apply(action))
    table = TableScene(app.ctx, session)
    app.start(table)
    drawn_in: dict[str, list[int]] = {"move": [], "after": []}
    after_move = False
    for _frame in range(3000):
        _quiet(table)
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
