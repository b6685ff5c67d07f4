"""How long storage takes as the history grows, and how long a save after every action takes.

    python -m game.tools.bench storage [--games N [--games N ...]] [--repeat R] [--saves S]

For each N (default 1,000, 10,000 and 100,000) a records database holding N finished games is
built in a temporary folder (deleted afterwards), then timed, as the app calls them:

    record      Storage.record_finished of one more game (median of R new games)
    history     list_history(PAGE + 1): what the History screen reads on opening
    statistics  all_stats + profile_stats + high_scores: what the Statistics screen reads

How the history is made quickly: 300 seeded games (Ann, with a profile, against a CPU) are
played once with the rules engine; their logs are packed once, then N rows are inserted in
bulk transactions, each a distinct game id (finish times a minute apart, a fingerprint made
from the row's index) reusing one of the 300 logs. Statistics tallies and high scores are
folded in memory exactly as record_finished folds them, and written once.

Then, once: a mid-game save (`save_game`, JSON written and fsynced) and `load_current`
(which replays the log). Prints figures; asserts nothing. Goals: recording at 100,000 games
within 2x of recording at 1,000; History and Statistics open in under 100 ms at 100,000.
"""

from __future__ import annotations

import argparse
import json
import random
import sqlite3
import statistics
import tempfile
import time
from collections.abc import Callable, Sequence
from datetime import datetime, timedelta
from pathlib import Path

from game.match.seats import Seat
from game.rules import Game, GameConfig
from game.storage import Storage
from game.storage import tables as _tables
from game.storage.entries import entries_for_game
from game.storage.highscores import HighScore, HighScoreBook
from game.storage.history import make_log_record
from game.storage.records import pack
from game.storage.stats import Tally

DEFAULT_GAMES = (1_000, 10_000, 100_000)
BASE_GAMES = 300
BATCH = 5_000  # rows per transaction while building
PAGE = 50  # game.scenes.history.PAGE: the History screen reads PAGE + 1
SEATS = (Seat("Ann", profile="Ann"), Seat("Robo", "hard", colour=1))
NAMES = ("Ann", "CPU Hard")
START = datetime(2020, 1, 1, 12, 0, 0).astimezone()


def played(seed: int, players: tuple[str, ...] = ("Ann", "Robo")) -> Game:
    """A game played to its end by seeded random legal actions."""
    game = Game.new(GameConfig(players), seed)
    rng = random.Random(seed)
    while not game.state.is_over:
        game.apply(rng.choice(game.legal_actions()))
    return game


def mid_game(players: int, seed: int) -> Game:
    """A game with every card half full, played by seeded random choices."""
    game = Game.new(GameConfig(tuple(f"P{i + 1}" for i in range(players))), seed)
    rng = random.Random(seed)
    while sum(card.filled_count for card in game.state.cards) < 7 * players:
        game.apply(rng.choice(game.legal_actions()))
    return game


