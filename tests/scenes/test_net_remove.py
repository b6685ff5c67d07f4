"""The host takes a friend's seat away mid-game from the table's menu, through the real
scenes over real sockets (a German host, a Swedish friend): asked first, then a CPU plays the
seat to the end, the friend is told and back at the title, and the host's screen says so."""

from __future__ import annotations

import time

from game.i18n import _, set_language
from game.rules import GameConfig, StartOrder

from .test_net_table import top_name
from .test_net_you import screens, seat_friend  # noqa: F401 - the fixture, shared


def test_the_host_removes_a_friend_mid_game_and_a_cpu_plays_on(screens):  # noqa: F811
    from game.net.seating import HOST, OPEN, SeatPlan, TablePlan

    host, friend = screens.host, screens.friend
    config = GameConfig(("Lena", "Bob"), start=StartOrder.SEATED)
    seat_friend(screens, TablePlan("Lena", config, (SeatPlan(HOST, "Lena", 0), SeatPlan(OPEN))))
    screens.in_language(host)
    host.stack.top.start()
    screens.until(lambda: top_name(host) == top_name(friend) == "TableScene")
    table = host.stack.top
    screens.in_language(host)
    host.nav.pause(table.session, table.net)
    screens.frame()
    menu = host.stack.top
    set_language("de")
    remove = [b for b in menu.buttons if b.label == _("Remove {name}").format(name="Bob")]
    assert top_name(host) == "PauseScene" and len(remove) == 1
    remove[0].on_press()
    screens.frame()
    assert top_name(host) == "ConfirmScene"
    host.stack.top.answer_yes()
    screens.until(lambda: top_name(host) == "TableScene")
    set_language("de")
    left = _("{name} left the table: a CPU plays their seat").format(name="Bob")
    screens.until(lambda: any(n.text == left for n in host.notices))
    assert table.board.seat_tags == {1: "Computer spielt"}  # German: "CPU plays"
    set_language("sv")
    took = _("The host took your seat away")
    screens.until(lambda: top_name(friend) == "TitleScene")
    assert any(n.text == took for n in friend.notices)
    # The match goes on: Lena plays her turn, then the CPU plays Bob's seat on the host.
    from game.match.session import fallback_action

    deadline = time.monotonic() + 60
    while table.session.state.cards[1].filled_count < 1:  # the CPU scores for Bob's seat
        assert time.monotonic() < deadline, "the CPU never played Bob's seat"
        if table.net.ours() and not table.net.waiting and not table.tray.animating:
            screens.in_language(host)
            table.act(fallback_action(table.session.state), confirmed=True)
        screens.frame()
    assert table.session.seats[1].name == "Bob"  # the seat keeps its name on the card
