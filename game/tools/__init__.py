"""Tools for developers and CI, not run by the game: the tournament runner (sim), the
snapshot renderer, the benchmarks (bench) and the installed-package smoke check (smoke)."""
