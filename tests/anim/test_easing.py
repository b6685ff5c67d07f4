"""Easing curves: exact end points, known midpoints, lookup by name."""

from __future__ import annotations

import math

import pytest

from game.anim import easing


@pytest.mark.parametrize("name", easing.names())
def test_every_easing_starts_at_zero_and_ends_at_one_exactly(name: str) -> None:
    fn = easing.get(name)
    assert fn(0.0) == 0.0
    assert fn(1.0) == 1.0


@pytest.mark.parametrize("name", easing.names())
def test_inputs_outside_the_unit_interval_are_clamped(name: str) -> None:
    fn = easing.get(name)
    assert fn(-0.5) == 0.0
    assert fn(1.5) == 1.0


@pytest.mark.parametrize(
    ("name", "t", "expected"),
    [
        ("linear", 0.5, 0.5),
        ("linear", 0.25, 0.25),
        ("in_quad", 0.5, 0.25),
        ("out_quad", 0.5, 0.75),
        ("in_out_quad", 0.5, 0.5),
        ("in_out_quad", 0.25, 0.125),
        ("in_cubic", 0.5, 0.125),
        ("out_cubic", 0.5, 0.875),
        ("in_out_cubic", 0.5, 0.5),
        ("in_out_cubic", 0.25, 0.0625),
        ("in_quart", 0.5, 0.0625),
        ("out_quart", 0.5, 0.9375),
        ("in_out_sine", 0.5, 0.5),
        ("smoothstep", 0.5, 0.5),
        ("out_bounce", 1.0 / 2.75, 1.0),  # the first touchdown of the bounce
        ("out_expo", 0.5, 1.0 - 2.0**-5),
    ],
)
def test_known_values(name: str, t: float, expected: float) -> None:
    assert easing.get(name)(t) == pytest.approx(expected, abs=1e-12)


def test_sine_midpoints() -> None:
    assert easing.get("in_sine")(0.5) == pytest.approx(1.0 - math.sqrt(0.5))
    assert easing.get("out_sine")(0.5) == pytest.approx(math.sqrt(0.5))


def test_out_back_overshoots_then_settles() -> None:
    fn = easing.get("out_back")
    peak = max(fn(i / 1000) for i in range(1001))
    # Penner's constant gives a 10 % overshoot.
    assert peak == pytest.approx(1.1, abs=0.001)


def test_out_elastic_overshoots() -> None:
    assert max(easing.get("out_elastic")(i / 100) for i in range(101)) > 1.0


def test_quad_family_is_monotonic() -> None:
    for name in ("in_quad", "out_quad", "in_out_quad", "in_out_cubic", "in_out_sine"):
        fn = easing.get(name)
        values = [fn(i / 200) for i in range(201)]
        assert values == sorted(values), name


def test_required_names_exist() -> None:
    required = {
        "linear",
        "in_quad",
        "out_quad",
        "in_out_quad",
        "in_cubic",
        "out_cubic",
        "in_out_cubic",
        "out_back",
        "out_bounce",
        "out_elastic",
        "in_out_sine",
    }
    assert required <= set(easing.names())


def test_get_passes_a_callable_through() -> None:
    def custom(t: float) -> float:
        return t

    assert easing.get(custom) is custom


def test_unknown_name_says_which_names_exist() -> None:
    with pytest.raises(ValueError, match="unknown easing 'wobbly'; known: .*linear"):
        easing.get("wobbly")
