"""A finished game played back on the real table: every roll, hold and score animated as it
happened, at any speed.

The board (board.py, as the table scene uses it) does the showing; a `ReplaySession`
(game.match.replay) feeds its CPU driver the logged actions as if every seat were a CPU.
This scene adds the speed, pause, step and jump controls in the place of the table's own
buttons, and a bar of how far the replay has come. Time is scaled
as a whole (the table's pacing, dice and banners alike), so 4x looks like 1x, only faster.
When the game ends the results show, with Review, Watch again and Back.

Controls:
    Space / P        pause or play
    Right / .        one action forward (pauses)
    Left / ,         one action back (pauses)
    1 / 2 / 3        speed 1x, 2x, 4x (F steps through them)
    4 / End          instant: straight to the end and its results
    Home             back to the start
    S                the rest of the turn in play at once
    Esc              leave the replay
    F1               rules and help
Mouse: the buttons under the dice (the speed button steps through the speeds).
A game pad: Left / Right step, Up / Down and A the buttons, Start pauses, LB the speed,
RB the turn at once, B leaves.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.i18n import _, pgettext
from game.rules import Phase
from game.scenes.base import Scene
from game.scenes.nav import AfterResults
from game.scenes.table.board import Board, Why
from game.scenes.table.coach import CoachOverlay
from game.scenes.table.draw import Marks
from game.ui.input import Intent, is_confirm, is_press, key_label
from game.ui.widgets import Button, FocusRing

if TYPE_CHECKING:
    from concurrent.futures import Future

    from game.match.replay import ReplaySession
    from game.rules import Action
    from game.scenes.context import Context
    from game.ui.layout import TableLayout

log = logging.getLogger(__name__)

SPEEDS = (1.0, 2.0, 4.0)
BAR_WEIGHTS = (1.25, 1.0, 1.3, 1.0, 1.0)  # play/pause, step, speed, end, back
SPEED_KEYS = {pygame.K_1: 0, pygame.K_2: 1, pygame.K_3: 2, pygame.K_KP1: 0, pygame.K_KP2: 1}


@dataclass(frozen=True)
class ReplayBar:
    """Where the replay's controls go: a dark deck over the table's own buttons, and the
    track of how far the replay has come along its top edge."""

    deck: pygame.Rect
    progress: pygame.Rect


def lay_out_bar(lay: TableLayout, controls: list[Button]) -> ReplayBar:
    """Place the controls (weighted widths) where the table's buttons are."""
    rects = list(lay.buttons.values())
    bar = rects[0].unionall(rects[1:])
    gap = max(4, round(8 * lay.unit))
    avail = bar.width - gap * (len(controls) - 1)
    x = bar.left
    for button, weight in zip(controls, BAR_WEIGHTS, strict=True):
        width = round(avail * weight / sum(BAR_WEIGHTS))
        button.rect = pygame.Rect(x, bar.top, width, bar.height)
        x += width + gap
    controls[-1].rect.right = bar.right  # rounding must not overhang
    pad = max(4, round(7 * lay.unit))
    deck = bar.inflate(2 * pad, 2 * pad)
    progress = pygame.Rect(deck.left + pad, deck.top + 1, deck.width - 2 * pad, pad - 2)
    return ReplayBar(deck, progress)


