"""The host's table before the match: open to the network, with its name, address and invite
(the table code in it) on screen, its seats as friends take them, and Start once every seat
is taken (or at once, a CPU taking each seat still open).

Controls:
    Up / Down, Tab   move over the buttons;  Enter  the focused one
    Esc              close the table (asks first)
The table waits on the network thread (game.net.host): nothing here waits for a friend.
"""

from __future__ import annotations

import logging
import os
from functools import partial
from typing import TYPE_CHECKING

from game.i18n import _
from game.scenes.nav import Question
from game.scenes.network.panel import Line, PanelMenu
from game.scenes.network.words import seat_line
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.net import messages as m
    from game.net.authority import Authority, Out
    from game.net.ends import HostedTable
    from game.net.host import Host
    from game.net.seating import TablePlan
    from game.scenes.context import Context

log = logging.getLogger(__name__)
PORT_VARIABLE = "YAHTZEE_TABLE_PORT"  # the port a hosted table listens on (a router forwards it)
STAND_IN_AFTER = 30.0  # s a friend may be away on their turn before a CPU plays it, if chosen
FILL_LEVEL = "hard"  # the CPU that takes a seat still open at the start


def table_port() -> int:
    from game.net.host import DEFAULT_PORT

    text = os.environ.get(PORT_VARIABLE, "")
    return int(text) if text.isdigit() and 0 < int(text) < 65536 else DEFAULT_PORT


