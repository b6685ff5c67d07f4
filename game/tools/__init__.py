"""Tools for developers and CI, not run by the game: the tournament runner (sim), the
snapshot renderer, the benchmarks (bench) and the download's build (bundle). The check of an
install is the game's own `yahtzee --self-test` (game.selftest)."""
