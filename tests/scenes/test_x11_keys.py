"""Letter keys pressed for real: X11 key events from xdotool into the game's window under
Xvfb, not pygame events made by the test (issue 33's keys).

A run of the previous round pressed `n` on the title with xdotool and saw no New game. N is
the title's letter for New game in all eight languages; a key pressed into the window
arrives as SDL's KEYDOWN with the text it typed already on it (SDL sends the text as a
TEXTINPUT as well, and pygame-ce copies it onto the KEYDOWN), and the menus read their
letters from the KEYDOWN. What such a run must see to: an X server without a window manager
gives the keys to the window with the keyboard's focus, so the test waits for the window
and focuses it before it presses anything, and reads only what the game says after a key.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.processes import focus_window, xvfb

ROOT = Path(__file__).resolve().parents[2]

pytestmark = [
    pytest.mark.skipif(
        not all(shutil.which(tool) for tool in ("Xvfb", "xdotool", "xwininfo")),
        reason="needs Xvfb, xdotool and xwininfo (x11-utils)",
    ),
    pytest.mark.timeout(120),
]


class Game:
    """The child's lines as they come, and xdotool on its display."""

    def __init__(self, child: subprocess.Popen, env: dict[str, str]) -> None:
        self.child = child
        self.env = env
        self.lines: list[str] = []

    def wait_for(self, line: str, within: float = 30.0) -> None:
        """Read the child's lines until `line` comes (a new one: not one read before; the
        test's timeout bounds a hung child)."""
        deadline = time.monotonic() + within
        assert self.child.stdout is not None
        while True:
            said = self.child.stdout.readline()
            assert said, f"the game ended before {line!r}: {self.lines}"
            self.lines.append(said.strip())
            if self.lines[-1] == line:
                return
            assert time.monotonic() < deadline, f"no {line!r} in {within} s: {self.lines}"

    def press(self, key: str) -> None:
        subprocess.run(["xdotool", "key", key], env=self.env, check=True, timeout=30)


@pytest.fixture
def game(tmp_path):
    with xvfb() as display:
        env = {k: v for k, v in os.environ.items() if k not in ("SDL_VIDEODRIVER", "LANGUAGE")}
        env |= {"DISPLAY": display, "SDL_AUDIODRIVER": "dummy"}
        child = subprocess.Popen(
            [sys.executable, "-m", "tests.scenes.x11_keys_child", str(tmp_path)],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            start_new_session=True,
        )
        try:
            running = Game(child, env)
            running.wait_for("scene TitleScene")
            focus_window(env)
            yield running
        finally:
            _end(child)


def _end(child: subprocess.Popen) -> None:
    """End the game's process group, if it still runs (before its X server goes)."""
    if child.poll() is None:
        os.killpg(child.pid, 15)
        child.wait(timeout=30)


def test_letters_pressed_for_real_open_new_game_and_answer_in_german(game):
    game.press("n")
    game.wait_for("scene SetupScene")
    assert "key n 'n'" in game.lines  # the KEYDOWN carries the letter it typed
    game.press("Escape")
    game.wait_for("scene TitleScene")
    game.lines.clear()
    game.press("Escape")  # "Spiel beenden?", answered with J for Ja
    game.wait_for("scene ConfirmScene")
    game.press("j")
    game.wait_for("stopped")
    assert "key j 'j'" in game.lines
