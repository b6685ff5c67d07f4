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
    S / F            skip to the end of a CPU turn / CPU turns fast
    K                show or hide the key hints
    F1               rules and help
    Esc / P          pause
Mouse: click a die to hold it, click a box to score it, click the buttons.
"""

from __future__ import annotations

import logging
from concurrent.futures import Future, ThreadPoolExecutor

import pygame

from game.match.session import Session
from game.rules import Category, GameState, IllegalAction, Phase, Roll, Score, Stand
from game.rules import events as ev
from game.rules.actions import Hold, Release
from game.scenes import table_draw
from game.scenes.base import Scene
from game.scenes.nav import AfterResults
from game.scenes.table_show import show_events
from game.ui.dice_tray import DiceTray
from game.ui.effects import Banner
from game.ui.layout import table_layout
from game.ui.palette import dice_palette
from game.ui.scorecard_view import ScorecardView
from game.ui.widgets import FeltBackground

log = logging.getLogger(__name__)

CPU_DELAY = {"slow": 0.9, "normal": 0.45, "fast": 0.2}  # s before each CPU action
CPU_HOLD_SHARE = 0.4  # holds come quicker than rolls and scores
CPU_FAST = 0.3  # delay and animation factor while the player speeds CPUs up
FLASH_FADE = 1.2  # s for a scored box's glow to fade
TURN_BANNER = 1.2  # s
GRADE_TIME = 4.0  # s a grading mark stays


class TableScene(Scene):
    def __init__(self, ctx, session: Session) -> None:
        super().__init__(ctx)
        self.session = session
        self.tray = DiceTray(seed=session.seed)
        self.card_view = ScorecardView(ctx.fonts, ctx.theme)
        self.lay = table_layout((1280, 800), len(session.config.columns))
        self.message = ""
        self.banner: Banner | None = None
        self.effects: list = []
        self.flash = None
        self.focus: tuple = ("button", "roll")
        self.show_keys = False
        self.hint_text: list[str] = []
        self.hint_keep: tuple[int, ...] = ()
        self.hint_box: Category | None = None
        self.cpu_wait = 0.0
        self.cpu_fast = False
        self.cpu_future: Future | None = None
        self.cpu_future_state: GameState | None = None
        self._executor: ThreadPoolExecutor | None = None
        self.results_in: float | None = None
        self.grade_note = ""
        self.grade_time = 0.0
        self.reason = ""  # a CPU's one-line reason for its last decision
        self.start_rolls: dict[int, int] = {}  # column -> its start-roll total this game
        self._advice: tuple[GameState | None, dict] = (None, {})
        self.landed_sound_due = False
        self.felt = FeltBackground()
        self.size = (1280, 800)
        self.resync()

    # ----------------------------------------------------------------- life cycle
    def enter(self) -> None:
        self.resync()
        levels = sorted({seat.kind for seat in self.session.seats if seat.is_cpu})
        if levels:
            # The levels' valuations take about a second to load: do it now, off the main
            # thread, while the player looks at the table (the first CPU move queues behind).
            from game.ai.levels import preload

            self._worker().submit(preload, self.session.config.variant, levels)
        if self.session.state.phase in (Phase.GAME_OVER, Phase.MATCH_OVER):
            self.results_in = 0.0

    def resume(self, result: object = None) -> None:
        self.layout(self.size)
        if result is AfterResults.NEXT_GAME:
            self.resync()

    def exit(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)

    def layout(self, size: tuple[int, int]) -> None:
        """Place everything for this window size, in the current theme and text size."""
        self.size = size
        if self.card_view.theme is not self.ctx.theme or self.card_view.fonts is not self.ctx.fonts:
            self.card_view = ScorecardView(self.ctx.fonts, self.ctx.theme)
        self.tray.reduced_motion = self.ctx.settings.reduced_motion
        state = self.session.state
        self.lay = table_layout(size, len(state.config.columns))
        self.tray.set_layout(self.lay, dice_palette(self.ctx.theme.high_contrast))
        self.card_view.layout(self.lay.card, state)
        self.felt.fit(size, self.ctx.theme)

    def resync(self) -> None:
        """Show the state as it is, with no animation (after load, undo, skip or a new game)."""
        state = self.session.state
        self.tray.reduced_motion = self.ctx.settings.reduced_motion
        self.tray.sync(state.dice, state.held)
        self.card_view.layout(self.lay.card, state)
        self.cpu_future = None
        self.hint_text, self.hint_keep, self.hint_box = [], (), None
        if not self.message:
            self.message = self._prompt()
        self._fix_focus()

    def request_quit(self) -> bool:
        return True  # the game was saved after the last action

    # ----------------------------------------------------------------- helpers
    @property
    def speed(self) -> float:
        scale = self.ctx.animation_scale
        if self.session.is_cpu_turn and self.cpu_fast:
            scale *= CPU_FAST
        return scale

    def column_colour(self, column: int) -> tuple[int, int, int]:
        player = self.session.config.columns[column][0]
        return self.ctx.theme.player(self.session.seats[player].colour)

    def _prompt(self) -> str:
        state, seat = self.session.state, self.session.seat
        if state.phase is Phase.ROLL_OFF:
            return f"{seat.name}: roll for the start"
        if state.phase is Phase.TIE_BREAK:
            return f"Tie-breaker: {seat.name} to roll"
        if state.phase is Phase.TURN and state.dice is None:
            return f"{seat.name} to roll"
        if state.phase is Phase.TURN and state.rolls_left:
            return f"{seat.name}: hold dice and roll again, or choose a box"
        if state.phase is Phase.TURN:
            return f"{seat.name}: choose a box"
        return ""

    @property
    def person_to_play(self) -> bool:
        return not self.session.is_cpu_turn and self.session.state.phase in (
            Phase.ROLL_OFF,
            Phase.TURN,
            Phase.TIE_BREAK,
        )

    @property
    def animating(self) -> bool:
        return (
            self.tray.animating
            or self.banner is not None
            or bool(self.effects)
            or self.flash is not None
            or self.results_in is not None
            or self.session.is_cpu_turn
            or self.grade_time > 0
        )

    # ----------------------------------------------------------------- focus
    def _targets(self) -> list[tuple]:
        state = self.session.state
        targets: list[tuple] = []
        if state.dice is not None and state.rolls_left > 0:
            targets += [("die", i) for i in range(5)]
        targets += [("button", name) for name in ("roll", "hint", "undo", "menu")]
        targets += [("box", c) for c in self._open_boxes()]
        return targets

    def _open_boxes(self) -> list[Category]:
        return sorted(self.session.state.score_options(), key=lambda c: c.value)

    def _fix_focus(self) -> None:
        if self.focus not in self._targets():
            self.focus = ("button", "roll")

    def _move_focus(self, step: int, kinds: tuple[str, ...] | None = None) -> None:
        targets = [t for t in self._targets() if kinds is None or t[0] in kinds]
        if not targets:
            return
        if self.focus in targets:
            i = (targets.index(self.focus) + step) % len(targets)
        else:
            i = 0 if step > 0 else len(targets) - 1
        self.focus = targets[i]

    # ----------------------------------------------------------------- input
    def handle(self, event: pygame.event.Event) -> bool:
        intent = self.ctx.input.intent(event)
        if intent == "pause":
            self.open_pause()
            return True
        if intent == "help":
            self.ctx.nav.help()
            return True
        if intent == "key_hints":
            self.show_keys = not self.show_keys
            return True
        if self.banner is not None and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.banner = None  # any key or click dismisses an announcement
        if intent == "skip_cpu":
            self.skip_cpu_turn()
            return True
        if intent == "speed_cpu":
            self.cpu_fast = not self.cpu_fast
            self.message = "CPU turns: fast" if self.cpu_fast else "CPU turns: normal pace"
            return True
        if event.type == pygame.MOUSEMOTION:
            return self._hover(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._click(event.pos)
        if intent is None:
            return False
        if intent == "roll":
            self.press("roll")
        elif intent.startswith("hold_"):
            self.toggle_die(int(intent[-1]) - 1)
        elif intent == "undo":
            self.press("undo")
        elif intent == "hint":
            self.press("hint")
        elif intent in ("up", "down"):
            self._move_focus(-1 if intent == "up" else 1, ("box",))
        elif intent in ("left", "right"):
            self._move_focus(-1 if intent == "left" else 1, ("die", "button"))
        elif intent in ("focus_next", "focus_prev"):
            self._move_focus(1 if intent == "focus_next" else -1)
        elif intent == "confirm":
            self.activate(self.focus)
        else:
            return False
        return True

    def _target_at(self, pos) -> tuple | None:
        die = self.tray.die_at(pos)
        if die is not None:
            return ("die", die)
        for name, rect in self.lay.buttons.items():
            if rect.collidepoint(pos):
                return ("button", name)
        box = self.card_view.box_at(pos)
        if box is not None and box[0] == self.session.state.column:
            return ("box", box[1])
        return None

    def _hover(self, pos) -> bool:
        target = self._target_at(pos)
        if target is not None and target in self._targets() and target != self.focus:
            self.focus = target
            return True
        return False

    def _click(self, pos) -> bool:
        target = self._target_at(pos)
        if target is None:
            return False
        self.activate(target)
        return True

    def activate(self, target: tuple) -> None:
        kind, what = target
        if kind == "die":
            self.toggle_die(what)
        elif kind == "button":
            self.press(what)
        elif kind == "box":
            self.score(what)

    def press(self, name: str) -> None:
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

    def open_pause(self) -> None:
        self.tray.finish()
        self.ctx.nav.pause(self.session)

    def toggle_die(self, die: int) -> None:
        state = self.session.state
        if not 0 <= die <= 4 or state.dice is None:
            self.act(Hold(max(0, min(4, die))))  # refused with the reason
            return
        self.act(Release(die) if state.held[die] else Hold(die))

    def score(self, category: Category) -> None:
        self.act(Score(category))

    def _question(self, action) -> str | None:
        """What to ask before a person's action: verify a score, or a big mistake."""
        from game.ai.coach import describe, grade

        state, settings = self.session.state, self.ctx.settings
        questions = []
        if isinstance(action, Score) and state.phase is Phase.TURN:
            points = state.score_options().get(action.category)
            if points is None:
                return None  # refused with its reason by the rules
            if settings.verify == "all" or (settings.verify == "zeros" and points == 0):
                questions.append(f"Score {points} in {action.category.label}?")
        if settings.confirm_big_mistakes:
            decision = grade(state, action)
            if decision is not None and decision.cost >= settings.big_mistake_threshold:
                questions.append(
                    f"That costs about {decision.cost:.1f} points: "
                    f"{describe(decision.best)} is better. Are you sure?"
                )
        return " ".join(questions) or None

    def act(self, action, confirmed: bool = False) -> None:
        """A person's action: refused with the reason, or applied and shown."""
        if self.session.is_cpu_turn:
            self.message = f"Wait: it is {self.session.seat.name}'s turn (S skips it)"
            return
        if self.session.state.phase in (Phase.GAME_OVER, Phase.MATCH_OVER):
            return
        if self.tray.rolling:
            # Dice in the air: a press lands them at once and does nothing else, so a
            # double tap never spends a second roll on dice the player has not seen.
            self.tray.finish()
            return
        if not confirmed:
            question = self._question(action)
            if question:
                self.ctx.nav.confirm(question, lambda: self.act(action, confirmed=True))
                return
        try:
            events = self.session.apply(action)
        except IllegalAction as refusal:
            self.message = str(refusal).capitalize()
            return
        self.hint_text, self.hint_keep, self.hint_box = [], (), None
        self._note_grade(self.session.last_decision)
        show_events(self, events, self.speed)
        self._fix_focus()

    def _note_grade(self, decision) -> None:
        """Live grading: a small mark when a choice cost more than the player's threshold."""
        from game.ai.coach import describe

        settings = self.ctx.settings
        if decision is None or not settings.grading:
            return
        if decision.cost > settings.grading_threshold:
            self.grade_note = f"-{decision.cost:.1f}  (best: {describe(decision.best)})"
            self.grade_time = GRADE_TIME

    def undo(self) -> None:
        if not self.session.can_undo():
            self.message = "Nothing to undo: rolls and CPU moves cannot be undone"
            return
        action = self.session.undo()
        self.tray.sync(self.session.state.dice, self.session.state.held)
        self.flash = None
        self.message = f"Undone: {_describe_action(action)}"
        self._fix_focus()

    def show_hint(self) -> None:
        from game.ai.coach import hint

        state = self.session.state
        if not self.ctx.settings.hints_enabled:
            self.message = "Hints are off (Settings)"
            return
        if not self.person_to_play or state.phase is not Phase.TURN or state.dice is None:
            self.message = "A hint needs your dice: roll first"
            return
        self.session.mark_assisted()
        best = hint(state)
        self.hint_text, self.hint_keep, self.hint_box = best.lines(), best.keep, best.box
        if best.box is not None:
            self.focus = ("box", best.box)

    def on_turn_started(self, event: ev.TurnStarted) -> None:
        seat = self.session.seats[event.player]
        self.tray.put_away()
        self.focus = ("button", "roll")
        if not seat.is_cpu and (self.session.person_count > 1 or len(self.session.seats) > 1):
            self.banner = Banner(
                f"Your turn, {seat.name}",
                self.column_colour(event.column),
                TURN_BANNER * max(0.3, self.ctx.animation_scale),
            )
            self.ctx.play("turn", 0.7)
        self.cpu_wait = self._cpu_delay(Roll())

    # ----------------------------------------------------------------- CPU turns
    def _cpu_delay(self, action) -> float:
        delay = CPU_DELAY[self.ctx.settings.cpu_pace]
        if isinstance(action, (Hold, Release)):
            delay *= CPU_HOLD_SHARE
        if self.cpu_fast:
            delay *= CPU_FAST
        return delay * max(0.2, self.ctx.animation_scale)

    def _worker(self) -> ThreadPoolExecutor:
        """The one thread CPU thinking runs on, made when first needed."""
        if self._executor is None:
            self._executor = ThreadPoolExecutor(1, thread_name_prefix="cpu")
        return self._executor

    def _cpu_step(self, dt: float) -> None:
        if not self.session.is_cpu_turn or self.tray.animating or self.banner is not None:
            return
        self.cpu_wait -= dt
        state = self.session.state
        if self.cpu_future is None:
            # Decide in a worker thread so a slow first decision never freezes the window.
            self.cpu_future = self._worker().submit(self._cpu_decide, state)
            self.cpu_future_state = state
            return
        if self.cpu_wait > 0 or not self.cpu_future.done():
            return
        future, self.cpu_future = self.cpu_future, None
        if self.cpu_future_state is not state:
            return  # the state moved on (skip, load): decide again
        action, reason = future.result()
        events = self.session.apply(action)
        show_events(self, events, self.speed)
        if reason:
            self.reason = f"{self.session.seats[state.player].name}: {reason}"
        self.cpu_wait = self._cpu_delay(action)

    def _cpu_decide(self, state: GameState):
        """In the worker thread: the CPU's action, and why (when the player wants reasons)."""
        from game.ai.coach import choice_of, explain

        action = self.session.cpu_action()
        reason = None
        choice = choice_of(state, action) if self.ctx.settings.cpu_reasons else None
        if choice is not None:
            reason = explain(state, choice)
        return action, reason

    def skip_cpu_turn(self) -> None:
        """Play the rest of the CPU's turn at once and show where it ended."""
        session = self.session
        if not session.is_cpu_turn:
            self.message = "No CPU turn to skip"
            return
        self.cpu_future = None
        player, turn = session.state.player, session.state.turn
        shown: list = []
        for _ in range(200):
            state = session.state
            if not session.is_cpu_turn or state.player != player or state.turn != turn:
                break
            shown += session.apply(session.cpu_action())
        show_events(self, shown, 0.0)
        self.tray.finish()
        self.banner = None if not any(isinstance(e, ev.TurnStarted) for e in shown) else self.banner

    # ----------------------------------------------------------------- time
    def update(self, dt: float) -> None:
        self.tray.update(dt)
        if self.landed_sound_due and self.tray.landing:
            self.landed_sound_due = False
            self.ctx.play("dice_land_1")
        if self.banner is not None:
            self.banner.update(dt)
            if self.banner.done:
                self.banner = None
        if self.grade_time > 0:
            self.grade_time -= dt
            if self.grade_time <= 0:
                self.grade_note = ""
        for effect in self.effects:
            effect.update(dt)
        self.effects = [e for e in self.effects if not e.done]
        if self.flash is not None:
            self.flash.strength -= dt / FLASH_FADE
            if self.flash.strength <= 0:
                self.flash = None
        if self.results_in is not None:
            self.results_in -= dt
            if self.results_in <= 0:
                self.results_in = None
                self.ctx.nav.results(self.session)
            return
        self._cpu_step(dt)

    # ----------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface) -> None:
        theme, fonts, lay = self.ctx.theme, self.ctx.fonts, self.lay
        self.felt.draw(surface, theme)
        state = self.session.state
        table_draw.draw_message(self, surface)
        hold_label = fonts.render("held dice", 20 * lay.unit, theme.panel_alt)
        focus_die = self.focus[1] if self.focus[0] == "die" else None
        strip = theme.felt_dark
        self.tray.draw(
            surface,
            dice_palette(theme.high_contrast),
            hold_label,
            focus_die,
            strip,
            theme.felt_light,
        )
        for i in self.hint_keep:
            x, y = self.lay.roll_slots[i] if not state.held[i] else self.lay.hold_slots[i]
            r = round(self.lay.die_size * 0.72)
            pygame.draw.circle(
                surface, theme.focus, (round(x), round(y)), r, width=max(2, round(3 * lay.unit))
            )
        table_draw.draw_buttons(self, surface)
        colours = [self.column_colour(c) for c in range(len(state.config.columns))]
        active = state.column if state.phase in (Phase.TURN, Phase.ROLL_OFF) else None
        focus_box = self.focus[1] if self.focus[0] == "box" else None
        previews = state.score_options() if self.ctx.settings.show_previews else None
        if previews is not None and not self.person_to_play and state.dice is None:
            previews = None
        advice = self._advice_values() if self.ctx.settings.advice_overlay else None
        self.card_view.draw(
            surface, state, colours, previews, focus_box, self.flash, active, advice
        )
        table_draw.draw_notes(self, surface)
        if self.hint_text:
            table_draw.draw_hint(self, surface)
        for effect in self.effects:
            effect.draw(surface)
        if self.banner is not None:
            self.banner.draw(surface, lay.tray, fonts, theme, lay.unit)
        if self.show_keys:
            table_draw.draw_key_hints(self, surface)

    def _advice_values(self) -> dict:
        """Expected final total if each open box were scored now (cached per state)."""
        state = self.session.state
        if not self.person_to_play or state.phase is not Phase.TURN or state.dice is None:
            return {}
        if self._advice[0] is not state:
            from game.ai import option_values

            values = option_values(state.card, state.dice, state.rolls_left, state.config.variant)
            self._advice = (state, {c.category: v for c, v in values if isinstance(c, Score)})
        return self._advice[1]


def _describe_action(action) -> str:
    if isinstance(action, Score):
        return f"score in {action.category.label}"
    if isinstance(action, Hold):
        return f"hold die {action.die + 1}"
    if isinstance(action, Release):
        return f"release die {action.die + 1}"
    return str(action)
