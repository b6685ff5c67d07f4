"""The game in progress: one `current.json`, rewritten after every action.

The record is plain JSON:

    {"format": 1,
     "game": Game.to_dict(),            # config, start_rng, action log, state
     "seats": [Seat.to_dict(), ...],    # one per player, in player order
     "assisted": [0],                   # players who used hints or undo: marks their scores
     "started": "2026-11-22T09:30:00+01:00",
     "saved": "2026-11-22T09:41:12+01:00",
     "extra": {}}                       # the app's own JSON (scene, view options ...)

`make_session_record` builds it; `SavedGame.from_dict` checks it completely (the game replays its
log and must match its saved state; one seat per player with matching names) and raises
ValueError with a reason. Loading goes through `JsonStore`, so an invalid file is kept aside
and reported, never half-restored. A save is a few kilobytes and costs about a millisecond,
fsync included, so the app saves after every action (see `python -m game.tools.bench storage`).
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from game.i18n import N_, later
from game.json_types import JsonMapping, JsonObject, as_object
from game.match.seats import Seat
from game.rules import Game
from game.storage.jsonfile import JsonStore, local_now
from game.storage.reading import identity_of

CURRENT_FORMAT = 1
MAX_TIME_TEXT = 40
WHAT = later(N_("saved game"))
NO_SAVED_GAME = later(N_("there is no game to continue"))  # what a player is told follows


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


def assisted_list(assisted: Iterable[int], players: int) -> list[int]:
    """The JSON of the players who used hints or undo: their indices, in order."""
    chosen = sorted(set(assisted))
    if any(isinstance(p, bool) or not 0 <= p < players for p in chosen):
        raise ValueError(f"assisted players must be player numbers below {players}")
    return chosen


def parse_assisted(value: object, seats: Sequence[Seat]) -> tuple[int, ...]:
    """The players marked assisted, from JSON: a list of player numbers, or the true/false
    of files written before help was marked per player (true marks every person, since
    who used it was not kept)."""
    if isinstance(value, bool):
        return tuple(p for p, seat in enumerate(seats) if value and not seat.is_cpu)
    if not isinstance(value, list) or len(value) > len(seats):
        raise ValueError("assisted must be a list of player numbers")
    players: list[int] = []
    for p in value:
        if isinstance(p, bool) or not isinstance(p, int) or not 0 <= p < len(seats):
            raise ValueError("assisted must be a list of player numbers")
        players.append(p)
    if len(set(players)) != len(players):
        raise ValueError("assisted names a player twice")
    return tuple(sorted(players))


def make_session_record(
    game: Game,
    seats: Sequence[Seat],
    assisted: Iterable[int],
    started: datetime | str,
    extra: JsonMapping | None = None,
    *,
    saved: datetime | None = None,
) -> JsonObject:
    """The JSON record of a game in progress (what `save_current` writes)."""
    if len(seats) != len(game.config.players):
        raise ValueError(f"there are {len(seats)} seats for {len(game.config.players)} players")
    return {
        "format": CURRENT_FORMAT,
        "game": game.to_dict(),
        "seats": [seat.to_dict() for seat in seats],
        "assisted": assisted_list(assisted, len(seats)),
        "started": iso_time(started),
        "saved": iso_time(saved or local_now()),
        "extra": dict(extra or {}),
    }


@dataclass(frozen=True)
class SavedGame:
    """A game in progress as current.json holds it, checked through: its game replayed and
    matching its saved state, one seat per player with the player's name."""

    game: Game
    seats: tuple[Seat, ...]
    assisted: tuple[int, ...]  # players who used hints or undo
    started: datetime
    saved: datetime
    extra: JsonObject  # the app's own JSON ("seed", a network table's "net" ...)

    @property
    def seed(self) -> int | None:
        """The seed of the match's CPU personalities, if the save kept one."""
        seed = self.extra.get("seed")
        return seed if isinstance(seed, int) and not isinstance(seed, bool) else None

    @classmethod
    def from_dict(cls, record: object) -> SavedGame:
        """The saved game in `record`; ValueError says what is wrong with it."""
        data = as_object(record, what="a saved game")
        if data.get("format") != CURRENT_FORMAT:
            raise ValueError(f"unknown saved game format {data.get('format')!r:.40}")
        try:
            game = Game.from_dict(data.get("game"))
        except ValueError:
            raise
        except (ArithmeticError, LookupError, TypeError, AttributeError) as slip:
            # Game.from_dict promises ValueError, but e.g. Random.setstate raises
            # OverflowError for a 2**32 word on platforms with a 32-bit C long; keep this
            # function's promise.
            raise ValueError(
                f"the saved game is malformed: {type(slip).__name__}: {slip}"
            ) from None
        seats = parse_seats(data.get("seats"), game)
        return cls(
            game,
            tuple(seats),
            parse_assisted(data.get("assisted"), seats),
            parse_time(data.get("started"), "started"),
            parse_time(data.get("saved"), "saved"),
            dict(as_object(data.get("extra", {}), what="extra")),
        )


class CurrentFile:
    """current.json as one copy of the game sees it.

    Two copies on one data folder cannot both keep their game in progress in one file, and
    neither may silently take the other's place: a copy writes (or removes) the file only if
    it is the one it last saw there, or there is none. It sees the file when it starts, when
    it is asked whether there is one (the title's Continue, the setup's "It takes the place
    of the game you saved"), when it loads it, and after each of its own writes. A copy
    whose file another copy has replaced since keeps playing unsaved (told once): its game
    is filed when it ends, and the other's game in progress stays."""

    def __init__(self, store: JsonStore, path: Path) -> None:
        self._store = store
        self.path = path
        self._seen = self._identity()
        self._told = False

    def _identity(self) -> tuple[int, int, int, int] | None:
        try:
            return identity_of(os.lstat(self.path))
        except OSError:
            return None

    def _ours(self) -> bool:
        now = self._identity()
        return now is None or now == self._seen

    def exists(self) -> bool:
        """Whether a game in progress is on disk (cheap: it is not read); seen from now on."""
        self._seen = self._identity()
        return os.path.isfile(self.path) and not os.path.islink(self.path)

    def save(self, record: JsonMapping) -> bool:
        """Write the game in progress; False (with a message in problems) if the disk
        refused, or another copy's game is there now.

        No replay here: saving is on the hot path after every action; `load` checks.
        """
        if not isinstance(record, Mapping) or record.get("format") != CURRENT_FORMAT:
            raise ValueError("save takes a record from make_session_record")
        if not self._ours():
            if not self._told:
                self._told = True
                self._store.report(ANOTHER_COPYS_GAME)
            return False
        saved = self._store.save(self.path, record, WHAT)
        if saved:
            self._seen, self._told = self._identity(), False
        return saved

    def load(self) -> SavedGame | None:
        """The saved game, fully checked, or None (none saved, or set aside)."""
        record = self._store.load(
            self.path, CURRENT_FORMAT, SavedGame.from_dict, WHAT, NO_SAVED_GAME
        )
        self._seen = self._identity()
        return record

    def clear(self) -> bool:
        """Forget this copy's game in progress (it finished, or was abandoned); another
        copy's, there since, is left where it is."""
        if not self._ours():
            return True
        cleared = self._store.remove(self.path, WHAT)
        if cleared:
            self._seen = None
        return cleared


ANOTHER_COPYS_GAME = later(
    N_(
        "The game in progress is not saved: another copy of the game has saved its own game "
        "in progress here since, and it is not written over. This game is filed when it ends."
    )
)
