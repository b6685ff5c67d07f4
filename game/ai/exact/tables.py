"""The shipped state-value tables: where they live and how they are read and checked.

One file per variant in assets/tables/ (`official.npz`, `free.npz`, `simple.npz`, `yatzy.npz`),
written by `python -m game.ai.tablemaker` (game.ai.tablemaker.values) and found through
`game.assets` (in a checkout or an installed wheel). Each is a zip of .npy arrays: the values
(float32, filled sets x 64 x 2: 8192 for the American card's 13 boxes, 32768 for Yatzy's 15; NaN
where no game goes), the variant's name, a format number and a SHA-256 of the values.
float32 keeps a file near 1 MB (Yatzy's about 2 MB) and still resolves the values to about
1e-5 points.

`value_table(variant)` loads a table the first time it is asked for (about 15 ms). A missing,
damaged or stale file is never fatal: the table is built in memory instead by the solver the
game plays with (2 s for the American card, 15 s of CPU for Yatzy's), with a logged warning
naming the command that writes the file. (The spread tables take minutes: game.ai.winning.tables
never builds them.)
"""

from __future__ import annotations

import hashlib
import logging
import threading
import time
import zipfile
from pathlib import Path

import numpy as np

from game import assets
from game.ai.exact import solver
from game.ai.exact.scoring import spec
from game.ai.exact.solver import StateKey, TurnLevels
from game.cache import VARIANTS_KEPT, BoundedCache, Memo
from game.rules import Variant

log = logging.getLogger(__name__)

FORMAT = 1
EMPTY_CARD = (0, 0, 0)  # table index of a card with nothing filled
TABLE_DIR = assets.path("tables")
STORED_DTYPE = np.float32


class TableError(ValueError):
    """A table file that cannot be used, and why."""


def build_command(variant: Variant) -> str:
    """The command that writes the variant's value table where the game looks for it."""
    return f"python -m game.ai.tablemaker --variant {variant.value} --only values"


def table_path(variant: Variant, directory: Path | None = None) -> Path:
    return (directory or TABLE_DIR) / f"{variant.value}.npz"


def digest(values: np.ndarray) -> str:
    return hashlib.sha256(np.ascontiguousarray(values).tobytes()).hexdigest()


def build_values(variant: Variant) -> np.ndarray:
    """A fresh table for `variant`, rounded to the stored precision."""
    started = time.perf_counter()
    values = solver.build_table(variant).astype(STORED_DTYPE)
    log.info("built the %s table in %.1f s", variant.value, time.perf_counter() - started)
    return values


def read_table(path: Path, variant: Variant) -> np.ndarray:
    """The values stored in `path`, or TableError saying what is wrong with the file."""
    try:
        with np.load(path, allow_pickle=False) as data:
            arrays = {name: data[name] for name in ("values", "variant", "format", "sha256")}
    except FileNotFoundError:
        raise TableError(f"{path} does not exist") from None
    except (OSError, ValueError, KeyError, zipfile.BadZipFile, EOFError) as error:
        raise TableError(f"{path} cannot be read: {error}") from None
    values: np.ndarray = arrays["values"]
    if int(arrays["format"]) != FORMAT:
        raise TableError(f"{path} has format {int(arrays['format'])}, expected {FORMAT}")
    if str(arrays["variant"]) != variant.value:
        raise TableError(f"{path} holds the {arrays['variant']} table, not {variant.value}")
    shape = spec(variant).table_shape
    if values.shape != shape or values.dtype != STORED_DTYPE:
        raise TableError(f"{path} holds {values.dtype} {values.shape}, expected {shape}")
    if digest(values) != str(arrays["sha256"]):
        raise TableError(f"{path} fails its checksum")
    return values


class ValueTable:
    """One variant's state values as play uses them: lookups and per-state turn arrays.

    Thread-safe, so a CPU player may think on a worker thread. States missing from the table
    (cards no game can produce) are computed on first use.
    """

    TURN_CACHE = 64  # states whose within-turn arrays are kept: a whole game's worth and more

    def __init__(self, variant: Variant, values: np.ndarray) -> None:
        shape = spec(variant).table_shape
        if values.shape != shape:
            raise ValueError(f"a value table has shape {shape}, got {values.shape}")
        self.variant = variant
        # float64 in memory (8 MB, 32 MB for Yatzy): turn arrays are then computed without
        # float32 rounding.
        self._values = np.array(values, dtype=np.float64)
        self._turns: BoundedCache[StateKey, TurnLevels] = BoundedCache(self.TURN_CACHE)
        self._lock = threading.RLock()

    @property
    def values(self) -> np.ndarray:
        """The raw table (filled mask, capped upper total, Yahtzee holds 50); do not modify."""
        return self._values

    def value(self, key: StateKey) -> float:
        """Expected points still to come from `key` at the start of a turn, playing best."""
        value = self._values[key.filled, key.upper, key.fifty]
        if not np.isnan(value):
            return float(value)
        with self._lock:
            return solver.solve_state(self._values, key.filled, key.upper, key.fifty, self.variant)

    def clear_turn_cache(self) -> None:
        """Forget the cached within-turn arrays (benchmarks use it to time cold decisions)."""
        with self._lock:
            self._turns.clear()

    def turn(self, key: StateKey) -> TurnLevels:
        """The within-turn arrays of `key` (computed once, then cached)."""
        with self._lock:
            levels = self._turns.get(key)
            if levels is not None:
                return levels
            for child in solver.children_of(key.filled, key.upper, key.fifty, self.variant):
                if np.isnan(self._values[child]):
                    solver.solve_state(self._values, *child, self.variant)
            levels = solver.state_turn_levels(
                key.filled, key.upper, key.fifty, self._values, self.variant
            )
            self._turns.put(key, levels)
            return levels


def _load_table(variant: Variant, directory: Path | None = None) -> ValueTable:
    path = table_path(variant, directory)
    try:
        values = read_table(path, variant)
    except TableError as error:
        log.warning(
            "%s; building the %s table in memory instead (seconds; `%s` writes the file)",
            error,
            variant.value,
            build_command(variant),
        )
        values = build_values(variant)
    return ValueTable(variant, values)


_tables: Memo[ValueTable] = Memo(_load_table, groups=VARIANTS_KEPT)


def value_table(variant: Variant = Variant.OFFICIAL, directory: Path | None = None) -> ValueTable:
    """The variant's table, loaded on first use; built in memory if the file is unusable.

    A table from another `directory` (tests) is read afresh on every call, never shared.
    """
    if not isinstance(variant, Variant):
        raise ValueError(f"unknown rule variant {variant!r}")
    if directory is not None:
        return _load_table(variant, directory)
    return _tables.get(variant)


def forget_tables() -> None:
    """Drop loaded tables (tests use it to load afresh)."""
    _tables.clear()
