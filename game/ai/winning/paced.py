"""A seat's pace applied to the Expert's points to come: scaled to a lower mean.

A seat of pace L (the expected points its decisions lose per box against the Expert:
game.ai.levels.pace) can expect about L k points fewer than the Expert from a card with k
open boxes. The win-chance model scales R, the Expert's points still to come, to that mean
(`paced`): the Expert's spread, shrunk in proportion. Scaling rather than shifting keeps R
at 0 or more, and it matches how the levels' scores spread (game.ai.levels.pace).
"""

from __future__ import annotations

import numpy as np


def paced_mean(mean: float, pace: float, open_boxes: int) -> float:
    """The points to come a seat of that pace can expect where the Expert expects `mean`,
    with `open_boxes` boxes to fill: pace * open_boxes fewer, never below 0."""
    return max(0.0, mean - pace * open_boxes)


def paced(rest: np.ndarray, pace: float, open_boxes: int) -> np.ndarray:
    """The distribution of points to come (whole points from 0) of a seat of that pace, from
    the Expert's, `rest`, with `open_boxes` boxes to fill: scaled to the mean lowered by
    pace * open_boxes (never below 0), each scaled point split between the two whole numbers
    around it so that the mean is exact."""
    if pace <= 0 or open_boxes <= 0:
        return rest
    points = np.arange(len(rest), dtype=np.float64)
    mean = float(points @ rest)
    if mean <= 0:
        return rest
    factor = paced_mean(mean, pace, open_boxes) / mean
    scaled = points * factor
    low = np.floor(scaled).astype(np.intp)
    upper = scaled - low
    out = np.bincount(low, rest * (1.0 - upper), len(rest) + 1)
    out += np.bincount(low + 1, rest * upper, len(rest) + 1)
    return out[: int(np.flatnonzero(out).max()) + 1]
