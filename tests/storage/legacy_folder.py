"""A data folder as older versions left it: history/*.json, stats.json, highscores.json.

`write_legacy_folder` files finished games exactly as `Storage.record_finished` did before the
records moved into SQLite (the log, then the statistics entries, then the high scores, each
file written whole), using the same format functions. Checked byte for byte against that code
when the import was written.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime, timedelta
from pathlib import Path

from game.match.seats import Seat
from game.rules import Game, GameConfig
from game.storage.highscores import HighScoreBook
from game.storage.history import fingerprint, log_id_for, lost_per_player, make_log_record
from game.storage.jsonfile import write_json
from game.storage.profiles import ProfileBook, profile_for_seat
from game.storage.saves import iso_time
from game.storage.stats import StatsBook, entries_for_game

from .conftest import FIXED_TIME, SEATS, STARTED, play, two_player_game

SOLO = (Seat("Solo"),)


def legacy_games() -> list[tuple[Game, Sequence[Seat], bool, dict[int, float] | None]]:
    """Five seeded games: three of Ann against a CPU (one a two-game match), two solitaire."""
    return [
        (two_player_game(seed=3), SEATS, False, {0: 6.5}),
        (two_player_game(seed=4, games=2), SEATS, True, None),
        (play(Game.new(GameConfig(("Solo",)), 5), 5), SOLO, False, None),
        (two_player_game(seed=6), SEATS, False, {0: 2.0}),
        (play(Game.new(GameConfig(("Solo",)), 7), 7), SOLO, True, None),
    ]


def write_legacy_folder(folder: Path, start: datetime = FIXED_TIME) -> list[str]:
    """Write the old layout for `legacy_games()`, a minute apart; returns the log ids.
    Old files kept one assisted flag for the whole table, not one per player."""
    profiles = ProfileBook()
    profiles.create("Ann", iso_time(start))
    write_json(folder / "profiles.json", profiles.to_dict())
    stats, scores, ids = StatsBook(), HighScoreBook(), []
    for minute, (game, seats, assisted, lost) in enumerate(legacy_games()):
        finished = start + timedelta(minutes=minute)
        log_id = log_id_for(finished, fingerprint(game))
        record = make_log_record(log_id, game, seats, (), finished, STARTED, lost)
        record["assisted"] = assisted
        write_json(folder / "history" / f"{log_id}.json", record)
        date = iso_time(finished)
        names = [profile_for_seat(seat) for seat in seats]
        lost_list = lost_per_player(game, lost)
        entries = entries_for_game(log_id, date, game, names, (), lost_list)
        for entry in entries:
            entry["assisted"] = assisted
            for row in entry["rows"]:
                del row["assisted"]
        stats.add(entries)
        everyone = range(len(seats)) if assisted else ()
        scores.add_game(log_id, date, game, seats, everyone)
        ids.append(log_id)
    write_json(folder / "stats.json", stats.to_dict())
    write_json(folder / "highscores.json", scores.to_dict())
    return ids


def legacy_figures(folder: Path) -> tuple[dict, dict]:
    """What the old code showed for a folder: (all_stats, high-score tables by key)."""
    stats = StatsBook.from_dict(json.loads((folder / "stats.json").read_text()))
    scores = HighScoreBook.from_dict(json.loads((folder / "highscores.json").read_text()))
    return stats.stats(), scores.tables
