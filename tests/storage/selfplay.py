"""A headless player that saves after every action: the subject of the kill tests.

    python -m tests.storage.selfplay --data-dir D --seed S [--delay-ms N] [--games G]
                                     [--matches M]

(It lives with the tests because only they run it.)

It continues the game in progress in D if there is one, otherwise starts a two-player game
(Ann, with a profile, against a CPU seat) from the seed. Each action is a random legal one,
chosen by an RNG seeded from (seed, length of the log), so the choices depend only on where
the game is, never on how often the process was killed and restarted. After each action the
game is saved, then `saved I` (the action's 0-based index in the log) is printed and flushed:
whatever was printed is on disk. A finished game is filed (history, statistics, high
scores) and `finished ID TOTALS` printed.

With `--matches M` it plays M matches one after another, match k from the seed
`match_seed(S, k)`, where k is the number of games already in the history; so a kill while a
finished game is being filed is followed by a restart that files it (once) and goes on.

Output lines (stdout, one per event):
    start L P           resumed at log length L (0: a new game) with P storage problems
    saved I             action I applied and saved
    filing              the match is over; record_finished is called now
    finished ID T1 T2   the game was filed as history ID with these match totals
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from game.match.seats import Seat
from game.rules import Action, Game, GameConfig, StartOrder
from game.storage import Storage

PLAYERS = ("Ann", "Robo")
SEATS = (Seat("Ann", colour=0, profile="Ann"), Seat("Robo", "medium", colour=1))
STARTED = "2026-01-01T12:00:00+00:00"  # fixed, so every run writes the same records


def choose(game: Game, seed: int) -> Action:
    """The action taken at this point of the game: a function of (seed, log length) only."""
    rng = random.Random(f"selfplay/{seed}/{len(game.log)}")
    return rng.choice(game.legal_actions())


def new_game(seed: int, games: int) -> Game:
    config = GameConfig(PLAYERS, start=StartOrder.ROLL_OFF, games=games)
    return Game.new(config, seed)


def match_seed(seed: int, index: int) -> int:
    """The seed of the index-th match of a --matches run."""
    return seed * 1000 + index


def play_through(seed: int, games: int = 1) -> Game:
    """The same game played without interruption (what the kill test compares with)."""
    game = new_game(seed, games)
    while not game.state.is_over:
        game.apply(choose(game, seed))
    return game


def _emit(line: str) -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def play_match(storage: Storage, seed: int, games: int, delay_ms: float) -> int:
    """Continue the saved game or start one from `seed`; play it out and file it."""
    saved = storage.load_current()
    if saved is None:
        game, seats, assisted, started = new_game(seed, games), list(SEATS), (), STARTED
    else:
        game, seats, assisted = saved.game, list(saved.seats), saved.assisted
        started = saved.started.isoformat()
        if saved.seed is not None:
            seed = saved.seed  # the saved game's own choices, whatever --seed says now
    extra = {"seed": seed}
    while not game.state.is_over:
        game.apply(choose(game, seed))
        if not storage.save_game(game, seats, assisted, started, extra):
            print("\n".join(storage.problems), file=sys.stderr)
            return 1
        _emit(f"saved {len(game.log) - 1}")
        if delay_ms > 0:
            time.sleep(delay_ms / 1000)
    _emit("filing")
    done = storage.record_finished(game, seats, assisted, started)
    totals = " ".join(str(t) for t in game.state.match_totals())
    _emit(f"finished {done.history_id} {totals}")
    return 0 if done.saved else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.storage.selfplay")
    parser.add_argument("--data-dir", required=True)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--delay-ms", type=float, default=0.0, help="pause after each save")
    parser.add_argument("--games", type=int, default=1, help="games in the match (new game)")
    parser.add_argument("--matches", type=int, default=0, help="play this many matches")
    args = parser.parse_args(argv)

    storage = Storage(args.data_dir)
    problems = len(storage.problems)
    for message in storage.problems:
        print(message, file=sys.stderr)
    if storage.find_profile("Ann") is None:
        storage.create_profile("Ann")
    current = storage.load_current()
    _emit(f"start {0 if current is None else len(current.game.log)} {problems}")
    # First, whatever game was left unfiled (or the one game, without --matches).
    first = not args.matches or current is not None
    if first and play_match(storage, args.seed, args.games, args.delay_ms) != 0:
        return 1
    while args.matches and (filed := len(storage.list_history(args.matches))) < args.matches:
        seed = match_seed(args.seed, filed)
        if play_match(storage, seed, args.games, args.delay_ms) != 0:
            return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
