"""Three copies of the game on one data folder (issue 30, N1 and N2): real processes make,
rename and delete profiles and file finished games as fast as they can, for rounds of about
20 seconds, each copy started again and again and some of its lives ended by SIGKILL.

After each round: every game a copy was told is filed (or kept to be filed) is in the live
records exactly once, nothing is set aside, no copy was told of damage, and profiles.json
holds exactly the profiles the copies left (a copy only touches its own, so each copy's are
followed from what it was told)."""

from __future__ import annotations

import random
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from game.storage.jsonfile import CORRUPT_MARK
from tests.heavy import HEAVY_TIMEOUT

from .conftest import open_storage

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs SIGKILL")

ROOT = Path(__file__).resolve().parents[2]
COPIES = 3
ROUNDS = 3
ROUND_SECONDS = 20.0
LIFE_SECONDS = (1.0, 5.0)  # each life of a copy runs this long, unless killed first
KILLED = 0.3  # the share of lives ended by SIGKILL at a random moment
WAIT = 30.0  # s: a life that has not ended this long after its time is stuck
HELD = 4.5  # s another program (a backup, a virus scanner) holds the records: past two tries
HELD_EVERY = (3.0, 6.0)  # s between two holds


class Life:
    """One process of one copy, its output gathered by a thread (it never blocks the test)."""

    def __init__(self, data_dir: Path, copy: int, life: int, seconds: float) -> None:
        self.copy, self.life = copy, life
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "tests.storage.crowd",
                "--data-dir",
                str(data_dir),
                "--copy",
                str(copy),
                "--life",
                str(life),
                "--seconds",
                str(seconds),
            ],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        self.lines: list[str] = []
        self.errors = ""
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.proc.stdout is not None and self.proc.stderr is not None
        for line in self.proc.stdout:
            self.lines.append(line.rstrip("\n"))
        self.errors = self.proc.stderr.read()

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)

    def finish(self) -> int:
        code = self.proc.wait(timeout=WAIT)
        self._reader.join(timeout=WAIT)
        return code


@dataclass
class Told:
    """What the copies were told, gathered over a round."""

    tried: set[str] = field(default_factory=set)  # fingerprints of games given to file
    kept: list[str] = field(default_factory=list)  # filed, or kept on disk to be filed
    waited: int = 0  # of those, kept to be filed later (the records were held)
    lost: list[str] = field(default_factory=list)
    damage: list[str] = field(default_factory=list)  # problems that speak of damage
    lives: int = 0
    killed: int = 0
    profile_steps: int = 0
    refused: int = 0
    held: int = 0  # times another program held the records past the copies' patience


def follow_profiles(lives: list[Life], told: Told) -> tuple[set[str], set[str]]:
    """One copy's own profiles after its lives, as it was told: (surely there, and the one
    change a kill left unanswered, applied: either may be on disk). Each life's start line
    must show what the lives before it left."""
    have: set[str] = set()
    maybe = set(have)
    for life in lives:
        start = next((line for line in life.lines if line.startswith("start")), None)
        if start is None:
            continue  # killed while it started: it changed no profile
        found = set(start.split()[1:])
        assert found in (have, maybe), (
            f"copy {life.copy} life {life.life} found {sorted(found)}, "
            f"was told {sorted(have)} (or {sorted(maybe)})"
        )
        have = found
        maybe = set(have)
        pending: list[str] | None = None
        for line in life.lines:
            word, *rest = line.split()
            if word == "try" and rest[0] in ("create", "rename", "delete"):
                pending = rest
            elif word in ("created", "renamed", "deleted", "refused"):
                if word != "refused":
                    told.profile_steps += 1
                    have = apply_step(have, pending)
                else:
                    told.refused += 1
                pending = None
            elif word == "try":
                pending = None
        maybe = have if pending is None else apply_step(have, pending)
    return have, maybe


def apply_step(names: set[str], step: list[str] | None) -> set[str]:
    assert step is not None
    what, *args = step
    if what == "create":
        return names | {args[0]}
    if what == "rename":
        return (names - {args[0]}) | {args[1]}
    return names - {args[0]}


def gather_games(life: Life, told: Told) -> None:
    for line in life.lines:
        word, _, rest = line.partition(" ")
        if word == "try" and rest.startswith("file "):
            told.tried.add(rest.split()[1])
        elif word in ("filed", "kept"):
            told.kept.append(rest)
            told.waited += word == "kept"
        elif word == "lost":
            told.lost.append(rest)
        elif word == "problem" and ("damage" in rest or "malformed" in rest):
            told.damage.append(rest)


