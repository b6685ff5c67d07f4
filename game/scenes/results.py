"""The results of a finished game (and of the match, when it has several games).

Shown by the table when a game ends, on top of it. Every column's final card in brief (upper
boxes, bonus, lower boxes, Yahtzee bonus, total), who won (a shared win, or the tie-breaker's
outcome), and the match standings game by game.

Controls:
    Left / Right, Up / Down, Tab / Shift+Tab   move the focus over the buttons
    Enter            the focused button (Next game, or Play again, is focused first)
    N / P / R / Y / T   Next game, Play again, Review (the coach's), Replay, Title
Mouse: hover focuses a button, a click presses it.

At the end of a replay (game.replay.ReplaySession) the buttons are Next game (between the
games of a match), Review, Watch again (W) and Back (B, out of the replay).
"""

from __future__ import annotations

import logging
import math
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.rules import IllegalAction, NextGame, Phase
from game.scenes.base import Scene
from game.scenes.pause import menu_letter
from game.ui.menu_layout import place_button_row, title_image
from game.ui.text import ellipsize, fitted_px, join_names
from game.ui.widgets import Button, FeltBackground, FocusRing, draw_panel

if TYPE_CHECKING:
    from game.context import Context
    from game.session import Session
    from game.ui.theme import Colour, Theme

log = logging.getLogger(__name__)

GOLD = (236, 188, 60)
GOLD_DARK = (160, 112, 30)
GOLD_LIGHT = (255, 232, 150)
CONFETTI_PIECES = 70
CONFETTI_TIME = 4.5  # s until the last piece has fallen past the bottom
CARD_HEADS = ("Upper", "Bonus", "Lower", "Yahtzee bonus", "Total")


# ----------------------------------------------------------------------------- what to say
@dataclass(frozen=True)
class Verdict:
    headline: str
    detail: str
    winners: tuple[int, ...]  # competitors the trophy is for


def _verb(config, competitor: int) -> str:
    """'wins' for one player, 'win' for a team (or for a player called You)."""
    players = sum(len(config.columns[c]) for c in config.competitors[competitor])
    if players > 1 or config.competitor_name(competitor).casefold() == "you":
        return "win"
    return "wins"


def game_verdict(session: Session) -> Verdict:
    """Who won the last finished game, and of the match when it is over."""
    config, state = session.config, session.state
    if not state.results:  # not over yet: nothing to crown
        return Verdict("The game is still on", "", ())
    result = state.results[-1]
    totals, winners = result.totals, result.winners
    name = config.competitor_name
    best = max(totals)
    tied = [i for i, t in enumerate(totals) if t == best]
    if len(winners) > 1:
        line = f"Shared win: {join_names([name(i) for i in winners])}"
        detail = f"Tied on {best} points."
    elif len(tied) > 1:
        line = f"{name(winners[0])} {_verb(config, winners[0])} the tie-breaker"
        detail = f"{join_names([name(i) for i in tied])} tied on {best} points."
    else:
        line = f"{name(winners[0])} {_verb(config, winners[0])}!"
        rest = sorted(totals, reverse=True)[1:]
        detail = f"{best} points" + (f", ahead of {rest[0]}." if rest else ".")
    if config.games == 1:
        return Verdict(line, detail, winners)

    number = len(state.results)
    match = state.match_totals()
    top = max(match)
    leaders = tuple(i for i, t in enumerate(match) if t == top)
    if state.phase is Phase.MATCH_OVER:
        if len(leaders) > 1:
            headline = f"Shared match win: {join_names([name(i) for i in leaders])}"
        else:
            headline = f"{name(leaders[0])} {_verb(config, leaders[0])} the match!"
        return Verdict(
            headline, f"{top} points over {number} games. Game {number}: {line}", leaders
        )
    if len(leaders) > 1:
        lead = f"{join_names([name(i) for i in leaders])} share the lead on {top}."
    else:
        lead = f"{name(leaders[0])} leads the match with {top}."
    return Verdict(line, lead, winners)  # the screen's title says which game it was


