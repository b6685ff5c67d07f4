"""The finished games: filed (a game's log, statistics and high scores in one transaction
of the records, once, whatever happens) and read back (History, the logs, the statistics
built again from them).

A game is known by its origin (Game.origin: its identity from before its first action), kept
in the records beside its log, so the same game filed again (a kill between the filing and
the clearing of the game in progress, a copy of it waiting in the unfiled folder, two copies
of the game filing it) is never counted twice; another ending of it (a hand-edited save, one
resumed in two windows) is kept aside in the records' set_aside table and told, never
dropped without a word.

When the records refuse a game (held by another program, damaged and open elsewhere, a full
disk), it is kept in memory and in the unfiled folder (unfiled.py), and filed at the next
chance: the next start, Play again, the results screen's retries.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime

from game.i18n import N_, Later, later
from game.json_types import JsonObject
from game.match.seats import Seat
from game.rules import Game
from game.storage import history as _history
from game.storage import saves as _saves
from game.storage import tables as _tables
from game.storage.entries import StatsEntry, entries_for_game, entry_card
from game.storage.history import HistoryLog, HistorySummary
from game.storage.jsonfile import JsonStore, reason_of
from game.storage.records import Records, summary_of, unpack
from game.storage.stats import Tally, tally_key
from game.storage.unfiled import UnfiledFolder

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class FinishedRecord:
    """What `record_finished` did."""

    history_id: str  # the game's log (load_log(history_id) replays it)
    new: bool  # False if this very game had been filed before (nothing was counted again)
    high_score_places: Mapping[int, int]  # player index -> place in the table (1 = best)
    saved: bool  # filed and the game in progress cleared (else `problems` says what failed)
    origin: str  # the game's identity (Game.origin): whose record this is


@dataclass(frozen=True)
class Finished:
    """A finished game as it is filed (what a refused one is kept as, to be filed later)."""

    game: Game
    seats: tuple[Seat, ...]
    assisted: tuple[int, ...]
    started: datetime | str | None
    expected_lost: Mapping[int, float] | None
    finished: datetime


ANOTHER_ENDING = later(N_("another ending of a game filed before"))


class Filer:
    """Files finished games into the records, keeping what they refuse until they take it,
    and reads them back."""

    def __init__(
        self,
        records: Records,
        store: JsonStore,
        unfiled: UnfiledFolder,
        record_name: Callable[[Seat], str | None],
    ) -> None:
        self._records = records
        self._store = store
        self.unfiled = unfiled
        self._record_name = record_name
        # Refused games by origin, kept in memory too (the disk may refuse the unfiled copy).
        self._held: dict[str, Finished] = {}

    def file(self, done: Finished) -> tuple[FinishedRecord, bool]:
        """File `done`: (what happened, whether it is at least kept on disk)."""
        game, now = done.game, done.finished
        origin = game.origin()
        log_id = _history.log_id_for(now, _history.fingerprint(game))
        record = _history.make_log_record(
            log_id, game, done.seats, done.assisted, now, done.started, done.expected_lost
        )
        date = _saves.iso_time(now)
        names = [self._record_name(seat) for seat in done.seats]
        lost = _history.lost_per_player(game, done.expected_lost)
        entries = entries_for_game(log_id, date, game, names, done.assisted, lost)

        def file(con: sqlite3.Connection) -> tuple[str, bool, dict[int, int], bool]:
            existing = _tables.find_origin(con, origin) or _tables.find_game(con, log_id[-12:])
            if existing is not None:
                other = existing[-12:] != log_id[-12:]
                if other:
                    _tables.keep_game_aside(con, record, str(ANOTHER_ENDING))
                return existing, False, {}, other
            _tables.insert_game(con, record)
            _tables.add_origin(con, origin, log_id)
            if entries:
                _tables.add_entries(con, entries)
            places = _tables.add_high_scores(con, log_id, date, game, done.seats, done.assisted)
            return log_id, True, places, False

        saved, result = self._records.write(file)
        if not saved or result is None:
            self._held[origin] = done
            kept = self.unfiled.keep(origin, record)
            return FinishedRecord(log_id, False, {}, False, origin), kept
        filed_id, new, places, other = result
        if other:
            self._store.report(another_ending(log_id))
        self._held.pop(origin, None)
        self.unfiled.done(origin)
        return FinishedRecord(filed_id, new, places, True, origin), True

    def file_waiting(self) -> None:
        """File every finished game the records refused before: those held in memory, then
        those in the unfiled folder (written by this copy, another, or an earlier run)."""
        for done in list(self._held.values()):
            self.file(done)
        for waiting in self.unfiled.waiting():
            if waiting.origin in self._held:
                continue  # refused again just now
            played = waiting.log
            lost = {i: v for i, v in enumerate(played.expected_lost) if v is not None}
            self.file(
                Finished(
                    played.game,
                    played.seats,
                    played.assisted,
                    played.started,
                    lost,
                    played.date,
                )
            )

    def waiting_origins(self) -> set[str]:
        """The games not in the records yet: kept in memory or in the unfiled folder."""
        return self.unfiled.origins() | set(self._held)

    def unkept(self) -> int:
        """Games not in the records that only this run holds (the disk refused the unfiled
        copy too): gone if the game closes."""
        return len(set(self._held) - self.unfiled.origins())

    # ------------------------------------------------------------------ read back
    def list_history(self, limit: int | None = None) -> list[HistorySummary]:
        """Finished games, newest first, at most `limit` (one indexed query whatever the
        number of games). A log that fails its checks is set aside, reported and skipped."""
        found: list[HistorySummary] = []
        rows: list[_tables.LogRow] = self._records.run(
            lambda con: _tables.summaries(con, limit), []
        )
        for row in rows:
            try:
                found.append(_history.parse_summary(_summary(row), row.id))
            except Exception as bad:  # noqa: BLE001 - never crash on the records' contents
                self._set_log_aside(row, bad)
        return found

    def load_log(self, history_id: str) -> HistoryLog | None:
        """A finished game replayed and checked; None if missing or bad (set aside, reported)."""
        if not isinstance(history_id, str) or not _history.ID_PATTERN.match(history_id):
            raise KeyError(f"not a history id: {history_id!r:.60}")
        row = self._records.run(lambda con: _tables.game_log(con, history_id), None)
        if row is None:
            return None
        try:
            return _replayed(row)
        except Exception as bad:  # noqa: BLE001 - never crash on the records' contents
            self._set_log_aside(row, bad)
            return None

    def _set_log_aside(self, row: _tables.LogRow, bad: Exception) -> None:
        reason = reason_of(bad)
        if len(reason) > 160 and not isinstance(reason, Later):
            reason = reason[:157] + "..."
        saved, _ = self._records.write(lambda con: _tables.set_game_aside(con, row, str(reason)))
        if not saved:
            return  # the refusal is told; it is tried again at the next look
        self._store.report(
            later(
                # TRANSLATORS: "records" = the folder of the game's saved statistics and logs.
                N_(
                    "The {what} log {name} was damaged ({reason}); it was kept aside in the "
                    "records and {outcome}."
                ),
                what=_history.WHAT,
                name=_tables.shown(row.id),
                reason=reason,
                outcome=_history.LEFT_OUT,
            )
        )

    def rebuild_stats(self) -> int:
        """Recompute every statistic from the history logs (for example after the records
        were damaged by hand); returns the number of logs used. Replays each log, so it
        takes a few milliseconds per game: offer it as an action, not on every start.

        The logs are read as one state of the records, and the totals written only if no
        other copy changed the records since (a game filed, a profile renamed); else they are
        counted again as the write lock holds them still, replaying only the logs new since."""
        bad: list[tuple[_tables.LogRow, Exception]] = []
        # Each log's seats, the names they were counted under and its entries, by its row:
        # a count again under the write lock replays only the logs filed since, or those
        # whose profile names changed meanwhile (not whole games kept: they are big).
        known: dict[tuple[int, str], tuple[list[Seat], list[str | None], list[StatsEntry]]] = {}

        def entries_of(log: _tables.LogRow) -> list[StatsEntry] | None:
            """A log's statistics entries under today's profile names; None if it fails its
            checks."""
            kept = known.get((log.rowid, log.stored_id))
            if kept is not None:
                seats, names, entries = kept
                if [self._record_name(seat) for seat in seats] == names:
                    return entries
            try:
                played = _replayed(log)
            except Exception as error:  # noqa: BLE001 - set aside below
                bad.append((log, error))
                return None
            names = [self._record_name(seat) for seat in played.seats]
            date = _saves.iso_time(played.date)
            entries = entries_for_game(
                log.id, date, played.game, names, played.assisted, played.expected_lost
            )
            known[log.rowid, log.stored_id] = (list(played.seats), names, entries)
            return entries

        def fold(con: sqlite3.Connection) -> tuple[int, dict[str, Tally]]:
            bad.clear()
            tallies: dict[str, Tally] = {}
            used = 0
            for log in _tables.logs_oldest_first(con):
                entries = entries_of(log)
                if entries is None:
                    continue
                for entry in entries:
                    card = entry_card(entry)
                    for row in entry["rows"]:
                        key = tally_key(row["name"], card)
                        tallies.setdefault(key, Tally()).add(entry, row)
                used += 1
            return used, tallies

        def read(con: sqlite3.Connection) -> tuple[sqlite3.Connection, int, int, dict[str, Tally]]:
            with _tables.read_as_one(con) as version:
                return (con, version, *fold(con))

        looked = self._records.run(read, None)
        if looked is None:
            return 0  # unreadable (told): the statistics stay as they are
        seen_on, version, used, tallies = looked

        def replace(con: sqlite3.Connection) -> int:
            counted, now = used, tallies
            if con is not seen_on or _tables.data_version(con) != version:
                counted, now = fold(con)  # changed meanwhile: counted as it is now
            _tables.replace_tallies(con, now)
            return counted

        for log, error in bad:
            self._set_log_aside(log, error)
        bad.clear()
        saved, counted = self._records.write(replace)
        for log, error in bad:  # found by a count again
            self._set_log_aside(log, error)
        return counted if saved and counted is not None else 0


def _summary(row: _tables.LogRow) -> JsonObject:
    """A game's row's summary; ValueError if a cell of the row or the summary is not right."""
    if row.damage is not None:
        raise ValueError(row.damage)
    return summary_of(row.summary)


def _replayed(row: _tables.LogRow) -> HistoryLog:
    """A game's row replayed and checked; ValueError (or another error) if it fails."""
    data = _summary(row)
    data["game"] = unpack(row.data)
    return _history.parse_log(data, row.id)


def another_ending(log_id: str) -> str:
    return later(
        # TRANSLATORS: {name} is a game's id in the history.
        N_(
            "The finished game {name} is the same game as one filed before, finished another "
            "way; it was kept aside in the records and is not counted twice."
        ),
        name=log_id,
    )
