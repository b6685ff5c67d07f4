"""Everything the game keeps on disk, behind one `Storage` object. Headless: no pygame.

Use:

    storage = Storage.from_argv(sys.argv)          # or Storage(data_dir=None)
    storage.settings                               # Settings, loaded (defaults if none)
    storage.save_settings(storage.settings.replace(muted=True))
    for message in storage.take_problems(): ...    # show damaged-file notes to the player

    storage.save_session(session)   # after EVERY action (about 1 ms); files it once over
    # ... or, without a session object:
    storage.save_game(game, seats, assisted, started, extra)
    done = storage.record_finished(game, seats, assisted, started, expected_lost)

    saved = storage.load_current()     # None, or a SavedGame checked through (replayed):
    saved.game, saved.seats, saved.assisted, saved.started, saved.extra   # extra: the app's
    storage.list_history(); storage.load_log(done.history_id)
    storage.create_profile("Ann"); storage.profile_stats("Ann", "yatzy")   # on a card (its id)
    storage.high_scores("official", 1)             # a variant's table, by match length
    storage.last_table; storage.save_last_table(LastTable(...))   # the setup's last table
    storage.rebuild_stats()                        # statistics again from the history logs

Nothing raises because of a file's contents. Every file and folder is read through one
checked reader (reading.py): regular files only, bounded in size and nesting, never through
a symbolic link, never a pipe or a device. A damaged file is moved aside under a timestamped
name (never overwriting an earlier one), one line goes into `storage.problems`, and defaults
are used. A refused write (disk full, read-only, a file where the folder should be) also
adds a line naming the cause and its remedy, and returns False; the game goes on. Symbolic
links in the data folder are never followed or written through, and their targets never
moved.

Two or more copies of the game may share one data folder (docs/storage.md): each files its
finished games (once each, whichever files it), changes profiles only as they are on disk
under the records' lock (or is refused with the reason), never writes over another copy's
game in progress, and never sets the records aside while another process has them open.

Folder layout (the folders are created only when something is first written):

    <data folder>/                  the game's own files
        current.json                the game in progress, rewritten after every action
        profiles.json               player profiles (names)
        last-table.json             the seats and rules the last game was started with,
                                    for the next New game (see last_table.py)
        network-seats.json          the seats this player holds at network tables (the
                                    invite and the seat token), to take again after the
                                    game closed (see game/net/seat_keys.py)
        records.sqlite3             finished games (replayable logs), statistics and high
                                    scores: one SQLite database (see records.py), plus its
                                    -wal and -shm files while the game runs
        unfiled/ORIGIN.json         a finished game the records refused, until they take
                                    it (see unfiled.py)
    <config folder>/
        settings.json               the player's settings
    Damaged files are kept beside the originals as NAME.corrupt-YYYYMMDD-HHMMSS[-N].json
    (records.corrupt-...sqlite3 with its -wal and -shm for the database; in unfiled/, with
    no .json, so they are never read again). A history log that fails its checks, or holds
    another ending of a game filed before, is moved into the database's set_aside table.
    NAME.json.tmp-PID-XXXXXXXX files exist only while a write is in flight; one left by a
    crash is removed at the next start.

    Why settings, profiles and the game in progress stay JSON: they are small, read whole and
    written whole, and a player may edit or delete them by hand; current.json is rewritten
    after every action in about a millisecond and a damaged records file can never cost the
    game in progress (nor the other way round). What grows with every game played, and must
    be filed atomically, is in the database.

    The data folder is platformdirs' user_data_dir("yahtzee-table"):
        Linux   ~/.local/share/yahtzee-table      (settings: ~/.config/yahtzee-table)
        macOS   ~/Library/Application Support/yahtzee-table   (settings there too)
        Windows %LOCALAPPDATA%\\yahtzee-table      (settings there too)
    `--data-dir PATH` on the command line, or the YAHTZEE_DATA_DIR environment variable,
    puts everything, settings included, in that one folder (an empty name is refused).
"""

from __future__ import annotations

from game.storage.finished import FinishedRecord
from game.storage.highscores import HighScore
from game.storage.history import HistoryLog, HistorySummary
from game.storage.last_table import LastTable, TableSeat
from game.storage.paths import DataPaths, parse_data_dir, resolve_paths
from game.storage.profiles import CPU_PROFILES, Profile, cpu_profile_name
from game.storage.saves import SavedGame, make_session_record
from game.storage.settings import DEFAULT_KEY_BINDINGS, INTENTS, Settings
from game.storage.stats import HeadToHead, ProfileStats, histogram
from game.storage.store import Storage

__all__ = [
    "CPU_PROFILES",
    "DEFAULT_KEY_BINDINGS",
    "INTENTS",
    "DataPaths",
    "FinishedRecord",
    "HeadToHead",
    "HighScore",
    "HistoryLog",
    "HistorySummary",
    "LastTable",
    "Profile",
    "ProfileStats",
    "SavedGame",
    "Settings",
    "Storage",
    "TableSeat",
    "cpu_profile_name",
    "histogram",
    "make_session_record",
    "parse_data_dir",
    "resolve_paths",
]
