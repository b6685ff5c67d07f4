"""Who is "you" at a network table, as a German host and a Swedish friend meet it through the
real scenes over real sockets: only a screen's own seat is told "you", whatever the names
(the first seat's default name "You" is "Du" in both languages), and a host never opens a
table under that default name: it is asked for a real one first."""

from __future__ import annotations

import random
import time

import pytest

from game.i18n import _, set_language
from game.rules import GameConfig, Phase, Roll, StartOrder

from .test_net_table import context, free_port, top_name

LANGUAGES = {"host": "de", "friend": "sv"}


class Screens:
    """The host's and the friend's game in one process, each run in its own language."""

    def __init__(self, host, friend) -> None:
        self.host, self.friend = host, friend

    def in_language(self, ctx) -> None:
        set_language(LANGUAGES["host" if ctx is self.host else "friend"])

    def frame(self, dt: float = 0.05) -> None:
        for ctx in (self.host, self.friend):
            self.in_language(ctx)
            ctx.stack.update(dt)
            ctx.stack.apply_pending()
        time.sleep(0.005)

    def until(self, test, seconds: float = 20.0) -> None:
        deadline = time.monotonic() + seconds
        while not test():
            assert time.monotonic() < deadline, "timed out"
            self.frame()


@pytest.fixture
def screens(tmp_path, monkeypatch):
    import pygame

    pygame.init()
    pygame.display.set_mode((1280, 800))
    monkeypatch.setenv("YAHTZEE_TABLE_PORT", str(free_port(random.Random(tmp_path.stat().st_ino))))
    set_language("de")
    host = context(tmp_path / "host")
    set_language("sv")
    friend = context(tmp_path / "friend")
    yield Screens(host, friend)
    for ctx in (friend, host):
        for scene in reversed(ctx.stack.scenes):
            scene.exit()
    set_language("en")


def seat_friend(screens: Screens, plan) -> None:
    """The host opens `plan`'s table; the Swedish friend takes seat 2 as "Bob"."""
    from game.net.codes import read_invite

    host, friend = screens.host, screens.friend
    screens.in_language(host)
    host.nav.host_table(plan)
    screens.frame()
    lobby = host.stack.top
    assert top_name(host) == "HostTableScene"
    invite = read_invite(str(lobby.hosted.host.invite("127.0.0.1")))
    screens.in_language(friend)
    friend.nav.join_table()
    screens.frame()
    joining = friend.stack.top
    joining._look(invite)
    screens.until(lambda: joining.table is not None)
    joining.name = "Bob"
    joining.take(1)
    screens.until(lambda: lobby.table.seats[1].name == "Bob")


def said_lines(ctx) -> list[str]:
    """Every line the table's message line shows from now on (wrapping the presenter's say)."""
    presenter = ctx.stack.top.board.presenter
    lines: list[str] = []
    say = presenter.say

    def recording(text: str, player: int | None = None) -> None:
        lines.append(text)
        say(text, player)

    presenter.say = recording
    return lines


def test_only_a_screens_own_seat_is_you_whatever_the_names(screens):
    from game.net.seating import HOST, OPEN, SeatPlan, TablePlan

    host, friend = screens.host, screens.friend
    # The host's seat called "Du", as main's setup used to let a German host open it.
    config = GameConfig(("Du", "Bob"), start=StartOrder.ROLL_OFF)
    seat_friend(screens, TablePlan("Du", config, (SeatPlan(HOST, "Du", 0), SeatPlan(OPEN))))
    screens.in_language(host)
    host.stack.top.start()
    screens.until(lambda: top_name(host) == top_name(friend) == "TableScene")
    tables = {"host": host.stack.top, "friend": friend.stack.top}
    lines = {side: said_lines(ctx) for side, ctx in (("host", host), ("friend", friend))}
    spoken = {side: [] for side in tables}
    for side, table in tables.items():
        announce = table.ctx.speech.announce

        def hearing(phrase, side=side, announce=announce):
            spoken[side].append(phrase.text)
            return announce(phrase)

        table.ctx.speech.announce = hearing
    assert tables["host"].session.state.phase is Phase.ROLL_OFF
    deadline = time.monotonic() + 60
    while any(t.session.state.phase is Phase.ROLL_OFF for t in tables.values()):
        assert time.monotonic() < deadline
        for table in tables.values():
            if table.net.ours() and not table.net.waiting and not table.tray.animating:
                screens.in_language(table.ctx)
                table.act(Roll(), confirmed=True)
        screens.frame()
    screens.until(lambda: all(not t.tray.animating for t in tables.values()))
    for _i in range(10):
        screens.frame()
    totals = tables["friend"].board.presenter.start_rolls  # column: its last start roll
    du, bob = totals[0], totals[1]
    set_language("sv")  # the friend's screen: its own seat "Bob" is "you"; the host "Du" is not
    assert _("You rolled {total} for the start").format(total=bob) in lines["friend"]
    assert _("{name} rolled {total} for the start").format(name="Du", total=du) in lines["friend"]
    assert f"Bob slog {bob} i startkastet" not in lines["friend"] + spoken["friend"]
    assert f"Du slog {bob} i startkastet" in spoken["friend"]
    set_language("de")  # the host's screen: its own seat is "you", the friend is named
    assert f"Dein Startwurf: {du}" in lines["host"]
    assert f"Startwurf von Bob: {bob}" in lines["host"]


def test_a_host_is_asked_a_real_name_before_opening_a_table(screens):
    from game.scenes.setup.seats import NETWORK

    host = screens.host
    screens.in_language(host)
    host.nav.setup()
    screens.frame()
    setup = host.stack.top
    drafts = setup.draft.seats
    assert drafts[0].name == "Du"  # German: the first seat's default name
    drafts[1].kind = NETWORK
    del drafts[2:]
    screens.in_language(host)
    setup.start_game()
    screens.frame()
    asking = host.stack.top
    assert setup.error == ""
    assert top_name(host) == "ProfileNameScene"  # not the table: a name first
    asking.name = "du "  # the default name again, in any case: refused, in words
    asking.submit()
    assert asking.error and top_name(host) == "ProfileNameScene"
    asking.name = "Lena"
    asking.submit()
    screens.until(lambda: top_name(host) == "HostTableScene")
    lobby = host.stack.top
    assert lobby.table.seats[0].name == "Lena"
    assert lobby.table.seats[1].kind == "open"


def test_a_host_is_asked_before_a_new_table_takes_the_saved_games_place(screens):
    """Hosting a new table replaced the saved game at its first roll, unasked: it asks, as a
    game played here does; Back keeps the saved game, Start opens the table."""
    from game.match.seats import Seat
    from game.match.session import Session
    from game.scenes.setup.seats import NETWORK

    host = screens.host
    screens.in_language(host)
    seats = [Seat("Lena", colour=0), Seat("Bot", "easy", colour=1)]
    saved = Session.new(GameConfig(("Lena", "Bot"), start=StartOrder.SEATED), seats, seed=4)
    host.save_session(saved)
    before = host.storage.has_current()
    assert before
    host.nav.setup()
    screens.frame()
    setup = host.stack.top
    drafts = setup.draft.seats
    drafts[0].name = "Lena"
    drafts[1].kind = NETWORK
    del drafts[2:]
    screens.in_language(host)
    setup.start_game()
    screens.frame()
    assert top_name(host) == "ConfirmScene"
    host.stack.top.answer_no()
    screens.frame()
    assert host.stack.top is setup and host.storage.has_current()
    screens.in_language(host)
    setup.start_game()
    screens.frame()
    host.stack.top.answer_yes()
    screens.until(lambda: top_name(host) == "HostTableScene")
