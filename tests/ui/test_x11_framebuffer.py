"""How the window is shown on X11 (game.ui.display.show_from_memory): from X11's shared
memory, only what a frame drew, never through an OpenGL texture, which on a machine that
does OpenGL on the processor took 35-45 ms to show each 4K frame.

The real check opens the game's own window (game.app.App) on an Xvfb server, whose OpenGL
is Mesa's on the processor, and asks SDL whether the window has a renderer behind its
surface (a texture framebuffer has one). The same window opened with the player's own hint
asking for the texture shows that the check sees one when it is there.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from game.ui import display
from game.ui.display import FRAMEBUFFER_HINT, show_from_memory
from tests.processes import xvfb

ROOT = Path(__file__).resolve().parents[2]

CHILD = """
import json, sys, warnings
from pathlib import Path
from game.app import App
from game.storage import Storage
app = App(Storage(Path(sys.argv[1]), environ={}), size=(800, 600), fullscreen=False)
import os, pygame
from pygame._sdl2.sdl2 import error as SdlError
from pygame._sdl2.video import Renderer, Window
with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)
    window = Window.from_display_module()
try:
    Renderer.from_window(window)
    texture = True
except SdlError:  # no renderer behind the window
    texture = False
print(json.dumps({"driver": pygame.display.get_driver(), "hint": os.environ.get(sys.argv[2]),
                  "texture": texture}))
app.shutdown()
"""


@pytest.mark.parametrize(
    ("driver", "before", "after", "asked"),
    [
        ("x11", None, "0", True),
        ("x11", "1", "1", False),  # the player's own choice is kept
        ("wayland", None, None, False),  # (SDL's Wayland driver has no other way to show it)
        ("dummy", None, None, False),
    ],
)
def test_only_x11_is_asked_and_a_players_hint_is_kept(monkeypatch, driver, before, after, asked):
    monkeypatch.setattr(display.pygame.display, "get_driver", lambda: driver)
    environ = {} if before is None else {FRAMEBUFFER_HINT: before}
    assert show_from_memory(environ) is asked
    assert environ.get(FRAMEBUFFER_HINT) == after


def _window(tmp_path: Path, hint: str | None) -> dict[str, object]:
    """The game's window opened on a new Xvfb server: its driver, the hint, and whether a
    texture framebuffer shows it."""
    with xvfb() as x_display:
        env = {
            k: v for k, v in os.environ.items() if k not in ("SDL_VIDEODRIVER", FRAMEBUFFER_HINT)
        }
        env |= {"DISPLAY": x_display, "SDL_AUDIODRIVER": "dummy"}
        if hint is not None:
            env[FRAMEBUFFER_HINT] = hint
        data = tmp_path / f"data-{hint}"
        done = subprocess.run(
            [sys.executable, "-c", CHILD, str(data), FRAMEBUFFER_HINT],
            cwd=ROOT, env=env, capture_output=True, text=True, timeout=60, check=True,
        )  # fmt: skip
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.mark.skipif(not shutil.which("Xvfb"), reason="needs Xvfb")
@pytest.mark.timeout(120)
def test_the_games_window_on_x11_is_shown_from_shared_memory(tmp_path):
    shown = _window(tmp_path, None)
    assert shown == {"driver": "x11", "hint": "0", "texture": False}
    asked = _window(tmp_path, "1")  # a player who asks for the texture gets it
    if not asked["texture"]:
        pytest.skip("no OpenGL on this X server: SDL could not use a texture here anyway")
    assert asked == {"driver": "x11", "hint": "1", "texture": True}
