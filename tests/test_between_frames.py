"""The app's work between frames: the top scene's, in the time the frame shown left, never
begun once that time is up; a failure in it is told and the game goes on."""

from __future__ import annotations

import time

import pygame
import pytest

from game.app import AHEAD_MARGIN, App
from game.scenes.base import Scene
from game.storage import Storage


class Working(Scene):
    def __init__(self, ctx, fail: bool = False) -> None:
        super().__init__(ctx)
        self.untils: list[float] = []
        self.fail = fail

    def between_frames(self, until: float) -> None:
        self.untils.append(until)
        if self.fail:
            raise RuntimeError("broken")


@pytest.fixture
def app(tmp_path):
    pygame.init()
    made = App(Storage(tmp_path, environ={}), size=(640, 480), fullscreen=False)
    made.start()
    yield made
    for scene in reversed(made.stack.scenes):
        scene.exit()


def test_the_top_scene_works_until_a_margin_before_the_next_frame(app):
    below, top = Working(app.ctx), Working(app.ctx)
    app.stack.push(below)
    app.stack.push(top)
    app.stack.apply_pending()
    next_frame = time.perf_counter() + 1.0
    app.between_frames(next_frame)
    assert top.untils == [next_frame - AHEAD_MARGIN]
    assert below.untils == []  # only the top scene's


def test_no_work_is_begun_once_the_time_is_up(app):
    scene = Working(app.ctx)
    app.stack.push(scene)
    app.stack.apply_pending()
    app.between_frames(time.perf_counter() + AHEAD_MARGIN / 2)
    app.between_frames(time.perf_counter() - 1.0)
    assert scene.untils == []


def test_a_failure_between_frames_is_told_and_the_game_goes_on(app):
    scene = Working(app.ctx, fail=True)
    app.stack.push(scene)
    app.stack.apply_pending()
    app.between_frames(time.perf_counter() + 1.0)
    assert scene.untils
    assert app.ctx.notices  # "Something went wrong (RuntimeError); see the log"
    assert app.failures == 1
