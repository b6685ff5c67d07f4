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

This module is the scene: its data, actions and input. The pages are painted in
stats_pages, the screen laid out in stats_layout and drawn in stats_draw; the name box is
game.scenes.profile_name.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import pygame

from game.rules.config import MAX_GAMES
from game.scenes.base import Scene
from game.scenes.stats_draw import draw_stats
from game.scenes.stats_layout import lay_list, lay_out
from game.scenes.stats_pages import VARIANTS, build_page
from game.storage import CPU_PROFILES
from game.ui.forms import Cycler
from game.ui.input import menu_letter
from game.ui.scroll import ScrollView
from game.ui.text import as_sentence
from game.ui.widgets import Button, FeltBackground, FocusRing

if TYPE_CHECKING:
    from game.context import Context
    from game.storage import HighScore, ProfileStats

log = logging.getLogger(__name__)

PAGES = ("players", "scores")


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
                lay_list(self)
            build_page(self)

    def step_variant(self, step: int) -> None:
        self.variant = (self.variant + step) % len(VARIANTS)
        self.table = self.ctx.storage.high_scores(VARIANTS[self.variant], self.games)
        build_page(self)

    def step_games(self, step: int) -> None:
        self.games = (self.games - 1 + step) % MAX_GAMES + 1
        self.table = self.ctx.storage.high_scores(VARIANTS[self.variant], self.games)
        build_page(self)

    def new_profile(self) -> None:
        def create(name: str) -> str | None:
            try:
                profile = self.ctx.storage.create_profile(name)
            except ValueError as error:
                return as_sentence(error)
            self.refresh(select=profile.name)
            return None

        self.ctx.nav.profile_name("New profile", "", create, "Create")

    def rename_profile(self) -> None:
        if not self.names or not self.is_person:
            return
        old = self.names[self.selected]

        def rename(name: str) -> str | None:
            try:
                profile = self.ctx.storage.rename_profile(old, name)
            except ValueError as error:
                return as_sentence(error)
            self.refresh(select=profile.name)
            return None

        self.ctx.nav.profile_name(f"Rename {old}", old, rename, "Rename")

    def delete_profile(self) -> None:
        if not self.names or not self.is_person:
            return
        name = self.names[self.selected]

        def delete() -> None:
            try:
                self.ctx.storage.delete_profile(name)
            except ValueError as error:
                self.ctx.notify(as_sentence(error))
            self.refresh()

        self.ctx.nav.confirm(
            f"Delete the profile {name}?",
            delete,
            yes_label="Delete",
            detail="Its statistics go with it; the history and high scores stay.",
            focus_yes=False,
        )

    def resume(self, result: object = None) -> None:
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
        if event.type == pygame.MOUSEWHEEL and self.list_panel.collidepoint(self.ctx.pointer()):
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

    # ----------------------------------------------------------------- layout and drawing
    def layout(self, size: tuple[int, int]) -> None:
        lay_out(self, size)

    def draw(self, surface: pygame.Surface) -> None:
        draw_stats(self, surface)
