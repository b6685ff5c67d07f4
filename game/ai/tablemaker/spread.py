"""Building the spread tables (game.ai.winning.tables reads them): minutes per variant.

The standard deviation and the skewness of the Expert's points to come, for every state of the
solver's table, by the same backward induction, the Expert's choices carried out on values
(game.ai.winning.turn) and the raw moments E R, E R^2, E R^3 carried along them in float64;
the exact distributions with two boxes or fewer open; the quantile points with three open;
and the shapes beyond, learnt from the batch simulator's games on the variant's own card
(a Yatzy file built before the simulator played that card has no class learnt, and the gamma
of each state's moments stands in beyond three open boxes until it is rebuilt).

Run by `python -m game.ai.tablemaker` (game.ai.tablemaker.cli), never by the game.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

from game.ai.exact.scoring import spec
from game.ai.exact.solver import columns_for, store
from game.ai.exact.tables import value_table
from game.ai.tablemaker.batch import points_to_come
from game.ai.tablemaker.values import write_arrays
from game.ai.winning.shape import (
    QUANTILE_OPEN,
    SHAPE_GAMES,
    SHAPE_SEED,
    build_shapes,
    quantile_points,
)
from game.ai.winning.tables import (
    EXACT_LENGTH,
    EXACT_OPEN,
    FORMAT,
    QUANTILE_LENGTH,
    STORED_DTYPE,
    SpreadTables,
    digest,
)
from game.ai.winning.turn import (
    TurnMoves,
    shift_distribution,
    shift_moments,
    spread_turn,
    turn_moves,
)
from game.rules import Variant

log = logging.getLogger(__name__)

BATCH = 96  # states per batched turn: the moment arrays are three times the solver's
EXACT_BATCH = 16  # states per batched exact turn: (462, 16, 336) floats
QUANTILE_BATCH = 32  # states per batched turn of three open boxes


def build_moments(
    variant: Variant, progress: Callable[[int, int], None] | None = None
) -> np.ndarray:
    """Raw moments (E R, E R^2, E R^3) of the points to come, float64, the card's table shape
    + (3,)."""
    s = spec(variant)
    values = value_table(variant).values
    flat_values = values.reshape(-1)
    moments = np.full(s.table_shape + (3,), np.nan)
    moments[s.all_boxes] = 0.0
    flat_moments = moments.reshape(-1, 3)
    masks = range(s.all_boxes)
    done = 0
    for filled_count in range(s.n_boxes - 1, -1, -1):
        layer = [m for m in masks if m.bit_count() == filled_count]
        batch: list[tuple[int, np.ndarray, np.ndarray, list[int]]] = []
        width = 0
        for i, filled in enumerate(layer):
            batch.append((filled, *columns_for(filled, variant)))
            width += len(batch[-1][1])
            if width >= BATCH or i == len(layer) - 1:
                _solve_layer_batch(batch, flat_values, flat_moments, moments, variant)
                done += len(batch)
                batch, width = [], 0
        if progress is not None:
            progress(done, s.all_boxes)
    return moments


def _solve_layer_batch(
    batch: list[tuple[int, np.ndarray, np.ndarray, list[int]]],
    flat_values: np.ndarray,
    flat_moments: np.ndarray,
    moments: np.ndarray,
    variant: Variant,
) -> None:
    # Filled sets differ in their open boxes, so each gets its own moves; the keep
    # recursion, where the time goes, then runs on all their columns at once.
    parts = [turn_moves(filled, upper, fifty, variant) for filled, upper, fifty, _ in batch]
    boxes = max(len(p.boxes) for p in parts)
    padded = []
    for p in parts:
        extra = boxes - len(p.boxes)
        pad = ((0, extra), (0, 0), (0, 0))
        padded.append(
            (
                np.pad(p.points, pad),
                np.pad(p.child, pad),
                np.pad(p.allowed, pad, constant_values=False),
            )
        )
    moves = TurnMoves(
        (),
        np.concatenate([p[0] for p in padded], axis=2),
        np.concatenate([p[1] for p in padded], axis=2),
        np.concatenate([p[2] for p in padded], axis=2),
    )
    spread = spread_turn(moves, lambda i: flat_values[i], lambda i: flat_moments[i], shift_moments)
    at = 0
    for filled, upper, fifty, shared in batch:
        columns = spread.start_stats[at : at + len(upper)]
        for k in range(3):
            store(moments[..., k], filled, upper, fifty, shared, columns[:, k], variant)
        at += len(upper)


def spread_of(moments: np.ndarray) -> np.ndarray:
    """Raw moments (..., 3) -> (..., 2): standard deviation and skewness (0 when sd is 0)."""
    m1, m2, m3 = moments[..., 0], moments[..., 1], moments[..., 2]
    variance = np.maximum(m2 - m1 * m1, 0.0)
    third = m3 - 3 * m1 * m2 + 2 * m1**3
    sd = np.sqrt(variance)
    with np.errstate(invalid="ignore", divide="ignore"):
        skew = np.where(sd > 1e-6, third / np.where(sd > 1e-6, sd, 1.0) ** 3, 0.0)
    return np.stack([sd, np.where(np.isnan(m1), np.nan, skew)], axis=-1)


def build_exact(variant: Variant) -> tuple[np.ndarray, np.ndarray]:
    """Exact distributions of R for every state with EXACT_OPEN boxes or fewer open.

    Returns (index, pmfs): index (spec(variant).table_shape, int32) is the row of a state in pmfs
    (float64, rows x EXACT_LENGTH), -1 where none was computed (more boxes open, or no game
    goes there). States whose upper total no longer matters share one row.
    """
    s = spec(variant)
    values = value_table(variant).values.reshape(-1)
    index = np.full(s.table_shape, -1, dtype=np.int32)
    full = np.zeros((1, EXACT_LENGTH))
    full[0, 0] = 1.0
    index[s.all_boxes] = 0
    rows = [full]
    count = 1
    flat_index = index.reshape(-1)
    for open_count in range(1, EXACT_OPEN + 1):
        table = np.concatenate(rows)

        def child_stats(i: np.ndarray, table: np.ndarray = table) -> np.ndarray:
            stats: np.ndarray = table[flat_index[i]]
            return stats

        for filled in range(s.all_boxes):
            if s.n_boxes - filled.bit_count() != open_count:
                continue
            upper, fifty, shared = columns_for(filled, variant)
            found = []
            for start in range(0, len(upper), EXACT_BATCH):
                part = slice(start, start + EXACT_BATCH)
                moves = turn_moves(filled, upper[part], fifty[part], variant)
                spread = spread_turn(
                    moves,
                    values.__getitem__,
                    child_stats,
                    shift_distribution,
                )
                found.append(spread.start_stats)
            pmfs = np.concatenate(found)
            store(index, filled, upper, fifty, shared, count + np.arange(len(upper)), variant)
            rows.append(pmfs)
            count += len(upper)
    return index, np.concatenate(rows)


def build_quantiles(
    variant: Variant, exact_index: np.ndarray, exact: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """R's distribution for every state with QUANTILE_OPEN boxes open, as quantile points.

    Worked out exactly from the exact distributions of the states with one box fewer open
    (`exact_index` and `exact`, as build_exact returns them), then kept as
    game.ai.winning.shape.quantile_points. Returns (index, points) as build_exact does.
    """
    s = spec(variant)
    values = value_table(variant).values.reshape(-1)
    table = np.zeros((len(exact), QUANTILE_LENGTH))
    table[:, : exact.shape[1]] = exact
    flat_exact = exact_index.reshape(-1)
    index = np.full(s.table_shape, -1, dtype=np.int32)
    rows, count = [], 0
    for filled in range(s.all_boxes):
        if s.n_boxes - filled.bit_count() != QUANTILE_OPEN:
            continue
        upper, fifty, shared = columns_for(filled, variant)
        for start in range(0, len(upper), QUANTILE_BATCH):
            part = slice(start, start + QUANTILE_BATCH)
            moves = turn_moves(filled, upper[part], fifty[part], variant)
            spread = spread_turn(
                moves, lambda i: values[i], lambda i: table[flat_exact[i]], shift_distribution
            )
            rows.append(quantile_points(spread.start_stats))
        store(index, filled, upper, fifty, shared, count + np.arange(len(upper)), variant)
        count += len(upper)
    return index, np.concatenate(rows)


def learn_shapes(
    variant: Variant, spread: np.ndarray, games: int = SHAPE_GAMES
) -> tuple[np.ndarray, np.ndarray]:
    """The shapes of R with more boxes open, from `games` of the Expert's games (the batch
    simulator on the variant's card, seeded: the same every build) and the stored `spread`."""
    s = spec(variant)
    values = value_table(variant).values.reshape(-1)
    sd = spread[..., 0].reshape(-1).astype(np.float64)
    skew = spread[..., 1].reshape(-1).astype(np.float64)
    states, rest = points_to_come(games, variant, SHAPE_SEED)
    return build_shapes(states, rest, lambda i: (values[i], sd[i], skew[i]), s)


