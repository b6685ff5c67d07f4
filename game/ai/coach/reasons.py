"""Why a choice is made, as a value (`Reason`) and in words (`say`): the CPU's reason line.

A reason is worked out from the solver: what a score gains over the next best choice (or
what the best choice would have gained over it), which boxes a keep serves, read from where
the Expert's dice end up after it (game.ai.coach.aims), and the pace to the upper bonus. It is a
small frozen value, so the words are made in one place (`say`, from the `WORDS` templates
with named fields). Every template is marked for translation (N_) and translated where it is
filled in, so a translation replaces the templates, not the logic, and may put the named
fields in its own order. Box names are the card's own (`Card.label`: "Yatzy" on the Yatzy
card), translated; figures go through the language's number format.

A cost is always said one way: the better choice is named with how many points better it is
("2.2 points better than scoring Ones", "keeping 5-5-5 is 1.2 points better"), never as a
signed number.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.ai.coach.aims import alone, box_endings
from game.ai.exact.options import Choice, Keep, option_values
from game.i18n import N_, format_number, format_percent, translate
from game.rules import AMERICAN, Card, Category, GameState, Score

#: A box is a keep's aim only when the Expert's dice end in it with points this often.
AIM_CHANCE = 0.05
#: A second aim is named when the dice end in it this often, or it brings this share of the
#: points, against the first aim.
SECOND_AIM = 0.4
#: Choices closer than this (in expected points) are as good as each other.
TIE = 0.05

# Translators: these are the CPU's reason lines and the coach's hints, filled in with named
# fields: {box} a box name, {points} a whole number, {margin} and {value} points with one
# decimal, {faces} dice such as 5-5-5, {other} another choice in the 'doing' form.
WORDS = {
    "score": N_("scoring {points} in {box}"),
    "zero": N_("a zero in {box}"),
    "zero_best": N_("a zero in {box} costs least"),
    "last_box": N_("scoring {points} in {box}, the last box"),
    "keep": N_("keep {faces} for {aims}"),
    "keep_best": N_("keep {faces}: the best bet on average"),
    "keep_plain": N_("keep {faces}"),
    "reroll_best": N_("reroll all five: nothing worth keeping"),
    "reroll_plain": N_("reroll all five"),
    "aims": N_("{first} or {second}"),
    "extra_yahtzee": N_("an extra Yahtzee"),
    "better": N_("{margin} points better than {other}"),
    "other_better": N_("{other} is {margin} points better"),
    "tie": N_("as good as {other}"),
    "bonus": N_("upper bonus needs {need} more"),
    "reason": N_("{head}: {cost}"),
    "and_bonus": N_("{reason}; {bonus}"),
    # a choice, as an order ("keep 5-5") and as a gerund ("keeping 5-5")
    "do_score": N_("score {box}"),
    "do_keep": N_("keep {faces}"),
    "do_reroll": N_("reroll all five"),
    # TRANSLATORS: the four doing_ phrases fill {other} in "{margin} points better than
    # {other}" and "{other} is {margin} points better": use a form that reads in both (a verb
    # in the infinitive in most languages, never a gerund where it cannot be a subject).
    "doing_score": N_("scoring {points} in {box}"),
    # TRANSLATORS: fills {other} as "scoring {points} in {box}" does: no gerund.
    "doing_zero": N_("a zero in {box}"),
    # TRANSLATORS: fills {other} as "scoring {points} in {box}" does: no gerund.
    "doing_keep": N_("keeping {faces}"),
    # TRANSLATORS: fills {other} as "scoring {points} in {box}" does: no gerund.
    "doing_reroll": N_("rerolling all five"),
    # the hint and the coach's question
    "hint_best": N_("Best: {choice} (expected final {value})"),
    "hint_other": N_("{choice}: {value} ({margin} less)"),
    "big_mistake": N_("The coach would {choice}: about {margin} points better. Are you sure?"),
    # the hint beside the best move for points, when playing to win is another move
    "to_win": N_("To win: {choice} ({chance} against {other_chance})"),
    "to_win_need": N_("To win: {choice}, you need {need} to pass {rival}"),
}


def _w(key: str) -> str:
    """A template of WORDS in the language in use."""
    return translate(WORDS[key])


def _points(value: float) -> str:
    return format_number(value, 1)


def _box(category: Category, card: Card | None) -> str:
    """A box's name on the card, in the language in use."""
    return translate((card or AMERICAN).label(category))


SHOWN = "-"  # faces as drawn: "5-5-5"
SAID = ", "  # faces as a voice says them: "5, 5, 5" (a voice reads "-" as minus)


def _faces(keep: Keep, joiner: str = SHOWN) -> str:
    return joiner.join(str(f) for f in keep.faces)


