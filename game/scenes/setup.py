"""Game setup: who sits at the table (one to eight seats) and the rules of the match.

Controls:
    Up / Down        move between rows (seats, Add player, the rules, the buttons)
    Left / Right     change the focused value (player kind, colour, team, rule ...);
                     on a name or a button, move along the row
    Tab / Shift+Tab  next / previous control
    typing           edits the focused name (Backspace deletes, Ctrl+Backspace a word)
    Enter            start the game (on a button: press it)
    Esc              back to the title
    F1               rules and help
Mouse: click a name to edit it, click an arrow or a value to change it, click the buttons;
hovering focuses.

A person whose name matches a player profile (made in Statistics) is recorded under it; a
small "profile" badge in the name field says so while the name is typed.

The defaults (you against two CPUs) start a game with a single Enter.

This module is the scene: the match being set up, its actions and input. The seats and the
choices are modelled in setup_seats, the controls made in setup_controls, the screen laid
out in setup_layout and drawn in setup_draw.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import pygame

from game.match.resume import has_saved_game
from game.match.seats import PERSON, Seat
from game.match.session import Session
from game.rules import GameConfig, StartOrder, TeamMode, Variant
from game.rules.config import MAX_GAMES, MAX_PLAYERS
from game.scenes.base import Scene
from game.scenes.setup_controls import option_controls, seat_controls
from game.scenes.setup_draw import draw_setup
from game.scenes.setup_layout import lay_out
from game.scenes.setup_seats import (
    STARTS,
    TEAM_MODES,
    VARIANTS,
    default_seats,
    new_seat,
    profiles_by_name,
)
from game.ui.focus_grid import FocusGrid
from game.ui.forms import Cycler, FormButton, TextField
from game.ui.text import as_sentence
from game.ui.widgets import FeltBackground

if TYPE_CHECKING:
    from game.context import Context

log = logging.getLogger(__name__)


class SetupScene(Scene):
    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.felt = FeltBackground()
        settings = ctx.settings
        self.seats = default_seats()
        self.variant = Variant(settings.default_variant)
        self.games = 1
        self.team_mode = TeamMode.OFF
        self.start = StartOrder.ROLL_OFF
        self.tie_breaker = False
        self.error = ""
        self.size = (1280, 800)
        self.grid = FocusGrid()
        self.seat_rows: list[pygame.Rect] = []  # each seat's whole row, for its badge
        self.panels: list[pygame.Rect] = []
        self.texts: list[tuple[pygame.Surface, pygame.Rect]] = []
        self.status_rect = pygame.Rect(0, 0, 0, 0)
        self.players_label = pygame.Rect(0, 0, 0, 0)
        self.rules_label = pygame.Rect(0, 0, 0, 0)
        self.column_heads: list[tuple[pygame.Surface, pygame.Rect]] = []  # over the seats
        self.unit = 1.0
        self.row_h = 40
        self.back = FormButton(
            "Back",
            self.go_back,
            hint=ctx.input.label("pause"),
            key="back",
            help="Back to the title.",
        )
        self.start_button = FormButton(
            "Start game",
            self.start_game,
            primary=True,
            hint=ctx.input.label("confirm"),
            key="start",
            help="Start the game with these seats and rules.",
        )
        self.add_button = FormButton(
            "+ Add player",
            self.add_seat,
            key="add",
            help=f"Add a seat at the table (up to {MAX_PLAYERS}).",
        )
        self.option_controls = option_controls(self)
        self.seat_controls: list[list[TextField | Cycler | FormButton]] = []
        self.profile_names = set(profiles_by_name(ctx))  # folded; drawing marks a match
        self._rebuild(focus_key="start")

    # ----------------------------------------------------------------- the model
    def has_profile(self, index: int) -> bool:
        """Whether seat `index` plays under a profile (a person named as one)."""
        seat = self.seats[index]
        return seat.kind == PERSON and seat.name.strip().casefold() in self.profile_names

    def add_seat(self) -> None:
        if len(self.seats) >= MAX_PLAYERS:
            self.error = f"The table seats {MAX_PLAYERS} at most."
            return
        self.seats.append(new_seat(self.seats))
        self.error = ""
        focus = "add" if len(self.seats) < MAX_PLAYERS else ("name", len(self.seats) - 1)
        self._rebuild(focus_key=focus)

    def remove_seat(self, index: int) -> None:
        if len(self.seats) <= 1:
            return
        del self.seats[index]
        self.error = ""
        if len(self.seats) == 1:
            focus: object = ("name", 0)
        else:
            focus = ("remove", min(index, len(self.seats) - 1))
        self._rebuild(focus_key=focus)

    def step_variant(self, step: int) -> None:
        self.variant = VARIANTS[(VARIANTS.index(self.variant) + step) % len(VARIANTS)]

    def step_games(self, step: int) -> None:
        self.games = (self.games - 1 + step) % MAX_GAMES + 1

    def set_team_mode_step(self, step: int) -> None:
        self.set_team_mode((TEAM_MODES.index(self.team_mode) + step) % len(TEAM_MODES))

    def set_team_mode(self, index: int) -> None:
        """Teams on or off: the seat rows gain or lose their team column."""
        was = self.team_mode
        self.team_mode = TEAM_MODES[index]
        if was is TeamMode.OFF and self.team_mode is not TeamMode.OFF:
            for i, seat in enumerate(self.seats):  # partners alternate: A B A B ...
                seat.team = i % 2
        if (was is TeamMode.OFF) != (self.team_mode is TeamMode.OFF):
            self._rebuild(focus_key="teams")

    def step_start(self, step: int) -> None:
        self.start = STARTS[(STARTS.index(self.start) + step) % len(STARTS)]

    def step_tie_breaker(self, step: int) -> None:
        self.tie_breaker = not self.tie_breaker

    def build(self) -> tuple[GameConfig, list[Seat]]:
        """The game's config and seats; ValueError in words if something does not add up."""
        names = tuple(seat.name.strip() for seat in self.seats)
        seen: set[str] = set()
        for name in names:
            if name and name.casefold() in seen:
                raise ValueError(f"two seats are called {name}: give each a different name")
            seen.add(name.casefold())
        teamed = self.team_mode is not TeamMode.OFF
        config = GameConfig(
            names,
            variant=self.variant,
            team_mode=self.team_mode,
            teams=tuple(seat.team for seat in self.seats) if teamed else (),
            start=self.start,
            tie_breaker=self.tie_breaker,
            games=self.games,
        )
        seats = [
            Seat(
                name,
                seat.kind,
                seat.colour,
                profiles_by_name(self.ctx).get(name.casefold()) if seat.kind == PERSON else None,
            )
            for name, seat in zip(names, self.seats, strict=True)
        ]
        return config, seats

    # ----------------------------------------------------------------- actions
    def start_game(self) -> None:
        try:
            config, seats = self.build()
        except ValueError as error:
            self.error = as_sentence(error)
            self.ctx.play("click", 0.5)
            return
        self.error = ""
        if has_saved_game(self.ctx.storage):
            self.ctx.nav.confirm(
                "Start a new game?",
                lambda: self._launch(config, seats),
                yes_label="Start",
                no_label="Back",
                detail="It takes the place of the game you saved.",
            )
            return
        self._launch(config, seats)

    def _launch(self, config: GameConfig, seats: list[Seat]) -> None:
        self.ctx.play("click")
        self.ctx.nav.table(Session.new(config, seats))

    def go_back(self) -> None:
        if len(self.ctx.stack.scenes) > 1:
            self.ctx.stack.pop()
        else:
            self.ctx.nav.title()

    # ----------------------------------------------------------------- input
    def handle(self, event: pygame.event.Event) -> bool:
        focused = self.grid.focused
        if isinstance(focused, TextField) and focused.handle_key(event):
            self.error = focused.refused
            return True
        if event.type == pygame.MOUSEMOTION:
            control = self.grid.at(event.pos)
            if control is not None and control is not focused:
                self.grid.focus(control)
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._click(event.pos)
        if event.type == pygame.MOUSEWHEEL:
            # The wheel over a value steps it, as many desktop spinners do.
            control = self.grid.at(self.ctx.pointer())
            if isinstance(control, Cycler):
                self.grid.focus(control)
                control.step(1 if event.y > 0 else -1)
                return True
            return False
        if event.type != pygame.KEYDOWN:
            return False
        intent = self.ctx.input.intent(event)
        if intent in ("up", "down"):
            self.grid.move_vertical(-1 if intent == "up" else 1)
        elif intent in ("focus_next", "focus_prev"):
            self.grid.move_linear(1 if intent == "focus_next" else -1)
        elif intent in ("left", "right"):
            step = -1 if intent == "left" else 1
            if isinstance(focused, Cycler):
                focused.step(step)
                self.error = ""
            else:
                self.grid.move_horizontal(step)
        elif intent == "confirm" or event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if isinstance(focused, FormButton):
                focused.on_press()
            else:
                self.start_game()
        elif intent == "pause" or event.key == pygame.K_ESCAPE:
            self.go_back()
        elif intent == "help":
            self.ctx.nav.help()
        else:
            return False
        return True

    def _click(self, pos: tuple[int, int]) -> bool:
        control = self.grid.at(pos)
        if control is None:
            return False
        self.grid.focus(control)
        if isinstance(control, TextField):
            control.selected = False  # a click places the caret: typing adds to the name
        elif isinstance(control, Cycler):
            if control.click(pos):
                self.error = ""
        else:
            control.on_press()
        return True

    # ----------------------------------------------------------------- controls, layout and drawing
    def _rebuild(self, focus_key: object = None) -> None:
        """Make the seat controls again (seats or teams changed) and place everything."""
        if focus_key is None and self.grid.focused is not None:
            focus_key = getattr(self.grid.focused, "key", None)
        self.seat_controls = [seat_controls(self, i) for i in range(len(self.seats))]
        self.add_button.enabled = len(self.seats) < MAX_PLAYERS
        self.layout(self.size, focus_key)

    def layout(self, size: tuple[int, int], focus_key: object = None) -> None:
        lay_out(self, size, focus_key)

    def seat_controls_of(self, index: int) -> dict[str, TextField | Cycler | FormButton]:
        """A seat's controls by column name ("name", "kind", "colour", "team", "remove")."""
        return {c.key[0]: c for c in self.seat_controls[index]}

    def status(self) -> tuple[str, bool]:
        """The line above the buttons: an error, else what the focused control does."""
        if self.error:
            return self.error, True
        focused = self.grid.focused
        if isinstance(focused, Cycler):
            return focused.describe(), False
        return getattr(focused, "help", ""), False

    def draw(self, surface: pygame.Surface) -> None:
        draw_setup(self, surface)
