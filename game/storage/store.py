"""The `Storage` object: settings, the saved game, the records, profiles and the last table,
behind one object (the package's docstring says how to use it)."""

from __future__ import annotations

import logging
import os
import sqlite3
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from datetime import datetime
from typing import Protocol, TypeVar

from game.i18n import N_, later, translated
from game.i18n.languages import resolve, system_language
from game.json_types import JsonMapping, JsonObject
from game.match.record import MatchRecord
from game.match.seats import Seat
from game.rules import Card, Game
from game.storage import saves as _saves
from game.storage import tables as _tables
from game.storage.finished import Filer, Finished, FinishedRecord
from game.storage.highscores import HighScore, table_key
from game.storage.history import HistoryLog, HistorySummary
from game.storage.jsonfile import Clock, JsonStore, local_now, remove_stale_temps
from game.storage.last_table import LAST_TABLE_FORMAT, LastTable
from game.storage.last_table import WHAT as LAST_TABLE_WHAT
from game.storage.paths import DataPaths, parse_data_dir, resolve_paths
from game.storage.profiles import Profile, ProfileBook, ProfileFile, profile_for_seat
from game.storage.records import Records
from game.storage.saves import CurrentFile, SavedGame, make_session_record
from game.storage.settings import (
    SETTINGS_FORMAT,
    Settings,
)
from game.storage.soon import SoonWriter
from game.storage.stats import (
    ProfileStats,
    Tally,
    split_key,
    tally_key,
)
from game.storage.telling import folder_refusal, unkept_detail
from game.storage.unfiled import UnfiledFolder

log = logging.getLogger(__name__)
T = TypeVar("T")
NET_SEATS_WHAT = later(N_("network seats"))
# Translators: what follows when the file of the player's seats at network tables was damaged.
NET_SEATS_LOST = later(N_("a seat left at a network table is taken again from its invite"))

