"""How the Expert's points to come are spread where their exact distribution is too big to keep.

The win-chance model (game.ai.winning.chances) needs the distribution of R, the Expert's points
still to come from a card state. It is exact with two boxes or fewer open (the exact tables of
game.ai.winning.tables). Beyond that it used to be a gamma with R's mean, sd and skewness; the
Expert's real play is lumpier than that: a Yahtzee is 50 or nothing, a chip 100, the upper bonus 35,
a straight 30 or 40, so R is often two- or three-humped. Against the Expert's continuations played
out by the batch simulator, the gamma was off by 0.10 to 0.20 in the largest gap between the two
distribution functions, and by about 2 points of probability in the chance of ending 1 to 2.5
standard deviations above the mean (the tail that decides who beats the best of two or three
others). So, built with the spread tables:

- with exactly QUANTILE_OPEN (3) boxes open, R's exact distribution is worked out from the
  exact ones of two open boxes (the same backward induction) and kept as QUANTILE_POINTS
  equally likely whole points (its quantiles: uint16, 256 bytes a state, every lump kept to
  within 1 / (2 QUANTILE_POINTS) of probability);
- with more boxes open, R is mean + sd * Z, where Z's shape is learnt from the Expert's own
  games: SHAPE_GAMES seeded batch games, at every turn start the standardised points to come
  Z = (R - mean) / sd, pooled by class (open boxes, the Yahtzee box open / zero / 50, and the
  skewness of the state, in SKEW_BINS bins of equal count), kept as SHAPE_POINTS quantiles
  re-standardised to mean 0 and sd 1 (so each state keeps its exact mean and sd). A class
  with fewer than MIN_SAMPLES games pools those with up to WIDEST boxes more or fewer open;
  with fewer still, the gamma stands in.

Measured on 120 states sampled from Expert games (3 to 12 boxes open, 12 of each, 20,000
continuations each by the batch simulator, a seed the shapes were not learnt from): the error
in P(R >= mean + k sd), k = 1 to 2.5, fell from 0.021 to 0.006 on average, and the largest
gap between the distribution functions from 0.13 to 0.06: with three boxes open from 0.17
to 0.008, with four or five from 0.17 to 0.13, with eight or more from 0.10 to 0.04.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from game.ai.exact.scoring import Spec, spec
from game.rules import Category, Variant

SHAPE_POINTS = 256
SKEW_BINS = 6
MIN_SAMPLES = 2_000  # games per class (a (open, Yahtzee box) with fewer bins if fewer)
WIDEST = 2  # a class with fewer games pools those of up to 2 more or fewer open boxes
SHAPE_GAMES = 200_000
SHAPE_SEED = 20_261_123  # not a tournament's seed
SHAPE_OPEN = 3  # shapes for states with this many open boxes or more
QUANTILE_OPEN = 3
QUANTILE_POINTS = 128
YAHTZEE_STATES = 3  # the Yahtzee box open, zero, 50
_STRIDE = 128  # flat state = filled * 128 + upper * 2 + fifty (game.ai.winning.turn)


def _card(s: Spec | None) -> Spec:
    return spec(Variant.OFFICIAL) if s is None else s


def open_boxes(states: np.ndarray, s: Spec | None = None) -> np.ndarray:
    """Open boxes of flat states on the card of `s` (the American card by default)."""
    s = _card(s)
    filled = np.asarray(states) // _STRIDE
    count = np.zeros_like(filled)
    for c in range(s.n_boxes):
        count += filled >> c & 1
    return s.n_boxes - count


def yahtzee_state(states: np.ndarray, s: Spec | None = None) -> np.ndarray:
    """0: the five-alike box is open, 1: it holds 0, 2: it holds 50 (a card without chips
    keeps no flag: filled is 1)."""
    s = _card(s)
    states = np.asarray(states)
    filled = states // _STRIDE >> s.card.index(Category.YAHTZEE) & 1
    return np.where(filled == 0, 0, 1 + states % 2)


def shape_classes(s: Spec) -> tuple[int, int]:
    """The leading axes of the shape arrays: (open boxes 0 .. n, five-alike box state)."""
    return (s.n_boxes + 1, YAHTZEE_STATES)


# ----------------------------------------------------------------------------- shapes
def build_shapes(
    states: np.ndarray,
    rest: np.ndarray,
    moments: Callable[[np.ndarray], tuple[np.ndarray, np.ndarray, np.ndarray]],
    s: Spec | None = None,
) -> tuple[np.ndarray, np.ndarray]:
    """(edges, shapes) from sampled turn starts: flat `states` and the points `rest` scored
    from each, `moments(states)` -> (mean, sd, skewness) of R.

    edges: (boxes + 1, YAHTZEE_STATES, SKEW_BINS - 1) skewness bounds between bins (+inf
    past a class's last bin); shapes: (..., SKEW_BINS, SHAPE_POINTS) standardised quantiles,
    NaN for a class with too few samples.
    """
    s = _card(s)
    states, rest = np.ravel(states), np.ravel(rest).astype(np.float64)
    opened = open_boxes(states, s)
    keep = opened >= SHAPE_OPEN
    states, rest, opened = states[keep], rest[keep], opened[keep]
    mean, sd, skew = moments(states)
    usable = np.isfinite(mean) & np.isfinite(sd) & np.isfinite(skew) & (sd > 1e-6)
    states, rest, opened = states[usable], rest[usable], opened[usable]
    mean, sd, skew = mean[usable], sd[usable], skew[usable]
    z = (rest - mean) / sd
    kind = yahtzee_state(states, s)
    edges, shapes = no_shapes(s)
    levels = (np.arange(SHAPE_POINTS) + 0.5) / SHAPE_POINTS
    for k in range(SHAPE_OPEN, s.n_boxes + 1):
        for y in range(YAHTZEE_STATES):
            mine = (opened == k) & (kind == y)
            for wider in range(1, WIDEST + 1):  # a rare class borrows its neighbours' games
                if mine.sum() >= MIN_SAMPLES:
                    break
                mine = (np.abs(opened - k) <= wider) & (kind == y)
            bins = min(SKEW_BINS, int(mine.sum()) // MIN_SAMPLES)
            if bins == 0:
                continue
            # Bounds between bins of equal count, each bound once (many states share a
            # skewness), so that every bin holds its share of the class.
            bounds = np.unique(np.quantile(skew[mine], np.arange(1, bins) / bins))
            which = (skew[mine][:, None] >= bounds[None, :]).sum(axis=1)
            counts = np.bincount(which, minlength=len(bounds) + 1)
            while len(bounds) and counts.min() < MIN_SAMPLES:  # merge the thinnest bin
                b = int(np.argmin(counts))
                bounds = np.delete(bounds, min(b, len(bounds) - 1))
                which = (skew[mine][:, None] >= bounds[None, :]).sum(axis=1)
                counts = np.bincount(which, minlength=len(bounds) + 1)
            edges[k, y, : len(bounds)] = bounds
            for b in range(len(bounds) + 1):
                shapes[k, y, b] = _standardised(np.quantile(z[mine][which == b], levels))
    return edges, shapes


def no_shapes(s: Spec) -> tuple[np.ndarray, np.ndarray]:
    """(edges, shapes) that know no class: the gamma stands in for every state."""
    edges = np.full(shape_classes(s) + (SKEW_BINS - 1,), np.inf)
    shapes = np.full(shape_classes(s) + (SKEW_BINS, SHAPE_POINTS), np.nan)
    return edges, shapes


def _standardised(points: np.ndarray) -> np.ndarray:
    spread = points.std()
    standard: np.ndarray = (
        (points - points.mean()) / spread if spread > 0 else points - points.mean()
    )
    return standard


def shape_points(
    states: np.ndarray,
    mean: np.ndarray,
    sd: np.ndarray,
    skew: np.ndarray,
    edges: np.ndarray,
    shapes: np.ndarray,
    s: Spec | None = None,
) -> np.ndarray:
    """(len(states), SHAPE_POINTS) equally likely points of R: mean + sd * the class's shape;
    NaN rows where no shape is known."""
    k = open_boxes(states, s)
    y = yahtzee_state(states, s)
    bounds = edges[k, y]  # (n, SKEW_BINS - 1)
    which = (np.asarray(skew)[:, None] >= bounds).sum(axis=1)
    points: np.ndarray = np.asarray(mean)[:, None] + np.asarray(sd)[:, None] * shapes[k, y, which]
    return points


# ----------------------------------------------------------------------------- quantiles
def quantile_points(pmfs: np.ndarray, count: int = QUANTILE_POINTS) -> np.ndarray:
    """(rows, count) uint16 whole points standing for each row's distribution: its quantiles
    at (j + 0.5) / count."""
    cdf = np.cumsum(pmfs, axis=-1)
    cdf /= cdf[:, -1:]
    levels = (np.arange(count) + 0.5) / count
    found = np.stack([np.searchsorted(row, levels) for row in cdf])
    quantiles: np.ndarray = np.minimum(found, pmfs.shape[-1] - 1).astype(np.uint16)
    return quantiles
