"""The pygame-ce application: display, clock, scene stack and main loop.

    python main.py [--data-dir PATH] [--fullscreen | --windowed] [--size WxH]

F11 toggles fullscreen anywhere. The window is resizable; every scene lays itself out
again on a resize. When nothing moves the loop sleeps until the next event.
"""

from __future__ import annotations

import argparse
import contextlib
import logging
import os
import sys
import time
import warnings

import pygame

from game.context import Context
from game.scenes.base import SceneStack
from game.storage import Storage

log = logging.getLogger(__name__)

FPS = 60
MAX_DT = 1 / 20  # s: a window drag must not skip a tween to its end
IDLE_NAP = 0.03  # s the idle loop sleeps between looks for input
MIN_WINDOW = (640, 480)  # px
TITLE = "Yahtzee Table"
MAX_FAILURES = 120  # frames failing in a row before the app gives up


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="yahtzee", description="Play Yahtzee.")
    parser.add_argument("--data-dir", help="keep settings, saves and statistics in this folder")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--fullscreen", action="store_true", help="start in fullscreen")
    mode.add_argument("--windowed", action="store_true", help="start in a window")
    parser.add_argument("--size", help="window size, e.g. 1280x800")
    return parser.parse_args(argv)


def _parse_size(text: str | None) -> tuple[int, int] | None:
    if not text:
        return None
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise SystemExit(f"--size takes WIDTHxHEIGHT, e.g. 1280x800, not {text!r}") from None
    return max(MIN_WINDOW[0], w), max(MIN_WINDOW[1], h)