def build_tables(variant: Variant) -> SpreadTables:
    """Fresh spread tables for `variant`, at the stored precision (about five minutes)."""
    started = time.perf_counter()
    spread = spread_of(build_moments(variant)).astype(STORED_DTYPE)
    index, exact = build_exact(variant)
    quantile_index, quantiles = build_quantiles(variant, index, exact)
    edges, shapes = learn_shapes(variant, spread)
    log.info("built the %s spread tables in %.1f s", variant.value, time.perf_counter() - started)
    return SpreadTables(
        spread,
        index,
        exact.astype(STORED_DTYPE),
        quantile_index,
        quantiles,
        edges.astype(STORED_DTYPE),
        shapes.astype(STORED_DTYPE),
    )


def save_spread(path: Path, variant: Variant, tables: SpreadTables) -> None:
    """Write a spread file; the same tables always give the same bytes."""
    arrays = {
        **tables.arrays(),
        "variant": np.array(variant.value),
        "format": np.array(FORMAT),
        "sha256": np.array(digest(tables)),
    }
    write_arrays(path, arrays)


def compare_spreads(
    shipped: SpreadTables, rebuilt: SpreadTables, tolerance: float = 1e-3
) -> str | None:
    """None when two spread tables agree (same states, within `tolerance`), else why not."""
    known = np.isfinite(shipped.spread)
    if not np.array_equal(known, np.isfinite(rebuilt.spread)):
        return "the tables cover different states"
    diff = np.abs(shipped.spread[known].astype(np.float64) - rebuilt.spread[known])
    if diff.max() > tolerance:
        return f"spreads differ by up to {diff.max():.6f}"
    if not np.array_equal(shipped.exact_index, rebuilt.exact_index):
        return "the exact distributions cover different states"
    worst = np.abs(shipped.exact.astype(np.float64) - rebuilt.exact).max()
    if worst > 1e-6:
        return f"exact distributions differ by up to {worst:.2e}"
    if not np.array_equal(shipped.quantile_index, rebuilt.quantile_index):
        return "the quantile points cover different states"
    # A quantile level may fall on a sum of probabilities to within rounding: a point's
    # neighbour is as right.
    moved = np.abs(shipped.quantiles.astype(np.int64) - rebuilt.quantiles)
    if moved.max(initial=0) > 1 or np.mean(moved > 0) > 1e-3:
        return f"quantile points differ (up to {moved.max()}, {np.mean(moved > 0):.2%} of them)"
    for name in ("shape_edges", "shapes"):
        a, b = getattr(shipped, name), getattr(rebuilt, name).astype(np.float64)
        if not np.array_equal(np.isfinite(a), np.isfinite(b)):
            return f"the {name} cover different classes"
        finite = np.isfinite(a)
        if finite.any() and np.abs(a[finite] - b[finite]).max() > tolerance:
            return f"the {name} differ by up to {np.abs(a[finite] - b[finite]).max():.6f}"
    return None
