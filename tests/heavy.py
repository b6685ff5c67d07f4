"""Heavy tests: the few that take most of the suite's time (10,000 throws, 20,000 random
events, the kill tests, the worker pool, batch simulations, a calibration run).

They carry `@pytest.mark.heavy` and `@pytest.mark.timeout(HEAVY_TIMEOUT)`. The default run
(`python -m pytest`, the README's command) leaves them out, so it keeps well inside its time
on two busy cores; `python -m pytest -m heavy` runs them alone, each with a limit sized for a
busy machine, and CI runs both. A test that passes its limit fails alone: under xdist its
worker is replaced and the run goes on.
"""

from __future__ import annotations

HEAVY_TIMEOUT = 900  # s for one heavy test: the slowest take 15 s quiet, minutes when busy
