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
from collections.abc import Callable

from game.json_types import JsonMapping
from game.newest import Newest

log = logging.getLogger(__name__)


class SoonWriter:
    """Writes records with `write` on a thread of its own, the newest first and only."""

    def __init__(self, write: Callable[[JsonMapping], bool]) -> None:
        self._write = write
        self._newest = Newest(self._save, "game-save")
        self.last = True  # whether the last write worked (False: a problem says why)

    def save(self, record: JsonMapping) -> bool:
        """Write `record` soon; whether the last write finished worked (a refusal shows
        at the next save, or after `settle`)."""
        self._newest.hand(record)
        return self.last

    def settle(self) -> None:
        """Wait until every record handed over is written."""
        self._newest.settle()

    def close(self) -> None:
        """Write what was handed over, then stop the thread (a later save starts it again)."""
        self._newest.close()

    def _save(self, record: JsonMapping) -> None:
        try:
            self.last = self._write(record)
        except Exception:  # a bug in the record: told in the log, the game goes on
            log.exception("the game in progress could not be saved")
            self.last = False
