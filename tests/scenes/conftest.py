"""Headless scenes: SDL's dummy drivers (set before anything imports pygame), a real Context
over a throwaway data folder, and a 1280x800 dummy display."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# No real voice in the tests, whatever a test sets speech to (game.speech.backends).
os.environ["YAHTZEE_SPEECH"] = "off"

import pygame
import pytest

SIZE = (1280, 800)


class QuietSound:
    """Records what would have played; the tests have no sound device."""

    def __init__(self) -> None:
        self.played: list[str] = []

    def play(self, name: str, volume: float = 1.0) -> None:
        self.played.append(name)

    def set_volume(self, volume: float) -> None:
        pass


@pytest.fixture
def ctx(tmp_path):
    from game.scenes.context import Context
    from game.scenes.router import Router
    from game.scenes.stack import SceneStack
    from game.storage import Storage

    pygame.init()
    pygame.display.set_mode(SIZE)
    storage = Storage(tmp_path, environ={})
    stack = SceneStack()
    stack.layout(SIZE)
    context = Context(storage, storage.settings, stack, QuietSound())
    context.nav = Router(context)
    yield context
    for scene in reversed(stack.scenes):  # let a table stop any CPU thread it started
        scene.exit()


@pytest.fixture
def app(tmp_path):
    """The real App, started over a throwaway data folder in a 1280x800 window."""
    from game.app import App
    from game.storage import Storage

    pygame.init()
    app = App(Storage(tmp_path, environ={}), size=SIZE, fullscreen=False)
    app.start()
    yield app
    for scene in reversed(app.stack.scenes):
        scene.exit()


@pytest.fixture
def fast_app(tmp_path):
    """Makes the real App at a window size, its CPUs at the fast pace, over a throwaway data
    folder (not started: the test opens its table); its scenes are closed at the end."""
    from game.app import App
    from game.storage import Storage

    made: list[App] = []

    def make(size: tuple[int, int]) -> App:
        pygame.init()
        app = App(Storage(tmp_path, environ={}), size=size, fullscreen=False)
        app.ctx.settings = app.ctx.settings.replace(cpu_pace="fast")
        made.append(app)
        return app

    yield make
    for app in made:
        for scene in reversed(app.stack.scenes):
            scene.exit()


@pytest.fixture
def ears(ctx):
    """The speech of `ctx`, recorded and listened to (tests/scenes/ears.py)."""
    from tests.scenes.ears import Ears

    return Ears(ctx)
