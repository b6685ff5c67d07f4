"""One driver for the scene tests, after Textual's Pilot: what a player does (keys, typed
text, the pointer, clicks, the wheel, a pad's buttons), time passing frame by frame, and
what the game said aloud.

    drive = driver(ctx)                     # the ctx fixture's (tests/scenes/conftest.py)
    drive.show(SettingsScene(ctx))
    drive.press(pygame.K_DOWN, pygame.K_RETURN)
    drive.letter("n"); drive.type("Ann"); drive.click(button.rect.center)
    drive.pad("dpdown", "a"); drive.wheel(-1); drive.wait(0.5); drive.settle()
    assert drive.heard() == ["Mute all sound: Off"]

or, as most tests read, with the events made here and handed on as a frame's input:

    feed(ctx, key(pygame.K_DOWN), ENTER)

Time and order are the app's (game.app.App.step): every event goes to the scene on top
(as the app hands it on) in a frame of its own, and each frame updates the top scene, carries
out the stack's queued changes, lets the focus voice watch and says the frame's phrases; the
window is drawn once an action is done (drawing must never fail, and changes nothing). A
player is slower than a frame, so two presses are two frames: the second goes to a question
the first one opened.

`Driver.of_app(app)` drives a whole `game.app.App` the same way (its own handle, step and
draw: the viewport, the pads' raw events, the app's keys), for the tests of what the window
does.

One home for making an event: a key press carries the text the key types, as a keyboard
sends it (none with Ctrl), so a menu's letters answer it as they answer a player.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

import pygame

from game.ui.pads import PAD_PRESS
from game.ui.spoken import FocusVoice

if TYPE_CHECKING:
    from game.app import App
    from game.scenes.context import Context
    from game.scenes.table import TableScene

STEP = 1 / 60  # s: one frame
PRESSES = (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, PAD_PRESS)  # cut the game's speech short
CONTROLLER_BUTTONS = {  # SDL's game-controller buttons, by their names (as the bindings')
    "a": pygame.CONTROLLER_BUTTON_A,
    "b": pygame.CONTROLLER_BUTTON_B,
    "x": pygame.CONTROLLER_BUTTON_X,
    "y": pygame.CONTROLLER_BUTTON_Y,
    "back": pygame.CONTROLLER_BUTTON_BACK,
    "guide": pygame.CONTROLLER_BUTTON_GUIDE,
    "start": pygame.CONTROLLER_BUTTON_START,
    "leftstick": pygame.CONTROLLER_BUTTON_LEFTSTICK,
    "rightstick": pygame.CONTROLLER_BUTTON_RIGHTSTICK,
    "leftshoulder": pygame.CONTROLLER_BUTTON_LEFTSHOULDER,
    "rightshoulder": pygame.CONTROLLER_BUTTON_RIGHTSHOULDER,
    "dpup": pygame.CONTROLLER_BUTTON_DPAD_UP,
    "dpdown": pygame.CONTROLLER_BUTTON_DPAD_DOWN,
    "dpleft": pygame.CONTROLLER_BUTTON_DPAD_LEFT,
    "dpright": pygame.CONTROLLER_BUTTON_DPAD_RIGHT,
}


# ----------------------------------------------------------------------------- events
def key(code: int, text: str | None = None, mod: int = 0) -> pygame.event.Event:
    """A key press as a keyboard sends it: with the character it types (`text`, or the key's
    own for a one-character key name; none with Ctrl or Alt held)."""
    if text is None:
        name = pygame.key.name(code)
        typing = len(name) == 1 and not mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT)
        text = name.upper() if typing and mod & pygame.KMOD_SHIFT else name if typing else ""
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode=text, scancode=0)


def letter(char: str, shift: bool = False) -> pygame.event.Event:
    """A letter key typed (a capital with Shift)."""
    return key(pygame.key.key_code(char), None, pygame.KMOD_LSHIFT if shift else 0)


def typed(text: str) -> pygame.event.Event:
    """Text typed into a text field (SDL's TEXTINPUT)."""
    return pygame.event.Event(pygame.TEXTINPUT, text=text)


def click(pos: tuple[float, float], button: int = 1) -> pygame.event.Event:
    """A mouse button pressed at `pos` (rounded to the pixel)."""
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=_pixel(pos), button=button)


