"""How long the optimal solver takes to build each variant's table, and how much memory.

    python -m game.tools.bench solver                    # every variant
    python -m game.tools.bench solver --variant official
    python -m game.tools.bench solver --games 20000      # also simulate optimal games (slow)

Each build runs in a fresh interpreter, so its peak resident memory (ru_maxrss) is its own and
not inflated by an earlier build; the interpreter-plus-numpy baseline is shown beside it, and
tracemalloc's peak of traced allocations (numpy's included). Timing goals (<= 10 s, < 400 MB)
are shown, never asserted.

`--games N` plays N seeded solitaire games with the shipped table's optimal policy and prints
the distribution of final scores (mean, sd, median, upper-bonus and Yahtzee rates).
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import statistics
import subprocess
import sys
import time
import tracemalloc

from game.json_types import JsonObject
from game.rules import Variant

BUILD_GOAL = 10.0  # s
MEMORY_GOAL = 400.0  # MB


def _maxrss_mb() -> float:
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return rss / 1e6 if sys.platform == "darwin" else rss / 1e3  # bytes on macOS, else kB


def _child(variant: Variant, traced: bool) -> dict[str, object]:
    """Build one table in this (fresh) process and measure it."""
    from game.ai.exact.solver import build_table

    baseline = _maxrss_mb()
    started = time.perf_counter()
    values = build_table(variant)
    seconds = time.perf_counter() - started
    maxrss = _maxrss_mb()
    peak = None
    if traced:
        # A second build under tracemalloc, which slows Python several times over: its time
        # is not the one reported.
        del values
        tracemalloc.start()
        values = build_table(variant)
        peak = tracemalloc.get_traced_memory()[1] / 1e6
        tracemalloc.stop()
    return {
        "variant": variant.value,
        "seconds": seconds,
        "maxrss_mb": maxrss,
        "baseline_mb": baseline,
        "traced_mb": peak,
        "empty_card": float(values[0, 0, 0]),
    }


def _measure(variant: Variant, traced: bool) -> JsonObject:
    command = [sys.executable, "-m", "game.tools.bench.solver", "--child", variant.value]
    if traced:
        command.append("--traced")
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    measured: JsonObject = json.loads(done.stdout.strip().splitlines()[-1])  # _child's
    return measured


def simulate(variant: Variant, games: int, seed: int = 0) -> dict[str, float]:
    """Play `games` solitaire games choosing option_values' first every time (seeded)."""
    from game.ai.exact.options import Keep, option_values
    from game.rules import Category, Scorecard

    rng = random.Random(seed)
    totals, bonuses, yahtzees = [], 0, 0
    for _ in range(games):
        card = Scorecard()
        while not card.is_complete:
            dice = tuple(rng.randint(1, 6) for _ in range(5))
            rolls_left = 2
            while True:
                choice = option_values(card, dice, rolls_left, variant)[0][0]
                if not isinstance(choice, Keep):
                    break
                rest = tuple(rng.randint(1, 6) for _ in range(5 - len(choice.faces)))
                dice, rolls_left = choice.faces + rest, rolls_left - 1
            card = card.fill(choice.category, dice, variant)
        totals.append(card.total)
        bonuses += card.upper_bonus > 0
        yahtzees += card[Category.YAHTZEE] == 50
    return {
        "games": games,
        "mean": statistics.fmean(totals),
        "sd": statistics.stdev(totals) if games > 1 else 0.0,
        "median": statistics.median(totals),
        "bonus_rate": bonuses / games,
        "yahtzee_rate": yahtzees / games,
    }


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.tools.bench solver")
    parser.add_argument("--variant", choices=[v.value for v in Variant] + ["all"], default="all")
    parser.add_argument("--traced", action="store_true", help="also trace allocations (slower)")
    parser.add_argument("--games", type=int, default=0, help="simulate N optimal games too")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        print(json.dumps(_child(Variant(args.child), args.traced)))
        return 0
    variants = list(Variant) if args.variant == "all" else [Variant(args.variant)]
    print(
        f"solver: table build per variant, fresh process each (goal <= {BUILD_GOAL:g} s, "
        f"< {MEMORY_GOAL:g} MB peak)"
    )
    for variant in variants:
        m = _measure(variant, args.traced)
        traced = f", traced peak {m['traced_mb']:.0f} MB" if m["traced_mb"] is not None else ""
        print(
            f"solver: {m['variant']:8s} {m['seconds']:5.2f} s  peak RSS {m['maxrss_mb']:.0f} MB "
            f"(interpreter + numpy {m['baseline_mb']:.0f} MB{traced})  "
            f"empty card {m['empty_card']:.4f}"
        )
    if args.games > 0:
        for variant in variants:
            started = time.perf_counter()
            s = simulate(variant, args.games)
            print(
                f"solver: {variant.value:8s} {s['games']} optimal games: mean {s['mean']:.2f} "
                f"(+/- {s['sd'] / s['games'] ** 0.5:.2f}), sd {s['sd']:.2f}, "
                f"median {s['median']:g}, upper bonus {s['bonus_rate']:.1%}, "
                f"Yahtzee {s['yahtzee_rate']:.1%} ({time.perf_counter() - started:.0f} s)"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
