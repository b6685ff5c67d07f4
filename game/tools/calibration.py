"""Are the win chances right? Predicted against observed, over many CPU games.

    python -m game.tools.sim --players expert,expert --games 20000 --calibration
    python -m game.tools.sim --players expert,expert,expert --games 2000 --calibration --json

Every game is played as the tournament runner plays it: game.tools.sim hands over its
seating (seats rotating, the first seat starting) and its seeding (game i from (--seed, i)
alone), so this module needs nothing from it and the two never import each other. At the
start of every turn, the chance of winning the game that game.ai.winning.chances gives each
competitor is recorded; when the game ends, so is what each one won (1, 0, or 1/k of a k-way
tie). The pairs are sorted into ten bins of predicted chance (0-10 %, ..., 90-100 %); a bin's
mean prediction should match its observed win frequency. The expected calibration error (ECE)
is the mean, weighted by the bins' sizes, of |mean prediction - observed frequency|, in
percentage points; the Brier score is the mean squared error of the predictions.

Each seat is taken at a pace (game.ai.levels.pace, `--paces`): "levels", its CPU level's measured
pace, as the table takes a CPU; "played", the pace its own graded decisions show so far in
the game, as the table takes a person with no record yet (the level unknown to the model);
"expert", every seat as the Expert (the model before paces). A table of Experts only is the
same in all three (the Expert loses nothing), and is played by the batch simulator (as
game.tools.sim plays one), its chances worked out for all its tables at once
(`collect_batch`): the same model and the same turn starts, other dice, and minutes instead
of hours for 20,000 games, on either card.
"""

from __future__ import annotations

import json
import multiprocessing
import signal
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

import numpy as np

from game.ai.coach.advice import Decision, grade
from game.ai.exact.scoring import spec
from game.ai.levels.pace import column_paces
from game.ai.levels.strategies import make_strategy, preload
from game.ai.tablemaker.batch import turn_starts
from game.ai.winning.chances import tie_shares, win_chances
from game.ai.winning.points_to_come import GRID, outlook
from game.rules import Game, GameConfig, Phase, StartOrder, Variant

BINS = 10
CHUNK = 25  # games per work unit
BATCH_GAMES = 500  # tables of Experts worked out at once: (seats, 500, 2048) floats


@dataclass(frozen=True, slots=True)
class Seating:
    """How the tournament runner seats and seeds a game (module-level functions, so that
    worker processes can be handed them)."""

    seat_order: Callable[[int, int], list[int]]  # (players, game index) -> player per seat
    derive_seed: Callable[..., int]  # (parts...) -> a seed


@dataclass(frozen=True, slots=True)
class Calibration:
    """Predictions against outcomes, binned."""

    predictions: int
    counts: tuple[int, ...]  # per bin
    predicted: tuple[float, ...]  # mean prediction per bin
    observed: tuple[float, ...]  # mean outcome per bin
    ece: float  # percentage points
    brier: float

    def to_dict(self) -> dict[str, object]:
        return {name: getattr(self, name) for name in self.__slots__}


PACES = ("levels", "played", "expert")


def play_game(
    levels: Sequence[str],
    seed: int,
    index: int,
    variant: Variant,
    how: Seating,
    paces: str = "levels",
    forced_order: bool = False,
) -> tuple[np.ndarray, np.ndarray]:
    """One game: (predictions, outcomes), one pair per competitor per turn start."""
    n = len(levels)
    seating = how.seat_order(n, index)
    names = tuple(f"{levels[p]} {p + 1}" for p in seating)
    config = GameConfig(names, variant=variant, start=StartOrder.SEATED, forced_order=forced_order)
    game_seed = how.derive_seed(seed, index)
    game = Game.new(config, seed=game_seed)
    kinds = [levels[p] for p in seating]
    by_level = column_paces(config, kinds)  # the Champion plays against these, as in sim
    strategies = [
        make_strategy(levels[p], how.derive_seed(game_seed, p), lambda _state: by_level)
        for p in seating
    ]
    decisions: list[Decision] = []
    predicted: list[tuple[float, ...]] = []
    while not game.state.is_over:
        state = game.state
        if state.phase is Phase.TURN and state.dice is None:
            table: tuple[float, ...] | None = by_level if paces == "levels" else None
            if paces == "played":
                table = column_paces(config, ["person"] * n, decisions)
            predicted.append(win_chances(state, table).game)
        action = strategies[state.player].choose(state)
        if paces == "played":
            decision = grade(state, action)
            if decision is not None:
                decisions.append(decision)
        game.apply(action)
    winners = game.state.results[0].winners
    won = [1.0 / len(winners) if s in winners else 0.0 for s in range(n)]
    chances = np.array(predicted)
    return chances.ravel(), np.tile(won, len(predicted))


