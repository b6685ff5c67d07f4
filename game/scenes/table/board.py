"""The board: the table as it plays itself, shared by the table and the replay scenes.

It holds the session's things on screen (felt, dice tray, scorecard view and their layout),
the presenter that shows what happens and the CPU driver that plays the CPU seats (or a
replay's log). Each frame it moves the dice, what is shown and the CPU's turn; it draws
the whole table, with the marks (focus, hint, grading) a person's scene adds on top.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, NamedTuple

import pygame

from game.ai.levels.pace import played_pace
from game.anim.tray import TrayModel
from game.i18n import _, format_number, language
from game.rules import Action, GameState, Hold, Phase, Release, Roll, Score
from game.rules import events as ev
from game.rules.dice import DICE_COUNT
from game.scenes.table.canvas import Canvas
from game.scenes.table.chances import ChanceWatch, wanted
from game.scenes.table.cpu import CPU_FAST, CPU_MOTION, CpuDriver, cpu_delay
from game.scenes.table.draw import HintPlace, Marks, button_needs, hint_box
from game.scenes.table.messages import prompt, reason_line
from game.scenes.table.notes import SeatNote
from game.scenes.table.parts import TableParts
from game.scenes.table.presenter import Presenter
from game.speech import Told
from game.ui.dice_tray import DiceTray
from game.ui.layout import table_layout
from game.ui.palette import dice_palette
from game.ui.scorecard_cells import CardArgs
from game.ui.scorecard_view import ScorecardView
from game.ui.seat_words import level_tags
from game.ui.text import TAG_JOIN
from game.ui.tray_view import TrayRenderer, hold_row_rect
from game.ui.widgets import FeltBackground

PACE_NOTE = 5.0  # points a game below the Expert from which a person's pace is told

if TYPE_CHECKING:
    from game.anim.throw import Throw
    from game.match.session import Session
    from game.scenes.context import Context
    from game.ui.fonts import Fonts
    from game.ui.layout import TableLayout
    from game.ui.theme import Colour

CPU_SKIP_MAX = 200  # actions a skipped CPU turn may take (a turn takes at most 9)
STILLS_PER_FRAME: int | None = 1  # still dice's images a frame that keeps to time makes itself
HOLD_MOST = 4  # frames a busy frame's change to the slow parts is held back at most (0: none)
HELD, HELD_ROLL = frozenset(("card", "message", "notes")), frozenset(("card",))  # see update
SHOWN_LAST = frozenset(("card",))  # of the parts held, shown a frame after the others


class Why(NamedTuple):
    """Why a CPU made its move: as shown ("keep 6-6 ...") and as said ("keep 6, 6 ...")."""

    shown: str
    said: str


class Board:
    def __init__(self, ctx: Context, session: Session) -> None:
        self.ctx = ctx
        self.session = session
        self.size = (1280, 800)
        # The dice, drawn by a renderer of the board's own: its images live as long as the table.
        self.tray = DiceTray(session.seed, DICE_COUNT, TrayRenderer())
        self.card_view = ScorecardView(ctx.fonts, ctx.theme)
        self.lay = table_layout(self.size, len(session.config.columns))
        self.felt = FeltBackground()
        self.presenter = Presenter(
            ctx, session, self.tray, self.column_colour, lambda: ctx.nav.results(session)
        )
        self.cpu = CpuDriver(self._decide)
        self.plays_cpus = True  # False at a network table: the host plays its CPUs
        # At a network table, whether the seat to play is this screen's, and whether its
        # undo would be taken: the buttons show what this screen may press.
        self.own_turn: Callable[[], bool] = lambda: True
        self.may_undo: Callable[[], bool] = session.can_undo
        # At a network table, what a seat's column says under its name ("away"), by player.
        self.seat_tags: dict[int, str] = {}
        self.chances = ChanceWatch()
        self.said_reason = ""  # the CPU's reason said last (said once for a run of moves)
        self._foreseen: object = None  # the CPU decision whose move is foreseen
        # The slow parts this frame holds back (see `update`).
        self.held: frozenset[str] = frozenset()
        self._touched = False
        self._busy: str | None = None  # "landed", "rolled", "moved": what this frame did
        self._held_for, self._rest = 0, False  # frames held; whether it waits for the dice
        self._foresight: CardArgs | None = None  # the card as that move will leave it
        # What the last frame drawn was made of, to draw only what changed since (see draw).
        self.canvas = Canvas()
        self.parts = TableParts()
        self._held_label: tuple[tuple[object, ...], pygame.Surface] | None = None
        # The hint's place, for (its lines, the layout, the fonts) it was worked out for.
        self._hint: (
            tuple[tuple[str, ...], TableLayout, Fonts, tuple[object, ...], HintPlace] | None
        ) = None

    # ----------------------------------------------------------------- life cycle
    def enter(self) -> None:
        # Every roll's points in every box, worked out now (a few ms) rather than in the
        # frame the first previews are drawn.
        self.session.config.card.scores((1, 1, 1, 1, 1))
        seats, config = self.session.seats, self.session.config
        wanted = {seat.kind for seat in seats if seat.is_cpu}
        if any(not seat.is_cpu for seat in seats):
            # A person's coach grades every move and hints with the Expert's tables, and to
            # win with the Champion's: loaded in the first frame that needed them (0.14 s).
            wanted.add("expert")
            if len(config.competitors) > 1 and self.ctx.settings.hints_enabled:
                wanted.add("champion")
        levels = sorted(wanted)
        if levels:
            # The levels' valuations take about a second to load: do it now, off the main
            # thread, while the player looks at the table (the first CPU move queues behind).
            from game.ai.levels.strategies import preload

            self.cpu.worker().submit(preload, config.variant, levels, config.forced_order)
        if self.session.state.phase in (Phase.GAME_OVER, Phase.MATCH_OVER):
            self.presenter.results_after(0.0)

    def exit(self) -> None:
        self.cpu.shutdown()
        self.chances.shutdown()
        self.tray.close()

    def layout(self, size: tuple[int, int]) -> None:
        """Place everything for this window size, in the current theme and text size."""
        ctx = self.ctx
        self.size = size
        if self.card_view.theme is not ctx.theme or self.card_view.fonts is not ctx.fonts:
            self.card_view = ScorecardView(ctx.fonts, ctx.theme)
        self.tray.reduced_motion = ctx.settings.reduced_motion
        self.tray.tidy = ctx.settings.tidy_dice
        state = self.session.state
        self.lay = table_layout(
            size,
            len(state.config.columns),
            lambda height, room: button_needs(ctx.fonts, height, room),
        )
        self.tray.set_layout(self.lay, dice_palette(ctx.theme.high_contrast))
        self.card_view.layout(self.lay.card, state, self.column_tags())
        self.felt.fit(size, ctx.theme)

    def show_state(self) -> None:
        """Show the state as it is, with no animation (after load, undo, skip or a new game)."""
        state = self.session.state
        self.tray.reduced_motion = self.ctx.settings.reduced_motion
        self.tray.tidy = self.ctx.settings.tidy_dice
        self.tray.sync(state.dice, state.held)
        self.card_view.layout(self.lay.card, state, self.column_tags())
        self.cpu.cancel()
        if not self.presenter.message:
            self.presenter.say(prompt(state, self.session.seat.name))

    # ----------------------------------------------------------------- who is who
    def column_tags(self) -> tuple[str, ...]:
        """Under each column's name: a CPU's level ("Expert"), nothing for people; and its
        chance to win ("Expert · 42%") when the player wants the chances."""
        config = self.session.config
        levels = list(level_tags(config, self.session.seats))
        for player, tag in self.seat_tags.items():
            levels[config.column_of(player)] = tag
        chances = self.chances.column_texts(self.session.state)
        pairs = zip(levels, chances, strict=True)
        return tuple(TAG_JOIN.join(t for t in pair if t) for pair in pairs)

    @property
    def wants_chances(self) -> bool:
        s = self.ctx.settings
        several = len(self.session.config.competitors) > 1
        helped = bool(self.session.assisted)
        return several and wanted(s.win_chances, s.advice_overlay, s.grading, helped)

    def column_on_show(self) -> int | None:
        """The column tinted and outlined as the one in play: in the start roll, the column
        whose roll the message line tells of (the state has already moved on to the next
        roller while those dice fly and lie), so tint, dot and text name one seat."""
        state, presenter = self.session.state, self.presenter
        told = presenter.owner if presenter.message else None
        if told is not None and (state.phase is Phase.ROLL_OFF or self.tray.rolling):
            # The last start roll also starts the first turn: its dice still fly.
            return state.config.column_of(told)
        return state.column if state.phase in (Phase.TURN, Phase.ROLL_OFF) else None

    def column_colour(self, column: int) -> Colour:
        player = self.session.config.columns[column][0]
        return self.ctx.theme.player(self.session.seats[player].colour)

    @property
    def person_to_play(self) -> bool:
        return not self.session.is_cpu_turn and self.session.state.phase in (
            Phase.ROLL_OFF,
            Phase.TURN,
            Phase.TIE_BREAK,
        )

    @property
    def wants_advice(self) -> bool:
        """The advice overlay is on and there are dice a person could score."""
        state = self.session.state
        return (
            self.ctx.settings.advice_overlay
            and self.person_to_play
            and state.phase is Phase.TURN
            and state.dice is not None
        )

    @property
    def speed(self) -> float:
        """How fast animations play now: the player's setting, faster in fast CPU turns, and
        none at all at the "instant" CPU pace."""
        scale = self.ctx.animation_scale
        if self.session.is_cpu_turn and self.cpu.fast:
            scale *= CPU_FAST
        return scale if self.cpu_motion > 0 else 0.0

    @property
    def cpu_motion(self) -> float:
        """How fast the tray's clock runs: 1 in a person's turn, the CPU's pace in its own
        (the throw, its tidy slide and every drift alike, as the tray plays them)."""
        return CPU_MOTION[self.cpu_pace] if self.session.is_cpu_turn else 1.0

    @property
    def cpu_pace(self) -> str:
        """The pace of the seat to play: its own, else the Settings' CPU pace."""
        return self.session.seat.pace or self.ctx.settings.cpu_pace

    @property
    def animating(self) -> bool:
        return self.tray.animating or self.presenter.busy or self.session.is_cpu_turn

    # ----------------------------------------------------------------- play
    def show(self, events: Sequence[ev.Event], speed: float, throw: Throw | None = None) -> bool:
        """Show what happened (a roll as `throw`, when another machine threw it); True when
        a new turn started."""
        self.presenter.show(events, speed, self.lay, throw)
        started = any(isinstance(e, ev.TurnStarted) for e in events)
        if started:
            self.cpu.wait(self._cpu_delay(Roll()))
        return started

    def update(self, dt: float) -> bool:
        """One frame: the dice, what is shown, the CPU's turn. True when a new turn started.

        A busy frame (the dice land, or a CPU's move is made) with no input of a person's
        in it (`touch`) draws the dice's motion and the buttons, and holds the change of
        the slow parts back (`held`: the card, the message line, the notes; a CPU's roll
        only the card, its frame has room for its line: TableParts.scene) to a frame with
        room: the next after a CPU's move (the throw's first frames draw little), after a
        landing the first with the dice at rest (its drifts are the tray's slowest frames);
        HOLD_MOST frames after at the latest. With room before then, the card is shown a
        frame after the line and the notes (SHOWN_LAST): at 4K a frame that drew all three
        was twice a common one."""
        was, self._busy = self.held, None
        started = self._update(dt)
        if was:
            self._held_for += 1
            latest = self._held_for >= HOLD_MOST
            room = latest or not (self._rest and self.tray.animating)
            if self._touched or latest or (room and was <= SHOWN_LAST):
                self.held = frozenset()
            elif room:
                self.held = was & SHOWN_LAST
        elif self._busy is not None and not self._touched and HOLD_MOST:
            self._held_for, self._rest = 0, self._busy == "landed"
            self.held = HELD_ROLL if self._busy == "rolled" else HELD
        self._touched = False
        return started

    def _update(self, dt: float) -> bool:
        rolling = self.tray.rolling
        if rolling:  # a roll started: what was announced has been seen
            self.presenter.banner = None
        motion = self.cpu_motion
        if motion > 0:
            self.tray.update(dt / motion)
        else:  # an instant CPU: only where each move ends
            self.tray.finish()
            self.tray.update(dt)
        if rolling and not self.tray.rolling:
            self._busy = "landed"
        self.chances.update(self.session.state, self.wants_chances, self.session.paces)
        if self.presenter.update(dt):
            return False  # the results are coming: no more play under them
        return self._cpu_turn(dt)

    def _cpu_delay(self, action: Action) -> float:
        ctx = self.ctx
        return cpu_delay(action, self.cpu_pace, self.cpu.fast, ctx.animation_scale)

    def _cpu_turn(self, dt: float) -> bool:
        session = self.session
        if not self.plays_cpus or not session.is_cpu_turn:
            return False
        self.cpu.think(session.state)
        if self.tray.animating or self.presenter.banner is not None:
            return False
        if self.ctx.speech.busy:
            return False  # a CPU plays at the pace its moves are heard (none while speech is off)
        state = session.state
        decided = self.cpu.step(dt, state)
        if decided is None:
            self._foresee()
            return False
        action, why = decided
        player = state.player
        name = session.seats[player].name
        if why is not None and why.said != self.said_reason:
            self.said_reason = why.said  # said once, before the move it explains
            self.ctx.speech.say(reason_line(name, why.said), Told.REASON, player)
        started = self.show(session.apply(action), self.speed)
        self._busy = "rolled" if isinstance(action, Roll) else "moved"  # (see `update`)
        if isinstance(action, Roll) or started:
            self.said_reason = ""  # new dice: a new reason is worth saying
        self.cpu.reason = None
        # A reason belongs to the CPU's own turn: once its score passes the turn, the last
        # move line says what it did, under its name, until the next player rolls.
        if why is not None and not started:
            self.cpu.reason = SeatNote.now(reason_line(name, why.shown), player, session.state)
        self.cpu.wait(self._cpu_delay(action))
        return started

    def _foresee(self) -> None:
        """The CPU's decision is in while its pause runs: what it does to the dice is
        planned ahead (DiceTray.foresee, on the tray's thread), and what a score or a roll
        changes on the card drawn ahead between frames (ScorecardView.prepare), so that no
        frame of the pause nor the move's own draws it."""
        future = self.cpu.future
        if future is None or not future.done() or self._busy or self.held:
            return  # (nor in a busy frame, nor while the card's change is held back)
        if future is not self._foreseen:
            self._foreseen = future
            action, why = future.result()
            self._foresight = self._foresee_move(action)
            # (what its frames will show besides, made ahead)
            self.parts.foresee(self, action, None if why is None else why.shown, self._foresight)
        if self._foresight is not None:  # (told again each frame: a frame that changes
            self.card_view.prepare(self._foresight)  # the card forgets it)

    def _foresee_move(self, action: Action) -> CardArgs | None:
        """The dice's drifts `action` starts, handed to the tray's thread; and the card as
        it leaves it, if a score or a roll."""
        if isinstance(action, Score):
            self.tray.foresee(TrayModel.put_away)
        elif isinstance(action, Hold | Release):
            held, die = isinstance(action, Hold), action.die
            self.tray.foresee(lambda model: model.set_held(die, held))
        return self._foresee_card(action) if isinstance(action, Score | Roll) else None

    def _foresee_card(self, action: Score | Roll) -> CardArgs | None:
        """The card as the CPU's score will leave it (its box written, the next column in
        play) or as its roll shows it while the dice fly (the previews gone), as
        ScorecardView.prepare draws it ahead: that frame swaps it in if it is what the
        card shows then (the same cells), else draws it (a person's focus on the card, new
        win chances). None: nothing to draw ahead (the game's end is drawn in its frame)."""
        state = self.session.state
        if state.phase is not Phase.TURN:
            return None
        after = self.parts.plain_card_state(state)  # (a roll: the card as it is given)
        if isinstance(action, Score):
            after = state.apply(action, random.Random(0))[0]  # a score rolls nothing
            if after.dice is not None or after.phase is not Phase.TURN:
                return None
        colours = [self.column_colour(c) for c in range(len(after.config.columns))]
        return CardArgs(after, colours, None, None, after.column, None, self.column_tags())

    def _decide(self, state: GameState) -> tuple[Action, Why | None]:
        """In the worker thread: the CPU's action, and why (when the player wants reasons)."""
        from game.ai.coach.advice import choice_of
        from game.ai.coach.reasons import SAID, reason_for, say

        action = self.session.cpu_action()
        choice = choice_of(state, action) if self.ctx.settings.cpu_reasons else None
        if choice is None:
            return action, None
        reason = reason_for(state, choice)
        return action, Why(say(reason), say(reason, SAID))

    def skip_cpu_turn(self) -> bool:
        """Play the rest of the CPU's turn at once and show where it ended; True when a new
        turn started."""
        session = self.session
        if not session.is_cpu_turn:
            self.presenter.say(_("No CPU turn to skip"))
            return False
        self.cpu.cancel()
        player, turn = session.state.player, session.state.turn
        self.presenter.announcer.skip(player)  # said in one phrase
        shown: list[ev.Event] = []
        for _i in range(CPU_SKIP_MAX):
            state = session.state
            if not session.is_cpu_turn or state.player != player or state.turn != turn:
                break
            shown += session.apply(session.cpu_action())
        started = self.show(shown, 0.0)
        self.tray.finish()
        if not started:
            self.presenter.banner = None
        return started

    # ----------------------------------------------------------------- drawing
    def draw(
        self, surface: pygame.Surface, marks: Marks, over: tuple[object, ...] | None = None
    ) -> None:
        """The whole table, with a person's `marks` on it; changes nothing on the table.

        `over` is what the scene draws over the board this frame, as a value that changes
        whenever its pixels do. Given it, and while the window still holds the last frame
        (ctx.frame), only what changed since then is drawn again (game.scenes.table.canvas):
        the parts of the table that changed, each where it was and where it is now."""
        ctx = self.ctx
        # A frame that keeps to time (the window holds the last one) makes at most one still
        # die's image itself; the others are made ahead on a thread (game.ui.stills).
        budget = STILLS_PER_FRAME if over is not None and ctx.frame.retained else None
        scene = self.parts.scene(self, surface, marks, budget, over, self.held)
        self.canvas.draw(surface, ctx, self.felt, scene, retained=over is not None)

    def between_frames(self, until: float) -> None:
        """Work for the frames to come, in the time the frame shown left (App.between_frames):
        the next frame's images, then the next frame's tray composed, then the card's change."""
        self.tray.between_frames(until)
        self.canvas.ahead.between_frames(until, self.tray)
        self.card_view.draw_ahead(until)
        self.parts.between_frames(until)

    def hold_label(self) -> pygame.Surface:
        """The label over the hold row, made once per language, layout, fonts and theme."""
        ctx = self.ctx
        key = (language(), self.lay, ctx.fonts, ctx.theme)
        if self._held_label is None or self._held_label[0] != key:
            # TRANSLATORS: the label over the row where held dice sit.
            label = ctx.fonts.render(_("held dice"), 20 * self.lay.unit, ctx.theme.panel_alt)
            self._held_label = (key, label)
        return self._held_label[1]

    def touch(self) -> None:
        """A person's input came this frame: nothing this frame changes is held back."""
        self._touched = True

    def hint_placed(self, text: Sequence[str], dice: tuple[tuple[float, float], ...]) -> HintPlace:
        """The hint's box and folded lines, worked out once per hint, layout and fonts (not
        at every frame drawn while it shows)."""
        lines, lay, fonts = tuple(text), self.lay, self.ctx.fonts
        kept = self._hint
        if kept is None or kept[:4] != (lines, lay, fonts, dice):
            held = hold_row_rect(lay.hold_strip, self.hold_label())
            kept = self._hint = (lines, lay, fonts, dice, hint_box(fonts, lay, lines, held, dice))
        return kept[4]

    def note_line(self) -> str:
        """Under the message line: the start rolls until the first player rolls; else the
        CPU's reason, or the last move of the seat before, each only in its own moment."""
        state = self.session.state
        start_rolls = self.presenter.start_rolls
        first_roll_due = state.phase is Phase.TURN and state.turn == 0 and state.dice is None
        if self.tray.rolling:  # the roll in the air is told when it lands
            start_rolls = dict(list(start_rolls.items())[:-1])
        if start_rolls and (state.phase is Phase.ROLL_OFF or first_roll_due):
            config = state.config
            # TRANSLATORS: {name} rolled {total} in the roll that decides who plays first.
            rolls = [
                _("{name} {total}").format(name=config.column_name(c), total=total)
                for c, total in start_rolls.items()
            ]
            if self.presenter.start_again:
                # TRANSLATORS: after a tie, the tied leaders' second start roll; {rolls} lists
                # them: "Ann 20 · Bob 19".
                return _("Start roll again: {rolls}").format(rolls=" · ".join(rolls))
            # TRANSLATORS: {rolls} lists them: "Ann 17 · Bob 12".
            return _("Start roll: {rolls}").format(rolls=" · ".join(rolls))
        for note in (
            self.cpu.reason if self.ctx.settings.cpu_reasons else None,
            self.presenter.last_move,
        ):
            if note is not None and note.shown(state):
                return note.text
        return self.pace_note()

    def pace_note(self) -> str:
        """In a person's first turn, while the chances show: why their chance is what it is,
        when their earlier games on this card put them well below the Expert (a newcomer
        opening at 8% against two CPUs is otherwise left to wonder)."""
        state, session = self.session.state, self.session
        first_round = state.turn < len(state.order or state.config.columns)
        if state.phase is not Phase.TURN or not first_round or not self.wants_chances:
            return ""
        player = state.player
        if session.seat.is_cpu or player not in session.played_before:
            return ""
        lost, boxes = session.played_before[player]
        per_game = played_pace(lost, boxes) * len(state.config.card.boxes)
        if per_game < PACE_NOTE:
            return ""
        # TRANSLATORS: under the message line, in a person's first turn, beside the chances
        # to win shown under each name: {points} is how far below the Expert (in points a
        # game) the earlier games of {name} were; the chances count it.
        return _(
            "{name}: the chances count earlier games, {points} points a game below the Expert"
        ).format(name=session.seat.name, points=format_number(per_game))
