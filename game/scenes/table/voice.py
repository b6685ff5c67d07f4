"""The table said aloud (game.speech): what the message line, the note under it, the banner
and the coach show, as they change; a hold or release; the focus target in words; and the
answers of the read keys. The scene asks it for `news()` each frame (through
game.ui.spoken's watcher) and hands it the read keys' intents.
"""

from __future__ import annotations

import re

from game.i18n import _
from game.rules import Phase
from game.scenes.table.draw import roll_label
from game.scenes.table.messages import prompt
from game.speech import phrases
from game.ui.input import Intent

# "2-3-3-5-6" is drawn; a voice reads the dashes as minus signs: it hears "2, 3, 3, 5, 6".
_DICE_DASH = re.compile(r"(?<=\d)-(?=\d)")


def spoken(text: str) -> str:
    """A line as drawn, as said: dice with commas, "·" (between list items) a comma."""
    return _DICE_DASH.sub(", ", text).replace(" · ", ", ")


class TableVoice:
    def __init__(self, scene) -> None:  # the TableScene (which imports this module)
        self.scene = scene
        self.line: str | None = ""  # None: say the line even if it is the same
        self.note = ""
        self.banner = ""
        self.coach = ("", "")  # the hint and the grading said last
        self.dice: tuple | None = None
        self.held: tuple = ()
        self.other = 0  # the last card read by READ_OTHERS (0: none yet)
        self.totals: tuple[int, ...] | None = None  # each card's total, to tell a new one

    def news(self) -> list[tuple[str, bool]]:
        """What changed on the table since the last frame, as (phrase, detail) pairs, in
        the order it happened: the seat before's last move and its new total, the banner
        ("Your turn"), holds, the message line (a roll, a score: then its new total), the
        coach. A CPU's reason and the coach are detail (said at full verbosity)."""
        scene = self.scene
        board, presenter, state = scene.board, scene.board.presenter, scene.session.state
        totals = tuple(card.total for card in state.cards)
        before, self.totals = self.totals, totals
        new_totals = []
        if before is not None and len(before) == len(totals):
            name = state.config.column_name
            new_totals = [
                (_("{name}: total {total}").format(name=name(c), total=t), False)
                for c, t in enumerate(totals)
                if t != before[c]
            ]
        said: list[tuple[str, bool]] = []
        note = board.note_line()
        if note != self.note:
            self.note = note
            if note:
                last = presenter.last_move
                said.append((spoken(note), last is None or last.text != note))
                said += new_totals  # the move the note tells of made them
                new_totals = []
        shown = presenter.banner
        banner = "" if shown is None else shown.text
        if shown is not None and shown.sub:  # "Max wins!" "293 points": two sentences
            stop = "" if banner[-1:] in ".!?" else "."
            banner = f"{banner}{stop} {shown.sub}"
        if banner != self.banner:
            self.banner = banner
            if banner:
                said.append((banner, False))
        # A hold or release, anyone's: the same roll's dice, held otherwise.
        if state.dice is not None and state.dice == self.dice and state.held != self.held:
            for i, (was, now) in enumerate(zip(self.held, state.held, strict=True)):
                if was != now:
                    said.append((phrases.hold_changed(state, i, now), False))
        self.dice, self.held = state.dice, state.held
        line = presenter.message or prompt(state, scene.session.seat.name)
        if line != self.line:
            self.line = line
            if line:
                said.append((spoken(line), False))
        said += new_totals
        # The hint was asked for: said at any verbosity; the grading is detail.
        hint, grade = " ".join(scene.coach.hint_text), scene.coach.grade_note(state)
        if (hint, grade) != self.coach:
            if hint and hint != self.coach[0]:
                said += [(spoken(line), False) for line in scene.coach.hint_text]
            if grade and grade != self.coach[1]:
                said.append((spoken(grade), True))
            self.coach = (hint, grade)
        return said

    def focus(self) -> tuple[object, str]:
        """The focus target and its phrase ("Die 2: 5, held", "Threes: open, scores 6")."""
        scene = self.scene
        target, state = scene.focus, scene.session.state
        if target is None:
            return None, ""
        full = scene.ctx.speech.full
        kind, what = target
        if kind == "die":
            return target, phrases.die(state, what, full)
        if kind == "box":
            return target, phrases.box(state, what, full)
        labels = {
            "roll": roll_label(state),
            "hint": _("Stand") if state.phase is Phase.TIE_BREAK else _("Hint"),
            "undo": _("Undo"),
            "menu": _("Menu"),
        }
        return target, phrases.button(labels[what])

    def read(self, intent: Intent) -> str:
        """The answer of a read key."""
        scene = self.scene
        state = scene.session.state
        if intent is Intent.READ_DICE:
            return phrases.read_dice(state)
        if intent is Intent.READ_BOX:
            target = scene.focus
            if target is None or target[0] != "box":
                return _("No box in focus: Up and Down move over the boxes")
            return phrases.box(state, target[1], True)
        if intent is Intent.READ_CARD:
            return phrases.read_card(state, self._my_column())
        if intent is Intent.READ_OTHERS:
            columns = len(state.config.columns)
            if columns < 2:
                return _("No other cards: you play alone")
            mine = self._my_column()
            self.other = (self.other % columns) + 1
            column = (mine + self.other) % columns
            if column == mine:
                self.other = 1
                column = (mine + 1) % columns
            return phrases.read_card(state, column)
        if intent is Intent.READ_SCORES:
            return phrases.read_scores(state)
        return phrases.whose_turn(state, not scene.session.seat.is_cpu)

    def _my_column(self) -> int:
        """The card of the person at the keys: the one in play on a person's turn, else the
        first person's."""
        session = self.scene.session
        state = session.state
        if not session.seat.is_cpu:
            return state.column
        for column, members in enumerate(state.config.columns):
            if any(not session.seats[p].is_cpu for p in members):
                return column
        return 0
