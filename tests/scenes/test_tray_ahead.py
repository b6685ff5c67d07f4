"""The tray's next frame composed between frames (game.ui.tray_ahead): a frame that steps the
dice as foreseen copies its tray in and lays no shadow or die itself, and its pixels are the
pixels of the frame drawn directly; a frame stepped otherwise draws itself, as ever."""

from __future__ import annotations

import time

import numpy as np
import pygame

from game.app import App
from game.match.seats import Seat
from game.match.session import Session
from game.rules import GameConfig, Hold, Roll, StartOrder
from game.scenes.table import TableScene
from game.ui import tray_ahead, tray_view
from tests.driver import quiet

STEP = 1 / 60
SIZE = (640, 480)


class Film:
    """Each frame's pixels, whether it copied its tray in, and the shadows and dice (the
    tray's blits) it laid itself."""

    def __init__(self) -> None:
        self.pixels: list[np.ndarray] = []
        self.copied: list[bool] = []
        self.blits: list[int] = []
        self.missed: list[bool] = []  # composed ahead, and not as foreseen


def _film(app: App, monkeypatch, compose: bool, steps: list[float], smallest: float = 0.0) -> Film:
    """A person's roll and hold, filmed frame by frame at `steps`; with `compose`, the work
    between frames is done after each frame, all of it (as a machine with time to spare)."""
    blits = [0]
    laid = tray_view.blit_faded

    def counted(*args: object) -> None:
        blits[0] += 1
        laid(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(tray_view, "blit_faded", counted)
    monkeypatch.setattr(tray_ahead, "SMALLEST", smallest)  # (0: every frame that moves)
    session = Session.new(
        GameConfig(("Ann",), start=StartOrder.SEATED), [Seat("Ann", "person")], seed=3
    )
    table = TableScene(app.ctx, session)
    app.start(table)
    ahead = table.board.canvas.ahead
    film = Film()
    for k, dt in enumerate(steps):
        if k == 0:
            table.act(Roll())
        if k == len(steps) // 2:
            table.act(Hold(1))
        quiet(table)
        used, missed, blits[0] = ahead.used, ahead.missed, 0
        app.step(dt)
        app.draw()
        film.pixels.append(pygame.surfarray.array3d(app.screen))
        film.copied.append(ahead.used > used)
        film.blits.append(blits[0])
        film.missed.append(ahead.missed > missed)
        if compose:
            app.between_frames(time.perf_counter() + 1.0)
    for scene in reversed(app.stack.scenes):
        scene.exit()
    return film


def test_a_composed_frame_lays_no_shadow_or_die_and_shows_the_frame_drawn_directly(
    fast_app, monkeypatch
):
    steps = [STEP] * 150
    direct = _film(fast_app(SIZE), monkeypatch, False, steps)
    composed = _film(fast_app(SIZE), monkeypatch, True, steps)
    assert not any(direct.copied)
    copied = [k for k, c in enumerate(composed.copied) if c]
    assert len(copied) >= 40  # the throw's frames and the drifts after it, and the hold's
    for k in copied:
        assert composed.blits[k] == 0, k  # (drawn directly, the same frame laid some)
    assert sum(direct.blits[k] for k in copied) > 100
    for k, (a, b) in enumerate(zip(direct.pixels, composed.pixels, strict=True)):
        assert np.array_equal(a, b), k


def test_a_frame_stepped_otherwise_than_foreseen_draws_itself(fast_app, monkeypatch):
    # Every third frame takes a longer step than the one before: not as foreseen.
    steps = [STEP * (2 if k % 3 == 2 else 1) for k in range(90)]
    direct = _film(fast_app(SIZE), monkeypatch, False, steps)
    composed = _film(fast_app(SIZE), monkeypatch, True, steps)
    longer = [k for k in range(2, 90, 3) if composed.missed[k]]
    assert len(longer) >= 5
    for k in longer:
        assert not composed.copied[k] and composed.blits[k] == direct.blits[k] > 0, k
    assert any(composed.copied)  # (the frames after two even steps are as foreseen)
    for k, (a, b) in enumerate(zip(direct.pixels, composed.pixels, strict=True)):
        assert np.array_equal(a, b), k


def test_a_frame_that_redraws_little_for_the_tray_draws_itself(fast_app, monkeypatch):
    steps = [STEP] * 60
    film = _film(fast_app(SIZE), monkeypatch, True, steps, smallest=0.5)  # (half the window)
    assert not any(film.copied) and not any(film.missed)
    assert sum(film.blits) > 100