class HostTableScene(PanelMenu):
    def __init__(self, ctx: Context, plan: TablePlan | None) -> None:
        """`plan`: the table to open; None: the network table saved in the data folder,
        opened again (its match goes on at once; its friends come back to their seats)."""
        super().__init__(ctx)
        self.plan = plan
        self.hosted: HostedTable | None = None
        self.table: m.TableView | None = None
        self.problem = ""
        # A CPU plays a dropped friend's turns after a while (else the table waits for them).
        self.stand_in = True
        self.handed_over = False  # the table scene has the hosted table now
        self._resumed: m.MatchView | None = None
        host = self._resume() if plan is None else self._new(plan)
        if host is not None:
            self._open(host)
        self._refresh()

    def _new(self, plan: TablePlan) -> Host:
        from game.net.authority import Authority
        from game.net.codes import new_code, read_code
        from game.net.host import Host
        from game.net.keep import saving_sessions, table_record
        from game.ui.net_throws import throw_maker

        throws = throw_maker(len(plan.rules.columns))
        authority = Authority(plan, make_throw=throws, stand_in_after=STAND_IN_AFTER)
        host = Host(authority, read_code(new_code()), bind="0.0.0.0", port=table_port())
        authority.make_session = saving_sessions(
            self.ctx.storage, lambda: table_record(authority, host.code, host.port)
        )
        return host

    def _resume(self) -> Host | None:
        from game.net.host import Host
        from game.net.keep import resume_table
        from game.ui.net_throws import throw_maker

        resumed = resume_table(self.ctx.storage, stand_in_after=STAND_IN_AFTER)
        if resumed is None:
            self.problem = _("The saved table could not be opened again")
            return None
        authority, code, port = resumed
        assert authority.session is not None
        authority.make_throw = throw_maker(len(authority.session.config.columns))
        return Host(authority, code, bind="0.0.0.0", port=port)

    def _open(self, host: Host) -> None:
        from game.net.ends import open_hosted

        try:
            self.hosted = open_hosted(host)
        except OSError as refused:
            log.warning("the table could not be opened: %s", refused)
            # Translators: {port} is a network port number another program holds.
            self.problem = _("The table could not open port {port}: is another game hosting?")
            self.problem = self.problem.format(port=host.port)
            return
        welcome = self.hosted.host.follow()
        self.table, self._resumed = welcome.table, welcome.match
        self.hosted.advertise(welcome.table.open_seats)

    # ----------------------------------------------------------------- what is shown
    def _refresh(self) -> None:
        hosted, table = self.hosted, self.table
        if hosted is None or table is None:
            self.show(
                [Line(self.problem, "warn")], [Button(_("Back"), self.close_table, primary=True)]
            )
            return
        open_seats = table.open_seats
        lines = [Line(hosted.name, "title")]
        lines.append(Line(_("Friends join with this invite:"), "dim"))
        lines.append(Line(hosted.invite, "big"))
        lines.append(
            # Translators: where friends find the table, and the code that lets them in.
            Line(
                _("Address {address}, port {port} · Table code {code}").format(
                    address=hosted.address, port=hosted.host.port, code=hosted.code
                ),
                "text",
            )
        )
        lines += [Line(seat_line(i, seat), "text") for i, seat in enumerate(table.seats)]
        if open_seats:
            lines.append(Line(_("Waiting for friends to take the open seats…"), "dim"))
        start = _("Start: a CPU takes each open seat") if open_seats else _("Start the game")
        buttons = [Button(start, self.start, primary=True)]
        for i, seat in enumerate(table.seats):
            if seat.kind == "friend" and seat.name:
                # Translators: the host takes a friend's seat away ({name}: the friend's).
                label = _("Remove {name}").format(name=seat.name)
                buttons.append(Button(label, partial(self.remove, i)))
        buttons.append(Button(self._stand_in_label(), self.toggle_stand_in))
        buttons.append(Button(_("Close the table"), self.close_table))
        self.show(lines, buttons)

    def _stand_in_label(self) -> str:
        if self.stand_in:
            return _("A friend who drops: a CPU plays for them")
        return _("A friend who drops: the table waits")

    # ----------------------------------------------------------------- actions
    def start(self) -> None:
        if self.hosted is None:
            return
        self.ctx.play("click")
        self.hosted.host.command(lambda table: table.start(FILL_LEVEL), wait=False)

    def remove(self, player: int) -> None:
        if self.hosted is not None:
            self.hosted.host.command(lambda table: table.remove(player), wait=False)

    def toggle_stand_in(self) -> None:
        self.stand_in = not self.stand_in
        after = STAND_IN_AFTER if self.stand_in else None
        if self.hosted is not None:

            def change(table: Authority) -> list[Out]:
                table.stand_in_after = after
                return []

            self.hosted.host.command(change, wait=False)
        self._refresh()

    def close_table(self) -> None:
        if self.hosted is None:
            self.ctx.nav.title()
            return
        self.ctx.nav.confirm(
            Question(
                _("Close the table?"),
                self.ctx.nav.title,
                yes_label=_("Close"),
                no_label=_("Keep it open"),
                detail=_("Friends who joined are told the table closed."),
                focus_yes=False,
            )
        )

    def back(self) -> None:
        self.close_table()

    # ----------------------------------------------------------------- time
    def update(self, dt: float) -> None:
        hosted = self.hosted
        if hosted is None:
            return
        if self._resumed is not None:  # the saved match goes on: friends come back to it
            self._sit_down(self._resumed)
            return
        from game.net import messages as m

        for update in hosted.host.updates():
            if isinstance(update, m.TableChanged):
                self.table = update.table
                hosted.tell_open(update.table.open_seats)
                self._refresh()
            elif isinstance(update, m.Started):
                hosted.tell_open(0)
                self._sit_down(update.match)
                return

    def _sit_down(self, match: m.MatchView) -> None:
        from game.net.ends import HostEnd
        from game.net.follower import Follower
        from game.net.screen import NetTable

        hosted, table = self.hosted, self.table
        assert hosted is not None and table is not None
        seats = frozenset(i for i, seat in enumerate(table.seats) if seat.kind == "host")
        net = NetTable(HostEnd(hosted, seats), Follower(match), table)
        self.handed_over = True
        self.ctx.nav.net_table(net, net.session)

    def exit(self) -> None:
        if self.hosted is not None and not self.handed_over:
            self.hosted.close(resumable=False)