def play_chunk(
    job: tuple[Sequence[str], int, int, int, Variant, Seating, str, bool],
) -> tuple[np.ndarray, np.ndarray]:
    levels, seed, start, stop, variant, how, paces, forced = job
    pairs = [play_game(levels, seed, i, variant, how, paces, forced) for i in range(start, stop)]
    return np.concatenate([p for p, _ in pairs]), np.concatenate([o for _, o in pairs])


def _start_worker(variant: Variant, levels: Sequence[str], forced_order: bool) -> None:
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    preload(variant, sorted(set(levels)), forced_order)


def collect(
    levels: Sequence[str],
    games: int,
    seed: int,
    how: Seating,
    variant: Variant = Variant.OFFICIAL,
    workers: int = 1,
    progress: Callable[[int, int], None] | None = None,
    paces: str = "levels",
    forced_order: bool = False,
) -> tuple[np.ndarray, np.ndarray]:
    """All (predictions, outcomes) of `games` games, in game order."""
    jobs = [
        (tuple(levels), seed, start, min(start + CHUNK, games), variant, how, paces, forced_order)
        for start in range(0, games, CHUNK)
    ]
    results: list[tuple[np.ndarray, np.ndarray]] = []
    if workers <= 1 or len(jobs) == 1:
        for job in jobs:
            results.append(play_chunk(job))
            if progress:
                progress(min(len(results) * CHUNK, games), games)
    else:
        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
        with ProcessPoolExecutor(
            workers,
            context,
            initializer=_start_worker,
            initargs=(variant, tuple(levels), forced_order),
        ) as pool:
            for done, result in enumerate(pool.map(play_chunk, jobs), 1):
                results.append(result)
                if progress:
                    progress(min(done * CHUNK, games), games)
    return np.concatenate([p for p, _ in results]), np.concatenate([o for _, o in results])


def table_chances(rests: list[np.ndarray], totals: np.ndarray) -> np.ndarray:
    """(tables, seats) chances of winning from cards between turns, each seat's as the
    distribution of its points to come (rests[seat]: tables x GRID) and its total so far
    (totals: tables x seats), as game.ai.winning.chances.win_chances works them out for a table of
    one game: independent finals, ties shared."""
    tables, seats = totals.shape
    # Totals no table reaches are left out: a third of the grid or less is in use.
    width = max(
        int(totals[:, i].max()) + int(np.flatnonzero(rests[i].any(axis=0)).max()) + 1
        for i in range(seats)
    )
    grid = np.arange(width)
    columns = np.empty((seats, tables, width))
    for i, rest in enumerate(rests):
        source = grid[None, :] - totals[:, i, None]  # final total x = total + rest
        inside = (source >= 0) & (source < GRID)
        columns[i] = np.where(inside, np.take_along_axis(rest, np.clip(source, 0, GRID - 1), 1), 0)
    chances = np.empty((tables, seats))
    for i in range(seats):
        shares = tie_shares(np.delete(columns, i, axis=0))
        chances[:, i] = (columns[i] * shares).sum(axis=1)
    return chances


def collect_batch(
    seats: int,
    games: int,
    seed: int,
    how: Seating,
    variant: Variant = Variant.OFFICIAL,
    progress: Callable[[int, int], None] | None = None,
) -> tuple[np.ndarray, np.ndarray]:
    """What `collect` gives for Experts at every seat, from the batch simulator.

    The Expert's choices ignore the other seats, so a table of Experts is `seats` solitaire
    cards (game.ai.tablemaker.batch plays BATCH_GAMES tables' cards at once, seeded from (seed,
    the first game)); at the start of seat s's turn in round t, the seats before it have played
    t + 1 turns and the others t. Same layout as `collect`: per game, per turn start, per seat.
    """
    view = outlook(variant)
    boxes = spec(variant).n_boxes  # turns per seat
    predicted, observed = [], []
    for start in range(0, games, BATCH_GAMES):
        count = min(BATCH_GAMES, games - start)
        states, totals = turn_starts(count * seats, variant, how.derive_seed(seed, "cal", start))
        states = states.reshape(count, seats, -1)
        totals = totals.reshape(count, seats, -1)
        final = totals[:, :, -1]
        winners = final == final.max(axis=1, keepdims=True)
        won = winners / winners.sum(axis=1, keepdims=True)
        chances = np.empty((count, boxes, seats, seats))
        after = [view.remaining(states[:, i, 0], GRID) for i in range(seats)]
        for turn in range(boxes):
            before = after  # each seat's points to come before this round, and after it
            after = [view.remaining(states[:, i, turn + 1], GRID) for i in range(seats)]
            for s in range(seats):
                played = turn + (np.arange(seats) < s)  # turns each seat has had
                rests = [after[i] if i < s else before[i] for i in range(seats)]
                chances[:, turn, s] = table_chances(rests, totals[:, np.arange(seats), played])
        predicted.append(chances.reshape(count, -1))
        observed.append(np.repeat(won[:, None, :], boxes * seats, axis=1).reshape(count, -1))
        if progress:
            progress(start + count, games)
    return np.concatenate(predicted).ravel(), np.concatenate(observed).ravel()


