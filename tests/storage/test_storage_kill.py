"""The kill test: SIGKILL a player that saves after every action, 25 times, and check that
nothing said to be saved is ever lost, nothing on disk is ever damaged, and the game ends
exactly as it does when nobody interrupts it."""

from __future__ import annotations

import os
import random
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.storage import selfplay
from game.storage.jsonfile import CORRUPT_MARK, TEMP_MARK

from .conftest import open_storage

pytestmark = pytest.mark.skipif(
    sys.platform == "win32", reason="needs SIGKILL and select() on pipes"
)

SEED = 5
GAMES = 3  # a three-game match: about 260 actions, plenty for 25 kills
KILLS = 25
READ_TIMEOUT = 20.0  # s: a child this silent is stuck; fail instead of hanging
ROOT = Path(__file__).resolve().parents[2]


class Child:
    """The selfplay process, its stdout read line by line without ever blocking forever."""

    def __init__(self, data_dir: Path) -> None:
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "game.storage.selfplay",
                "--data-dir",
                str(data_dir),
                "--seed",
                str(SEED),
                "--games",
                str(GAMES),
                "--delay-ms",
                "1",
            ],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        self._buffer = b""
        self.lines: list[str] = []

    def read_line(self) -> str | None:
        """The next line, or None at end of output."""
        fd = self.proc.stdout.fileno()
        while b"\n" not in self._buffer:
            ready, _, _ = select.select([fd], [], [], READ_TIMEOUT)
            assert ready, "the selfplay child went silent"
            chunk = os.read(fd, 65536)
            if not chunk:
                return None
            self._buffer += chunk
        line, self._buffer = self._buffer.split(b"\n", 1)
        text = line.decode()
        self.lines.append(text)
        return text

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=READ_TIMEOUT)
        while self.read_line() is not None:  # what it printed before dying counts as said
            pass
        self.proc.stdout.close()
        self.proc.stderr.close()


def last_saved(lines: list[str]) -> int | None:
    saved = [int(line.split()[1]) for line in lines if line.startswith("saved ")]
    return saved[-1] if saved else None


def check_disk(data_dir: Path, clean_log: list, printed: int | None) -> str:
    """What a restart sees; returns "finished" or "playing". Asserts everything on the way."""
    storage = open_storage(data_dir)  # also sweeps temp files left by the killed writer
    record = storage.load_current()
    history = storage.list_history()
    assert storage.problems == []
    leftovers = [
        p.name for p in data_dir.rglob("*") if TEMP_MARK in p.name or CORRUPT_MARK in p.name
    ]
    assert leftovers == []
    if history:
        assert len(history) == 1
        return "finished"
    if record is None:
        assert printed is None, f"action {printed} was reported saved but no game is on disk"
        return "playing"
    log = record["game"]["log"]
    # Nothing reported saved is lost; at most the action in flight was saved unreported.
    if printed is not None:
        assert len(log) >= printed + 1
        assert len(log) <= printed + 2
    else:
        assert len(log) <= 1
    # The saved game is exactly the uninterrupted game, cut short.
    assert log == clean_log[: len(log)]
    return "playing"


def test_killed_again_and_again_the_game_ends_as_if_never_interrupted(tmp_path):
    clean = selfplay.play_through(SEED, GAMES)
    clean_log = clean.to_dict()["log"]
    assert len(clean_log) > 200

    data_dir = tmp_path / "data"
    rng = random.Random(20261122)
    printed: int | None = None
    kills = 0
    while kills < KILLS:
        child = Child(data_dir)
        start = child.read_line()
        assert start is not None and start.startswith("start ")
        assert start.split()[2] == "0", "the restart reported storage problems"
        # Kill after a seeded number of saves, a seeded fraction of a millisecond or three
        # later, so the kill lands anywhere: mid-write, mid-fsync, mid-sleep.
        for _ in range(rng.randint(0, 8)):
            if child.read_line() is None:
                break
        time.sleep(rng.random() * 0.003)
        child.kill()
        kills += 1
        printed = last_saved(child.lines) if last_saved(child.lines) is not None else printed
        assert not any(line.startswith("finished") for line in child.lines), "game too short"
        assert check_disk(data_dir, clean_log, printed) == "playing"

    child = Child(data_dir)
    assert child.proc.wait(timeout=60) == 0, child.proc.stderr.read().decode()
    while child.read_line() is not None:
        pass
    child.proc.stdout.close()
    child.proc.stderr.close()
    assert child.lines[0].split()[2] == "0"
    finished = child.lines[-1].split()
    assert finished[0] == "finished"
    assert [int(t) for t in finished[2:]] == list(clean.state.match_totals())
    assert check_disk(data_dir, clean_log, None) == "finished"

    storage = open_storage(data_dir)
    assert storage.load_current() is None
    log = storage.load_log(finished[1])
    assert log.game.state == clean.state
    assert log.game.log == clean.log
    assert log.totals == clean.state.match_totals()
    assert storage.profile_stats("Ann").games == GAMES  # filed once, whatever the kills
    assert storage.profile_stats("CPU Medium").games == GAMES
    assert storage.problems == []
