"""The kill tests: SIGKILL a player that saves after every action, 25 times, and check that
nothing said to be saved is ever lost, nothing on disk is ever damaged, and the game ends
exactly as it does when nobody interrupts it; then kill one that files game after game into
the records database, often while it files, and check that each game is filed exactly once,
with its statistics and high scores, or not at all."""

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

from game.storage.jsonfile import CORRUPT_MARK, TEMP_MARK
from tests.heavy import HEAVY_TIMEOUT

from . import selfplay
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

    def __init__(self, data_dir: Path, *options: str) -> None:
        options = options or ("--games", str(GAMES), "--delay-ms", "1")
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "tests.storage.selfplay",
                "--data-dir",
                str(data_dir),
                "--seed",
                str(SEED),
                *options,
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
    log = record.game.to_dict()["log"]
    # Nothing reported saved is lost; at most the action in flight was saved unreported.
    if printed is not None:
        assert len(log) >= printed + 1
        assert len(log) <= printed + 2
    else:
        assert len(log) <= 1
    # The saved game is exactly the uninterrupted game, cut short.
    assert log == clean_log[: len(log)]
    return "playing"


@pytest.mark.heavy
@pytest.mark.timeout(HEAVY_TIMEOUT)
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
    assert storage.profile_stats("Ann", "american").games == GAMES  # filed once, whatever the kills
    assert storage.profile_stats("CPU Medium", "american").games == GAMES
    assert storage.problems == []


# ----------------------------------------------------------------------------- filing
MATCHES = 8
FILING_KILLS = 12


def check_records(data_dir: Path, fingerprints: list[str], known: set[str]) -> set[str]:
    """What a restart sees of the filed games: their ids. Asserts they are a prefix of the
    games played, each once, with its statistics and high scores (one transaction), that
    every game `known` filed (reported, or seen by an earlier check) is there, and that at
    most one more (the one being filed at the kill) is."""
    storage = open_storage(data_dir)
    history = storage.list_history()
    assert storage.problems == []
    leftovers = [
        p.name for p in data_dir.rglob("*") if TEMP_MARK in p.name or CORRUPT_MARK in p.name
    ]
    assert leftovers == []
    filed = len(history)
    ids = {s.id for s in history}
    assert known <= ids and len(ids - known) <= 1
    assert sorted(s.id[-12:] for s in history) == sorted(fingerprints[:filed])
    assert storage.profile_stats("Ann", "american").games == filed
    assert storage.profile_stats("CPU Medium", "american").games == filed
    board = {h.history_id for h in storage.high_scores("official", 1)}
    assert board == {s.id for s in history}  # Ann's score of every filed game, no other
    storage.close()
    return ids


@pytest.mark.heavy
@pytest.mark.timeout(HEAVY_TIMEOUT)
def test_killed_while_filing_each_game_is_filed_exactly_once(tmp_path):
    from game.storage.history import fingerprint

    games = [selfplay.play_through(selfplay.match_seed(SEED, k)) for k in range(MATCHES)]
    fingerprints = [fingerprint(game) for game in games]
    data_dir = tmp_path / "data"
    rng = random.Random(16)
    kills = 0
    known: set[str] = set()
    unreported = 0  # kills after which the game being filed was there, unreported
    while kills < FILING_KILLS:
        child = Child(data_dir, "--matches", str(MATCHES))
        start = child.read_line()
        assert start is not None and start.split()[2] == "0", child.lines
        # Most kills land while a game is being filed: a seeded moment after "filing".
        target = "filing" if rng.random() < 0.75 else "saved"
        line = child.read_line()
        while line is not None and not line.startswith(target):
            line = child.read_line()
        time.sleep(rng.random() * 0.004)
        child.kill()
        kills += 1
        reported = {line.split()[1] for line in child.lines if line.startswith("finished")}
        ids = check_records(data_dir, fingerprints, known | reported)
        unreported += len(ids - known - reported)
        known = ids
        if len(known) == MATCHES:
            break

    print(f"kills {kills}, games filed but not reported {unreported}")
    child = Child(data_dir, "--matches", str(MATCHES))
    assert child.proc.wait(timeout=60) == 0, child.proc.stderr.read().decode()
    while child.read_line() is not None:
        pass
    child.proc.stdout.close()
    child.proc.stderr.close()
    reported = {line.split()[1] for line in child.lines if line.startswith("finished")}
    assert len(check_records(data_dir, fingerprints, known | reported)) == MATCHES
    storage = open_storage(data_dir)
    assert storage.load_current() is None
    for summary in storage.list_history():
        played = storage.load_log(summary.id)
        assert played.game.log == games[fingerprints.index(summary.id[-12:])].log
