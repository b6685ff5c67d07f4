"""Measures the layouts share: how much a layout designed at a reference window grows or
shrinks in another, and how a row of controls shares its width. Light on purpose (no numpy,
no views): the title's layout imports it before anything heavy is loaded."""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import TypeVar

K = TypeVar("K", bound=Hashable)  # what names a control in a row
REFERENCE = (1280, 800)  # px: the window every layout's sizes are designed at


def layout_unit(
    size: tuple[int, int], reference: tuple[int, int] = REFERENCE, least: float = 0.5
) -> float:
    """Px per design px for a window of `size`: how much a layout designed at `reference`
    grows or shrinks to fit (the narrower side decides), never under `least`."""
    return max(least, min(size[0] / reference[0], size[1] / reference[1]))


def share_widths(avail: int, shares: Mapping[K, float], needs: Mapping[K, int]) -> dict[K, int]:
    """Widths for controls in a row `avail` px wide: each its share, but a control whose
    label `needs` more than its share gets what it needs, from the others' shares (never
    below what they need). If all the needs do not fit, each gets its need scaled down.

    >>> share_widths(300, {"a": 2.0, "b": 1.0}, {})
    {'a': 200, 'b': 100}
    >>> share_widths(300, {"a": 2.0, "b": 1.0}, {"b": 140})
    {'a': 160, 'b': 140}
    >>> share_widths(300, {"a": 1.0, "b": 1.0}, {"a": 300, "b": 100})
    {'a': 225, 'b': 75}
    """
    need = {name: max(0, needs.get(name, 0)) for name in shares}
    if sum(need.values()) >= avail:
        needed = sum(need.values())
        return {name: int(avail * need[name] / needed) for name in shares}
    fixed: dict[K, int] = {}
    while True:
        free = avail - sum(fixed.values())
        rest = {name: share for name, share in shares.items() if name not in fixed}
        total = sum(rest.values())
        short = {n: need[n] for n, share in rest.items() if need[n] > free * share / total}
        if not short:
            return {n: fixed.get(n, int(free * shares[n] / total)) for n in shares}
        fixed.update(short)
