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
"""

from __future__ import annotations

import logging
import math
from collections.abc import Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.ai.coach import Decision, PlayerReview, Review, describe, review
from game.ai.options import Keep
from game.rules import GameConfig, NextGame
from game.scenes.base import Scene
from game.seats import Seat
from game.ui.charts import draw_line_chart
from game.ui.dice_view import draw_die
from game.ui.forms import Cycler
from game.ui.menu_layout import menu_scale, title_image
from game.ui.page import PageWriter, paint_tiles, render_page, tile_gap
from game.ui.palette import dice_palette
from game.ui.scroll import ScrollView, viewport_in
from game.ui.tabs import draw_tab, open_into_panel
from game.ui.text import ellipsize, fitted_px, join_names, wrap_text
from game.ui.widgets import Button, FeltBackground, draw_panel

if TYPE_CHECKING:
    from game.context import Context
    from game.session import Session
    from game.storage import HistoryLog
    from game.ui.theme import Colour, Theme

log = logging.getLogger(__name__)

COSTLIEST = 3  # decisions shown per player
SPINNER_DOTS = 8
SPINNER_SPEED = 1.2  # turns per second
WIDE_LINES = 44  # page width, in lines of text, from which the chart and decisions sit side by side


# ----------------------------------------------------------------------------- numbers
def signed(value: float) -> str:
    """'+4.2', '-13.0' ('+0.0' for a value that rounds to nothing)."""
    text = f"{value:+.1f}"
    return "+0.0" if text == "-0.0" else text


def kept_dice(dice: Sequence[int], keep: Keep) -> tuple[bool, ...]:
    """Which of the five dice a keep holds (the first die of each face kept).

    >>> kept_dice((1, 3, 1, 1, 1), Keep((1, 1, 1, 1)))
    (True, False, True, True, False)
    """
    wanted = list(keep.faces)
    marks = []
    for face in dice:
        if face in wanted:
            wanted.remove(face)
            marks.append(True)
        else:
            marks.append(False)
    return tuple(marks)


def rolls_left_text(rolls_left: int) -> str:
    if rolls_left == 0:
        return "after the last roll"
    return f"{rolls_left} roll{'s' if rolls_left != 1 else ''} left"


def games_played(config: GameConfig, log_actions: Sequence) -> int:
    """Games of the match the log reaches (each NextGame starts one more)."""
    return min(config.games, 1 + sum(isinstance(a, NextGame) for a in log_actions))


# ----------------------------------------------------------------------------- drawing helpers
def draw_spinner(surface: pygame.Surface, centre: tuple[int, int], radius: int, turn: float, ink):
    """Dots round a circle, the leading one darkest: work is going on."""
    for i in range(SPINNER_DOTS):
        angle = (turn + i / SPINNER_DOTS) * math.tau
        x = centre[0] + math.cos(angle) * radius
        y = centre[1] + math.sin(angle) * radius
        r = max(2, round(radius * (0.12 + 0.16 * i / SPINNER_DOTS)))
        pygame.draw.circle(surface, ink, (round(x), round(y)), r)


class ReviewScene(Scene):
    def __init__(
        self,
        ctx: Context,
        config: GameConfig,
        start_rng: tuple,
        log: Sequence,
        game_index: int = 0,
        seats: Sequence[Seat] = (),
        *,
        subtitle: str = "",
    ) -> None:
        super().__init__(ctx)
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
        self.tab = 0
        self.reviews: dict[int, Review] = {}
        self.failed: dict[int, str] = {}
        self._executor: ThreadPoolExecutor | None = None
        self._future: Future | None = None
        self._future_index = -1
        self.age = 0.0
        self._redraw = 0  # frames to draw after the review arrives (the loop sleeps otherwise)
        self.scroll = ScrollView()
        self.back = Button("Back", self.close, primary=True, hint=ctx.input.label("pause"))
        self.game_cycler = Cycler(
            lambda: f"Game {self.game_index + 1} of {self.games}",
            self.step_game,
            key="game",
        )
        self.hover: object = None  # the tab index or control under the mouse
        self.size = (0, 0)
        self.unit = 1.0
        self.felt = FeltBackground()
        self.title: list[tuple[pygame.Surface, pygame.Rect]] = []
        self.tabs: list[pygame.Rect] = []
        self.panel = pygame.Rect(0, 0, 0, 0)
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
            game.start_rng,
            getattr(session, "actions", game.log),  # a replay reviews its whole log
            game_index,
            session.seats,
            subtitle=_variant_line(game.config),
        )

    @classmethod
    def from_history(cls, ctx: Context, history: HistoryLog, game_index: int = 0) -> ReviewScene:
        game = history.game
        subtitle = f"{_variant_line(game.config)}  -  {history.date.strftime('%d %b %Y %H:%M')}"
        return cls(
            ctx,
            game.config,
            game.start_rng,
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
        self._future = self._executor.submit(review, self.config, self.start_rng, self.log, index)
        self._future_index = index

    def _collect(self) -> bool:
        """Take a finished analysis; True when one came in."""
        future = self._future
        if future is None or not future.done():
            return False
        index = self._future_index
        self._future, self._future_index = None, -1
        try:
            self.reviews[index] = future.result()
        except Exception as error:  # noqa: BLE001 - a bad log must not close the game
            log.exception("the review of game %d failed", index + 1)
            self.failed[index] = f"The coach could not review this game ({error})."
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

    # ----------------------------------------------------------------- actions
    def close(self) -> None:
        self.ctx.stack.pop()

    def select(self, tab: int) -> None:
        tab %= len(self.people)
        if tab != self.tab:
            self.tab = tab
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

    # ----------------------------------------------------------------- input
    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self._target_at(event.pos)
            return self.scroll.handle(event, None) or True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            target = self._target_at(event.pos)
            if target == "back":
                self.close()
                return True
            if target == "game":
                return self.game_cycler.click(event.pos)
            if isinstance(target, int):
                self.select(target)
                return True
            return self.scroll.handle(event, None)
        if event.type == pygame.KEYDOWN:
            intent = self.ctx.input.intent(event)
            if intent in ("pause", "confirm") or event.key in (
                pygame.K_ESCAPE,
                pygame.K_RETURN,
                pygame.K_KP_ENTER,
                pygame.K_BACKSPACE,
            ):
                self.close()
                return True
            if intent in ("left", "focus_prev"):
                self.select(self.tab - 1)
                return True
            if intent in ("right", "focus_next"):
                self.select(self.tab + 1)
                return True
            if event.key in (pygame.K_LEFTBRACKET, pygame.K_RIGHTBRACKET):
                self.step_game(-1 if event.key == pygame.K_LEFTBRACKET else 1)
                return True
            return self.scroll.handle(event, intent)
        return self.scroll.handle(event, None)

    def _target_at(self, pos: tuple[int, int]) -> object:
        if self.back.hit(pos):
            return "back"
        if self.games > 1 and self.game_cycler.hit(pos):
            return "game"
        for i, rect in enumerate(self.tabs):
            if rect.collidepoint(pos):
                return i
        return None

    # ----------------------------------------------------------------- time
    def update(self, dt: float) -> None:
        self.age += dt
        if self._redraw:
            self._redraw -= 1
        if self._collect():
            self._build_page()
            self._redraw = 2

    @property
    def animating(self) -> bool:
        return self._future is not None or self._redraw > 0

    # ----------------------------------------------------------------- layout
    def layout(self, size: tuple[int, int]) -> None:
        self.size = size
        w, h = size
        theme, fonts = self.ctx.theme, self.ctx.fonts
        self.felt.fit(size, theme)
        unit, margin, gap = menu_scale(size)
        self.unit = unit

        title = title_image(fonts, theme, "Coach's review", unit)
        title_rect = title.get_rect(topleft=(margin, margin))
        self.title = [(title, title_rect)]
        bottom = title_rect.bottom
        cycler_h = max(26, round(40 * unit))
        if self.games > 1:
            cw = min(round(260 * unit), w // 2 - margin)
            self.game_cycler.rect = pygame.Rect(w - margin - cw, margin, cw, cycler_h)
            if self.game_cycler.rect.left < title_rect.right + gap:  # narrow: under the title
                self.game_cycler.rect.topleft = (margin, title_rect.bottom + gap // 2)
                bottom = self.game_cycler.rect.bottom
        sub = self.subtitle or _variant_line(self.config)
        sub_font = fonts.get(max(13, 20 * unit))
        sub_text = ellipsize(sub_font, sub, w - 2 * margin)
        image = sub_font.render(sub_text, True, theme.panel_alt)
        sub_rect = image.get_rect(topleft=(margin, bottom + gap // 3))
        self.title.append((image, sub_rect))

        button_h = max(30, round(48 * unit))
        button_w = min(w - 2 * margin, round(200 * unit))
        self.back.rect = pygame.Rect(0, h - margin - button_h, button_w, button_h)
        self.back.rect.centerx = w // 2

        # One tab per person, sharing the width; a long name is cut rather than squeezed.
        tab_h = max(28, round(46 * unit * max(1.0, fonts.text_scale) ** 0.5))
        top = sub_rect.bottom + gap
        n = len(self.people)
        tab_gap = max(3, gap // 2)
        tab_w = min(round(260 * unit), (w - 2 * margin - (n - 1) * tab_gap) // n)
        self.tabs = [
            pygame.Rect(margin + i * (tab_w + tab_gap), top, tab_w, tab_h) for i in range(n)
        ]
        panel_top = top + tab_h - 2
        self.panel = pygame.Rect(
            margin, panel_top, w - 2 * margin, self.back.rect.top - gap - panel_top
        )
        pad = max(8, round(18 * unit))
        # Text follows the height, but a narrow window keeps enough words to a line.
        body_px = max(15.0, min(24 * h / 800, w / 30))
        bar = max(6, round(fonts.get(body_px).get_linesize() / 2))
        viewport = viewport_in(self.panel, pad, bar)
        self.body_px = body_px
        self.scroll.set_content(viewport, self.scroll.content_height, round(body_px * 1.3))
        self._build_page()

    def _build_page(self) -> None:
        """Draw the shown player's page once onto its own surface; draw() only blits it."""
        viewport = self.scroll.viewport
        if viewport.width <= 0 or viewport.height <= 0:
            return
        pr = self.player_review
        if pr is None:
            self.page = None
            self.page_rects = {}
            self.scroll.set_content(viewport, 0, self.scroll.line)
            return
        self.page, height = render_page(
            lambda page: self._paint(page, pr), viewport.width, self.ctx.theme
        )
        self.scroll.set_content(viewport, height, self.scroll.line)

    def _paint(self, page: pygame.Surface | None, pr: PlayerReview) -> int:
        """Lay out (and, given a surface, paint) the page; returns its height."""
        theme, fonts = self.ctx.theme, self.ctx.fonts
        width = self.scroll.viewport.width
        pen = PageWriter(page, theme, fonts, self.body_px)
        line = pen.line
        gap = round(line * 0.8)
        seat = self.seats[pr.player]
        rects: dict[str, pygame.Rect] = {}

        # The verdict in words, then the four figures.
        sentence = self._sentence(pr, seat)
        y = 0
        for text in wrap_text(pen.body, sentence, width)[:3]:
            pen.text(text, (0, y))
            y += line
        y += gap // 2
        figures = [
            ("Final score", str(pr.final_total), theme.text),
            ("Expected at the start", f"{pr.start_expectation:.1f}", theme.text),
            (
                "Lost to decisions",
                signed(-pr.skill_lost),
                theme.warn if pr.skill_lost >= 0.05 else theme.good,
            ),
            ("Luck of the dice", signed(pr.luck), theme.good if pr.luck >= 0 else theme.warn),
        ]
        small = fonts.get(self.body_px * 0.8)
        widest = max(small.size(label)[0] for label, _, _ in figures) + line
        cols = 4 if (width - 3 * tile_gap(line)) // 4 >= widest else 2
        y = paint_tiles(pen, rects, figures, y, width, cols, round(line * 2.7), 1.6) + gap

        # The chart and the costliest decisions: side by side on a wide page.
        wide = width >= line * WIDE_LINES
        chart_w = round(width * 0.5) if wide else width
        decisions_x = chart_w + gap if wide else 0
        decisions_w = width - decisions_x
        top = y
        chart_h = round(min(max(line * 11, chart_w * 0.55), line * 16))
        rects["chart"] = pygame.Rect(0, top, chart_w, chart_h + line * 2)
        if page is not None:
            self._paint_chart(page, pen, rects["chart"], pr, seat)
        dy = top if wide else rects["chart"].bottom + gap
        rects["decisions"] = pygame.Rect(decisions_x, dy, decisions_w, 0)
        dy = self._paint_decisions(page, pen, rects, pr, decisions_x, dy, decisions_w)
        y = max(rects["chart"].bottom, dy) + gap

        # The others at the table, one line each.
        if self.others:
            y = self._paint_others(page, pen, rects, y, width)
        self.page_rects = rects if page is not None else self.page_rects
        return y

    def _sentence(self, pr: PlayerReview, seat: Seat) -> str:
        who = "Your" if seat.name.casefold() == "you" else f"{seat.name}'s"
        if pr.skill_lost < 0.05:
            first = f"{who} decisions matched the best play all game."
        else:
            first = f"{who} decisions cost {pr.skill_lost:.1f} points of expected score."
        if abs(pr.luck) < 0.05:
            second = "The dice gave exactly what was expected."
        elif pr.luck > 0:
            second = f"The dice gave {pr.luck:.1f} more than expected."
        else:
            second = f"The dice gave {-pr.luck:.1f} less than expected."
        return f"{first} {second}"

    def _paint_chart(
        self, page: pygame.Surface, pen: PageWriter, rect: pygame.Rect, pr: PlayerReview, seat
    ) -> None:
        theme = self.ctx.theme
        line = pen.line
        pen.text("Expected final score, turn by turn", rect.topleft, bold=True)
        values = pr.expected_by_turn
        labels = [str(i + 1) for i in range(len(values) - 1)] + ["end"]
        area = pygame.Rect(
            rect.left, rect.top + round(line * 1.3), rect.width, rect.height - round(line * 1.3)
        )
        small = self.ctx.fonts.get(self.body_px * 0.8)
        draw_line_chart(
            page,
            area,
            values,
            theme,
            small,
            colour=_ink_for(theme, seat.colour),
            x_labels=labels,
            baseline=pr.start_expectation,
            baseline_label=f"start {pr.start_expectation:.1f}",
        )

    def _paint_decisions(
        self,
        page: pygame.Surface | None,
        pen: PageWriter,
        rects: dict[str, pygame.Rect],
        pr: PlayerReview,
        x: int,
        y: int,
        width: int,
    ) -> int:
        theme = self.ctx.theme
        line = pen.line
        if page is not None:
            pen.text("Costliest decisions", (x, y), bold=True)
        y += round(line * 1.3)
        decisions = pr.costliest(COSTLIEST)
        if not decisions:
            text = "None: every choice was the best one. Nothing to learn here!"
            for part in wrap_text(pen.body, text, width):
                if page is not None:
                    pen.text(part, (x, y), ink=theme.text_dim)
                y += line
            return y
        die = max(20, min(round(line * 1.6), (width - line) // 7))
        card_gap = max(4, line // 3)
        for i, decision in enumerate(decisions):
            card_h = round(line * 3.8 + die * 1.3)
            card = pygame.Rect(x, y, width, card_h)
            rects[f"decision{i}"] = card
            if page is not None:
                self._paint_decision(page, pen, card, decision, die)
            y += card_h + card_gap
        return y

    def _paint_decision(
        self, page: pygame.Surface, pen: PageWriter, card: pygame.Rect, d: Decision, die: int
    ) -> None:
        theme = self.ctx.theme
        line = pen.line
        radius = max(4, line // 4)
        pygame.draw.rect(page, theme.panel_alt, card, 0, radius)
        pygame.draw.rect(page, theme.panel_edge, card, 1, radius)
        inner = card.inflate(-line, -line // 2)
        # The cost as a pill at the top right; the turn and the rolls left beside it.
        cost = pen.fonts.get(pen.px * 0.9, bold=True).render(
            f"-{d.cost:.1f}", True, theme.text_on_accent
        )
        pill = cost.get_rect().inflate(line // 2, line // 5)
        pill.topright = (inner.right, inner.top)
        pygame.draw.rect(page, theme.warn, pill, 0, pill.height // 2)
        page.blit(cost, cost.get_rect(center=pill.center))
        head = f"Turn {d.turn}, {rolls_left_text(d.rolls_left)}"
        pen.text(head, (inner.left, inner.top), bold=True, width=pill.left - inner.left - 6)
        # The dice of that moment; the better keep's dice ringed.
        ringed = kept_dice(d.dice, d.best) if isinstance(d.best, Keep) else (False,) * 5
        palette = dice_palette(theme.high_contrast)
        dice_y = inner.top + round(line * 1.2) + die // 2 + 2
        for i, face in enumerate(d.dice):
            cx = inner.left + die // 2 + 4 + round(i * die * 1.22)
            draw_die(page, (cx, dice_y), die, face, held=ringed[i], palette=palette)
        dice_right = inner.left + 4 + round(4 * die * 1.22) + round(die * 1.2)
        note = "ringed: the better keep" if any(ringed) else ""
        if note and inner.right - dice_right > pen.body.size(note)[0] * 0.85 + line:
            pen.text(
                note,
                (dice_right + line // 2, dice_y),
                size=0.8,
                ink=theme.text_dim,
                anchor="midleft",
                width=inner.right - dice_right - line // 2,
            )
        # What was chosen and what was better, each with its expected final score.
        y = dice_y + die // 2 + round(die * 0.2)
        label_w = max(pen.body.size("Better")[0], pen.body.size("Chose")[0]) + line // 2
        value_w = pen.body.size("000.0")[0]
        text_w = inner.width - label_w - value_w - line // 2
        for label, choice, value, bold in (
            ("Chose", d.chosen, d.chosen_value, False),
            ("Better", d.best, d.best_value, True),
        ):
            pen.text(label, (inner.left, y), ink=theme.text_dim)
            pen.text(describe(choice), (inner.left + label_w, y), bold=bold, width=text_w)
            pen.text(f"{value:.1f}", (inner.right, y), bold=bold, anchor="topright")
            y += line

    def _paint_others(
        self,
        page: pygame.Surface | None,
        pen: PageWriter,
        rects: dict[str, pygame.Rect],
        y: int,
        width: int,
    ) -> int:
        theme = self.ctx.theme
        line = pen.line
        current = self.current
        if page is not None:
            pen.text("The others at the table", (0, y), bold=True)
        y += round(line * 1.3)
        top = y
        name_w = min(width // 2, line * 10)
        for player in self.others:
            seat = self.seats[player]
            other = current.players.get(player) if current is not None else None
            if page is not None:
                dot = pygame.Rect(0, y + line // 4, line // 2, line // 2)
                pygame.draw.rect(page, theme.player(seat.colour), dot, 0, dot.height // 3)
                pygame.draw.rect(page, theme.text, dot, 1, dot.height // 3)
                kind = "" if not seat.is_cpu else f" (CPU {seat.kind.title()})"
                pen.text(seat.name + kind, (line, y), width=name_w - line)
                if other is None:
                    detail = "did not play this game"
                else:
                    detail = (
                        f"lost {other.skill_lost:.1f}   luck {signed(other.luck)}   "
                        f"final {other.final_total}"
                    )
                pen.text(
                    detail,
                    (name_w + line // 2, y),
                    ink=theme.text_dim,
                    width=width - name_w - line // 2,
                )
            y += line
        rects["others"] = pygame.Rect(0, top, width, y - top)
        return y + line // 2

    # ----------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface) -> None:
        theme, fonts = self.ctx.theme, self.ctx.fonts
        self.felt.draw(surface, theme)
        for image, rect in self.title:
            surface.blit(image, rect)
        if self.games > 1:
            self.game_cycler.draw(surface, theme, fonts, self.hover == "game")
        self._draw_tabs(surface)
        draw_panel(surface, theme, self.panel)
        if self.tabs:
            open_into_panel(surface, theme, self.tabs[self.tab], self.panel)
        view = self.scroll.viewport
        if self.page is not None:
            self.scroll.blit_content(surface, self.page)
            self.scroll.draw_bar(surface, theme)
        else:
            self._draw_waiting(surface, view)
        self.back.draw(surface, theme, fonts, True)

    def _draw_tabs(self, surface: pygame.Surface) -> None:
        for i, rect in enumerate(self.tabs):
            selected = i == self.tab
            label = partial(self._draw_tab_label, surface, rect, self.people[i], selected)
            draw_tab(surface, self.ctx.theme, rect, selected, self.hover == i, label)

    def _draw_tab_label(
        self, surface: pygame.Surface, rect: pygame.Rect, player: int, selected: bool
    ) -> None:
        """A stripe of the player's colour, the name and the points their decisions lost."""
        theme, fonts = self.ctx.theme, self.ctx.fonts
        seat = self.seats[player]
        stripe = pygame.Rect(
            rect.left + 8,
            rect.top + rect.height // 4,
            max(4, rect.height // 6),
            rect.height // 2,
        )
        pygame.draw.rect(surface, theme.player(seat.colour), stripe, 0, stripe.width // 2)
        pr = self.current.players.get(player) if self.current is not None else None
        loss = f"  -{pr.skill_lost:.1f}" if pr is not None else ""
        px = fitted_px(fonts, rect.height * 0.46)
        font = fonts.get(px, bold=selected)
        room = rect.right - stripe.right - 14
        text = ellipsize(font, seat.name + loss, room)
        if loss and not text.endswith(loss):
            text = ellipsize(font, seat.name, room)
        image = font.render(text, True, theme.text if selected else theme.text_dim)
        surface.blit(image, image.get_rect(midleft=(stripe.right + 8, rect.centery)))

    def _draw_waiting(self, surface: pygame.Surface, view: pygame.Rect) -> None:
        theme, fonts = self.ctx.theme, self.ctx.fonts
        failed = self.failed.get(self.game_index)
        if failed:
            font = fonts.get(self.body_px)
            y = view.top + view.height // 3
            for text in wrap_text(font, failed, view.width):
                image = font.render(text, True, theme.warn)
                surface.blit(image, image.get_rect(midtop=(view.centerx, y)))
                y += font.get_linesize()
            return
        if self.current is not None:  # analysed, but this player sat the game out
            text = f"{self.seats[self.player].name} did not play this game."
        else:
            text = "Analysing the game..."
        font = fonts.get(self.body_px * 1.2, bold=True)
        text = ellipsize(font, text, view.width)
        image = font.render(text, True, theme.text)
        rect = image.get_rect(center=(view.centerx, view.centery + font.get_linesize()))
        surface.blit(image, rect)
        if self.current is None:
            radius = max(10, font.get_linesize())
            draw_spinner(
                surface,
                (view.centerx, rect.top - radius * 2),
                radius,
                self.age * SPINNER_SPEED,
                theme.accent,
            )


def _variant_line(config: GameConfig) -> str:
    names = join_names(list(config.players))
    match = "" if config.games == 1 else f", a match of {config.games}"
    return f"{config.variant.label} rules{match}: {names}"


def _ink_for(theme: Theme, colour: int) -> Colour:
    """A seat colour dark enough to read as a line on the light panel."""
    r, g, b = theme.player(colour)
    if 0.299 * r + 0.587 * g + 0.114 * b > 170:  # gold, yellow, grey: darken them
        return (round(r * 0.7), round(g * 0.7), round(b * 0.7))
    return (r, g, b)
