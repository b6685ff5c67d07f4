"""Benchmarks that print figures: `python -m game.bench NAME` (see README, "Benchmarks").

Each benchmark is a module `game.bench.NAME` with a `main(argv) -> int`. Timing goals are
shown here, never asserted in tests.
"""
