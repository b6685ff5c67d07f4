"""The coach overlay on the table: the hint (its lines, the dice to keep, the box), the
live grading mark and how long it stays, the advice values on the card, and the question
asked before a risky score. The replay uses it only for the advice values."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from game.anim import Wait
from game.i18n import _, format_number, translate
from game.rules import Action, Category, GameState, Phase, Score
from game.scenes.table.notes import SeatNote
from game.ui.advice_view import Advice

if TYPE_CHECKING:
    from game.ai.coach.advice import Decision
    from game.storage.settings import Settings

GRADE_TIME = 4.0  # s a grading mark stays


class CoachOverlay:
    def __init__(self) -> None:
        self.hint_text: list[str] = []
        self.hint_said: list[str] = []  # the hint as a voice says it (faces with commas)
        self.hint_keep: tuple[int, ...] = ()
        self.hint_box: Category | None = None
        self.grade: SeatNote | None = None  # the last costly choice, under its player's name
        self.grade_said = ""  # the mark as a voice says it
        self.grade_wait = Wait(0.0)  # until the grading mark goes
        self._advice: tuple[GameState | None, Advice | None] = (None, None)

    @property
    def busy(self) -> bool:
        return not self.grade_wait.done

    def clear_hint(self) -> None:
        self.hint_text, self.hint_keep, self.hint_box = [], (), None
        self.hint_said = []

    def show_hint(self, state: GameState, paces: Sequence[float] | None = None) -> None:
        """The best move now, for dice in play; to win, against the table at its `paces`."""
        from game.ai.coach.advice import hint
        from game.ai.coach.reasons import SAID

        best = hint(state)
        self.hint_text, self.hint_keep, self.hint_box = best.lines(), best.keep, best.box
        self.hint_said = best.lines(SAID)
        if len(state.config.competitors) > 1:
            shown, said = to_win(state, paces)
            if shown:
                self.hint_text.insert(1, shown)
                self.hint_said.insert(1, said)

    def note_grade(
        self,
        decision: Decision | None,
        settings: Settings,
        name: str,
        player: int,
        state: GameState,
    ) -> bool:
        """Live grading: a small mark when `name`'s choice cost more than the threshold,
        shown for a while and only until the next roll or turn (`state` is after the choice).
        True when a mark was made (`grade_said` is it, as a voice says it)."""
        from game.ai.coach.advice import describe
        from game.ai.coach.reasons import SAID

        if decision is None or not settings.grading:
            return False
        if decision.cost <= settings.grading_threshold:
            return False
        # Translators: a live grading mark. {move} is the better move as the coach words it
        # ("keep 4-5-6", "score Chance"); {points} a number with one decimal (3.2).
        mark = _("{name}: {move} was {points} points better")
        points = format_number(decision.cost, 1)
        text = mark.format(name=name, move=describe(decision.best), points=points)
        self.grade_said = mark.format(
            name=name, move=describe(decision.best, joiner=SAID), points=points
        )
        self.grade = SeatNote.now(text, player, state)
        self.grade_wait = Wait(GRADE_TIME)
        return True

    def grade_note(self, state: GameState) -> str:
        """The grading mark to show in `state`, or ""."""
        grade = self.grade
        return grade.text if grade is not None and grade.shown(state) else ""

    def update(self, dt: float) -> None:
        if not self.grade_wait.done:
            self.grade_wait.update(dt)
            if self.grade_wait.done:
                self.grade = None

    # ----------------------------------------------------------------- advice
    def refresh_advice(self, state: GameState, wanted: bool) -> None:
        """Work out the advice values for `state` if they are wanted and not known yet."""
        if not wanted or self._advice[0] is state:
            return
        from game.ai.coach.advice import describe, valued

        # The hint's own question (forced order included: only the next box is offered).
        values = valued(state)
        scores = {c.category: v for c, v in values if isinstance(c, Score)}
        best = values[0][0]  # the hint's best move: the same list, the same order
        self._advice = (state, Advice(scores, best, describe(best)))

    def advice(self, state: GameState) -> Advice | None:
        """The advice figures for `state` (None until worked out)."""
        return self._advice[1] if self._advice[0] is state else None


def to_win(state: GameState, paces: Sequence[float] | None = None) -> tuple[str, str]:
    """The hint's extra line when playing to win is another move than playing for points
    ("To win: keep 4-5-6, you need 31 to pass Max"), as shown and as said; else ("", "")."""
    from game.ai.coach.advice import win_advice
    from game.ai.coach.reasons import SAID, SHOWN, to_win_line

    advice = win_advice(state, paces)
    if not advice.differ:
        return "", ""
    rival = advice.rival.name if advice.rival is not None else None
    shown, said = (
        to_win_line(
            advice.to_win,
            advice.chance_to_win,
            advice.chance_for_score,
            advice.need,
            rival,
            joiner=joiner,
        )
        for joiner in (SHOWN, SAID)
    )
    return shown, said


def question(state: GameState, action: Action, settings: Settings) -> tuple[str, str] | None:
    """What to ask before a person's action, as shown and as said: verify a score, or a big
    mistake."""
    from game.ai.coach.advice import grade
    from game.ai.coach.reasons import SAID, big_mistake

    questions: list[str] = []
    said: list[str] = []
    if isinstance(action, Score) and state.phase is Phase.TURN:
        points = state.score_options().get(action.category)
        if points is None:
            return None  # refused with its reason by the rules
        if settings.verify == "all" or (settings.verify == "zeros" and points == 0):
            box = translate(state.config.card.label(action.category))
            asked = _("Score {points} in {box}?").format(points=points, box=box)
            questions.append(asked)
            said.append(asked)
    if settings.confirm_big_mistakes:
        decision = grade(state, action)
        if decision is not None and decision.cost >= settings.big_mistake_threshold:
            questions.append(big_mistake(decision.best, decision.cost))
            said.append(big_mistake(decision.best, decision.cost, joiner=SAID))
    if not questions:
        return None
    return " ".join(questions), " ".join(said)
