"""The CPU players, Beginner to Champion, behind one interface: `choose(state) -> Action`.

    strategy = make_strategy("medium", seed)
    action = strategy.choose(game.state)   # Roll, Hold(i), Release(i), Score(box) or Stand

A strategy returns exactly the actions a person's clicks make, one per call, and always one of
`state.legal_actions()`: Roll to start a turn; after a roll it decides what to keep, then
holds and releases dice one call at a time, then rolls; a decision to stop (or no rolls left)
is a Score. The Expert plays the solver's best choice every time (game.ai.exact.options). The
other levels make the mistakes people make, not random ones (see `Personality`, and each
level's in its record, game.ai.levels.spec):

- they under-rate the upper bonus until it is on the card (`bonus_weight`);
- they like points on the table now more than points to come (`greed`);
- they prefer the better choices softly rather than always taking the best (`temperature`):
  choice i is taken with probability proportional to exp(value_i / temperature), so a choice
  a point worse than the best is nearly as likely at temperature 10 and rare at 0.5.

Values come from a whole turn worked out once per card with numpy (game.ai.levels.turn), so a
decision costs tens of microseconds after the first of a turn.

Consistency: the same situation always gives the same choice. Every random draw is a hash of
(strategy seed, game, column, turn, rolls made, dice, card), not a running RNG, so the holds a
strategy has already made do not change its plan, a reloaded game replays the same, and two
strategies with different seeds can choose differently.

The tie-breaker (the dice total counts) is played die by die: keep what beats a re-roll
(5 and 6 with two rolls left, 4 to 6 with one), stand when nothing is left to roll; the lower
levels decide each die softly (`dice_temperature`).
"""

from __future__ import annotations

import hashlib
import logging
import math
from collections.abc import Callable, Sequence
from typing import Protocol

from game.ai.exact.options import Choice, Keep, keep_to_actions
from game.ai.exact.tables import TableError
from game.ai.exact.turn_outlook import TurnOutlook, best_index
from game.ai.levels.champion import WinOutlooks
from game.ai.levels.spec import LEVELS, Personality, level_spec
from game.ai.levels.turn import Valuation
from game.ai.levels.valuations import ForcedValuation, valuation
from game.ai.winning.chances import Paces
from game.ai.winning.forced_outlook import forced_outlook
from game.ai.winning.points_to_come import outlook
from game.rules import Action, GameState, Phase, Roll, Score, Scorecard, Stand, Variant

log = logging.getLogger(__name__)

ROLL = Roll()
STAND = Stand()
#: The tie-breaker: what a die re-rolled is worth on average with 1 and 2 rolls left after
#: this one (3.5, then keep 4-6 or re-roll: (4 + 5 + 6) / 6 + 3.5 / 2 = 4.25).
REROLL_WORTH = {1: 3.5, 2: 4.25}


class Strategy(Protocol):
    """What the table and the tournament runner drive: one action per call."""

    def choose(self, state: GameState) -> Action: ...


class LevelStrategy:
    """A CPU player of some `Personality` (each level's is in its record, game.ai.levels.spec)."""

    personality: Personality = Personality()

    def __init__(self, seed: int, personality: Personality | None = None) -> None:
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(f"a strategy's seed is a whole number, got {seed!r}")
        self.seed = seed
        if personality is not None:
            self.personality = personality
        # The last situation decided and its plan: the hold/release calls that carry a plan
        # out ask again in the same situation.
        self._last: tuple[tuple[object, ...], Choice] | None = None

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed}, {self.personality})"

    # ----------------------------------------------------------------- the interface
    def choose(self, state: GameState) -> Action:
        """The next action for the player in play (one of state.legal_actions())."""
        if state.phase is Phase.TURN:
            return self._turn_action(state)
        if state.phase is Phase.TIE_BREAK:
            return self._tie_break_action(state)
        if state.phase is Phase.ROLL_OFF:
            return ROLL  # the start roll has nothing to decide
        raise ValueError(f"there is nothing for a CPU player to do in phase {state.phase.value}")

    def decide(self, state: GameState) -> Choice:
        """The plan for the dice showing: a Keep (then roll) or a Score. Dice must be showing."""
        if state.phase is not Phase.TURN or state.dice is None:
            raise ValueError("a plan needs dice showing in a turn")
        situation = (
            self.seed,
            state.game_index,
            state.column,
            state.turn,
            state.rolls,
            state.dice,
            state.card.boxes,
            state.card.bonus_chips,
        )
        if self._last is not None and self._last[0] == situation:
            return self._last[1]
        card = state.card
        choices, values = self._outlook(state).choices(card.total, state.dice, state.rolls_left)
        choice = choices[self._pick(values, situation)]
        self._last = (situation, choice)
        return choice

    # ----------------------------------------------------------------- a turn
    def _outlook(self, state: GameState) -> TurnOutlook:
        """Every choice of the turn in play, valued as this level values them."""
        return self._valuation(state).outlook(state.card)

    def _valuation(self, state: GameState) -> Valuation | ForcedValuation:
        p = self.personality
        config = state.config
        return valuation(config.variant, p.bonus_weight, p.greed, config.forced_order)

    def _turn_action(self, state: GameState) -> Action:
        if state.dice is None:
            return ROLL
        choice = self.decide(state)
        if isinstance(choice, Score):
            return choice
        steps = keep_to_actions(state.dice, state.held, choice)
        return steps[0] if steps else ROLL

    def _pick(self, values: list[float], situation: tuple[object, ...]) -> int:
        temperature = self.personality.temperature
        if temperature == 0.0:
            return best_index(values)
        top = max(values)
        weights = [math.exp((v - top) / temperature) for v in values]
        target = _uniform(situation) * sum(weights)
        for i, weight in enumerate(weights):
            target -= weight
            if target < 0.0:
                return i
        return best_index(values)  # float rounding left the draw at the very top

    # ----------------------------------------------------------------- the tie-breaker
    def _tie_break_action(self, state: GameState) -> Action:
        if state.dice is None:
            return ROLL
        if state.rolls_left == 0:
            return STAND
        keep = self._tie_break_keep(state)
        if len(keep.faces) == len(state.dice):
            return STAND
        steps = keep_to_actions(state.dice, state.held, keep)
        return steps[0] if steps else ROLL

    def _tie_break_keep(self, state: GameState) -> Keep:
        worth = REROLL_WORTH[state.rolls_left]
        temperature = self.personality.dice_temperature
        if temperature == 0.0:
            return Keep(tuple(d for d in state.shown if d > worth))
        situation = (
            self.seed,
            "tie-break",
            state.game_index,
            state.tiebreak_round,
            state.competitor,
            state.rolls,
            state.dice,
        )
        draws = _uniforms(situation, len(state.shown))
        kept = []
        for die, draw in zip(state.shown, draws, strict=True):
            keep_chance = 1.0 / (1.0 + math.exp(-(die - worth) / temperature))
            if draw < keep_chance:
                kept.append(die)
        return Keep(tuple(kept))


