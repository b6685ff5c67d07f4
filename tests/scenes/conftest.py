"""Headless scenes: SDL's dummy drivers (set before anything imports pygame), a real Context
over a throwaway data folder, and a 1280x800 dummy display."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402  (the drivers above must be chosen first)
import pytest  # noqa: E402

SIZE = (1280, 800)


class QuietSound:
    """Records what would have played; the tests have no sound device."""

    def __init__(self) -> None:
        self.played: list[str] = []

    def play(self, name: str, volume: float = 1.0) -> None:
        self.played.append(name)

    def set_volume(self, volume: float) -> None:
        pass


class StandInStorage:
    """Enough of game.storage.Storage for the menus, for when the real one is not there."""

    def __init__(self, folder) -> None:
        from game.storage.settings import Settings

        self.folder = folder
        self.settings = Settings()
        self.problems: list[str] = []
        self.current: dict | None = None

    def take_problems(self) -> list[str]:
        taken, self.problems[:] = list(self.problems), []
        return taken

    def has_current(self) -> bool:
        return self.current is not None

    def load_current(self) -> dict | None:
        return self.current

    def save_session(self, session) -> bool:
        self.current = session.to_record()
        return True

    def save_settings(self, settings) -> bool:
        self.settings = settings
        return True

    def list_profiles(self) -> list:
        return []


def make_storage(folder):
    import game.storage

    storage_class = getattr(game.storage, "Storage", None)
    if storage_class is None:
        return StandInStorage(folder)
    return storage_class(folder, environ={})


@pytest.fixture
def ctx(tmp_path):
    from game.context import Context
    from game.scenes.base import SceneStack

    pygame.init()
    pygame.display.set_mode(SIZE)
    storage = make_storage(tmp_path)
    stack = SceneStack()
    stack.layout(SIZE)
    context = Context(storage, storage.settings, stack, QuietSound())
    yield context
    for scene in reversed(stack.scenes):  # let a table stop any CPU thread it started
        scene.exit()
