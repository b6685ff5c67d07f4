"""How long saving takes: `python -m game.storage.bench [--players N] [--saves N]`.

Plays a seeded game to its middle, then times `Storage.save_game` (record building, JSON
encoding, write, fsync of file and folder) as the app calls it after every action, and
`load_current` (which replays the log to check it). Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time

from game.rules import Game, GameConfig
from game.seats import Seat
from game.storage import Storage


def mid_game(players: int, seed: int) -> Game:
    """A game with every card half full, played by seeded random choices."""
    game = Game.new(GameConfig(tuple(f"P{i + 1}" for i in range(players))), seed)
    rng = random.Random(seed)
    while sum(card.filled_count for card in game.state.cards) < 7 * players:
        game.apply(rng.choice(game.legal_actions()))
    return game


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.storage.bench")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--saves", type=int, default=200)
    args = parser.parse_args(argv)

    game = mid_game(args.players, seed=1)
    seats = [Seat(name) for name in game.config.players]
    with tempfile.TemporaryDirectory() as folder:
        storage = Storage(folder)
        times = []
        for _ in range(args.saves):
            start = time.perf_counter()
            storage.save_game(game, seats, False, "2026-01-01T12:00:00+00:00")
            times.append(time.perf_counter() - start)
        size = storage.paths.current.stat().st_size
        loads = []
        for _ in range(20):
            start = time.perf_counter()
            storage.load_current()
            loads.append(time.perf_counter() - start)
    ms = sorted(t * 1000 for t in times)
    print(
        f"mid-game save ({args.players} players, {len(game.log)} actions, {size:,} bytes): "
        f"median {statistics.median(ms):.2f} ms, mean {statistics.fmean(ms):.2f} ms, "
        f"95th {ms[int(len(ms) * 0.95) - 1]:.2f} ms, max {ms[-1]:.2f} ms over {len(ms)} saves"
    )
    print(f"load_current (replay and check): median {statistics.median(loads) * 1000:.2f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
