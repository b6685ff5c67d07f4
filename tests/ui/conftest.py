"""Headless widgets: SDL's dummy drivers, set before anything imports pygame."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # (after the drivers are set)
import pytest


@pytest.fixture
def display() -> None:
    """A window for pygame to draw with (a test module asks for it: `usefixtures`)."""
    pygame.init()
    pygame.display.set_mode((8, 8))
