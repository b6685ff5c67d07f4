"""Benchmarks that print figures: `python -m game.tools.bench NAME` (see README, "Benchmarks").

Each benchmark is a module `game.tools.bench.NAME` with a `main(argv) -> int`. Timing goals are
shown here, never asserted in tests.
"""