def calibrate(predicted: np.ndarray, observed: np.ndarray, bins: int = BINS) -> Calibration:
    """Bin the predictions (0-10 %, ...; 100 % in the top bin) and measure the gap."""
    which = np.minimum((predicted * bins).astype(int), bins - 1)
    counts = np.bincount(which, minlength=bins)
    sum_pred = np.bincount(which, predicted, minlength=bins)
    sum_obs = np.bincount(which, observed, minlength=bins)
    with np.errstate(invalid="ignore"):
        mean_pred = np.where(counts > 0, sum_pred / np.maximum(counts, 1), np.nan)
        mean_obs = np.where(counts > 0, sum_obs / np.maximum(counts, 1), np.nan)
    gaps = np.abs(sum_pred - sum_obs)  # = count * |mean gap|
    total = len(predicted)
    return Calibration(
        total,
        tuple(int(c) for c in counts),
        tuple(float(x) for x in mean_pred),
        tuple(float(x) for x in mean_obs),
        float(100.0 * gaps.sum() / total),
        float(np.mean((predicted - observed) ** 2)),
    )


def by_player(
    predicted: np.ndarray, observed: np.ndarray, players: int, games: int, how: Seating
) -> tuple[tuple[float, float], ...]:
    """Per player (in --players order): its mean predicted chance over all its turn starts,
    and its share of the wins. The bins mix the seats, so a model that over-rates one player
    and under-rates another can still bin well; this shows each one's bias."""
    turns = len(predicted) // (games * players)  # turn starts per game
    chances = predicted.reshape(games, turns, players).mean(axis=1)
    won = observed.reshape(games, turns, players)[:, 0]
    sums = np.zeros((players, 2))
    for game in range(games):
        for seat, player in enumerate(how.seat_order(players, game)):
            sums[player] += (chances[game, seat], won[game, seat])
    return tuple((float(p / games), float(w / games)) for p, w in sums)


def format_calibration(result: Calibration) -> str:
    lines = [f"{'bin':>9} {'count':>9} {'predicted':>10} {'observed':>9} {'gap':>7}"]
    for b in range(len(result.counts)):
        if not result.counts[b]:
            continue
        gap = 100.0 * (result.observed[b] - result.predicted[b])
        lines.append(
            f"{b * 10:>3}-{b * 10 + 10:>3} % {result.counts[b]:>9} {result.predicted[b]:>10.2%}"
            f" {result.observed[b]:>9.2%} {gap:>+6.2f}"
        )
    lines.append(
        f"expected calibration error {result.ece:.2f} points over {result.predictions}"
        f" predictions; Brier score {result.brier:.4f}"
    )
    return "\n".join(lines)


def report(
    levels: Sequence[str],
    games: int,
    seed: int,
    how: Seating,
    variant: Variant,
    workers: int,
    as_json: bool,
    progress: Callable[[int, int], None] | None = None,
    paces: str = "levels",
    forced_order: bool = False,
) -> int:
    """Run the games and print the calibration (the `--calibration` of game.tools.sim); in
    forced order through the rules engine (the batch simulator plays the free game)."""
    if len(levels) < 2:
        print("calibration needs two or more players", file=sys.stderr)
        return 2
    started = time.perf_counter()
    if all(level == "expert" for level in levels) and not forced_order:
        predicted, observed = collect_batch(len(levels), games, seed, how, variant, progress)
    else:
        predicted, observed = collect(
            levels, games, seed, how, variant, workers, progress, paces, forced_order
        )
    result = calibrate(predicted, observed)
    each = by_player(predicted, observed, len(levels), games, how)
    if as_json:
        head = {"players": list(levels), "games": games, "seed": seed, "paces": paces}
        head["forced_order"] = forced_order
        print(json.dumps({**head, **result.to_dict(), "by_player": each}))
    else:
        print(
            f"win-chance calibration: {games} games of {','.join(levels)}, seed {seed},"
            f" paces: {paces}" + (", forced order" if forced_order else "")
        )
        print(format_calibration(result))
        for player, (level, (chance, won)) in enumerate(zip(levels, each, strict=True), 1):
            print(f"player {player} {level}: mean chance given {chance:.2%}, won {won:.2%}")
    print(f"{games} games in {time.perf_counter() - started:.1f} s", file=sys.stderr)
    return 0