def describe(choice: Choice, card: Card | None = None, joiner: str = SHOWN) -> str:
    """A choice as an order: 'keep 5-5-5', 'reroll all five', 'score Full House' (box names
    as `card`, the American one by default, prints them; faces joined by `joiner`)."""
    if isinstance(choice, Score):
        return _w("do_score").format(box=_box(choice.category, card))
    if not choice.faces:
        return _w("do_reroll")
    return _w("do_keep").format(faces=_faces(choice, joiner))


def _doing(choice: Choice, points: int, card: Card, joiner: str = SHOWN) -> str:
    """A choice as a gerund: 'keeping 5-5', 'scoring 12 in Chance', 'a zero in Yahtzee'."""
    if isinstance(choice, Score):
        box = _box(choice.category, card)
        if not points:
            return _w("doing_zero").format(box=box)
        return _w("doing_score").format(points=points, box=box)
    if not choice.faces:
        return _w("doing_reroll")
    return _w("doing_keep").format(faces=_faces(choice, joiner))


def hint_lines(
    options: Sequence[tuple[Choice, float]], card: Card | None = None, joiner: str = SHOWN
) -> list[str]:
    """The hint: the best choice with its expected final total, then each other choice with
    its total and how much less it is."""
    (best, best_value), *others = options
    head = _w("hint_best").format(choice=describe(best, card, joiner), value=_points(best_value))
    rest = [
        _w("hint_other").format(
            choice=describe(c, card, joiner), value=_points(v), margin=_points(best_value - v)
        )
        for c, v in others
    ]
    return [head, *rest]


def to_win_line(
    choice: Choice,
    chance: float,
    other_chance: float,
    need: int | None,
    rival: str | None,
    card: Card | None = None,
    joiner: str = SHOWN,
) -> str:
    """The hint's line for the best move to win, beside the best for points: with the points
    needed to pass the rival when that is the story, else the two chances."""
    if need and rival is not None:
        return _w("to_win_need").format(
            choice=describe(choice, card, joiner), need=need, rival=rival
        )
    return _w("to_win").format(
        choice=describe(choice, card, joiner),
        chance=format_percent(chance),
        other_chance=format_percent(other_chance),
    )


def big_mistake(best: Choice, cost: float, card: Card | None = None, joiner: str = SHOWN) -> str:
    """The question before a costly choice: what the coach would do and how much better."""
    return _w("big_mistake").format(choice=describe(best, card, joiner), margin=_points(cost))


@dataclass(frozen=True)
class Reason:
    """Why `choice` is made, as values.

    points: what a score writes. aims: the boxes a keep serves (empty: none stands out).
    other: the choice the cost is measured against: the next best when `choice` is the best
    (is_best), else the best; other_points: what `other` would write, if a score. margin:
    how much better (>= 0, expected points) the better of the two is. only_box: the score
    fills the card's last box. bonus_need: points the upper section still needs for its
    bonus, when worth a word (0: say nothing).
    """

    choice: Choice
    points: int = 0
    aims: tuple[Category, ...] = ()
    other: Choice | None = None
    other_points: int = 0
    margin: float = 0.0
    is_best: bool = True
    only_box: bool = False
    bonus_need: int = 0
    extra_yahtzee: bool = False  # the Yahtzee box is filled: aiming at it is for a bonus
    card: Card = AMERICAN  # whose box names to use


def aims_of(state: GameState, keep: Keep) -> tuple[Category, ...]:
    """The boxes a keep serves (one or two, the likeliest first), read from where the
    Expert's dice end after it (game.ai.coach.aims); () when no box or pair of boxes explains it.

    A box can be an aim when the dice end in it with points at least AIM_CHANCE of the
    time and the kept dice help it: played for alone, it expects at least as much as after
    rerolling all five, and more than after rerolling one of them. The aims named must
    account for every kept die (each helps one of them): "keep 1-5 for Ones" would leave the
    5 unexplained. Chance, the fallback of nearly every keep, is named second, and only when
    a kept die needs it.
    """
    rolls = state.rolls_left
    config = state.config
    kind = state.card.card
    ends = box_endings(state.card, keep, rolls, config.variant, config.forced_order)
    helps: dict[int, set[Category]] = {}  # kept face -> the boxes it helps
    for face in set(keep.faces):
        without = list(keep.faces)
        without.remove(face)
        helps[face] = {
            box
            for box in ends
            if alone(box, keep.faces, rolls, kind) > alone(box, tuple(without), rolls, kind) + 1e-9
        }
    candidates = [
        box
        for box, end in sorted(
            ends.items(), key=lambda item: (-item[1].chance, kind.index(item[0]))
        )
        if end.chance >= AIM_CHANCE
        and alone(box, keep.faces, rolls, kind) >= alone(box, (), rolls, kind) - 1e-9
        and any(box in boxes for boxes in helps.values())
    ]
    if not candidates:
        return ()
    first, seconds = candidates[0], candidates[1:]

    def explains(aims: tuple[Category, ...]) -> bool:
        return all(boxes.intersection(aims) for boxes in helps.values())

    if explains((first,)):
        # A second box is worth naming when the dice end in it nearly as often as in the
        # first, or it brings nearly as many points; Chance, the fallback of nearly every
        # keep, only when the dice need it.
        top = ends[first]
        close = [
            b
            for b in seconds
            if b is not Category.CHANCE
            and (
                ends[b].chance >= SECOND_AIM * top.chance
                or ends[b].points >= SECOND_AIM * top.points
            )
        ]
        aims = (first, *close[:1])
    else:
        aims = next(((first, b) for b in seconds if explains((first, b))), ())
    return tuple(sorted(aims, key=lambda box: box is Category.CHANCE))  # "X or Chance"


