"""A network table as players meet it: a host's screen opens the table from a plan, a
friend's screen reaches it on 127.0.0.1 with the invite's code, takes a seat with its own
name and colour, and both play a whole game through the real scenes over real sockets: the
same moves, the same throws, the same final cards, and the game in both histories."""

from __future__ import annotations

import random
import time

import pytest

from game.match.session import fallback_action
from game.rules import GameConfig, Phase, StartOrder
from game.tools.netplay import free_port
from game.ui.spoken import FocusVoice

from .conftest import SIZE, QuietSound

ENDED = (Phase.GAME_OVER, Phase.MATCH_OVER)


def context(folder):
    from game.scenes.context import Context
    from game.scenes.router import Router
    from game.scenes.stack import SceneStack
    from game.storage import Storage

    storage = Storage(folder, environ={})
    stack = SceneStack()
    stack.layout(SIZE)
    ctx = Context(storage, storage.settings.replace(animation_speed="instant"), stack, QuietSound())
    ctx.nav = Router(ctx)
    return ctx


def frame(*contexts, dt: float = 0.05) -> None:
    for ctx in contexts:
        ctx.stack.update(dt)
        ctx.stack.apply_pending()
    time.sleep(0.005)


def until(test, *contexts, seconds: float = 20.0) -> None:
    deadline = time.monotonic() + seconds
    while not test():
        assert time.monotonic() < deadline, "timed out"
        frame(*contexts)


def top_name(ctx) -> str:
    return type(ctx.stack.top).__name__


@pytest.fixture
def two(tmp_path, monkeypatch):
    import pygame

    pygame.init()
    pygame.display.set_mode(SIZE)
    monkeypatch.setenv("YAHTZEE_TABLE_PORT", str(free_port(random.Random(tmp_path.stat().st_ino))))
    host, friend = context(tmp_path / "host"), context(tmp_path / "friend")
    yield host, friend
    for ctx in (friend, host):
        for scene in reversed(ctx.stack.scenes):
            scene.exit()


def table_plan(games: int = 1):
    from game.net.seating import HOST, OPEN, SeatPlan, TablePlan

    config = GameConfig(("Ann", "Bob"), start=StartOrder.SEATED, games=games)
    return TablePlan("Ann's table", config, (SeatPlan(HOST, "Ann", 0), SeatPlan(OPEN)))


def join(
    host, friend, name: str = "Bob", seated: bool = True, games: int = 1, through=None
) -> None:
    """The friend's screen reaches the host's table by its invite and takes seat 2
    (`through`: the invite a relay gives for the host's)."""
    from game.net.codes import read_invite

    host.nav.host_table(table_plan(games))
    frame(host)
    lobby = host.stack.top
    assert top_name(host) == "HostTableScene"
    assert lobby.hosted.invite.startswith("yahtzee://")
    invite = read_invite(str(lobby.hosted.host.invite("127.0.0.1")))
    if through is not None:
        invite = through(invite)
    friend.nav.join_table()
    frame(friend)
    joining = friend.stack.top
    joining._look(invite)
    until(lambda: joining.table is not None, host, friend)
    texts = [b.label for b in joining.buttons]
    assert "Take seat 2" in texts
    joining.name = name
    joining.take(1)
    if seated:
        until(lambda: lobby.table.seats[1].name == name, host, friend)
        assert any(line.text == f"2. {name}" for line in lobby.lines)


