"""A CPU's pace chosen per seat in the setup, beside its level (issue 33): kept with the seat
in saves and the last table, and the pace the table plays that CPU's turns at."""

from __future__ import annotations

import pytest

from game.match.seats import CPU_PACES, Seat
from game.match.session import Session
from game.rules import GameConfig, StartOrder
from game.scenes.setup import SetupScene
from game.scenes.setup.seats import SeatDraft, step_pace
from game.scenes.table import TableScene
from game.storage import TableSeat
from tests.driver import driver, show


def test_a_seats_pace_is_kept_and_checked():
    cpu = Seat("Ada", "hard", 1, pace="instant")
    assert Seat.from_dict(cpu.to_dict()) == cpu
    assert "pace" not in Seat("Ada", "hard", 1).to_dict()  # older versions read it as it was
    assert Seat.from_dict({"name": "Ada", "kind": "hard"}).pace is None
    with pytest.raises(ValueError, match="pace"):
        Seat("Ann", pace="fast")  # a person plays at their own pace
    with pytest.raises(ValueError, match="pace"):
        Seat("Ada", "hard", pace="lightning")
    kept = TableSeat("Ada", "hard", 1, 0, "fast")
    assert TableSeat.from_dict(kept.to_dict()) == kept
    with pytest.raises(ValueError, match="pace"):
        TableSeat.from_dict({**kept.to_dict(), "pace": "lightning"})


def test_stepping_a_pace_starts_from_the_settings_and_leaves_a_person_alone():
    cpu, person = SeatDraft("Ada", "medium"), SeatDraft("Ann")
    step_pace(cpu, 1, "normal")
    assert cpu.pace == "fast"
    step_pace(cpu, 2, "normal")
    assert cpu.pace == CPU_PACES[0]  # round the four
    step_pace(person, 1, "normal")
    assert person.pace is None


def test_the_setup_shows_the_pace_beside_the_level_and_the_match_keeps_it(ctx):
    setup = SetupScene(ctx)
    show(ctx, setup)
    ada = setup.seat_controls_of(1)
    assert list(ada)[:3] == ["name", "kind", "pace"]
    assert ada["pace"].rect.left > ada["kind"].rect.right  # beside the level
    ada["pace"].step(1)
    _config, seats = setup.draft.build({})
    assert [seat.pace for seat in seats] == [None, "fast", None]
    assert setup.draft.as_table().seats[1].pace == "fast"


def test_the_table_plays_a_cpu_at_its_own_pace_else_the_settings(ctx):
    ctx.settings = ctx.settings.replace(cpu_pace="slow")
    seats = [Seat("Ada", "medium", 0, pace="instant"), Seat("Max", "medium", 1)]
    session = Session.new(GameConfig(("Ada", "Max"), start=StartOrder.SEATED), seats, seed=1)
    table = TableScene(ctx, session)
    show(ctx, table)
    board = table.board
    assert board.cpu_pace == "instant" and board.cpu_motion == 0.0 and board.speed == 0.0
    while session.state.player == 0:
        future = board.cpu.future
        if future is not None:
            future.result(timeout=30)
        driver(ctx).frame()
    assert board.cpu_pace == "slow" and board.cpu_motion == 1.0
