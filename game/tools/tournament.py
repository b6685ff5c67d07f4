"""The tournament engine: CPU levels play complete games, and their strength is summarised.

`run` plays a tournament and returns one `GameRecord` per game; `summarize` turns the records
into a `PlayerSummary` per player. game.tools.sim is its command line, and
game.tools.calibration plays its games the same way (seat_order, derive_seed).

Every game goes through `game.rules.Game` (legal actions, the Joker rules of the variant, the
action log) exactly as at the table; each player is a `game.ai.levels.strategies`
strategy. One player is solitaire.

All-Expert tournaments (solitaire or a table of Experts, without a tie-breaker), on any card,
take the fast path instead: the Expert ignores the other seats, so
every seat's card is an independent solitaire card, and `game.ai.tablemaker.batch` plays them all at
once with numpy arrays, making the same choices as the Expert at the table (100,000 games
take seconds, not minutes). The winner is the highest total. Its dice come from the batch
simulator's generator, so the games are not the ones the rules engine would deal for the
same seed; the figures agree within sampling error (tests/ai/test_batch.py,
`python -m game.tools.bench sim`).

Summarised per player: mean score, standard deviation (of the sample), median, upper-bonus
rate, Yahtzee rate (50 in the Yahtzee box), wins (a shared win counts as a fraction: half of
a two-way tie), and the mean expected points lost per game against optimal play.

Points lost are exact: at every decision of a turn, the value of the best choice minus the
value of the choice made, both from the solver (`game.ai.exact.options.option_values`). A
Score is a decision; so is every roll after the first, and the choice made there is the
Keep of the dice held when the Roll is made. An Expert loses 0.

Fairness and reproducibility: the seats start in turn (StartOrder.SEATED, the seating rotated
by one seat every game: with two players each starts every other game), so the first move's
edge is shared. Game i's dice and its players' choices are seeded from (seed, i) alone (on
the batch path, a chunk's from (seed, its first game)); games are handed to worker processes
in fixed chunks and the results put back in game order, so the output does not depend on
the number of workers.
"""

from __future__ import annotations

import hashlib
import multiprocessing
import signal
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from multiprocessing.pool import Pool

from game.ai.levels.pace import column_paces
from game.ai.levels.strategies import make_strategy, preload
from game.ai.levels.turn import Valuation
from game.ai.levels.valuations import ForcedValuation, valuation
from game.ai.tablemaker.batch import simulate
from game.rules import (
    Category,
    Game,
    GameConfig,
    GameState,
    Phase,
    Roll,
    Score,
    StartOrder,
    Variant,
)
from game.tools.sim_records import GameRecord

CHUNK = 50  # games per work unit: small enough for a smooth progress bar and an even split
BATCH_CHUNK = 25_000  # games per batch work unit: the wider, the more card states shared


@dataclass(frozen=True, slots=True)
class PlayerSummary:
    player: int  # 1-based position in the levels (--players)
    level: str
    mean: float
    sd: float
    median: float
    bonus_rate: float
    yahtzee_rate: float
    wins: float
    win_rate: float
    points_lost: float

    def to_dict(self) -> dict[str, object]:
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
    levels: Sequence[str],
    seed: int,
    index: int,
    variant: Variant,
    tie_breaker: bool = False,
    forced_order: bool = False,
) -> GameRecord:
    """Play game `index` of a tournament seeded `seed`; the record is in `levels` order."""
    n = len(levels)
    seating = seat_order(n, index)
    names = tuple(f"{levels[p]} {p + 1}" for p in seating)
    config = GameConfig(
        names,
        variant=variant,
        start=StartOrder.SEATED,
        tie_breaker=tie_breaker,
        forced_order=forced_order,
    )
    game_seed = derive_seed(seed, index)
    game = Game.new(config, seed=game_seed)
    paces = column_paces(config, [levels[p] for p in seating])  # for the Champion
    strategies = [
        make_strategy(levels[p], derive_seed(game_seed, p), lambda _state: paces) for p in seating
    ]
    truth = valuation(variant, forced_order=forced_order)
    lost = [0.0] * n
    while not game.state.is_over:
        state = game.state
        action = strategies[state.player].choose(state)
        decision = isinstance(action, (Score, Roll)) and state.dice is not None
        if decision and state.phase is Phase.TURN:
            assert isinstance(action, (Score, Roll))
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


