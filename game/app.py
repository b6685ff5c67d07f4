"""The pygame-ce application: display, clock, scene stack and main loop.

    python main.py [--data-dir PATH] [--fullscreen | --windowed] [--size WxH]

F11 toggles fullscreen anywhere. Game pads may be plugged in and out at any time: their
buttons reach the scenes as presses (game.ui.pads), and a notice says which came or went.
The window is resizable; every scene lays itself out again on a resize, and a window made
smaller than the scenes' minimum shows them scaled down (game.ui.viewport). When nothing
moves the loop sleeps until the next event. With no display to open a window on, the game
says so and exits with status 1 rather than run unseen.
"""

from __future__ import annotations

import argparse
import contextlib
import logging
import os
import sys
import time
import warnings
from collections.abc import Callable

import pygame

from game.i18n import _, set_language, system_language
from game.scenes.base import Scene
from game.scenes.context import Context
from game.scenes.notices import draw_notices
from game.scenes.router import Router
from game.scenes.router import preload as preload_scenes
from game.scenes.stack import SceneStack
from game.speech.finding import choose_backend
from game.storage import Storage
from game.storage.settings import SPEECH_MODES, WINDOW_HEIGHT, WINDOW_WIDTH, Settings
from game.ui import collector
from game.ui.collector import SPARE
from game.ui.display import (
    MIN_WINDOW,
    NoDisplay,
    check_display,
    desktop_size,
    first_size,
    show_from_memory,
    window_size,
)
from game.ui.input import Intent, is_press
from game.ui.pads import PAD_PRESS, Pads
from game.ui.spoken import FocusVoice
from game.ui.viewport import Viewport
from game.ui.window_identity import claim_class, set_window_icon

log = logging.getLogger(__name__)

