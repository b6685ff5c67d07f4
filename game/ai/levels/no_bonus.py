"""The value of every state between turns were the upper bonus out of reach (N), per variant.

The distorted CPU levels (game.ai.levels.turn's `Valuation` with a bonus weight below 1) split a
state's value V into N and the bonus chase V - N, and scale only the chase. The solver's
table holds N only where some reachable state of a filled-box set already rules the bonus
out; for the other sets it is computed here, once per variant and process, by the solver's
own batched turn evaluation (about a second), so N is exact and needs no table of its own.
"""

from __future__ import annotations

import logging
import time

import numpy as np

from game.ai.exact.scoring import spec
from game.ai.exact.solver import Workspace, final_values, flag_matters, keep_levels
from game.ai.exact.tables import value_table
from game.cache import VARIANTS_KEPT, Memo
from game.rules import Variant

log = logging.getLogger(__name__)

_BATCH = 192  # states per batched evaluation in no_bonus_values (the solver's build uses 128)


def no_bonus_values(variant: Variant) -> np.ndarray:
    """N[filled, fifty]: the value of a state between turns were the upper bonus out of reach.

    Exact (the solver's own turn evaluation), computed once per variant and process.
    """
    return _no_bonus.get(variant)


def _compute_no_bonus(variant: Variant) -> np.ndarray:
    # With the upper total at 63 the bonus is settled, so the slice [:, 63, :] is exactly N;
    # the solver leaves it NaN for filled sets where no game reaches 63 (or a hopeless total).
    # Scoring from upper total 63 leads only to upper total 63, so that slice is closed: it is
    # filled here layer by layer (fullest cards first) in a private copy of the table.
    started = time.perf_counter()
    s = spec(variant)
    bonus_at = s.bonus_at
    table = value_table(variant).values.copy()
    workspace = Workspace(_BATCH + 2)
    for filled_count in range(s.n_boxes - 1, -1, -1):
        pending: list[tuple[int, np.ndarray]] = []
        width = 0
        layer = [m for m in range(s.all_boxes) if m.bit_count() == filled_count]
        for i, filled in enumerate(layer):
            flags = (0, 1) if flag_matters(filled, variant) else (0,)
            missing = np.array([f for f in flags if np.isnan(table[filled, bonus_at, f])])
            if len(missing):
                pending.append((filled, missing))
                width += len(missing)
            if pending and (width >= _BATCH or i == len(layer) - 1):
                _solve_batch(table, pending, width, workspace, variant)
                pending, width = [], 0
    no_bonus = np.ascontiguousarray(table[:, bonus_at, :])
    no_bonus[s.all_boxes] = 0.0
    log.info("no-bonus values (%s) in %.2f s", variant.value, time.perf_counter() - started)
    return no_bonus


_no_bonus: Memo[np.ndarray] = Memo(_compute_no_bonus, groups=VARIANTS_KEPT)


def _solve_batch(
    table: np.ndarray,
    pending: list[tuple[int, np.ndarray]],
    width: int,
    workspace: Workspace,
    variant: Variant,
) -> None:
    bonus_at = spec(variant).bonus_at
    final, _, _ = workspace.arrays(width)
    at = 0
    for filled, flags in pending:
        upper = np.full(len(flags), bonus_at)
        final_values(filled, upper, flags, table, variant, final[:, at : at + len(flags)])
        at += len(flags)
    start = keep_levels(final, workspace)
    at = 0
    for filled, flags in pending:
        table[filled, bonus_at, flags] = start[at : at + len(flags)]
        if not flag_matters(filled, variant):
            table[filled, bonus_at, 1] = table[filled, bonus_at, 0]
        at += len(flags)