def play(screens, done, *contexts, rng: random.Random) -> list[int]:
    """Each screen plays its own seat's turns (now the likely move, now any legal one)
    until `done()`; a screen's press out of turn is refused there, nothing sent. The
    moves each screen made."""
    acted = [0, 0]
    deadline = time.monotonic() + 90  # (inside the test's timeout: a stall says where)
    while not done():
        assert time.monotonic() < deadline, [  # where each screen stands, and its link
            (
                top_name(ctx),
                ctx.stack.top is s,  # (a table opened afresh leaves `s` behind)
                s.session.state.phase,
                s.session.state.player,
                s.net
                and (
                    s.net.waiting,
                    s.net.follower.step,
                    s.net.desyncs,
                    s.net.pending,
                    [seat.online for seat in s.net.table.seats],
                ),
            )
            for ctx, s in zip(contexts, screens, strict=False)
        ]
        for i, scene in enumerate(screens):
            state = scene.session.state
            if scene.net.ours() and not scene.net.waiting and not scene.tray.animating:
                action = fallback_action(state) if rng.random() < 0.6 else None
                if action is None:
                    legal = state.legal_actions()
                    action = rng.choice(legal)
                scene.act(action, confirmed=True)
                acted[i] += 1
            other = screens[1 - i]
            playing = other.session.state.phase is Phase.TURN
            if (
                playing and not other.net.ours()
            ):  # out of turn: refused on this screen, nothing sent
                before = other.net.pending
                other.act(fallback_action(other.session.state), confirmed=True)
                assert other.net.pending == before
                other.show_hint()  # nobody else's turn is marked helped from here
                assert other.message == "Hints are for your own turn"
        frame(*contexts)
    return acted


def test_a_whole_game_across_two_screens(two):
    host, friend = two
    join(host, friend)
    host.stack.top.start()
    until(lambda: top_name(host) == top_name(friend) == "TableScene", host, friend)
    screens = [host.stack.top, friend.stack.top]
    assert screens[0].net.seats == {0} and screens[1].net.seats == {1}
    over = lambda: all(s.session.state.is_over for s in screens)  # noqa: E731
    acted = play(screens, over, host, friend, rng=random.Random(3))
    until(lambda: screens[1].net.filed, host, friend)
    games = [s.session.game for s in screens]
    assert games[0].log == games[1].log and games[0].state == games[1].state
    # Revealed, the match replays from its real dice (the review and the replay need it).
    from game.rules import Game

    again = Game.replay(games[1].config, games[1].start_rng, list(games[1].log))
    assert again.state == games[1].state
    assert acted[0] > 13 and acted[1] > 13
    assert screens[1].net.desyncs == 0
    assert screens[0].session.assisted == screens[1].session.assisted == frozenset()
    history = friend.storage.list_history()
    assert len(history) == 1 and list(history[0].players) == ["Ann", "Bob"]
    assert len(host.storage.list_history()) == 1


def test_the_host_removes_a_friend_before_the_start(two):
    host, friend = two
    join(host, friend)
    lobby, joining = host.stack.top, friend.stack.top
    remove = next(b for b in lobby.buttons if b.label == "Remove Bob")
    remove.on_press()
    until(lambda: joining.problem == "The host took your seat away", host, friend)
    until(lambda: lobby.table.seats[1].kind == "open", host, friend)
    assert "Remove Bob" not in [b.label for b in lobby.buttons]


def test_a_refused_seat_and_the_host_quitting(two):
    host, friend = two
    join(host, friend, name="Ann", seated=False)  # the host's own name: refused, said in words
    joining = friend.stack.top
    until(lambda: joining.problem, host, friend)
    until(lambda: joining.table is not None, host, friend)  # watching again, seats shown
    assert joining.seated is None
    assert "has that name" in joining.problem
    joining.name = "Cy"
    joining.take(1)
    lobby = host.stack.top
    until(lambda: lobby.table.seats[1].name == "Cy", host, friend)
    lobby.start()
    until(lambda: top_name(host) == top_name(friend) == "TableScene", host, friend)
    from game.rules import Roll

    table = host.stack.top
    table.act(Roll())
    until(lambda: friend.stack.top.session.state.dice is not None, host, friend)
    host.nav.title()  # the host leaves mid-game: saved, and the friend is told
    frame(host)
    told = "The host closed the table: you are back in your seat if it opens again"
    until(lambda: any(n.text == told for n in friend.notices), friend)
    assert top_name(friend) == "TableScene"  # the seat waits for the table to open again
    assert host.storage.load_current().extra["net"]["name"] == "Ann's table"
    # Continue on the host's title opens the same table again; the friend's game, still
    # trying, is back in its seat with its token and follows the moves from there.
    title = host.stack.top
    assert top_name(host) == "TitleScene" and title.continue_button.enabled
    title.continue_game()
    until(lambda: top_name(host) == "TableScene", host, friend)
    back = host.stack.top
    assert back.session.state == table.session.state
    until(lambda: back.net.table.seats[1].online, host, friend, seconds=30)
    frame(host, friend)
    back.act(fallback_action(back.session.state), confirmed=True)  # Ann scores
    # (the friend's table opened afresh on the match the host sent again)
    until(lambda: friend.stack.top.session.state.player == 1, host, friend)
    theirs = friend.stack.top
    assert top_name(friend) == "TableScene" and theirs.session.state == back.session.state