def build(folder: Path, count: int, base: list[Game]) -> None:
    """A records database with `count` finished games (see the module docstring)."""
    storage = Storage(folder, environ={})
    storage.create_profile("Ann")
    packed = []
    for game in base:
        record = make_log_record("@ID@", game, SEATS, (), START, START, {0: 3.0})
        summary = json.dumps({k: v for k, v in record.items() if k != "game"})
        packed.append((game, summary.replace(record["date"], "@DATE@"), pack(record["game"])))
    tallies: dict[str, Tally] = {}
    scores = HighScoreBook()
    rows = []
    for index in range(count):
        game, summary, blob = packed[index % len(packed)]
        finished = START + timedelta(minutes=index)
        date = finished.isoformat(timespec="seconds")
        log_id = f"{finished.strftime('%Y%m%d-%H%M%S')}-{index:012x}"
        rows.append((log_id, summary.replace("@ID@", log_id).replace("@DATE@", date), blob))
        for entry in entries_for_game(log_id, date, game, NAMES, (), [3.0, None]):
            for row in entry["rows"]:
                tallies.setdefault(row["name"], Tally()).add(entry, row)
        scores.add_game(log_id, date, game, SEATS, ())

    def insert(batch: list[tuple[str, str, bytes]]) -> Callable[[sqlite3.Connection], None]:
        def change(con: sqlite3.Connection) -> None:
            for log_id, summary, blob in batch:
                cursor = con.execute(
                    "INSERT INTO games (id, fingerprint, summary) VALUES (?, ?, ?)",
                    (log_id, log_id[-12:], summary),
                )
                con.execute("INSERT INTO logs (game, data) VALUES (?, ?)", (cursor.lastrowid, blob))

        return change

    for start in range(0, len(rows), BATCH):
        storage._records.write(insert(rows[start : start + BATCH]))
    storage._records.write(lambda con: _tables.write_tallies(con, tallies))
    for key, table in scores.tables.items():

        def board(
            con: sqlite3.Connection, key: str = key, table: Sequence[HighScore] = table
        ) -> None:
            _tables.write_board(con, key, table)

        storage._records.write(board)
    assert storage.problems == [], storage.problems
    storage.close()


def median_ms(action: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def open_statistics(storage: Storage) -> None:
    """What StatsScene.refresh reads."""
    every = storage.all_stats("american")
    for profile in storage.list_profiles():
        if profile.name not in every:
            storage.profile_stats(profile.name, "american")
    storage.high_scores("official", 1)


def bench_records(count: int, base: list[Game], extra: list[Game], repeat: int) -> str:
    with tempfile.TemporaryDirectory() as folder:
        started = time.perf_counter()
        build(Path(folder), count, base)
        built = time.perf_counter() - started
        start = time.perf_counter()
        storage = Storage(folder, environ={})
        opened = (time.perf_counter() - start) * 1000
        records = []
        for game in extra[:repeat]:
            start = time.perf_counter()
            done = storage.record_finished(game, SEATS, (), START)
            records.append(time.perf_counter() - start)
            assert done.saved and done.new, storage.problems
        history = median_ms(lambda: storage.list_history(PAGE + 1), 7)
        stats = median_ms(lambda: open_statistics(storage), 7)
        size = (Path(folder) / "records.sqlite3").stat().st_size
        storage.close()
    return (
        f"{count:>7,} games ({size / 1e6:6.1f} MB, built in {built:5.1f} s): "
        f"record {statistics.median(records) * 1000:6.2f} ms, "
        f"history {history:6.2f} ms, statistics {stats:6.2f} ms, start {opened:6.2f} ms"
    )


def bench_saves(saves: int) -> str:
    game = mid_game(4, seed=1)
    seats = [Seat(name) for name in game.config.players]
    with tempfile.TemporaryDirectory() as folder:
        storage = Storage(folder, environ={})
        save = median_ms(lambda: storage.save_game(game, seats, (), START), saves)
        size = storage.paths.current.stat().st_size
        load = median_ms(storage.load_current, 20)
    return (
        f"mid-game save (4 players, {len(game.log)} actions, {size:,} bytes): "
        f"median {save:.2f} ms over {saves} saves; load_current (replay and check) "
        f"median {load:.2f} ms"
    )


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.tools.bench storage")
    parser.add_argument("--games", type=int, action="append", help="history size (repeatable)")
    parser.add_argument("--repeat", type=int, default=9, help="games recorded per size")
    parser.add_argument("--saves", type=int, default=200, help="mid-game saves timed")
    args = parser.parse_args(argv)
    sizes = args.games or list(DEFAULT_GAMES)
    base = [played(seed) for seed in range(BASE_GAMES)]
    extra = [played(seed) for seed in range(10_000, 10_000 + args.repeat)]
    print(bench_saves(args.saves))
    for count in sizes:
        print(bench_records(count, base, extra, args.repeat), flush=True)
    return 0
