"""A finished game played back on the real table: every roll, hold and score animated as it
happened, at any speed.

The table scene does the showing; a `ReplaySession` (game.match.replay) feeds it the logged actions
as if every seat were a CPU. This scene adds the speed, pause, step and jump controls in the
place of the table's own buttons, and a bar of how far the replay has come. Time is scaled
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
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import pygame

from game.rules import Phase
from game.scenes.nav import AfterResults
from game.scenes.table import TableScene
from game.scenes.table_show import show_events
from game.ui.widgets import Button, FocusRing

if TYPE_CHECKING:
    from game.context import Context
    from game.match.replay import ReplaySession

log = logging.getLogger(__name__)

SPEEDS = (1.0, 2.0, 4.0)
BAR_WEIGHTS = (1.25, 1.0, 1.3, 1.0, 1.0)  # play/pause, step, speed, end, back


class ReplayScene(TableScene):
    def __init__(self, ctx: Context, session: ReplaySession) -> None:
        super().__init__(ctx, session)
        self.session: ReplaySession = session
        self.speed_index = 0
        self.play_button = Button("Pause", self.toggle_pause, primary=True, hint="Space")
        self.speed_button = Button("Speed 1x", self.next_speed, hint="1-3")
        self.controls = [
            self.play_button,
            Button("Step", lambda: self.step(1), hint="Right"),
            self.speed_button,
            Button("End", self.to_end, hint="End"),
            Button("Back", self.leave, hint="Esc"),
        ]
        self.ring = FocusRing(self.controls)
        self.bar = pygame.Rect(0, 0, 0, 0)
        self.deck = pygame.Rect(0, 0, 0, 0)
        self.progress = pygame.Rect(0, 0, 0, 0)
        self.message = "Replay"
        self._sync_labels()

    # ----------------------------------------------------------------- layout
    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        rects = list(self.lay.buttons.values())
        self.bar = rects[0].unionall(rects[1:])
        gap = max(4, round(8 * self.lay.unit))
        avail = self.bar.width - gap * (len(self.controls) - 1)
        x = self.bar.left
        for button, weight in zip(self.controls, BAR_WEIGHTS, strict=True):
            width = round(avail * weight / sum(BAR_WEIGHTS))
            button.rect = pygame.Rect(x, self.bar.top, width, self.bar.height)
            x += width + gap
        self.controls[-1].rect.right = self.bar.right  # rounding must not overhang
        # A dark deck under the controls hides the table's own buttons; how far the replay
        # has come runs along its top edge.
        pad = max(4, round(7 * self.lay.unit))
        self.deck = self.bar.inflate(2 * pad, 2 * pad)
        self.progress = pygame.Rect(
            self.deck.left + pad, self.deck.top + 1, self.deck.width - 2 * pad, pad - 2
        )

    # ----------------------------------------------------------------- controls
    @property
    def speed_factor(self) -> float:
        return SPEEDS[self.speed_index]

    def _sync_labels(self) -> None:
        over = self.session.finished
        self.play_button.label = "Play" if self.session.paused or over else "Pause"
        self.play_button.enabled = not over
        self.speed_button.label = f"Speed {self.speed_factor:g}x"
        self.controls[1].enabled = not over
        self.controls[3].enabled = not over

    def toggle_pause(self) -> None:
        if self.session.finished:
            return
        self.session.paused = not self.session.paused
        self._sync_labels()

    def set_speed(self, index: int) -> None:
        self.speed_index = index % len(SPEEDS)
        self._sync_labels()

    def next_speed(self) -> None:
        self.set_speed(self.speed_index + 1)

    def step(self, direction: int) -> None:
        """One action forward (animated) or back (shown at once); the replay pauses."""
        session = self.session
        session.paused = True
        self.tray.finish()
        self.banner = None
        if direction > 0:
            between_games = session.state.phase is Phase.GAME_OVER
            show_events(self, session.step(), self.ctx.animation_scale)
            if between_games:  # stepped on past the results: they are for the game before
                self.results_in = None
        elif session.position > 0:
            session.seek(session.position - 1)
            self._jumped()
        self._sync_labels()

    def to_end(self) -> None:
        """Instant: play every remaining action at once and show the results."""
        self.session.play_to(len(self.session))
        self._jumped()
        self.results_in = 0.0

    def restart(self) -> None:
        """From the first action again, playing."""
        self.session.seek(0)
        self.session.paused = False
        self._jumped()

    def leave(self) -> None:
        self.ctx.stack.pop()

    def resume(self, result: object = None) -> None:
        super().resume(result)
        if result is AfterResults.WATCH_AGAIN:
            self.restart()
        elif result is AfterResults.LEAVE:
            self.leave()

    def _jumped(self) -> None:
        """The state moved without animation: show it as it is now."""
        self.tray.finish()
        self.banner = None
        self.effects = []
        self.flash = None
        self.results_in = None
        self.reason = ""
        self.message = ""
        self.resync()
        self._sync_labels()

    # ----------------------------------------------------------------- input
    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.ring.handle_mouse(event)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            # Only the replay's buttons answer: the dice and the card are not for playing.
            return self.ring.handle_mouse(event) or True
        if event.type != pygame.KEYDOWN:
            return False
        intent = self.ctx.input.intent(event)
        key = event.key
        speeds = {pygame.K_1: 0, pygame.K_2: 1, pygame.K_3: 2, pygame.K_KP1: 0, pygame.K_KP2: 1}
        if key == pygame.K_ESCAPE:
            self.leave()
        elif key == pygame.K_SPACE or intent == "pause":
            self.toggle_pause()
        elif key in (pygame.K_RIGHT, pygame.K_PERIOD):
            self.step(1)
        elif key in (pygame.K_LEFT, pygame.K_COMMA):
            self.step(-1)
        elif key in speeds:
            self.set_speed(speeds[key])
        elif intent == "speed_cpu":
            self.next_speed()
        elif key in (pygame.K_4, pygame.K_END):
            self.to_end()
        elif key == pygame.K_HOME:
            self.restart()
        elif intent in ("skip_cpu", "help"):
            return super().handle(event)
        elif intent in ("up", "focus_prev"):
            self.ring.move(-1)
        elif intent in ("down", "focus_next"):
            self.ring.move(1)
        elif intent == "confirm":
            self.ring.press()
        else:
            return False
        return True

    # ----------------------------------------------------------------- time
    def update(self, dt: float) -> None:
        # Scaling time as a whole speeds the pacing, the dice and the banners alike.
        super().update(dt * self.speed_factor)
        if self.session.finished and self.play_button.enabled:
            self._sync_labels()

    # ----------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        theme, fonts, lay = self.ctx.theme, self.ctx.fonts, self.lay
        # The replay's controls sit where the table's own buttons were.
        pygame.draw.rect(surface, theme.felt_dark, self.deck, 0, max(4, self.deck.height // 6))
        self.ring.draw(surface, theme, fonts)
        track = self.progress
        total = max(1, len(self.session))
        done = track.copy()
        done.width = round(track.width * self.session.position / total)
        if done.width:
            pygame.draw.rect(surface, theme.focus, done, 0, track.height // 2)
        # What is playing, at the tray's top right.
        if self.session.finished:
            status = "Replay: the end"
        elif self.session.paused:
            status = f"Replay paused  {self.session.position}/{total}"
        else:
            status = f"Replay {self.speed_factor:g}x  {self.session.position}/{total}"
        image = fonts.render(status, 20 * lay.unit, theme.text_on_accent, bold=True)
        pill = image.get_rect().inflate(round(16 * lay.unit), round(8 * lay.unit))
        pill.topright = (lay.tray.right - 4, lay.tray.top + 4)
        pygame.draw.rect(surface, theme.accent, pill, 0, pill.height // 2)
        surface.blit(image, image.get_rect(center=pill.center))
