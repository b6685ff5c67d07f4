"""A die's orientation: faces on the axes, the cube's 24 turns, laying flat and relabelling."""

from __future__ import annotations

import math
import random

import pytest

from game.anim import orientation as ori


def test_opposite_faces_sum_to_seven() -> None:
    for face, axis in ori.FACE_AXES.items():
        opposite = tuple(-c for c in axis)
        assert ori.FACE_AXES[7 - face] == opposite


def test_one_two_three_run_counter_clockwise_round_their_corner() -> None:
    # Western dice: seen from outside the corner, 1 -> 2 -> 3 turns counter-clockwise, which is
    # a positive triple product of their axes.
    a, b, c = (ori.FACE_AXES[f] for f in (1, 2, 3))
    cross = (b[1] * c[2] - b[2] * c[1], b[2] * c[0] - b[0] * c[2], b[0] * c[1] - b[1] * c[0])
    assert sum(x * y for x, y in zip(a, cross, strict=True)) == 1.0


def test_the_cube_has_24_turns() -> None:
    assert len(ori.CUBE_TURNS) == 24
    ups = {ori.face_up(q) for q in ori.CUBE_TURNS}
    assert ups == {1, 2, 3, 4, 5, 6}


def test_face_up_reads_the_top() -> None:
    assert ori.face_up(ori.IDENTITY) == 1
    assert ori.face_up(ori.about((1.0, 0.0, 0.0), math.pi)) == 6
    # A quarter turn about y tips +x (face 2) down and -x (face 5) up.
    assert ori.face_up(ori.about((0.0, 1.0, 0.0), math.pi / 2)) == 5
    assert ori.face_up(ori.about((1.0, 0.0, 0.0), math.pi / 2)) == 3  # +y turns up


def test_relabel_shows_the_wanted_face_whatever_the_turn() -> None:
    rng = random.Random(5)
    for _ in range(200):
        q = ori.normalise(tuple(rng.gauss(0.0, 1.0) for _ in range(4)))
        flat = ori.laid_flat(q)
        for wanted in range(1, 7):
            shown = ori.multiply(flat, ori.relabel(flat, wanted))
            assert ori.face_up(shown) == wanted
            assert ori.tilt(shown) < 1e-6


def test_laid_flat_tips_the_least_way_and_keeps_the_heading() -> None:
    q = ori.multiply(ori.about(ori.UP, 0.3), ori.about((1.0, 0.0, 0.0), 0.2))
    flat = ori.laid_flat(q)
    assert ori.face_up(flat) == ori.face_up(q) == 1
    assert ori.tilt(flat) == pytest.approx(0.0, abs=1e-9)
    assert ori.heading(flat) == pytest.approx(0.3, abs=0.02)


def test_a_bad_face_is_refused() -> None:
    with pytest.raises(ValueError, match="1 to 6"):
        ori.relabel(ori.IDENTITY, 7)
