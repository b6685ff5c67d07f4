"""The table: dice, cup, scorecard and the turn in play, for people and CPUs alike.

Controls (keys are remappable in Settings; these are the defaults):
    Space / R        roll (also the start roll and tie-breaker rolls)
    1-5              hold or release a die
    Up / Down        move over the open boxes of the scorecard
    Left / Right     move over the dice and buttons
    Tab / Shift+Tab  move the focus over everything
    Enter            use what has the focus (score the box, hold the die, press the button)
    H                hint: the best move now
    Ctrl+Z           undo the last hold or score of yours (never a roll)
    S / F            skip to the end of a CPU turn / CPU turns fast (kept in Settings)
    a letter         jump to the open boxes it starts, in turn (T: Twos, Threes, Three of
                     a Kind); Shift+letter where the letter has a job (Shift+F: Fours ...)
    K                show or hide the key hints
    F2-F7            say the dice, the box in focus, my card, another card, the scores,
                     whose turn (speech: voice.py); Page Up / Page Down read the card F4
                     or F5 chose, box by box; F8-F10 (anywhere) say the last phrases again
    F1               rules and help
    Esc / P          pause
Mouse: click a die to hold it, click a box to score it, click the buttons.
A game pad (remappable too): X rolls, Left/Right and Up/Down move, A uses the focus, Y hints,
Back undoes, Start pauses, LB / RB speed up / skip CPU turns. A seat bound to a pad is played
by that pad only (seat_pads.py), and waits while the pad is unplugged.

The scene is a person's seat at the table: the session, the keyboard focus and the input.
It composes the parts: the board (board.py: felt, dice, card, layout; the presenter of what
happens, presenter.py; the CPU driver, cpu.py) and the coach overlay (coach.py); the focus
and the pointer over the table's targets are its base, focus_input.py.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from concurrent.futures import Future
from typing import TYPE_CHECKING

import pygame

from game.i18n import _, language
from game.match.session import Session
from game.rules import Action, Category, IllegalAction, Phase, Roll, Score, Stand
from game.rules import events as ev
from game.rules.actions import Hold, Release
from game.scenes.base import Scene
from game.scenes.nav import AfterResults, Question
from game.scenes.table import focus
from game.scenes.table.board import Board, Why
from game.scenes.table.coach import CoachOverlay, question
from game.scenes.table.draw import Marks
from game.scenes.table.focus import BoxTarget, ButtonName, Target
from game.scenes.table.focus_input import FocusAndPointer
from game.scenes.table.messages import undone_line
from game.scenes.table.seat_pads import PadSeats
from game.scenes.table.voice import TableVoice
from game.speech import Told
from game.ui.focus_grid import FocusGrid
from game.ui.input import Intent, menu_letter
from game.ui.spoken import Focus
from game.ui.text import sentence_start

if TYPE_CHECKING:
    from game.anim.throw import Throw
    from game.net.screen import NetTable
    from game.scenes.context import Context
    from game.ui.dice_tray import DiceTray
    from game.ui.layout import TableLayout
    from game.ui.scorecard_view import ScorecardView

log = logging.getLogger(__name__)


class TableScene(FocusAndPointer, Scene):
    def __init__(self, ctx: Context, session: Session, net: NetTable | None = None) -> None:
        super().__init__(ctx)
        self.session = session
        self.net = net  # a network table: the host plays every move (remote.py)
        self.board = Board(ctx, session)
        self.board.plays_cpus = net is None
        if net is not None:  # its results follow the table between a match's games
            self.board.presenter.show_results = lambda: ctx.nav.results(session, self)
            self.board.own_turn = net.ours
            self.board.may_undo = lambda: net.undo_refusal() is None
        self.board.cpu.fast = ctx.settings.fast_cpu
        self.coach = CoachOverlay()
        # The table changed in this frame with nothing moving (another screen's undo at a
        # network table, a seat's tag): the frame is drawn, where the window would otherwise
        # wait for input to draw it (game.app's loop draws a frame that animates).
        self.changed = False
        self.language = language()  # what the message line and the hint are written in
        self._worked_ahead = False  # a decision handed to game.ai.coach.ahead
        self.pads = PadSeats(ctx, session)  # who plays with which pad; the wait for one
        self.grid = focus.grid()  # the keyboard focus over dice, buttons and boxes
        self.show_keys = False
        self.voice = TableVoice(session)  # the table said on demand (game.speech)
        self.quiet_focus: Target | None = None  # where the game (not the player) put it
        self.resync()
        if session.is_cpu_turn:
            self.quiet_focus = self.focus  # nobody at the keys is to press it yet

    # ----------------------------------------------------------------- the parts' faces
    # The tray, the card and the layout are the board's; the message the presenter's.
    @property
    def tray(self) -> DiceTray:
        return self.board.tray

    @property
    def card_view(self) -> ScorecardView:
        return self.board.card_view

    @property
    def lay(self) -> TableLayout:
        return self.board.lay

    @property
    def message(self) -> str:
        return self.board.presenter.message

    @message.setter
    def message(self, text: str) -> None:
        """A line that answers the player (a refusal, a setting switched): shown and said."""
        self.board.presenter.say(text)
        self.ctx.speech.say(text, Told.ANSWER)

    @property
    def cpu_future(self) -> Future[tuple[Action, Why | None]] | None:
        """The CPU decision under way in the worker thread (tests wait on it)."""
        return self.board.cpu.future

    # ----------------------------------------------------------------- life cycle
    def enter(self) -> None:
        self.resync()
        self.board.enter()

    def resume(self, result: object = None) -> None:
        self.board.cpu.fast = self.ctx.settings.fast_cpu  # Settings may have changed it
        if language() != self.language:
            self._retranslate()
        self.layout(self.board.size)
        if result is AfterResults.NEXT_GAME:
            self.resync()

    def exit(self) -> None:
        self.board.exit()
        if self._worked_ahead:  # (its numpy and tables are loaded only once asked for)
            from game.ai.coach import ahead

            ahead.stop()
        self.pads.close()
        if self.net is not None:
            self.net.close()

    def _retranslate(self) -> None:
        """The language changed in Settings: the message line, the note under it and a hint
        showing were written in the one before. The line goes back to what is asked now,
        the notes (the last move, a CPU's reason, a grading mark) go, the hint is written
        again (none is said again)."""
        self.language = language()
        self.board.presenter.say("")
        self.board.presenter.last_move = self.board.cpu.reason = self.coach.grade = None
        if self.coach.hint_text:
            self.coach.show_hint(self.session.state, self.session.paces())

    def notice_room(self) -> pygame.Rect:
        """The felt, under the message line and beside the card: notices hide neither."""
        return self.board.lay.tray

    def layout(self, size: tuple[int, int]) -> None:
        """Place everything for this window size, in the current theme and text size."""
        self.board.layout(size)
        self._refresh_advice()

    def resync(self) -> None:
        """Show the state as it is, with no animation (after load, undo, skip or a new game)."""
        self.board.show_state()
        self.coach.clear_hint()
        self._fix_focus()
        self._refresh_advice()

    def request_quit(self) -> bool:
        return True  # the game was saved after the last action

    @property
    def animating(self) -> bool:
        return self.board.animating or self.coach.busy or self.changed

    # ----------------------------------------------------------------- speech
    # What happens is said by the presenter as it is shown; the table says where the game
    # stands when it comes up (Continue, back from help) and the focus target.
    def spoken_intro(self) -> str:
        return self.voice.where()

    def focus_grid(self) -> FocusGrid[Target]:
        return self.grid

    def spoken_focus(self) -> Focus | None:
        target = self.focus
        if target is None:
            return None
        phrase = self.voice.focus(target, self.ctx.speech.full)
        # A hold or a roll is said by the presenter, not as the focused die's new value.
        return Focus(target, phrase, quiet=target == self.quiet_focus, stepped=False)

    # ----------------------------------------------------------------- input
    # An event is tried step by step in this order; the first step it is for takes it (and
    # says whether it was used). The pointer and the keys go to the regions (regions.py) in
    # REGION_ORDER, then to the table's own keys (the focus and the pointer: focus_input.py).
    def handle(self, event: pygame.event.Event) -> bool:
        self.board.touch()  # what the input changes is drawn in this very frame
        intent = self.ctx.input.intent(event)
        for step in (
            self._jump_by_letter,
            self._anytime_keys,
            self._pad_wait,
            self._table_keys,
            self._other_pad,
            self._pointer,
            self._keys,
        ):
            taken = step(event, intent)
            if taken is not None:
                return taken
        return False

    def _jump_by_letter(self, event: pygame.event.Event, intent: Intent | None) -> bool | None:
        """A letter jumps to the open boxes it starts (see focus.box_by_letter). A letter
        with a job of its own (F, S, H ...) does that job; with Shift it jumps (Shift+F:
        Fours, Fives ...)."""
        letter = menu_letter(event)
        if not letter or (intent is not None and not event.mod & pygame.KMOD_SHIFT):
            return None
        box = focus.box_by_letter(self.session.state, letter, self.focus)
        if box is not None:
            self.focus_on(box)
        else:  # written already, or no box of that name: said, the focus stays
            self.ctx.speech.say(self.voice.letter(letter))
        return True

    def _anytime_keys(self, event: pygame.event.Event, intent: Intent | None) -> bool | None:
        """Pause and help, even while a seat waits for its pad."""
        if intent is Intent.PAUSE:
            self.open_pause()
        elif intent is Intent.HELP:
            self.ctx.nav.help()
        else:
            return None
        return True

    def _pad_wait(self, event: pygame.event.Event, intent: Intent | None) -> bool | None:
        """A seat's pad is missing: the game stands still, and only the wait takes input."""
        return None if self.pads.waiting() is None else self.pads.handle_wait(event)

    def _table_keys(self, event: pygame.event.Event, intent: Intent | None) -> bool | None:
        """The key hints, and the CPU's turns skipped or sped up (any seat's pad may); any
        other input first dismisses the turn's banner."""
        if intent is Intent.KEY_HINTS:
            self.show_keys = not self.show_keys
            return True
        if intent is Intent.REACT and self.net is not None:
            self.ctx.nav.reactions(self.net)
            return True
        self.board.presenter.dismiss_banner(event)
        if intent is Intent.SKIP_CPU:
            self.skip_cpu_turn()
        elif intent is Intent.SPEED_CPU:
            self.set_fast_cpu(not self.board.cpu.fast)
        else:
            return None
        return True

    def _other_pad(self, event: pygame.event.Event, intent: Intent | None) -> bool | None:
        """A press from the pad of a seat not in play: refused, with the reason."""
        refusal = self.pads.refusal(event, intent)
        if refusal is None:
            return None
        self.message = refusal
        return True

    def press(self, name: ButtonName) -> None:
        if name == "menu":
            self.open_pause()
        elif name == "undo":
            self.undo()
        elif name == "hint":
            if self.session.state.phase is Phase.TIE_BREAK:
                self.act(Stand())
            else:
                self.show_hint()
        elif name == "roll":
            self.act(Roll())

    def set_fast_cpu(self, fast: bool) -> None:
        """Fast CPU turns on or off: a setting, saved, so the choice outlives the session."""
        self.board.cpu.fast = fast
        if self.ctx.settings.fast_cpu != fast:
            self.ctx.apply_settings(self.ctx.settings.replace(fast_cpu=fast))
        self.message = _("CPU turns: fast") if fast else _("CPU turns: normal pace")

    def open_pause(self) -> None:
        self.tray.finish()
        self.ctx.nav.pause(self.session, self.net)

    def toggle_die(self, die: int) -> None:
        state = self.session.state
        if not 0 <= die <= 4 or state.dice is None:
            self.act(Hold(max(0, min(4, die))))  # refused with the reason
            return
        self.act(Release(die) if state.held[die] else Hold(die))

    def score(self, category: Category) -> None:
        self.act(Score(category))

    # ----------------------------------------------------------------- actions
    def act(self, action: Action, confirmed: bool = False) -> None:
        """A person's action: refused with the reason, or applied and shown."""
        net_refusal = None if self.net is None else self.net.refusal(action)
        if net_refusal is not None:
            if net_refusal:
                self.message = sentence_start(net_refusal)
            return
        if self.session.is_cpu_turn:
            # Translators: {key} is the key (or pad button) that skips a CPU's turn.
            self.message = _("Wait: {name} is playing ({key} skips the turn)").format(
                name=self.session.seat.name, key=self.ctx.input.label(Intent.SKIP_CPU)
            )
            return
        if self.session.state.phase in (Phase.GAME_OVER, Phase.MATCH_OVER):
            return
        if self.tray.rolling or (self.tray.just_landed and not isinstance(action, Score)):
            # Dice in the air, or landed a moment ago: a press lands them at once and does
            # nothing else, so a burst of presses never spends a second roll on dice the
            # player has not had time to see. A box chosen once they lie (its letter, then
            # Enter, or a click: the line already says to choose) is taken at once.
            self.tray.finish()
            return
        if self.tray.just_landed:
            self.tray.finish()  # a box chosen while the dice tidy: they lie where they belong
        if not confirmed:
            asked = question(self.session.state, action, self.ctx.settings)
            if asked:
                # No is the safe answer to "score a zero?" or "that costs 12 points: sure?",
                # so Enter (or a second press of the same key) does not confirm the mistake.
                retry = lambda: self.act(action, confirmed=True)  # noqa: E731
                shown, said = asked
                self.ctx.nav.confirm(Question(shown, retry, focus_yes=False, said=said))
                return
        if self.net is not None:
            self.net.send(action)  # shown when the host's move comes back (follow_net)
            return
        actor = self.session.state.player
        try:
            events = self.session.apply(action)
        except IllegalAction as refusal:
            self.message = sentence_start(str(refusal))
            return
        self.coach.clear_hint()
        name = self.session.seats[actor].name
        decision, state = self.session.last_decision, self.session.state
        if self.coach.note_grade(decision, self.ctx.settings, name, actor, state):
            self.ctx.speech.say(self.coach.grade_said, Told.GRADE)
        self._show(events, self.board.speed)
        self.pads.rumble(events, actor)
        self._fix_focus()

    def _show(self, events: Sequence[ev.Event], speed: float, throw: Throw | None = None) -> None:
        if self.board.show(events, speed, throw):
            self.focus_on(focus.HOME, quiet=True)  # a new turn starts at the Roll button
        self._refresh_advice()

    def undo(self) -> None:
        net = self.net
        refusal = self.session.undo_refusal() if net is None else net.undo_refusal()
        if refusal is not None:
            if refusal:
                self.message = refusal
            return
        if net is not None:
            net.undo()  # shown when the host's undo comes back
            return
        turn_before = self.session.state.player
        self.show_undone(self.session.undo(), turn_before)

    def show_undone(self, action: Action, turn_before: int) -> None:
        """Show the state after `action` was taken back."""
        if self.session.state.player != turn_before:
            # A score taken back before the next seat acted: the turn comes back, with its
            # dice. The next seat's announcement goes, and a CPU's decision under way is
            # dropped (the driver decides again only when a CPU is to play).
            self.board.presenter.banner = None
            self.board.presenter.last_move = None
            self.board.show_state()
            self.coach.clear_hint()
        self.tray.sync(self.session.state.dice, self.session.state.held)
        self.board.presenter.drop_flash()
        self.message = undone_line(action, self.session.config)
        self._fix_focus()
        if isinstance(action, Score):  # the misclick taken back: the focus goes to its box
            self.focus_on(BoxTarget(action.category))
        self._refresh_advice()

    def show_hint(self) -> None:
        state = self.session.state
        if self.tray.rolling or self.tray.just_landed:
            self.tray.finish()  # as any press in the air: the dice land, nothing more
            return
        if not self.ctx.settings.hints_enabled:
            self.message = _("Hints are off (Settings)")
            return
        if self.net is not None and not self.net.ours():
            # Translators: at a network table, a hint asked for in another player's turn.
            self.message = _("Hints are for your own turn")
            return
        if not self.board.person_to_play or state.phase is not Phase.TURN or state.dice is None:
            self.message = _("A hint needs your dice: roll first")
            return
        self.session.mark_assisted()
        if self.net is not None:
            self.net.helped()
        self.coach.show_hint(state, self.session.paces())
        for line in self.coach.hint_said:
            self.ctx.speech.say(line, Told.HINT)
        if self.coach.hint_box is not None:
            self.focus_on(BoxTarget(self.coach.hint_box))

    def skip_cpu_turn(self) -> None:
        """Play the rest of the CPU's turn at once and show where it ended."""
        if self.net is not None:
            return  # the host plays its CPUs at its own pace
        if self.board.skip_cpu_turn():
            self.focus_on(focus.HOME, quiet=True)
        self._refresh_advice()

    def _refresh_advice(self) -> None:
        """The advice overlay's values for the state now, worked out here and not in draw;
        a person's coming decision (a roll's dice, known as they are thrown) worked out
        ahead on the coach's thread for its grade and hint (game.ai.coach.ahead)."""
        state = self.session.state
        if self.board.person_to_play and (self.net is None or self.net.ours()):
            from game.ai.coach import ahead

            if ahead.asks(state):
                ahead.work_out(state, self.session.paces())
                self._worked_ahead = True
        self.coach.refresh_advice(state, self.board.wants_advice)

    # ----------------------------------------------------------------- time
    def update(self, dt: float) -> None:
        if self.pads.waiting() is not None:
            return  # paused until the seat has its pad
        self.coach.update(dt)
        before, tags = self.session.state, self.board.seat_tags
        self.changed = False
        if self.net is not None:
            self.follow_net()
        if self.board.update(dt):
            self.focus_on(focus.HOME, quiet=True)  # a CPU's turn ended: the person's starts
        if self.session.state is not before:
            self._refresh_advice()
        if self.session.state is not before or self.board.seat_tags != tags:
            self.changed = True

    def follow_net(self, leave: bool = True) -> bool:
        """Show what the host's table did since the last frame, as a local move is shown;
        False when this screen left the table (it closed, or opens afresh on the match).
        A table that closed for good goes back to the title (not with `leave` False: the
        results of a finished match stay, the notice said)."""
        if self.net is None:
            return False
        polled = self.net.poll()
        for news in polled.news:
            self.ctx.notify(news)
        tags = self.net.seat_tags()
        if tags != self.board.seat_tags:
            self.board.seat_tags = tags
            state = self.session.state
            self.board.card_view.layout(self.lay.card, state, self.board.column_tags())
        if polled.ended:
            if leave:
                self.ctx.nav.title()
            return False
        if polled.fresh is not None:  # the whole match again: the table opens afresh on it
            net, self.net = self.net, None
            self.ctx.nav.net_table(net, polled.fresh)
            return False
        for shown in polled.shown:
            if shown.undone is not None:
                self.show_undone(shown.undone, shown.turn_before)
                continue
            self.coach.clear_hint()
            self._show(shown.events, self.board.speed, shown.throw)
            self.pads.rumble(shown.events, shown.turn_before)
            self._fix_focus()
        return True

    # ----------------------------------------------------------------- drawing
    def between_frames(self, until: float) -> None:
        self.board.between_frames(until)

    def draw(self, surface: pygame.Surface) -> None:
        coach = self.coach
        marks = Marks(
            self.focus or focus.HOME,  # (drawn once the focus has settled: never None here)
            coach.hint_keep,
            coach.hint_text,
            coach.grade_note(self.session.state),
            coach.advice(self.session.state),
            self.show_keys,
        )
        waiting = self.pads.waiting()  # the wait's panel, drawn over the board
        over = () if waiting is None else tuple(self.pads.wait_lines(waiting))
        self.board.draw(surface, marks, over)
        self.pads.draw(surface)
