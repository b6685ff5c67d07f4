"""The spread tables: how the Expert's points to come are spread, for every state between turns.

The value tables (game.ai.tables) hold the mean of the points still to come. The win-chance
model (game.ai.winning) also needs their spread: here the standard deviation and the
skewness, for every state of the solver's table, by the same backward induction, the Expert's
choices carried out on values (game.ai.winning_turn) and the raw moments E R, E R^2, E R^3
carried along them in float64.

One file per variant in assets/tables/ (`official-spread.npz`, ...), written by
`python -m game.ai.build` beside the value tables: a zip of .npy arrays holding the spread
(float32, 8192 x 64 x 2 x 2: sd and skewness, NaN where no game goes), the variant, a format
number and a SHA-256. `spread_table(variant)` loads it on first use (about 40 ms); a missing,
damaged or stale file is rebuilt in memory instead, with a logged warning (about 30 s).
"""

from __future__ import annotations

import hashlib
import logging
import threading
import time
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from game.ai.scoring import ALL_BOXES, N_BOXES
from game.ai.solver import TABLE_SHAPE, columns_for, store
from game.ai.tables import TABLE_DIR, TableError, value_table, write_arrays
from game.ai.winning_turn import (
    TurnMoves,
    shift_distribution,
    shift_moments,
    spread_turn,
    turn_moves,
)
from game.rules import Variant

log = logging.getLogger(__name__)

FORMAT = 1
SPREAD_SHAPE = TABLE_SHAPE + (2,)  # (filled, upper, fifty, [sd, skewness])
STORED_DTYPE = np.float32
BATCH = 96  # states per batched turn: the moment arrays are three times the solver's
EXACT_OPEN = 2  # states with this many open boxes or fewer get their exact distribution
MOST_PER_TURN = 168  # points one turn can add: 30 sixes + 35 bonus + 100 chip, with room
EXACT_LENGTH = MOST_PER_TURN * EXACT_OPEN  # points 0 .. EXACT_LENGTH - 1
EXACT_BATCH = 16  # states per batched exact turn: (462, 16, 336) floats


def spread_path(variant: Variant, directory: Path | None = None) -> Path:
    return (directory or TABLE_DIR) / f"{variant.value}-spread.npz"


# ----------------------------------------------------------------------------- building
def build_moments(
    variant: Variant, progress: Callable[[int, int], None] | None = None
) -> np.ndarray:
    """Raw moments (E R, E R^2, E R^3) of the points to come, float64, TABLE_SHAPE + (3,)."""
    values = value_table(variant).values
    flat_values = values.reshape(-1)
    moments = np.full(TABLE_SHAPE + (3,), np.nan)
    moments[ALL_BOXES] = 0.0
    flat_moments = moments.reshape(-1, 3)
    masks = range(ALL_BOXES)
    done = 0
    for filled_count in range(N_BOXES - 1, -1, -1):
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
            progress(done, ALL_BOXES)
    return moments


