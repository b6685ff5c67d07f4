"""The review's win chances: every competitor's chance to win, turn by turn, through one game
of a match, and the decision of each player that cost the most chance to win.

The chances are those the table shows (game.ai.winning.chances): of the game, or in a match of the
match, as the Champion plays for, each seat at its pace (game.ai.levels.pace) as it stood then: a
CPU at its level's, a person at what their graded decisions in that game had shown so far
(the review does not read their earlier records, so a replay of an old game shows the same
figures whenever it is opened). A decision's cost in chance is the chance of the best move
to win (game.ai.levels.champion's recursion, a tie counted half) minus the chance of the move made,
both at that moment.

    track = win_track(config, start_rng, log, game_index, kinds, decisions)
    track.chances[i][k]  # competitor i at the start of round k+1; the last, the game's end
    costly = costliest_for_win(config, start_rng, log, game_index, players, kinds, decisions)

kinds: per player, a CPU level or "person"; decisions: the game's graded decisions
(game.ai.coach.advice.review). Without them every seat is taken for the Expert.
"""

from __future__ import annotations

import logging
from collections.abc import Collection, Iterator, Sequence
from dataclasses import dataclass

from game.ai.coach.advice import Decision, choice_of
from game.ai.exact.options import Choice
from game.ai.exact.tables import TableError
from game.ai.levels.champion import win_outlook
from game.ai.levels.pace import column_paces
from game.ai.winning.chances import Paces, win_chances
from game.rules import Action, Game, GameConfig, GameState, Phase
from game.rules.game import RngState

_log = logging.getLogger(__name__)  # (`log` is a game's action log here)


@dataclass(frozen=True)
class WinTrack:
    """Per competitor, its chance to win at the start of every round (each seat's turn once),
    then at the game's end: the result (1 for a win, a share for a shared win, 0), or in a
    match the chance to win the match as that game left it."""

    chances: tuple[tuple[float, ...], ...]
    match: bool  # the chances are of the match


@dataclass(frozen=True)
class WinCost:
    """A decision and what it cost in chance to win the game."""

    player: int
    turn: int  # the player's own turn number, 1..13
    dice: tuple[int, ...]
    rolls_left: int
    chosen: Choice
    best: Choice  # the best move to win
    chance_chosen: float
    chance_best: float

    @property
    def cost(self) -> float:
        return max(0.0, self.chance_best - self.chance_chosen)


def _replay_game(
    config: GameConfig, start_rng: RngState | int, log: Sequence[Action], game_index: int
) -> Iterator[tuple[GameState, Action | None]]:
    """(state, action) for every action of one game of the match, in order."""
    game = Game.replay(config, start_rng, [])
    for action in log:
        state = game.state
        if state.game_index > game_index:
            return
        if state.game_index == game_index:
            yield state, action
        game.apply(action)
    if game.state.game_index == game_index:
        yield game.state, None


def paces_then(
    state: GameState, kinds: Sequence[str] | None, decisions: Sequence[Decision]
) -> Paces:
    """The table's paces at `state`, from the decisions of its game made before it."""
    if kinds is None:
        return None
    cards = state.cards
    before = [
        d
        for d in decisions
        if d.game_index == state.game_index and d.turn <= cards[d.column].filled_count
    ]
    return column_paces(state.config, kinds, before)


def win_track(
    config: GameConfig,
    start_rng: RngState | int,
    log: Sequence[Action],
    game_index: int = 0,
    kinds: Sequence[str] | None = None,
    decisions: Sequence[Decision] = (),
) -> WinTrack | None:
    """The chances to win through one game; None when the spread tables they need are
    missing (logged, naming the command that builds them: the review goes on without them)."""
    try:
        return _win_track(config, start_rng, log, game_index, kinds, decisions)
    except TableError as error:
        _log.warning("%s; the review shows no chances to win", error)
        return None


def _win_track(
    config: GameConfig,
    start_rng: RngState | int,
    log: Sequence[Action],
    game_index: int,
    kinds: Sequence[str] | None,
    decisions: Sequence[Decision],
) -> WinTrack:
    competitors = len(config.competitors)
    match = config.games > 1

    def chances(state: GameState) -> tuple[float, ...]:
        found = win_chances(state, paces_then(state, kinds, decisions))
        return found.match if match else found.game

    series: list[list[float]] = [[] for _ in range(competitors)]
    seats = len(config.columns)
    last = None
    for state, _action in _replay_game(config, start_rng, log, game_index):
        last = state
        round_start = state.phase is Phase.TURN and state.dice is None
        if round_start and state.turn % seats == 0:
            for i, chance in enumerate(chances(state)):
                series[i].append(chance)
    if last is not None and len(last.results) > game_index:
        for i, chance in enumerate(chances(last)):
            series[i].append(chance)
    return WinTrack(tuple(tuple(s) for s in series), match)


def decision_cost(state: GameState, action: Action, paces: Paces = None) -> WinCost | None:
    """What `action` cost in chance to win, for the player in play; None if it decides
    nothing (the first roll, a hold change) or nobody else is at the table. In forced order
    the chances are forced order's own (game.ai.levels.champion.win_outlook follows the rules)."""
    if len(state.config.competitors) < 2 or state.phase is not Phase.TURN:
        return None
    if state.dice is None:
        return None
    chosen = choice_of(state, action)
    if chosen is None:
        return None
    outlook = win_outlook(state, tie_point=0.0, paces=paces)
    choices, chance = outlook.choices(0, state.dice, state.rolls_left)
    if chosen not in choices:
        return None
    best = max(range(len(choices)), key=lambda i: chance[i])
    return WinCost(
        state.player,
        state.cards[state.column].filled_count + 1,
        state.dice,
        state.rolls_left,
        chosen,
        choices[best],
        float(chance[choices.index(chosen)]),
        float(chance[best]),
    )


def costliest_for_win(
    config: GameConfig,
    start_rng: RngState | int,
    log: Sequence[Action],
    game_index: int,
    players: Collection[int],
    kinds: Sequence[str] | None = None,
    decisions: Sequence[Decision] = (),
) -> dict[int, WinCost | None]:
    """Per player in `players`: the decision that cost the most chance to win (None when
    none cost any), the others at their paces then. Empty when the spread tables the chances
    need are missing (logged, as win_track does)."""
    try:
        return _costliest(config, start_rng, log, game_index, players, kinds, decisions)
    except TableError as error:
        _log.warning("%s; the review names no costliest decision to win", error)
        return {}


def _costliest(
    config: GameConfig,
    start_rng: RngState | int,
    log: Sequence[Action],
    game_index: int,
    players: Collection[int],
    kinds: Sequence[str] | None,
    decisions: Sequence[Decision],
) -> dict[int, WinCost | None]:
    worst: dict[int, WinCost | None] = {p: None for p in players}
    for state, action in _replay_game(config, start_rng, log, game_index):
        if action is None or state.player not in worst:
            continue
        paces = paces_then(state, kinds, decisions)
        cost = decision_cost(state, action, paces)  # None for what decides nothing
        if cost is None or cost.cost <= 1e-9:
            continue
        held = worst[state.player]
        if held is None or cost.cost > held.cost:
            worst[state.player] = cost
    return worst
