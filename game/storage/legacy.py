"""The one-time import of the JSON records older versions kept, into records.sqlite3.

Older versions wrote `history/<id>.json` (one log per finished game), `stats.json` (entries
and carried totals) and `highscores.json`. At the first start that finds any of them:

1. everything is read and checked as before (a bad file is set aside and reported, the rest
   is imported);
2. one transaction inserts the logs, the statistics (each profile's totals exactly as
   stats.json folded them, so every figure is what it was) and the high-score tables, and
   notes the import in `meta` ("json_import");
3. only then are the files moved, never deleted, into `imported-json/` (logs into
   `imported-json/history/`).

A start after a crash between 2 and 3 finds the note and only finishes the moving, so nothing
is counted twice. If the disk refuses the transaction, the files stay and the next start tries
again.

Names in history/ that are not logs are skipped and left where they are. A history/ that is a
symbolic link is not read or touched (reported): the game never moves or writes anything
outside its data folder, and never moves a link's target.
"""

from __future__ import annotations

import contextlib
import functools
import logging
import os
import sqlite3
import stat
from pathlib import Path
from typing import Any

from game.i18n import N_, later
from game.storage.highscores import HIGHSCORES_FORMAT, HighScoreBook
from game.storage.history import HISTORY_FORMAT, ID_PATTERN, LEFT_OUT, WHAT, parse_summary
from game.storage.jsonfile import JsonStore
from game.storage.paths import DataPaths, ensure_dir
from game.storage.records import Records
from game.storage.saves import iso_time
from game.storage.stats import STATS_FORMAT, StatsBook
from game.storage.tables import get_meta, insert_game, set_meta, write_board, write_tallies

log = logging.getLogger(__name__)

META_KEY = "json_import"


def pending(paths: DataPaths) -> bool:
    """Whether any file of the old layout is there (one lstat each: cheap at every start)."""
    return any(os.path.lexists(p) for p in (paths.stats, paths.highscores, paths.history))


def log_names(store: JsonStore, paths: DataPaths, *, report: bool) -> list[str]:
    """The log files in history/ (regular files named as logs), oldest first."""
    folder = paths.history
    if os.path.islink(folder):
        if report:
            store.report(
                later(
                    N_(
                        "The history folder is a symbolic link; the game does not follow links "
                        "out of its data folder, so the games in it were not imported and it is "
                        "left as it is."
                    )
                )
            )
        return []
    if os.path.lexists(folder) and not folder.is_dir():
        if report:
            store.set_aside(
                folder, later(N_("it is a file where the history folder should be")), WHAT
            )
        return []
    try:
        entries = list(os.scandir(folder))
    except FileNotFoundError:
        return []
    except OSError as bad:
        store.report(
            later(
                N_("The old game history could not be read ({error})."),
                error=bad.strerror or str(bad),
            )
        )
        return []
    names = []
    for entry in entries:
        stem = entry.name[: -len(".json")] if entry.name.endswith(".json") else ""
        if not ID_PATTERN.match(stem):
            continue  # not a log (a note, a set-aside copy, a temp file): left alone
        try:
            regular = stat.S_ISREG(entry.stat(follow_symlinks=False).st_mode)
        except OSError:
            regular = False
        if regular:
            names.append(entry.name)
        else:
            log.info("skipped %s in the history folder: not a regular file", entry.name)
    return sorted(names)


def _checked_log(data: dict[str, Any], log_id: str) -> dict[str, Any]:
    parse_summary(data, log_id)  # the replay is checked when the log is opened (load_log)
    if not isinstance(data.get("game"), dict):
        raise ValueError("the log holds no game")
    return data


def import_json(records: Records, store: JsonStore, paths: DataPaths) -> None:
    """Import the old files once (see the module docstring); quiet if there are none."""
    if not pending(paths):
        return
    if records.run(lambda con: get_meta(con, META_KEY), None) is None:
        logs = []
        for name in log_names(store, paths, report=True):
            log_id = name[: -len(".json")]
            record = store.load(
                paths.history / name,
                HISTORY_FORMAT,
                functools.partial(_checked_log, log_id=log_id),
                WHAT,
                LEFT_OUT,
            )
            if record is not None:
                logs.append(record)
        stats = store.load(paths.stats, STATS_FORMAT, StatsBook.from_dict, later(N_("statistics")))
        scores = store.load(
            paths.highscores, HIGHSCORES_FORMAT, HighScoreBook.from_dict, later(N_("high scores"))
        )
        if not logs and stats is None and scores is None:
            move_imported(store, paths)  # nothing to keep (an empty history/): no database
            return
        note = f"{iso_time(store.clock())}: {len(logs)} logs"

        def insert(con: sqlite3.Connection) -> None:
            if get_meta(con, META_KEY) is not None:
                return  # another copy of the game imported them a moment ago
            for record in logs:
                insert_game(con, record)
            if stats is not None:
                write_tallies(con, stats.tallies())
            for key, table in (scores.tables if scores else {}).items():
                write_board(con, key, table)
            set_meta(con, META_KEY, note)

        saved, _ = records.write(insert)
        if not saved:
            return  # reported; the files stay and the next start tries again
        log.info("imported the old JSON records: %s", note)
    move_imported(store, paths)


def move_imported(store: JsonStore, paths: DataPaths) -> None:
    """Move the imported files into imported-json/, keeping them; never over another file."""
    target = paths.imported
    if os.path.islink(target) or (os.path.lexists(target) and not target.is_dir()):
        store.report(
            later(
                # TRANSLATORS: "records": the saved statistics, history and high scores of an
                # older version of the game.
                N_(
                    "The old records were imported, but {name} is not a folder, so the old "
                    "files stay where they are."
                ),
                name=target.name,
            )
        )
        return
    moves = [(paths.stats, target / paths.stats.name)]
    moves.append((paths.highscores, target / paths.highscores.name))
    for name in log_names(store, paths, report=False):
        moves.append((paths.history / name, target / paths.history.name / name))
    try:
        for source, dest in moves:
            if not os.path.lexists(source) or os.path.lexists(dest):
                continue
            ensure_dir(dest.parent)
            os.rename(source, dest)  # a link is moved itself, never its target
    except OSError as bad:
        store.report(
            later(
                # TRANSLATORS: "records": the saved statistics, history and high scores of an older
                # version of the game.
                N_("The imported old records could not be moved ({error})."),
                error=bad.strerror or str(bad),
            )
        )
        return
    _remove_if_empty(paths.history)


def _remove_if_empty(folder: Path) -> None:
    if os.path.islink(folder):
        return
    with contextlib.suppress(OSError):  # not empty (a note, a set-aside log): left as it is
        folder.rmdir()