FPS = 60
MAX_DT = 1 / 20  # s: a window drag must not skip a tween to its end
IDLE_NAP = 0.03  # s the idle loop sleeps between looks for input
AHEAD_MARGIN = 0.004  # s of a frame's time the work between frames leaves to the next frame
POINTER_EVENTS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
REDRAW_EVENTS = (*POINTER_EVENTS, pygame.MOUSEWHEEL)  # drawn again even if no scene used them
TITLE = "Yahtzee Table"
MAX_FAILURES = 120  # frames failing in a row before the app gives up
# The keys that say again what was said, anywhere: the newest phrase, the one before, after.
SPEECH_HISTORY = {Intent.REPEAT_SPEECH: 0, Intent.HISTORY_BACK: -1, Intent.HISTORY_NEXT: 1}


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="yahtzee", description="Play Yahtzee.")
    parser.add_argument("--data-dir", help="keep settings, saves and statistics in this folder")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--fullscreen", action="store_true", help="start in fullscreen")
    mode.add_argument("--windowed", action="store_true", help="start in a window")
    parser.add_argument("--size", help="window size, e.g. 1280x800")
    parser.add_argument(
        "--speech",
        choices=SPEECH_MODES,
        help="say the game aloud: on, off, or only while a screen reader runs (kept in Settings)",
    )
    parser.add_argument(
        "--self-test",
        nargs="?",
        const="all",
        metavar="CHECK",
        help="check this install headless (every check, or the one named), then exit",
    )
    args = parser.parse_args(argv)
    if args.data_dir is not None and not args.data_dir.strip():
        # An empty name would keep everything in whatever folder the game was started from.
        set_language(system_language())  # told in the player's language: no window yet
        parser.error(
            _(
                "--data-dir needs a folder, and the name given is empty. Name a folder, or "
                "leave the option out to keep everything in the usual place."
            )
        )
    return args


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
        self,
        storage: Storage,
        size: tuple[int, int] | None = None,
        fullscreen: bool | None = None,
        pads: Pads | None = None,
    ) -> None:
        from game.audio.player import SoundPlayer

        claim_class()  # before SDL's video starts: the dock groups the window by it
        pygame.init()
        check_display()
        show_from_memory()
        pygame.display.set_caption(TITLE)
        set_window_icon()
        settings = storage.settings
        desktop = desktop_size()
        kept = settings.window_size
        if size is None and kept == Settings().window_size:  # never resized: the desktop's
            kept = first_size(desktop)
        self.windowed_size = window_size(size or kept, desktop)
        self.fullscreen = settings.fullscreen if fullscreen is None else fullscreen
        self.window = self._open_window()
        set_window_icon()  # again, on the window itself: pygame-ce 2.5.0 keeps only this one
        self.view = Viewport.for_window(self.window.get_size())
        self.screen = self._canvas()  # what the scenes draw on
        self.stack = SceneStack()
        self.ctx = Context(storage, settings, self.stack, SoundPlayer(), pads=pads or Pads())
        self.ctx.toggle_fullscreen = self.toggle_fullscreen
        self.ctx.quit = self.stop
        self.ctx.to_canvas = lambda pos: self.view.to_canvas(pos)
        self.ctx.nav = Router(self.ctx)
        # Speech (game.speech): the backend the speech setting asks for; the focus watcher.
        self.ctx.voices = choose_backend
        self.ctx.choose_voice(anew=True)
        self.voice = FocusVoice(self.ctx.speech)
        self.pressed = False  # a key, click or pad button this frame (its speech cuts in)
        self.clock = pygame.time.Clock()
        self.memory = MemoryKeeper()
        self.settle_due = False  # a scene change was shown: collector.settle after it
        self.running = False
        self.dirty = True
        self.failures = 0  # frames failed in a row
        # The window must be drawn whole next frame (it is new, resized or was exposed).
        self.whole = True
        self.last_shown: tuple[object, ...] = ()  # what the last frame drew: see _retained
        self.presented: list[pygame.Rect] | None = None  # the parts it showed (None: all)

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

    def _canvas(self) -> pygame.Surface:
        """The window itself, or (for a window under the minimum) a surface of the size the
        scenes need, scaled into the window when drawn."""
        if not self.view.scaled:
            return self.window
        return pygame.Surface(self.view.canvas_size).convert()

    def _window_changed(self) -> None:
        """Take the display's surface and size as they are now; lay out again if needed."""
        window = pygame.display.get_surface()
        assert window is not None  # only called with the window open
        self.window = window
        self.view = Viewport.for_window(self.window.get_size())
        self.screen = self._canvas()
        if self.view.canvas_size != self.stack.size:
            self.stack.layout(self.view.canvas_size)
        self.dirty = self.whole = True

    def toggle_fullscreen(self) -> None:
        if not self.fullscreen:
            self.windowed_size = self.window.get_size()
        self.fullscreen = not self.fullscreen
        self._open_window()
        # F11 is a setting like any other: remembered, and shown in the settings scene.
        self.ctx.settings = self.ctx.settings.replace(fullscreen=self.fullscreen)
        self.ctx.storage.save_settings(self.ctx.settings)
        self._window_changed()

    def stop(self) -> None:
        self.running = False

    def start(self, scene: Scene | None = None) -> None:
        from game.scenes.title import TitleScene

        self.stack.layout(self.view.canvas_size)
        self.stack.push(scene or TitleScene(self.ctx))
        self.stack.apply_pending()
        collector.settle()  # start-up kept out of the collector's full passes

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            top = self.stack.top
            if top is None or top.request_quit():
                self.stop()
            return
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self._window_changed()
            return
        if event.type in (pygame.WINDOWEXPOSED, pygame.WINDOWRESTORED, pygame.WINDOWSHOWN):
            self.dirty = self.whole = True
            return
        presses = self.ctx.pads.read(event)
        if presses is not None:  # a pad's event: what it pressed, if anything
            self._tell_pad_news()
            for press in presses:
                self.handle(press)
            return
        if self.view.scaled and event.type in POINTER_EVENTS:
            event = self._on_canvas(event)
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, PAD_PRESS):
            self.ctx.speech.interrupt()  # the player acts: the game's own stale speech stops
            self.pressed = True
        intent = self.ctx.input.intent(event)
        if intent == "fullscreen":
            self.toggle_fullscreen()
            return
        if intent in SPEECH_HISTORY:
            step = SPEECH_HISTORY[intent]
            self.ctx.speech.step(step) if step else self.ctx.speech.repeat()
            return
        if self.stack.handle(event) or is_press(event) or event.type in REDRAW_EVENTS:
            self.dirty = True

    def _tell_pad_news(self) -> None:
        news = self.ctx.pads.take_news()
        for text in news:
            self.ctx.notify(text)
        if news:
            self.dirty = True

    def _on_canvas(self, event: pygame.event.Event) -> pygame.event.Event:
        """A pointer event with its position (and movement) on the canvas."""
        fields = dict(event.dict, pos=self.view.to_canvas(event.pos))
        if "rel" in fields:
            fields["rel"] = self.view.to_canvas_motion(event.rel)
        return pygame.event.Event(event.type, fields)

    def step(self, dt: float) -> None:
        """One frame's update: held pad directions, scenes, queued scene changes, notices."""
        for press in self.ctx.pads.update(dt):
            self.handle(press)
        self.stack.update(dt)
        before = list(self.stack.scenes)
        if self.stack.apply_pending():
            self.dirty = True
            self.settle_due = True  # once this frame is shown (collector.settle)
            if any(scene not in self.stack.scenes for scene in before):
                self.memory.scene_left()
        if self.ctx.notices:
            self.ctx.update_notices(dt)
            self.dirty = True
        if not self.stack.scenes:
            self.stop()
        self.voice.watch(self.stack.top, keyboard=self.pressed)
        self.pressed = False
        self.ctx.speech.flush()

    def draw(self) -> None:
        """Draw the scenes and the notices, and show the frame: the whole window, or only
        the parts the scenes redrew (game.ui.frame) when it still held the last frame."""
        frame, retained = self.ctx.frame, self._retained()
        self.whole = True  # until this frame is shown: a frame that fails is drawn anew
        frame.begin(retained)
        try:
            self.stack.draw(self.screen)
            draw_notices(self.screen, self.ctx)
        finally:
            rects = frame.end(self.screen)
        if self.view.scaled:
            self.window.fill((0, 0, 0))
            shown = pygame.transform.smoothscale(self.screen, self.view.shown_size)
            self.window.blit(shown, self.view.offset)
            pygame.display.flip()
        elif rects is None:
            pygame.display.flip()
        elif rects:
            pygame.display.update(rects)
        self.presented = rects
        self.last_shown = self._shown()
        self.dirty = self.whole = False

    def _shown(self) -> tuple[object, ...]:
        """What a frame shows besides the top scene's own drawing."""
        ctx = self.ctx
        return (self.stack.top, self.screen, ctx.unsaved, tuple(n.text for n in ctx.shown_notices))

    def _retained(self) -> bool:
        """Whether the window holds the last frame as drawn, and only one scene draws on it
        now as then (an opaque top scene; no notice), so that scene may redraw only what
        changed."""
        top = self.stack.top
        return (
            not self.whole
            and not self.view.scaled
            and top is not None
            and top.opaque
            and not self.ctx.shown_notices
            and self._shown() == self.last_shown
        )

    def run(self) -> int:
        self.start()
        self.running = True
        preloading = False
        try:
            while self.running:
                if not preloading and not self.dirty:
                    # The first frame is on screen: load the other scenes, the AI and numpy
                    # behind the title, so the first New game does not wait for them.
                    preload_scenes()
                    preloading = True
                busy = (
                    self.dirty
                    or self.stack.animating
                    or bool(self.ctx.notices)
                    or self.ctx.pads.holding  # a held direction repeats on the clock
                )
                if busy:
                    dt = min(self.clock.tick(FPS) / 1000, MAX_DT)
                    events = pygame.event.get()
                    started = time.perf_counter()
                else:
                    # Nothing moves: sleep, then look for input. (SDL's own event.wait polls
                    # inside and cost 3.5% CPU here; a 30 ms nap costs 0.7% and is not felt.)
                    time.sleep(IDLE_NAP)
                    self.memory.idle()
                    events = pygame.event.get()
                    self.clock.tick()
                    dt = 0.0
                self._guarded(self._frame, events, dt)
                now = time.perf_counter()
                self.after_frame(not busy or now - started < 1 / FPS - SPARE)
                self.between_frames((started if busy else now) + 1 / FPS)
        finally:
            self.shutdown()
        return 0

    def after_frame(self, spare: bool) -> bool:
        """The collector's moment (game.ui.collector), a frame shown: after a scene change,
        all that lives kept out of the full passes; else, with time to `spare` (nothing
        moves, or the frame left SPARE of its budget), a full pass if one is due. True if
        one was made."""
        if self.settle_due:
            self.settle_due = False
            collector.settle()
            return True
        return spare and collector.collect_if_due()

    def between_frames(self, next_frame: float) -> None:
        """Work for the frames to come, done in the time the frame shown left, until
        AHEAD_MARGIN before `next_frame` (time.perf_counter()): the top scene's (see
        Scene.between_frames). No frame is drawn meanwhile, so no frame waits for it."""
        top, until = self.stack.top, next_frame - AHEAD_MARGIN
        if top is not None and time.perf_counter() < until:
            self._guarded(top.between_frames, until)

    def _frame(self, events: list[pygame.event.Event], dt: float) -> None:
        # An animation's last step is drawn too: a banner fading out stayed on the felt at
        # its last alpha, a faint "Bernd, du bist dran", when the frame it ended drew nothing.
        was_animating = self.stack.animating
        for event in events:
            self.handle(event)
        self.step(dt)
        if self.dirty or was_animating or self.stack.animating:
            self.draw()

    def _guarded(self, frame: Callable[..., None], *args: object) -> None:
        """Run a frame; a bug in a scene is logged and told, and the game goes on (it was
        saved after the last action) rather than closing the window on the player."""
        try:
            frame(*args)
            self.failures = 0
        except Exception as error:
            self.failures += 1
            log.exception("a frame failed")
            if self.failures > MAX_FAILURES:
                raise
            text = _("Something went wrong ({error}); see the log")
            self.ctx.notify(text.format(error=type(error).__name__))
            self.dirty = True

    def shutdown(self) -> None:
        for scene in reversed(self.stack.scenes):
            try:
                scene.exit()
            except Exception:  # closing must go on whatever a scene does
                log.exception("a scene failed while closing")
        self.ctx.pads.close()
        self.ctx.speech.close()
        settings = self.ctx.settings
        size = self.windowed_size if self.fullscreen else self.window.get_size()
        # The window manager may have let the window shrink under the minimum (or grow past
        # any screen): remember a size the next start can open.
        limits = zip((WINDOW_WIDTH, WINDOW_HEIGHT), MIN_WINDOW, size, strict=True)
        kept = [min(high, max(low, least, side)) for (low, high), least, side in limits]
        if settings.fullscreen != self.fullscreen or list(settings.window_size) != kept:
            self.ctx.storage.save_settings(
                settings.replace(fullscreen=self.fullscreen, window_size=kept)
            )
        self.ctx.storage.finish_writes()  # the last move's save, if it is still being written
        pygame.quit()


