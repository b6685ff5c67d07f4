"""The cup shake: still at both ends, decaying, reproducible per seed."""

from __future__ import annotations

import pytest

from game.anim import Shake

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
    assert random.random() == expected


def test_shake_as_a_step() -> None:
    shake = Shake(DURATION, 8.0, 15.0, seed=3)
    assert shake.update(0.3) == 0.0
    assert shake.current == shake.offset(0.3)
    assert shake.update(0.5) == pytest.approx(0.2)
    assert shake.done and shake.current == (0.0, 0.0, 0.0)


START, END = (100.0, 500.0), (420.0, 260.0)