def release(pos: tuple[float, float], button: int = 1) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=_pixel(pos), button=button)


def hover(pos: tuple[float, float]) -> pygame.event.Event:
    """The pointer moved to `pos`, no button held."""
    return pygame.event.Event(pygame.MOUSEMOTION, pos=_pixel(pos), rel=(0, 0), buttons=(0, 0, 0))


def wheel(y: int) -> pygame.event.Event:
    """The wheel turned `y` notches (up is positive)."""
    return pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False)


def pad_press(button: str, instance_id: int = 0) -> pygame.event.Event:
    """A pad's button as the scenes get it (game.ui.pads' PAD_PRESS, a key press's fields
    empty)."""
    return pygame.event.Event(
        PAD_PRESS,
        button=button,
        instance_id=instance_id,
        repeat=False,
        key=pygame.K_UNKNOWN,
        mod=0,
        unicode="",
        scancode=0,
    )


def controller_button(instance_id: int, name: str, down: bool = True) -> pygame.event.Event:
    """A pad's button as SDL reports it to the app (game.ui.pads makes the press of it)."""
    kind = pygame.CONTROLLERBUTTONDOWN if down else pygame.CONTROLLERBUTTONUP
    return pygame.event.Event(kind, instance_id=instance_id, button=CONTROLLER_BUTTONS[name])


def _pixel(pos: tuple[float, float]) -> tuple[int, int]:
    return round(pos[0]), round(pos[1])


ENTER = key(pygame.K_RETURN, "\r")
ESC = key(pygame.K_ESCAPE, "\x1b")
TAB = key(pygame.K_TAB, "\t")
BACKSPACE = key(pygame.K_BACKSPACE, "\b")


# ----------------------------------------------------------------------------- the driver
class Driver:
    """Plays the game's scenes as a player does and the app's loop would (see the module)."""

    def __init__(self, ctx: Context, app: App | None = None) -> None:
        self.ctx = ctx
        self.app = app
        # What the focus says, watched each frame as the app's own watcher does.
        self.voice = app.voice if app is not None else FocusVoice(ctx.speech)
        self._heard = 0  # phrases said already heard
        self.pressed = False  # a key, click or pad button this frame (its speech cuts in)

    @classmethod
    def of_app(cls, app: App) -> Driver:
        return cls(app.ctx, app)

    # ----------------------------------------------------------------- what is on screen
    @property
    def top(self) -> Any:
        return self.ctx.stack.top

    def show(self, scene: Any) -> Any:
        """`scene` opened on top (as a scene opens another), laid out and entered."""
        self.ctx.stack.push(scene)
        self.ctx.stack.apply_pending()
        return scene

    # ----------------------------------------------------------------- time
    def frame(self, dt: float = STEP) -> None:
        """One frame with no input: the top scene's update, the queued scene changes, what
        is said (as game.app.App.step; not drawn)."""
        if self.app is not None:
            self.app.step(dt)
            return
        ctx = self.ctx
        ctx.stack.update(dt)
        ctx.stack.apply_pending()
        if ctx.notices:
            ctx.update_notices(dt)
        if self.voice.speaker is not ctx.speech:  # a test gave the game another speaker
            self.voice, self._heard = FocusVoice(ctx.speech), 0
        self.voice.watch(ctx.stack.top, keyboard=self.pressed)
        self.pressed = False
        ctx.speech.flush()

    def draw(self) -> None:
        if self.app is not None:
            self.app.draw()
        elif self.ctx.stack.top is not None:
            self.ctx.stack.draw(pygame.display.get_surface())

    def wait(self, seconds: float) -> None:
        """Frames for `seconds` of the game's time, then a drawing."""
        for _ in range(max(1, round(seconds / STEP))):
            self.frame()
        self.draw()

    def settle(self, limit: float = 30.0) -> None:
        """Frames until nothing on the top scene moves, waiting on a CPU's thread in real
        time as a player does; then a drawing. Fails rather than hang past `limit` s of the
        game's time."""
        t = 0.0
        while getattr(self.ctx.stack.top, "animating", False):
            if t >= limit:
                raise AssertionError(f"{type(self.ctx.stack.top).__name__} never settled")
            pending = getattr(self.ctx.stack.top, "cpu_future", None)
            if pending is not None:
                pending.result(timeout=30)  # the CPU decides in a thread
            self.frame()
            t += STEP
        self.draw()

    # ----------------------------------------------------------------- input
    def send(self, *events: pygame.event.Event, draw: bool = True) -> None:
        """Each event in a frame of its own (none: one frame), then a drawing (unless the
        test draws the frame itself, to read what is drawn)."""
        for event in events:
            self._hand_on(event)
            self.frame()
        if not events:
            self.frame()
        if draw:
            self.draw()

    def burst(self, *events: pygame.event.Event) -> None:
        """Events that arrive within one frame (a quick double click, input queued while a
        frame was slow): all handed on before the frame, as the app's loop does, then a
        drawing."""
        for event in events:
            self._hand_on(event)
        self.frame()
        self.draw()

    def _hand_on(self, event: pygame.event.Event) -> None:
        if self.app is not None:
            self.app.handle(event)
            return
        if event.type in PRESSES:  # the player acts: the game's own stale speech stops
            self.ctx.speech.interrupt()
            self.pressed = True
        self.ctx.stack.handle(event)

    def press(self, *codes: int, mod: int = 0) -> None:
        """Keys pressed one after another (each typing its character, as a keyboard does)."""
        self.send(*(key(code, None, mod) for code in codes))

    def letter(self, *chars: str, shift: bool = False) -> None:
        self.send(*(letter(char, shift) for char in chars))

    def type(self, text: str) -> None:
        self.send(typed(text))

    def click(self, pos: tuple[float, float], button: int = 1) -> None:
        """A click: the button pressed and let go in the next frame."""
        self.send(click(pos, button), release(pos, button))

    def hover(self, pos: tuple[float, float]) -> None:
        self.send(hover(pos))

    def wheel(self, y: int) -> None:
        self.send(wheel(y))

    def pad(self, *buttons: str, instance_id: int = 0) -> None:
        """A pad's buttons tapped one after another, a frame each: to the app as SDL reports
        them (pressed and let go), or to the scenes as the presses the app makes of them."""
        if self.app is None:
            self.send(*(pad_press(name, instance_id) for name in buttons))
            return
        for name in buttons:
            self.burst(
                controller_button(instance_id, name),
                controller_button(instance_id, name, down=False),
            )

    # ----------------------------------------------------------------- what was said
    def heard(self) -> list[str]:
        """The phrases said since the last time this was asked (the focus's too)."""
        said = [phrase.text for phrase in self.ctx.speech.said][self._heard :]
        self._heard = len(self.ctx.speech.said)
        return said


