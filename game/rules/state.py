"""One immutable game (or match) state and the phase machine that moves it on.

`GameState.apply(action, rng)` returns the next state and the events that happened; it never
changes `self`. The RNG is passed in, so the same seed and actions give the same game.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass

from game.i18n import _
from game.rules import events as ev
from game.rules.actions import (
    HOLDS,
    NEXT_GAME,
    RELEASES,
    ROLL,
    SCORES,
    STAND,
    Action,
    Hold,
    NextGame,
    Release,
    Roll,
    Score,
    Stand,
)
from game.rules.categories import Category
from game.rules.config import GameConfig, StartOrder
from game.rules.errors import IllegalAction
from game.rules.events import Event
from game.rules.phase import Phase
from game.rules.scorecard import Scorecard, earns_bonus_chip, is_extra_yahtzee, score_options

ROLLS_PER_TURN = 3
NO_HOLDS = (False,) * 5
# The hold and release actions offered for each pattern of held dice.
_HOLD_ACTIONS = {
    held: tuple(RELEASES[i] if held[i] else HOLDS[i] for i in range(5))
    for held in itertools.product((False, True), repeat=5)
}


@dataclass(frozen=True, slots=True)
class GameResult:
    """A finished game of the match: its cards, competitor totals and winners."""

    cards: tuple[Scorecard, ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...]


@dataclass(frozen=True)
class GameState:
    config: GameConfig
    phase: Phase
    game_index: int = 0
    cards: tuple[Scorecard, ...] = ()
    order: tuple[int, ...] = ()  # columns in turn order, once decided
    turn: int = 0  # turns played this game (or roll-off / tie-break rolls made this round)
    dice: tuple[int, ...] | None = None
    held: tuple[bool, ...] = NO_HOLDS
    rolls: int = 0  # rolls made this turn
    contenders: tuple[int, ...] = ()  # roll-off columns or tie-break competitors this round
    contest: tuple[int, ...] = ()  # totals rolled this round by contenders[: len(contest)]
    tiebreak_round: int = 0
    results: tuple[GameResult, ...] = ()

    # ----------------------------------------------------------------- construction
    @classmethod
    def new(cls, config: GameConfig) -> tuple[GameState, list[Event]]:
        """The state before anything is rolled, and the events that opened the game."""
        state = cls(config=config, phase=Phase.ROLL_OFF)
        return state._start_game(0)

    def _start_game(self, game_index: int) -> tuple[GameState, list[Event]]:
        columns = len(self.config.columns)
        base = replace(
            self,
            game_index=game_index,
            cards=(Scorecard.empty(self.config.card),) * columns,
            order=(),
            turn=0,
            dice=None,
            held=NO_HOLDS,
            rolls=0,
            contest=(),
            tiebreak_round=0,
        )
        events: list[Event] = [ev.GameStarted(game_index)]
        if self.config.start is StartOrder.ROLL_OFF and columns > 1:
            return replace(base, phase=Phase.ROLL_OFF, contenders=tuple(range(columns))), events
        state = replace(base, phase=Phase.TURN, order=tuple(range(columns)), contenders=())
        events.append(ev.OrderDecided(state.order))
        events.append(ev.TurnStarted(state.column, state.player))
        return state, events

    # ----------------------------------------------------------------- who is to play
    @property
    def column(self) -> int:
        """The column (scorecard) in play: its turn, or its roll in the roll-off."""
        if self.phase is Phase.TURN:  # by far the most asked, so first
            return self.order[self.turn % len(self.order)]
        if self.phase is Phase.ROLL_OFF:
            return self.contenders[len(self.contest)]
        if self.phase is Phase.TIE_BREAK:
            return self.config.competitors[self.competitor][0]
        if self.order:
            return self.order[self.turn % len(self.order)]
        return 0

    @property
    def competitor(self) -> int:
        """The competitor in play (tie-break), or the one owning the column in play."""
        if self.phase is Phase.TIE_BREAK:
            return self.contenders[len(self.contest)]
        column = self.column
        return next(i for i, cols in enumerate(self.config.competitors) if column in cols)

    @property
    def player(self) -> int:
        """The player whose hands are on the dice now."""
        if self.phase is Phase.TIE_BREAK:
            columns = self.config.competitors[self.competitor]
            sharing = [p for c in columns for p in self.config.columns[c]]
            return sharing[self.tiebreak_round % len(sharing)]
        members = self.config.columns[self.column]
        if self.phase is Phase.ROLL_OFF or len(members) == 1:
            return members[0]
        return members[(self.turn // len(self.order)) % len(members)]

    @property
    def card(self) -> Scorecard:
        return self.cards[self.column]

    @property
    def rolls_left(self) -> int:
        return ROLLS_PER_TURN - self.rolls

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.MATCH_OVER

    def totals(self) -> tuple[int, ...]:
        """Each competitor's total in the current game."""
        return tuple(sum(self.cards[c].total for c in cols) for cols in self.config.competitors)

    def match_totals(self) -> tuple[int, ...]:
        """Each competitor's total over the finished games and the one in play."""
        finished = [r.totals for r in self.results]
        if self.phase not in (Phase.GAME_OVER, Phase.MATCH_OVER):
            finished.append(self.totals())
        return tuple(sum(t[i] for t in finished) for i in range(len(self.config.competitors)))

    @property
    def shown(self) -> tuple[int, ...]:
        """The dice showing, where a roll has been made (asked before one: a ValueError)."""
        if self.dice is None:
            raise ValueError("no dice have been rolled yet")
        return self.dice

    def score_options(self) -> dict[Category, int]:
        """Where the current dice may be scored now, with the points (empty before a roll)."""
        if self.phase is not Phase.TURN or self.dice is None:
            return {}
        return dict(self._options())

    def _options(self) -> dict[Category, int]:
        # Asked by legal_actions and again by scoring: worked out once per state (callers
        # inside the engine only read it; the public method hands out a copy).
        cached: dict[Category, int] | None = self.__dict__.get("_options_cache")
        if cached is None:
            if self.dice is None:
                return {}
            config = self.config
            cached = score_options(self.dice, self.card, config.variant, config.forced_order)
            self.__dict__["_options_cache"] = cached
        return cached

    # ----------------------------------------------------------------- legal actions
    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase is Phase.ROLL_OFF:
            return [ROLL]
        if phase is Phase.GAME_OVER:
            return [NEXT_GAME]
        if phase is Phase.MATCH_OVER:
            return []
        actions: list[Action] = []
        if self.dice is not None and self.rolls < ROLLS_PER_TURN:
            held = self.held
            actions.extend(_HOLD_ACTIONS[held])
            if not all(held):
                actions.append(ROLL)
        elif self.dice is None:
            actions.append(ROLL)
        if self.dice is not None:
            if phase is Phase.TURN:
                actions.extend(SCORES[c] for c in self._options())
            else:
                actions.append(STAND)
        return actions

    # ----------------------------------------------------------------- apply
    def apply(self, action: Action, rng: random.Random) -> tuple[GameState, list[Event]]:
        """The state after `action` and what happened; IllegalAction says why not."""
        phase = self.phase
        if phase is Phase.MATCH_OVER:
            raise IllegalAction(_("the match is over"))
        if isinstance(action, NextGame):
            if phase is not Phase.GAME_OVER:
                raise IllegalAction(_("the game in play is not over"))
            return self._start_game(self.game_index + 1)
        if phase is Phase.GAME_OVER:
            raise IllegalAction(_("this game is over: start the next game"))
        if isinstance(action, Roll):
            return self._roll(rng)
        if isinstance(action, (Hold, Release)):
            return self._hold(action)
        if isinstance(action, Score):
            if phase is not Phase.TURN:
                raise IllegalAction(_not_now(phase))
            return self._score(action.category)
        if isinstance(action, Stand):
            if phase is not Phase.TIE_BREAK:
                raise IllegalAction(_("standing is only for the tie-breaker"))
            return self._stand()
        raise IllegalAction(_("{action} is not an action").format(action=repr(action)))

    def _roll(self, rng: random.Random) -> tuple[GameState, list[Event]]:
        if self.phase is Phase.ROLL_OFF:
            dice = tuple(rng.randint(1, 6) for _i in range(5))
            events: list[Event] = [ev.RollOffRolled(self.column, self.player, dice)]
            state = replace(self, dice=dice, contest=self.contest + (sum(dice),))
            return state._settle_roll_off(events)
        if self.rolls >= ROLLS_PER_TURN:
            raise IllegalAction(_("no rolls left: choose a box to score"))
        held = self.held if self.dice is not None else NO_HOLDS
        if all(held):
            raise IllegalAction(_("every die is held: release one to roll"))
        old = self.dice or (0,) * 5
        dice = tuple(old[i] if held[i] else rng.randint(1, 6) for i in range(5))
        state = replace(self, dice=dice, held=held, rolls=self.rolls + 1)
        rolled = tuple(not h for h in held)
        return state, [ev.Rolled(self.column, self.player, dice, rolled, state.rolls_left)]

    def _hold(self, action: Hold | Release) -> tuple[GameState, list[Event]]:
        if self.phase is Phase.ROLL_OFF:
            raise IllegalAction(_("the start roll uses all five dice"))
        if self.dice is None:
            raise IllegalAction(_("roll the dice first"))
        if self.rolls >= ROLLS_PER_TURN:
            raise IllegalAction(_("no rolls left: holding dice changes nothing"))
        die = action.die
        if isinstance(die, bool) or not isinstance(die, int) or not 0 <= die <= 4:
            raise IllegalAction(_("there is no die {die}; dice are 0 to 4").format(die=repr(die)))
        want = isinstance(action, Hold)
        if self.held[die] == want:
            message = _("die {number} is already held") if want else _("die {number} is not held")
            raise IllegalAction(message.format(number=die + 1))
        held = self.held[:die] + (want,) + self.held[die + 1 :]
        return replace(self, held=held), [ev.HoldChanged(die, want)]

    def _score(self, category: Category) -> tuple[GameState, list[Event]]:
        if self.dice is None:
            raise IllegalAction(_("roll the dice before scoring"))
        card = self.card
        variant = self.config.variant
        options = self._options()
        if category not in options:
            card.fill(category, self.dice, variant, self.config.forced_order)  # raises: why
        chip = earns_bonus_chip(self.dice, card, variant)
        new_card = card.written(category, options[category], chip)
        column = self.column
        events: list[Event] = [
            ev.Scored(
                column,
                self.player,
                category,
                options[category],
                self.dice,
                joker=is_extra_yahtzee(self.dice, card, variant),
                bonus_chip=chip,
            )
        ]
        if new_card.upper_bonus and not card.upper_bonus:
            events.append(ev.UpperBonusEarned(column))
        cards = self.cards[:column] + (new_card,) + self.cards[column + 1 :]
        state = replace(self, cards=cards, turn=self.turn + 1, dice=None, held=NO_HOLDS, rolls=0)
        if all(c.is_complete for c in cards):
            return state._end_game(events)
        events.append(ev.TurnStarted(state.column, state.player))
        return state, events

    def _stand(self) -> tuple[GameState, list[Event]]:
        if self.dice is None:
            raise IllegalAction(_("roll the dice before standing"))
        total = sum(self.dice)
        events: list[Event] = [ev.TieBreakStood(self.competitor, self.player, total)]
        state = replace(self, contest=self.contest + (total,), dice=None, held=NO_HOLDS, rolls=0)
        if len(state.contest) < len(state.contenders):
            return state, events
        leaders = _leaders(state.contenders, state.contest)
        if len(leaders) > 1:
            events.append(ev.TieBreakStarted(leaders, max(state.contest)))
            return replace(
                state, contenders=leaders, contest=(), tiebreak_round=state.tiebreak_round + 1
            ), events
        return state._finish_game(leaders, events)

    # ----------------------------------------------------------------- contests
    def _settle_roll_off(self, events: list[Event]) -> tuple[GameState, list[Event]]:
        if len(self.contest) < len(self.contenders):
            return self, events
        leaders = _leaders(self.contenders, self.contest)
        if len(leaders) > 1:
            events.append(ev.RollOffTied(leaders, max(self.contest)))
            return replace(self, contenders=leaders, contest=()), events
        first = leaders[0]
        columns = len(self.config.columns)
        order = tuple((first + i) % columns for i in range(columns))
        state = replace(self, phase=Phase.TURN, order=order, contenders=(), contest=(), dice=None)
        events.append(ev.OrderDecided(order))
        events.append(ev.TurnStarted(state.column, state.player))
        return state, events

    def _end_game(self, events: list[Event]) -> tuple[GameState, list[Event]]:
        totals = self.totals()
        leaders = _leaders(tuple(range(len(totals))), totals)
        if len(leaders) > 1 and self.config.tie_breaker:
            events.append(ev.TieBreakStarted(leaders, max(totals)))
            return replace(
                self, phase=Phase.TIE_BREAK, contenders=leaders, contest=(), tiebreak_round=0
            ), events
        return self._finish_game(leaders, events)

    def _finish_game(
        self, winners: tuple[int, ...], events: list[Event]
    ) -> tuple[GameState, list[Event]]:
        totals = self.totals()
        result = GameResult(self.cards, totals, winners)
        results = self.results + (result,)
        events.append(ev.GameOver(self.game_index, totals, winners))
        over = len(results) >= self.config.games
        state = replace(
            self,
            phase=Phase.MATCH_OVER if over else Phase.GAME_OVER,
            results=results,
            contenders=(),
            contest=(),
            dice=None,
        )
        if over:
            match = state.match_totals()
            # One game: its winner (tie-breaker included) wins the match. Several: totals.
            champions = winners if len(results) == 1 else _leaders(tuple(range(len(match))), match)
            events.append(ev.MatchOver(match, champions))
        return state, events


def replace(state: GameState, **changes: object) -> GameState:
    """A copy of `state` with some fields changed: dataclasses.replace without re-running
    __init__, which the engine does on every action (it showed at the top of the profile)."""
    new = object.__new__(GameState)
    fields = new.__dict__
    fields.update(state.__dict__)
    fields.pop("_options_cache", None)  # the cache belongs to the old state
    fields.update(changes)
    return new


def _leaders(contenders: tuple[int, ...], totals: tuple[int, ...]) -> tuple[int, ...]:
    best = max(totals)
    return tuple(c for c, t in zip(contenders, totals, strict=True) if t == best)


def _not_now(phase: Phase) -> str:
    if phase is Phase.ROLL_OFF:
        return _("you cannot score during the start roll")
    return _("you cannot score in the tie-breaker: the dice total counts")
