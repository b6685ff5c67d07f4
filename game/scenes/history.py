"""The finished games, newest first: when, which rules, who played and scored what, who won,
and whether help was used. Any game can be replayed on the table or reviewed by the coach.

Logs are read when the scene opens (a page at a time, so a long history never stalls it),
never while drawing. A damaged log is set aside by storage and reported as a notice; the
list simply goes on without it.

Controls:
    Up / Down        the previous / next game
    PageUp / PageDown, Home / End   a page up or down, the newest / oldest game
    Enter            replay the game
    R / O            the coach's review of the game, older games (English's letters: each
                     button's comes from its label as shown, and the button shows it)
    Esc / Backspace  back
Mouse: click a game to choose it (double-click replays it), the wheel or the scroll bar
scrolls, and the buttons below act on the chosen game.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pygame

from game.i18n import _, format_datetime, ngettext, pgettext, translate
from game.match.replay import ReplaySession
from game.rules import Variant
from game.scenes.list_screen import ListScreen
from game.speech import Announcement, Told, phrases
from game.ui.celebration import GOLD
from game.ui.input import ANYWHERE_INTENTS, key_label
from game.ui.menu_layout import button_height, menu_scale, place_button_row, title_image
from game.ui.scroll import clipped, viewport_in
from game.ui.text import ellipsize, join_names
from game.ui.widgets import Button, FeltBackground, FocusRing, draw_panel, letter_shortcuts

if TYPE_CHECKING:
    from game.scenes.context import Context
    from game.storage import HistoryLog, HistorySummary
    from game.ui.theme import Colour, Theme

log = logging.getLogger(__name__)

PAGE = 50  # logs read at a time
RowImages = list[tuple[pygame.Surface, tuple[int, int]]]  # a row's images and their offsets
DOUBLE_CLICK = 0.4  # s: a second click on the same row within this opens its replay
# Body text is a 30th of the window's width or a 32nd of its height (25 px at 800 high),
# whichever is less: 1 px per "unit" of a 30 x 32 design.


def variant_name(value: str) -> str:
    """A variant's name as the player reads it, from its stored id ("official")."""
    try:
        return translate(Variant(value).label)
    except ValueError:  # a variant this version does not know: its id is all there is
        return value


def describe_rules(summary: HistorySummary) -> str:
    """'Official rules, 1 game' / 'Free rules, match of 3'."""
    # Translators: {variant} is the rules' name (Official, Free, Simple, Yatzy); the plural
    # form is for a match of {games} games.
    return ngettext(
        "{variant} rules, {games} game", "{variant} rules, match of {games}", summary.games
    ).format(variant=variant_name(summary.variant), games=summary.games)


def describe_date(summary: HistorySummary) -> str:
    return format_datetime(summary.date)


def assisted_mark(summary: HistorySummary) -> str:
    """The mark of a game where someone used hints or undo: who, when others were at the
    table ("assisted: Anna"), as the results and the high scores mark only that seat."""
    if not summary.assisted:
        return ""
    if len(summary.players) == 1:
        return _("assisted")
    names = join_names([summary.players[p] for p in summary.assisted])
    # Translators: the mark on a game in History; {names} are the players who used hints
    # or undo ("Anna", "Anna and Ben").
    return _("assisted: {names}").format(names=names)


def results_line(summary: HistorySummary) -> list[tuple[str, bool]]:
    """(text, won) pieces: each player with a total, or the players then the team totals."""
    if len(summary.totals) == len(summary.players):
        return [
            # Translators: a player and their total in the history's list, as "Ann 231".
            (_("{name} {points}").format(name=name, points=total), i in summary.winners)
            for i, (name, total) in enumerate(zip(summary.players, summary.totals, strict=True))
        ]
    teams = [
        (_("team {number}: {points}").format(number=i + 1, points=t), i in summary.winners)
        for i, t in enumerate(summary.totals)
    ]
    # Translators: the players of a team game before the teams' totals (shown and said
    # aloud); {players} is their names, separated by commas.
    players = _("{players}:").format(players=", ".join(summary.players))
    return [(players, False), *teams]


def draw_star(
    surface: pygame.Surface, centre: tuple[int, int], radius: int, colour: Colour
) -> None:
    """A five-pointed star: the winner's mark, by shape as well as colour."""
    cx, cy = centre
    points: list[tuple[float, float]] = []
    for i in range(10):
        r = radius if i % 2 == 0 else radius * 0.45
        angle = -math.pi / 2 + i * math.pi / 5
        points.append((cx + r * math.cos(angle), cy + r * math.sin(angle)))
    pygame.draw.polygon(surface, colour, points)
    pygame.draw.polygon(surface, (120, 84, 20), points, 1)


