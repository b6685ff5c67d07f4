"""The game in progress written on the storage's own thread (game.storage.soon): the newest
record only, never after a clear or under a load, a refusal told, finished at exit."""

from __future__ import annotations

import subprocess
import sys
import threading
from pathlib import Path

import pytest

from game.match.seats import Seat
from game.match.session import Session
from game.rules import GameConfig, StartOrder
from game.storage.soon import SoonWriter

from .conftest import open_storage, play

ROOT = Path(__file__).resolve().parents[2]


class Gate:
    """A write that waits to be let through, and tells what it wrote on which thread."""

    def __init__(self, answer: bool = True) -> None:
        self.open = threading.Event()
        self.started = threading.Event()
        self.written: list[tuple[int, str]] = []
        self.answer = answer

    def __call__(self, record: object) -> bool:
        self.started.set()
        assert self.open.wait(10)
        assert isinstance(record, dict)
        self.written.append((record["n"], threading.current_thread().name))
        return self.answer


def test_records_handed_over_while_one_is_written_are_left_for_the_newest() -> None:
    gate = Gate()
    writer = SoonWriter(gate)
    writer.save({"n": 1})
    assert gate.started.wait(10)  # the first is being written...
    for n in (2, 3, 4):
        writer.save({"n": n})  # ...and these wait: only the newest is written next
    gate.open.set()
    writer.settle()
    assert [n for n, _ in gate.written] == [1, 4]
    assert all(name.startswith("game-save") for _, name in gate.written)
    writer.close()


def test_settle_waits_for_the_write_and_a_refusal_is_the_next_answer() -> None:
    gate = Gate(answer=False)
    writer = SoonWriter(gate)
    assert writer.save({"n": 1})  # nothing refused yet
    settled = threading.Event()
    waiter = threading.Thread(target=lambda: (writer.settle(), settled.set()))
    waiter.start()
    assert not settled.wait(0.2)  # the write is held: settle is still waiting
    gate.open.set()
    waiter.join(10)
    assert settled.is_set() and gate.written
    assert not writer.save({"n": 2})  # the refusal, told at the next save
    writer.close()


def test_a_failing_write_is_logged_and_the_next_one_still_made(caplog) -> None:
    written: list[int] = []

    def write(record: object) -> bool:
        assert isinstance(record, dict)
        if record["n"] == 1:
            raise ValueError("a bug in the record")
        written.append(record["n"])
        return True

    writer = SoonWriter(write)
    writer.save({"n": 1})
    writer.settle()
    assert writer.last is False
    assert "could not be saved" in caplog.text
    writer.save({"n": 2})
    writer.close()
    assert written == [2] and writer.last is True


def _session(seed: int = 3) -> Session:
    names = ("Ann", "Robo")
    seats = [Seat(n, "easy", colour=i) for i, n in enumerate(names)]
    return Session.new(GameConfig(names, start=StartOrder.SEATED), seats, seed=seed)


def _act(session: Session, actions: int, seed: int) -> None:
    for _ in range(actions):
        play(session.game, seed, limit=1)  # one seeded legal action
        seed += 1


def test_the_newest_move_is_on_disk_before_a_load(tmp_path: Path) -> None:
    storage = open_storage(tmp_path)
    session = _session()
    for seed in range(40):
        _act(session, 1, seed)
        assert storage.save_session(session, soon=True)
    saved = storage.load_current()  # waits for the writer
    assert saved is not None and saved.game.state == session.game.state
    assert storage.problems == []
    storage.close()


def test_a_write_handed_over_never_lands_after_a_clear(tmp_path: Path) -> None:
    storage = open_storage(tmp_path)
    gate = Gate()
    real = storage._current.save

    def slow(record: object) -> bool:
        gate(dict(n=0))
        return real(record)  # type: ignore[arg-type]

    storage._soon = SoonWriter(slow)
    session = _session()
    _act(session, 5, 1)
    storage.save_session(session, soon=True)
    assert gate.started.wait(10)
    threading.Timer(0.2, gate.open.set).start()  # the write ends while clear waits for it
    assert storage.clear_current()
    assert not storage.paths.current.exists()
    storage.finish_writes()
    assert not storage.paths.current.exists()


def test_another_copys_game_is_not_written_over_and_told(tmp_path: Path) -> None:
    storage = open_storage(tmp_path)
    session = _session()
    _act(session, 3, 1)
    assert storage.save_session(session, soon=True)
    storage.finish_writes()
    other = open_storage(tmp_path)  # another copy saves its own game since
    mine = storage.paths.current.read_bytes()
    other_session = _session(seed=9)
    _act(other_session, 2, 7)
    assert other.save_session(other_session)
    theirs = storage.paths.current.read_bytes()
    assert theirs != mine
    _act(session, 1, 20)
    storage.save_session(session, soon=True)
    problems = storage.take_problems()  # waits for the writer
    assert any("another copy of the game" in p for p in problems)
    assert storage.paths.current.read_bytes() == theirs
    assert not storage.save_session(session, soon=True)  # the refusal, as the answer now
    storage.close()


@pytest.mark.timeout(60)
def test_a_save_handed_over_is_written_when_the_program_ends_at_once(tmp_path: Path) -> None:
    program = f"""
import sys
sys.path.insert(0, {str(ROOT)!r})
from tests.storage.test_storage_soon import _act, _session
from tests.storage.conftest import open_storage
storage = open_storage(__import__("pathlib").Path({str(tmp_path)!r}))
session = _session()
_act(session, 30, 1)
storage.save_session(session, soon=True)
print(len(session.game.log))
"""  # no finish_writes: the interpreter's exit finishes the write
    done = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, timeout=50, check=True
    )
    saved = open_storage(tmp_path).load_current()
    assert saved is not None and len(saved.game.log) == int(done.stdout.split()[-1]) == 30
