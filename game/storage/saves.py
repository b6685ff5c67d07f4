"""The game in progress: one `current.json`, rewritten after every action.

The record is plain JSON:

    {"format": 1,
     "game": Game.to_dict(),            # config, start_rng, action log, state
     "seats": [Seat.to_dict(), ...],    # one per player, in player order
     "assisted": false,                 # hints/advice were used: marks high scores
     "started": "2026-11-22T09:30:00+01:00",
     "saved": "2026-11-22T09:41:12+01:00",
     "extra": {}}                       # the app's own JSON (scene, view options ...)

`make_session_record` builds it; `restore_session` checks it completely (the game replays its
log and must match its saved state; one seat per player with matching names) and raises
ValueError with a reason. Loading goes through `JsonStore`, so an invalid file is kept aside
and reported, never half-restored. A save is a few kilobytes and costs about a millisecond,
fsync included, so the app saves after every action (see `python -m game.tools.bench storage`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime

from game.match.seats import Seat
from game.rules import Game
from game.storage.jsonfile import JsonStore, local_now
from game.storage.paths import DataPaths

CURRENT_FORMAT = 1
MAX_TIME_TEXT = 40
WHAT = "saved game"
NO_SAVED_GAME = "there is no game to continue"  # what a player is told follows


def iso_time(value: datetime | str) -> str:
    """An ISO 8601 text for a datetime (kept as given if already text, after a check)."""
    if isinstance(value, datetime):
        return value.isoformat(timespec="seconds")
    parse_time(value, "time")
    return value


def parse_time(value: object, name: str) -> datetime:
    """The datetime in an ISO text; ValueError naming `name` if it is not one."""
    if not isinstance(value, str) or len(value) > MAX_TIME_TEXT:
        raise ValueError(f"{name} must be an ISO date and time")
    try:
        return datetime.fromisoformat(value)
    except ValueError:
        raise ValueError(f"{name} is not an ISO date and time: {value[:MAX_TIME_TEXT]!r}") from None


def parse_seats(data: object, game: Game) -> list[Seat]:
    """Seats from JSON, one per player of `game` with the player's name."""
    players = game.config.players
    if not isinstance(data, list):
        raise ValueError("seats must be a list")
    if len(data) != len(players):
        raise ValueError(f"there are {len(data)} seats for {len(players)} players")
    seats = [Seat.from_dict(item) for item in data]
    for seat, name in zip(seats, players, strict=True):
        if seat.name != name:
            raise ValueError(f"seat {seat.name!r} does not match player {name!r}")
    return seats


def make_session_record(
    game: Game,
    seats: Sequence[Seat],
    assisted: bool,
    started: datetime | str,
    extra: Mapping | None = None,
    *,
    saved: datetime | None = None,
) -> dict:
    """The JSON record of a game in progress (what `save_current` writes)."""
    if len(seats) != len(game.config.players):
        raise ValueError(f"there are {len(seats)} seats for {len(game.config.players)} players")
    return {
        "format": CURRENT_FORMAT,
        "game": game.to_dict(),
        "seats": [seat.to_dict() for seat in seats],
        "assisted": bool(assisted),
        "started": iso_time(started),
        "saved": iso_time(saved or local_now()),
        "extra": dict(extra or {}),
    }


def restore_session(record: object) -> tuple[Game, list[Seat], bool, datetime]:
    """(game, seats, assisted, started) from a record, checked through; ValueError says why."""
    if not isinstance(record, dict):
        raise ValueError("a saved game must be an object")
    if record.get("format") != CURRENT_FORMAT:
        raise ValueError(f"unknown saved game format {record.get('format')!r:.40}")
    try:
        game = Game.from_dict(record.get("game"))
    except ValueError:
        raise
    except (ArithmeticError, LookupError, TypeError, AttributeError) as slip:
        # Game.from_dict promises ValueError, but e.g. Random.setstate raises OverflowError
        # for a 2**32 word on platforms with a 32-bit C long; keep this function's promise.
        raise ValueError(f"the saved game is malformed: {type(slip).__name__}: {slip}") from None
    seats = parse_seats(record.get("seats"), game)
    assisted = record.get("assisted")
    if not isinstance(assisted, bool):
        raise ValueError("assisted must be true or false")
    started = parse_time(record.get("started"), "started")
    parse_time(record.get("saved"), "saved")
    if not isinstance(record.get("extra", {}), dict):
        raise ValueError("extra must be an object")
    return game, seats, assisted, started


def _check(record: dict) -> dict:
    restore_session(record)
    record.setdefault("extra", {})
    return record


def save_current(store: JsonStore, paths: DataPaths, record: Mapping) -> bool:
    """Write the game in progress; False (with a message in problems) if the disk refused.

    No replay here: saving is on the hot path after every action; `load_current` checks.
    """
    if not isinstance(record, Mapping) or record.get("format") != CURRENT_FORMAT:
        raise ValueError("save_current takes a record from make_session_record")
    return store.save(paths.current, record, WHAT)


def load_current(store: JsonStore, paths: DataPaths) -> dict | None:
    """The saved game's record, fully checked, or None (none saved, or it was set aside)."""
    return store.load(paths.current, CURRENT_FORMAT, _check, WHAT, NO_SAVED_GAME)


def clear_current(store: JsonStore, paths: DataPaths) -> bool:
    """Forget the game in progress (it finished or was abandoned)."""
    return store.remove(paths.current, WHAT)
