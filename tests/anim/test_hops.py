"""Two dice's footprints: the quick test of how far apart they are answers as the full one."""

from __future__ import annotations

import math
import random

from game.anim import hops


def test_squares_far_apart_are_told_apart_as_the_full_test_tells(monkeypatch) -> None:
    rng = random.Random(36)
    cases = []
    for _ in range(20000):
        half_a, half_b = rng.uniform(5, 60), rng.uniform(5, 60)
        # Centres from well inside each other to past where their corners reach.
        reach = (half_a + half_b) * math.sqrt(2)
        distance, bearing = rng.uniform(0.8, 1.05) * reach, rng.uniform(0, math.tau)
        far = (distance * math.cos(bearing), distance * math.sin(bearing))
        cases.append(((0.0, 0.0), half_a, rng.uniform(-4, 4), far, half_b, rng.uniform(-4, 4)))
    quick = [hops.squares_meet(*case) for case in cases]
    monkeypatch.setattr(hops, "APART", math.inf)  # the separating axes alone
    full = [hops.squares_meet(*case) for case in cases]
    assert quick == full
    assert 500 < sum(full) < 19500  # both answers are among the cases
