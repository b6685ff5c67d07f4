"""A table's screen and the network, the same way on both ends: what a screen sends (its
seats' actions, undo, a hint used, a reaction) and what it takes each frame (`updates()`,
never waiting). The host's screen is a follower like any friend's: its actions go to the
`Authority` on the network thread (`Host.command`, not waited for) and it is shown the very
updates the friends are sent (`Host.follow`, `Host.updates`), so every screen plays the same
moves, with the same throws.

    end = HostEnd(hosted, seats=frozenset({0}))   # or FriendEnd(friend, seat)
    end.act(0, Roll(), at=follower.step)
    for update in end.updates(): ...
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from game.net import messages as m
from game.net.authority import EVERYONE, Authority, Out
from game.net.codes import show_code
from game.net.discovery import Advertiser, local_addresses
from game.net.friend import Friend, Link
from game.net.host import Host
from game.rules import Action

log = logging.getLogger(__name__)
Update = m.HostMessage | Link


class TableEnd(Protocol):
    """One screen's end of a network table."""

    @property
    def seats(self) -> frozenset[int]:
        """The seats this screen plays."""

    @property
    def starts_games(self) -> bool:
        """Whether this screen starts a match's next game (the host's does)."""

    def act(self, player: int, action: Action, at: int) -> None: ...

    def play_again(self) -> None:
        """A new match at the same table with the same seats (the host's, once it is over)."""

    def undo(self, player: int, at: int) -> None: ...

    def helped(self, player: int) -> None: ...

    def react(self, player: int, reaction: str) -> None: ...

    def sync(self) -> None: ...

    def updates(self) -> list[Update]: ...

    def close(self, resumable: bool = True) -> None:
        """Leave the table (the host's: close it; `resumable`, it can be opened again)."""


@dataclass
class HostedTable:
    """A table this machine hosts: the server, its invite and its announcement on the local
    network (made on a thread of its own: registering takes seconds)."""

    host: Host
    addresses: list[str] = field(default_factory=list)
    advertiser: Advertiser | None = None
    open_seats: int = 0  # as announced (or to be, once the announcement is made)
    _advertising: threading.Thread | None = None
    _telling: threading.Lock = field(default_factory=threading.Lock)

    @property
    def name(self) -> str:
        return self.host.authority.seating.plan.name

    @property
    def address(self) -> str:
        return self.addresses[0] if self.addresses else "127.0.0.1"

    @property
    def code(self) -> str:
        return show_code(self.host.code)

    @property
    def invite(self) -> str:
        return str(self.host.invite(self.address))

    def advertise(self, open_seats: int, interfaces: list[str] | None = None) -> None:
        """Announce the table on the local network, from a thread (never a frame's wait)."""
        addresses = [a for a in self.addresses if ":" not in a] or ["127.0.0.1"]
        self.open_seats = open_seats

        def run() -> None:
            try:
                advert = Advertiser(
                    self.name,
                    self.host.port,
                    addresses,
                    open_seats=open_seats,
                    interfaces=interfaces,
                )
                self.advertiser = advert.start()
                self._tell()  # (a count told while it was being made)
            except Exception:
                log.exception("the table could not be announced on the local network")

        self._advertising = threading.Thread(target=run, name="net-advertise", daemon=True)
        self._advertising.start()

    def tell_open(self, open_seats: int) -> None:
        """Announce how many seats are open now (none once the match began: only a seat
        token opens one then), from a thread: the local network's list of tables shows it."""
        if open_seats != self.open_seats:
            self.open_seats = open_seats
            threading.Thread(target=self._tell, name="net-advertise-seats", daemon=True).start()

    def _tell(self) -> None:
        with self._telling:  # one at a time, each the newest count
            advertiser = self.advertiser
            if advertiser is not None and advertiser.open_seats != self.open_seats:
                try:
                    advertiser.update(self.open_seats)
                except Exception:
                    log.exception("the table's open seats could not be announced")

    def close(self, resumable: bool = True) -> None:
        """Tell everyone, stop listening and announcing."""
        self.host.close(resumable)
        if self._advertising is not None:
            self._advertising.join(20.0)
        if self.advertiser is not None:
            try:
                self.advertiser.stop()
            except Exception:
                log.exception("the table's announcement did not stop cleanly")


def open_hosted(host: Host, bind_addresses: list[str] | None = None) -> HostedTable:
    """Start `host` (OSError if its port is taken) and say where friends find it."""
    host.start()
    addresses = bind_addresses if bind_addresses is not None else local_addresses()
    return HostedTable(host, addresses or ["127.0.0.1"])


class HostEnd:
    """The host's own screen: its seats' moves go to the Authority on the network thread."""

    def __init__(self, hosted: HostedTable, seats: frozenset[int]) -> None:
        self.hosted = hosted
        self._seats = seats

    @property
    def seats(self) -> frozenset[int]:
        return self._seats

    @property
    def starts_games(self) -> bool:
        return True

    def _command(self, change: Callable[[Authority], list[Out]]) -> None:
        self.hosted.host.command(change, wait=False)

    def act(self, player: int, action: Action, at: int) -> None:
        self._command(lambda table: table.local_act(player, action))

    def play_again(self) -> None:
        self._command(lambda table: table.play_again())

    def undo(self, player: int, at: int) -> None:
        self._command(lambda table: table.local_undo(player))

    def helped(self, player: int) -> None:
        self._command(lambda table: table.mark_helped(player))

    def react(self, player: int, reaction: str) -> None:
        self._command(lambda table: [(EVERYONE, m.Reacted(player, reaction))])

    def sync(self) -> None:
        """The host's screen reads the match from the Authority again (see HostEnd.welcome)."""

    def welcome(self) -> m.Welcome:
        return self.hosted.host.follow()

    def updates(self) -> list[Update]:
        return list(self.hosted.host.updates())

    def remove(self, player: int) -> None:
        self._command(lambda table: table.remove(player))

    def close(self, resumable: bool = True) -> None:
        self.hosted.close(resumable=resumable)


class FriendEnd:
    """A friend's screen: its seat's intents go to the host."""

    def __init__(self, friend: Friend, seat: int | None) -> None:
        self.friend = friend
        self._seats = frozenset() if seat is None else frozenset({seat})

    @property
    def seats(self) -> frozenset[int]:
        return self._seats

    @property
    def starts_games(self) -> bool:
        return False

    def act(self, player: int, action: Action, at: int) -> None:
        self.friend.act(action, at)

    def play_again(self) -> None:
        raise RuntimeError("only the host starts a new match")

    def undo(self, player: int, at: int) -> None:
        self.friend.undo(at)

    def helped(self, player: int) -> None:
        self.friend.helped()

    def react(self, player: int, reaction: str) -> None:
        self.friend.react(reaction)

    def sync(self) -> None:
        self.friend.sync()

    def updates(self) -> list[Update]:
        return self.friend.updates()

    def close(self, resumable: bool = True) -> None:
        self.friend.close()
