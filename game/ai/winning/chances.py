"""Win chances: each competitor's chance of winning the game (and the match) from any situation.

    chances = win_chances(state, paces)   # a game.rules GameState, at any point of a match
    chances.game[i], chances.match[i]     # competitor i (a seat, or a team)

The model starts from **every seat playing as the Expert** from now on (the highest expected
score: game.ai.levels.strategies), and where a seat is known to play worse, as that seat plays: its
pace, the expected points it loses per box (`paces`, one per column: game.ai.levels.pace, where
the CPU levels' are measured and a person's learnt from their own play), scales its points
to come to its lower mean. The seats' points to come are independent, so:

1. each column's final total is its total so far plus R, the Expert's points still to come
   from its state (game.ai.winning.points_to_come: exact with few boxes open, learnt shapes beyond,
   the roll in progress for the seat in play; in forced order, boxes top to bottom, the
   forced Expert's, exact from every state: game.ai.winning.forced_outlook); a seat of pace L with
   k boxes open gets R scaled to the mean lowered by L k (game.ai.winning.paced);
2. a competitor's total is the sum of its columns' (a combined team) and, in a match, of its
   finished games and of fresh games still to play;
3. competitor i's chance is the sum over totals x of P(T_i = x) times the chance that no
   one beats x, a k-way tie counting 1/k (a tie-breaker is a fair draw among the tied):
   E[1/(1 + ties)] = integral over s in [0, 1] of prod_j (P(T_j < x) + P(T_j = x) s).

Everything is numpy over a grid of whole points: under a millisecond a situation (median;
`python -m game.tools.bench champion`), more the first time a card state is met in a turn
with dice showing. Thread-safe, no pygame.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

import numpy as np

from game.ai.winning.forced_outlook import ForcedOutlook, forced_outlook
from game.ai.winning.paced import paced
from game.ai.winning.points_to_come import GRID, Outlook, outlook
from game.rules import GameConfig, GameState, Phase, Scorecard


# ----------------------------------------------------------------------------- competitors
def tie_shares(others: np.ndarray) -> np.ndarray:
    """What a total x wins against independent others (rows of `others`, whole points from 0):
    E[1/(1 + ties)] if no one is above x, else 0, for every x of the grid. Any axes between
    the first (the others) and the last (the grid) are tables worked out side by side."""
    below = np.cumsum(others, axis=-1) - others  # P(T < x)
    n = len(others) + 1
    # Coefficients (in s) of prod over the others of (below + at * s), per total x.
    poly = np.zeros((n,) + others.shape[1:])
    poly[0] = 1.0
    for at, under in zip(others, below, strict=True):
        shifted = np.zeros_like(poly)
        shifted[1:] = poly[:-1] * at
        poly = poly * under + shifted
    weights = np.arange(1, n + 1).reshape((n,) + (1,) * (others.ndim - 1))
    chances: np.ndarray = (poly / weights).sum(axis=0)
    return chances


def win_shares(totals: np.ndarray) -> np.ndarray:
    """Each row's chance of the highest total, ties shared: (n, length) -> (n,).

    Rows are independent distributions over the same whole-point totals.
    """
    return np.array(
        [float(totals[i] @ tie_shares(np.delete(totals, i, axis=0))) for i in range(len(totals))]
    )


@dataclass(frozen=True, slots=True)
class WinChances:
    """Chances per competitor (a seat, or a team with team play) in competitor order, each
    assuming every seat plays as the Expert from now on: of winning the game in play (or the
    one just finished) and of winning the match."""

    game: tuple[float, ...]
    match: tuple[float, ...]


Paces = Sequence[float] | None  # per column, expected points lost per box (None: all 0)


def outlook_for(config: GameConfig) -> Outlook | ForcedOutlook:
    """The Expert's points to come under these rules: the free game's, or forced order's."""
    if config.forced_order:
        return forced_outlook(config.variant)
    return outlook(config.variant)


def column_total(state: GameState, column: int, pace: float = 0.0) -> np.ndarray:
    """A column's final-total distribution (whole points from 0) in the game in play; the
    column in play counts its roll in progress; `pace`: see game.ai.levels.pace."""
    view = outlook_for(state.config)
    card = state.cards[column]
    if state.phase is Phase.TURN and column == state.column and state.dice is not None:
        total = view.card_total(card, state.dice, state.rolls_left)
    else:
        total = view.card_total(card)
    if pace <= 0:
        return total
    rest = paced(total[card.total :], pace, len(card.boxes) - card.filled_count)
    return np.concatenate([np.zeros(card.total), rest])


def _sum(pmfs: list[np.ndarray]) -> np.ndarray:
    total = pmfs[0]
    for pmf in pmfs[1:]:
        total = np.trim_zeros(np.convolve(total, pmf), "b")
    return total


def _stack(pmfs: list[np.ndarray]) -> np.ndarray:
    width = max(len(p) for p in pmfs)
    return np.stack([np.pad(p, (0, width - len(p))) for p in pmfs])