class HistoryScene(ListScreen["HistorySummary"]):
    """The finished games, each a row; the buttons at the foot act on the chosen one."""

    pages_step = True  # Page Up/Down, Home/End move the choice a page, to the newest, oldest
    double_click = DOUBLE_CLICK  # a double click on a game replays it

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.games: list[HistorySummary] = []
        self.more = False  # older logs may be left to read
        self.limit = PAGE
        self._said: str | None = None  # the game whose summary was said last
        self._opened_game = False  # a game's replay or review is open over the list
        # Translators: a button: play the chosen game back on the table.
        replay = pgettext("action", "Replay")
        self.replay_button = Button(
            replay, self.open_replay, primary=True, hint=lambda: key_label("return")
        )
        self.review_button = Button(_("Review"), self.open_review)
        self.more_button = Button(_("Older games"), self.load_more)
        self.back = Button(_("Back"), self.close, hint=lambda: ctx.input.label("back"))
        self.size = (0, 0)
        self.felt = FeltBackground()
        self.title: list[tuple[pygame.Surface, pygame.Rect]] = []
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.row_h = 40
        # Per game, laid out: (row rect in content coordinates, [(image, offset)])
        self.rows: list[tuple[pygame.Rect, RowImages]] = []
        self.stars: list[list[tuple[int, int]]] = []  # star centres per row, in the row
        self.star_r = 6
        self.empty: list[tuple[pygame.Surface, pygame.Rect]] = []
        self.refresh()

    # ----------------------------------------------------------------- reading
    def refresh(self) -> None:
        """Read the newest `limit` logs again (bad ones are set aside and reported)."""
        chosen = self.games[self.selected].id if self.games else None
        found = self.ctx.storage.list_history(self.limit + 1)  # one more says "there is more"
        self.ctx.report_storage_problems()
        self.more = len(found) > self.limit
        self.games = found[: self.limit]
        ids = [g.id for g in self.games]
        self.selected = ids.index(chosen) if chosen in ids else 0
        self._set_buttons()
        if self.size != (0, 0):
            self.layout(self.size)

    def load_more(self) -> None:
        if self.more:
            self.limit += PAGE
            self.refresh()

    def _set_buttons(self) -> None:
        had = self.replay_button.enabled and bool(self.ring.buttons)
        has = bool(self.games)
        self.replay_button.enabled = has
        self.review_button.enabled = has
        buttons = [self.replay_button, self.review_button]
        if self.more:
            buttons.append(self.more_button)
        # Replay is Enter's and Back is Esc's: the others have letters.
        self.shortcuts = letter_shortcuts(buttons[1:], self.ctx.input.letters(ANYWHERE_INTENTS))
        # Games where there were none: Enter should replay, not leave by the Back it was on.
        self.ring.set([*buttons, self.back], keep=had or not has)

    def _load_selected(self) -> HistoryLog | None:
        if not self.games:
            return None
        history = self.ctx.storage.load_log(self.games[self.selected].id)
        if history is None:  # damaged since it was listed: storage set it aside and says why
            self.ctx.report_storage_problems()
            self.refresh()
        return history

    # ----------------------------------------------------------------- actions
    def open_replay(self) -> None:
        history = self._load_selected()
        if history is not None:
            self.ctx.play("click")
            self._opened_game = True
            self.ctx.nav.replay(ReplaySession.from_log(history))

    def open_review(self) -> None:
        history = self._load_selected()
        if history is not None:
            self.ctx.play("click")
            self._opened_game = True
            self.ctx.nav.review_log(history)

    def resume(self, result: object = None) -> None:
        """Back from a game's replay or review: the focus on Replay again, so Enter does what
        its button shows (R moved it onto Review, and Enter opened the review again). Back
        from anything else (Help), the focus stays where it was."""
        if self._opened_game and self.replay_button.enabled:
            self.ring.focus(self.replay_button)
        self._opened_game = False

    def focus_grid(self) -> FocusRing:
        return self.ring

    def spoken_screen(self) -> str:
        return _("History")

    def spoken_news(self) -> list[Announcement]:
        """The game selected, said when the selection moves: its date, rules, the totals
        (the winners first said as such) and who was assisted."""
        game = self.games[self.selected] if self.games else None
        key = None if game is None else game.id
        if key == self._said:
            return []
        self._said = key
        if game is None:
            return []
        winners = [game.players[i] for i in game.winners if i < len(game.players)]
        results = phrases.in_turn([text for text, _won in results_line(game)])
        parts = [describe_date(game), describe_rules(game), results]
        if winners and len(game.totals) > 1:
            # Translators: said of a game in History; {names}: one winner, or several tied.
            parts.append(_("Won by {names}").format(names=join_names(winners)))
        said = [Announcement(part) for part in parts]
        mark = assisted_mark(game)
        return said + ([Announcement(mark, Told.GRADE)] if mark else [])

    # ----------------------------------------------------------------- the list
    def items(self) -> list[HistorySummary]:
        return self.games

    def row_rects(self) -> Iterator[tuple[int, pygame.Rect]]:
        view = self.scroll.viewport
        for index, (rect, _items) in enumerate(self.rows):
            shown = self.scroll.to_screen(rect).clip(view)
            if shown:
                yield index, shown

    def reveal_choice(self) -> None:
        """Scroll just enough for the chosen row to be in view."""
        if not self.rows:
            return
        rect = self.rows[self.selected][0]
        view = self.scroll.viewport
        if rect.top < self.scroll.offset:
            self.scroll.scroll_to(rect.top)
        elif rect.bottom > self.scroll.offset + view.height:
            self.scroll.scroll_to(rect.bottom - view.height)

    def page_rows(self) -> int:
        return max(1, self.scroll.viewport.height // max(1, self.row_h) - 1)

    def open(self, item: HistorySummary) -> None:
        self.open_replay()

    def confirm(self) -> None:
        """Enter replays, unless the focus was moved onto another button on purpose."""
        focused = self.ring.focused
        if focused is not None and focused is not self.replay_button:
            self.ring.press()
        else:
            self.open_replay()

    # ----------------------------------------------------------------- layout
    def layout(self, size: tuple[int, int]) -> None:
        self.size = size
        w, h = size
        theme, fonts = self.ctx.theme, self.ctx.fonts
        self.felt.fit(size, theme)
        unit, margin, gap = menu_scale(size)
        title = title_image(fonts, theme, _("History"), unit)
        title_rect = title.get_rect(topleft=(margin, margin))
        count = len(self.games)
        if not count:
            note = _("No finished games yet")
        elif self.more:  # more games than are read yet: "50+"
            note = ngettext(
                "{count}+ finished game, newest first",
                "{count}+ finished games, newest first",
                count,
            ).format(count=count)
        else:
            note = ngettext(
                "{count} finished game, newest first", "{count} finished games, newest first", count
            ).format(count=count)
        sub = fonts.get(max(13, 20 * unit)).render(note, True, theme.panel_alt)
        self.title = [(title, title_rect), (sub, sub.get_rect(topleft=(margin, title_rect.bottom)))]

        # The buttons share the foot.
        buttons = self.ring.buttons
        button_h = button_height(fonts, unit)
        button_w = min(
            round(200 * unit), (w - 2 * margin - gap * (len(buttons) - 1)) // len(buttons)
        )
        place_button_row(buttons, w, h - margin, (button_w, button_h), gap, fonts)

        top = self.title[-1][1].bottom + gap
        self.panel = pygame.Rect(margin, top, w - 2 * margin, h - margin - button_h - gap - top)
        pad = max(6, round(12 * unit))
        body_px = max(15.0, min(w / 30, h / 32))  # the rows' text grows with the window
        body = fonts.get(body_px)
        bar = max(6, body.get_linesize() // 2)
        viewport = viewport_in(self.panel, pad, bar)
        self._lay_rows(viewport, body_px, bar)
        if not self.games:
            self._lay_empty(viewport, body_px)
        self.reveal_choice()

    def _lay_rows(self, viewport: pygame.Rect, px: float, bar: int) -> None:
        theme, fonts = self.ctx.theme, self.ctx.fonts
        body, bold = fonts.get(px), fonts.get(px, bold=True)
        small = fonts.get(px * 0.85)
        line = body.get_linesize()
        self.row_h = round(line * 2.9)
        width = viewport.width
        inset = line  # room for the chosen row's marker
        self.rows, self.stars = [], []
        self.star_r = max(4, line // 3)
        y = 0
        for summary in self.games:
            rect = pygame.Rect(0, y, width, self.row_h)
            items: RowImages = []
            top = round(line * 0.4)
            date = bold.render(describe_date(summary), True, theme.text)
            items.append((date, (inset, top)))
            x = inset + date.get_width() + line
            mark = assisted_mark(summary)
            end = width - line // 2  # where the rules must stop: before the mark, if any
            if mark:  # the mark at the right; the rules are cut short of it, never under it
                word = small.render(ellipsize(small, mark, width // 3), True, theme.text_on_accent)
                tag = self._tag(word)
                tag_x = width - tag.get_width() - line // 2
                items.append((tag, (tag_x, top + (date.get_height() - tag.get_height()) // 2)))
                end = tag_x - line // 2
            said = ellipsize(small, describe_rules(summary), max(0, end - x))
            if said:
                rules = small.render(said, True, theme.text_dim)
                items.append((rules, (x, top + (date.get_height() - rules.get_height()) // 2)))
            stars = []
            x, y2 = inset, top + round(line * 1.2)
            for text, won in results_line(summary):
                font = bold if won else body
                if won:
                    stars.append((x + line // 3, y2 + line // 2))
                    x += line * 2 // 3 + 2
                room = width - x - line // 2
                if room < line * 2:
                    items.append((body.render("...", True, theme.text_dim), (x, y2)))
                    break
                image = font.render(ellipsize(font, text, room), True, theme.text)
                items.append((image, (x, y2)))
                x += image.get_width() + line
            self.rows.append((rect, items))
            self.stars.append(stars)
            y += self.row_h
        self.scroll.set_content(viewport, y, self.row_h, bar)

    def _tag(self, text: pygame.Surface) -> pygame.Surface:
        """A small pill behind a word (the 'assisted' mark)."""
        pad_x, pad_y = text.get_height() // 2, 2
        pill = pygame.Surface(
            (text.get_width() + 2 * pad_x, text.get_height() + 2 * pad_y), pygame.SRCALPHA
        )
        pygame.draw.rect(pill, self.ctx.theme.preview, pill.get_rect(), 0, pill.get_height() // 2)
        pill.blit(text, (pad_x, pad_y))
        return pill

    def _lay_empty(self, view: pygame.Rect, px: float) -> None:
        theme, fonts = self.ctx.theme, self.ctx.fonts
        head = fonts.get(px * 1.6, bold=True).render(_("No games yet"), True, theme.text)
        text = fonts.get(px).render(
            _("Finished games appear here, ready to replay or review."), True, theme.text_dim
        )
        y = view.centery - head.get_height()
        self.empty = [
            (head, head.get_rect(midtop=(view.centerx, y))),
            (text, text.get_rect(midtop=(view.centerx, y + round(head.get_height() * 1.3)))),
        ]

    # ----------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface) -> None:
        theme, fonts = self.ctx.theme, self.ctx.fonts
        self.felt.draw(surface, theme)
        for image, rect in self.title:
            surface.blit(image, rect)
        draw_panel(surface, theme, self.panel)
        view = self.scroll.viewport
        if not self.games:
            for image, rect in self.empty:
                surface.blit(image, rect)
        with clipped(surface, view):
            for i, (rect, items) in enumerate(self.rows):
                moved = self.scroll.to_screen(rect)
                if self.scroll.shows(moved):
                    self._draw_row(surface, i, moved, items)
        self.scroll.draw_bar(surface, theme)
        self.ring.draw(surface, theme, fonts)

    def _draw_row(
        self, surface: pygame.Surface, index: int, rect: pygame.Rect, items: RowImages
    ) -> None:
        theme = self.ctx.theme
        chosen = index == self.selected
        box = rect.inflate(-4, -4)
        if chosen:
            pygame.draw.rect(surface, theme.panel_alt, box, 0, box.height // 6)
            pygame.draw.rect(surface, theme.focus, box, max(2, box.height // 18), box.height // 6)
            r = max(3, rect.height // 10)
            x, y = rect.left + r + 4, rect.centery
            pygame.draw.polygon(surface, theme.focus, [(x - r, y - r), (x + r, y), (x - r, y + r)])
        elif index:
            pygame.draw.line(surface, theme.panel_alt, rect.topleft, rect.topright, 1)
        for image, (x, y) in items:
            surface.blit(image, (rect.left + x, rect.top + y))
        for x, y in self.stars[index]:
            draw_star(surface, (rect.left + x, rect.top + y), self.star_r, _gold(theme))


def _gold(theme: Theme) -> Colour:
    return theme.focus if theme.high_contrast else GOLD
