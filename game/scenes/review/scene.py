"""The coach's review of a finished game: for each person at the table, the expected points
their decisions cost, what the dice gave (luck), their three costliest decisions with the dice
of that moment, and a chart of their expected final score turn by turn. CPU players are
listed in brief.

Works from any finished game's log: right after the game (`ReviewScene.from_session`) or
later from the history (`ReviewScene.from_history`). The coach replays and grades the log in
a worker thread (eight players take longer than a frame), and the scene says "Analysing"
meanwhile; the window never freezes.

Controls:
    Left / Right, Tab / Shift+Tab   the previous / next player
    Up / Down        scroll a line
    PageUp / PageDown, Home / End   scroll a page, to the top or the end
    [ / ]            the previous / next game of a match
    Esc / Enter / Backspace         back
Mouse: click a player's tab, the game arrows or Back; the wheel or the scroll bar scrolls.

This module is the scene: the analysis, the choice of player and game, and the input. The
page is painted in page.py, the screen laid out in layout.py and drawn in draw.py; none of
them sees the scene.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.ai.coach.advice import Decision, PlayerReview, Review, review
from game.ai.coach.win_review import WinCost, WinTrack, costliest_for_win, win_track
from game.i18n import _, format_datetime
from game.match.seats import Seat
from game.rules import Action, GameConfig, NextGame
from game.rules.game import RngState
from game.scenes.list_screen import Hit, ListScreen
from game.scenes.review.draw import ReviewView, TabLabel, draw_review
from game.scenes.review.layout import UNPLACED, ReviewLayout, lay_out, variant_line
from game.scenes.review.page import (
    COSTLIEST,
    ReviewPage,
    decision_phrase,
    ink_for,
    render_review_page,
    verdict_sentence,
)
from game.scenes.review.win_part import WinSection
from game.speech import Announcement
from game.ui.forms import Cycler
from game.ui.input import Intent
from game.ui.widgets import Button, FeltBackground

if TYPE_CHECKING:
    from game.match.session import Session
    from game.scenes.context import Context
    from game.storage import HistoryLog

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class WinAnalysis:
    track: WinTrack | None  # None alone at the table
    costs: dict[int, WinCost | None]  # per person: the decision that cost most chance to win


def analyse(
    config: GameConfig,
    start_rng: RngState,
    log: Sequence[Action],
    index: int,
    people: tuple[int, ...],
    kinds: tuple[str, ...] | None = None,
) -> tuple[Review, WinAnalysis]:
    """In the worker thread: the coach's review of one game and, with others at the table,
    the chances to win round by round and each person's costliest decision for winning, each
    seat at its pace then (kinds: per player, a CPU level or "person")."""
    graded = review(config, start_rng, list(log), index)
    if len(config.competitors) < 2:
        return graded, WinAnalysis(None, {})
    decisions = [d for pr in graded.players.values() for d in pr.decisions]
    track = win_track(config, start_rng, log, index, kinds, decisions)
    costs = costliest_for_win(config, start_rng, log, index, people, kinds, decisions)
    return graded, WinAnalysis(track, costs)


def games_played(config: GameConfig, log_actions: Sequence[Action]) -> int:
    """Games of the match the log reaches (each NextGame starts one more)."""
    return min(config.games, 1 + sum(isinstance(a, NextGame) for a in log_actions))


class ReviewScene(ListScreen[int]):
    """The people at the table, each a tab; the page shows the chosen one's review."""

    # Left/Right and Tab step the players, round and round; no ring of buttons (Back stands
    # alone, and Enter is Back's).
    step_keys = {Intent.LEFT: -1, Intent.FOCUS_PREV: -1, Intent.RIGHT: 1, Intent.FOCUS_NEXT: 1}
    focus_keys = {}
    wraps = True

    def __init__(
        self,
        ctx: Context,
        config: GameConfig,
        start_rng: RngState,
        log: Sequence[Action],
        game_index: int = 0,
        seats: Sequence[Seat] = (),
        *,
        subtitle: str = "",
        own_seats: frozenset[int] | None = None,
    ) -> None:
        super().__init__(ctx)
        self.own_seats = own_seats  # a network table's seats played here: "you" in the verdict
        self.config = config
        self.start_rng = start_rng
        self.log = list(log)
        self.seats = tuple(seats) or tuple(
            Seat(name, colour=i % 8) for i, name in enumerate(config.players)
        )
        self.games = games_played(config, self.log)
        self.game_index = max(0, min(game_index, self.games - 1))
        self.subtitle = subtitle
        # Tabs for the people; the CPUs are listed in brief. A table of CPUs gets tabs all round.
        people = [i for i, seat in enumerate(self.seats) if not seat.is_cpu]
        self.people: list[int] = people or list(range(len(self.seats)))
        self.others: list[int] = [i for i in range(len(self.seats)) if i not in self.people]
        self._said: tuple[int, int, bool] | None = None  # what the verdict was said for
        self.reviews: dict[int, Review] = {}
        self.wins: dict[int, WinAnalysis] = {}  # the chances to win, with others at the table
        self.failed: dict[int, str] = {}
        self._executor: ThreadPoolExecutor | None = None
        self._future: Future[tuple[Review, WinAnalysis]] | None = None
        self._future_index = -1
        self.age = 0.0
        self._redraw = 0  # frames to draw after the review arrives (the loop sleeps otherwise)
        self.back = Button(
            _("Back"), self.close, primary=True, hint=lambda: ctx.input.label("back")
        )
        self.game_cycler = Cycler(
            lambda: _("Game {game} of {games}").format(game=self.game_index + 1, games=self.games),
            self.step_game,
            key="game",
        )
        self.felt = FeltBackground()
        self.screen: ReviewLayout = UNPLACED
        self.page: pygame.Surface | None = None
        self.page_rects: dict[str, pygame.Rect] = {}  # where each part went (tests, layout checks)
        self._analyse(self.game_index)

    # ----------------------------------------------------------------- constructors

    @classmethod
    def from_session(
        cls, ctx: Context, session: Session, game_index: int | None = None
    ) -> ReviewScene:
        """The last finished game of a session (or `game_index`)."""
        state = session.state
        if game_index is None:
            game_index = max(0, len(state.results) - 1) if state.results else state.game_index
        game = session.game
        return cls(
            ctx,
            game.config,
            game.start_state,
            getattr(session, "actions", game.log),  # a replay reviews its whole log
            game_index,
            session.seats,
            subtitle=variant_line(game.config),
            own_seats=getattr(session, "own_seats", None),
        )

    @classmethod
    def from_history(cls, ctx: Context, history: HistoryLog, game_index: int = 0) -> ReviewScene:
        game = history.game
        subtitle = f"{variant_line(game.config)}  -  {format_datetime(history.date)}"
        return cls(
            ctx,
            game.config,
            game.start_state,
            game.log,
            game_index,
            history.seats,
            subtitle=subtitle,
        )

    # ----------------------------------------------------------------- the analysis

    def _analyse(self, index: int) -> None:
        """Start the coach on a game unless it is done or under way."""
        if index in self.reviews or index in self.failed or self._future_index == index:
            return
        if self._executor is None:
            self._executor = ThreadPoolExecutor(1, thread_name_prefix="review")
        self._future = self._executor.submit(
            analyse,
            self.config,
            self.start_rng,
            self.log,
            index,
            tuple(self.people),
            tuple(seat.kind for seat in self.seats),
        )
        self._future_index = index

    def _collect(self) -> bool:
        """Take a finished analysis; True when one came in."""
        future = self._future
        if future is None or not future.done():
            return False
        index = self._future_index
        self._future, self._future_index = None, -1
        try:
            self.reviews[index], self.wins[index] = future.result()
        except Exception as error:  # a bad log must not close the game
            log.exception("the review of game %d failed", index + 1)
            # Translators: {error} is the reason, as the program gave it (often in English).
            self.failed[index] = _("The coach could not review this game ({error}).").format(
                error=error
            )
        if index != self.game_index:
            self._analyse(self.game_index)
        return True

    def join(self, timeout: float | None = None) -> None:
        """Wait for the analysis of the game shown and take it (tests and the snapshot tool;
        the game itself never waits)."""
        while self._future is not None:
            self._future.exception(timeout)
            self._collect()
        self._build_page()

    @property
    def ready(self) -> bool:
        return self.game_index in self.reviews

    @property
    def current(self) -> Review | None:
        return self.reviews.get(self.game_index)

    @property
    def tab(self) -> int:
        """The chosen tab: the index among the people of the player shown."""
        return self.selected

    @property
    def player(self) -> int:
        """The player whose page is shown."""
        return self.people[self.tab]

    @property
    def player_review(self) -> PlayerReview | None:
        current = self.current
        return None if current is None else current.players.get(self.player)

    @property
    def shown_decisions(self) -> list[Decision]:
        """The decisions on the page: the shown player's costliest."""
        pr = self.player_review
        return [] if pr is None else pr.costliest(COSTLIEST)

    # ----------------------------------------------------------------- speech
    def spoken_screen(self) -> str:
        return _("Review")

    def spoken_news(self) -> list[Announcement]:
        """The page's verdict (what decisions cost, what the dice gave) and its costliest
        decisions, said once the coach has worked out the game shown, and again for each
        player or game chosen."""
        pr = self.player_review
        key = (self.game_index, self.tab, pr is not None)
        if key == self._said:
            return []
        self._said = key
        if pr is None:
            return []  # still working it out: said when it is there
        seat = self.seats[pr.player]
        said = [Announcement(seat.name), Announcement(verdict_sentence(pr, seat, self.own_seats))]
        return said + [Announcement(decision_phrase(d)) for d in self.shown_decisions]

    # ----------------------------------------------------------------- actions

    def choice_changed(self) -> None:
        self.scroll.scroll_to(0)
        self._build_page()

    def step_game(self, step: int) -> None:
        if self.games < 2:
            return
        self.game_index = (self.game_index + step) % self.games
        self.scroll.scroll_to(0)
        self._analyse(self.game_index)
        self._build_page()

    def exit(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)

    # ----------------------------------------------------------------- the tabs and keys
    def items(self) -> list[int]:
        return self.people

    def row_rects(self) -> Iterable[tuple[int, pygame.Rect]]:
        return enumerate(self.screen.tabs)

    def control_at(self, pos: tuple[int, int]) -> Hit | None:
        if self.back.hit(pos):
            return self.back
        if self.games > 1 and self.game_cycler.hit(pos):
            return self.game_cycler
        return None

    def confirm(self) -> None:
        self.close()

    def screen_key(self, event: pygame.event.Event, intent: Intent | None, letter: str) -> bool:
        """[ and ]: the previous and next game of a match."""
        if event.key in (pygame.K_LEFTBRACKET, pygame.K_RIGHTBRACKET) and intent is None:
            self.step_game(-1 if event.key == pygame.K_LEFTBRACKET else 1)
            return True
        return False

    # ----------------------------------------------------------------- time

    def update(self, dt: float) -> None:
        super().update(dt)
        self.age += dt
        if self._redraw:
            self._redraw -= 1
        if self._collect():
            self._build_page()
            self._redraw = 2

    @property
    def animating(self) -> bool:
        return self._future is not None or self._redraw > 0

    # ----------------------------------------------------------------- layout and drawing
    def layout(self, size: tuple[int, int]) -> None:
        theme = self.ctx.theme
        self.felt.fit(size, theme)
        screen = lay_out(
            theme,
            self.ctx.fonts,
            size,
            subtitle=self.subtitle or variant_line(self.config),
            games=self.games,
            people=len(self.people),
        )
        self.screen = screen
        if screen.game_cycler is not None:
            self.game_cycler.rect = screen.game_cycler
        self.back.rect = screen.back
        self.scroll.set_content(
            screen.viewport, self.scroll.content_height, screen.scroll_line, screen.scroll_bar
        )
        self._build_page()

    def _build_page(self) -> None:
        """Paint the shown player's page once onto its own surface; draw() only blits it."""
        viewport = self.scroll.viewport
        if viewport.width <= 0 or viewport.height <= 0:
            return
        pr, current = self.player_review, self.current
        if pr is None or current is None:
            self.page = None
            self.page_rects = {}
            self.scroll.set_content(viewport, 0, self.scroll.line)
            return
        content = ReviewPage(
            pr, self.seats, tuple(self.others), current, self._win_section(), self.own_seats
        )
        self.page, height, self.page_rects = render_review_page(
            self.ctx.theme,
            self.ctx.fonts,
            self.screen.body_px,
            viewport.width,
            content,
            viewport.height,
        )
        self.scroll.set_content(viewport, height, self.scroll.line)

    def _win_section(self) -> WinSection | None:
        win = self.wins.get(self.game_index)
        if win is None or win.track is None:
            return None
        config, theme = self.config, self.ctx.theme
        colours = tuple(
            ink_for(theme, self.seats[config.columns[cols[0]][0]].colour)
            for cols in config.competitors
        )
        mine = next(
            i
            for i, cols in enumerate(config.competitors)
            if any(self.player in config.columns[c] for c in cols)
        )
        cost = win.costs.get(self.player)
        return WinSection(win.track.chances, colours, mine, cost, win.track.match)

    def draw(self, surface: pygame.Surface) -> None:
        draw_review(surface, self.ctx.theme, self.ctx.fonts, self.screen, self._view())

    def _tab_label(self, player: int) -> TabLabel:
        seat, current = self.seats[player], self.current
        pr = current.players.get(player) if current is not None else None
        return TabLabel(seat.name, seat.colour, None if pr is None else pr.skill_lost)

    def _view(self) -> ReviewView:
        current = self.current
        failed = self.failed.get(self.game_index, "")
        if failed:
            notice = failed
        elif current is not None:  # analysed, but this player sat the game out
            notice = _("{name} did not play this game.").format(name=self.seats[self.player].name)
        else:
            notice = _("Analysing the game...")
        tabs = tuple(self._tab_label(player) for player in self.people)
        return ReviewView(
            felt=self.felt,
            scroll=self.scroll,
            back=self.back,
            game_cycler=self.game_cycler if self.games > 1 else None,
            tabs=tabs,
            tab=self.tab,
            hover=self.hover,
            page=self.page,
            notice=notice,
            failed=bool(failed),
            analysing=current is None,
            age=self.age,
        )