def _settled(winners: Collection[int], n: int) -> tuple[float, ...]:
    return tuple(1.0 / len(winners) if i in winners else 0.0 for i in range(n))


class _Totals:
    """Competitors' total distributions from one state: of the game, and of the match
    (finished games + the game in play + fresh games still to come)."""

    def __init__(self, state: GameState, paces: Paces = None) -> None:
        self.state = state
        self.config = state.config
        self.paces = tuple(paces) if paces is not None else (0.0,) * len(self.config.columns)
        if len(self.paces) != len(self.config.columns):
            raise ValueError("win chances need one pace per column")
        self.view = outlook_for(state.config)
        in_game = state.phase not in (Phase.GAME_OVER, Phase.MATCH_OVER)
        self.games_left = self.config.games - len(state.results) - (1 if in_game else 0)
        self._fresh: np.ndarray | None = None

    def fresh(self, column: int) -> np.ndarray:
        """A column's total in a game still to be played."""
        if self._fresh is None:
            self._fresh = self.view.card_total(Scorecard.empty(self.config.card))
        card_boxes = len(self.config.card.boxes)
        return paced(self._fresh, self.paces[column], card_boxes)

    def game(self, competitor: int, skip: int | None = None) -> np.ndarray:
        """The competitor's game total (its columns', leaving out column `skip`)."""
        columns = [c for c in self.config.competitors[competitor] if c != skip]
        if not columns:
            return np.ones(1)
        return _sum([column_total(self.state, c, self.paces[c]) for c in columns])

    def match(self, competitor: int, game: np.ndarray) -> np.ndarray:
        """Its match total given its game total: + finished games + fresh games."""
        finished = sum(r.totals[competitor] for r in self.state.results)
        columns = self.config.competitors[competitor]
        parts = [game] + [self.fresh(c) for c in columns] * self.games_left
        return np.concatenate([np.zeros(finished), _sum(parts)])


def win_chances(state: GameState, paces: Paces = None) -> WinChances:
    """The chances of every competitor from `state`, each column of its pace (see the module
    docstring)."""
    n = len(state.config.competitors)
    if n == 1:
        return WinChances((1.0,), (1.0,))
    totals = _Totals(state, paces)
    if state.phase in (Phase.GAME_OVER, Phase.MATCH_OVER):
        game = _settled(state.results[-1].winners, n)
        if state.is_over:
            # One game: its winner wins the match; several: the match totals decide.
            match = game if len(state.results) == 1 else _settled(_match_leaders(state), n)
            return WinChances(game, match)
        fresh = [totals.match(i, np.ones(1)) for i in range(n)]
        return WinChances(game, tuple(win_shares(_stack(fresh)).tolist()))
    if state.phase is Phase.TIE_BREAK:
        game = _settled(state.contenders, n)
        match = game if state.config.games == 1 else _tie_break_match(state, totals)
        return WinChances(game, match)
    games = [totals.game(i) for i in range(n)]
    game = tuple(win_shares(_stack(games)).tolist())
    if state.config.games == 1:
        return WinChances(game, game)
    matches = [totals.match(i, games[i]) for i in range(n)]
    return WinChances(game, tuple(win_shares(_stack(matches)).tolist()))


def _tie_break_match(state: GameState, totals: _Totals) -> tuple[float, ...]:
    # The tie-break decides the game, not the totals: the match stands as if it were over.
    n = len(state.config.competitors)
    games = [np.concatenate([np.zeros(t), [1.0]]) for t in state.totals()]
    matches = [totals.match(i, games[i]) for i in range(n)]
    return tuple(win_shares(_stack(matches)).tolist())


def _match_leaders(state: GameState) -> tuple[int, ...]:
    totals = state.match_totals()
    best = max(totals)
    return tuple(i for i, t in enumerate(totals) if t == best)


def win_curve(state: GameState, column: int, paces: Paces = None) -> np.ndarray:
    """w[y]: the chance that the competitor writing in `column` wins (the match, in a match
    of several games) if that column ends this game on y points (y = 0 .. GRID - 1), every
    other column playing on at its pace (as the Expert by default); its partners' columns
    (combined teams) too."""
    n = len(state.config.competitors)
    me = next(i for i, cols in enumerate(state.config.competitors) if column in cols)
    totals = _Totals(state, paces)
    several = state.config.games > 1
    others = []
    for i in range(n):
        if i != me:
            game = totals.game(i)
            others.append(totals.match(i, game) if several else game)
    rest = totals.game(me, skip=column)  # partners' points, added to the column's
    if several:
        rest = totals.match(me, rest)
    if not others:
        return np.ones(GRID)
    shares = tie_shares(_stack(others))
    # w[y] = sum over t of P(rest = t) * shares[y + t]; beyond the grid, no one is above.
    padded = np.concatenate([shares, np.ones(GRID + len(rest))])
    windows = np.lib.stride_tricks.sliding_window_view(padded, len(rest))[:GRID]
    shares_above: np.ndarray = windows @ rest
    return shares_above
