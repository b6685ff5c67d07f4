"""A monkey at the keyboard and two game pads: 20,000 seeded random events (clicks anywhere,
keys, pad buttons and sticks, pads plugged in and out, resizes) through the real app and
every scene, with time stepping. Nothing may raise, and the rules state must stay consistent
(it round-trips through validation and replays from its log)."""

from __future__ import annotations

import random

import pygame
import pytest

from game.app import App
from game.rules import Game, state_from_dict, state_to_dict
from game.storage import Storage
from game.ui.pads import OpenedPad, Pads
from tests.driver import click, hover, key, typed, wheel
from tests.heavy import HEAVY_TIMEOUT

EVENTS = 20_000
KEYS = [
    pygame.K_SPACE,
    pygame.K_RETURN,
    pygame.K_ESCAPE,
    pygame.K_TAB,
    pygame.K_UP,
    pygame.K_DOWN,
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_1,
    pygame.K_2,
    pygame.K_3,
    pygame.K_4,
    pygame.K_5,
    pygame.K_h,
    pygame.K_z,
    pygame.K_s,
    pygame.K_f,
    pygame.K_k,
    pygame.K_y,
    pygame.K_n,
    pygame.K_p,
    pygame.K_n,
    pygame.K_c,
    pygame.K_BACKSPACE,
    pygame.K_F1,
    pygame.K_a,
    pygame.K_PAGEDOWN,
    pygame.K_PAGEUP,
    pygame.K_HOME,
    pygame.K_DELETE,
]
# A and X (which may roll: the costliest thing a press does) once each, like Space and Enter.
PAD_BUTTONS = [
    pygame.CONTROLLER_BUTTON_A,
    pygame.CONTROLLER_BUTTON_B,
    pygame.CONTROLLER_BUTTON_X,
    pygame.CONTROLLER_BUTTON_Y,
    pygame.CONTROLLER_BUTTON_BACK,
    pygame.CONTROLLER_BUTTON_START,
    pygame.CONTROLLER_BUTTON_LEFTSHOULDER,
    pygame.CONTROLLER_BUTTON_RIGHTSHOULDER,
    pygame.CONTROLLER_BUTTON_DPAD_UP,
    pygame.CONTROLLER_BUTTON_DPAD_DOWN,
    pygame.CONTROLLER_BUTTON_DPAD_LEFT,
    pygame.CONTROLLER_BUTTON_DPAD_RIGHT,
]
PAD_AXES = [
    pygame.CONTROLLER_AXIS_LEFTX,
    pygame.CONTROLLER_AXIS_LEFTY,
    pygame.CONTROLLER_AXIS_TRIGGERRIGHT,
]
PAD_NAMES = ("Xbox 360 Controller", "PS5 Controller", "Nintendo Switch Pro Controller")
SIZES = [(640, 480), (800, 600), (1280, 800), (700, 1100), (1920, 1080), (1000, 562), (400, 260)]


def random_event(rng: random.Random, size, pads: PadMonkey) -> pygame.event.Event:
    roll = rng.random()
    w, h = size
    pos = (rng.randrange(w), rng.randrange(h))
    if roll < 0.35:
        return click(pos, rng.choice((1, 1, 1, 3)))
    if roll < 0.45:
        return hover(pos)
    if roll < 0.48:
        return wheel(rng.choice((-1, 1)))
    if roll < 0.52:
        return typed(rng.choice("abcXYZ 09!"))
    if roll < 0.62:
        return pads.event(rng)
    mod = (
        pygame.KMOD_CTRL
        if rng.random() < 0.08
        else (pygame.KMOD_SHIFT if rng.random() < 0.05 else 0)
    )
    code = rng.choice(KEYS)
    return key(code, "", mod)  # no text typed: the keys' own jobs