def test_a_friend_who_drops_is_shown_away_on_the_host_card(two):
    host, friend = two
    join(host, friend)
    host.stack.top.start()
    until(lambda: top_name(host) == top_name(friend) == "TableScene", host, friend)
    table = host.stack.top
    assert table.board.seat_tags == {}
    friend.nav.title()  # the friend's game closes its connection
    until(lambda: table.board.seat_tags == {1: "away"}, host, friend)
    assert table.board.column_tags()[1] == "away"
    assert any(n.text == "Bob is away: the table waits" for n in host.notices)


def test_a_match_of_two_games_the_host_starts_the_second(two):
    """Between a network match's games the host's results offer Next game and the
    friend's say who starts it; nothing moves until the host presses it, then both
    screens are back at the table, in the second game, and play the match out."""
    from game.rules import NextGame

    host, friend = two
    screens = to_results(host, friend, seed=5, games=2)
    ours, theirs = host.stack.top, friend.stack.top
    assert [b.label for b in ours.buttons] == ["Next game", "Review", "Replay", "Title"]
    assert [b.label for b in theirs.buttons] == ["Title", "Review", "Replay"]
    assert theirs.verdict.detail.endswith("The next game begins when Ann is ready.")
    assert "next game begins" not in ours.verdict.detail
    assert not theirs.table.net.next_game()  # a friend's screen cannot start it
    for _ in range(10):  # nothing moves on its own between the games
        frame(host, friend)
    assert top_name(host) == top_name(friend) == "ResultsScene"
    ours.next_net_game()
    ours.next_net_game()  # a second press sends nothing more
    until(lambda: top_name(host) == top_name(friend) == "TableScene", host, friend)
    assert [host.stack.top, friend.stack.top] == screens
    for scene in screens:
        assert scene.session.state.phase is Phase.TURN and len(scene.session.state.results) == 1
    over = lambda: all(s.session.state.is_over for s in screens)  # noqa: E731
    play(screens, over, host, friend, rng=random.Random(6))
    until(lambda: screens[1].net.filed, host, friend)
    games = [s.session.game for s in screens]
    assert games[0].log == games[1].log and games[0].state == games[1].state
    assert sum(isinstance(action, NextGame) for action in games[0].log) == 1
    assert len(games[0].state.results) == 2
    assert screens[1].net.desyncs == 0
    until(lambda: top_name(host) == top_name(friend) == "ResultsScene", host, friend)
    assert host.stack.top.buttons[0].label == "Play again"  # the match is over: no next game
    assert len(friend.storage.list_history()) == 1 and len(host.storage.list_history()) == 1


