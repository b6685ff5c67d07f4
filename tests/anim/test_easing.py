"""The easings the game uses: exact end points, clamped inputs, known values."""

from __future__ import annotations

import pytest

from game.anim import easing

EASINGS = (easing.linear, easing.out_quad, easing.out_cubic)


@pytest.mark.parametrize("fn", EASINGS)
def test_every_easing_starts_at_zero_and_ends_at_one_exactly(fn) -> None:
    assert fn(0.0) == 0.0 and fn(1.0) == 1.0
    assert fn(-0.5) == 0.0 and fn(1.5) == 1.0  # clamped


@pytest.mark.parametrize(
    ("fn", "t", "expected"),
    [(easing.linear, 0.25, 0.25), (easing.out_quad, 0.5, 0.75), (easing.out_cubic, 0.5, 0.875)],
)
def test_known_values(fn, t: float, expected: float) -> None:
    assert fn(t) == expected


@pytest.mark.parametrize("fn", EASINGS)
def test_easings_never_go_back(fn) -> None:
    values = [fn(i / 100) for i in range(101)]
    assert values == sorted(values)
