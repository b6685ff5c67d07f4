"""Build or verify the shipped state-value tables.

    python -m game.ai.build                      # all three variants into assets/tables/
    python -m game.ai.build --variant simple     # one variant
    python -m game.ai.build --out DIR            # somewhere else
    python -m game.ai.build --variant simple --check
        # rebuild in memory and compare with the file; exit 1 (saying why) if they differ

Exit status: 0 on success, 1 when a check fails, 2 on a usage error.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from game.ai.tables import (
    TABLE_DIR,
    TableError,
    build_values,
    compare_tables,
    read_table,
    save_table,
    table_path,
)
from game.rules import Variant

EMPTY_CARD = (0, 0, 0)  # table index of a card with nothing filled


def _parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m game.ai.build", description=__doc__.split("\n")[0]
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
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = _parse(sys.argv[1:] if argv is None else argv)
    variants = list(Variant) if args.variant == "all" else [Variant(args.variant)]
    failed = 0
    for variant in variants:
        path = table_path(variant, args.out)
        shipped = None
        if args.check:
            # Read first: a missing or damaged file fails at once, without a rebuild.
            try:
                shipped = read_table(path, variant)
            except TableError as error:
                failed += 1
                print(f"{variant.value}: CHECK FAILED: {error}", file=sys.stderr)
                continue
        started = time.perf_counter()
        values = build_values(variant)
        seconds = time.perf_counter() - started
        summary = f"{variant.value}: empty card {float(values[EMPTY_CARD]):.4f} ({seconds:.1f} s)"
        if shipped is None:
            save_table(path, variant, values)
            print(f"{summary}; wrote {path} ({path.stat().st_size / 1e6:.2f} MB)")
        elif problem := compare_tables(shipped, values):
            failed += 1
            print(f"{summary}; CHECK FAILED for {path}: {problem}", file=sys.stderr)
        else:
            print(f"{summary}; {path} matches the rebuild")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
