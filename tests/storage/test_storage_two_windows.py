"""Two real game windows on one data folder (issue 30), under Xvfb, played with xdotool as a
player with two windows open plays them: profiles made and renamed in each, one made while
another program holds the records (refused, and said in the name box), the saved game
continued in both windows and finished in both, then a whole game played to the end in
each. Afterwards: each finished game is in the records once, nothing is set aside or left
unfiled, and profiles.json holds exactly the profiles the windows were told they made."""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.match.seats import Seat
from game.rules import Category, Game, GameConfig, Roll, Score
from game.storage.jsonfile import CORRUPT_MARK
from tests.heavy import HEAVY_TIMEOUT

from .conftest import STARTED, open_storage
from .test_storage_contention import held

pytestmark = [
    pytest.mark.heavy,
    pytest.mark.timeout(HEAVY_TIMEOUT),
    pytest.mark.skipif(
        not all(shutil.which(tool) for tool in ("Xvfb", "xdotool", "xwininfo", "xprop")),
        reason="needs Xvfb, xdotool and x11-utils (xwininfo, xprop)",
    ),
]

ROOT = Path(__file__).resolve().parents[2]
SHOTS = os.environ.get("YAHTZEE_TEST_SHOTS")  # a folder: screenshots of each step, to look at
WAIT = 60.0  # s for a window to appear
X_TIMEOUT = 20.0  # s for one xdotool or xwininfo call
# One key per turn, jumping to the open boxes its letter starts (the table's own keys; Shift
# where the letter has a job of its own: F fast CPU turns, S skip): all 13 boxes.
BOX_KEYS = ["o", "t", "t", "t", *["shift+f"] * 4, "shift+s", "shift+s", "l", "y", "c"]


@pytest.fixture
def display() -> Iterator[str]:
    """An Xvfb of the test's own (YAHTZEE_TEST_DISPLAY names its number; else a free one)."""
    number = os.environ.get("YAHTZEE_TEST_DISPLAY")
    read, write = os.pipe()
    args = ["Xvfb", "-screen", "0", "1280x1024x24", "-nolisten", "tcp"]
    args += [f":{number}"] if number else ["-displayfd", str(write)]
    server = subprocess.Popen(args, pass_fds=(write,), start_new_session=True)
    os.close(write)
    try:
        if number:
            name = f":{number}"
            time.sleep(1.0)
        else:
            with os.fdopen(read, closefd=True) as pipe:
                name = f":{pipe.readline().strip()}"
        yield name
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)


class Window:
    """One copy of the game in a real window, and the keys a player presses in it."""

    def __init__(self, display: str, data_dir: Path, name: str) -> None:
        self.display, self.name = display, name
        env = {
            **os.environ,
            "DISPLAY": display,
            "SDL_AUDIODRIVER": "dummy",
            "YAHTZEE_SPEECH": "off",
        }
        env.pop("SDL_VIDEODRIVER", None)
        self.log = data_dir.parent / f"{name}.log"
        with open(self.log, "wb") as out:
            self.proc = subprocess.Popen(
                [sys.executable, str(ROOT / "main.py"), "--data-dir", str(data_dir)]
                + ["--size", "800x600", "--windowed"],
                cwd=data_dir.parent,
                env=env,
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        self.id = self._find()
        self.shots = 0

    def _x(self, *args: str) -> str:
        done = subprocess.run(
            args,
            env={**os.environ, "DISPLAY": self.display},
            capture_output=True,
            text=True,
            timeout=X_TIMEOUT,
        )
        return done.stdout

    def _find(self) -> str:
        end = time.monotonic() + WAIT
        while time.monotonic() < end:
            assert self.proc.poll() is None, self.log.read_text()
            tree = self._x("xwininfo", "-root", "-children")
            for wid in re.findall(r"^\s+(0x[0-9a-f]+) \"Yahtzee Table\"", tree, re.M):
                if f"= {self.proc.pid}" in self._x("xprop", "-id", wid, "_NET_WM_PID"):
                    time.sleep(1.0)  # its first frames
                    return wid
            time.sleep(0.2)
        raise AssertionError(f"no window for {self.name}")

    def keys(self, *keys: str, pause: float = 0.35) -> None:
        for key in keys:
            self._x("xdotool", "windowraise", self.id, "windowfocus", self.id)
            self._x("xdotool", "key", "--clearmodifiers", key)
            time.sleep(pause)
        self.shot()

    def type(self, text: str) -> None:
        self._x("xdotool", "windowraise", self.id, "windowfocus", self.id)
        self._x("xdotool", "type", "--delay", "60", text)
        time.sleep(0.3)
        self.shot()

    def shot(self) -> None:
        if SHOTS and shutil.which("import"):
            self.shots += 1
            out = Path(SHOTS) / f"{self.name}-{self.shots:03d}.png"
            self._x("import", "-window", self.id, str(out))

    def close(self) -> None:
        """As a desktop closes a window at log-out: SIGTERM (the window's close), then the
        whole process group killed if it is still there (all was saved as it was played)."""
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.proc.wait(timeout=10)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=30)