def _bonus_need(state: GameState) -> int:
    """Points the upper bonus still needs, once the upper section is under way (0 otherwise)."""
    card = state.card
    upper = [card[c] for c in card.card.upper]
    need = card.card.bonus_threshold - card.upper_total
    started = any(box is not None for box in upper)
    return need if need > 0 and started and None in upper else 0


def reason_for(state: GameState, choice: Choice) -> Reason:
    """Why `choice` is made in `state` (a turn with dice showing), from the option values."""
    card, dice, rolls_left = state.card, state.shown, state.rolls_left
    options = option_values(card, dice, rolls_left, state.config.variant, state.config.forced_order)
    values = dict(options)
    if choice not in values:
        raise ValueError(f"{describe(choice)} is not a choice with dice {dice}")
    best, best_value = options[0]
    value = values[choice]
    is_best = value >= best_value - 1e-9
    if is_best:
        runners = [(c, v) for c, v in options if c != choice]
        other, margin = (runners[0][0], value - runners[0][1]) if runners else (None, 0.0)
    else:
        other, margin = best, best_value - value
    scores = state.score_options()
    other_points = scores[other.category] if isinstance(other, Score) else 0
    if isinstance(choice, Score):
        points = scores[choice.category]
        upper = choice.category.is_upper
        return Reason(
            choice,
            points=points,
            other=other,
            other_points=other_points,
            margin=margin,
            is_best=is_best,
            only_box=len(card.open_categories) == 1,
            bonus_need=_bonus_need(state) if upper and points else 0,
            card=card.card,
        )
    aims = aims_of(state, choice) if choice.faces else ()
    upper = any(box.is_upper for box in aims)
    return Reason(
        choice,
        aims=aims,
        other=None if is_best else other,
        other_points=0 if is_best else other_points,
        margin=0.0 if is_best else margin,
        is_best=is_best,
        bonus_need=_bonus_need(state) if upper else 0,
        extra_yahtzee=card.card.has_chips and not card.is_open(Category.YAHTZEE),
        card=card.card,
    )


def _head(reason: Reason, joiner: str) -> str:
    choice = reason.choice
    if isinstance(choice, Score):
        box = _box(choice.category, reason.card)
        if reason.only_box:
            return _w("last_box").format(points=reason.points, box=box)
        if reason.points:
            return _w("score").format(points=reason.points, box=box)
        return _w("zero_best" if reason.is_best else "zero").format(box=box)
    if not choice.faces:
        return _w("reroll_best" if reason.is_best else "reroll_plain")
    faces = _faces(choice, joiner)
    if not reason.aims:
        return _w("keep_best" if reason.is_best else "keep_plain").format(faces=faces)
    names = [
        _w("extra_yahtzee")
        if box is Category.YAHTZEE and reason.extra_yahtzee
        else _box(box, reason.card)
        for box in reason.aims
    ]
    aims = names[0] if len(names) == 1 else _w("aims").format(first=names[0], second=names[1])
    return _w("keep").format(faces=faces, aims=aims)


def _cost(reason: Reason, joiner: str) -> str:
    """The comparison, one way: the better choice and by how much ("" when there is none)."""
    if reason.other is None:
        return ""
    other = _doing(reason.other, reason.other_points, reason.card, joiner)
    if reason.margin < TIE:
        return _w("tie").format(other=other)
    margin = _points(reason.margin)
    return _w("better" if reason.is_best else "other_better").format(other=other, margin=margin)


def say(reason: Reason, joiner: str = SHOWN) -> str:
    """The reason in words: 'scoring 15 in Fives: 2.2 points better than scoring Chance'
    (faces joined by `joiner`: SAID for a voice)."""
    text = _head(reason, joiner)
    cost = _cost(reason, joiner)
    if cost:
        text = _w("reason").format(head=text, cost=cost)
    if reason.bonus_need:
        bonus = _w("bonus").format(need=reason.bonus_need)
        text = _w("and_bonus").format(reason=text, bonus=bonus)
    return text
