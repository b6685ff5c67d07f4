"""A die drifting to its place (the tidy row, the hold row): an eased slide of DRIFT_TIME from
where it was when its place changed, riding a little above the felt, and hopping over the dice
in its way (game.anim.hops). Pure math: no pygame.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence
from dataclasses import replace

from game.anim import orientation as ori
from game.anim.die import Die, Drifting, Point, Resting
from game.anim.flight import smooth
from game.anim.hops import SAMPLES, Track, plan

DRIFT_TIME = 0.3  # s a die takes to drift to its row or its hold slot
DRIFT_LIFT = 0.15  # die sizes above the felt of a drifting die, per die size it has to go


def slide(die: Die, drift: Drifting, dt: float, size: float) -> None:
    """Die `die` a step `dt` further on its drift (dice of `size` px)."""
    drift = replace(drift, time=drift.time + dt)
    die.state = drift
    share = min(1.0, drift.time / DRIFT_TIME)
    ease = smooth(share)
    die.x, die.y = along(drift, ease)
    tx, ty = drift.goal
    way = math.dist((die.x, die.y), (tx, ty)) / size
    die.lift = DRIFT_LIFT * way + drift.hop.at(share)
    die.turn = ori.slerp(drift.turn, drift.want, ease) if share < 1.0 else drift.want
    if share >= 1.0:
        die.x, die.y, die.lift = tx, ty, 0.0
        die.state = Resting()


def plan_hops(
    dice: Sequence[Die], sizes: Sequence[float], starting: Collection[int], size: float
) -> None:
    """The hops of the dice `starting` to drift (their states get them), over the dice
    drifting already and those lying still; `sizes`: each die's px, `size` a free die's."""
    tracks, planned = [], []
    for i, die in enumerate(dice):
        if not die.shown:
            continue
        half = 0.5 * sizes[i]
        state = die.state
        if not isinstance(state, Drifting):
            angle = -ori.heading(die.turn)  # (counter-clockwise on the screen, y down)
            tracks.append(
                Track(((die.x, die.y),) * SAMPLES, (angle,) * SAMPLES, (die.lift,) * SAMPLES, half)
            )
            continue
        start = state.time / DRIFT_TIME
        shares = [min(1.0, start + k / (SAMPLES - 1)) for k in range(SAMPLES)]
        points = [along(state, smooth(s)) for s in shares]
        angles = [-ori.heading(ori.slerp(state.turn, state.want, smooth(s))) for s in shares]
        settled = i not in starting
        lifts = [
            DRIFT_LIFT * math.dist(p, state.goal) / size + (state.hop.at(s) if settled else 0.0)
            for p, s in zip(points, shares, strict=True)
        ]
        track = Track(tuple(points), tuple(angles), tuple(lifts), half)
        tracks.append(track if settled else replace(track, shares=tuple(shares)))
        if not settled:
            planned.append(i)
    for i, hop in zip(planned, plan(tracks), strict=True):
        state = dice[i].state
        assert isinstance(state, Drifting)
        dice[i].state = replace(state, hop=hop)


def along(drift: Drifting, ease: float) -> Point:
    """Where a drift has got to, `ease` of its way."""
    (x0, y0), (tx, ty) = drift.origin, drift.goal
    return (x0 + (tx - x0) * ease, y0 + (ty - y0) * ease)