def test_the_host_plays_again_with_the_same_friends(two):
    """After a network match the host's results offer Play again, a friend's say the host
    may; pressed, a new match begins at the same table with the same seats on both screens,
    and each match is filed once on each side."""
    host, friend = two
    first = to_results(host, friend, seed=7)
    until(lambda: first[1].net.filed, host, friend)
    ours, theirs = host.stack.top, friend.stack.top
    assert [b.label for b in ours.buttons] == ["Play again", "Review", "Replay", "Title"]
    assert [b.label for b in theirs.buttons] == ["Title", "Review", "Replay"]
    assert theirs.verdict.detail.endswith("Ann may start a new match at this table.")
    assert not theirs.table.net.play_again()  # a friend's screen cannot start one
    for _ in range(10):  # nothing moves on its own after the match
        frame(host, friend)
    assert top_name(host) == top_name(friend) == "ResultsScene"
    nets = [scene.net for scene in first]
    ours.play_net_again()
    ours.play_net_again()  # a second press sends nothing more
    until(
        lambda: (
            top_name(host) == top_name(friend) == "TableScene"
            and host.stack.top not in first
            and friend.stack.top not in first
        ),
        host,
        friend,
    )
    second = [host.stack.top, friend.stack.top]
    told = "Ann started a new match at this table"
    assert [n.text for n in friend.notices] == [told]  # and said: a friend did not press it
    assert told not in [n.text for n in host.notices]
    assert [scene.net for scene in second] == nets  # the same table, handed on
    assert second[0].net.seats == {0} and second[1].net.seats == {1}
    for scene in second:
        assert scene.session.state.phase is Phase.TURN and not scene.session.game.log
    assert second[0].session.seed != first[0].session.seed  # new dice
    over = lambda: all(s.session.state.is_over for s in second)  # noqa: E731
    play(second, over, host, friend, rng=random.Random(8))
    until(lambda: second[1].net.filed, host, friend)
    games = [s.session.game for s in second]
    assert games[0].log == games[1].log and games[0].state == games[1].state
    assert second[1].net.desyncs == 0
    assert len(friend.storage.list_history()) == 2 and len(host.storage.list_history()) == 2


def test_a_next_game_begun_before_a_friends_results_came_up(two):
    """On a slow line the host can start the next game before a friend's results come up:
    the friend's table goes on to it, and no results of the game before show over it."""
    host, friend = two
    join(host, friend, games=2)
    host.stack.top.start()
    until(lambda: top_name(host) == top_name(friend) == "TableScene", host, friend)
    screens = [host.stack.top, friend.stack.top]
    shown = []  # every results screen either screen opened
    for ctx in (host, friend):
        opened = ctx.nav.results
        ctx.nav.results = lambda *args, opened=opened: (shown.append(args), opened(*args))
    ended = lambda: screens[0].session.state.phase is Phase.GAME_OVER  # noqa: E731
    play(screens, ended, host, friend, rng=random.Random(5))
    assert screens[0].net.next_game()  # at once: the results are not up on either screen
    until(lambda: all(s.session.state.phase is Phase.TURN for s in screens), host, friend)
    for _ in range(40):  # more than the results' wait at this speed
        frame(host, friend)
    assert top_name(friend) == top_name(host) == "TableScene"
    assert shown == []
    assert screens[1].board.presenter.results_in is None
    assert len(screens[1].session.state.results) == 1


def to_results(host, friend, seed: int, games: int = 1) -> list:
    """Both screens at their results once the first game (of `games`) is played out."""
    join(host, friend, games=games)
    host.stack.top.start()
    until(lambda: top_name(host) == top_name(friend) == "TableScene", host, friend)
    screens = [host.stack.top, friend.stack.top]
    ended = lambda: all(s.session.state.phase in ENDED for s in screens)  # noqa: E731
    play(screens, ended, host, friend, rng=random.Random(seed))
    until(lambda: top_name(host) == top_name(friend) == "ResultsScene", host, friend)
    return screens


def host_starts_next_game(host, friend) -> None:
    """The host presses Next game, and its move reaches the friend's game (not yet seen
    by its screen, whose frames are not run)."""
    host.stack.top.next_net_game()
    arrived = friend.stack.scenes[0].net.end.friend._updates  # (the friend's game's inbox)
    until(lambda: arrived.qsize() > 0, host)


def test_a_press_on_a_friends_results_in_the_frame_the_next_game_comes(two):
    """The friend's own press goes first: Title leaves the table (the game does not end with
    no scene at all), Review opens, and back from it the results go on to the next game."""
    host, friend = two
    to_results(host, friend, seed=5, games=2)
    host_starts_next_game(host, friend)
    friend.stack.top.review()
    frame(friend)
    assert top_name(friend) == "ReviewScene"
    friend.stack.pop()
    until(lambda: top_name(friend) == "TableScene", host, friend)
    assert friend.stack.top.session.state.phase is Phase.TURN
    assert [type(s).__name__ for s in friend.stack.scenes] == ["TableScene"]


