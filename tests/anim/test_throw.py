"""The simulated throw: 10,000 seeded throws of one to five dice, from the table's cup onto its
felt in layouts from 640x480 to 4K, all come to rest inside the felt, flat, readable, showing
the rolled faces and with felt between them as drawn (each die's box on the screen, its sides
seen in perspective and its shadow); the same seed gives the same throw."""

from __future__ import annotations

import math
import multiprocessing
import os
import random
import signal

import pytest

from game.anim import orientation as ori
from game.anim.felt import Area
from game.anim.throw import MAX_CROOKED, STEP, simulate
from game.ui.dice_tray import DiceTray
from game.ui.layout import table_layout
from game.ui.tray_layout import boxes_apart, drawn_box
from tests.heavy import HEAVY_TIMEOUT

# Landing areas (die sizes) of the table's layouts and the cup's mouth in them: 1280x720 with
# one, four and eight scorecards, a tall window, 2560x1080 with one (the flattest felt) and
# 640x480 with eight (the tallest).
AREAS = (
    Area(6.56, 4.1),
    Area(6.56, 5.32),
    Area(6.56, 8.0),
    Area(6.56, 3.46),
    Area(6.56, 2.51),
    Area(6.54, 11.85),
)
MOUTHS = ((-0.24, 2.09), (-0.23, 2.61), (-0.24, 3.73), (-0.24, 1.83), (-0.23, 1.43), (-0.25, 5.34))
# The same felts (and 4K) as the table lays them out: (window size, scorecards).
LAYOUTS = (
    ((1280, 720), 1),
    ((1280, 720), 4),
    ((1280, 720), 8),
    ((700, 1100), 4),
    ((2560, 1080), 1),
    ((640, 480), 8),
    ((3840, 2160), 4),
)
THROWS = 10_000
READABLE = MAX_CROOKED + math.radians(1.5)  # the turn from square a die may rest at


def _corners(x: float, y: float, angle: float) -> list[tuple[float, float]]:
    c, s = math.cos(angle), math.sin(angle)
    return [(x + 0.5 * (c * u - s * v), y + 0.5 * (s * u + c * v)) for u, v in _SQUARE]


_SQUARE = ((-1, -1), (1, -1), (1, 1), (-1, 1))


def _overlap(a: list, b: list) -> bool:
    """Whether two convex polygons overlap (separating axis test)."""
    for poly in (a, b):
        for i in range(len(poly)):
            (x0, y0), (x1, y1) = poly[i], poly[(i + 1) % len(poly)]
            nx, ny = y1 - y0, x0 - x1
            pa = [nx * x + ny * y for x, y in a]
            pb = [nx * x + ny * y for x, y in b]
            if max(pa) <= min(pb) or max(pb) <= min(pa):
                return False
    return True


def _check(throw, area: Area, faces: tuple[int, ...], drawn=None) -> list[tuple[float, float]]:
    """Every die flat, readable, inside the felt and clear of the others (as drawn, if
    `drawn(pose)` gives a die's box on the screen); their places."""
    squares, boxes = [], []
    for die, face in enumerate(faces):
        rest = throw.rest(die)
        assert ori.face_up(rest.turn) == face
        assert ori.tilt(rest.turn) < 1e-6  # lying flat
        assert rest.z == 0.0
        heading = ori.heading(rest.turn)
        assert abs(heading) <= READABLE
        square = _corners(rest.x, -rest.y, heading)  # heading turns on a y-up table
        for x, y in square:
            assert -1e-9 <= x <= area.width + 1e-9 and -area.height - 1e-9 <= y <= 1e-9
        squares.append(square)
        if drawn is not None:
            boxes.append(drawn(rest))
    for i in range(len(squares)):
        for j in range(i):
            assert not _overlap(squares[i], squares[j]), (i, j)
            if drawn is not None:
                assert boxes_apart(boxes[i], boxes[j]), (i, j, boxes[i], boxes[j])
    return [(p.x, p.y) for p in (throw.rest(d) for d in range(len(faces)))]


