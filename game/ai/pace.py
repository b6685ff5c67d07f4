"""How each seat plays, for the win chances: its pace, the expected points it loses per box.

The win-chance model (game.ai.winning) starts from the Expert's points still to come, R, from
every card state. A seat that plays worse ends lower. Its pace L is the expected points its
decisions lose per box against the Expert (the coach's grading: best value minus the value of
the choice made, game.ai.coach). Expected points lost add up over a game, so from a card with
k open boxes it can expect about L k points fewer than the Expert. The model scales R to that
mean (`paced`): the Expert's spread, shrunk in proportion. Scaling rather than shifting
keeps R at 0 or more, and it matches how the levels' scores spread: over 10,000 games each
(the README's level table), a level's sd is about its mean's share of the Expert's
(Beginner: mean 69% of the Expert's, sd 66%; Easy: 84% and 81%; Medium: 92% and 94%).

Where a pace comes from:
- a CPU level: its expected points lost per game over 10,000 solitaire games on the American
  card (LOST_PER_GAME, from the README's level table), per box, and taken as it is on the
  Yatzy card and in forced order too (an approximation: not measured there); the Champion
  counts as the Expert (it gives up points to win, not by mistake);
- a person: as they have played. Their expected points lost over the boxes they have filled,
  in earlier games recorded on this card under their profile (the figure Statistics shows
  as "Points lost per game") and in this match so far, with PRIOR_BOXES boxes of the Expert's
  play added, so that a newcomer starts as the Expert (the model's plain assumption) and comes
  to their own pace as they play: after one game, half way; after ten, 91% of the way.

`python -m game.tools.sim --players expert,beginner --games 2000 --calibration --paces levels`
(or `played`, or `expert`) shows what it buys: the README's calibration figures.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import numpy as np

from game.rules import GameConfig, Score

#: Expected points lost per game against the Expert, 10,000 solitaire games per level, seed 1,
#: American card (`python -m game.tools.sim --players LEVEL --games 10000 --seed 1`).
LOST_PER_GAME = {
    "beginner": 79.04,
    "easy": 39.49,
    "medium": 20.53,
    "hard": 5.72,
    "expert": 0.0,
    "champion": 0.0,
}
MEASURED_BOXES = 13  # boxes of the card LOST_PER_GAME was measured on
PRIOR_BOXES = 13  # a person's record starts as one game of the Expert's play


def level_pace(kind: str) -> float | None:
    """A CPU level's expected points lost per box; None for anything else (a person)."""
    lost = LOST_PER_GAME.get(kind)
    return None if lost is None else lost / MEASURED_BOXES


def played_pace(lost: float, boxes: int) -> float:
    """A person's pace from `lost` expected points over `boxes` boxes they filled."""
    return max(0.0, lost) / (max(0, boxes) + PRIOR_BOXES)


def column_paces(
    config: GameConfig,
    kinds: Sequence[str],
    decisions: Iterable = (),
    before: Mapping[int, tuple[float, int]] | None = None,
) -> tuple[float, ...]:
    """Every column's pace: the mean of its players' (a column of a writing team has several).

    kinds: per player, a CPU level or anything else for a person; decisions: the match's
    graded decisions so far (game.ai.coach.Decision: player, cost and the choice made);
    before: per player, (expected points lost, boxes filled) in their earlier games.
    """
    lost = [0.0] * len(kinds)
    boxes = [0] * len(kinds)
    for player, (points, filled) in (before or {}).items():
        lost[player] += points
        boxes[player] += filled
    for decision in decisions:
        lost[decision.player] += decision.cost
        boxes[decision.player] += isinstance(decision.chosen, Score)
    paces = []
    for p, kind in enumerate(kinds):
        level = level_pace(kind)
        paces.append(played_pace(lost[p], boxes[p]) if level is None else level)
    return tuple(sum(paces[p] for p in players) / len(players) for players in config.columns)


def paced(rest: np.ndarray, pace: float, open_boxes: int) -> np.ndarray:
    """The distribution of points to come (whole points from 0) of a seat of that pace, from
    the Expert's, `rest`, with `open_boxes` boxes to fill: scaled to the mean lowered by
    pace * open_boxes (never below 0), each scaled point split between the two whole numbers
    around it so that the mean is exact."""
    if pace <= 0 or open_boxes <= 0:
        return rest
    points = np.arange(len(rest), dtype=np.float64)
    mean = float(points @ rest)
    if mean <= 0:
        return rest
    factor = max(0.0, mean - pace * open_boxes) / mean
    scaled = points * factor
    low = np.floor(scaled).astype(np.intp)
    upper = scaled - low
    out = np.bincount(low, rest * (1.0 - upper), len(rest) + 1)
    out += np.bincount(low + 1, rest * upper, len(rest) + 1)
    return out[: int(np.flatnonzero(out).max()) + 1]
