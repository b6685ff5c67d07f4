"""Build or verify the shipped state-value tables and the win-chance spread tables.

    python -m game.ai.tablemaker                      # every variant into assets/tables/
    python -m game.ai.tablemaker --variant yatzy      # one variant (the Yatzy card: 2^15 box sets)
    python -m game.ai.tablemaker --out DIR            # somewhere else
    python -m game.ai.tablemaker --variant simple --check
        # rebuild in memory and compare with the file; exit 1 (saying why) if they differ
    python -m game.ai.tablemaker --only spread        # only the spread tables (ai.winning.tables)
    python -m game.ai.tablemaker --only values        # only the value tables

Each variant's value table is written (or checked) first, then its spread tables (about two
minutes a variant), which are built from the value table the game loads. Forced order has no
file: its values are tiny and computed at first use (game.ai.exact.forced).

Exit status: 0 on success, 1 when a check fails, 2 on a usage error.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from game.ai.exact.tables import (
    EMPTY_CARD,
    TABLE_DIR,
    TableError,
    build_values,
    read_table,
    table_path,
)
from game.ai.tablemaker.spread import build_tables, compare_spreads, save_spread
from game.ai.tablemaker.values import compare_tables, save_table
from game.ai.winning.tables import read_spread, spread_path
from game.rules import Variant

T = TypeVar("T")  # what a table maker builds, reads back and compares


def _parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m game.ai.tablemaker", description=__doc__.split("\n")[0]
    )
    parser.add_argument(
        "--variant",
        choices=[v.value for v in Variant] + ["all"],
        default="all",
        help="which variant's table (default: all)",
    )
    parser.add_argument(
        "--out", type=Path, default=TABLE_DIR, help=f"directory (default: {TABLE_DIR})"
    )
    parser.add_argument(
        "--check", action="store_true", help="verify the files instead of writing them"
    )
    parser.add_argument(
        "--only",
        choices=["values", "spread"],
        help="only the value tables, or only the win-chance spread tables (default: both)",
    )
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = _parse(sys.argv[1:] if argv is None else argv)
    variants = list(Variant) if args.variant == "all" else [Variant(args.variant)]
    failed = 0
    for variant in variants:
        if args.only != "spread":
            failed += _values(variant, args)
        if args.only != "values":
            failed += _spread(variant, args)
    return 1 if failed else 0


def _values(variant: Variant, args: argparse.Namespace) -> int:
    """Write or check one variant's value table; 1 if a check failed."""
    return _write_or_check(
        variant.value,
        table_path(variant, args.out),
        args.check,
        lambda path: read_table(path, variant),
        lambda: build_values(variant),
        lambda path, values: save_table(path, variant, values),
        compare_tables,
        lambda values: f"empty card {float(values[EMPTY_CARD]):.4f}",
    )


def _spread(variant: Variant, args: argparse.Namespace) -> int:
    """Write or check one variant's spread tables; 1 if a check failed."""
    return _write_or_check(
        f"{variant.value} spread",
        spread_path(variant, args.out),
        args.check,
        lambda path: read_spread(path, variant),
        lambda: build_tables(variant),
        lambda path, tables: save_spread(path, variant, tables),
        compare_spreads,
        lambda tables: f"empty card sd {float(tables.spread[EMPTY_CARD][0]):.4f}",
    )


def _write_or_check(
    label: str,
    path: Path,
    check: bool,
    read: Callable[[Path], T],
    build: Callable[[], T],
    save: Callable[[Path, T], None],
    compare: Callable[[T, T], str | None],
    sums: Callable[[T], str],
) -> int:
    """Build a table and write it to `path`, or (check) compare it with the file there.

    Returns 1 when a check fails (saying why on stderr), else 0. The file is read first, so
    a missing or damaged one fails at once, without a rebuild.
    """
    shipped = None
    if check:
        try:
            shipped = read(path)
        except TableError as error:
            print(f"{label}: CHECK FAILED: {error}", file=sys.stderr)
            return 1
    started = time.perf_counter()
    built = build()
    summary = f"{label}: {sums(built)} ({time.perf_counter() - started:.1f} s)"
    if shipped is None:
        save(path, built)
        print(f"{summary}; wrote {path} ({path.stat().st_size / 1e6:.2f} MB)")
    elif problem := compare(shipped, built):
        print(f"{summary}; CHECK FAILED for {path}: {problem}", file=sys.stderr)
        return 1
    else:
        print(f"{summary}; {path} matches the rebuild")
    return 0
