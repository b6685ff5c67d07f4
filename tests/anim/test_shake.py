"""Cup shake and die tumble: decay to exactly zero, reproducible per seed, exact landing."""

from __future__ import annotations

import math

import pytest

from game.anim import Shake, TumblePath, tumble
from game.anim.shake import _adjacent_faces

DURATION = 0.6  # s


def samples(shake: Shake, n: int = 120) -> list[tuple[float, float, float]]:
    return [shake.offset(DURATION * i / n) for i in range(n + 1)]


def test_shake_is_still_at_both_ends() -> None:
    shake = Shake(DURATION, amplitude=8.0, frequency=15.0, seed=1)
    assert shake.offset(0.0) == (0.0, 0.0, 0.0)
    assert shake.offset(DURATION) == (0.0, 0.0, 0.0)
    assert shake.offset(DURATION + 1.0) == (0.0, 0.0, 0.0)
    assert shake.offset(-1.0) == (0.0, 0.0, 0.0)


def test_shake_moves_in_between_and_stays_within_amplitude() -> None:
    shake = Shake(DURATION, amplitude=8.0, frequency=15.0, seed=1, max_angle=5.0)
    values = samples(shake)
    assert max(abs(dx) for dx, _, _ in values) > 2.0
    assert all(abs(dx) <= 8.0 and abs(dy) <= 8.0 and abs(a) <= 5.0 for dx, dy, a in values)


def test_shake_decays() -> None:
    shake = Shake(DURATION, amplitude=8.0, frequency=15.0, seed=2)
    values = samples(shake)
    early = max(abs(dx) for dx, _, _ in values[:40])
    late = max(abs(dx) for dx, _, _ in values[80:])
    assert late < early / 4


def test_shake_is_reproducible_per_seed_and_differs_between_seeds() -> None:
    assert samples(Shake(DURATION, 8.0, 15.0, seed=5)) == samples(
        Shake(DURATION, 8.0, 15.0, seed=5)
    )
    assert samples(Shake(DURATION, 8.0, 15.0, seed=5)) != samples(
        Shake(DURATION, 8.0, 15.0, seed=6)
    )


def test_shake_leaves_the_global_random_alone() -> None:
    import random

    random.seed(99)
    expected = random.random()
    random.seed(99)
    Shake(DURATION, 8.0, 15.0, seed=5).offset(0.2)
    tumble((0.0, 0.0), (100.0, 0.0), 0.3, seed=5)
    assert random.random() == expected


def test_shake_as_a_step() -> None:
    shake = Shake(DURATION, 8.0, 15.0, seed=3)
    assert shake.update(0.3) == 0.0
    assert shake.current == shake.offset(0.3)
    assert shake.update(0.5) == pytest.approx(0.2)
    assert shake.done and shake.current == (0.0, 0.0, 0.0)


START, END = (100.0, 500.0), (420.0, 260.0)


def test_tumble_starts_at_start_and_rests_exactly_at_end() -> None:
    path = TumblePath(START, END, seed=11, final_face=4)
    first = path.pose(0.0)
    assert (first.x, first.y, first.lift) == (100.0, 500.0, 0.0)
    last = path.pose(path.duration)
    assert (last.x, last.y, last.shadow_x, last.shadow_y, last.lift) == (
        420.0,
        260.0,
        420.0,
        260.0,
        0.0,
    )
    assert last.face == 4
    assert last.landed
    assert last.angle == path.rest_angle
    assert path.pose(path.duration + 5.0) == last


def test_tumble_is_airborne_with_shadow_below() -> None:
    pose = tumble(START, END, 0.25, seed=11, final_face=4)
    assert pose.lift > 0.0
    assert pose.y == pose.shadow_y - pose.lift
    assert not pose.landed


def test_tumble_bounces_after_touchdown() -> None:
    path = TumblePath(START, END, seed=11, duration=1.0)
    lifts = [path.pose(i / 500).lift for i in range(501)]
    # Each arc has one top: a sample higher than both neighbours.
    arcs = sum(1 for a, b, c in zip(lifts, lifts[1:], lifts[2:], strict=False) if a < b > c)
    assert arcs == 3  # the throw and two shrinking hops
    assert lifts[-1] == 0.0


def test_tumble_faces_change_over_an_edge_and_end_on_the_final_face() -> None:
    path = TumblePath(START, END, seed=21, final_face=6)
    faces = path.face_sequence
    assert faces[-1] == 6
    assert len(faces) >= 5
    for a, b in zip(faces, faces[1:], strict=False):
        assert b in _adjacent_faces(a)


def test_each_seed_lands_a_little_differently() -> None:
    paths = [TumblePath(START, END, seed=s, final_face=3) for s in range(5)]
    assert len({p.rest_angle for p in paths}) == 5
    assert all(abs(p.rest_angle) <= 9.0 for p in paths)
    mid = {p.pose(0.3) for p in paths}
    assert len(mid) == 5
    assert TumblePath(START, END, seed=3).pose(0.4) == TumblePath(START, END, seed=3).pose(0.4)


def test_tumble_spins_down() -> None:
    path = TumblePath(START, END, seed=8)
    early = abs(path.pose(0.05).angle - path.pose(0.0).angle)
    late = abs(path.pose(0.85).angle - path.pose(0.8).angle)
    assert late < early / 5


def test_zero_distance_throw_stays_put() -> None:
    pose = tumble((50.0, 50.0), (50.0, 50.0), 0.3, seed=1, height=30.0)
    assert (pose.shadow_x, pose.shadow_y) == (50.0, 50.0)
    assert math.isclose(pose.x, 50.0)


def test_bad_final_face_is_refused() -> None:
    with pytest.raises(ValueError, match="1 to 6"):
        TumblePath(START, END, seed=1, final_face=7)
