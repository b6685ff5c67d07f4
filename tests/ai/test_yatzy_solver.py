"""Optional: our Yatzy and forced-order values against the public `yatzy-solver` (Rust).

Building its tables takes about a minute on two busy cores, so this runs only when asked:
YATZY_SOLVER_CHECK=1 (and the package installed: pip install -e '.[bench]'). The figures it
confirmed are pinned in tests/ai/test_yatzy_ai.py, which always runs.
"""

from __future__ import annotations

import os

import pytest

from game.ai.exact.options import expected_score
from game.rules import YATZY, Scorecard, Variant

yatzy_solver = pytest.importorskip("yatzy_solver")
pytestmark = [
    pytest.mark.skipif(
        os.environ.get("YATZY_SOLVER_CHECK") != "1",
        reason="set YATZY_SOLVER_CHECK=1 to build yatzy-solver's tables (about a minute)",
    ),
    pytest.mark.timeout(600),
]

START = "upper 0 | filled -"  # yatzy-solver's notation for an empty card


@pytest.mark.parametrize(
    "rules, forced", [("yatzy-scandinavian", False), ("yatzy-scandinavian+forced", True)]
)
def test_empty_card_value_agrees_with_yatzy_solver(rules, forced):
    solver = yatzy_solver.Solver.build(yatzy_solver.Variant(rules))
    theirs = solver.state_value(START)
    ours = expected_score(Scorecard.empty(YATZY), Variant.YATZY, forced_order=forced)
    assert ours == pytest.approx(theirs, abs=1e-4)