def _uniforms(situation: tuple[object, ...], count: int) -> list[float]:
    """`count` numbers in [0, 1) that depend on nothing but `situation` (ints, tuples, str)."""
    digest = hashlib.blake2b(repr(situation).encode(), digest_size=8 * count).digest()
    return [int.from_bytes(digest[8 * i : 8 * i + 8], "little") / 2.0**64 for i in range(count)]


def _uniform(situation: tuple[object, ...]) -> float:
    return _uniforms(situation, 1)[0]


class ChampionStrategy(LevelStrategy):
    """Plays to win, not for points: every choice by its chance of winning against the seats
    at the table, their scores and open boxes included (game.ai.levels.champion); exact on the
    last turn of the game. Alone, it plays as the Expert."""

    def __init__(
        self,
        seed: int,
        personality: Personality | None = None,
        paces: Callable[[GameState], Paces] | None = None,
    ) -> None:
        super().__init__(seed, personality)
        self._win_outlooks = WinOutlooks()
        self._told = False  # whether it has said it plays as the Expert (no spread tables)
        self._paces = paces  # the table's paces (game.ai.levels.pace), asked at every decision

    def _outlook(self, state: GameState) -> TurnOutlook:
        if len(state.config.competitors) == 1:
            return super()._outlook(state)
        paces = None if self._paces is None else self._paces(state)
        try:
            return self._win_outlooks.get(state, paces)
        except TableError as error:  # no spread tables: it plays for points, as the Expert
            if not self._told:
                log.warning("%s; the Champion plays as the Expert", error)
                self._told = True
            return super()._outlook(state)


def preload(
    variant: Variant = Variant.OFFICIAL, levels: Sequence[str] = LEVELS, forced_order: bool = False
) -> None:
    """Load the tables and the levels' valuations now (about a second for the distorted
    ones), e.g. on a worker thread during setup, rather than at a CPU player's first move."""
    empty = Scorecard.empty(variant.card)
    for level in levels:
        spec = level_spec(level)
        p = spec.personality
        valuation(variant, p.bonus_weight, p.greed, forced_order).outlook(empty)
        if spec.plays_to_win and forced_order:
            forced_outlook(variant)  # forced order's win-chance distributions
        elif spec.plays_to_win:
            try:
                outlook(variant)  # the win-chance tables
            except TableError as error:  # said here, and again when the Champion plays
                log.warning("%s", error)


def make_strategy(
    level: str, seed: int, paces: Callable[[GameState], Paces] | None = None
) -> LevelStrategy:
    """The CPU player of that level ("beginner" ... "champion"), its choices seeded by `seed`:
    its record's personality (game.ai.levels.spec), playing to win if the record says so.

    paces: how the table plays (game.ai.levels.pace: per column, from a state), for a level
    that plays to win, to beat the seats as they play; without it, it takes them all for
    Experts."""
    spec = level_spec(level)
    if spec.plays_to_win:
        return ChampionStrategy(seed, spec.personality, paces=paces)
    return LevelStrategy(seed, spec.personality)
