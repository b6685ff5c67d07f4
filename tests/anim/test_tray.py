"""The tray model, headless (no pygame): N dice go from the cup into the air, land and drift to
their places, each in one state at a time, and `step` tells what happened as events; a throw
recorded on one machine plays back on another exactly as it was simulated."""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest

from game.anim import orientation as ori
from game.anim.die import (
    Drifting,
    Flying,
    ImpactHeard,
    InCup,
    Landed,
    PouredOut,
    Resting,
    TrayEvent,
)
from game.anim.drift import DRIFT_TIME
from game.anim.orientation import Quat
from game.anim.throw_record import from_record, to_record
from game.anim.tray import LANDED_GRACE, Felt, TrayModel, TrayPlaces

STEP = 1 / 60
SIZE = 60.0  # px a die


def square_box(x: float, y: float, turn: Quat) -> tuple[float, float, float, float]:
    """A die's drawn box: a square a little larger than the die, whatever its turn."""
    return (x - 0.6, y - 0.6, x + 0.6, y + 0.6)


def places(count: int, width: int = 600, height: int = 400) -> TrayPlaces:
    """A felt `width` x `height` px right of a cup, with a row and a hold row of `count`."""
    row = tuple((100.0 + 80.0 * i, 150.0) for i in range(count))
    hold = tuple((100.0 + 80.0 * i, 500.0) for i in range(count))
    return TrayPlaces(SIZE, Felt(60, 20, width, height), row, hold, 0.8, (40.0, 200.0), square_box)


def model(count: int = 5, seed: int = 3, tidy: bool = True) -> TrayModel:
    tray = TrayModel(count, seed)
    tray.tidy = tidy
    tray.place(places(count))
    return tray


def run(tray: TrayModel, dt: float = STEP, limit: int = 600) -> Iterator[list[TrayEvent]]:
    """Steps until nothing moves: the events of each, as it is taken."""
    for _ in range(limit):
        yield tray.step(dt)
        if not tray.animating:
            return
    raise AssertionError("the dice never came to rest")


@pytest.mark.parametrize("count", [1, 3, 5, 6])
def test_n_dice_pour_out_land_on_their_faces_and_drift_to_the_row(count: int) -> None:
    tray = model(count)
    faces = tuple(1 + (3 * i) % 6 for i in range(count))
    tray.roll(faces, (True,) * count, 1.0)
    assert all(d.state == InCup(k) for k, d in enumerate(tray.dice))
    seen: set[type] = set()
    out: list[int] = []
    landed: list[int] = []
    for events in run(tray):
        for event in events:
            if isinstance(event, PouredOut):
                out.append(event.die)
            elif isinstance(event, Landed):
                landed.append(event.die)
        seen |= {type(die.state) for die in tray.dice}
    assert sorted(out) == list(range(count)) and sorted(landed) == list(range(count))
    assert seen == {InCup, Flying, Drifting, Resting}
    for i, die in enumerate(tray.dice):
        assert die.state == Resting() and die.face == faces[i]
        assert ori.face_up(die.turn) == faces[i] and ori.tilt(die.turn) < 1e-6
        assert (die.x, die.y) == tray.places.row[i] and die.lift == 0.0


def test_dice_leave_the_cup_one_after_another_and_land_together() -> None:
    tray = model()
    tray.roll((2, 5, 5, 1, 6), (True,) * 5, 1.0)
    first_out: dict[int, int] = {}
    landed_at: set[int] = set()
    for k, events in enumerate(run(tray)):
        for event in events:
            if isinstance(event, PouredOut):
                first_out[event.die] = k
                assert isinstance(tray.dice[event.die].state, Flying | Resting | Drifting)
            if isinstance(event, Landed):
                landed_at.add(k)
    order = [first_out[i] for i in range(5)]
    assert order == sorted(order) and len(set(order)) > 1  # in a short train
    assert len(landed_at) == 1  # one step ends the throw for all
    assert min(first_out.values()) < min(landed_at)


def test_hits_are_told_as_they_happen_and_held_dice_stay_home() -> None:
    tray = model()
    tray.sync((2, 5, 5, 1, 6), (True, False, False, False, True))
    home = [(tray.dice[i].x, tray.dice[i].y) for i in (0, 4)]
    assert home == [tray.places.hold[0], tray.places.hold[4]]
    tray.roll((2, 3, 4, 5, 6), (False, True, True, True, False), 1.0)
    hits = []
    for events in run(tray):
        hits += [e.strength for e in events if isinstance(e, ImpactHeard)]
        assert not [e for e in events if isinstance(e, PouredOut | Landed) and e.die in (0, 4)]
        assert [(tray.dice[i].x, tray.dice[i].y) for i in (0, 4)] == home
    assert len(hits) >= 3 and all(0.0 < h <= 1.0 for h in hits)
    assert [d.face for d in tray.dice] == [2, 3, 4, 5, 6]


