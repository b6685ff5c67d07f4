"""One copy of the game's storage in a crowd: many copies hammer one data folder at once.

    python -m tests.storage.crowd --data-dir D --copy K --life L --seconds S

(It lives with the tests because only they run it: tests/storage/test_storage_crowd.py.)

Copy K, in its L-th life (a new process each time the test starts it again), opens the
storage and, for S seconds, does what a player does in a hurry: makes, renames and deletes
profiles (only its own, named c<K>..., so every copy's profiles can be followed apart) and
files finished games (each its own, from a seed of (K, L, n)). Every step is printed before
it is tried and again when the storage said how it went, so the test knows what each copy
was told, whatever moment a kill lands at:

    start OWN...             the copy's own profiles as this life found them
    try create NAME | try rename OLD NEW | try delete NAME | try file FINGERPRINT
    created NAME | renamed OLD NEW | deleted NAME       the storage said it was done
    refused WHAT REASON                                 the storage refused, in words
    filed FINGERPRINT        in the records
    kept FINGERPRINT         not in the records yet, kept on disk to be filed later
    lost FINGERPRINT         neither (must never be printed)
    problem TEXT             a line the storage reported to the player
    done                     the life ended by itself
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from game.match.seats import Seat
from game.rules import Game, GameConfig
from game.storage import Storage
from game.storage.history import fingerprint

SEATS = (Seat("Ann"), Seat("Robo", "expert", colour=1))  # a guest and a CPU: no profile race
STARTED = "2026-11-22T09:00:00+00:00"


def game_seed(copy: int, life: int, step: int) -> int:
    return copy * 10_000_000 + life * 10_000 + step


def finished_game(seed: int) -> Game:
    """A two-player game played to its end by random legal actions (about a millisecond)."""
    rng = random.Random(seed)
    game = Game.new(GameConfig(("Ann", "Robo")), seed)
    while not game.state.is_over:
        game.apply(rng.choice(game.legal_actions()))
    return game


def _emit(line: str) -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def own_profiles(storage: Storage, copy: int) -> list[str]:
    return [p.name for p in storage.list_profiles() if p.name.startswith(f"c{copy}l")]


def step(storage: Storage, rng: random.Random, copy: int, life: int, n: int) -> None:
    """One thing a player does, chosen by `rng`; printed before and after."""
    mine = own_profiles(storage, copy)
    roll = rng.random()
    try:
        if roll < 0.2 or (roll < 0.6 and not mine):
            name = f"c{copy}l{life}n{n}"
            _emit(f"try create {name}")
            storage.create_profile(name)
            _emit(f"created {name}")
        elif roll < 0.4:
            old, new = rng.choice(mine), f"c{copy}l{life}r{n}"
            _emit(f"try rename {old} {new}")
            storage.rename_profile(old, new)
            _emit(f"renamed {old} {new}")
        elif roll < 0.6:
            name = rng.choice(mine)
            _emit(f"try delete {name}")
            storage.delete_profile(name)
            _emit(f"deleted {name}")
        else:
            game = finished_game(game_seed(copy, life, n))
            mark = fingerprint(game)
            _emit(f"try file {mark}")
            done = storage.record_finished(game, SEATS, (), STARTED)
            if done.saved:
                _emit(f"filed {mark}")
            elif storage.unfiled_unkept() == 0:
                _emit(f"kept {mark}")
            else:
                _emit(f"lost {mark}")
    except ValueError as refused:
        _emit(f"refused {' '.join(str(refused).split())}")
    for problem in storage.take_problems():
        _emit(f"problem {' '.join(problem.split())}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.storage.crowd")
    parser.add_argument("--data-dir", required=True)
    parser.add_argument("--copy", type=int, required=True)
    parser.add_argument("--life", type=int, required=True)
    parser.add_argument("--seconds", type=float, required=True)
    parser.add_argument("--pause-ms", type=float, default=2.0, help="between two steps")
    args = parser.parse_args(argv)

    storage = Storage(args.data_dir)
    for problem in storage.take_problems():
        _emit(f"problem {' '.join(problem.split())}")
    _emit("start " + " ".join(own_profiles(storage, args.copy)))
    rng = random.Random(f"crowd/{args.copy}/{args.life}")
    deadline = time.monotonic() + args.seconds
    n = 0
    while time.monotonic() < deadline:
        step(storage, rng, args.copy, args.life, n)
        n += 1
        time.sleep(rng.random() * args.pause_ms / 1000)
    storage.close()
    _emit("done")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
