"""The tray's next frame composed in the window between frames (game.ui.tray_ahead): a frame
that steps the dice as foreseen finds its tray laid and lays no shadow or die itself, and its
pixels are the pixels of the frame drawn directly; a frame stepped otherwise draws itself, and
what was laid for it, as ever."""

from __future__ import annotations

import time

import numpy as np
import pygame

from game.app import App
from game.match.seats import Seat
from game.match.session import Session
from game.rules import GameConfig, Hold, Roll, StartOrder
from game.scenes.table import TableScene
from game.ui import tray_view
from tests.driver import quiet

STEP = 1 / 60
SIZE = (640, 480)


class Film:
    """Each frame's pixels, whether it found its tray composed, the shadows and dice (the
    tray's blits) it laid itself and the clip of each, and the patches it drew."""

    def __init__(self) -> None:
        self.pixels: list[np.ndarray] = []
        self.copied: list[bool] = []
        self.clips: list[list[pygame.Rect]] = []
        self.patches: list[list[pygame.Rect] | None] = []
        self.composed: list[tuple[pygame.Rect, ...]] = []  # what it found composed
        self.missed: list[bool] = []  # composed ahead, and not as foreseen

    @property
    def blits(self) -> list[int]:
        return [len(clips) for clips in self.clips]


def _film(app: App, monkeypatch, compose: bool, steps: list[float]) -> Film:
    """A person's roll and hold, filmed frame by frame at `steps`; with `compose`, the work
    between frames is done after each frame, all of it (as a machine with time to spare)."""
    clips: list[pygame.Rect] = []
    laid = tray_view.blit_faded

    def counted(surface: pygame.Surface, *args: object) -> None:
        clips.append(surface.get_clip())
        laid(surface, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(tray_view, "blit_faded", counted)
    session = Session.new(
        GameConfig(("Ann",), start=StartOrder.SEATED), [Seat("Ann", "person")], seed=3
    )
    table = TableScene(app.ctx, session)
    app.start(table)
    ahead = table.board.canvas.ahead
    found: list[tuple[pygame.Rect, ...]] = []
    take = ahead.take

    def taken(*args):  # type: ignore[no-untyped-def]
        composed = take(*args)
        found.append(() if composed is None else composed.rects)
        return composed

    monkeypatch.setattr(ahead, "take", taken)
    film = Film()
    for k, dt in enumerate(steps):
        if k == 0:
            table.act(Roll())
        if k == len(steps) // 2:
            table.act(Hold(1))
        quiet(table)
        used, missed = ahead.used, ahead.missed
        clips.clear()
        found.clear()
        app.step(dt)
        app.draw()
        film.pixels.append(pygame.surfarray.array3d(app.screen))
        film.copied.append(ahead.used > used)
        film.clips.append(list(clips))
        film.patches.append(app.presented)
        film.composed.append(found[0] if found else ())
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
        # It lays no shadow or die where it found them composed, but where two of its
        # patches overlap (game.ui.frame.disjoint) and the one drawn first laid its parts
        # above on what was composed.
        patches = composed.patches[k]
        assert patches is not None and composed.composed[k]
        left_alone = np.zeros(SIZE, bool)
        for rect in composed.composed[k]:
            left_alone[rect.left : rect.right, rect.top : rect.bottom] = True
        for a in patches:
            for b in patches:
                both = a.clip(b)
                if a is not b and both:
                    left_alone[both.left : both.right, both.top : both.bottom] = False
        for clip in composed.clips[k]:
            assert not left_alone[clip.left : clip.right, clip.top : clip.bottom].any(), k
    # (at 640x480 a patch's overlaps, each under game.ui.frame.CUT_FROM, are much of it)
    assert sum(composed.blits[k] for k in copied) < sum(direct.blits[k] for k in copied) / 3
    assert sum(direct.blits[k] for k in copied) > 100
    for k, (a, b) in enumerate(zip(direct.pixels, composed.pixels, strict=True)):
        assert np.array_equal(a, b), k


def test_a_frame_stepped_otherwise_than_foreseen_draws_itself_and_what_was_laid(
    fast_app, monkeypatch
):
    # Every third frame takes a longer step than the one before: not as foreseen. What was
    # composed in the window for it is where the dice would have been: drawn again.
    steps = [STEP * (2 if k % 3 == 2 else 1) for k in range(90)]
    direct = _film(fast_app(SIZE), monkeypatch, False, steps)
    composed = _film(fast_app(SIZE), monkeypatch, True, steps)
    longer = [k for k in range(2, 90, 3) if composed.missed[k]]
    assert len(longer) >= 5
    for k in longer:
        assert not composed.copied[k] and composed.blits[k] > 0, k
    assert any(composed.copied)  # (the frames after two even steps are as foreseen)
    for k, (a, b) in enumerate(zip(direct.pixels, composed.pixels, strict=True)):
        assert np.array_equal(a, b), k