def hold_the_records(records: Path, rng: random.Random, stop: threading.Event) -> int:
    """Another program holds the records' write lock for HELD seconds now and then, longer
    than a copy waits for it: each copy must then refuse or keep its change, never make it
    from what it last read. Returns how often it held them."""
    held = 0
    while not stop.wait(rng.uniform(*HELD_EVERY)):
        try:
            con = sqlite3.connect(records, timeout=5.0, isolation_level=None)
            try:
                con.execute("BEGIN EXCLUSIVE")
                held += 1
                stop.wait(HELD)
                con.execute("ROLLBACK")
            finally:
                con.close()
        except sqlite3.Error:
            continue  # not there yet, or busy: the next time
    return held


def run_round(data_dir: Path, rng: random.Random) -> tuple[Told, dict[int, list[Life]]]:
    """Three copies for ROUND_SECONDS, each started again as soon as a life ends, while
    another program holds the records now and then."""
    told = Told()
    stop = threading.Event()
    holder = threading.Thread(
        target=lambda: setattr(
            told, "held", hold_the_records(data_dir / "records.sqlite3", rng, stop)
        ),
        daemon=True,
    )
    holder.start()
    lives: dict[int, list[Life]] = {copy: [] for copy in range(COPIES)}
    kill_at: dict[int, float | None] = {}
    end = time.monotonic() + ROUND_SECONDS
    while True:
        now = time.monotonic()
        for copy in range(COPIES):
            current = lives[copy][-1] if lives[copy] else None
            if current is not None and current.proc.poll() is None:
                due = kill_at[copy]
                if due is not None and now >= due:
                    current.kill()
                    told.killed += 1
                    kill_at[copy] = None
                continue
            if current is not None:
                current.finish()
            if now >= end:
                continue
            seconds = rng.uniform(*LIFE_SECONDS)
            lives[copy].append(Life(data_dir, copy, len(lives[copy]), seconds))
            told.lives += 1
            # Killed at a random moment of its life (start-up included), or left to end.
            kill_at[copy] = now + rng.uniform(0.05, seconds) if rng.random() < KILLED else None
        if now >= end and all(life.proc.poll() is not None for ls in lives.values() for life in ls):
            break
        time.sleep(0.02)
    stop.set()
    holder.join(timeout=WAIT)
    for copy_lives in lives.values():
        for life in copy_lives:
            code = life.finish()
            assert code in (0, -signal.SIGKILL), f"copy {life.copy} exited {code}: {life.errors}"
            gather_games(life, told)
    return told, lives


@pytest.mark.heavy
@pytest.mark.timeout(HEAVY_TIMEOUT)
@pytest.mark.parametrize("round_number", range(ROUNDS))
def test_three_copies_on_one_folder_lose_nothing(tmp_path, round_number):
    data_dir = tmp_path / "data"
    told, lives = run_round(data_dir, random.Random(f"crowd/{round_number}"))

    storage = open_storage(data_dir)  # a fifth start, after all: it files what was kept
    left = storage.file_unfiled()
    marks = [summary.id[-12:] for summary in storage.list_history()]
    on_disk = {p.name for p in storage.list_profiles()}
    wrong = {}
    for copy in range(COPIES):
        surely, maybe = follow_profiles(lives[copy], told)
        mine = {name for name in on_disk if name.startswith(f"c{copy}l")}
        if mine not in (surely, maybe):
            wrong[copy] = (sorted(mine - surely), sorted(surely - mine))  # back, lost
    problems = list(storage.problems)
    storage.close()
    with sqlite3.connect(data_dir / "records.sqlite3") as con:
        set_aside = con.execute("SELECT count(*) FROM set_aside").fetchone()[0]
    con.close()
    aside = sorted(p.name for p in data_dir.rglob("*") if CORRUPT_MARK in p.name)

    print(
        f"round {round_number}: {told.lives} lives ({told.killed} killed), records held "
        f"{told.held} times, "
        f"{len(told.tried)} games tried, {len(told.kept)} told filed or kept "
        f"({told.waited} kept to be filed later), "
        f"{len(marks)} in the records; {told.profile_steps} profile changes done, "
        f"{told.refused} refused; {len(on_disk)} profiles left"
    )
    assert told.lost == [] and told.damage == [] and problems == []
    assert aside == [] and set_aside == 0 and left == 0
    assert len(marks) == len(set(marks)), "a game is in the records twice"
    assert set(told.kept) <= set(marks), "a game a copy was told is filed is not there"
    assert set(marks) <= told.tried
    assert wrong == {}, "profiles.json is not what the copies left (back, lost)"
    assert told.profile_steps > 50 and len(told.kept) > 50  # the crowd really did something
