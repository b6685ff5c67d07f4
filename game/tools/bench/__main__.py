"""Run one benchmark by name: python -m game.tools.bench NAME (rules, solver, ai, sim, ...)."""

from __future__ import annotations

import importlib
import sys

BENCHMARKS = (
    "rules",
    "solver",
    "ai",
    "sim",
    "champion",
    "frames",
    "startup",
    "storage",
    "throws",
    "cpu_turns",
)


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in BENCHMARKS:
        print(
            f"usage: python -m game.tools.bench {{{','.join(BENCHMARKS)}}} [options]",
            file=sys.stderr,
        )
        return 2
    try:
        module = importlib.import_module(f"game.tools.bench.{argv[0]}")
    except ModuleNotFoundError:
        print(f"the {argv[0]} benchmark is not built yet", file=sys.stderr)
        return 2
    status: int = module.main(argv[1:])
    return status


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