# ----------------------------------------------------------------------------- the trophy
def draw_trophy(
    surface: pygame.Surface, rect: pygame.Rect, bands: list[Colour], theme: Theme
) -> None:
    """A gold cup on a plinth, with a band in each winner's colour, drawn from shapes."""
    w, h = rect.width, rect.height
    cx = rect.centerx
    edge = theme.text if theme.high_contrast else GOLD_DARK
    line = max(1, w // 40)
    # Handles first, so the bowl covers their inner halves.
    handle_r = round(w * 0.2)
    for side in (-1, 1):
        centre = (cx + side * round(w * 0.32), rect.top + round(h * 0.26))
        pygame.draw.circle(surface, edge, centre, handle_r, max(3, w // 12) + 2)
        pygame.draw.circle(surface, GOLD, centre, handle_r - 1, max(3, w // 12))
    bowl = pygame.Rect(0, 0, round(w * 0.66), round(h * 0.56))
    bowl.midtop = (cx, rect.top + round(h * 0.04))
    cup_top = pygame.Rect(bowl.left, bowl.top, bowl.width, bowl.height // 2)
    pygame.draw.ellipse(surface, GOLD, bowl)
    pygame.draw.rect(surface, GOLD, cup_top)
    pygame.draw.ellipse(surface, edge, bowl, line)
    pygame.draw.line(surface, edge, cup_top.topleft, (cup_top.left, cup_top.bottom), line)
    pygame.draw.line(surface, edge, cup_top.topright, (cup_top.right - 1, cup_top.bottom), line)
    rim = pygame.Rect(0, 0, round(w * 0.74), max(4, round(h * 0.07)))
    rim.midtop = (cx, bowl.top - rim.height // 3)
    pygame.draw.rect(surface, GOLD_LIGHT, rim, 0, rim.height // 2)
    pygame.draw.rect(surface, edge, rim, line, rim.height // 2)
    # The winners' colours as a band round the cup: shape and colour together.
    band = pygame.Rect(
        bowl.left + line,
        bowl.top + round(bowl.height * 0.28),
        bowl.width - 2 * line,
        max(4, round(h * 0.09)),
    )
    colours = bands or [GOLD_LIGHT]
    share = band.width / len(colours)
    for i, colour in enumerate(colours):
        part = pygame.Rect(round(band.left + i * share), band.top, math.ceil(share), band.height)
        pygame.draw.rect(surface, colour, part)
    pygame.draw.rect(surface, edge, band, line)
    # A shine down the bowl.
    shine = pygame.Rect(
        bowl.left + bowl.width // 6, band.bottom + line * 2, max(3, w // 14), bowl.height // 4
    )
    pygame.draw.rect(surface, GOLD_LIGHT, shine, 0, shine.width // 2)
    # Stem, knot and the two-step plinth.
    stem = pygame.Rect(0, 0, max(4, round(w * 0.12)), round(h * 0.16))
    stem.midtop = (cx, bowl.bottom - line * 2)
    pygame.draw.rect(surface, GOLD, stem)
    pygame.draw.rect(surface, edge, stem, line)
    knot = pygame.Rect(0, 0, round(w * 0.26), max(4, round(h * 0.05)))
    knot.midtop = (cx, stem.bottom - line)
    pygame.draw.rect(surface, GOLD_LIGHT, knot, 0, knot.height // 2)
    pygame.draw.rect(surface, edge, knot, line, knot.height // 2)
    base = pygame.Rect(0, 0, round(w * 0.6), round(h * 0.16))
    base.midtop = (cx, knot.bottom)
    pygame.draw.rect(surface, (92, 58, 34), base, 0, max(2, base.height // 5))
    pygame.draw.rect(surface, edge, base, line, max(2, base.height // 5))
    plate = base.inflate(-base.width // 3, -base.height // 2)
    pygame.draw.rect(surface, GOLD, plate, 0, 2)


@dataclass
class _Piece:
    x: float  # share of the width
    delay: float  # s before it appears
    speed: float  # share of the height per second
    sway: float  # share of the width
    phase: float
    spin: float  # turns per second
    colour: Colour
    size: float  # share of the shorter side


# ----------------------------------------------------------------------------- the scene
class ResultsScene(Scene):
    def __init__(self, ctx: Context, session: Session) -> None:
        super().__init__(ctx)
        self.felt = FeltBackground()
        self.session = session
        self.verdict = game_verdict(session)
        over = session.state.phase is Phase.MATCH_OVER
        self.replay = getattr(session, "is_replay", False)
        if self.replay:
            self.buttons = self._replay_buttons(session)
        else:
            if over or session.state.phase is not Phase.GAME_OVER:
                self.buttons = [Button("Play again", self.play_again, primary=True, hint="P")]
            else:
                self.buttons = [Button("Next game", self.next_game, primary=True, hint="N")]
            self.buttons += [
                Button("Review", self.review, hint="R"),
                Button("Replay", self.watch_replay, hint="Y"),
                Button("Title", self.to_title, hint="T"),
            ]
        self.ring = FocusRing(self.buttons)
        self.size = (0, 0)
        self.age = 0.0
        self.pieces = self._make_confetti()
        self.texts: list[tuple[pygame.Surface, pygame.Rect]] = []
        self.banner = pygame.Rect(0, 0, 0, 0)
        self.trophy = pygame.Rect(0, 0, 0, 0)
        self._trophy_image: pygame.Surface | None = None
        self.tables: list[pygame.Rect] = []
        self.stripes: list[tuple[pygame.Rect, Colour]] = []  # each row's colour marker
        self.highlights: list[pygame.Rect] = []  # winners' rows

    # ----------------------------------------------------------------- who is who
    def competitor_colour(self, competitor: int) -> Colour:
        config = self.session.config
        column = config.competitors[competitor][0]
        return self.column_colour(column)

    def column_colour(self, column: int) -> Colour:
        player = self.session.config.columns[column][0]
        return self.ctx.theme.player(self.session.seats[player].colour)

    def _make_confetti(self) -> list[_Piece]:
        if (
            self.ctx.settings.reduced_motion
            or self.ctx.animation_scale == 0
            or not self.verdict.winners
        ):
            return []
        rng = random.Random(self.session.seed)  # cosmetic, and the same on every showing
        colours = [self.competitor_colour(i) for i in self.verdict.winners] + [GOLD, GOLD_LIGHT]
        return [
            _Piece(
                x=rng.random(),
                delay=rng.uniform(0.0, 1.6),
                speed=rng.uniform(0.35, 0.6),
                sway=rng.uniform(0.005, 0.025),
                phase=rng.uniform(0, math.tau),
                spin=rng.uniform(0.6, 1.6),
                colour=rng.choice(colours),
                size=rng.uniform(0.008, 0.016),
            )
            for _ in range(CONFETTI_PIECES)
        ]

    # ----------------------------------------------------------------- actions
    def _table_below(self):
        scenes = self.ctx.stack.scenes
        if self not in scenes:
            return None
        index = scenes.index(self)
        below = scenes[index - 1] if index > 0 else None
        return below if getattr(below, "session", None) is self.session else None

    def next_game(self) -> None:
        from game.scenes.flow import open_table

        try:
            events = self.session.apply(NextGame())
        except IllegalAction as refusal:
            self.ctx.notify(str(refusal).capitalize())
            return
        self.ctx.play("click")
        table = self._table_below()
        if table is None:  # shown on its own (a test, a restored save): seat a new table
            open_table(self.ctx, self.session)
            return
        self.ctx.stack.pop()
        if hasattr(table, "on_external_events"):
            table.on_external_events(events)
        elif hasattr(table, "resync"):
            table.resync()

    def play_again(self) -> None:
        from game.scenes.flow import open_table
        from game.session import Session

        self.ctx.play("click")
        open_table(self.ctx, Session.new(self.session.config, self.session.seats))

    def to_title(self) -> None:
        from game.scenes.title import TitleScene

        self.ctx.stack.clear_to(TitleScene(self.ctx))

    def review(self) -> None:
        """The coach's review of the game just finished."""
        from game.scenes.review import ReviewScene

        self.ctx.play("click")
        self.ctx.stack.push(ReviewScene.from_session(self.ctx, self.session))

    def watch_replay(self) -> None:
        """The match so far, played back on the table from its first roll."""
        from game.replay import ReplaySession
        from game.scenes.replay import ReplayScene

        self.ctx.play("click")
        self.ctx.stack.push(ReplayScene(self.ctx, ReplaySession.from_session(self.session)))

    # ----------------------------------------------------------------- at the end of a replay
    def _replay_buttons(self, session: Session) -> list[Button]:
        more = not getattr(session, "finished", True)
        first = (
            Button("Next game", self.next_game, primary=True, hint="N")
            if more
            else Button("Review", self.review, primary=True, hint="R")
        )
        rest = [Button("Review", self.review, hint="R")] if more else []
        return [
            first,
            *rest,
            Button("Watch again", self.watch_again, hint="W"),
            Button("Back", self.leave_replay, hint="B"),
        ]

    def watch_again(self) -> None:
        table = self._table_below()
        self.ctx.stack.pop()
        if hasattr(table, "restart"):
            table.restart()

    def leave_replay(self) -> None:
        """Out of the replay, back to where it was opened from."""
        table = self._table_below()
        self.ctx.stack.pop()
        if table is not None:
            self.ctx.stack.pop()

    # ----------------------------------------------------------------- input and time
    def handle(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            return self.ring.handle_mouse(event)
        if event.type != pygame.KEYDOWN:
            return False
        intent = self.ctx.input.intent(event)
        return self.ring.handle_key(event, intent) or self.ring.press_shortcut(menu_letter(event))

    def update(self, dt: float) -> None:
        if self.pieces and self.age < CONFETTI_TIME:
            self.age += dt

    @property
    def animating(self) -> bool:
        return bool(self.pieces) and self.age < CONFETTI_TIME

    # ----------------------------------------------------------------- layout
    def layout(self, size: tuple[int, int]) -> None:
        self.size = size
        w, h = size
        self.felt.fit(size, self.ctx.theme)
        theme, fonts = self.ctx.theme, self.ctx.fonts
        config, state = self.session.config, self.session.state
        unit = max(0.5, min(w / 1100, h / 800))
        margin = max(8, round(20 * unit))
        gap = max(6, round(14 * unit))
        pad = max(6, round(14 * unit))
        self.texts, self.tables, self.stripes, self.highlights = [], [], [], []

        # Title on the felt.
        if state.phase is Phase.MATCH_OVER and config.games > 1:
            title = "Match over"
        elif config.games > 1:
            title = f"Game {len(state.results)} of {config.games}"
        else:
            title = "Game over"
        image = title_image(fonts, theme, title, unit)
        title_rect = image.get_rect(midtop=(w // 2, margin))
        self.texts.append((image, title_rect))

        # Buttons at the foot.
        button_h = max(30, round(50 * unit))
        button_w = min(round(240 * unit), (w - 2 * margin - gap) // len(self.buttons))
        place_button_row(self.buttons, w, h - margin, (button_w, button_h), gap)

        # What goes in between: the banner, then one or two tables.
        top = title_rect.bottom + gap
        bottom = h - margin - button_h - gap
        avail = bottom - top
        width = min(w - 2 * margin, round(1200 * unit))
        left = (w - width) // 2
        cards = self._card_rows()
        teams_differ = config.competitors != tuple((c,) for c in range(len(config.columns)))
        match = self._match_rows() if config.games > 1 or teams_differ else None
        side = match is not None and w >= 1.2 * h
        banner_h = max(48, min(round(avail * 0.22), round(130 * unit)))
        tables = [cards] if match is None else [cards, match]
        lines = [len(rows) for rows in tables]  # the caption shares the header's line
        row_px = 40 * max(unit, min(w / 900, h / 1000)) * max(1.0, fonts.text_scale)
        if side:
            room = avail - banner_h - gap - 2 * pad
            rh = max(14, min(round(row_px), room // max(lines)))
            heights = [max(lines) * rh + 2 * pad] * 2
        else:
            room = avail - banner_h - gap * len(tables) - 2 * pad * len(tables)
            rh = max(14, min(round(row_px), room // sum(lines)))
            heights = [n * rh + 2 * pad for n in lines]
        content = banner_h + gap + (heights[0] if side else sum(heights) + gap * (len(heights) - 1))
        y = top + max(0, (avail - content) // 2)

        self.banner = pygame.Rect(left, y, width, banner_h)
        self._lay_banner(unit, pad, gap)
        y = self.banner.bottom + gap
        if side:
            left_w = round((width - gap) * 0.55)
            self._lay_table(
                pygame.Rect(left, y, left_w, heights[0]), cards, "Final scores", rh, pad
            )
            self._lay_table(
                pygame.Rect(left + left_w + gap, y, width - left_w - gap, heights[1]),
                match,
                "Match",
                rh,
                pad,
            )
        else:
            for rows, height, caption in zip(
                tables, heights, ("Final scores", "Match"), strict=False
            ):
                self._lay_table(pygame.Rect(left, y, width, height), rows, caption, rh, pad)
                y += height + gap

    def _lay_banner(self, unit: float, pad: int, gap: int) -> None:
        theme, fonts = self.ctx.theme, self.ctx.fonts
        trophy_h = self.banner.height - 2 * pad
        self.trophy = pygame.Rect(
            self.banner.left + pad * 2, self.banner.top + pad, round(trophy_h * 0.85), trophy_h
        )
        # Drawn large and scaled down: pygame's shapes have no anti-aliasing of their own.
        big = pygame.Surface((self.trophy.width * 4, self.trophy.height * 4), pygame.SRCALPHA)
        colours = [self.competitor_colour(i) for i in self.verdict.winners]
        draw_trophy(big, big.get_rect(), colours, theme)
        self._trophy_image = (
            pygame.transform.smoothscale(big, self.trophy.size) if colours else None
        )
        text_left = self.trophy.right + pad * 2
        text_w = self.banner.right - pad - text_left
        head_px = min(40 * unit, fitted_px(fonts, self.banner.height * 0.34))
        head_font = fonts.fit(self.verdict.headline, head_px, text_w, bold=True)
        detail_font = fonts.fit(self.verdict.detail, min(22 * unit, head_px * 0.6), text_w)
        head = head_font.render(self.verdict.headline, True, theme.text)
        detail = detail_font.render(
            ellipsize(detail_font, self.verdict.detail, text_w), True, theme.text_dim
        )
        block = head.get_height() + detail.get_height() + gap // 3
        y = self.banner.centery - block // 2
        self.texts.append((head, head.get_rect(topleft=(text_left, y))))
        y += head.get_height() + gap // 3
        self.texts.append((detail, detail.get_rect(topleft=(text_left, y))))

    def _card_rows(self) -> list[tuple[str, Colour | None, list[str], bool]]:
        """Header then one row per column, best total first: (name, colour, cells, winner)."""
        config, state = self.session.config, self.session.state
        cards = state.results[-1].cards if state.results else state.cards
        winners = set(state.results[-1].winners) if state.results else set()
        winning_columns = {c for i in winners for c in config.competitors[i]}
        order = sorted(range(len(cards)), key=lambda c: -cards[c].total)
        rows: list[tuple[str, Colour | None, list[str], bool]] = [
            ("", None, list(CARD_HEADS), False)
        ]
        for c in order:
            card = cards[c]
            cells = [
                str(card.upper_total),
                str(card.upper_bonus) if card.upper_bonus else "-",
                str(card.lower_total),
                str(card.yahtzee_bonus) if card.yahtzee_bonus else "-",
                str(card.total),
            ]
            rows.append((config.column_name(c), self.column_colour(c), cells, c in winning_columns))
        return rows

    def _match_rows(self) -> list[tuple[str, Colour | None, list[str], bool]]:
        """Header then one row per competitor: each game's total and the match total."""
        config, state = self.session.config, self.session.state
        games = config.games
        heads = [f"G{g + 1}" if games > 3 else f"Game {g + 1}" for g in range(games)] + ["Total"]
        match = state.match_totals()
        top = max(match) if match else 0
        rows: list[tuple[str, Colour | None, list[str], bool]] = [("", None, heads, False)]
        for i in sorted(range(len(match)), key=lambda i: -match[i]):
            cells = [
                str(state.results[g].totals[i]) if g < len(state.results) else ""
                for g in range(games)
            ]
            cells.append(str(match[i]))
            rows.append(
                (config.competitor_name(i), self.competitor_colour(i), cells, match[i] == top)
            )
        return rows

    def _lay_table(self, rect: pygame.Rect, rows, caption: str, rh: int, pad: int) -> None:
        """Place a table's texts in `rect`: a caption, a header, then the rows."""
        theme, fonts = self.ctx.theme, self.ctx.fonts
        self.tables.append(rect)
        inner = rect.inflate(-2 * pad, -2 * pad)
        text_px = fitted_px(fonts, rh * 0.62)
        cells = len(rows[0][2])
        name_w = round(inner.width * (0.3 if cells <= 5 else 0.26))
        caption_font = fonts.fit(caption, text_px * 1.1, name_w - 8, bold=True)
        image = caption_font.render(caption, True, theme.text)
        self.texts.append((image, image.get_rect(midleft=(inner.left, inner.top + rh // 2))))
        cell_w = (inner.width - name_w) / cells
        body = fonts.get(text_px)
        strong = fonts.get(text_px, bold=True)
        y = inner.top  # the header line, with the caption at its left

        def cell(i: int) -> pygame.Rect:
            return pygame.Rect(round(inner.left + name_w + i * cell_w), y, round(cell_w), rh)

        for index, (name, colour, values, winner) in enumerate(rows):
            row = pygame.Rect(inner.left, y, inner.width, rh)
            if index == 0:
                for i, value in enumerate(values):
                    self._lay_head(cell(i), value, text_px * 0.82)
                y += rh
                continue
            if winner:
                self.highlights.append(row)
            stripe = pygame.Rect(
                row.left + 4, row.top + rh // 5, max(4, rh // 5), rh - 2 * (rh // 5)
            )
            self.stripes.append((stripe, colour or theme.text))
            font = strong if winner else body
            label = ellipsize(font, name, name_w - stripe.width - 16)
            image = font.render(label, True, theme.text)
            self.texts.append((image, image.get_rect(midleft=(stripe.right + 8, row.centery))))
            for i, value in enumerate(values):
                last = i == len(values) - 1
                image = (strong if last else body).render(value, True, theme.text)
                box = cell(i)
                self.texts.append((image, image.get_rect(midright=(box.right - 6, box.centery))))
            y += rh

    def _lay_head(self, box: pygame.Rect, text: str, px: float) -> None:
        """A column heading, right-aligned; on two lines when one is too narrow."""
        theme, fonts = self.ctx.theme, self.ctx.fonts
        room = box.width - 6
        font = fonts.get(px)
        parts = [text]
        if font.size(text)[0] > room and " " in text:
            parts = text.split(" ", 1)
            px = min(px, fitted_px(fonts, box.height * 0.62))
        font = fonts.fit(max(parts, key=len), px, room)
        line = font.get_linesize()
        y = box.centery - line * len(parts) // 2
        for part in parts:
            image = font.render(part, True, theme.text_dim)
            self.texts.append((image, image.get_rect(topright=(box.right - 6, y))))
            y += line

    # ----------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface) -> None:
        theme, fonts = self.ctx.theme, self.ctx.fonts
        self.felt.draw(surface, theme)
        self._draw_confetti(surface)  # on the felt only: it must not hide a score
        draw_panel(surface, theme, self.banner)
        colours = [self.competitor_colour(i) for i in self.verdict.winners]
        if colours:  # the winner's colour frames the banner
            pygame.draw.rect(
                surface,
                colours[0],
                self.banner,
                max(3, self.banner.height // 30),
                max(6, self.banner.height // 12),
            )
            if self._trophy_image is not None:
                surface.blit(self._trophy_image, self.trophy)
        for rect in self.tables:
            draw_panel(surface, theme, rect)
        for rect in self.highlights:
            pygame.draw.rect(surface, theme.panel_alt, rect, 0, max(2, rect.height // 5))
        for rect, colour in self.stripes:
            pygame.draw.rect(surface, colour, rect, 0, max(1, rect.width // 2))
        for image, rect in self.texts:
            surface.blit(image, rect)
        self.ring.draw(surface, theme, fonts)

    def _draw_confetti(self, surface: pygame.Surface) -> None:
        if not self.animating:
            return
        w, h = surface.get_size()
        short = min(w, h)
        for p in self.pieces:
            t = self.age - p.delay
            if t <= 0:
                continue
            y = (-0.05 + p.speed * t) * h
            if y > h + 20:
                continue
            x = (p.x + p.sway * math.sin(p.phase + t * 3.0)) * w
            half = p.size * short / 2
            turn = math.cos(p.phase + t * p.spin * math.tau)
            pts = [
                (x - half, y - half * turn),
                (x + half, y - half * turn * 0.4),
                (x + half, y + half * turn),
                (x - half, y + half * turn * 0.4),
            ]
            pygame.draw.polygon(surface, p.colour, pts)
