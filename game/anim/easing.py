"""Easing functions: progress in [0, 1] -> eased progress, f(0) = 0 and f(1) = 1 exactly.

The curves are Robert Penner's (as arcade/easing.py and pgzero's `animate` have them); the game
uses the three below (a tween's default, and the cup's shake). Every one lands exactly on its
end points, so a tween that reaches its duration leaves its attribute exactly on the target.

    >>> out_quad(0.5), out_cubic(0.5)
    (0.75, 0.875)
"""

from __future__ import annotations

from collections.abc import Callable

Easing = Callable[[float], float]


def _pinned(fn: Easing) -> Easing:
    """`fn` with its input clamped to [0, 1] and its end points exact: floating-point noise in
    a formula must not leave a tweened value a hair off its target."""

    def pinned(t: float) -> float:
        if t <= 0.0:
            return 0.0
        if t >= 1.0:
            return 1.0
        return fn(t)

    pinned.__name__ = fn.__name__
    pinned.__qualname__ = fn.__qualname__
    pinned.__doc__ = fn.__doc__
    return pinned


@_pinned
def linear(t: float) -> float:
    """Constant speed."""
    return t


@_pinned
def out_quad(t: float) -> float:
    """Decelerate to rest."""
    return 1.0 - (1.0 - t) * (1.0 - t)


@_pinned
def out_cubic(t: float) -> float:
    """Decelerate to rest, more sharply."""
    return 1.0 - (1.0 - t) ** 3
