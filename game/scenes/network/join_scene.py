"""Joining a table on the network: the tables found on the local network by name, or an
address typed, or an invite pasted; the table code; then a free seat with your own name and
colour (a full table, or one already playing, can be watched). The game opens the table
once the host starts it. A seat taken here is kept in the data folder (game.net.seat_keys):
after this game closed (a crash, a restart), "Back to seat 2 (Table: Ann)" takes it again,
the match as it stands.

Controls:
    Up / Down, Tab   move over the buttons;  Enter  the focused one;  Esc  back
Every connection runs on a thread of its own (game.net.friend): nothing here waits for it.
"""

from __future__ import annotations

import logging
import threading
from functools import partial
from typing import TYPE_CHECKING

from game.i18n import _
from game.match.seats import SEAT_COLOURS
from game.rules.names import name_problem
from game.scenes.network.panel import Line, PanelMenu
from game.scenes.network.words import denial, seat_line
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.net import messages as m
    from game.net.codes import Invite
    from game.net.discovery import Browser, FoundTable
    from game.net.friend import Friend
    from game.net.seat_keys import SeatKey
    from game.scenes.context import Context

log = logging.getLogger(__name__)
INVITE_LENGTH = 80  # characters the invite box takes
WATCH_RETRY = 8.0  # s a first look at a table keeps trying to reach it
KEPT_SHOWN = 3  # kept seats offered at once, newest first


