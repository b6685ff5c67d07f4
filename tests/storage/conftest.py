"""Shared helpers for the storage tests: a fixed clock, seeded games, a storage factory."""

from __future__ import annotations

import random
from datetime import UTC, datetime
from pathlib import Path

import pytest

from game.match.seats import Seat
from game.rules import Game, GameConfig
from game.storage import Storage

FIXED_TIME = datetime(2026, 11, 22, 9, 30, 0, tzinfo=UTC)
STAMP = "20261122-093000"  # FIXED_TIME as it appears in a set-aside file's name
STARTED = "2026-11-22T09:00:00+00:00"


def fixed_clock() -> datetime:
    return FIXED_TIME


def open_storage(folder: Path) -> Storage:
    """A Storage in `folder` with the fixed clock and no environment override."""
    return Storage(folder, environ={}, clock=fixed_clock)


def play(game: Game, seed: int, limit: int | None = None) -> Game:
    """Random legal actions (seeded) until the match is over or `limit` actions were made."""
    rng = random.Random(seed)
    made = 0
    while not game.state.is_over and (limit is None or made < limit):
        game.apply(rng.choice(game.legal_actions()))
        made += 1
    return game


def two_player_game(seed: int = 7, games: int = 1, limit: int | None = None) -> Game:
    return play(Game.new(GameConfig(("Ann", "Robo"), games=games), seed), seed, limit)


SEATS = (Seat("Ann", profile="Ann"), Seat("Robo", "expert", colour=1))


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    return tmp_path / "data"


@pytest.fixture
def storage(data_dir: Path) -> Storage:
    return open_storage(data_dir)