class MemoryKeeper:
    """Gives back what the scenes that left the stack held, at the next idle moment.

    A scene lives in reference cycles (its buttons hold its bound methods), so its surfaces
    (a felt, panels, rendered text: megabytes at a large window) wait for the collector's
    full pass, which counts objects, not bytes, and comes rarely; and memory the C library
    got back is kept by it for later, so the process stays at its high-water mark. So once
    a scene has left and nothing moves (the loop naps: no frame to delay), the cycles are
    collected and the C library is asked to hand its free pages back (glibc's malloc_trim;
    elsewhere only the collection): 20 to 90 ms on a busy machine, at most once every
    RELEASE_EVERY seconds."""

    RELEASE_EVERY = 2.0  # s

    def __init__(self) -> None:
        self._last = -self.RELEASE_EVERY
        self._due = False
        self._trim = _malloc_trim()

    def scene_left(self) -> None:
        self._due = True

    def idle(self) -> None:
        """Nothing moves now: give back what left, if something did and it is time."""
        now = time.monotonic()
        if not self._due or now - self._last < self.RELEASE_EVERY:
            return
        self._due, self._last = False, now
        collector.settle()  # what was frozen before and has died since is collected too
        if self._trim is not None:
            self._trim(0)


def _malloc_trim() -> Callable[[int], int] | None:
    """glibc's malloc_trim, or None where there is no such C library (macOS, Windows)."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        import ctypes

        return ctypes.CDLL("libc.so.6").malloc_trim
    except (OSError, AttributeError):
        return None


def main(argv: list[str] | None = None) -> int:
    t0 = time.perf_counter()
    logging.basicConfig(
        level=os.environ.get("YAHTZEE_LOG", "WARNING"), format="%(levelname)s %(name)s: %(message)s"
    )
    args = parse_args(sys.argv[1:] if argv is None else argv)
    if args.self_test:
        from game import selftest

        return selftest.run(App, only=args.self_test)
    storage = Storage(args.data_dir)
    if args.speech and args.speech != storage.settings.speech:  # a player who cannot see
        storage.save_settings(storage.settings.replace(speech=args.speech))  # Settings yet
    fullscreen = True if args.fullscreen else False if args.windowed else None
    try:
        app = App(storage, _parse_size(args.size), fullscreen)
    except NoDisplay as error:
        pygame.quit()
        print(error, file=sys.stderr)
        return 1
    log.info("window up in %.3f s", time.perf_counter() - t0)
    return app.run()


if __name__ == "__main__":
    raise SystemExit(main())
