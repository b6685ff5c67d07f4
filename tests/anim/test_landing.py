"""A throw's landing planned on the tray's thread before its frame (game.anim.landing): the
same drifts and hops as planned in the landing's frame, taken only while the dice are as the
plan was made for; and how high the dice go, known before they get there."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

from game.anim import tray as tray_module
from game.anim.landing import highest_lift
from game.anim.tray import Felt, TrayModel, TrayPlaces

STEP = 1 / 60
SIZE = 60.0
ROLL = (4, 4, 2, 6, 1)


def _places() -> TrayPlaces:
    row = tuple((100.0 + 80.0 * i, 150.0) for i in range(5))
    hold = tuple((100.0 + 80.0 * i, 500.0) for i in range(5))
    return TrayPlaces(
        SIZE,
        Felt(60, 20, 600, 400),
        row,
        hold,
        0.8,
        (40.0, 200.0),
        lambda x, y, t: (x - 0.6, y - 0.6, x + 0.6, y + 0.6),
    )


def _model(seed: int) -> TrayModel:
    tray = TrayModel(5, seed)
    tray.place(_places())
    return tray


def _frames(tray: TrayModel, change=None) -> list[tuple[object, ...]]:
    """Every die's state, place, height and turn each frame until all lie still; `change`
    is done to the tray in the fifth frame."""
    seen = []
    for frame in range(600):
        if frame == 5 and change is not None:
            change(tray)
        tray.step(STEP)
        seen.append(tuple((d.state, d.x, d.y, d.lift, d.turn) for d in tray.dice))
        if not tray.animating:
            return seen
    raise AssertionError("the dice never came to rest")


@pytest.fixture
def hops_planned(monkeypatch) -> list[int]:
    """The hops planned in a frame: one entry per call of plan_hops by the tray."""
    calls: list[int] = []
    real = tray_module.plan_hops

    def counted(*args, **kwargs):
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(tray_module, "plan_hops", counted)
    return calls


@pytest.mark.parametrize("seed", [3, 8, 21])
def test_the_landing_planned_ahead_is_the_one_planned_in_its_frame(seed, hops_planned) -> None:
    here, there = _model(seed), _model(seed)
    here.roll(ROLL, (True,) * 5, 1.0)
    in_frame = _frames(here)
    assert len(hops_planned) == 1  # the landing's, in its frame
    with ThreadPoolExecutor(1) as worker:
        there.roll(ROLL, (True,) * 5, 1.0, worker=worker)
        ahead = _frames(there)
    assert len(hops_planned) == 1  # none more: the landing took the plan made ahead
    assert ahead == in_frame
    assert there.landing is None


def test_a_die_let_go_in_the_air_makes_the_landing_planned_anew(hops_planned) -> None:
    held = (True, False, False, False, False)
    here, there = _model(5), _model(5)
    for tray in (here, there):
        tray.sync((3, 1, 1, 1, 1), held)

    def let_go(tray: TrayModel) -> None:
        tray.set_held(0, False)  # its place is now in the row: the plan's dice are not these

    rolled = tuple(not h for h in held)
    here.roll((3, *ROLL[1:]), rolled, 1.0)
    in_frame = _frames(here, let_go)
    planned_here = len(hops_planned)
    with ThreadPoolExecutor(1) as worker:
        there.roll((3, *ROLL[1:]), rolled, 1.0, worker=worker)
        ahead = _frames(there, let_go)
    assert len(hops_planned) == 2 * planned_here  # planned in the frame both times
    assert ahead == in_frame


@pytest.mark.parametrize("seed", range(12))
def test_no_die_goes_higher_than_told_before_the_throw(seed) -> None:
    tray = _model(seed)
    if seed % 3 == 0:
        tray.sync((1, 2, 3, 4, 5), (True, False, True, False, False))
    rolled = tuple(not d.held for d in tray.dice)
    with ThreadPoolExecutor(1) as worker:
        tray.roll((6, 5, 4, 3, 2), rolled, 1.0, worker=worker)
        assert tray.landing is not None
        tray.landing.result()  # the throw simulated and its landing planned
        told = highest_lift(tray)
        highest = 0.0
        while tray.animating:
            tray.step(STEP)
            highest = max(highest, *(d.lift for d in tray.dice))
    assert 0.0 < highest <= told


def test_a_ghost_draws_on_a_generator_of_its_own_seeded_without_the_system(monkeypatch) -> None:
    """A copy of the model to plan on (ghost_of) gets a generator that costs nothing to make
    (one seeded from the system took 0.4 ms of a roll's frame), and the model's own, which
    keeps the game's look, is not drawn on."""
    import random

    from game.anim.landing import ghost_of, plan_change

    seeds: list[object] = []
    seed = random.Random.seed
    monkeypatch.setattr(
        random.Random, "seed", lambda self, a=None, *r: seeds.append(a) or seed(self, a, *r)
    )
    tray = _model(4)
    tray.sync((1, 2, 3, 4, 5), (True, False, True, False, False))
    before = tray.rng.getstate()
    ghost = ghost_of(tray)
    assert ghost.rng is not tray.rng
    assert None not in seeds
    assert plan_change(ghost, TrayModel.put_away) is not None
    assert tray.rng.getstate() == before
