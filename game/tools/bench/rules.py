"""How many complete random-play solitaire games per second the rules engine plays.

Each game goes through `legal_actions` and `apply` on a `Game` exactly as the screen and the
CPU drive it (action log and undo history included), choosing uniformly among legal actions.
"""

from __future__ import annotations

import argparse
import random
import time

from game.rules import Game, GameConfig, StartOrder

DEFAULT_SECONDS = 5.0


def play_random_game(config: GameConfig, seed: int) -> int:
    """Play one game with random legal actions; returns the number of actions."""
    game = Game.new(config, seed=seed)
    choose = random.Random(seed).choice
    actions = 0
    while not game.state.is_over:
        game.apply(choose(game.legal_actions()))
        actions += 1
    return actions


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.tools.bench rules")
    parser.add_argument("--seconds", type=float, default=DEFAULT_SECONDS)
    args = parser.parse_args(argv)
    config = GameConfig(("Solo",), start=StartOrder.SEATED)
    play_random_game(config, -1)  # warm up
    games = actions = 0
    start, cpu_start = time.perf_counter(), time.process_time()
    while (elapsed := time.perf_counter() - start) < args.seconds:
        actions += play_random_game(config, games)
        games += 1
    cpu = time.process_time() - cpu_start
    print(
        f"rules: {games} random solitaire games in {elapsed:.2f} s wall, {cpu:.2f} s CPU (one core)"
    )
    print(
        f"rules: {games / elapsed:,.0f} games/s wall, {games / cpu:,.0f} games/s of CPU time "
        f"(the figure other processes on the machine do not skew), "
        f"{actions / cpu:,.0f} actions/s (goal >= 1,000 games/s)"
    )
    return 0