_TRAYS: dict[int, DiceTray] = {}


def _tray(k: int) -> DiceTray:
    """The dice tray of LAYOUTS[k], made once per worker."""
    if k not in _TRAYS:
        size, cards = LAYOUTS[k]
        tray = DiceTray()
        tray.set_layout(table_layout(size, cards))
        _TRAYS[k] = tray
    return _TRAYS[k]


def _drawn(tray: DiceTray):
    lay, area = tray.layout, tray.area

    def box(pose):
        centre = (area.left + pose.x * lay.die_size, area.top + pose.y * lay.die_size)
        return drawn_box(centre, lay.die_size, pose.turn, lay.tray.center)

    return box


def _throw_seeds(seeds: range) -> int:
    """Throw and check every seed of `seeds` (in a worker process); how many were thrown."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    for seed in seeds:
        rng = random.Random(seed)
        faces = tuple(rng.randint(1, 6) for _ in range(1 + seed % 5))
        tray = _tray(seed % len(LAYOUTS))
        throw = tray.simulate(faces, seed)
        places = _check(throw, tray.units(), faces, _drawn(tray))
        if seed % 50 == 0:  # the same seed gives the same throw
            again = tray.simulate(faces, seed)
            assert [(p.x, p.y) for p in (again.rest(d) for d in range(len(faces)))] == places
            assert again.samples == throw.samples
    return len(seeds)


def _default_signals() -> None:
    # A worker stops when asked, whatever handlers its parent process had.
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.mark.heavy
@pytest.mark.timeout(HEAVY_TIMEOUT)
def test_ten_thousand_throws_rest_inside_apart_and_showing_the_rolled_faces() -> None:
    # Half the seeds on each core: the suite's longest test takes half the time. The
    # workers come from a fork server (no SDL handlers inherited) and are closed after.
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
    halves = [range(0, THROWS, 2), range(1, THROWS, 2)]
    with context.Pool(2, initializer=_default_signals) as pool:
        thrown = pool.map(_throw_seeds, halves)
        pool.close()
        pool.join()
    assert sum(thrown) == THROWS


def test_every_die_moves_and_the_throw_ends_within_its_time() -> None:
    throw = simulate(AREAS[0], MOUTHS[0], (1, 2, 3, 4, 5), seed=11)
    assert 0.5 < throw.duration <= 3.0 + 0.05 * 5
    for die in range(5):
        start, end = throw.pose(die, 0.0), throw.rest(die)
        assert math.dist((start.x, start.y), (end.x, end.y)) > 1.0
        assert max(throw.pose(die, t * STEP).z for t in range(60)) > 0.5  # it flies


def test_playback_is_the_same_at_any_frame_rate() -> None:
    throw = simulate(AREAS[0], MOUTHS[0], (6, 6, 1), seed=3)
    at_30 = [throw.pose(1, k / 30) for k in range(0, 31)]
    at_120 = [throw.pose(1, k / 120) for k in range(0, 121, 4)]
    assert at_30 == at_120


def test_hits_are_heard_in_time_order_and_hard_ones_louder() -> None:
    throw = simulate(AREAS[0], MOUTHS[0], (2, 4, 6, 1, 3), seed=8)
    times = [hit.time for hit in throw.impacts]
    assert times == sorted(times) and len(times) >= 5
    assert all(0.0 < hit.strength <= 1.0 for hit in throw.impacts)
    assert max(hit.strength for hit in throw.impacts) > 0.3


def test_a_bad_throw_is_refused() -> None:
    with pytest.raises(ValueError, match="one to 6"):
        simulate(AREAS[0], MOUTHS[0], (), seed=1)
    with pytest.raises(ValueError, match="1 to 6"):
        simulate(AREAS[0], MOUTHS[0], (7,), seed=1)
    with pytest.raises(ValueError, match="at least"):
        Area(1.0, 1.0)