def test_title_pressed_on_a_friends_results_as_the_next_game_comes(two):
    host, friend = two
    to_results(host, friend, seed=5, games=2)
    host_starts_next_game(host, friend)
    friend.stack.top.to_title()
    frame(friend)
    assert [type(s).__name__ for s in friend.stack.scenes] == ["TitleScene"]


def test_the_host_leaving_after_the_match_leaves_the_friends_results(two):
    """A finished match's table is closed for good when the host leaves: the friend is
    told so at once (not that the seat waits), and stays on the results."""
    host, friend = two
    to_results(host, friend, seed=9)
    results = friend.stack.top
    host.stack.top.to_title()
    until(lambda: any(n.text == "The host closed the table" for n in friend.notices), host, friend)
    for _ in range(10):
        frame(host, friend)
    assert friend.stack.top is results and not results.following
    waits = "The host closed the table: you are back in your seat if it opens again"
    assert all(n.text != waits for n in friend.notices)


def test_a_friend_in_the_review_is_told_the_host_began_the_next_game(two):
    """A friend reading the review between the games is not left there unknowing while
    their turn waits: told the host began the next game, and back at the results they go
    on to the table, hearing only where its game stands (not the results they pass)."""
    host, friend = two
    to_results(host, friend, seed=5, games=2)
    voice = FocusVoice(friend.speech)  # what a blind player hears, from the results on
    voice.watch(friend.stack.top)
    friend.stack.top.review()
    until(lambda: top_name(friend) == "ReviewScene", host, friend)
    host.stack.top.next_net_game()
    told = "Ann began the next game"
    until(lambda: any(n.text == told for n in friend.notices), host, friend)
    for _ in range(10):
        frame(host, friend)
    assert top_name(friend) == "ReviewScene"  # not taken from what they read
    assert sum(n.text == told for n in friend.notices) == 1
    voice.watch(friend.stack.top)
    friend.speech.flush()
    said = len(friend.speech.said)
    friend.stack.pop()
    for _ in range(60):  # the way back, as a blind player hears it
        frame(host, friend)
        voice.watch(friend.stack.top)
        friend.speech.flush()
    assert top_name(friend) == "TableScene"
    assert friend.stack.top.session.state.phase is Phase.TURN
    # The results they pass through are not said again; the table says where it stands.
    heard = [a.text for a in list(friend.speech.said)[said:]]
    assert heard == ["Turn: Ann, roll"]


def test_an_undo_from_the_other_screen_is_drawn_in_the_frame_it_comes(two):
    """A friend's score taken back showed on neither screen until the pointer moved over
    its window: the state changed with nothing moving, so the loop drew no frame. A frame
    that brings such a change asks to be drawn (`animating`), on both screens."""
    from game.rules import Roll, Score

    host, friend = two
    join(host, friend)
    host.stack.top.start()
    until(lambda: top_name(host) == top_name(friend) == "TableScene", host, friend)
    ann, bob = host.stack.top, friend.stack.top
    for scene, other in ((ann, bob), (bob, ann)):  # Ann's turn, then Bob's: roll, score
        until(lambda s=scene: s.net.ours() and not s.tray.animating, host, friend)
        scene.act(Roll(), confirmed=True)
        until(
            lambda s=scene: s.session.state.dice is not None and not s.tray.animating, host, friend
        )
        box = scene.session.state.legal_actions()
        scene.act(next(a for a in box if isinstance(a, Score)), confirmed=True)
        until(lambda o=other: o.net.ours() or o.session.state.player != 0, host, friend)
    until(
        lambda: not bob.net.waiting and not ann.tray.animating and not bob.tray.animating,
        host,
        friend,
    )
    for _ in range(40):  # everything shown: nothing moves, on either screen
        frame(host, friend)
    assert not ann.animating and not bob.animating
    turn = ann.session.state.player
    bob.undo()
    changed = {id(ann): False, id(bob): False}
    deadline = time.monotonic() + 20
    while ann.session.state.player == turn or bob.session.state.player == turn:
        assert time.monotonic() < deadline, "the undo never came"
        frame(host, friend)
        for scene in (ann, bob):
            changed[id(scene)] |= scene.animating
    assert changed == {id(ann): True, id(bob): True}