def saved_last_turn(data_dir: Path) -> None:
    """Petra's solitaire, saved before the roll of its last turn (Yahtzee left open)."""
    storage = open_storage(data_dir)
    storage.create_profile("Petra")
    game = Game.new(GameConfig(("Petra",)), 11)
    while True:
        game.apply(Roll())
        rest = {c: p for c, p in game.state.score_options().items() if c != Category.YAHTZEE}
        game.apply(Score(max(rest, key=lambda c: (rest[c], -c.value))))
        if len(rest) == 1:
            break
    assert storage.save_game(game, [Seat("Petra", profile="Petra")], (), STARTED)
    storage.close()


def last_turn(window: Window) -> None:
    """Roll, score the one box left (its zero confirmed, if it is one)."""
    window.keys("space", pause=2.5)
    window.keys("y", "Return", pause=0.8)
    window.keys("y", pause=2.0)


def whole_game(one: Window, two: Window) -> None:
    """Play again in both windows, and a whole solitaire in each, turn about."""
    for window in (one, two):
        window.keys("p", pause=2.0)
    for key in BOX_KEYS:
        for window in (one, two):
            window.keys("space", pause=2.2)
            window.keys(key, "Return", pause=0.8)
            window.keys("y", pause=0.6)  # a zero is asked about; else only a focus move
    time.sleep(3.0)


def test_two_real_windows_on_one_folder_lose_nothing(tmp_path, display):
    data_dir = tmp_path / "data"
    saved_last_turn(data_dir)
    windows: list[Window] = []
    try:
        one = Window(display, data_dir, "one")
        windows.append(one)
        two = Window(display, data_dir, "two")
        windows.append(two)
        # Profiles in both windows (Statistics, N, a name, Enter; Esc back to the title).
        one.keys("t", "n")
        one.type("Ann")
        one.keys("Return", "Escape")
        two.keys("t", "n")
        two.type("Bob")
        two.keys("Return")
        with held(data_dir / "records.sqlite3"):  # another program holds the records
            one.keys("t", "n")
            one.type("Cara")
            one.keys("Return", pause=6.0)  # refused, after the copy waited its time
            one.keys("Escape", "Escape")
        two.keys("r")  # rename Bob, selected since he was made
        two.keys(*["BackSpace"] * 3)
        two.type("Bobby")
        two.keys("Return", "Escape")
        # The saved game, continued in both windows, finished in one, then in the other.
        one.keys("c", pause=2.0)
        two.keys("c", pause=2.0)
        last_turn(one)
        last_turn(two)
        whole_game(one, two)
        for window in windows:
            assert window.proc.poll() is None, window.log.read_text()
    finally:
        for window in windows:
            window.close()

    storage = open_storage(data_dir)
    marks = [summary.id[-12:] for summary in storage.list_history()]
    assert storage.file_unfiled() == 0 and storage.problems == []
    assert len(marks) == 3 and len(set(marks)) == 3  # the continued game once, two new ones
    assert sorted(p.name for p in storage.list_profiles()) == ["Ann", "Bobby", "Petra"]
    assert storage.profile_stats("Petra", "american").games == 3
    storage.close()
    with sqlite3.connect(data_dir / "records.sqlite3") as con:
        assert con.execute("SELECT count(*) FROM set_aside").fetchone()[0] == 0
    con.close()
    assert [p.name for p in data_dir.rglob("*") if CORRUPT_MARK in p.name] == []
    assert not (data_dir / "current.json").exists()
