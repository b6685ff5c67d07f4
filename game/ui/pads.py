"""Game pads: the devices that come and go, and their buttons and sticks read as presses.

SDL's game-controller layer (pygame._sdl2.controller) names a known pad's buttons ("a",
"dpup", "start" ...); a pad SDL has no mapping for comes through the joystick API, its
first buttons read as a, b, x, y, the shoulders, back and start, its hat and first stick as
the d-pad. Everything is keyed on the instance id, which a pad keeps while it is plugged in
(device indices shift when pads come and go).

`Pads.read(event)` takes every raw event: pad events become PAD_PRESS events (a `button`
name, the `instance_id` of the pad, and `repeat`), which the input map turns into intents
as it does keys; a key press makes the keys the device whose hints are shown. A held
direction repeats (`Pads.update(dt)`), as a held arrow key would. Nothing here needs a pad,
a joystick subsystem or a real display: the controller layer is started on the first pad
plugged in, every SDL failure is caught, and how a device is opened is injectable (the
tests' pads are made up).
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from types import ModuleType

import pygame

from game.i18n import _
from game.ui.pad_glyphs import pad_family


def _sdl_errors() -> tuple[type[Exception], ...]:
    """pygame.error, and the controller layer's own error class, which pygame-ce 2.5.0
    raised instead (a build without the _sdl2 modules has only the first)."""
    try:
        from pygame._sdl2.sdl2 import error as sdl2_error
    except ImportError:  # pragma: no cover
        return (pygame.error,)
    return (pygame.error, sdl2_error)


SDL_ERRORS = _sdl_errors()
OPEN_ERRORS: tuple[type[Exception], ...] = (AttributeError, *SDL_ERRORS)  # a pad that left
LAYER_ERRORS: tuple[type[Exception], ...] = (ImportError, *OPEN_ERRORS)  # or no such layer

log = logging.getLogger(__name__)

PAD_PRESS = pygame.event.custom_type()  # button: str, instance_id: int, repeat: bool (see press)

STICK_PRESS = 0.5  # of full tilt: a stick this far over presses its direction
STICK_RELEASE = 0.35  # and lets go under this (a little hysteresis: no chatter at the edge)
TRIGGER_PRESS = 0.5  # of full pull
REPEAT_DELAY = 0.4  # s a direction is held before it repeats
REPEAT_EVERY = 0.12  # s between repeats
RUMBLE_STRENGTH = 0.7  # 0..1 of the motors
RUMBLE_TIME = 400  # ms

DIRECTIONS = ("dpup", "dpdown", "dpleft", "dpright")
# SDL_GameControllerButton values in order: the names PAD_BUTTONS uses.
CONTROLLER_BUTTONS = {
    pygame.CONTROLLER_BUTTON_A: "a",
    pygame.CONTROLLER_BUTTON_B: "b",
    pygame.CONTROLLER_BUTTON_X: "x",
    pygame.CONTROLLER_BUTTON_Y: "y",
    pygame.CONTROLLER_BUTTON_BACK: "back",
    pygame.CONTROLLER_BUTTON_GUIDE: "guide",
    pygame.CONTROLLER_BUTTON_START: "start",
    pygame.CONTROLLER_BUTTON_LEFTSTICK: "leftstick",
    pygame.CONTROLLER_BUTTON_RIGHTSTICK: "rightstick",
    pygame.CONTROLLER_BUTTON_LEFTSHOULDER: "leftshoulder",
    pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: "rightshoulder",
    pygame.CONTROLLER_BUTTON_DPAD_UP: "dpup",
    pygame.CONTROLLER_BUTTON_DPAD_DOWN: "dpdown",
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: "dpleft",
    pygame.CONTROLLER_BUTTON_DPAD_RIGHT: "dpright",
}
CONTROLLER_TRIGGERS = {
    pygame.CONTROLLER_AXIS_TRIGGERLEFT: "lefttrigger",
    pygame.CONTROLLER_AXIS_TRIGGERRIGHT: "righttrigger",
}
# The usual layout of a pad with no SDL mapping (an XInput-style order).
JOYSTICK_BUTTONS = (
    "a",
    "b",
    "x",
    "y",
    "leftshoulder",
    "rightshoulder",
    "back",
    "start",
    "leftstick",
    "rightstick",
    "guide",
)
ADDED = (pygame.CONTROLLERDEVICEADDED, pygame.JOYDEVICEADDED)
REMOVED = (pygame.CONTROLLERDEVICEREMOVED, pygame.JOYDEVICEREMOVED)
CONTROLLER_EVENTS = (
    pygame.CONTROLLERBUTTONDOWN,
    pygame.CONTROLLERBUTTONUP,
    pygame.CONTROLLERAXISMOTION,
)
JOYSTICK_EVENTS = (
    pygame.JOYBUTTONDOWN,
    pygame.JOYBUTTONUP,
    pygame.JOYAXISMOTION,
    pygame.JOYHATMOTION,
)
PAD_EVENTS = frozenset(ADDED + REMOVED + CONTROLLER_EVENTS + JOYSTICK_EVENTS)
PAD_EVENTS |= {pygame.CONTROLLERDEVICEREMAPPED, pygame.JOYBALLMOTION}


@dataclass(frozen=True)
class OpenedPad:
    """A device as opened: its instance id and name, the API it came through, and the
    pygame object that holds it open (and can rumble), if any."""

    instance_id: int
    name: str
    api: str  # "controller" or "joystick"
    handle: object = None


def open_pad(device_index: int, announced_as: str) -> OpenedPad | None:
    """Open a just plugged-in device. SDL announces a pad it knows twice, as a joystick and
    as a game controller: it is opened through the controller layer, on the controller's
    announcement (the first joystick announcement starts that layer, which then announces
    the controllers already plugged in). A device SDL has no mapping for opens as a joystick.
    None when there is nothing to open now, or SDL refuses (the pad left again)."""
    controller = _controller_layer()
    try:
        if announced_as == "controller":
            if controller is None:
                return None
            pad = controller.Controller(device_index)
            instance_id = pad.as_joystick().get_instance_id()
            return OpenedPad(instance_id, pad.name, "controller", pad)
        if controller is not None and controller.is_controller(device_index):
            return None  # its controller announcement follows
        if not pygame.joystick.get_init():
            pygame.joystick.init()
        joystick = pygame.joystick.Joystick(device_index)
        return OpenedPad(joystick.get_instance_id(), joystick.get_name(), "joystick", joystick)
    except OPEN_ERRORS as error:
        log.warning("device %s could not be opened: %s", device_index, error)
        return None


def _controller_layer() -> ModuleType | None:
    """pygame's SDL game-controller module, started on first use; None where it is missing
    or will not start (the joystick API is the fallback)."""
    try:
        from pygame._sdl2 import controller

        if not controller.get_init():
            controller.init()
        return controller
    except LAYER_ERRORS as error:
        log.info("no game-controller layer: %s", error)
        return None


@dataclass
class Pad:
    """A plugged-in pad: what it is, the number players know it by, and its held state."""

    instance_id: int
    name: str
    api: str
    number: int  # 1, 2 ... the lowest free when it was plugged in
    family: str
    handle: object = None
    held: dict[str, str] = field(default_factory=dict)  # "dpad", "stickx", "sticky" -> where
    pulled: set[str] = field(default_factory=set)  # triggers past TRIGGER_PRESS
    repeat_in: dict[str, float] = field(default_factory=dict)  # direction -> s to its repeat

    @property
    def label(self) -> str:
        # Translators: a game pad, by the number players know it by ("Pad 2").
        return _("Pad {number}").format(number=self.number)

    def rumble(self, strength: float = RUMBLE_STRENGTH, ms: int = RUMBLE_TIME) -> bool:
        """Shake the pad if it can; False if it has no motors (or is a made-up pad)."""
        rumble = getattr(self.handle, "rumble", None)
        if rumble is None:
            return False
        try:
            return bool(rumble(strength, strength, ms))
        except SDL_ERRORS:
            return False

    def close(self) -> None:
        quit_ = getattr(self.handle, "quit", None)
        if quit_ is not None:
            with contextlib.suppress(*SDL_ERRORS):
                quit_()


def press(pad: Pad, button: str, repeat: bool = False) -> pygame.event.Event:
    """A PAD_PRESS. It carries a key press's fields too (no key, no modifier, no text), so
    code that looks at a press's key finds none rather than failing."""
    return pygame.event.Event(
        PAD_PRESS,
        button=button,
        instance_id=pad.instance_id,
        repeat=repeat,
        key=pygame.K_UNKNOWN,
        mod=0,
        unicode="",
        scancode=0,
    )