def test_each_screen_shows_its_buttons_pressable_only_for_its_own_seat(two):
    """On the other seat's turn Roll and Hint showed pressable and only answered "Wait";
    Undo of the other's move said "That cannot be taken back": each screen's buttons now
    show what it may press, and the refusal names whose move it was."""
    from game.rules import Hold, Roll, Score
    from game.scenes.table.draw import button_faces

    host, friend = two
    join(host, friend)
    host.stack.top.start()
    until(lambda: top_name(host) == top_name(friend) == "TableScene", host, friend)
    ann, bob = host.stack.top, friend.stack.top

    def faces(scene):
        board = scene.board
        person = board.person_to_play and board.own_turn()
        found = button_faces(scene.ctx, scene.session.state, person, board.may_undo())
        return {name: face.enabled for name, face in found.items() if name != "menu"}

    until(lambda: ann.net.ours() and not ann.net.waiting, host, friend)
    assert faces(ann)["roll"] and not faces(bob)["roll"]
    ann.act(Roll(), confirmed=True)
    until(lambda: bob.session.state.dice is not None and not ann.net.waiting, host, friend)
    assert faces(ann) == {"roll": True, "hint": True, "undo": False}
    assert faces(bob) == {"roll": False, "hint": False, "undo": False}
    score = next(a for a in ann.session.state.legal_actions() if isinstance(a, Score))
    ann.act(score, confirmed=True)
    until(lambda: bob.net.ours() and not ann.net.waiting, host, friend)
    assert faces(ann) == {"roll": False, "hint": False, "undo": True}  # until Bob rolls
    assert faces(bob) == {"roll": True, "hint": False, "undo": False}
    bob.act(Roll(), confirmed=True)
    until(lambda: ann.session.state.dice is not None and not bob.net.waiting, host, friend)
    bob.act(Hold(0), confirmed=True)  # a move of Bob's that may be taken back
    until(lambda: ann.session.state.held[0] and not bob.net.waiting, host, friend)
    assert faces(bob)["undo"] and not faces(ann)["undo"]
    assert ann.net.undo_refusal() == "Only Bob can take that back"


def test_one_who_watches_is_not_told_of_a_seat_when_the_host_leaves(two, tmp_path):
    """A friend who only watched was told "you are back in your seat if it opens again"
    when the host left: one who watches is told they watch on."""
    host, friend = two
    join(host, friend)  # Bob plays seat 2
    from game.net.codes import read_invite

    lobby = host.stack.top
    invite = read_invite(str(lobby.hosted.host.invite("127.0.0.1")))
    watcher = context(tmp_path / "watcher")
    try:
        watcher.nav.join_table()
        frame(watcher)
        joining = watcher.stack.top
        joining._look(invite)
        until(lambda: joining.table is not None, host, friend, watcher)
        joining.watch()
        lobby.start()
        until(lambda: top_name(watcher) == "TableScene", host, friend, watcher)
        host.nav.title()
        frame(host)
        until(lambda: watcher.notices, host, friend, watcher)
        told = [n.text for n in watcher.notices]
        assert "The host closed the table: you watch on if it opens again" in told, told
        until(lambda: friend.notices, host, friend)
        assert any("back in your seat" in n.text for n in friend.notices)
    finally:
        for scene in reversed(watcher.stack.scenes):
            scene.exit()


def test_a_friend_joining_again_is_offered_the_name_they_sat_down_under(two):
    """Each join began with "Your name: –", even after the friend had sat down as Bob (and
    so had a profile of that name): the name comes back, never the default "You"."""
    host, friend = two
    friend.nav.join_table()
    frame(friend)
    assert friend.stack.top.name == ""  # nobody has played here yet
    friend.stack.top.back()
    frame(friend)
    join(host, friend, name="Bob")
    host.stack.top.start()
    until(lambda: top_name(host) == top_name(friend) == "TableScene", host, friend)
    assert friend.storage.find_profile("Bob") is not None  # made as Bob sat down
    friend.nav.title()
    frame(host, friend)
    friend.nav.join_table()
    frame(friend)
    assert friend.stack.top.name == "Bob"
