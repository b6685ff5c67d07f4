"""The host's rules of the table: the one match that is the truth, and what each connection
may do to it. No I/O and no threads: `game.net.host` calls it from its event loop and sends
what it returns, a list of `(to, message)`: `to` is a connection (0 and up), `EVERYONE`
(every connection that has joined), or `all_but(connection)`.

The host's session rolls every die, plays the CPU seats, checks every action with the rules
engine and saves after every action (its `on_change`). A friend acts only for the seat it
holds, only on its turn, only against the table as it last saw it (`at`), each intent's id
higher than the last; anything else is refused with a reason, logged, and changes nothing.
"""

from __future__ import annotations

import logging
import random
import secrets
import time
from collections.abc import Callable
from dataclasses import replace
from typing import TypedDict

from game.match.seats import Seat, cpu_name
from game.match.session import Session
from game.net import messages as m
from game.net.moves import Move, ThrowRecord, commitment, digest
from game.net.seating import CPU, HOST, Seating, SeatPlan, TablePlan
from game.rules import Action, Game, GameConfig, GameState, IllegalAction, NextGame, Phase, Roll
from game.rules.events import Event, Rolled, RollOffRolled

log = logging.getLogger(__name__)

EVERYONE = -1
PLAYING = (Phase.ROLL_OFF, Phase.TURN, Phase.TIE_BREAK)
STAND_IN_LEVEL = "hard"

Out = tuple[int, m.HostMessage]
MakeThrow = Callable[[Rolled | RollOffRolled], ThrowRecord | None]
MakeSession = Callable[[Game, list[Seat]], Session]


class AuthorityOptions(TypedDict, total=False):
    """The keyword options of an Authority, as a caller hands them on (game.net.keep)."""

    make_session: MakeSession | None
    make_throw: MakeThrow | None
    stand_in_after: float | None
    auto_start: bool
    clock: Callable[[], float]


def all_but(peer: int) -> int:
    """The address of a message to every connection but `peer`."""
    return -2 - peer


def left_out(to: int) -> int | None:
    """The connection an `all_but` address leaves out, or None if `to` is not one."""
    return -2 - to if to <= -2 else None


def new_game(config: GameConfig) -> Game:
    """A match whose dice generator starts from 256 random bits (Session.new's 31-bit seed
    could be found by a friend trying every seed against the dice seen)."""
    return Game(config, random.Random(secrets.randbits(256)))


