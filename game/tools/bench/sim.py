"""Expert solitaire games per second: the batch simulator beside the Rust `yatzy-solver`.

    python -m game.tools.bench sim                        # 20,000 games each, official rules
    python -m game.tools.bench sim --games 100000 --variant free
    python -m game.tools.bench sim --engine-games 100000  # and the distribution check

Measured in the same run, on the same machine:

- "game.tools.sim": `python -m game.tools.sim --players expert` as a user runs it
  (game.tools.tournament.run: worker processes started, tables loaded, games played), wall time;
  up to --workers processes, each playing chunks of 25,000 games (a single chunk is played
  in the calling process);
- "batch, this process": game.ai.tablemaker.batch.simulate in one process, its table already loaded;
- "yatzy-solver": the public Rust engine's optimal `Solver.simulate` (it uses every core),
  its table built before the clock starts, as ours is shipped. It is optional: install it
  with `pip install -e '.[bench]'`; without it the line says so.

Each figure is the best of `--repeat` runs (other work on a shared machine only slows a
run down). With --engine-games N, N games also go through the rules engine (the Expert
strategy, the tournament's other path, slow: about 240 games/s on two cores) and the two
score distributions are compared: mean, sd, bonus and Yahtzee rates with their z, and the
largest gap between the two score distributions (Kolmogorov-Smirnov) against its 1% bound.
"""

from __future__ import annotations

import argparse
import importlib.util
import math
import time
from collections.abc import Callable, Sequence
from typing import TypeVar

import numpy as np

from game.ai.exact.tables import value_table
from game.ai.tablemaker.batch import simulate
from game.rules import Variant
from game.tools import tournament
from game.tools.sim_records import GameRecord

T = TypeVar("T")

#: The yatzy-solver rule set that scores as each of ours (the same expected score, to 1e-5).
RUST_VARIANT = {
    Variant.OFFICIAL: "american+forced-joker",
    Variant.FREE: "american",
    Variant.SIMPLE: "american+no-bonus",
    Variant.YATZY: "yatzy-scandinavian",
}
GOAL = "at least the Rust engine's games/s"


def _best_time(run: Callable[[], T], repeat: int) -> tuple[float, T]:
    """The best wall time of `repeat` runs, and the last run's result."""
    started = time.perf_counter()
    result = run()
    best = time.perf_counter() - started
    for _ in range(repeat - 1):
        started = time.perf_counter()
        result = run()
        best = min(best, time.perf_counter() - started)
    return best, result


def _line(name: str, games: int, seconds: float, scores: np.ndarray) -> str:
    return (
        f"sim: {name:<26} {games / seconds:9,.0f} games/s  ({games:,} games in {seconds:.2f} s;"
        f" mean {scores.mean():.2f}, sd {scores.std(ddof=1):.2f})"
    )


def rust_games_per_second(
    variant: Variant, games: int, seed: int, repeat: int
) -> tuple[float, np.ndarray] | None:
    """(seconds, scores) of the Rust engine, or None when yatzy-solver is not installed."""
    if importlib.util.find_spec("yatzy_solver") is None:
        return None
    import yatzy_solver  # the optional '.[bench]' extra (untyped: see pyproject's [tool.mypy])

    solver = yatzy_solver.Solver.build(yatzy_solver.Variant(RUST_VARIANT[variant]))
    seconds, result = _best_time(lambda: solver.simulate(games, seed=seed), repeat)
    return seconds, np.asarray(result["scores"], dtype=np.int64)


def compare(batch: Sequence[GameRecord], engine: Sequence[GameRecord]) -> None:
    """Print how the batch simulator's games and the rules engine's compare."""
    a = np.array([r.totals[0] for r in batch])
    b = np.array([r.totals[0] for r in engine])
    print(f"sim: distribution, batch {len(a):,} games against the rules engine {len(b):,}:")
    rows = [
        (
            "mean",
            a.mean(),
            b.mean(),
            math.hypot(a.std(ddof=1) / len(a) ** 0.5, b.std(ddof=1) / len(b) ** 0.5),
        ),
    ]
    for name, pick in (("bonus rate", "bonus"), ("Yahtzee rate", "yahtzee")):
        pa = np.mean([getattr(r, pick)[0] for r in batch])
        pb = np.mean([getattr(r, pick)[0] for r in engine])
        pooled = (pa * len(a) + pb * len(b)) / (len(a) + len(b))
        rows.append((name, pa, pb, math.sqrt(pooled * (1 - pooled) * (1 / len(a) + 1 / len(b)))))
    sa, sb = a.std(ddof=1), b.std(ddof=1)

    # The sd of a sample sd, for these long-tailed scores: from the fourth moment.
    def sd_error(x: np.ndarray) -> float:
        m4 = np.mean((x - x.mean()) ** 4)
        return float(math.sqrt(max(m4 - x.var() ** 2, 0.0) / len(x)) / (2 * x.std()))

    rows.insert(1, ("sd", sa, sb, math.hypot(sd_error(a), sd_error(b))))
    for name, va, vb, se in rows:
        z = (va - vb) / se if se else 0.0
        print(f"sim:   {name:<13} batch {va:9.4f}  engine {vb:9.4f}  z {z:+.2f}")
    grid = np.arange(min(a.min(), b.min()), max(a.max(), b.max()) + 1)
    cdf_a = np.searchsorted(np.sort(a), grid, side="right") / len(a)
    cdf_b = np.searchsorted(np.sort(b), grid, side="right") / len(b)
    gap = float(np.abs(cdf_a - cdf_b).max())
    bound = 1.63 * math.sqrt((len(a) + len(b)) / (len(a) * len(b)))  # 1% level
    print(f"sim:   largest gap between the score distributions {gap:.4f} (1% bound {bound:.4f})")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.tools.bench sim")
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variant", choices=[v.value for v in Variant], default="official")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=2, help="runs per figure (best kept)")
    parser.add_argument("--engine-games", type=int, default=0, help="rules-engine games to compare")
    args = parser.parse_args(argv)
    variant = Variant(args.variant)
    games = args.games

    seconds, records = _best_time(
        lambda: tournament.run(("expert",), games, args.seed, variant, args.workers), args.repeat
    )
    scores = np.array([r.totals[0] for r in records])
    print(_line(f"game.tools.sim, {args.workers} workers", games, seconds, scores))
    value_table(variant)
    simulate(100, variant, seed=0)  # loads what the first game needs, off the clock
    seconds, cards = _best_time(lambda: simulate(games, variant, args.seed), args.repeat)
    print(_line("batch, this process", games, seconds, cards.totals))
    rust = rust_games_per_second(variant, games, args.seed, args.repeat)
    if rust is None:
        print("sim: yatzy-solver is not installed (pip install -e '.[bench]'): no Rust figure")
    else:
        print(_line(f"yatzy-solver ({RUST_VARIANT[variant]})", games, *rust))
    print(f"sim: expected score {value_table(variant).values[0, 0, 0]:.4f} (goal: {GOAL})")
    if args.engine_games:
        started = time.perf_counter()
        engine = tournament.run(
            ("expert",), args.engine_games, args.seed, variant, args.workers, engine=True
        )
        print(
            f"sim: rules engine {args.engine_games:,} games"
            f" in {time.perf_counter() - started:.0f} s"
        )
        compare(records, engine)
    return 0
