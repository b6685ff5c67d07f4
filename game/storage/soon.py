"""The game in progress written on a thread of its own, so no frame waits for the disk.

The table saves after every action. A save is a few kilobytes, but it is written whole and
fsynced, file and folder (game.storage.jsonfile): on this machine 0.36 ms of processor time
and 0.9 ms of wall time, on a laptop's disk busy with something else tens of milliseconds,
each in the frame of the move. Here the frame makes the record (a few hundredths of a
millisecond) and hands it over; the writer thread writes it as `CurrentFile.save` always
did. Records handed over while one is being written are not queued: only the newest is
written next (it holds all the others' actions).

Nothing else touches the game in progress while a write is under way: every other use of
current.json waits for the writer first (`settle`), so a write handed over before a clear
or a load is on disk before it, and the writer is the only thread in `CurrentFile` while it
writes. A kill loses at most the record being written, the action in progress; at a normal
exit the write under way is finished (`close`, and the executor's own join at exit).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

from game.json_types import JsonMapping

log = logging.getLogger(__name__)


class SoonWriter:
    """Writes records with `write` on a thread of its own, the newest first and only."""

    def __init__(self, write: Callable[[JsonMapping], bool]) -> None:
        self._write = write
        self._lock = threading.Lock()
        self._pending: JsonMapping | None = None
        self._idle = threading.Event()
        self._idle.set()
        self._worker: ThreadPoolExecutor | None = None
        self.last = True  # whether the last write worked (False: a problem says why)

    def save(self, record: JsonMapping) -> bool:
        """Write `record` soon; whether the last write finished worked (a refusal shows
        at the next save, or after `settle`)."""
        with self._lock:
            self._pending = record
            start = self._idle.is_set()
            self._idle.clear()
        if start:
            if self._worker is None:
                self._worker = ThreadPoolExecutor(1, thread_name_prefix="game-save")
            self._worker.submit(self._drain)
        return self.last

    def settle(self) -> None:
        """Wait until every record handed over is written."""
        self._idle.wait()

    def close(self) -> None:
        """Write what was handed over, then stop the thread (a later save starts it again)."""
        self.settle()
        worker, self._worker = self._worker, None
        if worker is not None:
            worker.shutdown(wait=True)

    def _drain(self) -> None:
        while True:
            with self._lock:
                record, self._pending = self._pending, None
                if record is None:
                    self._idle.set()
                    return
            try:
                self.last = self._write(record)
            except Exception:  # a bug in the record: told in the log, the game goes on
                log.exception("the game in progress could not be saved")
                self.last = False
