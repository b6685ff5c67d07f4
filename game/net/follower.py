"""A friend's copy of the host's match, every move checked by our own rules.

The copy is a `Session` like any table's (the coach, hints and win chances read it as they
read a local match), whose dice come from the host: `HostDice` hands the rules the faces the
host announced, so a roll the rules would not make, a die out of its range, a held die that
changed, a move for the wrong seat or a state that differs from the host's (its digest, after
every move) is a `HostError`, never a quietly different game. When the match is over the host
reveals its dice generator's starting state: it must be the one committed to at the start and
replay to the very game every friend saw, before the game is kept in the friend's history.
"""

from __future__ import annotations

import hmac
from dataclasses import dataclass
from datetime import datetime

from game.match.seats import Seat
from game.match.session import Session
from game.net import messages as m
from game.net.moves import (
    HostDice,
    HostError,
    Move,
    commitment,
    digest,
    game_from_reveal,
    rolled_faces,
)
from game.net.wire import ProtocolError
from game.rules import Game, IllegalAction, Roll
from game.rules.events import Event


def _started(text: str) -> datetime:
    """When the host's match began, from the time it sent (ISO 8601); a HostError if that is
    no time (the session keeps the time itself: game.match.record)."""
    try:
        return datetime.fromisoformat(text)
    except ValueError:
        raise HostError(f"the match's start {text[:40]!r} is not a time") from None


@dataclass(frozen=True)
class FinishedMatch:
    """A match over and checked, as the friend's history keeps it (a game.match MatchRecord
    and what Storage.record_finished takes)."""

    game: Game
    seats: tuple[Seat, ...]
    assisted: tuple[int, ...]
    started: datetime
    expected_lost: dict[int, float]


class Follower:
    """The match as the host plays it, one update at a time."""

    def __init__(self, view: m.MatchView) -> None:
        self.dice = HostDice()
        game = Game(view.config, self.dice)
        started = _started(view.started)
        self.session = Session(game, view.seats, started=started, seed=view.seed)
        self.commitment = view.commitment
        self.step = 0
        self.events: list[Event] = []
        for move in view.moves:
            self.events += self._play(move)
        self.session.assisted = frozenset(view.assisted)
        self.step = view.step
        self._check(view.digest)
        self.finished: FinishedMatch | None = None

    @property
    def game(self) -> Game:
        return self.session.game

    def update(self, update: m.Moved | m.Undone | m.Marked | m.Revealed) -> list[Event]:
        """Follow one update; the events it made (for the table to show). HostError if the
        host's update cannot be what happened."""
        if isinstance(update, m.Marked):
            self._player(update.player)
            self.session.assisted |= {update.player}
            return []
        if isinstance(update, m.Revealed):
            self.finished = self._reveal(update)
            return []
        if update.step <= self.step:
            raise HostError(f"update {update.step} after update {self.step}")
        if isinstance(update, m.Undone):
            self._undo(update.index)
            events: list[Event] = []
        else:
            events = self._play(update.move)
        self.step = update.step
        self._check(update.digest)
        return events

    def _player(self, player: int) -> None:
        if not 0 <= player < len(self.session.seats):
            raise HostError(f"no player {player}")

    def _play(self, move: Move) -> list[Event]:
        game = self.game
        state = game.state
        if move.index != len(game.log):
            raise HostError(f"move {move.index} when {len(game.log)} were played")
        if state.is_over:
            raise HostError("a move after the match is over")
        if move.player != state.player:
            raise HostError(f"a move by player {move.player} on player {state.player}'s turn")
        if isinstance(move.action, Roll) != (move.dice is not None):
            raise HostError("dice come with a roll and only with one")
        if move.dice is not None:
            self.dice.load(rolled_faces(state, move.dice))
        try:
            events = self.session.apply(move.action)
        except (IllegalAction, ProtocolError) as refused:
            raise HostError(f"our rules refuse the host's move: {refused}") from None
        if self.dice.left or (move.dice is not None and game.state.dice not in (None, move.dice)):
            raise HostError("the host's dice are not the dice rolled")
        return events

    def _undo(self, index: int) -> None:
        session = self.session
        if index != len(self.game.log) - 1 or session.undo_refusal() is not None:
            raise HostError("an undo the rules do not allow")
        session.undo()

    def _check(self, expected: str) -> None:
        if not hmac.compare_digest(digest(self.game.state), expected):
            raise HostError("our copy of the match differs from the host's")

    def _reveal(self, revealed: m.Revealed) -> FinishedMatch:
        if not self.game.state.is_over:
            raise HostError("the match was revealed before it was over")
        game = game_from_reveal(dict(revealed.game))
        if commitment(game) != self.commitment:
            raise HostError("the revealed dice generator is not the one the host committed to")
        if game.log != self.game.log or game.state != self.game.state:
            raise HostError("the revealed match is not the match we followed")
        for player in revealed.assisted:
            self._player(player)
        session = self.session
        return FinishedMatch(
            game,
            session.seats,
            tuple(sorted(set(revealed.assisted) | session.assisted)),
            session.started,
            dict(session.expected_lost),
        )
