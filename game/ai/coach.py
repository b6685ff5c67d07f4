"""The coach: best-move hints, what a choice cost, one-line reasons, and a game's review.

Everything comes from the exact solver's option values (expected final totals), so a hint is
the optimal move, a cost is "best value minus chosen value" and a reason names what a keep is
going for by looking at where the dice could end up. Headless: no pygame.

A decision is a Keep (the dice held when the player rolls again) or a Score. Luck is the
rest: actual total - empty-card expectation = luck - points lost to decisions.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from dataclasses import dataclass, field

from game.ai.options import Choice, Keep, expected_score, keep_to_actions, option_values
from game.rules import (
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
    score_options,
)
from game.rules.categories import UPPER_BONUS_THRESHOLD

HINT_ALTERNATIVES = 3


# ----------------------------------------------------------------------------- words
def describe(choice: Choice) -> str:
    """'keep 5-5-5', 'reroll all five', 'score Full House'."""
    if isinstance(choice, Score):
        return f"score {choice.category.label}"
    if not choice.faces:
        return "reroll all five"
    return f"keep {'-'.join(str(f) for f in choice.faces)}"


def choice_of(state: GameState, action) -> Choice | None:
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

    def lines(self) -> list[str]:
        head = f"Best: {describe(self.best)} (expected final {self.best_value:.1f})"
        rest = [f"{describe(c)}: {v:.1f} ({v - self.best_value:+.1f})" for c, v in self.options[1:]]
        return [head, *rest]


def situation(state: GameState) -> tuple[Scorecard, tuple[int, ...], int, Variant]:
    return state.card, state.dice, state.rolls_left, state.config.variant


def hint(state: GameState, alternatives: int = HINT_ALTERNATIVES) -> Hint:
    """The best choice now and the next few, for the player in play (after a roll)."""
    if state.phase is not Phase.TURN or state.dice is None:
        raise ValueError("a hint needs dice on the table in a turn")
    options = option_values(*situation(state))
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
    return Hint(best, value, tuple(options[: 1 + alternatives]), keep, box)


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


def grade(state: GameState, action) -> Decision | None:
    """Grade the decision `action` makes in `state`, or None when it decides nothing."""
    chosen = choice_of(state, action)
    if chosen is None:
        return None
    options = option_values(*situation(state))
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
        state.dice,
        state.rolls_left,
        state.card,
        chosen,
        chosen_value,
        best,
        best_value,
    )


# ----------------------------------------------------------------------------- reasons
def _outcomes(kept: tuple[int, ...]):
    """Every roll of the other dice as a sorted multiset with its probability."""
    n = 5 - len(kept)
    total = 6**n
    counts: Counter[tuple[int, ...]] = Counter()
    for faces in itertools.combinations_with_replacement(range(1, 7), n):
        ways = math.factorial(n)
        for c in Counter(faces).values():
            ways //= math.factorial(c)
        counts[tuple(sorted(kept + faces))] = ways
    return [(dice, ways / total) for dice, ways in counts.items()]


def _targets(card: Scorecard, keep: Keep, variant: Variant) -> list[tuple[Category, float]]:
    """Where the dice are likely to be scored if this keep's next roll were the last one:
    the box optimal play would pick for each outcome, weighted by its chance."""
    weight: Counter[Category] = Counter()
    for dice, p in _outcomes(keep.faces):
        options = score_options(dice, card, variant)
        best = max(
            options,
            key=lambda c: (expected_score(card.fill(c, dice, variant), variant), -c.value),
        )
        if options[best] > 0:
            weight[best] += p
    return weight.most_common()


def explain(state: GameState, choice: Choice) -> str:
    """One line on why a choice is made, from the option values: what a keep goes for, what
    a score gains over the next best box, and the upper bonus pace."""
    card, dice, rolls_left, variant = situation(state)
    options = option_values(card, dice, rolls_left, variant)
    values = dict(options)
    value = values.get(choice, options[0][1])
    others = [(c, v) for c, v in options if c != choice]
    need = UPPER_BONUS_THRESHOLD - card.upper_total
    upper_open = any(card[c] is None for c in Category if c.is_upper)
    # The pace to 63 is worth a word once the upper section is under way, not on an empty card.
    started_upper = any(card[c] is not None for c in Category if c.is_upper)
    bonus_note = (
        f"; upper bonus needs {need} more" if need > 0 and upper_open and started_upper else ""
    )
    if isinstance(choice, Score):
        points = state.score_options().get(choice.category, 0)
        if not others:
            return f"scoring {points} in {choice.category.label}: the last box"
        runner, runner_value = others[0]
        margin = value - runner_value
        if points == 0:
            return (
                f"a zero in {choice.category.label} costs least "
                f"({margin:+.1f} against {describe(runner)})"
            )
        tail = bonus_note if choice.category.is_upper else ""
        return (
            f"scoring {points} in {choice.category.label}: {margin:+.1f} against "
            f"{describe(runner)}{tail}"
        )
    likely = [c for c, p in _targets(card, choice, variant) if p >= 0.08]
    # Chance is the fallback of nearly every keep: name it only when it is all there is.
    targets = [c for c in likely if c is not Category.CHANCE][:2] or likely[:1]
    if not choice.faces or not targets:
        return f"{describe(choice)}: nothing worth keeping here{bonus_note}"
    aims = " and ".join(c.label for c in targets)
    upper_aim = any(c.is_upper for c in targets)
    return f"{describe(choice)}: going for {aims}{bonus_note if upper_aim else ''}"


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


def review(config: GameConfig, start_rng, log: list, game_index: int = 0) -> Review:
    """Replay a game from its log and grade every decision of every player in one game of
    the match. With solo cards, final total - start expectation = luck - skill lost."""
    game = Game.replay(config, start_rng, [])
    players: dict[int, PlayerReview] = {}
    before_roll: dict[int, float] = {}
    variant = config.variant
    for action in log:
        state = game.state
        if state.game_index > game_index:
            break
        in_turn = state.game_index == game_index and state.phase is Phase.TURN
        if in_turn:
            pr = players.setdefault(state.player, PlayerReview(state.player))
            if state.dice is None:
                value = expected_score(state.card, variant)
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
            best = option_values(*situation(after))[0][1]
            pr.luck += best - before_roll[state.player]
    final = game.state
    done = len(final.results) > game_index
    cards = final.results[game_index].cards if done else final.cards
    for pr in players.values():
        column = next(c for c, members in enumerate(config.columns) if pr.player in members)
        pr.final_total = cards[column].total
        pr.expected_by_turn.append(float(pr.final_total))
    return Review(game_index, players)