SETTINGS_WHAT = later(N_("settings"))
NOT_A_FOLDER = N_(
    "The data folder {folder} is a file, not a folder, so nothing can be saved; move that "
    "file or choose another folder with --data-dir."
)


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
        self._store = JsonStore(self.problems, clock)
        usable = self._check_folders()
        for folder in (*self.paths.folders(), self.paths.unfiled):
            for stale in remove_stale_temps(folder):
                log.info("removed %s, left by an interrupted write", stale)
        self.settings: Settings = self._load_settings()
        self._current = CurrentFile(self._store, self.paths.current)
        self._soon = SoonWriter(self._current.save)  # the table's saves, off its frames
        self._records = Records(self.paths.records, self._store, usable=usable)
        self._profiles = ProfileFile(self.paths.profiles, self._store, self._records)
        unfiled = UnfiledFolder(self.paths.unfiled, self._store)
        self._filer = Filer(self._records, self._store, unfiled, self._record_name)
        self.last_table: LastTable | None = self._store.load(
            self.paths.last_table,
            LAST_TABLE_FORMAT,
            LastTable.from_dict,
            LAST_TABLE_WHAT,
            later(N_("the setup starts from its defaults")),
        )
        self.file_unfiled()  # a finished game the records refused last time

    def _check_folders(self) -> bool:
        """Say at once when nothing can be saved, rather than at every save (and claim
        nothing damaged: nothing is); set aside a folder where the game in progress belongs
        (else no game would be saved all session). Whether the data folder can be used."""
        usable = True
        for folder in dict.fromkeys((self.paths.data_dir, self.paths.config_dir)):
            if folder_refusal(folder) == "not_a_folder":
                message = later(NOT_A_FOLDER, folder=folder)
                self._store.report(message)
                if folder == self.paths.data_dir:
                    usable = False
                    self._store.unusable = message
        current = self.paths.current
        if os.path.lexists(current) and not current.is_file() and not current.is_symlink():
            if current.is_dir():
                reason = later(N_("it is a folder, not a file"))
            else:
                reason = later(N_("it is not a file"))
            self._store.set_aside(current, reason, _saves.WHAT, _saves.NO_SAVED_GAME)
        return usable

    def close(self) -> None:
        """Finish the writes handed over and close the records database (optional: a
        write under way is finished at exit, and the operating system closes the rest)."""
        self.finish_writes()
        self._records.close()

    def settle_writes(self) -> bool:
        """Wait for the game in progress handed over to be written; whether the last write
        worked."""
        self._soon.settle()
        return self._soon.last

    def finish_writes(self) -> None:
        """Write the game in progress handed over (`save_session(soon=True)`) and stop the
        thread that writes it."""
        self._soon.close()

    @classmethod
    def from_argv(
        cls,
        argv: Sequence[str],
        *,
        environ: Mapping[str, str] | None = None,
        clock: Clock = local_now,
    ) -> Storage:
        """Storage for the folder named by `--data-dir` in argv (else env var, else platform)."""
        return cls(parse_data_dir(argv), environ=environ, clock=clock)

    def take_problems(self) -> list[str]:
        """The messages not yet shown, oldest first, in the language in use (they were made
        before it was chosen, perhaps); the list is emptied."""
        self._soon.settle()  # (the writer's refusal is in it, and it adds no more meanwhile)
        taken = [translated(problem) for problem in self.problems]
        self.problems.clear()
        return taken

    def _now(self) -> datetime:
        return self._store.clock()

    # ------------------------------------------------------------------------- settings
    def _load_settings(self) -> Settings:
        bad_fields: list[str] = []

        def parse(data: JsonObject) -> Settings:
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

    # ------------------------------------------------------------------------- network seats
    def load_net_seats(self, format_version: int, parse: Callable[[JsonObject], T]) -> T | None:
        """The seats this player holds at network tables, read now (another copy of the game
        may have written them since): `parse` (game.net.seat_keys, which knows what they
        mean) gets the checked object. None when there are none, or the file was damaged:
        then it is set aside and reported, and no seat is offered to take again."""
        return self._store.load(
            self.paths.net_seats, format_version, parse, NET_SEATS_WHAT, NET_SEATS_LOST
        )

    def save_net_seats(self, data: JsonMapping) -> bool:
        """Write the seats at network tables; False (and a problem) if the disk refused."""
        return self._store.save(self.paths.net_seats, data, NET_SEATS_WHAT)

    # ------------------------------------------------------------------------- game in progress
    def save_current(self, record: JsonMapping) -> bool:
        """Write a record made by `make_session_record`; False if the disk refused."""
        self._soon.settle()  # after what was handed over, never under it
        return self._current.save(record)

    def save_game(
        self,
        game: Game,
        seats: Sequence[Seat],
        assisted: Iterable[int],
        started: datetime | str,
        extra: JsonMapping | None = None,
    ) -> bool:
        """Save the game in progress (call after every action): make the record and write it."""
        record = make_session_record(game, seats, assisted, started, extra, saved=self._now())
        return self.save_current(record)

    def save_session(self, session: PlayedMatch, *, soon: bool = False) -> bool:
        """Save a table session (a game.match.Session): in progress, it becomes the saved
        game; once its match is over, it is filed with `record_finished` (the result is kept
        in `last_finished`). False if the disk refused (a problem says why).

        `soon`: the game in progress is written on the writer's thread (game.storage.soon),
        and the answer is the last write's; a finished match is filed now either way."""
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
        record = make_session_record(game, seats, assisted, started, extra, saved=self._now())
        return self._soon.save(record) if soon else self.save_current(record)

    def has_current(self) -> bool:
        """Whether a game in progress is on disk (cheap; `load_current` checks it). The
        player is shown it is there: a new game may now take its place."""
        self._soon.settle()
        return self._current.exists()

    def load_current(self) -> SavedGame | None:
        """The game in progress checked through (replayed), or None; its `extra` is the
        app's own JSON object. An invalid file is set aside and reported.
        """
        self._soon.settle()
        return self._current.load()

    def clear_current(self) -> bool:
        """Forget the game in progress (it finished, or the player abandoned it)."""
        self._soon.settle()
        return self._current.clear()

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
        now = finished or self._now()  # one moment for the log, the statistics, high scores
        done = Finished(game, tuple(seats), tuple(assisted), started, expected_lost, now)
        filed, kept = self._filer.file(done)
        if not filed.saved:
            if kept and clear:
                self.clear_current()  # the finished game is kept in unfiled/: none replaces it
            return filed
        saved = self.clear_current() if clear else True
        return replace(filed, saved=saved)

    def unfiled_count(self) -> int:
        """Finished games not in the records yet (kept in memory or in the unfiled folder)."""
        return len(self._filer.waiting_origins())

    def unfiled_unkept(self) -> int:
        """Finished games not in the records that only this run of the game holds (not even
        in the unfiled folder: the disk refused that too): gone if the game closes."""
        return self._filer.unkept()

    def is_filed_yet(self, game: Game) -> bool:
        """Whether `game` (a finished one) is in the records, not waiting to be filed."""
        return game.origin() not in self._filer.waiting_origins()

    def file_unfiled(self, quiet: bool = False) -> int:
        """File every finished game the records refused before; returns how many are still
        not filed. `quiet`: a retry that fails again tells nothing new (it was told)."""
        told = len(self.problems)
        self._filer.file_waiting()
        left = self.unfiled_count()
        if quiet and left:
            del self.problems[told:]
        return left

    def refusal_kind(self) -> str:
        """Why the last save was refused, in telling.refusal_kind's kinds ("full",
        "read_only", "locked", "not_a_folder", "other"), looking at the folder if none was."""
        return self._records.refusal or folder_refusal(self.paths.data_dir)

    def unkept_detail(self) -> str:
        """What the player is told when a finished game could be kept nowhere on disk: the
        cause and its remedy, in the language in use."""
        return translated(unkept_detail(self.refusal_kind()))

    def filed_id(self, game: Game) -> str | None:
        """The history id of `game` if it is in the records already (by its origin)."""
        origin = game.origin()
        return self._records.run(lambda con: _tables.find_origin(con, origin), None)

    def _record_name(self, seat: Seat) -> str | None:
        name = profile_for_seat(seat)
        if name is None or seat.is_cpu:
            return name
        profile = self._profiles.book().find(name)
        if profile is None:
            log.warning("seat %r names no existing profile %r: played as a guest", seat.name, name)
            return None
        return profile.name

    def list_history(self, limit: int | None = None) -> list[HistorySummary]:
        """Finished games, newest first, at most `limit` (one indexed query whatever the
        number of games). A log that fails its checks is set aside, reported and skipped."""
        return self._filer.list_history(limit)

    def load_log(self, history_id: str) -> HistoryLog | None:
        """A finished game replayed and checked; None if missing or bad (set aside, reported)."""
        return self._filer.load_log(history_id)

    # ------------------------------------------------------------------------- profiles
    def list_profiles(self) -> list[Profile]:
        """People's profiles in creation order (the CPU levels are `CPU_PROFILES`), as they
        are on disk now (another copy of the game may have changed them)."""
        return list(self._profiles.book().profiles)

    def find_profile(self, name: str) -> Profile | None:
        """The profile called `name` (any letter case), if there is one."""
        return self._profiles.book().find(name)

    def create_profile(self, name: str) -> Profile:
        """A new profile; ValueError in words if the name is taken or not allowed, or the
        profiles cannot be changed now (the reason said)."""
        created = _saves.iso_time(self._now())
        return self._profiles.change(lambda book: book.create(name, created))

    def profile_for_name(self, name: str) -> Profile | None:
        """The profile called `name`, made now if there is none: a name played under becomes
        a profile, so a person's statistics are there without a step beforehand. None when
        the name cannot be one (a CPU level's name, the list is full, the disk refuses): a
        guest, then."""
        found = self.find_profile(name)
        if found is not None:
            return found
        try:
            return self.create_profile(name)
        except ValueError as refused:
            log.info("%r plays as a guest: %s", name, refused)
            return None

    def rename_profile(self, old: str, new: str) -> Profile:
        """Rename a profile and its statistics, together. High scores keep the names played
        under."""
        renamed: list[str] = []

        def rename(book: ProfileBook) -> Profile:
            before = book.find(old)
            profile = book.rename(old, new)
            assert before is not None  # rename raised otherwise
            renamed.append(before.name)
            return profile

        def tallies(con: sqlite3.Connection, profile: Profile) -> None:
            _tables.rename_in_tallies(con, renamed[-1], profile.name)

        return self._profiles.change(rename, tallies)

    def delete_profile(self, name: str) -> None:
        """Delete a profile and its statistics, together (history logs and high scores stay)."""

        def tallies(con: sqlite3.Connection, profile: Profile) -> None:
            _tables.delete_from_tallies(con, profile.name)

        self._profiles.change(lambda book: book.delete(name), tallies)

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
        return self._filer.rebuild_stats()

    def high_scores(self, variant: str, games: int = 1) -> list[HighScore]:
        """The table for a rule variant ("official", "free", "simple", "yatzy") and match
        length: each variant keeps its own."""
        key = table_key(variant, games)
        return self._records.run(lambda con: _tables.read_board(con, key), [])
