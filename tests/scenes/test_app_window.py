"""The app and its window: sizes under the minimum, no display, and what is saved at the end."""

from __future__ import annotations

import os
import subprocess
import sys

import pygame
import pytest

from game.app import App
from game.scenes.context import NOTICE_TIME
from game.scenes.notices import draw_notices
from game.scenes.setup import SetupScene
from game.scenes.title import TitleScene
from game.storage import Storage
from game.ui.display import NoDisplay, check_display, window_size
from game.ui.viewport import Viewport


# ----------------------------------------------------------------------------- the viewport
def test_a_window_at_or_above_the_minimum_is_the_canvas():
    for size in ((640, 480), (1280, 800), (3840, 2160)):
        view = Viewport.for_window(size)
        assert (view.canvas_size, view.scale, view.offset) == (size, 1.0, (0, 0))
        assert view.to_canvas((17, 33)) == (17, 33)


def test_a_small_window_shows_a_larger_canvas_of_its_shape_scaled_down():
    view = Viewport.for_window((500, 300))
    assert view.canvas_size == (800, 480)
    assert view.scale == 0.625
    assert view.offset == (0, 0) and view.shown_size == (500, 300)
    assert view.to_canvas((250, 150)) == (400, 240)
    assert view.to_canvas_motion((5, -10)) == (8, -16)
    narrow = Viewport.for_window((600, 900))  # only too narrow
    assert narrow.canvas_size == (640, 960)


def test_an_extreme_window_is_letterboxed_and_the_canvas_stays_bounded():
    view = Viewport.for_window((2, 3000))
    assert view.canvas_size == (640, 7680)
    assert view.scale == 2 / 640  # the width decides: bars above and below
    assert view.shown_size == (2, 24) and view.offset == (0, 1488)
    tiny = Viewport.for_window((0, 0))  # a minimised window reports 0x0
    assert tiny.canvas_size == (640, 640) and tiny.shown_size == (1, 1)


# ----------------------------------------------------------------------------- the real App
def resize(app: App, size: tuple[int, int]) -> None:
    """What the window manager does, then tells the app."""
    pygame.display.set_mode(size, pygame.RESIZABLE)
    app.handle(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=size[0], y=size[1]))


@pytest.mark.parametrize("size", [(300, 200), (200, 310), (640, 100), (90, 60), (1, 1)])
def test_no_frame_fails_in_a_window_under_the_minimum(app, size):
    resize(app, size)
    assert app.stack.size == app.view.canvas_size
    assert app.stack.size[0] >= 640 and app.stack.size[1] >= 480
    for _ in range(5):
        app._guarded(app._frame, [], 1 / 60)
        app.dirty = True
    assert app.failures == 0
    assert app.window.get_size() == size


def test_a_click_in_a_scaled_window_lands_on_what_it_shows(app):
    resize(app, (480, 300))
    title = app.stack.top
    assert isinstance(title, TitleScene)
    new_game = title.buttons[0].rect
    view = app.view
    at = (
        round(new_game.centerx * view.scale) + view.offset[0],
        round(new_game.centery * view.scale) + view.offset[1],
    )
    assert view.to_canvas(at) != at  # the click really is somewhere else in the window
    for kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        fields = {"pos": at, "button": 1}
        if kind == pygame.MOUSEMOTION:
            fields = {"pos": at, "rel": (0, 0), "buttons": (0, 0, 0)}
        app.handle(pygame.event.Event(kind, fields))
    app.step(0.0)
    assert isinstance(app.stack.top, SetupScene)


def test_growing_back_lays_out_for_the_window_again(app):
    resize(app, (320, 240))
    resize(app, (1024, 700))
    assert not app.view.scaled
    assert app.stack.size == (1024, 700) and app.screen is app.window


def test_closing_a_too_small_window_saves_a_size_the_next_start_can_open(app, tmp_path):
    resize(app, (300, 200))
    app.shutdown()
    assert list(Storage(tmp_path, environ={}).settings.window_size) == [640, 480]


