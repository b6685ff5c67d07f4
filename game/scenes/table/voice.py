"""The table said on demand: a focus target in words, where the game stands (said when the
table comes back to the top: Continue, back from help), the read keys' answers, and a card
read box by box. What happens at the table is said by the presenter (announcer.py); this
module answers the player.

Read keys (game.storage.bindings): F2 the dice, F3 the box in focus, F4 my card, F5 the
next other card, F6 everyone's scores, F7 whose turn. F4 and F5 also choose the card that
Page Up / Page Down then read box by box, its sums and total included.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.i18n import _
from game.rules import Phase
from game.scenes.table.draw import roll_label
from game.scenes.table.focus import (
    BoxTarget,
    ButtonTarget,
    DieTarget,
    Target,
    filled_box_by_letter,
)
from game.speech import phrases
from game.ui.input import Intent

if TYPE_CHECKING:
    from game.match.session import Session


class TableVoice:
    def __init__(self, session: Session) -> None:
        self.session = session
        self.other = 0  # the last card read by READ_OTHERS (0: none yet)
        self.card: int | None = None  # the card Page Up / Page Down read (None: mine)
        self.line = -1  # the line of it read last (-1: none yet)

    def focus(self, target: Target, full: bool) -> str:
        """'Die 2: 5, held', 'Threes: open, scores 6', 'Roll: button'."""
        state = self.session.state
        match target:
            case DieTarget(index):
                return phrases.die(state, index, full)
            case BoxTarget(category):
                return phrases.box(state, category, full)
            case ButtonTarget(name):
                # Translators: the table's button that asks the coach (drawn, and said aloud
                # with "button" after it); in a tie-breaker it is Stand.
                hint = _("Hint")
                if state.phase is Phase.TIE_BREAK:
                    # Translators: the tie-breaker's button that keeps the dice as they are.
                    hint = _("Stand")
                # Translators: the table's button that takes back the last move (drawn, said).
                undo = _("Undo")
                # Translators: the table's button that opens the pause menu (drawn, said).
                menu = _("Menu")
                labels = {"roll": roll_label(state), "hint": hint, "undo": undo, "menu": menu}
                return phrases.button(labels[name])

    def where(self) -> str:
        """Where the game stands: whose turn, and the dice when there are some."""
        state = self.session.state
        turn = phrases.whose_turn(state, not self.session.seat.is_cpu)
        if state.phase in (Phase.TURN, Phase.TIE_BREAK) and state.dice is not None:
            return phrases.in_turn([turn, phrases.read_dice(state)])
        return turn

    def read(self, intent: Intent, focused: Target | None) -> str:
        """The answer of a read key."""
        state = self.session.state
        if intent is Intent.READ_DICE:
            return phrases.read_dice(state)
        if intent is Intent.READ_BOX:
            if not isinstance(focused, BoxTarget):
                # Translators: said aloud (F3) when the focus is not on a box.
                return _("No box in focus: Up and Down move over the boxes")
            return phrases.box(state, focused.category, True)
        if intent is Intent.READ_CARD:
            self.card, self.line = None, -1
            return phrases.read_card(state, self.my_column())
        if intent is Intent.READ_OTHERS:
            columns = len(state.config.columns)
            if columns < 2:
                # Translators: said aloud (F5) in a solitaire game.
                return _("No other cards: you play alone")
            mine = self.my_column()
            self.other = (self.other % columns) + 1
            column = (mine + self.other) % columns
            if column == mine:
                self.other = 1
                column = (mine + 1) % columns
            self.card, self.line = column, -1
            return phrases.read_card(state, column)
        if intent is Intent.READ_SCORES:
            return phrases.read_scores(state)
        return phrases.whose_turn(state, not self.session.seat.is_cpu)

    def card_line(self, step: int, full: bool) -> str:
        """The next (`step` 1) or the one before (-1) of the card chosen by F4 / F5 (mine
        until then), box by box: 'Ada: Ones: 3 written' first, then the boxes alone."""
        state = self.session.state
        column = self.my_column() if self.card is None else self.card
        lines = phrases.card_lines(state, column, full)
        if self.line < 0:  # the first line read of this card: from its top, or its end
            self.line = 0 if step > 0 else len(lines) - 1
            name = state.config.column_name(column)
            # Translators: a card read box by box begins with whose it is ("Ada: Ones: 3").
            return _("{name}: {line}").format(name=name, line=lines[self.line])
        self.line = max(0, min(len(lines) - 1, self.line + step))
        return lines[self.line]

    def my_column(self) -> int:
        """The card of the person at the keys: the one in play on a person's turn, else the
        first person's."""
        session = self.session
        state = session.state
        if not session.seat.is_cpu:
            return state.column
        for column, members in enumerate(state.config.columns):
            if any(not session.seats[p].is_cpu for p in members):
                return column
        return 0

    def letter(self, letter: str) -> str:
        """A letter that finds no open box: the written box it names, or that none does."""
        state = self.session.state
        filled = filled_box_by_letter(state, letter)
        if filled is not None:
            return phrases.filled_box(state, state.column, filled)
        # Translators: a letter key pressed at the table names no box of the card.
        return _("No box starts with {letter}").format(letter=letter.upper())
