"""Couch play through the real App with nothing but two synthetic pads: seats claimed in
setup, a whole match of two pads and a CPU, other pads refused a bound seat's turn, a bound
pad unplugged (the game waits, the pad comes back or the seat is released), a resumed save
asking for its pads again, and rumble on a Yahtzee."""

from __future__ import annotations

import json
import random

import pytest

from game.ai.levels.spec import LEVELS
from game.match import session as session_module
from game.rules import Phase
from game.rules import events as ev
from game.scenes.results import ResultsScene
from game.scenes.setup import SetupScene
from game.scenes.table import TableScene
from game.scenes.table.focus import DieTarget
from game.scenes.table.seat_pads import thrills
from tests.driver import driver
from tests.scenes.test_pads import XBOX, answer_yes, close, make_app, plug, tap, unplug

ANN, BOB = 10, 20  # the pads' instance ids


@pytest.fixture
def seeded(monkeypatch):
    """New matches draw their seed from this fixed generator, not the system's."""
    monkeypatch.setattr(session_module.random, "SystemRandom", lambda: random.Random(31))


def table_of(app) -> TableScene:
    return next(s for s in app.stack.scenes if isinstance(s, TableScene))


def quick(app) -> None:
    """No animation and quick CPUs: the same game, sooner."""
    app.ctx.apply_settings(app.ctx.settings.replace(animation_speed="instant", cpu_pace="fast"))


def to_setup_with_two_pads(app) -> SetupScene:
    """From the title: pad 1 starts a new game and claims the first person's seat; pad 2
    turns the hard CPU into a person and claims that seat."""
    plug(app, 0, ANN, XBOX)
    plug(app, 1, BOB, "PS4 Controller")
    tap(app, ANN, "a")  # New game
    setup = app.stack.top
    assert isinstance(setup, SetupScene)
    tap(app, ANN, "y")
    assert setup.draft.pads() == {0: ANN}
    assert setup.note == "Pad 1 plays for You."
    for _ in range(20):  # pad 2 walks up to the last seat, then along to its kind
        if setup.grid.focused.key == ("name", 2):
            break
        tap(app, BOB, "dpup")
    tap(app, BOB, "dpright")
    assert setup.grid.focused.key == ("kind", 2)
    assert setup.draft.seats[2].kind == "hard"
    tap(app, BOB, *["dpleft"] * (LEVELS.index("hard") + 1))  # down the levels to a person
    assert setup.draft.seats[2].kind == "person"
    tap(app, BOB, "y")
    assert setup.draft.pads() == {0: ANN, 2: BOB}
    assert [s.kind for s in setup.draft.seats] == ["person", "medium", "person"]
    return setup


def start_match(tmp_path) -> tuple:
    """Two pads claim their seats and pad 1 starts the game: the app and its table."""
    app = make_app(tmp_path)
    quick(app)
    to_setup_with_two_pads(app)
    tap(app, ANN, "a")  # the focus is on a value: A starts the game
    table = app.stack.top
    assert isinstance(table, TableScene)
    return app, table


def take_turn(app, pad: int) -> None:
    """A person's turn by pad: roll, down onto the first open box, score it (yes to a
    question, which starts on No)."""
    tap(app, pad, "x")
    driver(app).settle(50.0)
    tap(app, pad, "dpdown", "a")
    answer_yes(app, pad)
    driver(app).settle(50.0)


def play_out(app, pads_by_seat: dict[int, int], turns: dict[int, int]) -> None:
    table = table_of(app)
    session = table.session
    for _ in range(400):
        state = session.state
        if state.phase is Phase.MATCH_OVER:
            return
        if isinstance(app.stack.top, ResultsScene):
            return
        if session.is_cpu_turn or table.animating:
            driver(app).settle(50.0)
        elif state.phase is Phase.ROLL_OFF:
            tap(app, pads_by_seat[state.player], "x")
            driver(app).settle(50.0)
        else:
            turns[state.player] += 1
            take_turn(app, pads_by_seat[state.player])
    raise AssertionError("the match never ended")