# ----------------------------------------------------------------------------- no display
def test_a_hidden_driver_is_refused_unless_it_was_asked_for(monkeypatch):
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "offscreen")
    with pytest.raises(NoDisplay, match="no display"):
        check_display({})
    with pytest.raises(NoDisplay):
        check_display({"SDL_VIDEODRIVER": "x11,wayland"})
    check_display({"SDL_VIDEODRIVER": "offscreen"})
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "x11")
    check_display({})


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X11/Wayland are Linux's")
def test_with_no_display_the_game_says_so_and_exits_1(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env.pop("SDL_VIDEODRIVER", None)
    env["SDL_AUDIODRIVER"] = "dummy"
    done = subprocess.run(
        [sys.executable, "-m", "game.app", "--data-dir", str(tmp_path)],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert done.returncode == 1, (done.stdout, done.stderr)
    assert "found no display" in done.stderr


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X11/Wayland are Linux's")
@pytest.mark.parametrize("driver", ["x11", "wayland", "no-such-driver"])
def test_a_forced_driver_that_cannot_open_is_told_plainly_not_as_a_traceback(tmp_path, driver):
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env.update(SDL_VIDEODRIVER=driver, SDL_AUDIODRIVER="dummy")
    done = subprocess.run(
        [sys.executable, "-m", "game.app", "--data-dir", str(tmp_path)],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert done.returncode == 1, (done.stdout, done.stderr)
    assert f"could not open a window with the video driver SDL_VIDEODRIVER='{driver}'" in (
        done.stderr
    )
    assert "Traceback" not in done.stderr


def test_a_window_is_never_asked_larger_than_the_desktop_or_the_settings_allow():
    assert window_size((99999, 99999), (2560, 1440)) == (2560, 1440)
    assert window_size((99999, 99999), None) == (7680, 4320)
    assert window_size((1280, 800), (1920, 1080)) == (1280, 800)
    assert window_size((100, 100), (1920, 1080)) == (640, 480)  # the minimum still holds
    assert window_size((1280, 800), (0, 0)) == (1280, 800)  # a desktop SDL cannot measure


def test_a_huge_size_opens_clamped_and_the_game_stops_on_sigterm(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", YAHTZEE_LOG="INFO")
    game = subprocess.Popen(
        [sys.executable, "-m", "game.app", "--data-dir", str(tmp_path), "--size", "99999x99999"],
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        assert game.stderr is not None
        for line in game.stderr:  # the window is up once the app logs it
            if "window up" in line:
                break
        game.terminate()  # SIGTERM
        assert game.wait(timeout=30) == 0
    finally:
        game.kill()
    saved = Storage(tmp_path, environ={}).settings.window_size
    assert list(saved) == [7680, 4320]


# ----------------------------------------------------------------------------- what it says
def test_notices_wait_their_turn_and_none_is_dropped(app):
    ctx = app.ctx
    ctx.notices.clear()
    for i in range(5):
        ctx.notify(f"problem {i}")
    assert [n.text for n in ctx.shown_notices] == ["problem 0", "problem 1", "problem 2"]
    app.step(NOTICE_TIME / 2)
    assert [n.left for n in ctx.notices[3:]] == [NOTICE_TIME] * 2  # waiting, not fading
    app.step(NOTICE_TIME / 2 + 0.01)
    assert [n.text for n in ctx.shown_notices] == ["problem 3", "problem 4"]


def test_a_long_notice_is_wrapped_inside_a_small_window(app):
    resize(app, (640, 480))
    app.ctx.notices.clear()
    app.ctx.notify("The game records file records.sqlite3 was damaged " * 4)
    app.screen.fill((0, 0, 0))
    draw_notices(app.screen, app.ctx)
    assert app.screen.get_at((0, 20))[:3] == (0, 0, 0)  # nothing reaches the window's edges
    assert app.screen.get_at((639, 20))[:3] == (0, 0, 0)
    assert app.screen.get_at((320, 30))[:3] != (0, 0, 0)


def test_a_failed_save_is_marked_until_a_save_works(app, monkeypatch):
    from game.match.seats import Seat
    from game.match.session import Session
    from game.rules import GameConfig

    session = Session.new(GameConfig(("Ann",)), [Seat("Ann")], seed=1)
    monkeypatch.setattr(app.ctx.storage, "save_session", lambda s, soon=False: False)
    app.ctx.save_session(session)
    assert app.ctx.unsaved
    monkeypatch.undo()
    app.ctx.save_session(session)
    assert not app.ctx.unsaved


@pytest.mark.parametrize("size", [(640, 300), (320, 240), (200, 120)])
def test_the_title_lays_out_and_draws_even_below_the_canvas_minimum(app, size):
    # The viewport keeps such sizes from the scenes; the title's die still has a floor.
    title = TitleScene(app.ctx)
    title.layout(size)
    title.draw(pygame.Surface(size))


def test_the_not_saved_mark_is_never_drawn_over_a_notice(app):
    ctx = app.ctx
    ctx.unsaved = True
    ctx.notify("A notice " + "long enough to reach the right edge of the window " * 3)
    surface = pygame.Surface((640, 480))
    surface.fill((0, 0, 0))
    draw_notices(surface, ctx)
    warn = pygame.mask.from_threshold(surface, ctx.theme.warn, (1, 1, 1, 255))
    boxes = sorted(warn.get_bounding_rects(), key=lambda r: r.top)
    assert len(boxes) >= 2  # the notice's frame and the mark's
    notice, mark = boxes[0], boxes[-1]
    assert mark.top > notice.bottom  # under the notice, not over it


def test_the_frame_an_animation_ends_in_is_drawn(app):
    """A fading banner stayed on the felt at its last alpha (a faint "Bernd, du bist dran"
    long after): the frame whose update ended the animation drew nothing."""
    from game.scenes.base import Scene

    class Fading(Scene):
        def __init__(self, ctx) -> None:
            super().__init__(ctx)
            self.left = 3  # frames until the fade is over
            self.drawn: list[int] = []

        @property
        def animating(self) -> bool:
            return self.left > 0

        def update(self, dt: float) -> None:
            self.left = max(0, self.left - 1)

        def draw(self, surface) -> None:
            self.drawn.append(self.left)

    app.ctx.notices.clear()  # (a notice on screen redraws every frame)
    fading = Fading(app.ctx)
    app.stack.clear_to(fading)  # alone: the title's logo animates while its dice load
    app.stack.apply_pending()
    app.draw()
    fading.drawn.clear()
    for _ in range(5):
        app._guarded(app._frame, [], 1 / 60)
    assert fading.drawn == [2, 1, 0]  # the last drawn frame shows the fade over; then idle
