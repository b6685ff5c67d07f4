"""Statistics: the players' profiles and their figures, and the high score tables.

Players: the profiles (people first, then the CPU levels that have played; each CPU level
keeps its own record, as "CPU Expert"), and for the chosen one its games, wins, mean and best
score, upper bonus and Yahtzee rates, Yahtzee bonuses, the expected points it loses per game
(the coach's figure), its record against each opponent, its scores game by game and how they
spread (bins of 25 points). Each card keeps its own figures (a Yatzy 280 is not an American
280): the page names the card, and its button shows the other. Profiles are created,
renamed and deleted here; every name a person plays under becomes a profile when the game
starts (the pages say so).

High scores: the ten best of each rule variant (Yatzy's apart) and match length, with names
and dates;
games played with help are marked "assisted".

Every figure comes from storage (Storage.profile_stats, Storage.high_scores), read when the
scene opens or a profile changes, never while drawing.

Controls:
    H / Tab          Players <-> High scores
    Players:
      Up / Down      the previous / next profile
      N / R / D (Delete)   new profile, rename it, delete it (asks first)
      A / Y          the figures on the other card (American, Yatzy: the button names it)
      Left / Right   move the focus over the buttons; Enter presses it
      PageUp / PageDown, Home / End   scroll the figures
    High scores:
      Left / Right   the rules (Official, Free, Simple, Yatzy)
      Up / Down      the match length (1 to 6 games)
    Esc / Backspace  back
The letters are English's: each button's comes from its label as shown, and the button shows
it (widgets.letter_shortcuts); H is the High scores tab's, the first of its letters left.
Mouse: click the page tabs, a profile, the buttons and the arrows; the wheel scrolls the
figures.

This module is the scene: its data, actions and input. The pages are painted in pages.py,
the screen laid out in layout.py and drawn in draw.py, none of which sees the scene; the
name box is game.scenes.profile_name, opened through the navigator.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.i18n import _, ngettext, translate
from game.rules import Variant
from game.rules.cards import CARDS
from game.rules.config import MAX_GAMES
from game.scenes.list_screen import Hit, ListScreen, Tab
from game.scenes.nav import Question
from game.scenes.stats.draw import TAB_LABELS, StatsView, draw_stats
from game.scenes.stats.layout import NO_LIST, UNPLACED, StatsLayout, lay_list, lay_out
from game.scenes.stats.pages import (
    CARD_BUTTONS,
    VARIANTS,
    ProfilePage,
    ScoresPage,
    render_stats_page,
)
from game.scenes.stats.profiles import Profiles, name_box_submit, read_profiles
from game.speech import Announcement, phrases
from game.ui.forms import Cycler
from game.ui.input import ANYWHERE_INTENTS, Intent, is_confirm
from game.ui.letters import menu_letters
from game.ui.menu_layout import place_button_row
from game.ui.text import as_sentence
from game.ui.widgets import Button, FeltBackground, FocusRing, letter_shortcuts

if TYPE_CHECKING:
    from game.scenes.context import Context
    from game.storage import HighScore, ProfileStats

log = logging.getLogger(__name__)

PAGES = ("players", "scores")
CARD_IDS = tuple(CARDS)  # American first


class StatsScene(ListScreen[str]):
    """The profiles by name, each a row of the list; the buttons act on the chosen one."""

    focus_keys = {Intent.LEFT: -1, Intent.RIGHT: 1}  # Tab is the pages'

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.page_name = "players"
        self.profiles = Profiles()
        self.variant = 0  # index into VARIANTS
        self.card = CARD_IDS[0]  # the card whose figures the players' page shows
        self.games = 1  # match length of the high score table shown
        self.table: list[HighScore] = []
        # Translators: makes a new profile.
        self.new_button = Button(_("New"), self.new_profile)
        self.rename_button = Button(_("Rename"), self.rename_profile)
        self.delete_button = Button(_("Delete"), self.delete_profile)
        self.card_button = Button("", self.step_card)
        self.back = Button(_("Back"), self.close, hint=lambda: ctx.input.label("back"))
        self.page_letter = ""  # switches the page: the High scores tab's letter
        self.variant_cycler = Cycler(self._variant_text, self.step_variant, key="variant")
        self.games_cycler = Cycler(self._games_text, self.step_games, key="games")
        self.felt = FeltBackground()
        self.screen: StatsLayout = UNPLACED
        self.profile_rows = NO_LIST  # the profile list's rows in view
        self.page: pygame.Surface | None = None
        self.page_rects: dict[str, pygame.Rect] = {}
        self._said: tuple[object, ...] = ()  # what the page's figures were said for
        self.refresh()

    # ----------------------------------------------------------------- data

    def refresh(self, select: str | None = None) -> None:
        """Read profiles and figures again (after a change, or on opening)."""
        storage = self.ctx.storage
        current = select or self.selected_name
        self.profiles = read_profiles(storage, self.card)
        self.ctx.report_storage_problems()
        self.selected = self.profiles.find(current, self.selected)
        self.table = storage.high_scores(VARIANTS[self.variant], self.games)
        self._set_buttons()
        if self.screen.size != (0, 0):
            self.layout(self.screen.size)

    def _variant_text(self) -> str:
        variant = translate(Variant(VARIANTS[self.variant]).label)
        return _("{variant} rules").format(variant=variant)

    def _games_text(self) -> str:
        if self.games == 1:
            return ngettext("{count} game", "{count} games", 1).format(count=1)
        # Translators: the high score table of matches of {count} games.
        return _("Match of {count}").format(count=self.games)

    @property
    def selected_name(self) -> str | None:
        names = self.profiles.names
        return names[self.selected] if names else None

    @property
    def selected_stats(self) -> ProfileStats | None:
        name = self.selected_name
        return None if name is None else self.profiles.stats[name]

    @property
    def is_person(self) -> bool:
        return self.selected < self.profiles.people

    def _set_buttons(self) -> None:
        self.rename_button.enabled = self.delete_button.enabled = (
            bool(self.profiles.names) and self.is_person
        )
        # The button names the card it shows next.
        self.card_button.label = translate(CARD_BUTTONS[self._next_card()])
        buttons = [self.new_button, self.rename_button, self.delete_button, self.card_button]
        # Back is Esc's; the others have letters, and the tabs the first left after theirs.
        kept = self.ctx.input.letters(ANYWHERE_INTENTS)
        self.shortcuts = letter_shortcuts(buttons, kept)
        tab = TAB_LABELS["scores"]
        taken = [*self.shortcuts, *kept]
        self.page_letter = menu_letters([translate(tab)], taken=taken)[0].lower()
        if self.page_name == "players":
            self.ring.set([*buttons, self.back])
        else:
            self.ring.set([self.back])

    # ----------------------------------------------------------------- speech
    def focus_grid(self) -> FocusRing:
        return self.ring

    def spoken_screen(self) -> str:
        return _("Statistics")

    def spoken_news(self) -> list[Announcement]:
        """The page's figures, said when the profile, the card or the table shown changes
        (the focus on the buttons is said by the app's focus voice)."""
        if self.page_name == "players":
            key: tuple[object, ...] = ("players", self.selected_name, self.card)
        else:
            key = ("scores", self.variant, self.games, tuple(self.table))
        if key == self._said:
            return []
        self._said = key
        if self.page_name != "players":
            table = f"{self._variant_text()}, {self._games_text()}"
            entries = [(entry.name, entry.score) for entry in self.table]
            return [Announcement(phrases.high_scores(table, entries))]
        stats = self.selected_stats
        if stats is None:
            return []
        figures = phrases.profile_figures(
            stats.name, stats.games, stats.wins, stats.contested, stats.mean_score, stats.best_score
        )
        return [Announcement(figures)]

    # ----------------------------------------------------------------- actions

    def show_page(self, name: str) -> None:
        self.page_name = name
        self._set_buttons()
        self.layout(self.screen.size)

    def choice_changed(self) -> None:
        self.scroll.scroll_to(0)
        self._set_buttons()
        if self.page_name == "players" and self.screen.size != (0, 0):
            self._lay_list()
        self._build_page()

    def _next_card(self) -> str:
        return CARD_IDS[(CARD_IDS.index(self.card) + 1) % len(CARD_IDS)]

    def step_card(self) -> None:
        """The players' figures on the next card."""
        self.card = self._next_card()
        self.scroll.scroll_to(0)
        self.refresh()
        if self.screen.size == (0, 0):
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
        create = name_box_submit(self.ctx.storage.create_profile, self._select_after_change)
        self.ctx.nav.profile_name(_("New profile"), "", create, _("Create"))

    def rename_profile(self) -> None:
        old = self.selected_name
        if old is None or not self.is_person:
            return
        rename = name_box_submit(
            partial(self.ctx.storage.rename_profile, old), self._select_after_change
        )
        # Translators: the name box's title; {name} is the profile's name now.
        title = _("Rename {name}").format(name=old)
        self.ctx.nav.profile_name(title, old, rename, _("Rename"))

    def _select_after_change(self, name: str) -> None:
        self.refresh(select=name)

    def delete_profile(self) -> None:
        name = self.selected_name
        if name is None or not self.is_person:
            return

        def delete() -> None:
            try:
                self.ctx.storage.delete_profile(name)
            except ValueError as error:
                self.ctx.notify(as_sentence(error))
            self.refresh()

        self.ctx.nav.confirm(
            Question(
                _("Delete the profile {name}?").format(name=name),
                delete,
                yes_label=_("Delete"),
                detail=_("Its statistics go with it; the history and high scores stay."),
                focus_yes=False,
            )
        )

    def resume(self, result: object = None) -> None:
        # Settings or a profile may have changed under an overlay.
        if self.screen.size != (0, 0):
            self.layout(self.screen.size)

    # ----------------------------------------------------------------- the list and its keys
    def items(self) -> tuple[str, ...]:
        return self.profiles.names

    def row_rects(self) -> Iterable[tuple[int, pygame.Rect]]:
        return self.profile_rows.rows  # none on the high score page

    def control_at(self, pos: tuple[int, int]) -> Hit | None:
        for name, rect in self.screen.tabs.items():
            if rect.collidepoint(pos):
                return Tab(name)
        if self.page_name == "scores":
            for cycler in (self.variant_cycler, self.games_cycler):
                if cycler.hit(pos):
                    return cycler
        return None

    def show_tab(self, page: str) -> None:
        self.show_page(page)

    def wheel_steps(self) -> bool:
        return self.screen.list_panel.collidepoint(self.ctx.pointer())  # the wheel walks it

    def shows_letter(self, letter: str) -> bool:
        return bool(letter) and (
            letter == self.page_letter or (self.page_name == "players" and letter in self.shortcuts)
        )

    def screen_key(self, event: pygame.event.Event, intent: Intent | None, letter: str) -> bool:
        """The page's letter and Tab switch the page; on the high score page every other key
        is its own (the arrows step its choosers; the players' letters do nothing there);
        Delete deletes the chosen profile."""
        if (letter and letter == self.page_letter) or intent in (
            Intent.FOCUS_NEXT,
            Intent.FOCUS_PREV,
        ):
            self.show_page("scores" if self.page_name == "players" else "players")
        elif self.page_name == "scores":
            self._scores_key(event, intent)
        elif event.key == pygame.K_DELETE and intent is None:
            self.delete_profile()
        else:
            return False
        return True

    def _scores_key(self, event: pygame.event.Event, intent: Intent | None) -> None:
        if intent in (Intent.LEFT, Intent.RIGHT):
            self.step_variant(-1 if intent is Intent.LEFT else 1)
        elif intent in (Intent.UP, Intent.DOWN):
            self.step_games(-1 if intent is Intent.UP else 1)
        elif is_confirm(intent):
            self.ring.press()
        else:
            self.scroll.handle(event, None)

    # ----------------------------------------------------------------- layout and drawing
    def layout(self, size: tuple[int, int]) -> None:
        theme = self.ctx.theme
        self.felt.fit(size, theme)
        buttons = self.ring.buttons
        screen = lay_out(
            theme,
            self.ctx.fonts,
            size,
            players_page=self.page_name == "players",
            buttons=len(buttons),
            profiles=len(self.profiles.names),
            people=self.profiles.people,
        )
        self.screen = screen
        place_button_row(
            buttons, size[0], screen.button_foot, screen.button_size, screen.gap, self.ctx.fonts
        )
        if screen.variant_cycler is not None and screen.games_cycler is not None:
            self.variant_cycler.rect = screen.variant_cycler
            self.games_cycler.rect = screen.games_cycler
        if self.page_name == "players":
            self._lay_list()
        else:
            self.profile_rows = replace(self.profile_rows, rows=(), heads=())
        self.scroll.set_content(screen.viewport, self.scroll.content_height, screen.scroll_line)
        self._build_page()

    def _lay_list(self) -> None:
        self.profile_rows = lay_list(
            self.ctx.theme,
            self.ctx.fonts,
            self.screen,
            profiles=len(self.profiles.names),
            people=self.profiles.people,
            selected=self.selected,
            first=self.profile_rows.first,
        )

    def _build_page(self) -> None:
        """Paint the page shown once onto its own surface; draw() only blits it."""
        view = self.scroll.viewport
        if view.width <= 0 or view.height <= 0:
            return
        if self.page_name == "scores":
            content: ProfilePage | ScoresPage = ScoresPage(
                VARIANTS[self.variant], self.games, tuple(self.table)
            )
        else:
            name = self.selected_name
            created = self.profiles.created.get(name, "") if name is not None else ""
            content = ProfilePage(
                self.selected_stats, self.is_person, created, self.new_button.hint_text, self.card
            )
        self.page, height, self.page_rects = render_stats_page(
            self.ctx.theme, self.ctx.fonts, self.screen.body_px, view, content
        )
        self.scroll.set_content(view, height, self.scroll.line)

    def draw(self, surface: pygame.Surface) -> None:
        view = StatsView(
            felt=self.felt,
            scroll=self.scroll,
            ring=self.ring,
            cyclers=(self.variant_cycler, self.games_cycler) if self.page_name == "scores" else (),
            page_name=self.page_name,
            hover=self.hover,
            page=self.page,
            profiles=tuple((n, self.profiles.stats[n].games) for n in self.profiles.names),
            selected=self.selected,
            new_key=self.new_button.hint_text,
            page_key=self.page_letter.upper(),
        )
        draw_stats(surface, self.ctx.theme, self.ctx.fonts, self.screen, self.profile_rows, view)
