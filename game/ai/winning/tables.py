"""The spread tables: how the Expert's points to come are spread, for every state between turns.

The value tables (game.ai.exact.tables) hold the mean of the points still to come. The
win-chance model (game.ai.winning.chances) also needs their spread: the standard deviation and
the skewness for every state of the solver's table, the exact distributions with two boxes or
fewer open, the quantile points with three open and the learnt shapes (game.ai.winning.shape).

One file per variant in assets/tables/ (`official-spread.npz`, ...), written by
`python -m game.ai.tablemaker` (game.ai.tablemaker.spread builds them, in minutes, with the batch
simulator) beside the value tables: a zip of .npy arrays holding the spread (float32,
8192 x 64 x 2 x 2: sd and skewness, NaN where no game goes), the distributions, the shapes,
the variant, a format number and a SHA-256. Any card: the arrays take the shape of the
variant's (game.ai.exact.scoring.spec; Yatzy's 2^15 box sets).

`spread_tables(variant)` loads a file on first use (about 60 ms). A missing, damaged or stale
file is a `TableError` whose message names the command that builds it: the game never
builds one while a player waits (the table scene then shows no win chances; the Champion
plays as the Expert).
"""

from __future__ import annotations

import hashlib
import zipfile
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from game.ai.exact.scoring import spec
from game.ai.exact.tables import TABLE_DIR, TableError
from game.ai.winning.shape import (
    QUANTILE_OPEN,
    QUANTILE_POINTS,
    SHAPE_POINTS,
    SKEW_BINS,
    shape_classes,
)
from game.cache import VARIANTS_KEPT, Memo
from game.rules import Variant

FORMAT = 2
STORED_DTYPE = np.float32
EXACT_OPEN = 2  # states with this many open boxes or fewer get their exact distribution
MOST_PER_TURN = 168  # points one turn can add: 30 sixes + 35 bonus + 100 chip, with room
EXACT_LENGTH = MOST_PER_TURN * EXACT_OPEN  # points 0 .. EXACT_LENGTH - 1
QUANTILE_LENGTH = MOST_PER_TURN * QUANTILE_OPEN  # points 0 .. QUANTILE_LENGTH - 1


def shape_arrays(variant: Variant) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The shapes of a variant's `shape_edges` (open boxes, Yahtzee box, bound) and `shapes`
    (open boxes, Yahtzee box, skewness bin, point) arrays: its card's classes of states."""
    edges = shape_classes(spec(variant)) + (SKEW_BINS - 1,)
    return edges, edges[:2] + (SKEW_BINS, SHAPE_POINTS)


def spread_path(variant: Variant, directory: Path | None = None) -> Path:
    return (directory or TABLE_DIR) / f"{variant.value}-spread.npz"


def build_command(variant: Variant) -> str:
    """The command that writes the variant's spread file where the game looks for it."""
    return f"python -m game.ai.tablemaker --variant {variant.value} --only spread"


@dataclass(frozen=True)
class SpreadTables:
    """What the win-chance model reads for one variant (arrays read only).

    spread: (table_shape, 2) float32 sd and skewness of R; exact_index: (table_shape) int32
    row in `exact` of a state with EXACT_OPEN or fewer open boxes, else -1; exact: (rows,
    EXACT_LENGTH) float32 distributions of R; quantile_index and quantiles: the same for
    states with QUANTILE_OPEN boxes open, as uint16 quantile points; shape_edges and shapes:
    the standardised shapes of R with more boxes open (game.ai.winning.shape), float32
    (`shape_arrays`). The table_shape is spec(variant).table_shape.
    """

    spread: np.ndarray
    exact_index: np.ndarray
    exact: np.ndarray
    quantile_index: np.ndarray
    quantiles: np.ndarray
    shape_edges: np.ndarray
    shapes: np.ndarray

    def arrays(self) -> dict[str, np.ndarray]:
        return {name: getattr(self, name) for name in ARRAYS}


ARRAYS = (
    "spread",
    "exact_index",
    "exact",
    "quantile_index",
    "quantiles",
    "shape_edges",
    "shapes",
)


def digest(tables: SpreadTables) -> str:
    """The SHA-256 a spread file stores of its arrays."""
    digest = hashlib.sha256()
    for array in tables.arrays().values():
        digest.update(np.ascontiguousarray(array).tobytes())
    return digest.hexdigest()


def read_spread(path: Path, variant: Variant) -> SpreadTables:
    """The tables stored in `path`, or TableError saying what is wrong with the file."""
    names = (*ARRAYS, "variant", "format", "sha256")
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
    tables = SpreadTables(*(arrays[name] for name in ARRAYS))
    table_shape = spec(variant).table_shape
    edges_shape, shapes_shape = shape_arrays(variant)
    shapes = (
        tables.spread.shape == table_shape + (2,) and tables.spread.dtype == STORED_DTYPE,
        tables.exact_index.shape == table_shape and tables.exact_index.dtype == np.int32,
        tables.exact.ndim == 2 and tables.exact.shape[1] == EXACT_LENGTH,
        tables.exact.dtype == STORED_DTYPE,
        tables.quantile_index.shape == table_shape and tables.quantile_index.dtype == np.int32,
        tables.quantiles.ndim == 2 and tables.quantiles.shape[1] == QUANTILE_POINTS,
        tables.quantiles.dtype == np.uint16,
        tables.shape_edges.shape == edges_shape and tables.shape_edges.dtype == STORED_DTYPE,
        tables.shapes.shape == shapes_shape and tables.shapes.dtype == STORED_DTYPE,
    )
    if not all(shapes):
        raise TableError(f"{path} holds arrays of the wrong shape or type")
    if digest(tables) != str(arrays["sha256"]):
        raise TableError(f"{path} fails its checksum")
    if (
        tables.exact_index.max() >= len(tables.exact)
        or tables.quantile_index.max() >= len(tables.quantiles)
        or tables.quantiles.max(initial=0) >= QUANTILE_LENGTH
    ):
        raise TableError(f"{path} points past its distributions")
    return tables


def _load_spread(variant: Variant, directory: Path | None = None) -> SpreadTables:
    path = spread_path(variant, directory)
    try:
        tables = read_spread(path, variant)
    except TableError as error:
        raise TableError(
            f"the win chances need the {variant.value} spread tables: {error}; "
            f"build them with `{build_command(variant)}`"
        ) from None
    for array in tables.arrays().values():
        array.flags.writeable = False
    return tables


_spreads: Memo[SpreadTables] = Memo(_load_spread, groups=VARIANTS_KEPT)


def spread_tables(
    variant: Variant = Variant.OFFICIAL, directory: Path | None = None
) -> SpreadTables:
    """The variant's spread tables, loaded on first use; read only.

    A missing or unusable file raises TableError, naming the command that builds it. Tables
    from another `directory` (tests) are read afresh on every call, never shared.
    """
    if directory is not None:
        return _load_spread(variant, directory)
    return _spreads.get(variant)