def test_two_pads_and_a_cpu_play_a_whole_match_with_nothing_else(tmp_path, seeded):
    app, table = start_match(tmp_path)
    session = table.session
    assert [(s.name, s.kind, s.pad) for s in session.seats] == [
        ("You", "person", True),
        ("Ada", "medium", False),
        ("Max", "person", True),
    ]
    assert table.pads.seats.as_dict() == {0: ANN, 2: BOB}
    turns = {0: 0, 2: 0}
    play_out(app, {0: ANN, 2: BOB}, turns)
    driver(app).settle(50.0)
    assert session.state.phase is Phase.MATCH_OVER
    assert turns == {0: 13, 2: 13}
    assert all(result.cards[0].is_complete for result in session.state.results)
    for _ in range(300):  # the results follow after their pause
        if isinstance(app.stack.top, ResultsScene):
            break
        driver(app).frame()
    assert isinstance(app.stack.top, ResultsScene)
    results = app.stack.top
    tap(app, BOB, "dpright", "a")  # Review, by pad 2
    assert type(app.stack.top).__name__ == "ReviewScene"
    tap(app, BOB, "dpright", "dpdown", "b")  # the next player's tab, a scroll, back
    assert app.stack.top is results
    tap(app, ANN, "dpright", "a")  # Replay, by pad 1
    replay = app.stack.top
    assert type(replay).__name__ == "ReplayScene"
    tap(app, ANN, "start")  # pause
    watched = replay.session
    assert watched.paused
    at = watched.position
    tap(app, ANN, "dpright", "dpright")  # two actions forward
    assert watched.position == at + 2
    tap(app, ANN, "dpleft")  # one back
    assert watched.position == at + 1
    tap(app, ANN, "b")
    assert app.stack.top is results
    for _ in range(4):
        if results.ring.focused.label == "Play again":
            break
        tap(app, ANN, "dpleft")
    tap(app, ANN, "a")  # the same seats again: the same pads, no asking
    again = app.stack.top
    assert isinstance(again, TableScene) and again.session is not session
    assert again.pads.waiting() is None and again.pads.seats.as_dict() == {0: ANN, 2: BOB}
    close(app)


def test_another_pad_cannot_play_a_bound_seats_turn_but_may_pause(tmp_path, seeded):
    app, table = start_match(tmp_path)
    session = table.session
    driver(app).settle(50.0)
    for _ in range(10):  # the start roll: to the first person's turn
        if session.state.phase is Phase.TURN and not session.is_cpu_turn:
            break
        if session.is_cpu_turn:
            driver(app).settle(50.0)
        else:
            tap(app, {0: ANN, 2: BOB}[session.state.player], "x")
            driver(app).settle(50.0)
    player = session.state.player
    mine, other = (ANN, BOB) if player == 0 else (BOB, ANN)
    before = session.state
    tap(app, other, "x")
    assert session.state is before
    assert (
        table.message == f"Pad {1 if mine == ANN else 2} plays this turn, for {session.seat.name}"
    )
    tap(app, mine, "x")
    assert session.state is not before and session.state.dice is not None
    driver(app).settle(50.0)
    tap(app, mine, "y")  # a hint
    assert table.coach.hint_text and player in session.assisted
    for _ in range(8):  # left along the buttons onto a die; A holds it
        if isinstance(table.focus, DieTarget):
            break
        tap(app, mine, "dpleft")
    assert isinstance(table.focus, DieTarget)
    die = table.focus.index
    tap(app, mine, "a")
    assert session.state.held[die]
    tap(app, mine, "back")  # undo: the die is let go again
    assert not session.state.held[die]
    tap(app, other, "rightstick")  # anyone may show the hints (drawn with pad buttons)
    assert table.show_keys and app.ctx.input.showing_pad
    tap(app, other, "start")  # anyone may pause
    assert type(app.stack.top).__name__ == "PauseScene"
    tap(app, other, "b")
    assert app.stack.top is table
    close(app)


def test_an_unplugged_bound_pad_stops_the_game_until_it_comes_back(tmp_path, seeded):
    app, table = start_match(tmp_path)
    session = table.session
    unplug(app, BOB)
    assert table.pads.waiting() == 2
    assert "Pad 2 unplugged" in [n.text for n in app.ctx.notices]
    state = session.state
    for _ in range(120):  # a second of frames: nothing moves on, not even a CPU
        driver(app).frame()
    assert session.state is state
    assert table.pads.wait_lines(2)[0] == "Waiting for the pad of Max"
    tap(app, ANN, "a")  # pad 1 holds You's seat: it cannot take Max's
    assert table.pads.waiting() == 2 and table.pads.said == "Pad 1 plays for You."
    plug(app, 1, 21, "PS4 Controller")  # back, as SDL sees it: a new instance id
    tap(app, 21, "a")
    assert table.pads.waiting() is None
    assert table.pads.seats.as_dict() == {0: ANN, 2: 21}
    close(app)


