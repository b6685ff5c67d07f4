"""A table played over the network, as one screen sees it: the match the host plays, followed
move by move by our own rules (game.net.follower), what this screen may do in it, and what
happened since the last frame, for the table to show as it shows its own moves.

No pygame: the table scene asks `poll()` each frame and gets batches of the rules' events
(with the host's throw for a roll, played back as it landed there), news to tell (a friend
away or back, a reaction, the host gone) and whether the match must be shown afresh.
"""

from __future__ import annotations

import logging
import random
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from game.anim.throw import Throw
from game.anim.throw_record import ThrowRecordError, from_record
from game.i18n import N_, _, translate
from game.net import messages as m
from game.net.follower import Follower
from game.net.friend import Link
from game.net.moves import HostError, ThrowRecord
from game.net.wire import ProtocolError
from game.rules import Action, IllegalAction, NextGame, Phase
from game.rules.events import Event

if TYPE_CHECKING:
    from game.match.session import Session
    from game.net.codes import Invite
    from game.net.ends import TableEnd
    from game.storage import Storage

log = logging.getLogger(__name__)
PLAYING = (Phase.ROLL_OFF, Phase.TURN, Phase.TIE_BREAK)
ANSWER_WAIT = 5.0  # s an action waits for the host's answer before another may be sent
REACTION_GAP = 3.0  # s between two reactions sent from one screen (the host allows bursts)

# What the host's refusal of our own action means, in words (never the host's text).
REFUSED = {
    "not_your_turn": N_("It is not your turn"),
    "stale": N_("The table moved on: try again"),
    "illegal": N_("The host's rules refused that move"),
    "cannot_undo": N_("That cannot be taken back"),
    "too_fast": N_("Too fast: wait a moment"),
}
CLOSED = {
    "host_quit": N_("The host closed the table"),
    "removed": N_("The host took your seat away"),
    "flood": N_("The host closed the connection: too many messages"),
    "too_slow": N_("The host closed the connection: it was too slow"),
}
REACTIONS = {
    "nice": N_("Nice!"),
    "wow": N_("Wow!"),
    "ouch": N_("Ouch!"),
    "good_luck": N_("Good luck!"),
    "well_played": N_("Well played!"),
    "thanks": N_("Thanks!"),
}


@dataclass
class Shown:
    """One update to show: the rules' events and the host's throw, or an undo."""

    events: list[Event]
    throw: Throw | None = None
    undone: Action | None = None
    turn_before: int = 0  # the player to play before the undo


@dataclass
class Polled:
    shown: list[Shown] = field(default_factory=list)
    news: list[str] = field(default_factory=list)  # told as notices, said aloud
    fresh: Session | None = None  # the whole match again (a resync, a reconnection)
    ended: bool = False  # the table is gone for us: back to the title


def take_link(link: Link, polled: Polled) -> None:
    """What a note on the connection tells the player, and whether the table is gone."""
    if link.state == "lost":
        polled.news.append(_("The connection to the host was lost: trying again"))
    elif link.state == "gave_up":
        polled.news.append(_("The host did not come back"))
        polled.ended = True
    elif link.state == "denied":  # (coming back, as a host restarted with another version)
        polled.news.append(_("The table would not let you back in"))
        polled.ended = True


