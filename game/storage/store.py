"""The `Storage` object: settings, the saved game, the records, profiles and the last table,
behind one object (the package's docstring says how to use it)."""

from __future__ import annotations

import json
import logging
import os
import sqlite3
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, Protocol, TypeVar

from game.i18n import N_, Later, later, translated
from game.i18n.languages import resolve, system_language
from game.match.record import MatchRecord
from game.match.seats import Seat
from game.rules import Card, Game
from game.storage import history as _history
from game.storage import saves as _saves
from game.storage import tables as _tables
from game.storage.highscores import HighScore, table_key
from game.storage.history import HistoryLog, HistorySummary
from game.storage.jsonfile import Clock, JsonStore, local_now, reason_of, remove_stale_temps
from game.storage.last_table import LAST_TABLE_FORMAT, LastTable
from game.storage.last_table import WHAT as LAST_TABLE_WHAT
from game.storage.paths import DataPaths, parse_data_dir, resolve_paths
from game.storage.profiles import (
    PROFILES_FORMAT,
    Profile,
    ProfileBook,
    profile_for_seat,
)
from game.storage.records import Records, unpack
from game.storage.saves import make_session_record
from game.storage.settings import (
    SETTINGS_FORMAT,
    Settings,
)
from game.storage.stats import (
    ProfileStats,
    Tally,
    entries_for_game,
    entry_card,
    split_key,
    tally_key,
)

log = logging.getLogger(__name__)
T = TypeVar("T")

SETTINGS_WHAT = later(N_("settings"))
PROFILES_WHAT = later(N_("profiles"))


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


class PlayedMatch(MatchRecord, Protocol):
    """What `Storage.save_session` reads of a match at the table: a MatchRecord that has
    begun, its CPUs' seed and what its decisions cost (game.match.Session is one; storage
    does not import it: the session is the table's, storage only files it)."""

    @property
    def started(self) -> datetime: ...
    @property
    def seed(self) -> int: ...
    @property
    def expected_lost(self) -> Mapping[int, float]: ...