def _points_lost(
    truth: Valuation | ForcedValuation, state: GameState, action: Score | Roll
) -> float:
    """Best choice's value minus the value of the one made (exact, from the solver)."""
    assert state.dice is not None, "a decision is made on a roll"
    card = state.card
    outlook = truth.outlook(card)
    if isinstance(action, Score):
        taken = outlook.score_value(card.total, state.dice, action.category)
    else:
        held = [d for d, h in zip(state.dice, state.held, strict=True) if h]
        taken = outlook.keep_value(card.total, held, state.rolls_left)
    return outlook.best_value(card.total, state.dice, state.rolls_left) - taken


Job = tuple[tuple[str, ...], int, int, int, Variant, bool, bool]  # ..., tie-breaker, forced


def play_chunk(job: Job) -> list[GameRecord]:
    """Games [start, stop) of a tournament: the unit handed to a worker process."""
    levels, seed, start, stop, variant, tie_breaker, forced = job
    return [play_game(levels, seed, i, variant, tie_breaker, forced) for i in range(start, stop)]


def uses_batch(
    levels: Sequence[str], tie_breaker: bool = False, forced_order: bool = False
) -> bool:
    """Whether a tournament takes the batch simulator's path: Experts only, no play-off, on
    any card, in free order (the batch simulator plays the free game)."""
    return all(level == "expert" for level in levels) and not tie_breaker and not forced_order


def play_batch_chunk(job: Job) -> list[GameRecord]:
    """Games [start, stop) of an all-Expert tournament, every seat's card played at once."""
    levels, seed, start, stop, variant, _, _ = job
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


def _start_worker(variant: Variant, levels: Sequence[str], forced_order: bool = False) -> None:
    """Pool initializer: default signal handling, then the tables this tournament needs.

    A worker must die when its pool is terminated. Whatever handlers the parent had (SDL
    installs C-level SIGINT/SIGTERM handlers in any process that initialises pygame, and a
    fork would inherit them, so terminate() was ignored and join() waited for ever) are
    replaced by the defaults: SIGTERM ends the worker, Ctrl+C interrupts it.
    """
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    preload(variant, _needed(levels), forced_order)


def _worker_pool(workers: int, variant: Variant, levels: Sequence[str], forced_order: bool) -> Pool:
    """A process pool whose workers start clean, whoever calls it.

    Workers come from a fork server (or are spawned where there is none), never forked from
    this process: the caller may have initialised pygame (SDL's signal handlers) or be
    running threads (whose locks a fork would copy in whatever state they were in).
    """
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
    if context.get_start_method() == "forkserver":
        context.set_forkserver_preload([__name__])  # import once in the server, not per worker
    return context.Pool(
        workers, initializer=_start_worker, initargs=(variant, tuple(levels), forced_order)
    )


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
    forced_order: bool = False,
) -> list[GameRecord]:
    """Play the games (in `workers` processes) and return their records in game order.

    `chunk` games make one work unit (CHUNK, or BATCH_CHUNK on the batch path); `engine`
    sends even an all-Expert tournament through the rules engine (to compare the paths).
    `known`: games already played (by index), whose work units are not played again;
    `finished` is told every work unit's games as they come in (game.tools.sim_records)."""
    levels = tuple(levels)
    known = known or {}
    batch = uses_batch(levels, tie_breaker, forced_order) and not engine
    play = play_batch_chunk if batch else play_chunk
    chunk = chunk or (BATCH_CHUNK if batch else CHUNK)
    jobs = [
        (levels, seed, start, min(start + chunk, games), variant, tie_breaker, forced_order)
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
    with _worker_pool(min(workers, len(jobs)), variant, levels, forced_order) as pool:
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
