"""The tournament runner: CPU levels play complete games through the rules engine.

    python -m game.tools.sim --players expert --games 10000 --seed 1
    python -m game.tools.sim --players expert,hard --games 20000 --seed 1 --workers 2 --json
    python -m game.tools.sim --players medium,easy,beginner --games 1000 --tie-breaker

Every game goes through `game.rules.Game` (legal actions, the Joker rules of the variant, the
action log) exactly as at the table; each player is a `game.ai.levels` strategy. One player
is solitaire.

All-Expert tournaments (solitaire or a table of Experts, without --tie-breaker) on the
American card take the fast path instead (on Yatzy they go through the rules engine, with a
note: the batch simulator plays only the American card so far): the Expert ignores the
other seats, so every seat's card is an independent solitaire card, and `game.ai.batch`
plays them all at once with numpy arrays, making the same choices as the Expert at the
table (100,000 games take seconds, not minutes). The winner is the highest total. Its dice
come from the batch simulator's generator, so the games are not the ones the rules engine
would deal for the same seed; the figures agree within sampling error
(tests/ai/test_batch.py, `python -m game.tools.bench sim`).

Printed per player: mean score, standard deviation (of the sample), median, upper-bonus rate,
Yahtzee rate (50 in the Yahtzee box), wins (a shared win counts as a fraction: half of a
two-way tie), and the mean expected points lost per game against optimal play.

Points lost are exact: at every decision of a turn, the value of the best choice minus the
value of the choice made, both from the solver (the numbers of `game.ai.option_values`). A
Score is a decision; so is every roll after the first, and the choice made there is the
Keep of the dice held when the Roll is made. An Expert loses 0.

Fairness and reproducibility: the seats start in turn (StartOrder.SEATED, the seating rotated
by one seat every game: with two players each starts every other game), so the first move's
edge is shared. Game i's dice and its players' choices are seeded from (--seed, i) alone
(on the batch path, a chunk's from (--seed, its first game)); games are handed to worker
processes in fixed chunks and the results put back in game order, so the output does not
depend on --workers.

Exit status: 0, or 2 for bad arguments (with the usage).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import logging
import multiprocessing
import os
import signal
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from game.ai.batch import simulate
from game.ai.levels import LEVELS, make_strategy, preload
from game.ai.pace import column_paces
from game.ai.turn import valuation
from game.rules import (
    AMERICAN,
    Category,
    Game,
    GameConfig,
    Phase,
    Roll,
    Score,
    StartOrder,
    Variant,
)
from game.rules.config import MAX_PLAYERS
from game.tools import sim_records
from game.tools.sim_records import GameRecord, RecordsError

log = logging.getLogger(__name__)

CHUNK = 50  # games per work unit: small enough for a smooth progress bar and an even split
BATCH_CHUNK = 25_000  # games per batch work unit: the wider, the more card states shared
MAX_GAMES = 10_000_000


@dataclass(frozen=True, slots=True)
class PlayerSummary:
    player: int  # 1-based position in --players
    level: str
    mean: float
    sd: float
    median: float
    bonus_rate: float
    yahtzee_rate: float
    wins: float
    win_rate: float
    points_lost: float

    def to_dict(self) -> dict:
        return {name: getattr(self, name) for name in self.__slots__}


# ------------------------------------------------------------------------------ seeding
def derive_seed(*parts: object) -> int:
    """A 63-bit seed from the parts (seed, game index, ...): independent of the process."""
    digest = hashlib.blake2b(repr(parts).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "little") >> 1


# ------------------------------------------------------------------------------ one game
def seat_order(players: int, index: int) -> list[int]:
    """Who sits in each seat in game `index`: the seating turns by one seat per game, and the
    first seat starts (StartOrder.SEATED), so every player starts equally often."""
    return [(index + seat) % players for seat in range(players)]


def play_game(
    levels: Sequence[str], seed: int, index: int, variant: Variant, tie_breaker: bool = False
) -> GameRecord:
    """Play game `index` of a tournament seeded `seed`; the record is in `levels` order."""
    n = len(levels)
    seating = seat_order(n, index)
    names = tuple(f"{levels[p]} {p + 1}" for p in seating)
    config = GameConfig(names, variant=variant, start=StartOrder.SEATED, tie_breaker=tie_breaker)
    game_seed = derive_seed(seed, index)
    game = Game.new(config, seed=game_seed)
    paces = column_paces(config, [levels[p] for p in seating])  # for the Champion
    strategies = [
        make_strategy(levels[p], derive_seed(game_seed, p), lambda _state: paces) for p in seating
    ]
    truth = valuation(variant)
    lost = [0.0] * n
    while not game.state.is_over:
        state = game.state
        action = strategies[state.player].choose(state)
        decision = isinstance(action, (Score, Roll)) and state.dice is not None
        if decision and state.phase is Phase.TURN:
            lost[state.player] += _points_lost(truth, state, action)
        game.apply(action)
    result = game.state.results[0]
    cards = result.cards
    share = 1.0 / len(result.winners)
    by_player = {p: s for s, p in enumerate(seating)}  # player -> seat (= column)
    seats = [by_player[p] for p in range(n)]
    return GameRecord(
        index,
        tuple(result.totals[s] for s in seats),
        tuple(cards[s].upper_bonus > 0 for s in seats),
        tuple(cards[s][Category.YAHTZEE] == 50 for s in seats),
        tuple(share if s in result.winners else 0.0 for s in seats),
        tuple(lost[s] for s in seats),
    )


def _points_lost(truth, state, action: Score | Roll) -> float:
    """Best choice's value minus the value of the one made (exact, from the solver)."""
    card = state.card
    outlook = truth.outlook(card)
    if isinstance(action, Score):
        taken = outlook.score_value(card.total, state.dice, action.category)
    else:
        held = [d for d, h in zip(state.dice, state.held, strict=True) if h]
        taken = outlook.keep_value(card.total, held, state.rolls_left)
    return outlook.best_value(card.total, state.dice, state.rolls_left) - taken


