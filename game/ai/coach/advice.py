"""The coach: best-move hints, what a choice cost, one-line reasons, and a game's review.

Everything comes from the exact solver's option values (expected final totals), so a hint is
the optimal move, a cost is "best value minus chosen value" and a reason names what a keep is
going for by looking at where the dice end up (game.ai.coach.reasons, which also holds the words).
Headless: no pygame.

A decision is a Keep (the dice held when the player rolls again) or a Score. Luck is the
rest: actual total - empty-card expectation = luck - points lost to decisions.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

import numpy as np

from game.ai.coach.reasons import SHOWN, hint_lines, reason_for, say
from game.ai.coach.reasons import describe as describe  # the coach's words, used by its callers
from game.ai.exact.forced import forced_expected
from game.ai.exact.options import Choice, Keep, expected_score, keep_to_actions, option_values
from game.ai.exact.solver import StateKey
from game.ai.exact.tables import TableError
from game.ai.exact.turn_outlook import best_index
from game.ai.levels.champion import win_outlook
from game.ai.levels.valuations import valuation
from game.ai.winning.chances import Paces
from game.ai.winning.paced import paced_mean
from game.ai.winning.points_to_come import outlook
from game.ai.winning.turn import flat_state
from game.cache import BoundedCache
from game.rules import (
    AMERICAN,
    Action,
    Card,
    Category,
    Game,
    GameConfig,
    GameState,
    Hold,
    Phase,
    Roll,
    Score,
    Scorecard,
    Variant,
)
from game.rules.game import RngState

_log = logging.getLogger(__name__)  # (`log` is a game's action log here)

HINT_ALTERNATIVES = 3


# ----------------------------------------------------------------------------- words
def choice_of(state: GameState, action: Action | None) -> Choice | None:
    """The decision an action makes: a Roll after a roll keeps the held dice; a Score scores.
    Holds on their own decide nothing yet (they can still change before the roll)."""
    if state.phase is not Phase.TURN or state.dice is None:
        return None
    if isinstance(action, Score):
        return action
    if isinstance(action, Roll) and state.rolls_left > 0:
        return Keep(tuple(f for f, h in zip(state.dice, state.held, strict=True) if h))
    return None


# ----------------------------------------------------------------------------- hints
@dataclass(frozen=True)
class Hint:
    best: Choice
    best_value: float
    options: tuple[tuple[Choice, float], ...]  # the best few, best first
    keep: tuple[int, ...]  # dice (0..4) to hold for a Keep
    box: Category | None  # the box to score in for a Score
    card: Card = AMERICAN  # whose box names the lines use

    def lines(self, joiner: str = SHOWN) -> list[str]:
        """'Best: keep 5-5 (expected final 231.4)', then 'keep 5-5-5: 229.1 (2.3 less)'...
        (faces joined by `joiner`: reasons.SAID for a voice)."""
        return hint_lines(self.options, self.card, joiner)


def situation(state: GameState) -> tuple[Scorecard, tuple[int, ...], int, Variant, bool]:
    """option_values' arguments for the player in play: card, dice, rolls left, variant and
    forced order."""
    config = state.config
    return state.card, state.shown, state.rolls_left, config.variant, config.forced_order


Valued = tuple[tuple[Choice, float], ...]  # every legal choice and its value, best first
VALUED_KEPT = 16  # situations whose values are kept: a turn's, a review's last few
WIN_ADVICE_KEPT = 4  # states whose win advice is kept: the hint's, asked again or worked ahead
_valued: BoundedCache[tuple[object, ...], Valued] = BoundedCache(VALUED_KEPT)
_win_advice: BoundedCache[tuple[object, ...], WinAdvice] = BoundedCache(WIN_ADVICE_KEPT)


def valued(state: GameState) -> Valued:
    """Every legal choice of the player in play with its value (expected final total), best
    first: option_values of the `situation`, kept for the last few situations. A person's
    grade, the big-mistake question, the hint and the advice on the card all ask it of one
    state, and game.ai.coach.ahead asks it first, on its own thread, while the dice fly."""
    key = situation(state)
    return _valued.get_or_make(key, lambda: tuple(option_values(*key)))


def hint(state: GameState, alternatives: int = HINT_ALTERNATIVES) -> Hint:
    """The best choice now and the next few, for the player in play (after a roll)."""
    if state.phase is not Phase.TURN or state.dice is None:
        raise ValueError("a hint needs dice on the table in a turn")
    options = valued(state)
    best, value = options[0]
    keep: tuple[int, ...] = ()
    box = None
    if isinstance(best, Keep):
        held = list(state.held)
        for action in keep_to_actions(state.dice, state.held, best):
            held[action.die] = isinstance(action, Hold)
        keep = tuple(i for i in range(5) if held[i])
    else:
        box = best.category
    return Hint(best, value, tuple(options[: 1 + alternatives]), keep, box, state.card.card)


# ----------------------------------------------------------------------------- grading
@dataclass(frozen=True)
class Decision:
    """One decision of a game, graded against optimal play."""

    game_index: int
    turn: int  # the player's own turn number, 1..13
    player: int
    column: int
    dice: tuple[int, ...]
    rolls_left: int
    card: Scorecard
    chosen: Choice
    chosen_value: float
    best: Choice
    best_value: float

    @property
    def cost(self) -> float:
        """Expected points lost by this choice (0 for the best one)."""
        return max(0.0, self.best_value - self.chosen_value)


def grade(state: GameState, action: Action) -> Decision | None:
    """Grade the decision `action` makes in `state`, or None when it decides nothing."""
    chosen = choice_of(state, action)
    if chosen is None:
        return None
    options = valued(state)
    values = dict(options)
    best, best_value = options[0]
    chosen_value = values.get(chosen)
    if chosen_value is None:  # holding all five and rolling is impossible; scoring is listed
        return None
    return Decision(
        state.game_index,
        state.cards[state.column].filled_count + 1,
        state.player,
        state.column,
        state.shown,
        state.rolls_left,
        state.card,
        chosen,
        chosen_value,
        best,
        best_value,
    )


# ----------------------------------------------------------------------------- reasons
def explain(state: GameState, choice: Choice, joiner: str = SHOWN) -> str:
    """One line on why a choice is made (game.ai.coach.reasons): what a keep goes for, what a score
    gains over the next best choice or what the best choice gains over it, and the pace to
    the upper bonus (faces joined by `joiner`: reasons.SAID for a voice)."""
    return say(reason_for(state, choice), joiner)


# ----------------------------------------------------------------------------- review
@dataclass
class PlayerReview:
    player: int
    decisions: list[Decision] = field(default_factory=list)
    expected_by_turn: list[float] = field(default_factory=list)  # at the start of each turn
    luck: float = 0.0  # what the rolls gave: value after each roll - value before it
    final_total: int = 0
    start_expectation: float = 0.0

    @property
    def skill_lost(self) -> float:
        """Expected points lost to decisions over the game."""
        return sum(d.cost for d in self.decisions)

    def costliest(self, count: int = 3) -> list[Decision]:
        ranked = sorted(self.decisions, key=lambda d: (-d.cost, d.turn))
        return [d for d in ranked[:count] if d.cost > 1e-9]


@dataclass
class Review:
    game_index: int
    players: dict[int, PlayerReview]


def review(
    config: GameConfig, start_rng: RngState | int, log: Sequence[Action], game_index: int = 0
) -> Review:
    """Replay a game from its log and grade every decision of every player in one game of
    the match. With solo cards, final total - start expectation = luck - skill lost."""
    game = Game.replay(config, start_rng, [])
    players: dict[int, PlayerReview] = {}
    before_roll: dict[int, float] = {}
    variant, forced = config.variant, config.forced_order
    for action in log:
        state = game.state
        if state.game_index > game_index:
            break
        in_turn = state.game_index == game_index and state.phase is Phase.TURN
        if in_turn:
            pr = players.setdefault(state.player, PlayerReview(state.player))
            if state.dice is None:
                value = expected_score(state.card, variant, forced)
                pr.expected_by_turn.append(value)
                before_roll[state.player] = value
                if len(pr.expected_by_turn) == 1:
                    pr.start_expectation = value
            decision = grade(state, action)
            if decision is not None:
                pr.decisions.append(decision)
                before_roll[state.player] = decision.chosen_value
        game.apply(action)
        if in_turn and isinstance(action, Roll):
            after = game.state
            best = valued(after)[0][1]
            pr.luck += best - before_roll[state.player]
    final = game.state
    done = len(final.results) > game_index
    cards = final.results[game_index].cards if done else final.cards
    for pr in players.values():
        column = next(c for c, members in enumerate(config.columns) if pr.player in members)
        pr.final_total = cards[column].total
        pr.expected_by_turn.append(float(pr.final_total))
    return Review(game_index, players)


# ----------------------------------------------------------------------------- to win
@dataclass(frozen=True)
class Rival:
    """The competitor most likely to finish on top, among the others."""

    competitor: int
    name: str
    total: int  # its final total when done, else its expected final total (rounded)
    done: bool  # whether `total` is final


@dataclass(frozen=True)
class WinAdvice:
    """The best move for points beside the best move to win, as data (the words are the
    screen's, so that they can be translated): "best score: keep 6-6; to win: keep 4-5-6,
    you need 31 to pass Max" is (for_score, to_win, need, rival.name).

    Chances assume every seat plays as the Expert after this move (game.ai.winning.chances); an
    expected total is the Expert's expected final total after the move.
    """

    for_score: Choice
    to_win: Choice
    chance_for_score: float
    chance_to_win: float
    expected_for_score: float
    expected_to_win: float
    rival: Rival | None  # None when every other competitor is out of reach
    need: int | None  # points this competitor still needs to pass the rival

    @property
    def differ(self) -> bool:
        """Whether playing to win is another move than playing for points."""
        return self.for_score != self.to_win


def win_advice(state: GameState, paces: Paces = None) -> WinAdvice:
    """Both best moves for the player in play (after a roll, with others at the table), the
    others taken at their `paces` (game.ai.levels.pace; as Experts by default): the chances, and
    the rival's expected total, are theirs. Kept for the last few states and paces (the first
    look at a turn takes up to 25 ms: game.ai.coach.ahead works a person's out ahead)."""
    unheld = replace(state, held=())  # (the advice is the same whatever is held)
    key = (unheld, None if paces is None else tuple(paces))
    return _win_advice.get_or_make(key, lambda: _win_advice_of(state, paces))


def _win_advice_of(state: GameState, paces: Paces) -> WinAdvice:
    if state.phase is not Phase.TURN or state.dice is None:
        raise ValueError("advice needs dice on the table in a turn")
    config = state.config
    if len(config.competitors) < 2:
        raise ValueError("playing to win needs someone to beat")
    card = state.card
    truth = valuation(config.variant, forced_order=config.forced_order).outlook(card)
    choices, expected = truth.choices(card.total, state.dice, state.rolls_left)
    try:
        _, worth = win_outlook(state, paces=paces).choices(0, state.dice, state.rolls_left)
        to_win = win_outlook(state, tie_point=0.0, paces=paces)
        _, chance = to_win.choices(0, state.dice, state.rolls_left)
    except TableError as error:  # no spread tables: the advice for points, none to win
        _log.warning("%s; the hint has no move to win", error)
        i, nan = best_index(expected), float("nan")
        return WinAdvice(choices[i], choices[i], nan, nan, expected[i], expected[i], None, None)
    score_i, win_i = best_index(expected), best_index(worth)
    me = state.competitor
    mine = state.totals()[me]
    rival = None
    for i, columns in enumerate(config.competitors):
        if i == me:
            continue
        cards = [state.cards[c] for c in columns]
        done = all(c.is_complete for c in cards)
        total = round(sum(_expected_total(config, state.cards[c], paces, c) for c in columns))
        if rival is None or total > rival.total:
            rival = Rival(i, config.competitor_name(i), total, done)
    need = None if rival is None else max(0, rival.total - mine + 1)
    return WinAdvice(
        choices[score_i],
        choices[win_i],
        chance[score_i],
        chance[win_i],
        expected[score_i],
        expected[win_i],
        rival,
        need,
    )


def _expected_total(config: GameConfig, card: Scorecard, paces: Paces, column: int) -> float:
    """A card's expected final total at its column's pace (the Expert's mean, lowered; in
    forced order the forced Expert's)."""
    if config.forced_order:
        mean = forced_expected(card, config.variant) - card.total
    else:
        mean = float(outlook(config.variant).mean_of(np.array(_flat(card))))
    if paces is not None:
        mean = paced_mean(mean, paces[column], len(card.boxes) - card.filled_count)
    return card.total + mean


def _flat(card: Scorecard) -> int:
    key = StateKey.of(card)
    return flat_state(key.filled, key.upper, key.fifty)
