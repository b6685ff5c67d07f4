"""A match as it is kept: one Protocol for what storage files of a match and what a replay
needs of a finished one. A match at the table (game.match.Session) and a finished game read
back from the history (game.storage's HistoryLog) are both one, so the match layer names
nothing of storage and storage imports this rather than describing a match its own way.

`started` is when the match began, as a time (an old log may not know it: None); the text of
that time is storage's business, written and read at its edge.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Protocol

from game.match.seats import Seat
from game.rules import Game


class MatchRecord(Protocol):
    """A match: its game (rules, start and log), who sat where, who was helped, and when it
    began."""

    @property
    def game(self) -> Game: ...
    @property
    def seats(self) -> Sequence[Seat]: ...
    @property
    def assisted(self) -> Iterable[int]: ...
    @property
    def started(self) -> datetime | None: ...
