"""How each seat plays, for the win chances: its pace, the expected points it loses per box.

The win-chance model (game.ai.winning.chances) starts from the Expert's points still to come,
R, from every card state. A seat that plays worse ends lower. Its pace L is the expected points its
decisions lose per box against the Expert (the coach's grading: best value minus the value of
the choice made, game.ai.coach.advice). Expected points lost add up over a game, so from a card with
k open boxes it can expect about L k points fewer than the Expert. The model scales R to that
mean (`paced`): the Expert's spread, shrunk in proportion. Scaling rather than shifting
keeps R at 0 or more, and it matches how the levels' scores spread: over 10,000 games each
(the README's level table), a level's sd is about its mean's share of the Expert's
(Beginner: mean 69% of the Expert's, sd 66%; Easy: 84% and 81%; Medium: 92% and 94%).

Where a pace comes from:
- a CPU level: its expected points lost per game in solitaire games of the same card and box
  order (measured, in its record: game.ai.levels.spec), per box; the Champion counts as the
  Expert (it gives up points to win, not by mistake);
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
from typing import Protocol

from game.ai.exact.options import Choice
from game.ai.levels.spec import is_level, level_spec
from game.rules import AMERICAN, Card, GameConfig, Score

PRIOR_BOXES = 13  # a person's record starts as one game of the Expert's play (13 boxes)


def level_pace(kind: str, card: Card = AMERICAN, forced_order: bool = False) -> float | None:
    """A CPU level's expected points lost per box on that card and order (its record's
    measured pace, game.ai.levels.spec); None for anything else (a person)."""
    if not is_level(kind):
        return None
    return level_spec(kind).pace(card.id, len(card.boxes), forced_order)


class GradedDecision(Protocol):
    """What a person's pace reads of a graded decision (game.ai.coach.advice.Decision)."""

    @property
    def player(self) -> int: ...
    @property
    def cost(self) -> float: ...
    @property
    def chosen(self) -> Choice: ...


def played_pace(lost: float, boxes: int) -> float:
    """A person's pace from `lost` expected points over `boxes` boxes they filled."""
    return max(0.0, lost) / (max(0, boxes) + PRIOR_BOXES)


def column_paces(
    config: GameConfig,
    kinds: Sequence[str],
    decisions: Iterable[GradedDecision] = (),
    before: Mapping[int, tuple[float, int]] | None = None,
) -> tuple[float, ...]:
    """Every column's pace: the mean of its players' (a column of a writing team has several).

    kinds: per player, a CPU level or anything else for a person; decisions: the match's
    graded decisions so far (game.ai.coach.advice.Decision: player, cost and the choice made);
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
        level = level_pace(kind, config.card, config.forced_order)
        paces.append(played_pace(lost[p], boxes[p]) if level is None else level)
    return tuple(sum(paces[p] for p in players) / len(players) for players in config.columns)