class NetTable:
    def __init__(
        self,
        end: TableEnd,
        follower: Follower,
        table: m.TableView,
        *,
        storage: Storage | None = None,
        profile: str | None = None,
        files_finished: bool = False,
        kept_at: Invite | None = None,
    ) -> None:
        self.end = end
        self.follower = follower
        self.table = table
        self.storage = storage
        self.profile = profile
        self.files_finished = files_finished  # a friend keeps the match in its own history
        self.kept_at = kept_at  # the table where a friend's seat is kept (game.net.seat_keys)
        self.pending: float | None = None  # when our last action was sent, until answered
        self.filed = False
        self.desyncs = 0
        self.reacted: float | None = None  # when this screen last sent a reaction

    @property
    def session(self) -> Session:
        return self.follower.session

    @property
    def seats(self) -> frozenset[int]:
        return self.end.seats

    def ours(self) -> bool:
        """Whether the seat to play now is one of this screen's."""
        state = self.session.state
        return state.phase in PLAYING and state.player in self.end.seats

    def refusal(self, action: Action) -> str | None:
        """Why this screen may not send `action` now (in words), or None."""
        state = self.session.state
        if not self.ours():
            if state.phase not in PLAYING:
                return None
            name = self.session.seats[state.player].name
            # Translators: at a network table, another player's turn ({name} is theirs).
            return _("Wait: {name} is playing").format(name=name)
        if self.waiting:
            return ""  # our last action is on its way: a second press does nothing
        try:
            state.apply(action, random.Random(0))  # the rules' check (the dice are the host's)
        except IllegalAction as refused:
            return str(refused)
        return None

    @property
    def waiting(self) -> bool:
        sent = self.pending
        return sent is not None and time.monotonic() - sent < ANSWER_WAIT

    def send(self, action: Action) -> None:
        self.pending = time.monotonic()
        self.end.act(self.session.state.player, action, self.follower.step)

    @property
    def starts_games(self) -> bool:
        """Whether this screen starts the match's next game (the host's)."""
        return self.end.starts_games

    @property
    def host_name(self) -> str:
        """The name of the host's (first) seat: who starts the next game."""
        names = [seat.name for seat in self.table.seats if seat.kind == "host" and seat.name]
        return names[0] if names else _("The host")

    def next_game(self) -> bool:
        """Start the match's next game (the host's screen, between games); whether sent."""
        if not self.starts_games or self.session.state.phase is not Phase.GAME_OVER:
            return False
        self.pending = time.monotonic()
        self.end.act(self.session.state.player, NextGame(), self.follower.step)
        return True

    def play_again(self) -> bool:
        """Start a new match at this table with the same seats (the host's screen, once the
        match is over); whether sent. Every screen opens its table afresh on it."""
        if not self.starts_games or not self.session.state.is_over:
            return False
        self.pending = time.monotonic()
        self.end.play_again()
        return True

    def undo_refusal(self) -> str | None:
        session = self.session
        refusal = session.undo_refusal()
        if refusal is not None:
            return refusal
        actor = session.game.last_actor
        assert actor is not None  # (the session refuses first when nothing was played)
        if actor not in self.end.seats:
            # Translators: at a network table, undo pressed for another player's move.
            return _("Only {name} can take that back").format(name=session.seats[actor].name)
        return "" if self.waiting else None

    def undo(self) -> None:
        player = self.session.game.last_actor
        assert player is not None
        self.pending = time.monotonic()
        self.end.undo(player, self.follower.step)

    def helped(self) -> None:
        player = self.session.state.player
        if player in self.end.seats:
            self.end.helped(player)

    def react(self, reaction: str) -> str | None:
        """Send one of REACTIONS for this screen's seat; why not, in words (too soon after the
        last, or a watcher's screen with no seat), or None when sent."""
        if reaction not in REACTIONS:
            raise ValueError(f"no reaction {reaction!r}")
        if not self.end.seats:
            # Translators: a watcher of a network table pressed the reaction key.
            return _("Only a player at the table can react")
        now = time.monotonic()
        if self.reacted is not None and now - self.reacted < REACTION_GAP:
            return translate(REFUSED["too_fast"])
        self.reacted = now
        state = self.session.state
        player = state.player if state.player in self.end.seats else min(self.end.seats)
        self.end.react(player, reaction)
        return None

    def close(self) -> None:
        """Leave the table; the host's closes it, to be opened again unless the match is
        over (a finished match is filed, its save cleared: friends are not kept waiting)."""
        self.end.close(resumable=not self.session.state.is_over)

    # ----------------------------------------------------------------- what arrived
    def poll(self) -> Polled:
        polled = Polled()
        for update in self.end.updates():
            try:
                self._take(update, polled)
            except (HostError, ProtocolError) as bad:
                log.error("the host's update cannot be followed: %s; asking for the match", bad)
                self.desyncs += 1
                self.end.sync()
        return polled

    def _take(self, update: m.HostMessage | Link, polled: Polled) -> None:
        if isinstance(update, Link):
            take_link(update, polled)
        elif isinstance(update, (m.Moved, m.Undone)):
            if update.reply is not None or update.step > self.follower.step:
                self.pending = None
            if update.step <= self.follower.step:
                return  # already followed (a welcome carried it)
            undone = None
            turn_before = self.follower.session.state.player
            if isinstance(update, m.Undone):
                undone = self.follower.game.log[update.index]
            events = self.follower.update(update)
            throw = _throw(update.move.throw) if isinstance(update, m.Moved) else None
            polled.shown.append(Shown(events, throw, undone, turn_before))
        elif isinstance(update, m.Marked):
            self.follower.update(update)
        elif isinstance(update, m.Revealed):
            self.follower.update(update)
            finished = self.follower.finished
            if finished is not None:
                # The same game, with the dice generator it really had (ours handed out the
                # host's dice): the review and the replay play it again from its start.
                self.session.game = finished.game
            self._file()
        elif isinstance(update, (m.Welcome, m.Started)):
            self._fresh(update, polled)
        elif isinstance(update, m.TableChanged):
            polled.news += self._seat_news(update.table)
            self.table = update.table
        elif isinstance(update, m.Reacted):
            polled.news.append(self._reaction(update))
        elif isinstance(update, m.Refused):
            self.pending = None
            if update.reason == "token":
                self._forget_seat()
            text = REFUSED.get(update.reason)
            if text:
                polled.news.append(translate(text))
        elif isinstance(update, m.Closed):
            polled.ended = not update.resumable or update.reason != "host_quit"
            if polled.ended:
                polled.news.append(translate(CLOSED.get(update.reason, CLOSED["host_quit"])))
                if update.reason in ("removed", "host_quit"):  # (not a connection cut)
                    self._forget_seat()
            elif self.end.seats:
                polled.news.append(
                    _("The host closed the table: you are back in your seat if it opens again")
                )
            else:  # one who watches has no seat to come back to
                polled.news.append(
                    # Translators: to a friend who watches a network table (has no seat).
                    _("The host closed the table: you watch on if it opens again")
                )

    def _fresh(self, update: m.Welcome | m.Started, polled: Polled) -> None:
        match = update.match
        if isinstance(update, m.Welcome):
            self.table = update.table
        if match is None:
            return
        current = self.follower
        if match.step == current.step and match.digest == _digest(current):
            return  # back in our seat with nothing missed
        self.follower = Follower(match)
        self.pending = None
        self.filed = False  # (a match filed again is not counted twice: the records know it)
        polled.fresh = self.follower.session
        if isinstance(update, m.Started) and not self.starts_games:
            # Translators: a notice to a friend at a network table, shown and spoken as
            # the table opens afresh: the host ({name}) began a new match with the same seats.
            told = _("{name} started a new match at this table")
            polled.news.append(told.format(name=self.host_name))

    def _forget_seat(self) -> None:
        """Our seat is gone from the table (taken away, or the table closed for good)."""
        if self.kept_at is not None and self.storage is not None:
            from game.net.seat_keys import forget_seat

            forget_seat(self.storage, self.kept_at)
            self.kept_at = None

    def _file(self) -> None:
        finished = self.follower.finished
        if finished is None or self.filed or not self.files_finished or self.storage is None:
            return
        from game.net.keep import file_finished

        own = min(self.end.seats) if self.end.seats else None
        self.filed = file_finished(self.storage, finished, own, self.profile).saved

    def _seat_news(self, table: m.TableView) -> list[str]:
        news = []
        for before, now in zip(self.table.seats, table.seats, strict=False):
            if now.kind != "friend" or now.name is None:
                continue
            if before.online and not now.online and before.level is None and now.level:
                # Translators: a friend left or was removed; a CPU plays their seat now.
                news.append(
                    _("{name} left the table: a CPU plays their seat").format(name=now.name)
                )
                continue
            if before.online and not now.online:
                news.append(_("{name} is away: the table waits").format(name=now.name))
            elif not before.online and now.online:
                news.append(_("{name} is back").format(name=now.name))
            if now.level is not None and before.level is None:
                news.append(_("A CPU plays for {name}").format(name=now.name))
        return news

    def seat_tags(self) -> dict[int, str]:
        """Under a friend's name on the card: away, or played by a CPU meanwhile."""
        tags = {}
        for player, seat in enumerate(self.table.seats):
            if seat.kind != "friend":
                continue
            if seat.level is not None:
                # Translators: under a friend's name on the card: a CPU plays their turns.
                tags[player] = _("CPU plays")
            elif not seat.online:
                # Translators: under a friend's name on the card: their connection dropped.
                tags[player] = _("away")
        return tags

    def _reaction(self, reacted: m.Reacted) -> str:
        seats = self.session.seats
        name = seats[reacted.player].name if 0 <= reacted.player < len(seats) else "?"
        # Translators: a reaction a player sent at a network table: "Ann: Nice!".
        return _("{name}: {reaction}").format(
            name=name, reaction=translate(REACTIONS.get(reacted.reaction, REACTIONS["nice"]))
        )


def _digest(follower: Follower) -> str:
    from game.net.moves import digest

    return digest(follower.game.state)


def _throw(record: ThrowRecord | None) -> Throw | None:
    """The host's throw to play back, or None (then this screen throws the same dice itself)."""
    if record is None:
        return None
    try:
        return from_record(record.data)
    except ThrowRecordError as bad:
        log.warning("the host's throw cannot be played: %s", bad)
        return None
