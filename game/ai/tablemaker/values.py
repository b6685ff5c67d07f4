"""Writing and comparing the value tables (game.ai.exact.tables reads them).

Run by `python -m game.ai.tablemaker` (game.ai.tablemaker.cli): a file's bytes depend on its arrays
alone, so a rebuild writes the very same file, and `--check` compares a rebuild with it.
"""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import numpy as np

from game.ai.exact.tables import FORMAT, STORED_DTYPE, digest
from game.rules import Variant

#: Largest difference a rebuilt table may show against a shipped one: float32 rounding of
#: values below 2048 is under 1.3e-4, and a rebuild on another machine can round the other way.
CHECK_TOLERANCE = 2e-4
_ZIP_DATE = (1980, 1, 1, 0, 0, 0)  # fixed, so a rebuild writes the very same bytes


def save_table(path: Path, variant: Variant, values: np.ndarray) -> None:
    """Write a table file; the same values always give the same bytes."""
    values = np.ascontiguousarray(values, dtype=STORED_DTYPE)
    arrays = {
        "values": values,
        "variant": np.array(variant.value),
        "format": np.array(FORMAT),
        "sha256": np.array(digest(values)),
    }
    write_arrays(path, arrays)


def write_arrays(path: Path, arrays: dict[str, np.ndarray]) -> None:
    """Write named arrays as a compressed .npz whose bytes depend on the arrays alone (a
    fixed date in the zip), never leaving a half-written file where the game looks."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_suffix(".partial")
    with zipfile.ZipFile(partial, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for name, array in arrays.items():
            buffer = io.BytesIO()
            np.lib.format.write_array(buffer, np.asarray(array, order="C"), allow_pickle=False)
            info = zipfile.ZipInfo(f"{name}.npy", date_time=_ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, buffer.getvalue())
    partial.replace(path)


def compare_tables(shipped: np.ndarray, rebuilt: np.ndarray) -> str | None:
    """None when two tables agree (same states, values within CHECK_TOLERANCE), else why not."""
    if shipped.shape != rebuilt.shape:
        return f"shape {shipped.shape} differs from {rebuilt.shape}"
    known = np.isfinite(shipped)
    if not np.array_equal(known, np.isfinite(rebuilt)):
        count = int((known != np.isfinite(rebuilt)).sum())
        return f"{count} states are computed in one table and not in the other"
    diff = np.abs(shipped[known].astype(np.float64) - rebuilt[known])
    worst = int(np.argmax(diff))
    if diff[worst] > CHECK_TOLERANCE:
        index = tuple(int(i) for i in np.argwhere(known)[worst])
        return (
            f"values differ by up to {diff[worst]:.6f} (state {index}: "
            f"{shipped[index]:.6f} shipped, {rebuilt[index]:.6f} rebuilt)"
        )
    return None
