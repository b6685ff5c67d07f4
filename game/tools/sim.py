"""The tournament runner's command line: CPU levels play complete games against each other
(or solitaire), and their strength is printed.

    python -m game.tools.sim --players expert --games 10000 --seed 1
    python -m game.tools.sim --players expert,hard --games 20000 --seed 1 --workers 2 --json
    python -m game.tools.sim --players medium,easy,beginner --games 1000 --tie-breaker

How the games are played (the rules engine, or the batch simulator for all-Expert tables),
seeded and summarised is game.tools.tournament's job; this module reads
the options, shows the progress and prints the summary per player, as a table or as JSON.
The output does not depend on --workers.

--records FILE keeps every game in FILE as it finishes and plays only the games it lacks, so
a long tournament can be stopped and resumed (game.tools.sim_records). --calibration checks
the win chances instead, over games seated and seeded as the tournament's
(game.tools.calibration).

Exit status: 0; 2 for bad arguments (with the usage) or a --records file that cannot be used;
130 when interrupted.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from game.ai.levels.spec import LEVELS
from game.rules import Variant
from game.rules.config import MAX_PLAYERS
from game.tools import sim_records
from game.tools.sim_records import GameRecord, RecordsError
from game.tools.tournament import (
    PlayerSummary,
    derive_seed,
    run,
    seat_order,
    summarize,
)

MAX_GAMES = 10_000_000


def _levels(text: str) -> tuple[str, ...]:
    levels = tuple(part.strip().lower() for part in text.split(","))
    unknown = [level for level in levels if level not in LEVELS]
    if unknown:
        raise argparse.ArgumentTypeError(
            f"unknown level {unknown[0]!r}: choose from {', '.join(LEVELS)}"
        )
    if not 1 <= len(levels) <= MAX_PLAYERS:
        raise argparse.ArgumentTypeError(f"1 to {MAX_PLAYERS} players")
    return levels


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more, got {value}")
    return value


def _seed(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m game.tools.sim",
        description="Play CPU levels against each other (or solitaire) and report their strength.",
    )
    parser.add_argument(
        "--players",
        type=_levels,
        required=True,
        help=f"comma-separated levels, 1 to {MAX_PLAYERS} ({', '.join(LEVELS)}); one is solitaire",
    )
    parser.add_argument("--games", type=_positive, default=1000, help="games to play (1000)")
    parser.add_argument("--seed", type=_seed, default=1, help="tournament seed (1)")
    parser.add_argument(
        "--variant", choices=[v.value for v in Variant], default=Variant.OFFICIAL.value
    )
    parser.add_argument(
        "--workers",
        type=_positive,
        default=min(2, os.cpu_count() or 1),
        help="worker processes (2, or 1 on one core)",
    )
    parser.add_argument("--tie-breaker", action="store_true", help="play off tied games")
    parser.add_argument(
        "--forced-order", action="store_true", help="boxes filled top to bottom (any card)"
    )
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    parser.add_argument(
        "--calibration",
        action="store_true",
        help="check the win chances instead (game.tools.calibration)",
    )
    parser.add_argument(
        "--paces",
        choices=("levels", "played", "expert"),
        default="levels",
        help="with --calibration, how the win chances take each seat (game.ai.levels.pace): at its"
        " level's measured pace (levels), at the pace its own decisions show so far, as a"
        " person's (played), or all as the Expert (expert)",
    )
    parser.add_argument(
        "--records",
        type=Path,
        help="keep every game in this file as it finishes, and play only the games it lacks"
        " (game.tools.sim_records)",
    )
    args = parser.parse_args(argv)
    if args.games > MAX_GAMES:
        parser.error(f"argument --games: at most {MAX_GAMES:,}")
    return args


class ProgressBar:
    """A one-line bar on stderr, redrawn at most ten times a second."""

    WIDTH = 30

    def __init__(self, stream: TextIO = sys.stderr) -> None:
        self.stream = stream
        self.started = time.perf_counter()
        self._drawn = 0.0

    def __call__(self, done: int, total: int) -> None:
        now = time.perf_counter()
        if done < total and now - self._drawn < 0.1:
            return
        self._drawn = now
        filled = self.WIDTH * done // total
        bar = "#" * filled + "-" * (self.WIDTH - filled)
        elapsed = now - self.started
        self.stream.write(f"\r[{bar}] {done}/{total} games, {elapsed:.1f} s")
        if done == total:
            self.stream.write("\n")
        self.stream.flush()


def format_table(summaries: Sequence[PlayerSummary]) -> str:
    head = (
        f"{'player':<12} {'mean':>7} {'sd':>6} {'median':>7} {'bonus':>6} {'yahtzee':>8}"
        f" {'wins':>9} {'win%':>6} {'lost/game':>9}"
    )
    lines = [head]
    for s in summaries:
        lines.append(
            f"{f'{s.player} {s.level}':<12} {s.mean:7.2f} {s.sd:6.2f} {s.median:7.1f}"
            f" {s.bonus_rate:6.1%} {s.yahtzee_rate:8.1%} {s.wins:9.1f} {s.win_rate:6.1%}"
            f" {s.points_lost:9.3f}"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    variant = Variant(args.variant)
    show = not args.quiet and sys.stderr.isatty() and args.games >= 100
    if args.calibration:
        from game.tools import calibration  # it plays games as the tournament does

        how = calibration.Seating(seat_order, derive_seed)
        progress = ProgressBar() if show else None
        return calibration.report(
            args.players,
            args.games,
            args.seed,
            how,
            variant,
            args.workers,
            args.json,
            progress,
            args.paces,
            args.forced_order,
        )
    started = time.perf_counter()
    known, finished = {}, None
    if args.records:
        expected = sim_records.header(
            args.players, args.seed, variant.value, args.tie_breaker, args.forced_order
        )
        try:
            known = sim_records.read(args.records, expected)
            sim_records.start(args.records, expected)
        except (RecordsError, OSError) as error:
            print(f"--records: {error}", file=sys.stderr)
            return 2

        def finished(done: list[GameRecord]) -> None:
            sim_records.append(args.records, done)

    try:
        records = run(
            args.players,
            args.games,
            args.seed,
            variant,
            args.workers,
            args.tie_breaker,
            ProgressBar() if show else None,
            known=known,
            finished=finished,
            forced_order=args.forced_order,
        )
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130
    elapsed = time.perf_counter() - started
    summaries = summarize(args.players, records)
    if args.json:
        report = {
            "players": list(args.players),
            "games": args.games,
            "seed": args.seed,
            "variant": variant.value,
            "tie_breaker": args.tie_breaker,
            "forced_order": args.forced_order,
            "start": "seated, rotating one seat per game",
            "results": [s.to_dict() for s in summaries],
        }
        print(json.dumps(report, indent=2))
    else:
        mode = "solitaire" if len(args.players) == 1 else "head to head"
        print(
            f"{args.games} games ({mode}), {variant.value} rules, seed {args.seed}"
            + (", tie-breaker" if args.tie_breaker else "")
            + (", forced order" if args.forced_order else "")
        )
        print(format_table(summaries))
    if not args.quiet:
        print(
            f"{args.games} games in {elapsed:.1f} s with {args.workers} worker(s)",
            file=sys.stderr,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