class PadMonkey:
    """Two made-up pads (device indices 0 and 1) in a monkey's hands: mostly buttons, some
    stick and trigger (a button let go is one held down and a stick comes back to centre, so
    a direction is held for a while, not for ever), now and then one unplugged or plugged in
    again. SDL gives a pad
    plugged in again a new instance id; the made-up opener follows: index + 100 * times."""

    def __init__(self) -> None:
        self.plugs = [0, 0]  # times each pad was unplugged
        self.down: list[list[int]] = [[], []]  # buttons held on each pad
        self.tilted: list[list[int]] = [[], []]  # axes pushed off centre on each pad

    def open(self, index: int, announced_as: str) -> OpenedPad:
        return OpenedPad(index + 100 * self.plugs[index], PAD_NAMES[index], "controller")

    def event(self, rng: random.Random) -> pygame.event.Event:
        index = rng.randrange(2)
        instance_id = index + 100 * self.plugs[index]
        down, tilted = self.down[index], self.tilted[index]
        roll = rng.random()
        if tilted and roll < 0.5:  # the stick or trigger let go
            axis = tilted.pop()
            return pygame.event.Event(
                pygame.CONTROLLERAXISMOTION, instance_id=instance_id, axis=axis, value=0
            )
        if roll < 0.03:
            self.plugs[index] += 1
            down.clear()
            tilted.clear()
            kind = rng.choice((pygame.CONTROLLERDEVICEREMOVED, pygame.JOYDEVICEREMOVED))
            return pygame.event.Event(kind, instance_id=instance_id)
        if roll < 0.06:
            return pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=index)
        if roll < 0.75:
            if down and rng.random() < 0.5:
                kind, button = pygame.CONTROLLERBUTTONUP, down.pop(rng.randrange(len(down)))
            else:
                kind, button = pygame.CONTROLLERBUTTONDOWN, rng.choice(PAD_BUTTONS)
                down.append(button)
            return pygame.event.Event(kind, instance_id=instance_id, button=button)
        axis = rng.choice(PAD_AXES)
        tilted.append(axis)
        value = rng.choice((-32768, -20000, -5000, 5000, 20000, 32767))
        return pygame.event.Event(
            pygame.CONTROLLERAXISMOTION, instance_id=instance_id, axis=axis, value=value
        )


def check_rules_state(app: App) -> None:
    for scene in app.stack.scenes:
        session = getattr(scene, "session", None)
        if session is None:
            continue
        state = session.game.state
        assert state_from_dict(state_to_dict(state)) == state


@pytest.mark.heavy
@pytest.mark.timeout(HEAVY_TIMEOUT)
def test_twenty_thousand_random_events_never_break_the_game(tmp_path):
    rng = random.Random(20261122)
    pads = PadMonkey()
    app = App(
        Storage(tmp_path, environ={}),
        size=(1280, 800),
        fullscreen=False,
        pads=Pads(pads.open),
    )
    app.start()
    for index in (0, 1):
        app.handle(pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=index))
    sessions = set()
    for i in range(EVENTS):
        size = app.screen.get_size()
        if rng.random() < 0.004:
            new = rng.choice(SIZES)
            app.screen = pygame.display.set_mode(new, pygame.RESIZABLE)
            app.handle(pygame.event.Event(pygame.VIDEORESIZE, size=new, w=new[0], h=new[1]))
        else:
            app.handle(random_event(rng, size, pads))
        app.step(rng.choice((0.0, 1 / 60, 1 / 30, 0.05)))
        if not app.stack.scenes:  # quit from the title: start again, as a player would
            app.start()
        if i % 10 == 0:
            app.draw()
            check_rules_state(app)
        for scene in app.stack.scenes:
            if getattr(scene, "session", None) is not None:
                sessions.add(scene.session)
            pending = getattr(scene, "cpu_future", None)
            if pending is not None:
                pending.result(timeout=30)  # real time for the CPU's thread, as a player has
    assert sessions, "the monkey never reached the table"
    assert sum(len(s.game.log) for s in sessions) > 200  # it played, not just looked
    for session in sessions:
        game = session.game
        again = Game.replay(game.config, game.start_rng, list(game.log))
        assert again.state == game.state
    for scene in app.stack.scenes:
        scene.exit()