class Pads:
    """The pads plugged in, and which device was used last (for the hints)."""

    def __init__(
        self,
        opener: Callable[[int, str], OpenedPad | None] = open_pad,
        family: Callable[[str], str] = pad_family,
    ) -> None:
        self.opener = opener
        self.family = family
        self.pads: dict[int, Pad] = {}
        self.last: int | None = None  # instance id of the pad used last; None: the keys
        self.news: list[str] = []  # what players are told (a pad came or went)
        self.seated: tuple[object, dict[int, int]] | None = None  # see hand_over

    # ----------------------------------------------------------------- what is plugged in
    def get(self, instance_id: int | None) -> Pad | None:
        return self.pads.get(instance_id) if instance_id is not None else None

    def connected(self, instance_id: int | None) -> bool:
        return instance_id in self.pads

    def label(self, instance_id: int | None) -> str | None:
        """'Pad 2'; None for a pad that is not plugged in."""
        pad = self.get(instance_id)
        return pad.label if pad is not None else None

    @property
    def glyphs(self) -> str | None:
        """The family of the pad used last, or None while the keys were."""
        pad = self.get(self.last)
        return pad.family if pad is not None else None

    @property
    def holding(self) -> bool:
        """A direction is held somewhere (its repeats need the clock)."""
        return any(pad.repeat_in for pad in self.pads.values())

    def take_news(self) -> list[str]:
        news, self.news = self.news, []
        return news

    def rumble(self, instance_ids: Iterable[int]) -> bool:
        """Shake these pads (those plugged in that can); True if any did."""
        done = [pad.rumble() for i in instance_ids if (pad := self.get(i)) is not None]
        return any(done)

    def hand_over(self, seating: object, seats: dict[int, int]) -> None:
        """Keep which pad plays which seat (seat index -> instance id) of a table's
        `seating` (a key naming its seats) for the next table with that seating: the setup
        hands over to its table, a table to the next when it closes."""
        self.seated = (seating, dict(seats))

    def seats_of(self, seating: object) -> dict[int, int]:
        """The seats' pads handed over for `seating` ({} for other seats)."""
        if self.seated is not None and self.seated[0] == seating:
            return dict(self.seated[1])
        return {}

    def close(self) -> None:
        for pad in self.pads.values():
            pad.close()
        self.pads.clear()

    # ----------------------------------------------------------------- events
    def read(self, event: pygame.event.Event) -> list[pygame.event.Event] | None:
        """A raw pad event as the presses it makes ([] for none); None if it is not a pad's
        event (a key press also makes the keys the last device used)."""
        kind = event.type
        if kind == pygame.KEYDOWN:
            self.last = None
            return None
        if kind not in PAD_EVENTS:
            return None
        if kind in ADDED:
            self._added(event)
            return []
        if kind in REMOVED:
            self._removed(getattr(event, "instance_id", None))
            return []
        pad = self._pad_of(event)
        if pad is None:
            return []
        presses = self._presses(pad, event)
        if presses:
            self.last = pad.instance_id
        return presses

    def update(self, dt: float) -> list[pygame.event.Event]:
        """The repeats of held directions that fall due in the next `dt` seconds."""
        repeats = []
        for pad in self.pads.values():
            for direction, left in list(pad.repeat_in.items()):
                left -= dt
                if left <= 0:
                    repeats.append(press(pad, direction, repeat=True))
                    left = max(left + REPEAT_EVERY, REPEAT_EVERY / 4)
                pad.repeat_in[direction] = left
        if repeats:
            self.last = repeats[-1].instance_id
        return repeats

    def _added(self, event: pygame.event.Event) -> None:
        index = getattr(event, "device_index", None)
        if not isinstance(index, int):
            return
        announced_as = "controller" if event.type == pygame.CONTROLLERDEVICEADDED else "joystick"
        opened = self.opener(index, announced_as)
        if opened is None or opened.instance_id in self.pads:
            return  # nothing to open now, or known already
        self._adopt(opened)

    def _adopt(self, opened: OpenedPad) -> Pad:
        numbers = {pad.number for pad in self.pads.values()}
        number = next(n for n in range(1, len(numbers) + 2) if n not in numbers)
        pad = Pad(
            opened.instance_id,
            opened.name,
            opened.api,
            number,
            self.family(opened.name),
            opened.handle,
        )
        self.pads[pad.instance_id] = pad
        # Translators: {name} is the device's own name, as the system gives it.
        self.news.append(
            _("Pad {number} connected ({name})").format(number=pad.number, name=pad.name)
        )
        log.info("pad %s: %s, instance %s, via %s", pad.number, pad.name, pad.instance_id, pad.api)
        return pad

    def _removed(self, instance_id: object) -> None:
        pad = self.pads.pop(instance_id, None) if isinstance(instance_id, int) else None
        if pad is None:
            return
        pad.close()
        if self.last == instance_id:
            self.last = None
        self.news.append(_("Pad {number} unplugged").format(number=pad.number))

    def _pad_of(self, event: pygame.event.Event) -> Pad | None:
        """The pad an input event is from. A controller is also a joystick to SDL, so each
        pad is read through the one API it was opened with; a controller never announced
        (plugged in before anything listened) is adopted on its first event."""
        instance_id = getattr(event, "instance_id", None)
        if not isinstance(instance_id, int):
            return None
        api = "controller" if event.type in CONTROLLER_EVENTS else "joystick"
        pad = self.pads.get(instance_id)
        if pad is None and event.type in CONTROLLER_EVENTS:
            # Translators: the name of a pad whose own name is not known.
            pad = self._adopt(OpenedPad(instance_id, _("Game controller"), api))
        if pad is None or pad.api != api:
            return None
        return pad

    def _presses(self, pad: Pad, event: pygame.event.Event) -> list[pygame.event.Event]:
        kind = event.type
        if kind in (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP):
            name = CONTROLLER_BUTTONS.get(getattr(event, "button", -1))
            return self._button(pad, name, kind == pygame.CONTROLLERBUTTONDOWN)
        if kind in (pygame.JOYBUTTONDOWN, pygame.JOYBUTTONUP):
            number = getattr(event, "button", -1)
            if not isinstance(number, int) or number < 0:
                return []
            name = JOYSTICK_BUTTONS[number] if number < len(JOYSTICK_BUTTONS) else f"button{number}"
            return self._button(pad, name, kind == pygame.JOYBUTTONDOWN)
        if kind == pygame.CONTROLLERAXISMOTION:
            axis = getattr(event, "axis", -1)
            value = _tilt(getattr(event, "value", 0))
            if axis in CONTROLLER_TRIGGERS:
                return self._trigger(pad, CONTROLLER_TRIGGERS[axis], value)
            if axis in (pygame.CONTROLLER_AXIS_LEFTX, pygame.CONTROLLER_AXIS_LEFTY):
                return self._stick(pad, axis == pygame.CONTROLLER_AXIS_LEFTX, value)
            return []
        if kind == pygame.JOYAXISMOTION:
            axis = getattr(event, "axis", -1)
            if axis not in (0, 1):
                return []
            return self._stick(pad, axis == 0, _tilt(getattr(event, "value", 0)))
        if kind == pygame.JOYHATMOTION and getattr(event, "hat", 0) == 0:
            x, y = getattr(event, "value", (0, 0))
            direction = _direction(x, -y)  # a hat's up is +1, a stick's is -1
            return self._hold(pad, "dpad", direction)
        return []

    def _button(self, pad: Pad, name: str | None, down: bool) -> list[pygame.event.Event]:
        if name is None:
            return []
        if name in DIRECTIONS:  # the d-pad repeats while held, as the stick does
            return self._hold(pad, "dpad", name if down else None)
        return [press(pad, name)] if down else []

    def _trigger(self, pad: Pad, name: str, value: float) -> list[pygame.event.Event]:
        if value >= TRIGGER_PRESS and name not in pad.pulled:
            pad.pulled.add(name)
            return [press(pad, name)]
        if value < STICK_RELEASE:
            pad.pulled.discard(name)
        return []

    def _stick(self, pad: Pad, horizontal: bool, value: float) -> list[pygame.event.Event]:
        source = "stickx" if horizontal else "sticky"
        pointed = _direction(value, 0) if horizontal else _direction(0, value)
        if abs(value) >= STICK_PRESS:
            direction = pointed
        elif pointed == pad.held.get(source) and abs(value) >= STICK_RELEASE:
            direction = pointed  # still tilted past the release line: no change
        else:
            direction = None
        return self._hold(pad, source, direction)

    def _hold(self, pad: Pad, source: str, direction: str | None) -> list[pygame.event.Event]:
        """`source` (the d-pad or a stick axis) now points `direction` (None: nowhere): a
        new direction presses once and starts its repeat."""
        was = pad.held.get(source)
        if direction == was:
            return []
        if was is not None:
            del pad.held[source]
            if was not in pad.held.values():
                pad.repeat_in.pop(was, None)
        if direction is None:
            return []
        pad.held[source] = direction
        pad.repeat_in[direction] = REPEAT_DELAY
        return [press(pad, direction)]


def _tilt(value: object) -> float:
    """An axis value as -1..1 (controller events carry SDL's -32768..32767, joystick
    events pygame's -1..1)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return 0.0
    number = float(value)
    if abs(number) > 1.0:
        number /= 32767.0
    return max(-1.0, min(1.0, number))


def _direction(x: float, y: float) -> str | None:
    """The d-pad name of a push (y down positive); the larger component wins."""
    if x == 0 and y == 0:
        return None
    if abs(x) >= abs(y):
        return "dpright" if x > 0 else "dpleft"
    return "dpdown" if y > 0 else "dpup"