def test_a_seat_whose_pad_is_gone_can_be_released_for_any_device(tmp_path, seeded):
    app, table = start_match(tmp_path)
    unplug(app, BOB)
    tap(app, ANN, "b")  # B: let any device play Max's seat
    assert table.pads.waiting() is None
    assert [s.pad for s in table.session.seats] == [True, False, False]
    app.ctx.storage.finish_writes()  # (the table's saves are written on their own thread)
    saved = json.loads(app.ctx.storage.paths.current.read_text(encoding="utf-8"))
    assert [s.get("pad", False) for s in saved["seats"]] == [True, False, False]
    close(app)


def test_a_resumed_save_asks_each_bound_seat_for_its_pad(tmp_path, seeded):
    app, _table = start_match(tmp_path)
    close(app)
    # The game starts again: the pads have new instance ids, the save knows only "a pad".
    again = make_app(tmp_path)
    plug(again, 0, 30, XBOX)
    plug(again, 1, 31, XBOX)
    tap(again, 30, "a")  # Continue (focused when there is a save)
    table = again.stack.top
    assert isinstance(table, TableScene)
    assert table.pads.waiting() == 0
    tap(again, 31, "a")  # the first to press A takes the seat asked for
    assert table.pads.waiting() == 2
    tap(again, 30, "a")
    assert table.pads.waiting() is None
    assert table.pads.seats.as_dict() == {0: 31, 2: 30}
    close(again)


def test_setup_pads_claim_release_and_join(tmp_path):
    app = make_app(tmp_path)
    plug(app, 0, ANN)
    plug(app, 1, BOB)
    tap(app, ANN, "a")
    setup = app.stack.top
    tap(app, ANN, "y")
    tap(app, BOB, "y")  # no free person's seat: pad 2 joins as a new one
    assert [(s.name, s.kind, s.pad) for s in setup.draft.seats][-1] == ("Player 4", "person", BOB)
    assert setup.grid.focused.key == ("name", 3)
    assert setup.status() == ("Pad 2 plays for Player 4.", False)
    tap(app, BOB, "dpup", "dpdown")  # the note gives way to how a pad takes a seat
    assert setup.grid.focused.key == ("name", 3)
    assert setup.status() == ("Y on a pad: play this seat with that pad (Y again: let go).", False)
    tap(app, BOB, "y")  # Y on its own focused seat lets it go
    assert setup.draft.pads() == {0: ANN}
    unplug(app, ANN)
    assert setup.draft.pads() == {}
    assert setup.note == "The pad of You was unplugged: any device plays for You."
    close(app)


def test_a_yahtzee_or_the_upper_bonus_rumbles_unless_set_off(tmp_path):
    from game.rules import Category

    yahtzee = ev.Scored(0, 0, Category.YAHTZEE, 50, (6,) * 5, False, False)
    zero = ev.Scored(0, 0, Category.YAHTZEE, 0, (1, 2, 3, 4, 6), False, False)
    assert thrills([yahtzee]) and thrills([ev.UpperBonusEarned(0)]) and not thrills([zero])
    app, table = start_match(tmp_path)
    motors = app.ctx.pads.get(BOB).handle
    table.pads.rumble([yahtzee], 2)
    assert motors.rumbles == [(0.7, 0.7, 400)]
    table.pads.rumble([zero], 2)
    app.ctx.apply_settings(app.ctx.settings.replace(rumble=False))
    table.pads.rumble([yahtzee], 2)
    assert len(motors.rumbles) == 1
    close(app)


def test_a_seat_keeps_its_pad_flag_and_only_a_person_has_one():
    from game.match.seats import Seat, SeatPads

    seat = Seat("Ann", pad=True)
    assert seat.to_dict()["pad"] is True and "pad" not in Seat("Bob").to_dict()
    assert Seat.from_dict(seat.to_dict()) == seat
    assert Seat.from_dict({"name": "Bob"}).pad is False  # a save from before pads
    with pytest.raises(ValueError, match="only a person"):
        Seat("Cpu", "easy", pad=True)
    with pytest.raises(ValueError, match="pad"):
        Seat.from_dict({"name": "Ann", "pad": "yes"})
    seats = SeatPads({0: 7, 2: 9})
    seats.claim(1, 7)  # a pad plays one seat at most
    assert seats.as_dict() == {2: 9, 1: 7}
    assert (seats.pad_of(0), seats.seat_of(9)) == (None, 2)
    seats.drop(2)
    assert seats.as_dict() == {1: 7}