def _solve_layer_batch(batch, flat_values, flat_moments, moments, variant) -> None:
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

    Returns (index, pmfs): index (TABLE_SHAPE, int32) is the row of a state in pmfs
    (float64, rows x EXACT_LENGTH), -1 where none was computed (more boxes open, or no game
    goes there). States whose upper total no longer matters share one row.
    """
    values = value_table(variant).values.reshape(-1)
    index = np.full(TABLE_SHAPE, -1, dtype=np.int32)
    full = np.zeros((1, EXACT_LENGTH))
    full[0, 0] = 1.0
    index[ALL_BOXES] = 0
    rows = [full]
    count = 1
    flat_index = index.reshape(-1)
    for open_count in range(1, EXACT_OPEN + 1):
        table = np.concatenate(rows)
        for filled in range(ALL_BOXES):
            if N_BOXES - filled.bit_count() != open_count:
                continue
            upper, fifty, shared = columns_for(filled, variant)
            found = []
            for start in range(0, len(upper), EXACT_BATCH):
                part = slice(start, start + EXACT_BATCH)
                moves = turn_moves(filled, upper[part], fifty[part], variant)
                spread = spread_turn(
                    moves,
                    lambda i: values[i],
                    lambda i, table=table: table[flat_index[i]],
                    shift_distribution,
                )
                found.append(spread.start_stats)
            pmfs = np.concatenate(found)
            store(index, filled, upper, fifty, shared, count + np.arange(len(upper)), variant)
            rows.append(pmfs)
            count += len(upper)
    return index, np.concatenate(rows)


# ----------------------------------------------------------------------------- files
@dataclass(frozen=True)
class SpreadTables:
    """What the win-chance model reads for one variant (arrays read only).

    spread: (TABLE_SHAPE, 2) float32 sd and skewness of R; exact_index: (TABLE_SHAPE) int32
    row in `exact` of a state with EXACT_OPEN or fewer open boxes, else -1; exact: (rows,
    EXACT_LENGTH) float32 distributions of R.
    """

    spread: np.ndarray
    exact_index: np.ndarray
    exact: np.ndarray

    def arrays(self) -> dict[str, np.ndarray]:
        return {"spread": self.spread, "exact_index": self.exact_index, "exact": self.exact}


def build_tables(variant: Variant) -> SpreadTables:
    """Fresh spread tables for `variant`, at the stored precision (about two minutes)."""
    started = time.perf_counter()
    spread = spread_of(build_moments(variant)).astype(STORED_DTYPE)
    index, exact = build_exact(variant)
    log.info("built the %s spread tables in %.1f s", variant.value, time.perf_counter() - started)
    return SpreadTables(spread, index, exact.astype(STORED_DTYPE))


def _digest(tables: SpreadTables) -> str:
    digest = hashlib.sha256()
    for array in tables.arrays().values():
        digest.update(np.ascontiguousarray(array).tobytes())
    return digest.hexdigest()


def save_spread(path: Path, variant: Variant, tables: SpreadTables) -> None:
    """Write a spread file; the same tables always give the same bytes."""
    arrays = {
        **tables.arrays(),
        "variant": np.array(variant.value),
        "format": np.array(FORMAT),
        "sha256": np.array(_digest(tables)),
    }
    write_arrays(path, arrays)


def read_spread(path: Path, variant: Variant) -> SpreadTables:
    """The tables stored in `path`, or TableError saying what is wrong with the file."""
    names = ("spread", "exact_index", "exact", "variant", "format", "sha256")
    try:
        with np.load(path, allow_pickle=False) as data:
            arrays = {name: data[name] for name in names}
    except FileNotFoundError:
        raise TableError(f"{path} does not exist") from None
    except (OSError, ValueError, KeyError, zipfile.BadZipFile, EOFError) as error:
        raise TableError(f"{path} cannot be read: {error}") from None
    if int(arrays["format"]) != FORMAT:
        raise TableError(f"{path} has format {int(arrays['format'])}, expected {FORMAT}")
    if str(arrays["variant"]) != variant.value:
        raise TableError(f"{path} holds the {arrays['variant']} spread, not {variant.value}")
    tables = SpreadTables(arrays["spread"], arrays["exact_index"], arrays["exact"])
    shapes = (
        tables.spread.shape == SPREAD_SHAPE and tables.spread.dtype == STORED_DTYPE,
        tables.exact_index.shape == TABLE_SHAPE and tables.exact_index.dtype == np.int32,
        tables.exact.ndim == 2 and tables.exact.shape[1] == EXACT_LENGTH,
        tables.exact.dtype == STORED_DTYPE,
    )
    if not all(shapes):
        raise TableError(f"{path} holds arrays of the wrong shape or type")
    if _digest(tables) != str(arrays["sha256"]):
        raise TableError(f"{path} fails its checksum")
    if tables.exact_index.max() >= len(tables.exact):
        raise TableError(f"{path} points past its distributions")
    return tables


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
    return None


_spreads: dict[Variant, SpreadTables] = {}
_spreads_lock = threading.Lock()


def spread_tables(variant: Variant = Variant.OFFICIAL) -> SpreadTables:
    """The variant's spread tables, loaded on first use; read only.

    Built in memory, with a warning, when the file is missing or unusable.
    """
    found = _spreads.get(variant)
    if found is not None:
        return found
    with _spreads_lock:
        if variant not in _spreads:
            path = spread_path(variant)
            try:
                tables = read_spread(path, variant)
            except TableError as error:
                log.warning("%s; building the %s spread in memory instead", error, variant.value)
                tables = build_tables(variant)
            for array in tables.arrays().values():
                array.flags.writeable = False
            _spreads[variant] = tables
        return _spreads[variant]