def driver(game: Context | App) -> Driver:
    """The one driver of a context, or of a whole app (made at its first use, kept with it:
    what it has heard and the focus it last said stay from one step of a test to the next)."""
    from game.app import App

    found: Driver | None = getattr(game, "_test_driver", None)
    if found is None:
        found = Driver.of_app(game) if isinstance(game, App) else Driver(game)
        game._test_driver = found  # type: ignore[union-attr]  # the test's own note on it
    return found


def feed(ctx: Context, *events: pygame.event.Event) -> None:
    """`events` as a player makes them, each in a frame of its own, then a drawing."""
    driver(ctx).send(*events)


def settle(ctx: Context, limit: float = 30.0) -> None:
    driver(ctx).settle(limit)


def show(ctx: Context, scene: Any) -> Any:
    return driver(ctx).show(scene)


def quiet(table: TableScene) -> None:
    """Let the table's threads finish what they were given, so that every frame follows
    from the seed: a CPU's decision (asked for now if a CPU is to play: else the game's first
    roll, decided in no time, was played in the frame that asked for it or in the next, as
    the thread came), the tray's throw and plans, the stills' images."""
    board, end = table.board, time.monotonic() + 20
    if board.plays_cpus and board.session.is_cpu_turn:
        board.cpu.think(board.session.state)
    if board.cpu.future is not None:
        board.cpu.future.result(timeout=30)
    model = board.tray.model
    if model.landing is not None:
        model.landing.result(timeout=30)
    if model.flight is not None:
        model.flight.throw  # noqa: B018 (simulated)
    stills = board.tray.renderer.stills
    while any(not future.done() for future, _keep in stills._pending.values()):
        assert time.monotonic() < end
        time.sleep(0.002)