class Authority:
    def __init__(
        self,
        plan: TablePlan,
        *,
        make_session: MakeSession | None = None,
        make_throw: MakeThrow | None = None,
        stand_in_after: float | None = None,
        auto_start: bool = False,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.seating = Seating(plan)
        self.session: Session | None = None
        self._history: list[Move] = []  # the moves of the match, as sent
        self.make_session = make_session or (lambda game, seats: Session(game, seats))
        self.make_throw = make_throw
        # Seconds a friend may be away on their turn before a CPU stands in (None: wait).
        self.stand_in_after = stand_in_after
        self.auto_start = auto_start
        self.clock = clock
        self.step = 0  # updates sent (Started, Moved, Undone): the `at` the next intent names
        self.joined: dict[int, int] = {}  # connection -> last intent id (joined ones only)
        self.watchers: set[int] = set()
        self.refusals: dict[str, int] = {}

    # ----------------------------------------------------------------- what the table is
    @property
    def playing(self) -> bool:
        return self.session is not None

    def table(self) -> m.TableView:
        return self.seating.view(self.playing)

    def match_view(self) -> m.MatchView:
        session = self.session
        assert session is not None
        game = session.game
        moves = self._history
        return m.MatchView(
            game.config,
            tuple(replace(s, profile=None, pad=False) for s in session.seats),
            tuple(sorted(session.assisted)),
            session.started.isoformat(timespec="seconds"),  # the time as the wire carries it
            session.seed,
            commitment(game),
            self.step,
            tuple(moves),
            digest(game.state),
        )

    # ----------------------------------------------------------------- starting and resuming
    def start(self, fill_open_with: str | None = None) -> list[Out]:
        """Start the match: every open seat must be claimed (or played by a CPU of
        `fill_open_with`)."""
        if self.playing:
            raise ValueError("the match has started")
        for i in self.seating.open_seats():
            if fill_open_with is None:
                raise ValueError("a seat is still open for a friend")
            seat = self.seating.seats[i]
            taken = [s.name for s in self.seating.seats if s.name is not None]
            seat.name = cpu_name(taken, i + 1)  # "Ada", as setup names a CPU (in the host's words)
            seat.plan = SeatPlan(CPU, seat.name, seat.colour, fill_open_with)
        seats = self.seating.seats_for_match()
        config = replace(self.seating.plan.rules, players=tuple(s.name for s in seats))
        return self._begin(self.make_session(new_game(config), seats))

    def resume(self, session: Session) -> None:
        """Go on with a saved match (the seating was restored with it: game.net.keep)."""
        self.session = session
        self._history = _replayed_moves(session.game)

    def play_again(self) -> list[Out]:
        """A new match at the same table, with the same seats."""
        session = self.session
        if session is None or not session.state.is_over:
            raise ValueError("the match in play is not over")
        game = new_game(session.config)
        return self._begin(self.make_session(game, list(session.seats)))

    def _begin(self, session: Session) -> list[Out]:
        self.session = session
        self._history = []
        self.step += 1  # an intent sent against the match before is stale in this one
        return [(EVERYONE, m.Started(self.match_view()))]

    # ----------------------------------------------------------------- connections
    def join(self, peer: int, join: m.Join) -> list[Out]:
        if peer in self.joined:
            return self._refuse(peer, None, "joined")
        if join.token is not None:
            player = self.seating.seat_of_token(join.token)
            if player is None:
                return self._refuse(peer, None, "token")
            return self._seat_again(peer, player, join.token)
        if join.watch:
            self.joined[peer] = 0
            self.watchers.add(peer)
            return [(peer, m.Welcome(None, None, self.table(), self._match_or_none()))]
        if self.playing:
            return self._refuse(peer, None, "started")
        refusal = self.seating.claim_refusal(join.seat, join.name, join.colour)
        if refusal is not None or join.seat is None:
            return self._refuse(peer, None, refusal or "seat_taken")
        token = self.seating.claim(join.seat, join.name, join.colour, peer)
        self.joined[peer] = 0
        out: list[Out] = [(peer, m.Welcome(join.seat, token, self.table(), None))]
        out += self._table_changed(but=peer)
        if self.auto_start and not self.seating.open_seats():
            out += self.start()
        return out

    def _seat_again(self, peer: int, player: int, token: bytes) -> list[Out]:
        seat = self.seating.seats[player]
        if seat.left:
            return self._refuse(peer, None, "token")
        out: list[Out] = []
        if seat.peer is not None and seat.peer != peer:
            # The old connection is dead or stolen; the token's holder is the friend.
            self.joined.pop(seat.peer, None)
            out.append((seat.peer, m.Closed("removed", False)))
        seat.peer, seat.away_since = peer, None
        if seat.stand_in is not None:
            seat.stand_in = None
        self.joined[peer] = 0
        out.append((peer, m.Welcome(player, token, self.table(), self._match_or_none())))
        return out + self._table_changed(but=peer)

    def leave(self, peer: int, *, gone: bool) -> list[Out]:
        """A connection ended (`gone`) or its friend left their seat for good."""
        self.watchers.discard(peer)
        if gone:
            self.joined.pop(peer, None)
        player = self.seating.seat_of_peer(peer)
        if player is None:
            return []
        seat = self.seating.seats[player]
        seat.peer = None
        if not gone:
            return self.remove(player, tell=False)
        seat.away_since = self.clock()
        return self._table_changed()

    def remove(self, player: int, *, tell: bool = True) -> list[Out]:
        """The host takes a friend's seat away: before the match it is open again; in play a
        CPU plays it from now on. Their token opens nothing any more."""
        seat = self.seating.seats[player]
        if not seat.is_friend or not seat.claimed:
            raise ValueError("only a friend's seat can be taken away")
        out: list[Out] = []
        if seat.peer is not None:
            self.joined.pop(seat.peer, None)
            if tell:
                out.append((seat.peer, m.Closed("removed", False)))
        if self.playing:
            seat.token, seat.peer, seat.left = None, None, True
            seat.stand_in = seat.stand_in or STAND_IN_LEVEL
        else:
            self.seating.release(player)
        return out + self._table_changed()

    def stand_in(self, player: int, level: str | None) -> list[Out]:
        """The host lets a CPU of `level` play a friend's seat while they are away (None: the
        table waits for them)."""
        seat = self.seating.seats[player]
        if not seat.is_friend:
            raise ValueError("only a friend's seat has a stand-in")
        seat.stand_in = level
        return self._table_changed()

    # ----------------------------------------------------------------- a friend's intents
    def intent(self, peer: int, intent: m.FriendMessage) -> list[Out]:
        if isinstance(intent, m.Join):
            return self.join(peer, intent)
        if peer not in self.joined:
            return self._refuse(peer, None, "not_seated")
        if isinstance(intent, m.Leave):
            return self.leave(peer, gone=False)
        if intent.id <= self.joined[peer]:
            return self._refuse(peer, intent.id, "replayed")
        self.joined[peer] = intent.id
        if isinstance(intent, m.Sync):
            return [
                (peer, m.Welcome(self._player(peer), None, self.table(), self._match_or_none()))
            ]
        player = self._player(peer)
        if player is None:
            return self._refuse(peer, intent.id, "not_seated")
        if isinstance(intent, m.React):
            return [(EVERYONE, m.Reacted(player, intent.reaction))]
        if isinstance(intent, m.Helped):
            return self._mark(player)
        if isinstance(intent, m.Undo):
            return self._undo(peer, player, intent)
        return self._act(peer, player, intent)

    def _player(self, peer: int) -> int | None:
        return self.seating.seat_of_peer(peer)

    def _act(self, peer: int, player: int, act: m.Act) -> list[Out]:
        session = self.session
        if session is None or session.state.phase not in PLAYING:
            return self._refuse(peer, act.id, "not_your_turn")
        if session.state.player != player:
            return self._refuse(peer, act.id, "not_your_turn")
        if act.at != self.step:
            return self._refuse(peer, act.id, "stale")
        if isinstance(act.action, NextGame):
            return self._refuse(peer, act.id, "illegal")
        return self._apply(player, act.action, peer, act.id)

    def _undo(self, peer: int, player: int, undo: m.Undo) -> list[Out]:
        session = self.session
        if session is None or undo.at != self.step:
            return self._refuse(peer, undo.id, "stale")
        if session.undo_refusal() is not None or session.game.last_actor != player:
            return self._refuse(peer, undo.id, "cannot_undo")
        return self._undone(player, peer, undo.id)

    # ----------------------------------------------------------------- the host's own hands
    def local_act(self, player: int, action: Action) -> list[Out]:
        """An action of one of the host's own seats (or the host's Next game); IllegalAction
        if the rules or the seat refuse it."""
        session = self._session()
        if isinstance(action, NextGame):
            return self._apply(session.state.player, action, None, None)
        if self.seating.seats[player].plan.kind != HOST or session.state.player != player:
            raise IllegalAction("not that seat's turn")
        return self._apply(player, action, None, None)

    def mark_helped(self, player: int) -> list[Out]:
        """The host's own seat used a hint: its scores are marked helped, on every screen."""
        if self.seating.seats[player].plan.kind != HOST:
            raise ValueError("only the host's own seat is marked from the host's screen")
        return self._mark(player)

    def local_undo(self, player: int) -> list[Out]:
        session = self._session()
        refusal = session.undo_refusal()
        if refusal is not None or session.game.last_actor != player:
            raise ValueError(refusal or "not that seat's move")
        return self._undone(player, None, None)

    def cpu_due(self) -> tuple[int, str] | None:
        """The seat a CPU plays now and its level, or None: a CPU seat, or a friend's seat with
        a stand-in (given by the host, or after `stand_in_after` seconds away)."""
        session = self.session
        if session is None or session.state.phase not in PLAYING:
            return None
        player = session.state.player
        seat = self.seating.seats[player]
        if seat.plan.kind == CPU and seat.plan.level is not None:
            return player, seat.plan.level
        if not seat.is_friend:
            return None
        if seat.stand_in is None and seat.away_since is not None and seat.peer is None:
            after = self.stand_in_after
            if after is not None and self.clock() - seat.away_since >= after:
                seat.stand_in = STAND_IN_LEVEL
        if seat.stand_in is not None and seat.peer is None:
            return player, seat.stand_in
        return None

    def cpu_act(self, player: int, expected: GameState, action: Action) -> list[Out]:
        """A CPU's action decided on `expected` (the state it saw); nothing if the table moved
        on meanwhile (an undo), or if the seat is no longer the CPU's. A CPU standing in for a
        friend marks their scores as helped."""
        session = self._session()
        due = self.cpu_due()
        if session.state is not expected or due is None or due[0] != player:
            return []
        out = self._mark(player) if self.seating.seats[player].is_friend else []
        return out + self._apply(player, action, None, None)

    # ----------------------------------------------------------------- applying
    def _apply(self, player: int, action: Action, peer: int | None, reply: int | None) -> list[Out]:
        session = self._session()
        index = len(session.game.log)
        try:
            events = session.apply(action)
        except IllegalAction as refused:
            if peer is None:
                raise
            log.info("refused %r from seat %d: %s", action, player, refused)
            return self._refuse(peer, reply, "illegal")
        move = Move(index, player, action, *self._dice_and_throw(action, events))
        self._history.append(move)
        self.step += 1
        out = self._addressed(m.Moved(self.step, move, digest(session.state)), peer, reply)
        if session.state.is_over:
            game = session.game.to_dict()
            out.append((EVERYONE, m.Revealed(game, tuple(sorted(session.assisted)))))
        return out

    def _dice_and_throw(
        self, action: Action, events: list[Event]
    ) -> tuple[tuple[int, ...] | None, ThrowRecord | None]:
        if not isinstance(action, Roll):
            return None, None
        rolled = next(e for e in events if isinstance(e, (Rolled, RollOffRolled)))
        throw = self.make_throw(rolled) if self.make_throw is not None else None
        return rolled.dice, throw

    def _undone(self, player: int, peer: int | None, reply: int | None) -> list[Out]:
        session = self._session()
        was_assisted = player in session.assisted
        session.undo()
        index = len(session.game.log)
        del self._history[index:]
        self.step += 1
        out = self._addressed(m.Undone(self.step, index, digest(session.state)), peer, reply)
        if not was_assisted:
            out.append((EVERYONE, m.Marked(player)))
        return out

    def _mark(self, player: int) -> list[Out]:
        session = self.session
        if session is None or player in session.assisted:
            return []
        session.mark_assisted(player)
        return [(EVERYONE, m.Marked(player))]

    def _addressed(
        self, update: m.Moved | m.Undone, peer: int | None, reply: int | None
    ) -> list[Out]:
        """The update to everyone; the friend who asked for it gets it with their intent's id."""
        if peer is None:
            return [(EVERYONE, update)]
        return [(peer, replace(update, reply=reply)), (all_but(peer), update)]

    def _refuse(self, peer: int, reply: int | None, reason: str) -> list[Out]:
        self.refusals[reason] = self.refusals.get(reason, 0) + 1
        log.warning("refused connection %d's message %s: %s", peer, reply, reason)
        return [(peer, m.Refused(reply, reason))]

    def _table_changed(self, but: int | None = None) -> list[Out]:
        update = m.TableChanged(self.table())
        return [(EVERYONE if but is None else all_but(but), update)]

    def _match_or_none(self) -> m.MatchView | None:
        return self.match_view() if self.playing else None

    def _session(self) -> Session:
        if self.session is None:
            raise ValueError("the match has not started")
        return self.session


def _replayed_moves(game: Game) -> list[Move]:
    """The moves of a saved match, the dice of each roll read again from its replay."""
    replay = Game.replay(game.config, game.start_state, [])
    moves: list[Move] = []
    for index, action in enumerate(game.log):
        player = replay.state.player
        events = replay.apply(action)
        dice = None
        if isinstance(action, Roll):
            rolled = next(e for e in events if isinstance(e, (Rolled, RollOffRolled)))
            dice = rolled.dice
        moves.append(Move(index, player, action, dice))
    return moves
