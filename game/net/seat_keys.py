"""A friend's seats at network tables, kept in the data folder (`network-seats.json`), so one
whose own game closed (a crash, a restart, the window shut) takes their seat again: the join
screen offers "Back to seat 2 (Table: Ann)", and the seat token proves the seat is theirs
(the host keeps only its hash: game.net.seating).

A kept seat is the table's invite (address, port and code), the table's name, the seat, the
name and colour it was taken under, its token and when it was kept. Newest first, at most
MAX_KEPT; one older than KEEP_DAYS is dropped when the file is next written, and one the host
no longer knows is forgotten when it says so. The file is read afresh each time (another copy
of the game may have written it since) and checked field by field as a message from the
network is; a damaged one is set aside and reported by the storage, and no seat is offered.

The token is a secret as the table code is, and stays where the code does: in the player's
own data folder, as the host's save keeps its table code.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING

from game.json_types import JsonObject, as_list, as_object
from game.match.seats import SEAT_COLOURS
from game.net.codes import Invite, read_invite
from game.net.messages import MAX_TABLE_NAME, TOKEN_BYTES
from game.net.wire import blob, fields, integer, text, to_b64
from game.rules.config import MAX_PLAYERS
from game.rules.names import check_name

if TYPE_CHECKING:
    from game.storage import Storage

FORMAT = 1
MAX_KEPT = 8
KEEP_DAYS = 30


@dataclass(frozen=True)
class SeatKey:
    invite: Invite
    table: str  # the table's name, as the host named it
    seat: int
    name: str
    colour: int
    token: bytes
    kept: datetime  # when it was kept (UTC)

    def to_json(self) -> JsonObject:
        return {
            "invite": str(self.invite),
            "table": self.table,
            "seat": self.seat,
            "name": self.name,
            "colour": self.colour,
            "token": to_b64(self.token),
            "kept": self.kept.isoformat(timespec="seconds"),
        }

    @classmethod
    def from_json(cls, item: object) -> SeatKey:
        """A kept seat, every field checked; ValueError says what is wrong."""
        data = as_object(item, what="a kept seat")
        fields(data, ("invite", "table", "seat", "name", "colour", "token", "kept"))
        kept = datetime.fromisoformat(text(data, "kept", 40))
        if kept.tzinfo is None:
            raise ValueError("kept must be a time with its offset from UTC")
        return cls(
            read_invite(text(data, "invite", 300)),
            text(data, "table", MAX_TABLE_NAME),
            integer(data, "seat", 0, MAX_PLAYERS - 1),
            check_name(text(data, "name", 64)),
            integer(data, "colour", 0, SEAT_COLOURS - 1),
            blob(data, "token", TOKEN_BYTES, TOKEN_BYTES),
            kept.astimezone(UTC),
        )


def _parse(data: JsonObject) -> list[SeatKey]:
    items = as_list(data.get("seats"), what="seats", most=MAX_KEPT)
    return [SeatKey.from_json(item) for item in items]


def kept_seats(storage: Storage) -> list[SeatKey]:
    """The seats kept, newest first, as the file holds them now."""
    return storage.load_net_seats(FORMAT, _parse) or []


def seat_at(storage: Storage, invite: Invite) -> SeatKey | None:
    """The seat kept at the table of `invite`, if any."""
    return next((key for key in kept_seats(storage) if key.invite == invite), None)


def keep_seat(storage: Storage, key: SeatKey) -> bool:
    """Keep `key` first, in place of any seat kept at the same table; whether written."""
    return _write(storage, [key, *(k for k in kept_seats(storage) if k.invite != key.invite)])


def forget_seat(storage: Storage, invite: Invite) -> bool:
    """Forget the seat kept at the table of `invite` (it is gone); whether it was kept."""
    keys = kept_seats(storage)
    left = [key for key in keys if key.invite != invite]
    return len(left) < len(keys) and _write(storage, left)


def _write(storage: Storage, keys: list[SeatKey]) -> bool:
    oldest = datetime.now(UTC) - timedelta(days=KEEP_DAYS)
    fresh = [key for key in keys if key.kept >= oldest][:MAX_KEPT]
    return storage.save_net_seats({"format": FORMAT, "seats": [key.to_json() for key in fresh]})
