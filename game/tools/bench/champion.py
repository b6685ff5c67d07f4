"""How long the Champion thinks, how long a win-chance update takes, and what they cost to load.

    python -m game.tools.bench champion                 # 20 seeded games per table size
    python -m game.tools.bench champion --games 50 --seats 2,4

Games are played through the rules engine: one Champion against one to three Experts (seats
rotating). Timed: every Champion decision (`choose`, as the table's CPU driver calls it, the
first of a turn working out the turn's win outlook) and the win chances of every seat after
every action (`win_chances`, as the table would show them). The start-up line is a fresh
interpreter importing the levels, loading the tables and making a first Champion decision;
its memory is the growth of the process's peak resident size over that. Goals (p99 under
250 ms a decision, a few ms a win-chance update) are shown, never asserted.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time

DECISION_GOAL = 250.0  # ms, p99
CHANCES_GOAL = 5.0  # ms, p99

_STARTUP = """
import resource, time
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
started = time.perf_counter()
from game.ai.levels.strategies import make_strategy
from game.rules import Game, GameConfig, StartOrder
game = Game.new(GameConfig(("a", "b"), start=StartOrder.SEATED), seed=1)
make_strategy("champion", 1).choose(game.state)
game.apply(make_strategy("champion", 1).choose(game.state))
make_strategy("champion", 1).choose(game.state)
seconds = time.perf_counter() - started
print(seconds, (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) / 1024)
"""


def _percentiles(samples: list[float]) -> str:
    ordered = sorted(samples)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    return f"median {statistics.median(ordered):.2f} ms, p99 {p99:.2f} ms, max {ordered[-1]:.2f} ms"


def play(seats: int, games: int, seed: int) -> tuple[list[float], list[float]]:
    """(decision ms, win-chance ms) over `games` games of a Champion and seats - 1 Experts."""
    from game.ai.levels.strategies import make_strategy
    from game.ai.winning.chances import win_chances
    from game.rules import Game, GameConfig, StartOrder

    decisions, chances = [], []
    for index in range(games):
        names = tuple(f"p{i}" for i in range(seats))
        game = Game.new(GameConfig(names, start=StartOrder.SEATED), seed=seed * 1000 + index)
        champion_seat = index % seats
        players = [
            make_strategy("champion" if s == champion_seat else "expert", seed + s)
            for s in range(seats)
        ]
        while not game.state.is_over:
            state = game.state
            started = time.perf_counter()
            action = players[state.player].choose(state)
            if state.player == champion_seat:
                decisions.append((time.perf_counter() - started) * 1e3)
            game.apply(action)
            started = time.perf_counter()
            win_chances(game.state)
            chances.append((time.perf_counter() - started) * 1e3)
    return decisions, chances


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.tools.bench champion")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seats", default="2,3,4")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)

    done = subprocess.run(
        [sys.executable, "-c", _STARTUP], capture_output=True, text=True, check=True
    )
    seconds, megabytes = (float(x) for x in done.stdout.split())
    print(
        f"champion: start-up (import, load the tables, first decisions) {seconds * 1e3:.0f} ms,"
        f" peak memory +{megabytes:.0f} MB"
    )
    for seats in (int(s) for s in args.seats.split(",")):
        decisions, chances = play(seats, args.games, args.seed)
        print(
            f"champion: decision, 1 Champion + {seats - 1} Expert(s), {args.games} games, "
            f"{len(decisions)} decisions: {_percentiles(decisions)} "
            f"(goal p99 < {DECISION_GOAL:g} ms)"
        )
        print(
            f"champion: win chances of {seats} seats after each action, {len(chances)} updates:"
            f" {_percentiles(chances)} (goal p99 < {CHANCES_GOAL:g} ms)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
