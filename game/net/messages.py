"""Every message of the protocol, as a frozen dataclass (their JSON: game.net.codec).

A message is a JSON object whose "t" names its type. The handshake's messages (`Hello`,
`Denied`, `Pake`, `Confirm`) travel in clear and keep their shape in every version of the
protocol, so an older or a newer game can always be told which it is. Everything after the
handshake is sealed (`game.net.secure`). A friend's messages are intents the host may refuse;
the host's are what happened. Each side checks what the other sends, field by field
(`game.net.codec`), then the rules check the moves (`game.net.follower`, `authority`).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.json_types import JsonMapping
from game.match.seats import Seat
from game.net.moves import MAX_PLAYER, Move
from game.rules import Action, GameConfig

PROTOCOL = 1  # raised whenever a message changes; both sides must speak the same
FRIEND_FRAME = 2048  # bytes: the most a friend's message may take (sealed)
HOST_FRAME = 4 * 1024 * 1024  # bytes: the host's (a welcome carries the whole match so far)
MAX_ID = 2**53  # intent ids count up from 1 on each connection
MAX_STEP = 10**9
TOKEN_BYTES = 32
PAKE_BYTES = 33  # a SPAKE2 message on Ed25519
MAC_BYTES = 32
MAX_SEATS = MAX_PLAYER + 1
MAX_VERSION_TEXT = 32
MAX_TABLE_NAME = 40

REACTIONS = frozenset({"nice", "wow", "ouch", "good_luck", "well_played", "thanks"})
SEAT_KINDS = frozenset({"cpu", "host", "open", "friend"})
DENIALS = frozenset({"version", "code", "busy", "closed", "removed"})
REFUSALS = frozenset(
    {
        "bad_message",  # it does not parse, or it is not one a friend may send now
        "not_seated",  # acting without a seat (a watcher, or before joining)
        "not_your_turn",
        "stale",  # sent against a table that has moved on since
        "replayed",  # an intent id not higher than the last
        "illegal",  # the rules refuse it
        "cannot_undo",
        "too_fast",
        "seat_taken",
        "name_taken",
        "colour_taken",
        "bad_name",
        "token",  # a seat token that opens no seat
        "started",  # seats are taken before the match starts (or with a seat token)
        "joined",  # one join per connection
    }
)
CLOSINGS = frozenset({"host_quit", "removed", "too_slow", "flood"})


# ----------------------------------------------------------------- the handshake, in clear
@dataclass(frozen=True)
class Hello:
    """Friend -> host: who I am (protocol and game version) and my SPAKE2 message."""

    protocol: int
    game: str
    pake: bytes


@dataclass(frozen=True)
class Denied:
    """Host -> friend: not at this table, and why; the host's versions, to say so plainly."""

    reason: str
    protocol: int
    game: str


@dataclass(frozen=True)
class Pake:
    """Host -> friend: the host's SPAKE2 message."""

    pake: bytes


@dataclass(frozen=True)
class Confirm:
    """Either way: proof of the key agreed (so of the table code), bound to the transcript."""

    mac: bytes


# ----------------------------------------------------------------- a friend's intents, sealed
@dataclass(frozen=True)
class Join:
    """Take seat `seat` (an open one) as `name` in `colour`; or come back to a seat with its
    `token`; or `watch`."""

    seat: int | None = None
    name: str = ""
    colour: int = 0
    token: bytes | None = None
    watch: bool = False


@dataclass(frozen=True)
class Act:
    """Play `action` for my seat, against the table as it was after update `at`."""

    id: int
    at: int
    action: Action


@dataclass(frozen=True)
class Undo:
    id: int
    at: int


@dataclass(frozen=True)
class React:
    id: int
    reaction: str


@dataclass(frozen=True)
class Helped:
    """I used a hint: my scores are marked assisted, as at a table of one."""

    id: int


@dataclass(frozen=True)
class Sync:
    """Send me the whole match again (my copy disagreed with yours)."""

    id: int


@dataclass(frozen=True)
class Leave:
    """I leave my seat for good (a CPU plays it from now on, or it is free again)."""


# ----------------------------------------------------------------- what the host says, sealed
@dataclass(frozen=True)
class SeatView:
    kind: str  # "cpu", "host" (the host's own), "open" (for a friend), "friend"
    name: str | None
    colour: int
    level: str | None = None  # a CPU's level, or the CPU standing in for a friend
    online: bool = True


@dataclass(frozen=True)
class TableView:
    name: str
    rules: JsonMapping  # GameConfig.to_dict without the players
    seats: tuple[SeatView, ...]
    playing: bool

    @property
    def open_seats(self) -> int:
        """The seats a friend may take now: none once the match began (a seat token, not a
        join, opens a seat then)."""
        return 0 if self.playing else sum(1 for seat in self.seats if seat.kind == "open")


@dataclass(frozen=True)
class MatchView:
    """The match from its start: its config and seats, and every move so far."""

    config: GameConfig
    seats: tuple[Seat, ...]
    assisted: tuple[int, ...]
    started: str
    seed: int
    commitment: str  # game.net.moves.commitment
    step: int  # updates so far (the `at` of the next intent)
    moves: tuple[Move, ...]
    digest: str  # of the state after the last move


@dataclass(frozen=True)
class Welcome:
    you: int | None  # my seat (a player index), None when watching
    token: bytes | None  # keep it: it opens my seat again after a drop
    table: TableView
    match: MatchView | None


@dataclass(frozen=True)
class TableChanged:
    table: TableView


@dataclass(frozen=True)
class Started:
    match: MatchView


@dataclass(frozen=True)
class Moved:
    step: int
    move: Move
    digest: str
    reply: int | None = None  # the id of the intent it answers, to the friend who sent it


@dataclass(frozen=True)
class Undone:
    step: int
    index: int  # the log position taken back
    digest: str
    reply: int | None = None


@dataclass(frozen=True)
class Marked:
    """A player's scores are marked assisted (a hint or an undo)."""

    player: int


@dataclass(frozen=True)
class Reacted:
    player: int
    reaction: str


@dataclass(frozen=True)
class Refused:
    reply: int | None
    reason: str


@dataclass(frozen=True)
class Revealed:
    """The match is over: the whole game with its dice generator's starting state."""

    game: JsonMapping  # Game.to_dict()
    assisted: tuple[int, ...]


@dataclass(frozen=True)
class Closed:
    reason: str
    resumable: bool


FriendMessage = Join | Act | Undo | React | Helped | Sync | Leave
HostMessage = (
    Welcome
    | TableChanged
    | Started
    | Moved
    | Undone
    | Marked
    | Reacted
    | Refused
    | Revealed
    | Closed
)
Handshake = Hello | Denied | Pake | Confirm
Message = FriendMessage | HostMessage | Handshake
