"""Dice sliding to their places that would pass through one another hop over instead.

When the dice drift to the tidy row after a throw, their ways may cross. Before they set off,
their slides are followed in small steps; wherever two dice's footprints would meet, the one
with the longer way rises over the other for that stretch, its underside above the other's
top (a die is one die size tall), and comes down again once past. Dice whose ways do not meet
keep to the felt. Pure math over die sizes and shares of the slide: no pygame.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

CLEAR = 1.05  # die sizes a die passing over another rides above the other's underside
RAMP = 0.15  # of the slide: a hop's rise before the stretch it clears, and its fall after
SAMPLES = 61  # steps the slides are followed in
MARGIN = 1.05  # footprints are taken this much larger than they are, to be sure
# (centres' distance / half sides' sum)^2 past which two squares cannot meet: their corners
# reach sqrt(2) half sides, and a little more for rounding
APART = 2.0 * 1.0001


@dataclass(frozen=True)
class Rise:
    """One rise of a hop: `height` die sizes, up from share `up` of the slide, at full height
    from `top` to `down`, back down by `end`."""

    height: float
    up: float
    top: float
    down: float
    end: float

    def at(self, share: float) -> float:
        if share <= self.up or share >= self.end:
            return 0.0
        if share < self.top:
            return self.height * _smooth((share - self.up) / (self.top - self.up))
        if share > self.down:
            return self.height * _smooth((self.end - share) / (self.end - self.down))
        return self.height


@dataclass(frozen=True)
class Hop:
    """How high a sliding die rises (die sizes) along its slide: one rise over each stretch
    where it meets another die."""

    rises: tuple[Rise, ...] = ()

    @property
    def height(self) -> float:
        return max((rise.height for rise in self.rises), default=0.0)

    def at(self, share: float) -> float:
        """The height at `share` of the slide (0 at its start, 1 at its end)."""
        return max((rise.at(share) for rise in self.rises), default=0.0)


@dataclass(frozen=True)
class Track:
    """A die's way over the next moments, at SAMPLES steps: where it is (px), how it is
    turned (radians, its heading), how high its underside is (die sizes); half its side (px);
    and `shares`: for a slide still to be planned, the share of its slide at each step (None
    for a die whose height is settled already)."""

    points: tuple[tuple[float, float], ...]
    angles: tuple[float, ...]
    lifts: tuple[float, ...]
    half: float
    shares: tuple[float, ...] | None = None

    @property
    def length(self) -> float:
        return math.dist(self.points[0], self.points[-1])


def plan(tracks: Sequence[Track]) -> list[Hop]:
    """The hop of each track to be planned (the others' hops are theirs already), in order:
    the shorter ways first, each rising over the dice it meets that were settled before it,
    unless they pass over it already."""
    free = sorted((i for i, t in enumerate(tracks) if t.shares is not None), key=_length(tracks))
    lifts = {i: list(t.lifts) for i, t in enumerate(tracks) if t.shares is None}
    hops: dict[int, Hop] = {}
    for i in free:
        track, shares = tracks[i], tracks[i].shares
        assert shares is not None
        need = [0.0] * SAMPLES  # how high it must be at each step
        under: list[tuple[int, float]] = []  # (step, height) of dice passing over this one
        for j, lift in lifts.items():
            for k in range(SAMPLES):
                if not _meet(track, tracks[j], k):
                    continue
                if lift[k] - track.lifts[k] >= CLEAR:
                    under.append((k, lift[k]))  # it passes over: this one keeps low
                else:
                    need[k] = max(need[k], lift[k] + CLEAR - track.lifts[k])
        hop = _hop(need, shares)
        if any(track.lifts[k] + hop.at(shares[k]) > high - CLEAR for k, high in under):
            # Its hop would lift it into a die passing over it: it goes over that one too.
            for k, high in under:
                need[k] = max(need[k], high + CLEAR - track.lifts[k])
            hop = _hop(need, shares)
        hops[i] = hop
        lifts[i] = [base + hop.at(s) for base, s in zip(track.lifts, shares, strict=True)]
    return [hops[i] for i in range(len(tracks)) if i in hops]


def _meet(a: Track, b: Track, k: int) -> bool:
    """Whether the two dice's footprints (turned squares) meet at step k."""
    return squares_meet(
        a.points[k], a.half * MARGIN, a.angles[k], b.points[k], b.half * MARGIN, b.angles[k]
    )


def squares_meet(
    a: tuple[float, float],
    half_a: float,
    turn_a: float,
    b: tuple[float, float],
    half_b: float,
    turn_b: float,
) -> bool:
    """Whether two squares meet: centred on `a` and `b`, of half sides `half_a` and `half_b`,
    turned `turn_a` and `turn_b` radians (no axis of either separates them)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    if dx * dx + dy * dy > APART * (half_a + half_b) ** 2:
        return False  # farther apart than their corners reach: most pairs, most steps
    sides = [(math.cos(t), math.sin(t)) for t in (turn_a, turn_b)]
    for cx, sy in sides:
        for ux, uy in ((cx, sy), (-sy, cx)):
            reach = 0.0
            for (ex, ey), half in zip(sides, (half_a, half_b), strict=True):
                reach += half * (abs(ux * ex + uy * ey) + abs(-ux * ey + uy * ex))
            if abs(ux * dx + uy * dy) >= reach:
                return False
    return True


def _hop(need: list[float], shares: Sequence[float]) -> Hop:
    """A rise over each run of steps that need height, as high as the run needs, a step
    wider either side (the steps between are not looked at)."""
    rises = []
    k = 0
    while k < SAMPLES:
        if need[k] <= 0.0:
            k += 1
            continue
        first = k
        while k < SAMPLES and need[k] > 0.0:
            k += 1
        height = max(need[first:k])
        top, down = shares[max(0, first - 1)], shares[min(SAMPLES - 1, k)]
        rises.append(Rise(height, max(0.0, top - RAMP), top, down, min(1.0, down + RAMP)))
    return Hop(tuple(rises))


def _length(tracks: Sequence[Track]) -> Callable[[int], tuple[float, int]]:
    return lambda i: (tracks[i].length, i)


def _smooth(t: float) -> float:
    t = min(max(t, 0.0), 1.0)
    return t * t * (3.0 - 2.0 * t)