def play_chunk(job: tuple[tuple[str, ...], int, int, int, Variant, bool]) -> list[GameRecord]:
    """Games [start, stop) of a tournament: the unit handed to a worker process."""
    levels, seed, start, stop, variant, tie_breaker = job
    return [play_game(levels, seed, i, variant, tie_breaker) for i in range(start, stop)]


def uses_batch(
    levels: Sequence[str], tie_breaker: bool = False, variant: Variant = Variant.OFFICIAL
) -> bool:
    """Whether a tournament takes the batch simulator's path: Experts only, no play-off, on
    the American card (the batch simulator plays no other yet: Yatzy goes through the rules
    engine, a few hundred games a second rather than thousands)."""
    experts = all(level == "expert" for level in levels) and not tie_breaker
    return experts and variant.card is AMERICAN


def play_batch_chunk(job: tuple[tuple[str, ...], int, int, int, Variant, bool]) -> list[GameRecord]:
    """Games [start, stop) of an all-Expert tournament, every seat's card played at once."""
    levels, seed, start, stop, variant, _ = job
    seats = len(levels)
    cards = simulate((stop - start) * seats, variant, derive_seed(seed, "batch", start))
    totals = cards.totals.reshape(-1, seats)
    bonus = cards.upper_bonus.reshape(-1, seats)
    yahtzee = cards.yahtzee.reshape(-1, seats)
    best = totals.max(axis=1, keepdims=True)
    winners = totals == best
    shares = winners / winners.sum(axis=1, keepdims=True)
    return [
        GameRecord(
            start + g,
            tuple(totals[g].tolist()),
            tuple(bonus[g].tolist()),
            tuple(yahtzee[g].tolist()),
            tuple(shares[g].tolist()),
            (0.0,) * seats,  # the Expert's choices are the best ones
        )
        for g in range(stop - start)
    ]


# ------------------------------------------------------------------------------ worker processes
def _needed(levels: Sequence[str]) -> list[str]:
    """The valuations a tournament uses: its levels', and the Expert's for points lost."""
    return sorted(set(levels) | {"expert"})


def _start_worker(variant: Variant, levels: Sequence[str]) -> None:
    """Pool initializer: default signal handling, then the tables this tournament needs.

    A worker must die when its pool is terminated. Whatever handlers the parent had (SDL
    installs C-level SIGINT/SIGTERM handlers in any process that initialises pygame, and a
    fork would inherit them, so terminate() was ignored and join() waited for ever) are
    replaced by the defaults: SIGTERM ends the worker, Ctrl+C interrupts it.
    """
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    preload(variant, _needed(levels))


def _worker_pool(workers: int, variant: Variant, levels: Sequence[str]):
    """A process pool whose workers start clean, whoever calls it.

    Workers come from a fork server (or are spawned where there is none), never forked from
    this process: the caller may have initialised pygame (SDL's signal handlers) or be
    running threads (whose locks a fork would copy in whatever state they were in).
    """
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
    if context.get_start_method() == "forkserver":
        context.set_forkserver_preload([__name__])  # import once in the server, not per worker
    return context.Pool(workers, initializer=_start_worker, initargs=(variant, tuple(levels)))


