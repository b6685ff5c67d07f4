"""Statistics: the players' profiles and their figures, and the high score tables.

Players: the profiles (people first, then the CPU levels that have played; each CPU level
keeps its own record, as "CPU Expert"), and for the chosen one its games, wins, mean and best
score, upper bonus and Yahtzee rates, Yahtzee bonuses, the expected points it loses per game
(the coach's figure), its record against each opponent, its scores game by game and how they
spread (bins of 25 points). Profiles are created, renamed and deleted here; a person whose
seat name matches a profile plays under it.

High scores: the ten best of each rule variant and match length, with names and dates;
games played with help are marked "assisted".

Every figure comes from storage (Storage.profile_stats, Storage.high_scores), read when the
scene opens or a profile changes, never while drawing.

Controls:
    H / Tab          Players <-> High scores
    Players:
      Up / Down      the previous / next profile
      N / R / D (Delete)   new profile, rename it, delete it (asks first)
      Left / Right   move the focus over the buttons; Enter presses it
      PageUp / PageDown, Home / End   scroll the figures
    High scores:
      Left / Right   the rules (Official, Free, Simple)
      Up / Down      the match length (1 to 6 games)
    Esc / Backspace  back
Mouse: click the page tabs, a profile, the buttons and the arrows; the wheel scrolls the
figures.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.rules.config import MAX_GAMES
from game.scenes.base import Scene
from game.scenes.pause import menu_letter
from game.storage import CPU_PROFILES
from game.ui.charts import draw_histogram, draw_line_chart
from game.ui.dice_view import draw_die
from game.ui.forms import Cycler, TextField
from game.ui.menu_layout import menu_scale, place_button_row, title_image
from game.ui.page import PageWriter, paint_tiles, render_page, tile_gap
from game.ui.palette import dice_palette
from game.ui.scroll import ScrollView, viewport_in
from game.ui.tabs import draw_tab, open_into_panel
from game.ui.text import ellipsize, fitted_px, wrap_text
from game.ui.widgets import Button, FeltBackground, FocusRing, draw_panel

if TYPE_CHECKING:
    from game.context import Context
    from game.storage import HighScore, ProfileStats

log = logging.getLogger(__name__)

VARIANTS = ("official", "free", "simple")
HISTOGRAM_BIN = 25  # points
PAGES = ("players", "scores")


# ----------------------------------------------------------------------------- words
def percent(rate: float | None) -> str:
    return "-" if rate is None else f"{rate * 100:.0f}%"


def number(value: float | None, digits: int = 1) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def wins_text(stats: ProfileStats) -> str:
    """'5.5 of 20' (a shared win counts a part), or '-' with no opponents yet."""
    if not stats.contested:
        return "-"
    wins = f"{stats.wins:g}" if stats.wins == int(stats.wins) else f"{stats.wins:.1f}"
    return f"{wins} of {stats.contested}"


def figures(stats: ProfileStats) -> list[tuple[str, str]]:
    """The figures of a profile as (label, value) in the order shown."""
    return [
        ("Games", str(stats.games)),
        ("Wins", wins_text(stats)),
        ("Win rate", percent(stats.win_rate)),
        ("Mean score", number(stats.mean_score)),
        ("Best score", "-" if stats.best_score is None else str(stats.best_score)),
        ("Upper bonus", percent(stats.upper_bonus_rate)),
        ("Yahtzee rate", percent(stats.yahtzee_rate)),
        ("Yahtzee bonuses", str(stats.bonus_chips)),
        ("Points lost per game", number(stats.mean_points_lost)),
    ]


def short_date(iso: str) -> str:
    try:
        return datetime.fromisoformat(iso).strftime("%d %b %Y")
    except ValueError:
        return iso[:10]


# ----------------------------------------------------------------------------- a name, asked
class ProfileNameScene(Scene):
    """A small box over the statistics asking for a profile's name.

    Controls: typing edits (the old name is selected, so typing replaces it), Backspace
    deletes, Enter saves, Esc cancels. Mouse: the two buttons; a click in the field puts the
    caret at the end.
    """

    opaque = False

    def __init__(
        self,
        ctx: Context,
        title: str,
        initial: str,
        on_done: Callable[[str], str | None],
        ok_label: str = "Save",
    ) -> None:
        super().__init__(ctx)
        self.title = title
        self.name = initial
        self.on_done = on_done  # returns an error to show, or None when it is done
        self.field = TextField(
            lambda: self.name, self._set_name, max_length=24, placeholder="Name", key="name"
        )
        self.field.selected = bool(initial)
        self.ok = Button(ok_label, self.submit, primary=True, hint="Enter")
        self.cancel = Button("Cancel", self.close, hint="Esc")
        self.ring = FocusRing([self.ok, self.cancel])
        self.error = ""
        self.panel = pygame.Rect(0, 0, 0, 0)
        self._veil: pygame.Surface | None = None
        self._title: tuple[pygame.Surface, pygame.Rect] | None = None
        self.error_rect = pygame.Rect(0, 0, 0, 0)

    def _set_name(self, text: str) -> None:
        self.name = text
        self.error = ""

    def submit(self) -> None:
        error = self.on_done(self.name)
        if error:
            self.error = error
            self.ctx.play("click", 0.5)
        else:
            self.close()

    def close(self) -> None:
        self.ctx.stack.pop()

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.field.hit(event.pos):
                self.field.selected = False
                return True
            self.ring.handle_mouse(event)
            return True  # a modal: nothing below sees the mouse
        if event.type == pygame.MOUSEMOTION:
            self.ring.handle_mouse(event)
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.ring.press()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB:
            self.ring.move(1)
            return True
        if self.field.handle_key(event):
            return True
        return event.type == pygame.KEYDOWN  # a modal swallows every key

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        theme, fonts = self.ctx.theme, self.ctx.fonts
        unit = max(0.5, min(w / 1280, h / 800))
        width = min(round(520 * unit * max(1.0, fonts.text_scale)), round(w * 0.9))
        pad = round(24 * unit)
        title_font = fonts.fit(self.title, 30 * unit, width - 2 * pad, bold=True)
        title = title_font.render(self.title, True, theme.text)
        field_h = max(28, round(48 * unit))
        button_h = max(28, round(46 * unit))
        error_h = fonts.get(20 * unit).get_linesize() * 2
        height = pad + title.get_height() + pad // 2 + field_h + error_h + button_h + pad
        self.panel = pygame.Rect(0, 0, width, min(height, h - 8))
        self.panel.center = (w // 2, h // 2)
        self._title = (title, title.get_rect(midtop=(self.panel.centerx, self.panel.top + pad)))
        y = self._title[1].bottom + pad // 2
        self.field.rect = pygame.Rect(self.panel.left + pad, y, width - 2 * pad, field_h)
        self.error_rect = pygame.Rect(
            self.panel.left + pad, self.field.rect.bottom + 4, width - 2 * pad, error_h
        )
        gap = round(16 * unit)
        button_w = (width - 2 * pad - gap) // 2
        top = self.panel.bottom - pad - button_h
        self.ok.rect = pygame.Rect(self.panel.left + pad, top, button_w, button_h)
        self.cancel.rect = pygame.Rect(self.ok.rect.right + gap, top, button_w, button_h)
        self.error_px = 20 * unit
        self._veil = pygame.Surface(size, pygame.SRCALPHA)
        self._veil.fill(theme.overlay)

    def draw(self, surface: pygame.Surface) -> None:
        theme, fonts = self.ctx.theme, self.ctx.fonts
        if self._veil is not None:
            surface.blit(self._veil, (0, 0))
        draw_panel(surface, theme, self.panel)
        if self._title is not None:
            surface.blit(*self._title)
        self.field.draw(surface, theme, fonts, True)
        if self.error:
            font = fonts.get(self.error_px)
            y = self.error_rect.top + 2
            for line in wrap_text(font, self.error, self.error_rect.width)[:2]:
                image = font.render(line, True, theme.warn)
                surface.blit(image, (self.error_rect.left, y))
                y += font.get_linesize()
        self.ring.draw(surface, theme, fonts)


# ----------------------------------------------------------------------------- the scene
class StatsScene(Scene):
    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.page_name = "players"
        self.names: list[str] = []  # people's profiles, then CPU levels with games
        self.people = 0  # how many of `names` are people's profiles
        self.created: dict[str, str] = {}
        self.stats: dict[str, ProfileStats] = {}
        self.selected = 0
        self.variant = 0  # index into VARIANTS
        self.games = 1  # match length of the high score table shown
        self.table: list[HighScore] = []
        self.scroll = ScrollView()
        self.new_button = Button("New", self.new_profile, hint="N")
        self.rename_button = Button("Rename", self.rename_profile, hint="R")
        self.delete_button = Button("Delete", self.delete_profile, hint="D")
        self.back = Button("Back", self.close, hint=ctx.input.label("pause"))
        self.ring = FocusRing()
        self.variant_cycler = Cycler(
            lambda: f"{VARIANTS[self.variant].capitalize()} rules", self.step_variant, key="variant"
        )
        self.games_cycler = Cycler(
            lambda: "1 game" if self.games == 1 else f"Match of {self.games}",
            self.step_games,
            key="games",
        )
        self.hover: object = None
        self.size = (0, 0)
        self.unit = 1.0
        self.body_px = 20.0
        self.felt = FeltBackground()
        self.title: tuple[pygame.Surface, pygame.Rect] | None = None
        self.tabs: dict[str, pygame.Rect] = {}
        self.list_panel = pygame.Rect(0, 0, 0, 0)
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.list_rows: list[tuple[int, pygame.Rect]] = []  # (profile index, row)
        self.list_first = 0  # the first entry shown when the list is longer than its panel
        self.list_more = (False, False)  # entries hidden above, below
        self.list_cols = 1
        self.list_row_h = 30
        self.list_gap = 8
        self.list_heads: list[tuple[pygame.Surface, pygame.Rect]] = []
        self.page: pygame.Surface | None = None
        self.page_rects: dict[str, pygame.Rect] = {}
        self.refresh()

    # ----------------------------------------------------------------- data
    def refresh(self, select: str | None = None) -> None:
        """Read profiles and figures again (after a change, or on opening)."""
        storage = self.ctx.storage
        current = select or (self.names[self.selected] if self.names else None)
        profiles = storage.list_profiles()
        self.created = {p.name: p.created for p in profiles}
        every = storage.all_stats()
        cpus = [name for name in CPU_PROFILES if name in every]
        self.names = [p.name for p in profiles] + cpus
        self.people = len(profiles)
        self.stats = {name: every.get(name) or storage.profile_stats(name) for name in self.names}
        self.ctx.report_storage_problems()
        if current is not None:
            folded = [n.casefold() for n in self.names]
            key = current.casefold()
            self.selected = (
                folded.index(key) if key in folded else min(self.selected, len(self.names) - 1)
            )
        self.selected = max(0, min(self.selected, len(self.names) - 1))
        self.table = storage.high_scores(VARIANTS[self.variant], self.games)
        self._set_buttons()
        if self.size != (0, 0):
            self.layout(self.size)

    @property
    def selected_name(self) -> str | None:
        return self.names[self.selected] if self.names else None

    @property
    def selected_stats(self) -> ProfileStats | None:
        name = self.selected_name
        return None if name is None else self.stats[name]

    @property
    def is_person(self) -> bool:
        return self.selected < self.people

    def _set_buttons(self) -> None:
        self.rename_button.enabled = self.delete_button.enabled = (
            bool(self.names) and self.is_person
        )
        if self.page_name == "players":
            self.ring.set([self.new_button, self.rename_button, self.delete_button, self.back])
        else:
            self.ring.set([self.back])

    # ----------------------------------------------------------------- actions
    def close(self) -> None:
        self.ctx.stack.pop()

    def show_page(self, name: str) -> None:
        self.page_name = name
        self._set_buttons()
        self.layout(self.size)

    def select(self, index: int) -> None:
        if not self.names:
            return
        index = max(0, min(index, len(self.names) - 1))
        if index != self.selected:
            self.selected = index
            self.scroll.scroll_to(0)
            self._set_buttons()
            if self.page_name == "players" and self.size != (0, 0):
                self._lay_list()
            self._build_page()

    def step_variant(self, step: int) -> None:
        self.variant = (self.variant + step) % len(VARIANTS)
        self.table = self.ctx.storage.high_scores(VARIANTS[self.variant], self.games)
        self._build_page()

    def step_games(self, step: int) -> None:
        self.games = (self.games - 1 + step) % MAX_GAMES + 1
        self.table = self.ctx.storage.high_scores(VARIANTS[self.variant], self.games)
        self._build_page()

    def new_profile(self) -> None:
        def create(name: str) -> str | None:
            try:
                profile = self.ctx.storage.create_profile(name)
            except ValueError as error:
                return _sentence(error)
            self.refresh(select=profile.name)
            return None

        self.ctx.stack.push(ProfileNameScene(self.ctx, "New profile", "", create, "Create"))

    def rename_profile(self) -> None:
        if not self.names or not self.is_person:
            return
        old = self.names[self.selected]

        def rename(name: str) -> str | None:
            try:
                profile = self.ctx.storage.rename_profile(old, name)
            except ValueError as error:
                return _sentence(error)
            self.refresh(select=profile.name)
            return None

        self.ctx.stack.push(ProfileNameScene(self.ctx, f"Rename {old}", old, rename, "Rename"))

    def delete_profile(self) -> None:
        if not self.names or not self.is_person:
            return
        from game.scenes.confirm import ConfirmScene

        name = self.names[self.selected]

        def delete() -> None:
            try:
                self.ctx.storage.delete_profile(name)
            except ValueError as error:
                self.ctx.notify(_sentence(error))
            self.refresh()

        self.ctx.stack.push(
            ConfirmScene(
                self.ctx,
                f"Delete the profile {name}?",
                delete,
                yes_label="Delete",
                detail="Its statistics go with it; the history and high scores stay.",
                focus_yes=False,
            )
        )

    def resume(self) -> None:
        # Settings or a profile may have changed under an overlay.
        if self.size != (0, 0):
            self.layout(self.size)

    # ----------------------------------------------------------------- input
    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self._target_at(event.pos)
            self.ring.handle_mouse(event)
            return self.scroll.handle(event, None) or True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._click(event.pos)
        if event.type == pygame.MOUSEWHEEL and self.list_panel.collidepoint(pygame.mouse.get_pos()):
            self.select(self.selected - event.y)  # the wheel over the list walks it
            return True
        if event.type in (pygame.MOUSEWHEEL, pygame.MOUSEBUTTONUP):
            return self.scroll.handle(event, None)
        if event.type != pygame.KEYDOWN:
            return False
        intent = self.ctx.input.intent(event)
        letter = menu_letter(event)
        if intent == "pause" or event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.close()
        elif letter == "h" or intent in ("focus_next", "focus_prev"):
            self.show_page("scores" if self.page_name == "players" else "players")
        elif self.page_name == "scores":
            return self._scores_key(event, intent)
        elif intent in ("up", "down"):
            self.select(self.selected + (1 if intent == "down" else -1))
        elif intent in ("left", "right"):
            self.ring.move(-1 if intent == "left" else 1)
        elif intent == "confirm" or event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.ring.press()
        elif letter == "n":
            self.new_profile()
        elif letter == "r":
            self.rename_profile()
        elif letter == "d" or event.key == pygame.K_DELETE:
            self.delete_profile()
        else:
            return self.scroll.handle(event, None)
        return True

    def _scores_key(self, event: pygame.event.Event, intent: str | None) -> bool:
        if intent in ("left", "right"):
            self.step_variant(-1 if intent == "left" else 1)
        elif intent in ("up", "down"):
            self.step_games(-1 if intent == "up" else 1)
        elif intent == "confirm" or event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.ring.press()
        else:
            return self.scroll.handle(event, None)
        return True

    def _target_at(self, pos: tuple[int, int]) -> object:
        for name, rect in self.tabs.items():
            if rect.collidepoint(pos):
                return name
        if self.page_name == "scores":
            for cycler in (self.variant_cycler, self.games_cycler):
                if cycler.hit(pos):
                    return cycler
        else:
            for i, rect in self.list_rows:
                if rect.collidepoint(pos):
                    return i
        return None

    def _click(self, pos: tuple[int, int]) -> bool:
        if self.ring.handle_mouse(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)):
            return True
        target = self._target_at(pos)
        if target in PAGES:
            self.show_page(target)  # type: ignore[arg-type]
        elif isinstance(target, Cycler):
            target.click(pos)
        elif isinstance(target, int):
            self.select(target)
        else:
            return self.scroll.handle(
                pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1), None
            )
        return True

    # ----------------------------------------------------------------- layout
    def layout(self, size: tuple[int, int]) -> None:
        self.size = size
        w, h = size
        theme, fonts = self.ctx.theme, self.ctx.fonts
        self.felt.fit(size, theme)
        unit, margin, gap = menu_scale(size)
        self.unit = unit
        self.body_px = max(15.0, min(23 * h / 800, w / 32))
        title = title_image(fonts, theme, "Statistics", unit)
        self.title = (title, title.get_rect(topleft=(margin, margin)))

        # The page tabs sit under the title, over the panels.
        tab_h = max(28, round(44 * unit * max(1.0, fonts.text_scale) ** 0.5))
        tab_w = min(round(220 * unit), (w - 2 * margin - gap) // 2)
        top = self.title[1].bottom + gap // 2
        self.tabs = {
            "players": pygame.Rect(margin, top, tab_w, tab_h),
            "scores": pygame.Rect(margin + tab_w + gap // 2, top, tab_w, tab_h),
        }
        buttons = self.ring.buttons
        button_h = max(30, round(48 * unit))
        button_w = min(
            round(190 * unit), (w - 2 * margin - gap * (len(buttons) - 1)) // len(buttons)
        )
        place_button_row(buttons, w, h - margin, (button_w, button_h), gap)
        body_top = top + tab_h - 2
        body = pygame.Rect(margin, body_top, w - 2 * margin, h - margin - button_h - gap - body_top)
        if self.page_name == "players":
            self._lay_players(body, gap)
        else:
            self.list_panel = pygame.Rect(0, 0, 0, 0)
            self.list_rows, self.list_heads = [], []
            self.panel = body
            self._lay_viewport(top_extra=self._lay_cyclers(body))
        self._build_page()

    def _lay_players(self, body: pygame.Rect, gap: int) -> None:
        line = self.ctx.fonts.get(self.body_px).get_linesize()
        self.list_row_h = round(line * 1.6)
        side = body.width >= body.height * 1.15
        if side:  # the list to the left of the figures
            list_w = min(max(round(body.width * 0.26), line * 10), round(body.width * 0.4))
            self.list_panel = pygame.Rect(body.left, body.top, list_w, body.height)
            self.panel = pygame.Rect(
                body.left + list_w + gap, body.top, body.width - list_w - gap, body.height
            )
            self.list_cols = 1
        else:  # the list above them, in columns, as tall as it needs up to a third
            self.list_cols = max(1, (body.width - gap) // (line * 12))
            rows = -(-max(1, len(self._list_entries())) // self.list_cols)
            list_h = min(rows * self.list_row_h + gap, body.height // 3)
            self.list_panel = pygame.Rect(body.left, body.top, body.width, list_h)
            self.panel = pygame.Rect(
                body.left, body.top + list_h + gap, body.width, body.height - list_h - gap
            )
        self.list_gap = gap
        self._lay_list()
        self._lay_viewport(top_extra=0)

    def _list_entries(self) -> list[int]:
        """What the list shows, in order: a profile's index, or -1 for the CPU heading (in a
        single column only; in columns the CPU names speak for themselves)."""
        entries = list(range(len(self.names)))
        if self.list_cols == 1 and self.people < len(self.names):
            entries.insert(self.people, -1)
        return entries

    def _lay_list(self) -> None:
        """Place the rows that fit, scrolled so the chosen profile is among them."""
        theme, fonts = self.ctx.theme, self.ctx.fonts
        inner = self.list_panel.inflate(-self.list_gap, -self.list_gap)
        row_h, cols = self.list_row_h, self.list_cols
        per_col = max(1, inner.height // row_h)
        capacity = per_col * cols
        entries = self._list_entries()
        if self.selected in entries:
            at = entries.index(self.selected)
            if at < self.list_first:
                self.list_first = at - (1 if at and entries[at - 1] == -1 else 0)
            elif at >= self.list_first + capacity:
                self.list_first = at - capacity + 1
        self.list_first = max(0, min(self.list_first, max(0, len(entries) - capacity)))
        visible = entries[self.list_first : self.list_first + capacity]
        self.list_more = (self.list_first > 0, self.list_first + capacity < len(entries))
        col_w = inner.width // cols
        small = fonts.get(self.body_px * 0.8, bold=True)
        self.list_rows, self.list_heads = [], []
        for k, index in enumerate(visible):
            r, c = divmod(k, cols)
            rect = pygame.Rect(inner.left + c * col_w, inner.top + r * row_h, col_w - 4, row_h)
            if index < 0:
                image = small.render("CPU LEVELS", True, theme.text_dim)
                self.list_heads.append(
                    (image, image.get_rect(bottomleft=(rect.left + 6, rect.bottom - 4)))
                )
            else:
                self.list_rows.append((index, rect))

    def _lay_cyclers(self, body: pygame.Rect) -> int:
        """The high score page's two choosers along the panel's top; returns their height."""
        pad = max(8, round(16 * self.unit))
        h = max(28, round(42 * self.unit))
        w = min(round(280 * self.unit), (body.width - 3 * pad) // 2)
        self.variant_cycler.rect = pygame.Rect(body.left + pad, body.top + pad, w, h)
        self.games_cycler.rect = pygame.Rect(
            self.variant_cycler.rect.right + pad, body.top + pad, w, h
        )
        return h + pad

    def _lay_viewport(self, top_extra: int) -> None:
        pad = max(8, round(16 * self.unit))
        bar = max(6, round(self.body_px / 3))
        viewport = viewport_in(self.panel, pad, bar, top_extra)
        self.scroll.set_content(viewport, self.scroll.content_height, round(self.body_px * 1.3))

    # ----------------------------------------------------------------- the page
    def _build_page(self) -> None:
        view = self.scroll.viewport
        if view.width <= 0 or view.height <= 0:
            return
        paint = self._paint_scores if self.page_name == "scores" else self._paint_profile
        self.page, height = render_page(paint, view.width, self.ctx.theme)
        self.scroll.set_content(view, height, self.scroll.line)

    def _empty(self, pen: PageWriter, top: int, head: str, text: str) -> int:
        """An empty state that looks meant: three resting dice, a large line and a helpful
        one, centred in the room left below `top`."""
        view = self.scroll.viewport
        width = view.width
        die = round(pen.line * 1.8)
        lines = wrap_text(pen.body, text, round(width * 0.8))
        block = die * 2 + round(pen.line * 2.2) + len(lines) * pen.line
        y = top + max(pen.line, (view.height - top - block) // 2)
        if pen.surface is not None:
            palette = dice_palette(self.ctx.theme.high_contrast)
            for i, (face, angle) in enumerate(((1, 12.0), (2, -6.0), (3, 9.0))):
                centre = (width // 2 + (i - 1) * round(die * 1.3), y + die // 2)
                draw_die(pen.surface, centre, die, face, angle, palette=palette, dimmed=True)
        y += die * 2
        rect = pen.text(head, (width // 2, y), size=1.5, bold=True, anchor="midtop")
        y = rect.bottom + pen.line // 2
        for part in lines:
            pen.text(part, (width // 2, y), ink=self.ctx.theme.text_dim, anchor="midtop")
            y += pen.line
        return y + pen.line

    def _paint_profile(self, page: pygame.Surface | None) -> int:
        theme, fonts = self.ctx.theme, self.ctx.fonts
        pen = PageWriter(page, theme, fonts, self.body_px)
        line = pen.line
        width = self.scroll.viewport.width
        rects: dict[str, pygame.Rect] = {}
        stats = self.selected_stats
        if stats is None:
            y = self._empty(
                pen,
                0,
                "No games yet",
                "Make a profile with N, then give a seat the same name in a new game: its "
                "games are counted here. The CPU levels keep their own records as they play.",
            )
            self.page_rects = rects if page is not None else self.page_rects
            return y
        name = stats.name
        rect = pen.text(name, (0, 0), size=1.5, bold=True, width=width)
        if self.is_person:
            since = f"profile since {short_date(self.created.get(name, ''))}"
        else:
            since = "a CPU level's record, over every game it played"
        pen.text(
            since,
            (rect.right + line, rect.bottom - 2),
            ink=theme.text_dim,
            anchor="bottomleft",
            width=max(10, width - rect.right - line),
        )
        y = rect.bottom + line // 2
        if not stats.games:
            y = self._empty(
                pen,
                y,
                "No games yet",
                f"Games played in a seat called {name} are counted here."
                if self.is_person
                else "This level has not played yet.",
            )
            self.page_rects = rects if page is not None else self.page_rects
            return y
        # The figures as tiles.
        items = figures(stats)
        small = fonts.get(self.body_px * 0.8)
        widest = max(small.size(label)[0] for label, _ in items) + line
        spacing = tile_gap(line)
        most = max(2, min(5, (width + spacing) // (max(widest, line * 6) + spacing)))
        # A last row with a single tile looks like a mistake: 9 tiles go 5+4 or 3x3, not 4+4+1.
        cols = next(c for c in range(most, 1, -1) if len(items) % c in (0, c - 1) or c == 2)
        tiles = [(label, value, None) for label, value in items]
        y = paint_tiles(pen, rects, tiles, y, width, cols, round(line * 2.6), 1.45, fit_values=True)
        y += line

        # Scores game by game and how they spread: side by side when there is room.
        wide = width >= line * 40
        chart_w = (width - line) // 2 if wide else width
        chart_h = round(min(max(line * 9, chart_w * 0.45), line * 13))
        colour = theme.preview
        scores = [score for _, score in stats.score_history]
        first = pygame.Rect(0, y, chart_w, chart_h + round(line * 1.3))
        second = (
            pygame.Rect(chart_w + line, y, chart_w, first.height)
            if wide
            else first.move(0, first.height + line)
        )
        rects["chart"], rects["histogram"] = first, second
        if page is not None:
            pen.text("Scores, game by game", first.topleft, bold=True)
            area = first.inflate(0, -round(line * 1.3)).move(0, round(line * 0.65))
            labels = [str(i + 1) for i in range(len(scores))]
            draw_line_chart(
                page,
                area,
                scores,
                theme,
                small,
                colour=colour,
                x_labels=labels,
                baseline=stats.mean_score,
                baseline_label=f"mean {stats.mean_score:.1f}",
                dots=len(scores) <= 40,
            )
            pen.text(
                f"How the scores spread ({HISTOGRAM_BIN}-point bins)",
                second.topleft,
                bold=True,
                width=second.width,
            )
            area = second.inflate(0, -round(line * 1.3)).move(0, round(line * 0.65))
            draw_histogram(
                page, area, stats.histogram(HISTOGRAM_BIN), theme, small, colour, HISTOGRAM_BIN
            )
        y = second.bottom + line

        # Head to head.
        pen.text("Head to head", (0, y), bold=True)
        y += round(line * 1.3)
        if not stats.head_to_head:
            if page is not None:
                pen.text("No opponents yet: solitaire games have none.", (0, y), ink=theme.text_dim)
            y += line
        name_w = min(width // 2, line * 11)
        top = y
        for other, record in stats.head_to_head.items():
            if page is not None:
                pen.text(other, (0, y), width=name_w - line // 2)
                text = f"{record.wins} won, {record.losses} lost" + (
                    f", {record.ties} tied" if record.ties else ""
                )
                pen.text(text, (name_w, y), ink=theme.text_dim, width=width - name_w)
                self._record_bar(
                    page,
                    pygame.Rect(
                        name_w + round(line * 12),
                        y + line // 4,
                        width - name_w - round(line * 12),
                        line // 2,
                    ),
                    record,
                )
            y += line
        rects["head_to_head"] = pygame.Rect(0, top, width, y - top)
        self.page_rects = rects if page is not None else self.page_rects
        return y + line // 2

    def _record_bar(self, page: pygame.Surface, rect: pygame.Rect, record) -> None:
        """Wins, ties and losses as one bar: green, grey, red, with a dark edge."""
        if rect.width < 20 or not record.played:
            return
        theme = self.ctx.theme
        x = rect.left
        for count, colour in (
            (record.wins, theme.good),
            (record.ties, theme.zero_preview),
            (record.losses, theme.warn),
        ):
            part = round(rect.width * count / record.played)
            if part:
                pygame.draw.rect(page, colour, (x, rect.top, part, rect.height))
                x += part
        pygame.draw.rect(page, theme.text_dim, rect, 1)

    def _paint_scores(self, page: pygame.Surface | None) -> int:
        theme, fonts = self.ctx.theme, self.ctx.fonts
        pen = PageWriter(page, theme, fonts, self.body_px)
        line = pen.line
        width = self.scroll.viewport.width
        rules = f"{VARIANTS[self.variant].capitalize()} rules, " + (
            "1 game" if self.games == 1 else f"match of {self.games}"
        )
        if not self.table:
            return self._empty(
                pen,
                0,
                "No high scores yet",
                f"for {rules}. People's games without teams enter; the ten best are kept.",
            )
        row_h = round(line * 1.5)
        gap = line // 2
        place_w = pen.body.size("10.")[0] + gap
        name_w = max(line * 5, pen.body.size("M" * 14)[0])
        score_w = pen.body.size("00000")[0] + gap
        date_w = pen.body.size("00 Mon 0000")[0] + gap
        tag_w = pen.fonts.get(pen.px * 0.75, bold=True).size("assisted")[0] + line
        # A narrow table, centred: a score far from its name is hard to follow.
        table_w = min(width, place_w + name_w + score_w + date_w + tag_w + 4 * gap)
        name_w = table_w - place_w - score_w - date_w - tag_w - 4 * gap
        left = (width - table_w) // 2
        x_place = left + place_w  # right edge of the place number
        x_name = x_place + gap
        x_score = x_name + name_w + score_w  # right edge of the score
        x_date = x_score + gap * 2
        pen.text("Name", (x_name, 0), size=0.85, ink=theme.text_dim)
        pen.text("Score", (x_score, 0), size=0.85, ink=theme.text_dim, anchor="topright")
        pen.text("Date", (x_date, 0), size=0.85, ink=theme.text_dim)
        y = line
        for place, entry in enumerate(self.table, start=1):
            first = place == 1
            mid = y + row_h // 2
            if page is not None and place % 2:
                pygame.draw.rect(page, theme.panel_alt, (left, y, table_w, row_h), 0, 4)
            pen.text(f"{place}.", (x_place, mid), bold=first, anchor="midright")
            pen.text(entry.name, (x_name, mid), bold=first, anchor="midleft", width=name_w - gap)
            pen.text(str(entry.score), (x_score, mid), bold=True, anchor="midright")
            pen.text(short_date(entry.date), (x_date, mid), ink=theme.text_dim, anchor="midleft")
            if page is not None and entry.assisted:
                tag = pen.fonts.get(pen.px * 0.75, bold=True).render(
                    "assisted", True, theme.text_on_accent
                )
                pill = tag.get_rect().inflate(line // 2, 4)
                pill.midright = (left + table_w - 4, mid)
                pygame.draw.rect(page, theme.preview, pill, 0, pill.height // 2)
                page.blit(tag, tag.get_rect(center=pill.center))
            y += row_h
        return y + line // 2

    # ----------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface) -> None:
        theme, fonts = self.ctx.theme, self.ctx.fonts
        self.felt.draw(surface, theme)
        if self.title is not None:
            surface.blit(*self.title)
        self._draw_tabs(surface)
        if self.page_name == "players":
            self._draw_list(surface)
        draw_panel(surface, theme, self.panel)
        chosen = self.tabs.get(self.page_name)
        if chosen is not None and chosen.bottom >= self.panel.top:
            open_into_panel(surface, theme, chosen, self.panel)
        if self.page_name == "scores":
            for cycler in (self.variant_cycler, self.games_cycler):
                cycler.draw(surface, theme, fonts, self.hover is cycler)
        if self.page is not None:
            self.scroll.blit_content(surface, self.page)
            self.scroll.draw_bar(surface, theme)
        self.ring.draw(surface, theme, fonts)

    def _draw_tabs(self, surface: pygame.Surface) -> None:
        labels = {"players": "Players", "scores": "High scores"}
        for name, rect in self.tabs.items():
            chosen = name == self.page_name
            label = partial(self._draw_tab_label, surface, rect, labels[name], chosen)
            draw_tab(surface, self.ctx.theme, rect, chosen, self.hover == name, label)

    def _draw_tab_label(
        self, surface: pygame.Surface, rect: pygame.Rect, text: str, chosen: bool
    ) -> None:
        theme, fonts = self.ctx.theme, self.ctx.fonts
        font = fonts.fit(text, fitted_px(fonts, rect.height * 0.5), rect.width - 16, bold=chosen)
        image = font.render(text, True, theme.text if chosen else theme.text_dim)
        surface.blit(image, image.get_rect(center=rect.center))

    def _draw_list(self, surface: pygame.Surface) -> None:
        theme, fonts = self.ctx.theme, self.ctx.fonts
        draw_panel(surface, theme, self.list_panel)
        if not self.names:
            y = self.list_panel.centery
            for text, bold in (("No profiles yet", True), ("N makes one", False)):
                font = fonts.get(self.body_px, bold)
                image = font.render(text, True, theme.text_dim)
                surface.blit(image, image.get_rect(midbottom=(self.list_panel.centerx, y)))
                y += font.get_linesize()
            return
        for image, rect in self.list_heads:
            surface.blit(image, rect)
        # Arrows at the panel's edge say that more of the list is above or below.
        r = max(4, self.list_row_h // 6)
        x = self.list_panel.centerx
        if self.list_more[0]:
            y = self.list_panel.top + r + 2
            pygame.draw.polygon(
                surface, theme.text_dim, [(x - r, y + r // 2), (x + r, y + r // 2), (x, y - r // 2)]
            )
        if self.list_more[1]:
            y = self.list_panel.bottom - r - 2
            pygame.draw.polygon(
                surface, theme.text_dim, [(x - r, y - r // 2), (x + r, y - r // 2), (x, y + r // 2)]
            )
        font = fonts.get(self.body_px)
        small = fonts.get(self.body_px * 0.8)
        for i, rect in self.list_rows:
            chosen = i == self.selected
            if chosen:
                pygame.draw.rect(surface, theme.panel_alt, rect, 0, rect.height // 5)
                pygame.draw.rect(
                    surface, theme.focus, rect, max(2, rect.height // 14), rect.height // 5
                )
            elif self.hover == i:
                pygame.draw.rect(surface, theme.panel_edge, rect, 1, rect.height // 5)
            stats = self.stats[self.names[i]]
            games = small.render(
                f"{stats.games} game{'s' if stats.games != 1 else ''}", True, theme.text_dim
            )
            room = rect.width - games.get_width() - 24
            bold = fonts.get(self.body_px, bold=True)
            use = bold if chosen else font
            text = ellipsize(use, self.names[i], max(10, room))
            image = use.render(text, True, theme.text)
            surface.blit(image, image.get_rect(midleft=(rect.left + 10, rect.centery)))
            if room > 30:
                surface.blit(games, games.get_rect(midright=(rect.right - 10, rect.centery)))


def _sentence(error: Exception) -> str:
    text = str(error).strip()
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."