class Storage:
    """The game's files. Every method is safe to call whatever is on disk."""

    def __init__(
        self,
        data_dir: str | os.PathLike[str] | None = None,
        *,
        environ: Mapping[str, str] | None = None,
        clock: Clock = local_now,
    ) -> None:
        """Find the folders (see the module docstring), load settings and profiles and open
        the records now, so any damage is reported at start-up. The game in progress is
        read when asked for."""
        # The environment the game runs in: it may name the data folder, and its locale
        # is the language of the Settings' "System" choice (see `system_language`).
        self.environ: Mapping[str, str] = os.environ if environ is None else environ
        self.paths: DataPaths = resolve_paths(data_dir, environ)
        self.problems: list[str] = []  # one line each, for the player; see take_problems
        # The last match save_session filed: the results screen shows its high-score places.
        self.last_finished: FinishedRecord | None = None
        # Finished games the records refused, by origin, filed by file_unfiled. Also kept in
        # the unfiled folder.
        self._unfiled: dict[str, Finished] = {}
        self._store = JsonStore(self.problems, clock)
        self._check_folders()
        for folder in self.paths.folders():
            for stale in remove_stale_temps(folder):
                log.info("removed %s, left by an interrupted write", stale)
        self.settings: Settings = self._load_settings()
        self._profiles: ProfileBook = (
            self._store.load(
                self.paths.profiles, PROFILES_FORMAT, ProfileBook.from_dict, PROFILES_WHAT
            )
            or ProfileBook()
        )
        self.last_table: LastTable | None = self._store.load(
            self.paths.last_table,
            LAST_TABLE_FORMAT,
            LastTable.from_dict,
            LAST_TABLE_WHAT,
            later(N_("the setup starts from its defaults")),
        )
        self._records = Records(self.paths.records, self._store)
        self.file_unfiled()  # a finished game the records refused last time

    def _check_folders(self) -> None:
        """Say at once when nothing can be saved, rather than at every save; set aside a
        folder where the game in progress belongs (else no game would be saved all session)."""
        for folder in dict.fromkeys((self.paths.data_dir, self.paths.config_dir)):
            if os.path.lexists(folder) and not folder.is_dir():
                self._store.report(
                    later(
                        N_(
                            "The data folder {folder} is a file, not a folder, so nothing can "
                            "be saved; move that file or choose another folder with --data-dir."
                        ),
                        folder=folder,
                    )
                )
        current = self.paths.current
        if os.path.lexists(current) and not current.is_file() and not current.is_symlink():
            if current.is_dir():
                reason = later(N_("it is a folder, not a file"))
            else:
                reason = later(N_("it is not a file"))
            self._store.set_aside(current, reason, _saves.WHAT, _saves.NO_SAVED_GAME)

    def close(self) -> None:
        """Close the records database (optional: the operating system closes it at exit)."""
        self._records.close()

    @classmethod
    def from_argv(cls, argv: Sequence[str], **kwargs: Any) -> Storage:
        """Storage for the folder named by `--data-dir` in argv (else env var, else platform)."""
        return cls(parse_data_dir(argv), **kwargs)

    def take_problems(self) -> list[str]:
        """The messages not yet shown, oldest first, in the language in use (they were made
        before it was chosen, perhaps); the list is emptied."""
        taken = [translated(problem) for problem in self.problems]
        self.problems.clear()
        return taken

    def _now(self) -> datetime:
        return self._store.clock()

    # ------------------------------------------------------------------------- settings
    def _load_settings(self) -> Settings:
        bad_fields: list[str] = []

        def parse(data: dict[str, Any]) -> Settings:
            settings, bad = Settings.parse(data)
            bad_fields.extend(bad)
            return settings

        path = self.paths.settings
        if not os.path.lexists(path):
            # A first start: the defaults, with the rules the system's language plays.
            return Settings.first(self.system_language)
        settings = self._store.load(path, SETTINGS_FORMAT, parse, SETTINGS_WHAT)
        if settings is None:
            return Settings()
        if bad_fields:
            # Keep the player's good choices; only the bad fields go back to defaults. The
            # original bytes are kept aside and the repaired settings written in their place.
            self._store.set_aside(
                path,
                # TRANSLATORS: {fields} names the settings and what was wrong, in English.
                later(N_("bad values: {fields}"), fields="; ".join(bad_fields)),
                SETTINGS_WHAT,
                outcome=later(N_("those settings are back to their defaults")),
            )
            self.save_settings(settings)
        return settings

    @property
    def system_language(self) -> str:
        """The language the environment's locale asks for (one of game.i18n's LANGUAGES)."""
        return system_language(self.environ)

    def language(self) -> str:
        """The language the settings ask for: theirs, or ("System") the environment's."""
        return resolve(self.settings.language, self.environ)

    def save_settings(self, settings: Settings) -> bool:
        """Make `settings` current and write them; False (and a problem) if the disk refused."""
        if not isinstance(settings, Settings):
            raise TypeError("save_settings takes a Settings value")
        self.settings = settings
        return self._store.save(self.paths.settings, settings.to_dict(), SETTINGS_WHAT, pretty=True)

    # ------------------------------------------------------------------------- the last table
    def save_last_table(self, table: LastTable) -> bool:
        """Remember the table a game was just started at, for the next New game; False (and
        a problem) if the disk refused."""
        if not isinstance(table, LastTable):
            raise TypeError("save_last_table takes a LastTable value")
        self.last_table = table
        return self._store.save(self.paths.last_table, table.to_dict(), LAST_TABLE_WHAT)

    # ------------------------------------------------------------------------- game in progress
    def save_current(self, record: Mapping[str, Any]) -> bool:
        """Write a record made by `make_session_record`; False if the disk refused."""
        return _saves.save_current(self._store, self.paths, record)

    def save_game(
        self,
        game: Game,
        seats: Sequence[Seat],
        assisted: Iterable[int],
        started: datetime | str,
        extra: Mapping[str, Any] | None = None,
    ) -> bool:
        """Save the game in progress (call after every action): make the record and write it."""
        record = make_session_record(game, seats, assisted, started, extra, saved=self._now())
        return self.save_current(record)

    def save_session(self, session: PlayedMatch) -> bool:
        """Save a table session (a game.match.Session): in progress, it becomes the saved
        game; once its match is over, it is filed with `record_finished` (the result is kept
        in `last_finished`). False if the disk refused (a problem says why)."""
        game = session.game
        seats = session.seats
        assisted = tuple(session.assisted)
        started = session.started
        if game.state.is_over:
            expected_lost = session.expected_lost
            self.last_finished = self.record_finished(game, seats, assisted, started, expected_lost)
            return self.last_finished.saved
        seed = session.seed
        extra = {"seed": seed} if isinstance(seed, int) and not isinstance(seed, bool) else {}
        return self.save_game(game, seats, assisted, started, extra)

    def has_current(self) -> bool:
        """Whether a game in progress is on disk (cheap; `load_current` checks it)."""
        return self.paths.current.is_file()

    def load_current(self) -> dict[str, Any] | None:
        """The game in progress as a record checked through (replayed), or None.

        Pass it to `restore_session` for (game, seats, assisted, started); `record["extra"]`
        is the app's own dict. An invalid file is set aside and reported.
        """
        return _saves.load_current(self._store, self.paths)

    def clear_current(self) -> bool:
        """Forget the game in progress (it finished, or the player abandoned it)."""
        return _saves.clear_current(self._store, self.paths)

    # ------------------------------------------------------------------------- finished games
    def record_finished(
        self,
        game: Game,
        seats: Sequence[Seat],
        assisted: Iterable[int],
        started: datetime | str | None = None,
        expected_lost: Mapping[int, float] | None = None,
        finished: datetime | None = None,
        *,
        clear: bool = True,
    ) -> FinishedRecord:
        """File a finished game or match: history log, statistics, high scores; then clear the
        game in progress. Safe to repeat for the same game (nothing is counted twice: the
        records keep each game's origin, Game.origin, its identity from its first action).

        When the records refuse it (locked by another program, a full disk), the finished game
        is kept in the unfiled folder (and in memory) and the game in progress cleared, so
        nothing replaces it; `file_unfiled` files it later (at the next start, at Play again).

        `expected_lost` maps player index -> expected points that player lost over the whole
        match (from the coach), for the statistics; `finished`, when it finished (now if not
        given); `clear` False leaves the game in progress alone (a kept game filed later: the
        saved game is another one by then). ValueError if the game is not over.
        """
        assisted = tuple(assisted)
        now = finished or self._now()  # one moment for the log, the statistics, high scores
        origin = game.origin()
        log_id = _history.log_id_for(now, _history.fingerprint(game))
        record = _history.make_log_record(
            log_id, game, seats, assisted, now, started, expected_lost
        )
        date = _saves.iso_time(now)
        names = [self._record_name(seat) for seat in seats]
        lost = _history.lost_per_player(game, expected_lost)
        entries = entries_for_game(log_id, date, game, names, assisted, lost)

        def file(con: sqlite3.Connection) -> tuple[str, bool, dict[int, int]]:
            existing = _tables.find_origin(con, origin) or _tables.find_game(con, log_id[-12:])
            if existing is not None:
                return existing, False, {}
            _tables.insert_game(con, record)
            _tables.add_origin(con, origin, log_id)
            if entries:
                _tables.add_entries(con, entries)
            places = _tables.add_high_scores(con, log_id, date, game, seats, assisted)
            return log_id, True, places

        saved, done = self._records.write(file)
        if not saved or done is None:
            self._unfiled[origin] = Finished(
                game, tuple(seats), assisted, started, expected_lost, now
            )
            unfiled = self.paths.unfiled / f"{origin}.json"
            if self._store.save(unfiled, record, _history.WHAT) and clear:
                self.clear_current()  # the finished game is kept in unfiled/: none replaces it
            return FinishedRecord(log_id, False, {}, False, origin)
        filed_id, new, places = done
        self._unfiled.pop(origin, None)
        unfiled = self.paths.unfiled / f"{origin}.json"
        if unfiled.is_file():
            self._store.remove(unfiled, _history.WHAT)
        saved = self.clear_current() if clear else True
        return FinishedRecord(filed_id, new, places, saved, origin)

    def unfiled_count(self) -> int:
        """Finished games not in the records yet (kept in memory or in the unfiled folder)."""
        on_disk = {p.stem for p in self._unfiled_files()}
        return len(on_disk | set(self._unfiled))

    def unfiled_unkept(self) -> int:
        """Finished games not in the records that only this run of the game holds (not even
        in the unfiled folder: the disk refused that too): gone if the game closes."""
        on_disk = {p.stem for p in self._unfiled_files()}
        return len(set(self._unfiled) - on_disk)

    def _unfiled_files(self) -> list[Path]:
        try:
            return sorted(self.paths.unfiled.glob("*.json"))
        except OSError:
            return []

    def file_unfiled(self, quiet: bool = False) -> int:
        """File every finished game the records refused before; returns how many are still
        not filed. `quiet`: a retry that fails again tells nothing new (it was told)."""
        told = len(self.problems)
        for kept in list(self._unfiled.values()):
            self.record_finished(
                kept.game,
                kept.seats,
                kept.assisted,
                kept.started,
                kept.expected_lost,
                kept.finished,
                clear=False,
            )
        for path in self._unfiled_files():
            if path.stem in self._unfiled:
                continue  # refused again just now
            try:
                data = json.loads(path.read_text("utf-8"))
                kept_log = _history.parse_log(data, data["id"])
            except (OSError, ValueError, KeyError, TypeError) as error:
                self._store.set_aside(path, reason_of(error), _history.WHAT)
                continue
            lost = {i: v for i, v in enumerate(kept_log.expected_lost) if v is not None}
            self.record_finished(
                kept_log.game,
                kept_log.seats,
                kept_log.assisted,
                kept_log.started,
                lost,
                kept_log.date,
                clear=False,
            )
        left = self.unfiled_count()
        if quiet and left:
            del self.problems[told:]
        return left

    def filed_id(self, game: Game) -> str | None:
        """The history id of `game` if it is in the records already (by its origin)."""
        origin = game.origin()
        return self._records.run(lambda con: _tables.find_origin(con, origin), None)

    def _record_name(self, seat: Seat) -> str | None:
        name = profile_for_seat(seat)
        if name is None or seat.is_cpu:
            return name
        profile = self._profiles.find(name)
        if profile is None:
            log.warning("seat %r names no existing profile %r: played as a guest", seat.name, name)
            return None
        return profile.name

    def list_history(self, limit: int | None = None) -> list[HistorySummary]:
        """Finished games, newest first, at most `limit` (one indexed query whatever the
        number of games). A log that fails its checks is set aside, reported and skipped."""
        found: list[HistorySummary] = []
        rows: list[tuple[str, str]] = self._records.run(
            lambda con: _tables.summaries(con, limit), []
        )
        for log_id, text in rows:
            try:
                found.append(_history.parse_summary(json.loads(text), log_id))
            except Exception as bad:  # noqa: BLE001 - never crash on the records' contents
                self._set_log_aside(log_id, bad)
        return found

    def load_log(self, history_id: str) -> HistoryLog | None:
        """A finished game replayed and checked; None if missing or bad (set aside, reported)."""
        if not isinstance(history_id, str) or not _history.ID_PATTERN.match(history_id):
            raise KeyError(f"not a history id: {history_id!r:.60}")
        row = self._records.run(lambda con: _tables.game_log(con, history_id), None)
        if row is None:
            return None
        try:
            data = json.loads(row[0])
            data["game"] = unpack(row[1])
            return _history.parse_log(data, history_id)
        except Exception as bad:  # noqa: BLE001 - never crash on the records' contents
            self._set_log_aside(history_id, bad)
            return None

    def _set_log_aside(self, log_id: str, bad: Exception) -> None:
        reason = reason_of(bad)
        if len(reason) > 160 and not isinstance(reason, Later):
            reason = reason[:157] + "..."
        self._records.write(lambda con: _tables.set_game_aside(con, log_id, str(reason)))
        self._store.report(
            later(
                # TRANSLATORS: "records" = the folder of the game's saved statistics and logs.
                N_(
                    "The {what} log {name} was damaged ({reason}); it was kept aside in the "
                    "records and {outcome}."
                ),
                what=_history.WHAT,
                name=log_id,
                reason=reason,
                outcome=_history.LEFT_OUT,
            )
        )

    # ------------------------------------------------------------------------- profiles
    def list_profiles(self) -> list[Profile]:
        """People's profiles in creation order (the CPU levels are `CPU_PROFILES`)."""
        return list(self._profiles.profiles)

    def find_profile(self, name: str) -> Profile | None:
        """The profile called `name` (any letter case), if there is one."""
        return self._profiles.find(name)

    def create_profile(self, name: str) -> Profile:
        """A new profile; ValueError in words if the name is taken or not allowed."""
        created = _saves.iso_time(self._now())
        return self._change_profiles(lambda book: book.create(name, created))

    def profile_for_name(self, name: str) -> Profile | None:
        """The profile called `name`, made now if there is none: a name played under becomes
        a profile, so a person's statistics are there without a step beforehand. None when
        the name cannot be one (a CPU level's name, or the list is full): a guest, then."""
        found = self._profiles.find(name)
        if found is not None:
            return found
        try:
            return self.create_profile(name)
        except ValueError as refused:
            log.info("%r plays as a guest: %s", name, refused)
            return None

    def rename_profile(self, old: str, new: str) -> Profile:
        """Rename a profile and its statistics. High scores keep the names played under."""
        renamed: list[tuple[str, str]] = []

        def rename(book: ProfileBook) -> Profile:
            before = book.find(old)
            profile = book.rename(old, new)
            assert before is not None  # rename raised otherwise
            renamed.append((before.name, profile.name))
            return profile

        profile = self._change_profiles(rename)
        (before, after), *_ = renamed
        self._records.write(lambda con: _tables.rename_in_tallies(con, before, after))
        return profile

    def delete_profile(self, name: str) -> None:
        """Delete a profile and its statistics (history logs and high scores stay)."""
        profile = self._change_profiles(lambda book: book.delete(name))
        self._records.write(lambda con: _tables.delete_from_tallies(con, profile.name))

    def _change_profiles(self, change: Callable[[ProfileBook], T]) -> T:
        """Make one change to the profiles as they are on disk now, and save them.

        Two copies of the game on one data folder each kept the profiles in memory and wrote
        them whole, so each dropped the other's new profiles. Each change now reads the file
        afresh, under the records' write lock (SQLite's, which every copy takes in turn), so
        changes from both copies add up. With no records to lock (the disk refuses them), the
        change is made to the profiles in memory, as before."""
        done: list[T] = []

        def under_lock(_con: object) -> None:
            book = self._read_profiles()
            done.append(change(book))
            self._profiles = book
            self._save_profiles()

        saved, _ = self._records.write(under_lock)
        if not saved and not done:
            done.append(change(self._profiles))
            self._save_profiles()
        return done[0]

    def _read_profiles(self) -> ProfileBook:
        """The profiles in the file now (another copy of the game may have changed them)."""
        if not self.paths.profiles.is_file():  # none saved yet (or the disk refused them)
            return ProfileBook(list(self._profiles.profiles))
        return (
            self._store.load(
                self.paths.profiles, PROFILES_FORMAT, ProfileBook.from_dict, PROFILES_WHAT
            )
            or ProfileBook()
        )

    def _save_profiles(self) -> bool:
        return self._store.save(self.paths.profiles, self._profiles.to_dict(), PROFILES_WHAT)

    # ------------------------------------------------------------------------- statistics
    def profile_stats(self, name: str, card: str) -> ProfileStats:
        """A profile's (or "CPU Expert"'s ...) figures on a card (each card keeps its own);
        zeros if it has no games on it yet."""
        key = tally_key(name, card)
        tallies: dict[str, Tally] = self._records.run(
            lambda con: _tables.read_tallies(con, [key]), {}
        )
        return ProfileStats.from_tally(name, tallies.get(key, Tally()))

    def played_before(self, seats: Sequence[Seat], card: Card) -> dict[int, tuple[float, int]]:
        """Per person at the table with a record on `card`: (expected points lost, boxes
        filled) over their measured games, for the win chances' pace (game.ai.levels.pace)."""
        found: dict[int, tuple[float, int]] = {}
        for player, seat in enumerate(seats):
            name = None if seat.is_cpu else self._record_name(seat)
            if name is None:
                continue
            stats = self.profile_stats(name, card.id)
            if stats.mean_points_lost is not None and stats.measured_games:
                games = stats.measured_games
                found[player] = (stats.mean_points_lost * games, games * len(card.boxes))
        return found

    def all_stats(self, card: str) -> dict[str, ProfileStats]:
        """Figures on a card for every name with games recorded on it, CPU levels included
        (one row each, kept up to date as games are filed: no game is read)."""
        tallies: dict[str, Tally] = self._records.run(_tables.read_tallies, {})
        every = {split_key(key): tally for key, tally in tallies.items()}
        return {
            name: ProfileStats.from_tally(name, tally)
            for (name, on), tally in every.items()
            if on == card
        }

    def rebuild_stats(self) -> int:
        """Recompute every statistic from the history logs (for example after the records
        were damaged by hand); returns the number of logs used. Replays each log, so it
        takes a few milliseconds per game: offer it as an action, not on every start."""
        tallies: dict[str, Tally] = {}
        bad: list[tuple[str, Exception]] = []

        def fold(con: sqlite3.Connection) -> int:
            used = 0
            for log_id, summary, blob in _tables.logs_oldest_first(con):
                try:
                    data = json.loads(summary)
                    data["game"] = unpack(blob)
                    played = _history.parse_log(data, log_id)
                except Exception as error:  # noqa: BLE001 - set aside below
                    bad.append((log_id, error))
                    continue
                names = [self._record_name(seat) for seat in played.seats]
                date = _saves.iso_time(played.date)
                for entry in entries_for_game(
                    log_id, date, played.game, names, played.assisted, played.expected_lost
                ):
                    card = entry_card(entry)
                    for row in entry["rows"]:
                        key = tally_key(row["name"], card)
                        tallies.setdefault(key, Tally()).add(entry, row)
                used += 1
            return used

        used = self._records.run(fold, 0)
        for log_id, error in bad:
            self._set_log_aside(log_id, error)
        self._records.write(lambda con: _tables.replace_tallies(con, tallies))
        return used

    def high_scores(self, variant: str, games: int = 1) -> list[HighScore]:
        """The table for a rule variant ("official", "free", "simple", "yatzy") and match
        length: each variant keeps its own."""
        key = table_key(variant, games)
        return self._records.run(lambda con: _tables.read_board(con, key), [])