class App:
    def __init__(
        self, storage: Storage, size: tuple[int, int] | None = None, fullscreen: bool | None = None
    ) -> None:
        from game.audio.player import SoundPlayer

        pygame.init()
        pygame.display.set_caption(TITLE)
        settings = storage.settings
        self.windowed_size = size or tuple(settings.window_size)
        self.fullscreen = settings.fullscreen if fullscreen is None else fullscreen
        self.screen = self._open_window()
        self.stack = SceneStack()
        self.ctx = Context(storage, settings, self.stack, SoundPlayer())
        self.ctx.toggle_fullscreen = self.toggle_fullscreen
        self.ctx.quit = self.stop
        self.clock = pygame.time.Clock()
        self.running = False
        self.dirty = True
        self.failures = 0  # frames failed in a row

    def _open_window(self) -> pygame.Surface:
        if self.fullscreen:
            screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
            # The layouts cope with any size; the minimum just keeps text legible.
            with contextlib.suppress(AttributeError, pygame.error), warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                pygame.Window.from_display_module().minimum_size = MIN_WINDOW
        return screen

    def toggle_fullscreen(self) -> None:
        if not self.fullscreen:
            self.windowed_size = self.screen.get_size()
        self.fullscreen = not self.fullscreen
        self.screen = self._open_window()
        # F11 is a setting like any other: remembered, and shown in the settings scene.
        self.ctx.settings = self.ctx.settings.replace(fullscreen=self.fullscreen)
        self.ctx.storage.save_settings(self.ctx.settings)
        self.stack.layout(self.screen.get_size())
        self.dirty = True

    def stop(self) -> None:
        self.running = False

    def start(self, scene=None) -> None:
        from game.scenes.title import TitleScene

        self.stack.layout(self.screen.get_size())
        self.stack.push(scene or TitleScene(self.ctx))
        self.stack.apply_pending()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            top = self.stack.top
            if top is None or top.request_quit():
                self.stop()
            return
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            size = pygame.display.get_surface().get_size()
            if size != self.stack.size:
                self.screen = pygame.display.get_surface()
                self.stack.layout(size)
            self.dirty = True
            return
        if event.type in (pygame.WINDOWEXPOSED, pygame.WINDOWRESTORED, pygame.WINDOWSHOWN):
            self.dirty = True
            return
        if self.ctx.input.intent(event) == "fullscreen":
            self.toggle_fullscreen()
            return
        if self.stack.handle(event) or event.type in (
            pygame.KEYDOWN,
            pygame.MOUSEBUTTONDOWN,
            pygame.MOUSEBUTTONUP,
            pygame.MOUSEMOTION,
            pygame.MOUSEWHEEL,
        ):
            self.dirty = True

    def step(self, dt: float) -> None:
        """One frame's update: scenes, queued scene changes, notices."""
        self.stack.update(dt)
        if self.stack.apply_pending():
            self.dirty = True
        if self.ctx.notices:
            self.ctx.update_notices(dt)
            self.dirty = True
        if not self.stack.scenes:
            self.stop()

    def draw(self) -> None:
        self.stack.draw(self.screen)
        draw_notices(self.screen, self.ctx)
        pygame.display.flip()
        self.dirty = False

    def run(self) -> int:
        self.start()
        self.running = True
        try:
            while self.running:
                busy = self.dirty or self.stack.animating or bool(self.ctx.notices)
                if busy:
                    dt = min(self.clock.tick(FPS) / 1000, MAX_DT)
                    events = pygame.event.get()
                else:
                    # Nothing moves: sleep, then look for input. (SDL's own event.wait polls
                    # inside and cost 3.5% CPU here; a 30 ms nap costs 0.7% and is not felt.)
                    time.sleep(IDLE_NAP)
                    events = pygame.event.get()
                    self.clock.tick()
                    dt = 0.0
                self._guarded(self._frame, events, dt)
        finally:
            self.shutdown()
        return 0

    def _frame(self, events: list, dt: float) -> None:
        for event in events:
            self.handle(event)
        self.step(dt)
        if self.dirty or self.stack.animating:
            self.draw()

    def _guarded(self, frame, *args) -> None:
        """Run a frame; a bug in a scene is logged and told, and the game goes on (it was
        saved after the last action) rather than closing the window on the player."""
        try:
            frame(*args)
            self.failures = 0
        except Exception as error:  # noqa: BLE001
            self.failures += 1
            log.exception("a frame failed")
            if self.failures > MAX_FAILURES:
                raise
            self.ctx.notify(f"Something went wrong ({type(error).__name__}); see the log")
            self.dirty = True

    def shutdown(self) -> None:
        for scene in reversed(self.stack.scenes):
            try:
                scene.exit()
            except Exception:  # noqa: BLE001 - closing must go on whatever a scene does
                log.exception("a scene failed while closing")
        settings = self.ctx.settings
        size = list(self.windowed_size if self.fullscreen else self.screen.get_size())
        if settings.fullscreen != self.fullscreen or list(settings.window_size) != size:
            self.ctx.storage.save_settings(
                settings.replace(fullscreen=self.fullscreen, window_size=size)
            )
        pygame.quit()


def draw_notices(surface: pygame.Surface, ctx: Context) -> None:
    """Messages about files or settings, shown at the top for a few seconds."""
    if not ctx.notices:
        return
    w = surface.get_width()
    y = 8
    for notice in ctx.notices:
        text = ctx.fonts.render(notice.text, 22, ctx.theme.text)
        box = text.get_rect(midtop=(w // 2, y)).inflate(24, 12)
        pygame.draw.rect(surface, ctx.theme.panel, box, border_radius=8)
        pygame.draw.rect(surface, ctx.theme.warn, box, width=2, border_radius=8)
        surface.blit(text, text.get_rect(center=box.center))
        y = box.bottom + 6


def main(argv: list[str] | None = None) -> int:
    t0 = time.perf_counter()
    logging.basicConfig(
        level=os.environ.get("YAHTZEE_LOG", "WARNING"), format="%(levelname)s %(name)s: %(message)s"
    )
    args = parse_args(sys.argv[1:] if argv is None else argv)
    storage = Storage(args.data_dir)
    fullscreen = True if args.fullscreen else False if args.windowed else None
    app = App(storage, _parse_size(args.size), fullscreen)
    log.info("window up in %.3f s", time.perf_counter() - t0)
    return app.run()


if __name__ == "__main__":
    raise SystemExit(main())