class ReplayScene(Scene):
    def __init__(self, ctx: Context, session: ReplaySession) -> None:
        super().__init__(ctx)
        self.session = session
        self.board = Board(ctx, session)
        self.coach = CoachOverlay()  # only its advice values, on a paused replay's card
        self.speed_index = 0
        # The labels are put on (in the language in use) by _sync_labels.
        self.play_button = Button(
            "", self.toggle_pause, primary=True, hint=lambda: key_label("space")
        )
        self.speed_button = Button("", self.next_speed, hint="1-3")
        self.controls = [
            self.play_button,
            Button("", lambda: self.step(1), hint=lambda: key_label("right")),
            self.speed_button,
            Button("", self.to_end, hint=lambda: key_label("end")),
            Button("", self.leave, hint=lambda: key_label("escape")),
        ]
        self._sync_labels()
        self.ring = FocusRing(self.controls)
        self.bar = ReplayBar(pygame.Rect(0, 0, 0, 0), pygame.Rect(0, 0, 0, 0))
        self.board.presenter.say(_("Replay"))
        self._show_state()

    # ----------------------------------------------------------------- the parts' faces
    @property
    def deck(self) -> pygame.Rect:
        return self.bar.deck

    @property
    def cpu_future(self) -> Future[tuple[Action, Why | None]] | None:
        """The next logged action under way in the board's worker (tests wait on it)."""
        return self.board.cpu.future

    @property
    def results_in(self) -> float | None:
        return self.board.presenter.results_in

    @property
    def animating(self) -> bool:
        return self.board.animating

    # ----------------------------------------------------------------- life cycle
    def enter(self) -> None:
        self._show_state()
        self.board.enter()

    def exit(self) -> None:
        self.board.exit()

    def notice_room(self) -> pygame.Rect:
        """The felt, under the message line and beside the card: notices hide neither."""
        return self.board.lay.tray

    def layout(self, size: tuple[int, int]) -> None:
        self.board.layout(size)
        self.bar = lay_out_bar(self.board.lay, self.controls)
        self._refresh_advice()

    def resume(self, result: object = None) -> None:
        self.layout(self.board.size)
        if result is AfterResults.NEXT_GAME:
            self._show_state()
        elif result is AfterResults.WATCH_AGAIN:
            self.restart()
        elif result is AfterResults.LEAVE:
            self.leave()

    def _show_state(self) -> None:
        self.board.show_state()
        self._refresh_advice()

    def _refresh_advice(self) -> None:
        self.coach.refresh_advice(self.session.state, self.board.wants_advice)

    # ----------------------------------------------------------------- controls
    @property
    def speed_factor(self) -> float:
        return SPEEDS[self.speed_index]

    def _sync_labels(self) -> None:
        over = self.session.finished
        if self.session.paused or over:
            # TRANSLATORS: starts the replay's playback (a media player's Play), not a new game.
            self.play_button.label = pgettext("replay button", "Play")
        else:
            self.play_button.label = pgettext("replay button", "Pause")
        self.play_button.enabled = not over
        # Translators: the replay's speed button; {factor} is 1, 2 or 4 ("Speed 2x").
        self.speed_button.label = _("Speed {factor}x").format(factor=f"{self.speed_factor:g}")
        # Translators: the replay's button that plays one action forward.
        self.controls[1].label = pgettext("replay button", "Step")
        # Translators: the replay's button that plays the rest at once and shows the results.
        self.controls[3].label = pgettext("replay button", "End")
        self.controls[4].label = pgettext("replay button", "Back")
        self.controls[1].enabled = not over
        self.controls[3].enabled = not over

    def toggle_pause(self) -> None:
        if self.session.finished:
            return
        self.session.paused = not self.session.paused
        self._sync_labels()
        self._refresh_advice()

    def set_speed(self, index: int) -> None:
        self.speed_index = index % len(SPEEDS)
        self._sync_labels()

    def next_speed(self) -> None:
        self.set_speed(self.speed_index + 1)

    def step(self, direction: int) -> None:
        """One action forward (animated) or back (shown at once); the replay pauses."""
        session, board = self.session, self.board
        session.paused = True
        board.tray.finish()
        board.presenter.banner = None
        if direction > 0:
            between_games = session.state.phase is Phase.GAME_OVER
            board.show(session.step(), self.ctx.animation_scale)
            if between_games:  # stepped on past the results: they are for the game before
                board.presenter.cancel_results()
        elif session.position > 0:
            session.seek(session.position - 1)
            self._jumped()
        self._sync_labels()
        self._refresh_advice()

    def to_end(self) -> None:
        """Instant: play every remaining action at once and show the results."""
        self.session.play_to(len(self.session))
        self._jumped()
        self.board.presenter.results_after(0.0)

    def restart(self) -> None:
        """From the first action again, playing."""
        self.session.seek(0)
        self.session.paused = False
        self._jumped()

    def leave(self) -> None:
        self.ctx.stack.pop()

    def _jumped(self) -> None:
        """The state moved without animation: show it as it is now."""
        self.board.tray.finish()
        self.board.presenter.clear()
        self.board.cpu.reason = None
        self._show_state()
        self._sync_labels()

    # ----------------------------------------------------------------- input
    def focus_grid(self) -> FocusRing:
        return self.ring

    def spoken_screen(self) -> str:
        # Translators: said aloud as a replay comes up (the screen's name).
        return pgettext("screen", "Replay")

    def handle(self, event: pygame.event.Event) -> bool:
        self.board.touch()  # what the input changes is drawn in this very frame
        if event.type == pygame.MOUSEMOTION:
            self.ring.handle_mouse(event)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            # Only the replay's buttons answer: the dice and the card are not for playing.
            return self.ring.handle_mouse(event) or True
        if not is_press(event):
            return False
        intent = self.ctx.input.intent(event)
        key = event.key
        # Esc and P share the pause intent by default; here Esc leaves and P pauses, so the
        # key itself decides.
        if key == pygame.K_ESCAPE or intent is Intent.BACK:
            self.leave()
        elif key == pygame.K_SPACE or intent is Intent.PAUSE:
            self.toggle_pause()
        elif key in (pygame.K_RIGHT, pygame.K_PERIOD) or intent is Intent.RIGHT:
            self.step(1)
        elif key in (pygame.K_LEFT, pygame.K_COMMA) or intent is Intent.LEFT:
            self.step(-1)
        elif key in SPEED_KEYS:
            self.set_speed(SPEED_KEYS[key])
        elif intent is Intent.SPEED_CPU:
            self.next_speed()
        elif key in (pygame.K_4, pygame.K_END):
            self.to_end()
        elif key == pygame.K_HOME:
            self.restart()
        elif intent is Intent.SKIP_CPU:
            self.board.presenter.dismiss_banner(event)
            self.board.skip_cpu_turn()
        elif intent is Intent.HELP:
            self.ctx.nav.help()
        elif intent in (Intent.UP, Intent.FOCUS_PREV):
            self.ring.move_linear(-1)
        elif intent in (Intent.DOWN, Intent.FOCUS_NEXT):
            self.ring.move_linear(1)
        elif is_confirm(intent):
            self.ring.press()
        else:
            return False
        return True

    # ----------------------------------------------------------------- time
    def update(self, dt: float) -> None:
        # Scaling time as a whole speeds the pacing, the dice and the banners alike.
        before = self.session.state
        self.board.update(dt * self.speed_factor)
        self._sync_labels()  # (also the labels' language, at once if it changed)
        if self.session.state is not before:
            self._refresh_advice()

    def between_frames(self, until: float) -> None:
        self.board.between_frames(until)

    # ----------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface) -> None:
        advice = self.coach.advice(self.session.state)
        self.board.draw(surface, Marks(advice=advice))
        theme, fonts, lay = self.ctx.theme, self.ctx.fonts, self.board.lay
        # The replay's controls sit where the table's own buttons were.
        deck, track = self.bar.deck, self.bar.progress
        pygame.draw.rect(surface, theme.felt_dark, deck, 0, max(4, deck.height // 6))
        self.ring.draw(surface, theme, fonts)
        total = max(1, len(self.session))
        done = track.copy()
        done.width = round(track.width * self.session.position / total)
        if done.width:
            pygame.draw.rect(surface, theme.focus, done, 0, track.height // 2)
        # What is playing, at the tray's top right.
        position = self.session.position
        if self.session.finished:
            status = _("Replay: the end")
        elif self.session.paused:
            # Translators: {position} of {total} actions of the game replayed so far.
            status = _("Replay paused  {position}/{total}").format(position=position, total=total)
        else:
            # Translators: {factor} is the speed (1, 2 or 4); {position} of {total} actions.
            status = _("Replay {factor}x  {position}/{total}").format(
                factor=f"{self.speed_factor:g}", position=position, total=total
            )
        image = fonts.render(status, 20 * lay.unit, theme.text_on_accent, bold=True)
        pill = image.get_rect().inflate(round(16 * lay.unit), round(8 * lay.unit))
        pill.topright = (lay.tray.right - 4, lay.tray.top + 4)
        pygame.draw.rect(surface, theme.accent, pill, 0, pill.height // 2)
        surface.blit(image, image.get_rect(center=pill.center))
