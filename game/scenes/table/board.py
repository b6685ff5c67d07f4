"""The board: the table as it plays itself, shared by the table and the replay scenes.

It holds the session's things on screen (felt, dice tray, scorecard view and their layout),
the presenter that shows what happens and the CPU driver that plays the CPU seats (or a
replay's log). Each frame it moves the dice, what is shown and the CPU's turn; it draws
the whole table, with the marks (focus, hint, grading) a person's scene adds on top.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

import pygame

from game.ai.levels.pace import played_pace
from game.i18n import _, format_number, language
from game.rules import GameState, Phase, Roll
from game.rules import events as ev
from game.scenes.table.chances import ChanceWatch, wanted
from game.scenes.table.cpu import CPU_FAST, CpuDriver, cpu_delay
from game.scenes.table.draw import (
    HintPlace,
    Marks,
    button_needs,
    draw_buttons,
    draw_hint,
    draw_hint_keep,
    draw_key_hints,
    draw_message,
    draw_notes,
    hint_box,
    input_words,
)
from game.scenes.table.focus import BoxTarget, DieTarget
from game.scenes.table.messages import progress, prompt
from game.scenes.table.notes import SeatNote
from game.scenes.table.presenter import Presenter
from game.speech import Told
from game.ui.dice_tray import DiceTray
from game.ui.layout import table_layout
from game.ui.palette import dice_palette
from game.ui.scorecard_view import ScorecardView
from game.ui.seat_words import level_tags
from game.ui.widgets import FeltBackground

PACE_NOTE = 5.0  # points a game below the Expert from which a person's pace is told

if TYPE_CHECKING:
    from game.match.session import Session
    from game.scenes.context import Context
    from game.ui.fonts import Fonts
    from game.ui.layout import TableLayout
    from game.ui.theme import Colour

CPU_SKIP_MAX = 200  # actions a skipped CPU turn may take (a turn takes at most 9)


class Why(NamedTuple):
    """Why a CPU made its move: as shown ("keep 6-6 ...") and as said ("keep 6, 6 ...")."""

    shown: str
    said: str


class Board:
    def __init__(self, ctx: Context, session: Session) -> None:
        self.ctx = ctx
        self.session = session
        self.size = (1280, 800)
        self.tray = DiceTray(seed=session.seed)
        self.card_view = ScorecardView(ctx.fonts, ctx.theme)
        self.lay = table_layout(self.size, len(session.config.columns))
        self.felt = FeltBackground()
        self.presenter = Presenter(
            ctx, session, self.tray, self.column_colour, lambda: ctx.nav.results(session)
        )
        self.cpu = CpuDriver(self._decide)
        self.chances = ChanceWatch()
        self.said_reason = ""  # the CPU's reason said last (said once for a run of moves)
        # What the last frame drawn was made of, to draw only what changed since (see draw).
        self._drawn: tuple | None = None
        # The hint's place, for (its lines, the layout, the fonts) it was worked out for.
        self._hint: tuple[tuple[str, ...], TableLayout, Fonts, HintPlace] | None = None

    # ----------------------------------------------------------------- life cycle
    def enter(self) -> None:
        levels = sorted({seat.kind for seat in self.session.seats if seat.is_cpu})
        if levels:
            # The levels' valuations take about a second to load: do it now, off the main
            # thread, while the player looks at the table (the first CPU move queues behind).
            from game.ai.levels.strategies import preload

            config = self.session.config
            self.cpu.worker().submit(preload, config.variant, levels, config.forced_order)
        if self.session.state.phase in (Phase.GAME_OVER, Phase.MATCH_OVER):
            self.presenter.results_after(0.0)

    def exit(self) -> None:
        self.cpu.shutdown()
        self.chances.shutdown()

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
        levels = level_tags(self.session.config, self.session.seats)
        chances = self.chances.column_texts(self.session.state)
        return tuple(" · ".join(t for t in pair if t) for pair in zip(levels, chances, strict=True))

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
        """How fast animations play now: the player's setting, faster in fast CPU turns."""
        scale = self.ctx.animation_scale
        if self.session.is_cpu_turn and self.cpu.fast:
            scale *= CPU_FAST
        return scale

    @property
    def animating(self) -> bool:
        return self.tray.animating or self.presenter.busy or self.session.is_cpu_turn

    # ----------------------------------------------------------------- play
    def show(self, events: list, speed: float) -> bool:
        """Show what happened; True when a new turn started."""
        self.presenter.show(events, speed, self.lay)
        started = any(isinstance(e, ev.TurnStarted) for e in events)
        if started:
            self.cpu.wait(self._cpu_delay(Roll()))
        return started

    def update(self, dt: float) -> bool:
        """One frame: the dice, what is shown, the CPU's turn. True when a new turn started."""
        self.tray.update(dt)
        self.chances.update(self.session.state, self.wants_chances, self.session.paces)
        if self.presenter.update(dt):
            return False  # the results are coming: no more play under them
        return self._cpu_turn(dt)

    def _cpu_delay(self, action) -> float:
        ctx = self.ctx
        return cpu_delay(action, ctx.settings.cpu_pace, self.cpu.fast, ctx.animation_scale)

    def _cpu_turn(self, dt: float) -> bool:
        session = self.session
        if not session.is_cpu_turn or self.tray.animating or self.presenter.banner is not None:
            return False
        if self.ctx.speech.busy:
            return False  # a CPU plays at the pace its moves are heard (none while speech is off)
        state = session.state
        decided = self.cpu.step(dt, state)
        if decided is None:
            return False
        action, why = decided
        player = state.player
        name = session.seats[player].name
        # TRANSLATORS: a CPU player's name, and why it made its move.
        with_name = _("{name}: {reason}")
        if why is not None and why.said != self.said_reason:
            self.said_reason = why.said  # said once, before the move it explains
            self.ctx.speech.say(with_name.format(name=name, reason=why.said), Told.REASON, player)
        started = self.show(session.apply(action), self.speed)
        if isinstance(action, Roll) or started:
            self.said_reason = ""  # new dice: a new reason is worth saying
        self.cpu.reason = None
        # A reason belongs to the CPU's own turn: once its score passes the turn, the last
        # move line says what it did, under its name, until the next player rolls.
        if why is not None and not started:
            text = with_name.format(name=name, reason=why.shown)
            self.cpu.reason = SeatNote.now(text, player, session.state)
        self.cpu.wait(self._cpu_delay(action))
        return started

    def _decide(self, state: GameState) -> tuple[object, Why | None]:
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
        shown: list = []
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
    def draw(self, surface: pygame.Surface, marks: Marks, over: tuple | None = None) -> None:
        """The whole table, with a person's `marks` on it; changes nothing on the table.

        `over` is what the scene draws over the board this frame, as a value that changes
        whenever its pixels do. Given it, and while the window still holds the last frame
        (ctx.frame), only what changed since then is drawn again: when nothing but the cup
        and the dice moved, the parts they left and the parts they cover now."""
        ctx, presenter = self.ctx, self.presenter
        theme, fonts, lay = ctx.theme, ctx.fonts, self.lay
        session, state = self.session, self.session.state
        # Drawn whole every frame, the card is best laid on the felt once and drawn opaque;
        # drawn only when it changes, it is best drawn over the felt (a 4K card's layer is
        # then not copied and blended twice more each time what it shows changes).
        backdrop = self.felt.surface if over is None else None
        covered = backdrop is not None and backdrop.get_rect().contains(self.card_view.region)
        text = presenter.message or prompt(state, session.seat.name) or " "
        about = presenter.owner if presenter.message and presenter.owner is not None else None
        seat = session.seat if about is None else session.seats[about]
        counter = progress(state)
        focus_die = marks.focus.index if isinstance(marks.focus, DieTarget) else None
        palette = dice_palette(theme.high_contrast)
        keys = None
        if marks.show_keys:  # each die wears the key that holds it
            keys = [
                fonts.render(str(i + 1), 22 * lay.unit, palette.body, bold=True) for i in range(5)
            ]
        pieces = self.tray.pieces(palette, focus_die, keys)
        colours = [self.column_colour(c) for c in range(len(state.config.columns))]
        active = self.column_on_show()
        focus_box = marks.focus.category if isinstance(marks.focus, BoxTarget) else None
        previews = state.score_options() if ctx.settings.show_previews else None
        if previews is not None and not self.person_to_play and state.dice is None:
            previews = None
        advice = marks.advice if ctx.settings.advice_overlay else None
        if self.tray.rolling:  # nothing tells what the dice will show before they land
            previews = advice = None
        flash = presenter.flash
        tags = self.column_tags()
        note = self.note_line()
        can_undo = session.can_undo()
        if over is not None:
            shown: tuple[object, ...] = (marks, tuple(marks.hint_text), text, seat, counter)
            shown += (colours, active)
            shown += (focus_box, previews, advice, tags, note, can_undo, over)
            if not self._redraw(surface, pieces, shown):
                return  # nothing changed: the window shows this frame already
        self.felt.draw(surface, theme, self.card_view.region if covered else None)
        draw_message(surface, theme, fonts, lay, theme.player(seat.colour), text, counter)
        # TRANSLATORS: the label over the row where held dice sit.
        hold_label = fonts.render(_("held dice"), 20 * lay.unit, theme.panel_alt)
        self.tray.draw(
            surface, palette, hold_label, focus_die, theme.felt_dark, theme.felt_light, keys, pieces
        )
        places = [(die.x, die.y) for die in self.tray.dice]
        draw_hint_keep(surface, theme, lay, marks.hint_keep, places)
        draw_buttons(surface, ctx, lay, state, self.person_to_play, can_undo, marks.focus)
        self.card_view.draw(
            surface, state, colours, previews, focus_box, flash, active, advice, tags, backdrop
        )
        draw_notes(surface, theme, fonts, lay, marks.grade_note, note)
        if marks.hint_text:
            draw_hint(surface, theme, fonts, lay, self._hint_placed(marks.hint_text))
        for effect in presenter.effects:
            effect.draw(surface)
        if presenter.banner is not None:
            presenter.banner.draw(surface, lay.tray, fonts, theme, lay.unit)
        if marks.show_keys:
            column = self.card_view.column_rect(active if active is not None else state.column)
            draw_key_hints(surface, theme, fonts, lay, ctx.input, column)

    def _hint_placed(self, text: Sequence[str]) -> HintPlace:
        """The hint's box and folded lines, worked out once per hint, layout and fonts (not
        at every frame drawn while it shows)."""
        lines, lay, fonts = tuple(text), self.lay, self.ctx.fonts
        kept = self._hint
        if kept is None or kept[0] != lines or kept[1] is not lay or kept[2] is not fonts:
            kept = self._hint = (lines, lay, fonts, hint_box(fonts, lay, lines))
        return kept[3]

    def _redraw(self, surface: pygame.Surface, pieces: list, shown: tuple) -> bool:
        """Limit this frame to what changed since the last one drawn (ctx.frame): the places
        of the tray's pieces that moved, came or went, when nothing else on the board did
        (`shown`: the values drawn from). False when nothing at all changed."""
        ctx, presenter = self.ctx, self.presenter
        still: tuple[object, ...] = (
            shown,
            surface.get_size(),
            ctx.theme,
            ctx.fonts,
            language(),
            self.lay,
            self.felt.surface,
            self.card_view,
            self.card_view.rect,
            self.session.state,
            self.person_to_play,
            input_words(ctx.input),
        )
        # Banners, confetti and a scored box's glow change every frame, in place: drawn
        # whole while they last, and once more when they are gone.
        animated = bool(presenter.effects) or presenter.banner is not None
        animated = animated or presenter.flash is not None
        still = (animated, *still)
        now = set(pieces)
        before, self._drawn = self._drawn, (still, now)
        if animated or before is None or before[0] != still:
            return True  # the whole frame
        changed = [pygame.Rect(piece.rect) for piece in now.symmetric_difference(before[1])]
        if ctx.frame.limit(surface, changed):
            return bool(changed)
        return True

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