class JoinTableScene(PanelMenu):
    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.browser: Browser | None = None
        self.found: list[FoundTable] = []
        self.invite: Invite | None = None
        self.friend: Friend | None = None  # our connection: watching the table, or seated
        self.seated: int | None = None  # the seat we asked for (None: looking or watching)
        self.watching = False  # we asked to watch the game
        self.table: m.TableView | None = None
        self.name = self._default_name()
        self.colour = 0
        self.problem = ""
        self.handed_over = False
        self._match: m.MatchView | None = None  # the match in play, as the host last sent it
        self._code_box: tuple[str, int] | None = None  # the code's box to open next frame
        self.kept = self._kept_seats()  # seats taken before, to take again
        self._browsing = threading.Thread(target=self._browse, name="net-find", daemon=True)
        self._browsing.start()
        self._refresh()

    def _default_name(self) -> str:
        """The name last played under here: the last table's first person, else the newest
        profile (one who joined a table before has one, made as they sat down); never the
        default "You", which would show as a name to everyone at the table."""
        from game.match.seats import is_you

        storage = self.ctx.storage
        table = storage.last_table
        people = [s.name for s in table.seats if s.kind == "person"] if table else []
        people += [profile.name for profile in reversed(storage.list_profiles())]
        return next((name for name in people if not is_you(name)), "")

    def _kept_seats(self) -> list[SeatKey]:
        from game.net.seat_keys import kept_seats

        return kept_seats(self.ctx.storage)

    def _browse(self) -> None:
        from game.net.discovery import Browser

        try:
            self.browser = Browser().start()
        except Exception:
            log.exception("tables on the local network cannot be listed")

    # ----------------------------------------------------------------- what is shown
    def _refresh(self) -> None:
        if self.invite is None:
            self._finding()
        elif self.table is None:
            self._connecting()
        else:
            self._seats(self.table)

    def _finding(self) -> None:
        lines = [Line(_("Join a table"), "title")]
        buttons: list[Button] = []
        for key in self.kept[:KEPT_SHOWN]:
            # Translators: a seat this player held at a network table before their game
            # closed; pressing takes it again. {table} is the table's name, as its host
            # named it ("Table: Ann").
            label = _("Back to seat {number} ({table})").format(
                number=key.seat + 1, table=key.table
            )
            buttons.append(Button(label, partial(self.back_to, key), primary=not buttons))
        if self.found:
            lines.append(Line(_("Tables on your network:"), "dim"))
            for table in self.found:
                # Translators: a table found on the local network and its open seats.
                label = _("{name} ({seats} open)").format(name=table.name, seats=table.open_seats)
                buttons.append(Button(label, partial(self.choose_found, table)))
        else:
            lines.append(Line(_("Looking for tables on your network…"), "dim"))
        if self.problem:
            lines.append(Line(self.problem, "warn"))
        buttons += [
            Button(_("Paste an invite"), self.ask_invite, primary=not buttons and not self.found),
            Button(_("Type an address"), self.ask_address),
            Button(_("Back"), self.back),
        ]
        self.show(lines, buttons)

    def _connecting(self) -> None:
        assert self.invite is not None
        lines = [Line(_("Join a table"), "title")]
        # Translators: while the game reaches a table at {address}.
        lines.append(Line(_("Reaching the table at {address}…").format(address=self.invite.host)))
        if self.problem:
            lines.append(Line(self.problem, "warn"))
        self.show(lines, [Button(_("Back"), self.back, primary=True)])

    def _seats(self, table: m.TableView) -> None:
        lines = [Line(table.name, "title")]
        lines += [Line(seat_line(i, seat), "text") for i, seat in enumerate(table.seats)]
        if self.problem:
            lines.append(Line(self.problem, "warn"))
        buttons: list[Button] = []
        if self.seated is not None:
            # Translators: after taking a seat at a network table, before the game starts.
            lines.append(
                Line(
                    _("You sit at seat {number}: waiting for the host to start").format(
                        number=self.seated + 1
                    ),
                    "dim",
                )
            )
        elif self.watching:
            lines.append(Line(_("Waiting for the game to start, to watch it"), "dim"))
        else:
            self.colour = self._free_colour(table, self.colour)
            key = self._kept_at(table)
            if key is not None:
                label = _("Back to seat {number}").format(number=key.seat + 1)
                buttons.append(Button(label, partial(self.back_to, key), primary=True))
            for i, seat in enumerate(table.seats):
                if seat.kind == "open" and not table.playing:
                    label = _("Take seat {number}").format(number=i + 1)
                    buttons.append(Button(label, partial(self.take, i), primary=not buttons))
            # Translators: the player's own name at the network table; pressing changes it.
            buttons.append(
                Button(_("Your name: {name}").format(name=self.name or "–"), self.ask_name)
            )
            colour = self.ctx.theme.player_name(self.colour)
            buttons.append(
                Button(_("Your colour: {colour}").format(colour=colour), self.next_colour)
            )
            buttons.append(Button(_("Watch the game"), self.watch))
        buttons.append(Button(_("Back"), self.back))
        self.show(lines, buttons)

    def _kept_at(self, table: m.TableView) -> SeatKey | None:
        """The seat kept at this table, if the table still has its friend there."""
        key = next((k for k in self.kept if k.invite == self.invite), None)
        if key is None or key.seat >= len(table.seats):
            return None
        seat = table.seats[key.seat]
        return key if seat.kind == "friend" and seat.name == key.name else None

    @staticmethod
    def _taken(table: m.TableView) -> set[int]:
        return {s.colour for s in table.seats if s.kind != "open"}

    def _free_colour(self, table: m.TableView, start: int) -> int:
        taken = self._taken(table)
        for step in range(SEAT_COLOURS):
            colour = (start + step) % SEAT_COLOURS
            if colour not in taken:
                return colour
        return start

    # ----------------------------------------------------------------- finding the table
    def choose_found(self, table: FoundTable) -> None:
        self._ask_code(table.address, table.port)

    def ask_invite(self) -> None:
        from game.net.codes import read_invite

        def done(text: str) -> str | None:
            try:
                invite = read_invite(text)
            except ValueError:
                example = "yahtzee://192.168.1.20:47474/K7QM-3XDA"
                return _("An invite looks like {example}").format(example=example)
            self._look(invite)
            return None

        self.ctx.nav.profile_name(
            _("Paste the invite"), "", done, _("Join"), INVITE_LENGTH, "yahtzee://…"
        )

    def ask_address(self) -> None:
        from game.net.codes import check_host, check_port
        from game.net.host import DEFAULT_PORT

        def done(text: str) -> str | None:
            text = text.strip()
            host, colon, port = text.rpartition(":") if text.count(":") == 1 else ("", "", "")
            try:
                if colon:
                    found = (check_host(host), check_port(int(port)) if port.isdigit() else 0)
                    check_port(found[1])
                else:
                    found = (check_host(text), DEFAULT_PORT)
            except ValueError:
                return _("An address looks like {example} or {with_port}").format(
                    example="192.168.1.20", with_port="192.168.1.20:47474"
                )
            self._code_box = found  # opened once this box has closed
            return None

        self.ctx.nav.profile_name(_("The table's address"), "", done, _("Next"), 60, "192.168.1.20")

    def _ask_code(self, address: str, port: int) -> None:
        from game.net.codes import Invite, read_code

        def done(text: str) -> str | None:
            try:
                code = read_code(text)
            except ValueError:
                return _("A table code is eight letters and digits, as {example}").format(
                    example="K7QM-3XDA"
                )
            self._look(Invite(address, port, code))
            return None

        self.ctx.nav.profile_name(_("The table code"), "", done, _("Join"), 12, "K7QM-3XDA")

    def _look(self, invite: Invite, problem: str = "") -> None:
        """Watch the table first: its seats show which are free (`problem`: why we look
        again)."""
        from game.net import messages as m
        from game.net.friend import Friend

        self._hang_up()
        self.invite, self.table, self.problem = invite, None, problem
        self.seated, self.watching = None, False
        self.friend = Friend(invite, m.Join(watch=True), reconnect_for=WATCH_RETRY).start()
        self._refresh()

    # ----------------------------------------------------------------- a seat
    def ask_name(self, then_take: int | None = None) -> None:
        def done(text: str) -> str | None:
            problem = name_problem(text.strip())
            if problem is not None:
                from game.i18n import translated

                return translated(problem)
            self.name = text.strip()
            if then_take is not None:
                self.take(then_take)
            self._refresh()
            return None

        self.ctx.nav.profile_name(_("Your name at the table"), self.name, done, _("Save"))

    def next_colour(self) -> None:
        if self.table is not None:
            self.colour = self._free_colour(self.table, self.colour + 1)
            self._refresh()

    def take(self, seat: int) -> None:
        from game.net import messages as m
        from game.net.friend import Friend

        if not self.name or name_problem(self.name) is not None:
            self.ask_name(then_take=seat)
            return
        assert self.invite is not None
        self._hang_up()
        self.seated, self.problem = seat, ""
        join = m.Join(seat, self.name, self.colour)
        self.friend = Friend(self.invite, join).start()
        self._refresh()

    def back_to(self, key: SeatKey) -> None:
        """Take a kept seat again, its token proving it ours: the table opens on the match
        as it stands (or, before it starts, we sit waiting for the host)."""
        from game.net import messages as m
        from game.net.friend import Friend

        self._hang_up()
        self.invite, self.table, self.problem = key.invite, None, ""
        self.seated, self.watching = key.seat, False
        self.name, self.colour = key.name, key.colour
        join = m.Join(key.seat, key.name, key.colour, token=key.token)
        self.friend = Friend(key.invite, join).start()
        self._refresh()

    def watch(self) -> None:
        self.watching = True
        self._refresh()
        if self.friend is not None and self.table is not None and self.table.playing:
            self.friend.sync()  # the match as it is now: the table opens on it

    # ----------------------------------------------------------------- time
    def update(self, dt: float) -> None:
        if self._code_box is not None:
            self._ask_code(*self._code_box)
            self._code_box = None
        browser = self.browser
        if browser is not None and self.invite is None:
            found = browser.tables()
            if found != self.found:
                self.found = found
                self._refresh()
        friend = self.friend
        if friend is None:
            return
        for update in friend.updates():
            if self._take_update(update):
                return

    def _take_update(self, update: object) -> bool:
        """Follow one thing the host said; True once the table opened."""
        from game.net import messages as m
        from game.net.friend import Link
        from game.net.version import game_version

        if isinstance(update, Link):
            if update.state == "denied":
                self.problem = denial(update.reason, update.host_game, game_version())
                self._hang_up()
                self.invite, self.table = None, None
            elif update.state in ("lost", "gave_up") and self.table is None:
                self.problem = _("The table does not answer at that address")
            self._refresh()
        elif isinstance(update, m.Welcome):
            self.table, self._match = update.table, update.match
            if self.seated is not None and update.token is not None:
                self._keep(update.table, update.token)
            if update.match is not None and (self.seated is not None or self.watching):
                return self._sit_down(update.match)
            self._refresh()
        elif isinstance(update, m.TableChanged):
            self.table = update.table
            self._refresh()
        elif isinstance(update, m.Started):
            self._match = update.match
            if self.seated is not None or self.watching:
                return self._sit_down(update.match)
        elif isinstance(update, m.Refused):
            problem = denial(update.reason)
            if update.reason == "token":
                self._forget()
            if self.seated is not None and self.invite is not None:
                self._look(self.invite, problem)  # watch again: the seats as they are now
            self.problem = problem
            self._refresh()
        elif isinstance(update, m.Closed):
            self.problem = denial("removed" if update.reason == "removed" else "closed")
            self._hang_up()
            self.invite, self.table = None, None
            self._refresh()
        return False

    def _keep(self, table: m.TableView, token: bytes) -> None:
        """Keep the seat just taken (or taken again), to take again after this game closed."""
        from datetime import UTC, datetime

        from game.net.seat_keys import SeatKey, keep_seat

        assert self.invite is not None and self.seated is not None
        now = datetime.now(UTC)
        key = SeatKey(self.invite, table.name, self.seated, self.name, self.colour, token, now)
        keep_seat(self.ctx.storage, key)
        self.kept = self._kept_seats()

    def _forget(self) -> None:
        """The host no longer has our seat: offer it no more."""
        from game.net.seat_keys import forget_seat

        if self.invite is not None:
            forget_seat(self.ctx.storage, self.invite)
            self.kept = self._kept_seats()

    def _sit_down(self, match: m.MatchView) -> bool:
        from game.net.ends import FriendEnd
        from game.net.follower import Follower
        from game.net.screen import NetTable

        friend, table = self.friend, self.table
        assert friend is not None and table is not None
        profile = self.ctx.storage.profile_for_name(self.name) if self.seated is not None else None
        net = NetTable(
            FriendEnd(friend, self.seated),
            Follower(match),
            table,
            storage=self.ctx.storage,
            profile=profile.name if profile is not None else None,
            files_finished=True,
            kept_at=self.invite if self.seated is not None else None,
        )
        self.handed_over = True
        self.ctx.nav.net_table(net, net.session)
        return True

    # ----------------------------------------------------------------- leaving
    def back(self) -> None:
        if self.invite is not None:
            self._hang_up()
            self.invite, self.table, self.problem = None, None, ""
            self.seated, self.watching = None, False
            self._refresh()
            return
        self.ctx.stack.pop()

    def _hang_up(self) -> None:
        friend, self.friend = self.friend, None
        if friend is not None:
            if self.seated is not None:
                friend.leave()  # the seat is given up: not offered again
                self._forget()
            threading.Thread(target=friend.close, name="net-hang-up", daemon=True).start()

    def exit(self) -> None:
        if not self.handed_over:
            self._hang_up()
        browser = self.browser
        if browser is not None:
            threading.Thread(target=browser.stop, name="net-find-stop", daemon=True).start()