# ------------------------------------------------------------------------------ a tournament
def run(
    levels: Sequence[str],
    games: int,
    seed: int,
    variant: Variant = Variant.OFFICIAL,
    workers: int = 1,
    tie_breaker: bool = False,
    progress: Callable[[int, int], None] | None = None,
    chunk: int | None = None,
    engine: bool = False,
    known: dict[int, GameRecord] | None = None,
    finished: Callable[[list[GameRecord]], None] | None = None,
) -> list[GameRecord]:
    """Play the games (in `workers` processes) and return their records in game order.

    `chunk` games make one work unit (CHUNK, or BATCH_CHUNK on the batch path); `engine`
    sends even an all-Expert tournament through the rules engine (to compare the paths).
    `known`: games already played (by index), whose work units are not played again;
    `finished` is told every work unit's games as they come in (game.tools.sim_records)."""
    levels = tuple(levels)
    known = known or {}
    batch = uses_batch(levels, tie_breaker, variant) and not engine
    play = play_batch_chunk if batch else play_chunk
    chunk = chunk or (BATCH_CHUNK if batch else CHUNK)
    jobs = [
        (levels, seed, start, min(start + chunk, games), variant, tie_breaker)
        for start in range(0, games, chunk)
        if not all(i in known for i in range(start, min(start + chunk, games)))
    ]
    records = [known[i] for i in range(games) if i in known and _unit_known(i, chunk, games, known)]

    def take(done: list[GameRecord]) -> None:
        records.extend(done)
        if finished:
            finished(done)
        if progress:
            progress(len(records), games)

    if workers <= 1 or len(jobs) <= 1:
        for job in jobs:
            take(play(job))
        records.sort(key=lambda r: r.index)
        return records
    with _worker_pool(min(workers, len(jobs)), variant, levels) as pool:
        for done in pool.imap_unordered(play, jobs):
            take(done)
        pool.close()  # no more work: the workers leave on their own, so join never waits
        pool.join()  # on a terminate() that a stuck worker could ignore
    records.sort(key=lambda r: r.index)
    return records


def _unit_known(index: int, chunk: int, games: int, known: dict[int, GameRecord]) -> bool:
    start = index - index % chunk
    return all(i in known for i in range(start, min(start + chunk, games)))


def summarize(levels: Sequence[str], records: Sequence[GameRecord]) -> list[PlayerSummary]:
    """Per-player statistics over the records (in game order, so sums are reproducible)."""
    games = len(records)
    summaries = []
    for p, level in enumerate(levels):
        totals = [r.totals[p] for r in records]
        wins = sum(r.wins[p] for r in records)
        summaries.append(
            PlayerSummary(
                player=p + 1,
                level=level,
                mean=statistics.fmean(totals),
                sd=statistics.stdev(totals) if games > 1 else 0.0,
                median=float(statistics.median(totals)),
                bonus_rate=sum(r.bonus[p] for r in records) / games,
                yahtzee_rate=sum(r.yahtzee[p] for r in records) / games,
                wins=wins,
                win_rate=wins / games,
                points_lost=statistics.fmean(r.lost[p] for r in records),
            )
        )
    return summaries


# ------------------------------------------------------------------------------ the CLI
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
        help="with --calibration, how the win chances take each seat (game.ai.pace): at its"
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

    def __init__(self, stream=sys.stderr) -> None:
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
        from game.tools import calibration  # it plays games as this module does

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
        )
    if uses_batch(args.players, args.tie_breaker) and not uses_batch(
        args.players, args.tie_breaker, variant
    ):
        print(
            f"note: the batch simulator plays the American card only; the {variant.value} "
            "games go through the rules engine (slower)",
            file=sys.stderr,
        )
    started = time.perf_counter()
    known, finished = {}, None
    if args.records:
        expected = sim_records.header(args.players, args.seed, variant.value, args.tie_breaker)
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
            "start": "seated, rotating one seat per game",
            "results": [s.to_dict() for s in summaries],
        }
        print(json.dumps(report, indent=2))
    else:
        mode = "solitaire" if len(args.players) == 1 else "head to head"
        print(
            f"{args.games} games ({mode}), {variant.value} rules, seed {args.seed}"
            + (", tie-breaker" if args.tie_breaker else "")
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