def test_a_throw_lands_the_same_at_any_frame_rate() -> None:
    slow, fast = model(tidy=False), model(tidy=False)
    for tray, dt in ((slow, 1 / 30), (fast, 1 / 144)):
        tray.roll((6, 6, 1, 2, 3), (True,) * 5, 1.0)
        while tray.rolling:
            tray.step(dt)
    assert [(d.x, d.y, d.turn) for d in slow.dice] == [(d.x, d.y, d.turn) for d in fast.dice]


def test_a_press_lands_the_throw_at_once_and_the_dice_are_only_looked_at_a_moment() -> None:
    tray = model()
    tray.roll((1, 2, 3, 4, 5), (True,) * 5, 1.0)
    for _ in range(10):
        tray.step(STEP)
    assert tray.die_at(tray.places.row[2]) is None  # dice in the air are not there to click
    tray.finish()
    assert not tray.rolling and tray.just_landed and tray.settling == LANDED_GRACE
    assert all(d.state == Resting() for d in tray.dice)
    assert tray.die_at(tray.places.row[2]) == 2


def test_put_away_dice_show_faded_and_a_new_game_puts_them_in_the_cup() -> None:
    tray = model()
    tray.sync((1, 2, 3, 4, 5), (True,) * 5)
    tray.put_away()
    assert tray.dim and not any(d.held for d in tray.dice)
    tray.sync(None)
    assert not any(d.shown for d in tray.dice) and tray.die_at((100, 150)) is None


def _frames(tray: TrayModel) -> list[tuple[object, ...]]:
    frames = []
    while tray.animating:
        events = tray.step(STEP)
        poses = tuple((d.state, d.x, d.y, d.lift, d.turn) for d in tray.dice)
        frames.append((tuple(events), poses, tray.cup_angle(), tray.cup_offset()))
    return frames


def test_a_throw_recorded_on_one_machine_plays_back_exactly_on_another(monkeypatch) -> None:
    host, guest = model(seed=11), model(seed=11)
    dice, rolled = (3, 3, 6, 2, 1), (True,) * 5
    host.roll(dice, rolled, 1.0)
    assert host.throw is not None
    text = json.dumps(to_record(host.throw))  # what goes over the wire
    thrown = from_record(json.loads(text))
    assert thrown == host.throw

    def no_physics(*_args: object) -> None:
        raise AssertionError("the guest ran the physics")

    monkeypatch.setattr(guest, "simulate", no_physics)
    guest.roll(dice, rolled, 1.0, throw=thrown)
    assert _frames(guest) == _frames(host)


def test_a_throw_recorded_on_a_felt_of_another_shape_lands_apart_on_this_one() -> None:
    host = model(seed=5, tidy=False)
    host.roll((1, 2, 3, 4, 5), (True,) * 5, 1.0)
    assert host.throw is not None
    record = to_record(host.throw)
    guest = TrayModel(5, seed=5)
    guest.tidy = False
    guest.place(places(5, width=420, height=250))  # a smaller window
    guest.roll((1, 2, 3, 4, 5), (True,) * 5, 1.0, throw=from_record(record))
    _frames(guest)
    boxes = [square_box((d.x - 60) / SIZE, (d.y - 20) / SIZE, d.turn) for d in guest.dice]
    for k, a in enumerate(boxes):
        for b in boxes[:k]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]
    felt = guest.places.felt
    assert all(felt.left < d.x < felt.right and felt.top < d.y < felt.bottom for d in guest.dice)


def test_a_recorded_throw_of_other_faces_is_refused() -> None:
    host = model()
    host.roll((1, 2, 3, 4, 5), (True,) * 5, 1.0)
    assert host.throw is not None
    with pytest.raises(ValueError, match="the throw shows"):
        model().roll((6, 2, 3, 4, 5), (True,) * 5, 1.0, throw=host.throw)


def test_drifting_dice_ride_higher_the_further_they_have_to_go() -> None:
    tray = model()
    tray.roll((1, 2, 3, 4, 5), (True,) * 5, 1.0)
    while tray.rolling:
        tray.step(STEP)
    for _ in range(3):
        tray.step(STEP)
    for i, die in enumerate(tray.dice):
        if isinstance(die.state, Drifting):
            way = math.dist((die.x, die.y), tray.target(i)) / SIZE
            share = die.state.time / DRIFT_TIME
            assert die.lift == pytest.approx(0.15 * way + die.state.hop.at(share))


def test_a_throw_simulated_on_a_worker_while_the_cup_shakes_is_the_same_throw() -> None:
    here, there = model(seed=21), model(seed=21)
    with ThreadPoolExecutor(1) as worker:
        here.roll((4, 4, 2, 6, 1), (True,) * 5, 1.0)
        there.roll((4, 4, 2, 6, 1), (True,) * 5, 1.0, worker=worker)
        assert _frames(there) == _frames(here)
