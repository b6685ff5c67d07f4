"""Easing functions by name: progress in [0, 1] -> eased progress, f(0) = 0 and f(1) = 1 exactly.

The curves follow Robert Penner's equations (as arcade/easing.py and pgzero's `animate` do).
Some overshoot on the way (back, elastic) but every one lands exactly on its end points, so a
tween that reaches its duration leaves its attribute exactly on the target value.

    >>> get("in_out_quad")(0.5)
    0.5
    >>> get("out_bounce")(1.0)
    1.0
"""

from __future__ import annotations

import math
from collections.abc import Callable

Easing = Callable[[float], float]

BACK_OVERSHOOT = 1.70158  # Penner's constant: about 10 % overshoot
ELASTIC_PERIOD = 0.3  # fraction of the whole ease per wobble
BOUNCE_STRENGTH = 7.5625  # Penner's bounce: chosen so the four arcs meet at the floor

EASINGS: dict[str, Easing] = {}


def _easing(fn: Easing) -> Easing:
    """Register `fn` under its name and pin its end points.

    Clamping the input and returning exact 0.0 / 1.0 at the ends keeps floating-point noise in the
    formulas (1 - c3 + c1 is not exactly 0) from leaving a tweened value a hair off its target.
    """

    def pinned(t: float) -> float:
        if t <= 0.0:
            return 0.0
        if t >= 1.0:
            return 1.0
        return fn(t)

    pinned.__name__ = fn.__name__
    pinned.__qualname__ = fn.__qualname__
    pinned.__doc__ = fn.__doc__
    EASINGS[fn.__name__] = pinned
    return pinned


@_easing
def linear(t: float) -> float:
    """Constant speed."""
    return t


@_easing
def in_quad(t: float) -> float:
    """Accelerate from rest."""
    return t * t


@_easing
def out_quad(t: float) -> float:
    """Decelerate to rest."""
    return 1.0 - (1.0 - t) * (1.0 - t)


@_easing
def in_out_quad(t: float) -> float:
    """Accelerate, then decelerate."""
    return 2.0 * t * t if t < 0.5 else 1.0 - 2.0 * (1.0 - t) ** 2


@_easing
def in_cubic(t: float) -> float:
    """Accelerate from rest, more sharply than quad."""
    return t**3


@_easing
def out_cubic(t: float) -> float:
    """Decelerate to rest, more softly than quad."""
    return 1.0 - (1.0 - t) ** 3


@_easing
def in_out_cubic(t: float) -> float:
    """Accelerate, then decelerate (cubic)."""
    return 4.0 * t**3 if t < 0.5 else 1.0 - 4.0 * (1.0 - t) ** 3


@_easing
def in_quart(t: float) -> float:
    """Accelerate from rest, sharply."""
    return t**4


@_easing
def out_quart(t: float) -> float:
    """Decelerate to rest, with a long gentle tail."""
    return 1.0 - (1.0 - t) ** 4


@_easing
def in_out_quart(t: float) -> float:
    """Accelerate, then decelerate (quartic)."""
    return 8.0 * t**4 if t < 0.5 else 1.0 - 8.0 * (1.0 - t) ** 4


@_easing
def in_sine(t: float) -> float:
    """Gentle start."""
    return 1.0 - math.cos(t * math.pi / 2.0)


@_easing
def out_sine(t: float) -> float:
    """Gentle stop."""
    return math.sin(t * math.pi / 2.0)


@_easing
def in_out_sine(t: float) -> float:
    """Gentle start and stop: the softest S-curve, good for idle breathing."""
    return 0.5 - 0.5 * math.cos(t * math.pi)


@_easing
def in_expo(t: float) -> float:
    """Start very slowly, then rush."""
    return 2.0 ** (10.0 * t - 10.0)


@_easing
def out_expo(t: float) -> float:
    """Rush, then settle very slowly."""
    return 1.0 - 2.0 ** (-10.0 * t)


@_easing
def smoothstep(t: float) -> float:
    """Hermite S-curve: zero velocity at both ends."""
    return t * t * (3.0 - 2.0 * t)


@_easing
def in_back(t: float) -> float:
    """Pull back a little, then go: an anticipation."""
    c1 = BACK_OVERSHOOT
    return (c1 + 1.0) * t**3 - c1 * t * t


@_easing
def out_back(t: float) -> float:
    """Overshoot the target a little and settle back: a pop-in."""
    c1 = BACK_OVERSHOOT
    u = t - 1.0
    return 1.0 + (c1 + 1.0) * u**3 + c1 * u * u


@_easing
def in_out_back(t: float) -> float:
    """Anticipate, travel, overshoot, settle."""
    c2 = BACK_OVERSHOOT * 1.525
    if t < 0.5:
        return ((2.0 * t) ** 2 * ((c2 + 1.0) * 2.0 * t - c2)) / 2.0
    u = 2.0 * t - 2.0
    return (u * u * ((c2 + 1.0) * u + c2) + 2.0) / 2.0


def _bounce(t: float) -> float:
    # Four parabolic arcs of shrinking height; the last touches down exactly at t = 1.
    d1 = 2.75
    n1 = BOUNCE_STRENGTH
    if t < 1.0 / d1:
        return n1 * t * t
    if t < 2.0 / d1:
        t -= 1.5 / d1
        return n1 * t * t + 0.75
    if t < 2.5 / d1:
        t -= 2.25 / d1
        return n1 * t * t + 0.9375
    t -= 2.625 / d1
    return n1 * t * t + 0.984375


@_easing
def out_bounce(t: float) -> float:
    """Drop onto the target and bounce to rest: a die landing."""
    return _bounce(t)


@_easing
def in_bounce(t: float) -> float:
    """Bounce off the start, then go."""
    return 1.0 - _bounce(1.0 - t)


@_easing
def in_out_bounce(t: float) -> float:
    """Bounce off the start and onto the target."""
    if t < 0.5:
        return (1.0 - _bounce(1.0 - 2.0 * t)) / 2.0
    return (1.0 + _bounce(2.0 * t - 1.0)) / 2.0


@_easing
def out_elastic(t: float) -> float:
    """Spring past the target and wobble to rest."""
    c4 = 2.0 * math.pi / ELASTIC_PERIOD
    return 2.0 ** (-10.0 * t) * math.sin((t * 10.0 - 0.75) * c4) + 1.0


@_easing
def in_elastic(t: float) -> float:
    """Wind up with a growing wobble, then snap."""
    c4 = 2.0 * math.pi / ELASTIC_PERIOD
    return -(2.0 ** (10.0 * t - 10.0)) * math.sin((t * 10.0 - 10.75) * c4)


def get(name: str | Easing) -> Easing:
    """The easing called `name`; a callable is returned unchanged so callers may pass their own.

    >>> get("linear")(0.25)
    0.25
    >>> get("wobbly")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: unknown easing 'wobbly'; known: in_back, in_bounce, in_cubic, ...
    """
    if callable(name):
        return name
    try:
        return EASINGS[name]
    except KeyError:
        known = ", ".join(sorted(EASINGS))
        raise ValueError(f"unknown easing {name!r}; known: {known}") from None


def names() -> list[str]:
    """Every registered easing name, sorted."""
    return sorted(EASINGS)
