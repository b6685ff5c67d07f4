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


def _film(app, monkeypatch, foresee: bool, frames: int) -> tuple[list[int], dict[str, int]]:
    """A seeded CPU game's frames (a digest of the window each) until its scores and rolls
    have taken the card drawn ahead four times each (or `frames` of them), and how many
    did."""
    from game.scenes.table.board import Board
    from game.ui.scorecard_ahead import LayerAhead

    if not foresee:
        monkeypatch.setattr(Board, "_foresee_card", lambda self, action: None)
    took: list[bool] = []
    take = LayerAhead.take
    monkeypatch.setattr(
        LayerAhead, "take", lambda self, *args: took.append(take(self, *args)) or took[-1]
    )
    table, applied = _cpu_game(app, monkeypatch)
    digests: list[int] = []
    hits = {"score": 0, "roll": 0}
    while len(digests) < frames and min(hits.values()) < 4:
        _quiet(table)
        done, taken = len(applied), len(took)
        app.step(STEP)
        app.draw()
        digests.append(hash(pygame.image.tobytes(app.screen, "RGB")))
        if any(took[taken:]):
            for action in applied[done:]:
                hits["score" if isinstance(action, Score) else "roll"] += 1
    for scene in reversed(app.stack.scenes):
        scene.exit()
    return digests, hits


def test_a_cpus_score_and_roll_on_the_card_drawn_ahead_are_the_card_drawn_in_the_frame(
    app, monkeypatch
) -> None:
    """Board._foresee_card: the card as a CPU's score (its box written, the next column in
    play) or roll (the previews gone) leaves it, drawn while its pause runs: the frames are
    those of a game that draws it in the frame."""
    ahead, hits = _film(app, monkeypatch, foresee=True, frames=1500)
    assert hits["score"] >= 4 and hits["roll"] >= 4
    with monkeypatch.context() as patched:
        in_frame, none = _film(app, patched, foresee=False, frames=len(ahead))
    assert len(in_frame) == len(ahead)
    assert none == {"score": 0, "roll": 0}
    assert [i for i, (a, b) in enumerate(zip(ahead, in_frame, strict=True)) if a != b] == []
