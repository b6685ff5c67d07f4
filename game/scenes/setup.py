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
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.rules import GameConfig, StartOrder, TeamMode, Variant
from game.rules.config import MAX_GAMES, MAX_NAME_LENGTH, MAX_PLAYERS
from game.scenes.base import Scene
from game.scenes.flow import open_table
from game.scenes.pause import open_help
from game.seats import LEVELS, PERSON, SEAT_COLOURS, Seat
from game.session import Session
from game.ui.focus_grid import FocusGrid
from game.ui.forms import Cycler, FormButton, TextField
from game.ui.menu_layout import title_image
from game.ui.status_line import WARN, draw_status_line
from game.ui.text import as_sentence, fitted_px
from game.ui.theme import Theme
from game.ui.widgets import FeltBackground, draw_panel

if TYPE_CHECKING:
    from game.context import Context

log = logging.getLogger(__name__)

KINDS = (PERSON, *LEVELS)
KIND_LABELS = {PERSON: "Person", **{level: f"CPU {level.title()}" for level in LEVELS}}
KIND_HELP = {
    PERSON: "A person at this computer takes this seat's turns.",
    "beginner": "CPU Beginner: plays loosely and often misses the best box.",
    "easy": "CPU Easy: a casual player.",
    "medium": "CPU Medium: a sound, steady player.",
    "hard": "CPU Hard: a strong player who keeps pace for the bonus.",
    "expert": "CPU Expert: plays the best odds of every roll.",
}
CPU_NAMES = ("Ada", "Max", "Zoe", "Ben", "Cat", "Dan", "Eve", "Kit", "Lou", "Sam")
VARIANTS = (Variant.OFFICIAL, Variant.FREE, Variant.SIMPLE)
VARIANT_HELP = {
    Variant.OFFICIAL: "Official: an extra Yahtzee earns 100 and must follow the Joker rules.",
    Variant.FREE: "Free: an extra Yahtzee earns 100 and may go in any open box.",
    Variant.SIMPLE: "Simple: no Yahtzee bonus and no Joker; every roll scores as it lies.",
}
TEAM_MODES = (TeamMode.OFF, TeamMode.SHARED, TeamMode.COMBINED)
TEAM_MODE_LABELS = {
    TeamMode.OFF: "Off",
    TeamMode.SHARED: "Shared card",
    TeamMode.COMBINED: "Combined cards",
}
TEAM_MODE_HELP = {
    TeamMode.OFF: "Everyone plays for themselves.",
    TeamMode.SHARED: "Shared card: partners write in one column and take its turns in turn.",
    TeamMode.COMBINED: "Combined cards: everyone plays a card; a team scores its members' sum.",
}
TEAM_LETTERS = "ABCD"
STARTS = (StartOrder.ROLL_OFF, StartOrder.SEATED)
START_LABELS = {StartOrder.ROLL_OFF: "Roll for it", StartOrder.SEATED: "As seated"}
START_HELP = {
    StartOrder.ROLL_OFF: "Everyone rolls all five dice; the highest total goes first.",
    StartOrder.SEATED: "The first seat goes first, then round the table.",
}
ROW_SHARE_GAP = 0.22  # gap between rows, of a row's height
SEAT_WEIGHTS = {"name": 3.0, "kind": 2.9, "colour": 2.6, "team": 1.3}


@dataclass
class SeatDraft:
    """A seat as it is being set up (Seat itself is frozen and checked)."""

    name: str
    kind: str = PERSON
    colour: int = 0
    team: int = 0


def default_seats() -> list[SeatDraft]:
    return [
        SeatDraft("You", PERSON, 0, 0),
        SeatDraft("Ada", "medium", 1, 1),
        SeatDraft("Max", "hard", 2, 0),
    ]


def colour_name(theme: Theme, index: int) -> str:
    """What to call a seat colour in the palette on screen."""
    return theme.player_name(index)


def _profile_for(ctx: Context, name: str) -> str | None:
    """A person's statistics go to the profile of the same name, if there is one."""
    try:
        profiles = ctx.storage.list_profiles()
    except (AttributeError, OSError):  # an older storage, or a disk problem: play as a guest
        return None
    for profile in profiles:
        if profile.name.casefold() == name.casefold():
            return profile.name
    return None


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
        self.option_controls = [
            Cycler(
                lambda: self.variant.label,
                self.step_variant,
                label="Rules",
                help=lambda: VARIANT_HELP[self.variant],
                key="variant",
            ),
            Cycler(
                lambda: "1 game" if self.games == 1 else f"{self.games} games",
                self.step_games,
                label="Match",
                help=lambda: (
                    "One game; the highest total wins."
                    if self.games == 1
                    else f"{self.games} games; the highest total over all of them wins."
                ),
                key="games",
            ),
            Cycler(
                lambda: TEAM_MODE_LABELS[self.team_mode],
                self.set_team_mode_step,
                label="Teams",
                help=lambda: TEAM_MODE_HELP[self.team_mode],
                key="teams",
            ),
            Cycler(
                lambda: START_LABELS[self.start],
                self.step_start,
                label="First turn",
                help=lambda: START_HELP[self.start],
                key="start_order",
            ),
            Cycler(
                lambda: "On" if self.tie_breaker else "Off",
                self.step_tie_breaker,
                label="Tie-breaker",
                help=lambda: (
                    "Tied leaders each play one more turn; the highest dice total wins."
                    if self.tie_breaker
                    else "Tied leaders share the win."
                ),
                key="tie_breaker",
            ),
        ]
        self.seat_controls: list[list[TextField | Cycler | FormButton]] = []
        self.profile_names = self._profile_names()
        self._rebuild(focus_key="start")

    # ----------------------------------------------------------------- the model
    def _profile_names(self) -> set[str]:
        """Profile names, folded, read once here so drawing can mark a matching seat."""
        try:
            return {p.name.casefold() for p in self.ctx.storage.list_profiles()}
        except (AttributeError, OSError):  # as in _profile_for: play as guests
            return set()

    def has_profile(self, index: int) -> bool:
        """Whether seat `index` plays under a profile (a person named as one)."""
        seat = self.seats[index]
        return seat.kind == PERSON and seat.name.strip().casefold() in self.profile_names

    def _used_names(self, skip: int | None = None) -> set[str]:
        return {s.name.strip().casefold() for i, s in enumerate(self.seats) if i != skip}

    def add_seat(self) -> None:
        if len(self.seats) >= MAX_PLAYERS:
            self.error = f"The table seats {MAX_PLAYERS} at most."
            return
        used = self._used_names()
        name = next((n for n in CPU_NAMES if n.casefold() not in used), f"CPU {len(self.seats)}")
        colours = {s.colour for s in self.seats}
        colour = next((c for c in range(SEAT_COLOURS) if c not in colours), 0)
        self.seats.append(SeatDraft(name, "medium", colour, len(self.seats) % 2))
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

    def _step_kind(self, index: int, step: int) -> None:
        seat = self.seats[index]
        seat.kind = KINDS[(KINDS.index(seat.kind) + step) % len(KINDS)]

    def _step_colour(self, index: int, step: int) -> None:
        seat = self.seats[index]
        taken = {s.colour for i, s in enumerate(self.seats) if i != index}
        colour = seat.colour
        for _ in range(SEAT_COLOURS):
            colour = (colour + step) % SEAT_COLOURS
            if colour not in taken:
                break
        else:  # every colour is taken (eight seats): any colour, shared
            colour = (seat.colour + step) % SEAT_COLOURS
        seat.colour = colour

    def _step_team(self, index: int, step: int) -> None:
        teams = max(2, min(len(TEAM_LETTERS), len(self.seats) // 2))
        seat = self.seats[index]
        seat.team = (seat.team + step) % teams

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
                _profile_for(self.ctx, name) if seat.kind == PERSON else None,
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
        from game.scenes.title import has_saved_game

        if has_saved_game(self.ctx):
            from game.scenes.confirm import ConfirmScene

            self.ctx.stack.push(
                ConfirmScene(
                    self.ctx,
                    "Start a new game?",
                    lambda: self._launch(config, seats),
                    yes_label="Start",
                    no_label="Back",
                    detail="It takes the place of the game you saved.",
                )
            )
            return
        self._launch(config, seats)

    def _launch(self, config: GameConfig, seats: list[Seat]) -> None:
        self.ctx.play("click")
        open_table(self.ctx, Session.new(config, seats))

    def go_back(self) -> None:
        if len(self.ctx.stack.scenes) > 1:
            self.ctx.stack.pop()
        else:
            from game.scenes.title import TitleScene

            self.ctx.stack.replace(TitleScene(self.ctx))

    # ----------------------------------------------------------------- input
    def handle(self, event: pygame.event.Event) -> bool:
        focused = self.grid.focused
        if isinstance(focused, TextField) and focused.handle_key(event):
            self.error = ""
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
            control = self.grid.at(pygame.mouse.get_pos())
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
            open_help(self.ctx)
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

    # ----------------------------------------------------------------- controls and layout
    def _seat_row(self, index: int) -> list[TextField | Cycler | FormButton]:
        seat = self.seats[index]
        row: list[TextField | Cycler | FormButton] = [
            TextField(
                lambda: seat.name,
                lambda text: setattr(seat, "name", text),
                max_length=MAX_NAME_LENGTH,
                placeholder="Name",
                help=f"Type a name (up to {MAX_NAME_LENGTH} letters); Backspace deletes. "
                "A profile's name records the games under that profile.",
                key=("name", index),
            ),
            Cycler(
                lambda: KIND_LABELS[seat.kind],
                lambda step: self._step_kind(index, step),
                help=lambda: KIND_HELP[seat.kind],
                key=("kind", index),
            ),
            Cycler(
                lambda: colour_name(self.ctx.theme, seat.colour),
                lambda step: self._step_colour(index, step),
                swatch=lambda: self.ctx.theme.player(seat.colour),
                help="The seat's colour on the table and the scorecard.",
                key=("colour", index),
            ),
        ]
        if self.team_mode is not TeamMode.OFF:
            row.append(
                Cycler(
                    lambda: TEAM_LETTERS[seat.team % len(TEAM_LETTERS)],
                    lambda step: self._step_team(index, step),
                    help="Partners share a team letter.",
                    key=("team", index),
                )
            )
        if len(self.seats) > 1:
            row.append(
                FormButton(
                    "Remove",
                    lambda: self.remove_seat(index),
                    icon="cross",
                    key=("remove", index),
                    help=f"Remove {seat.name.strip() or 'this seat'} from the table.",
                )
            )
        return row

    def _rebuild(self, focus_key: object = None) -> None:
        """Make the seat controls again (seats or teams changed) and place everything."""
        if focus_key is None and self.grid.focused is not None:
            focus_key = getattr(self.grid.focused, "key", None)
        self.seat_controls = [self._seat_row(i) for i in range(len(self.seats))]
        self.add_button.enabled = len(self.seats) < MAX_PLAYERS
        self.layout(self.size, focus_key)

    def layout(self, size: tuple[int, int], focus_key: object = None) -> None:
        if focus_key is None and self.grid.focused is not None:
            focus_key = getattr(self.grid.focused, "key", None)
        self.size = size
        w, h = size
        self.felt.fit(size, self.ctx.theme)
        theme, fonts = self.ctx.theme, self.ctx.fonts
        unit = max(0.5, min(w / 900, h / 800))
        self.unit = unit
        margin = max(8, round(22 * min(w / 1280, h / 800)))
        gap = max(6, round(14 * unit))
        pad = max(6, round(14 * unit))
        # Seats left and rules right when there is width for both (larger text needs more);
        # else the rules go below the seats.
        side = w >= 1.3 * h and w >= 960 * max(1.0, fonts.text_scale)

        # The title at the top, the buttons (with the status line between them) at the foot.
        title = title_image(fonts, theme, "New game", unit)
        title_rect = title.get_rect(topleft=(margin + pad, margin))
        self.texts = [(title, title_rect)]
        button_h = max(30, round(50 * unit))
        button_w = min(round(220 * unit), (w - 2 * margin - gap) // 2)
        by = h - margin - button_h
        self.back.rect = pygame.Rect(margin, by, button_w, button_h)
        self.start_button.rect = pygame.Rect(w - margin - button_w, by, button_w, button_h)
        self.status_font = fonts.get(max(11, 19 * unit))
        status_h = self.status_font.get_linesize() * 2
        between = self.start_button.rect.left - self.back.rect.right - 2 * gap
        if between >= 18 * self.status_font.size("M")[0]:
            self.status_rect = pygame.Rect(self.back.rect.right + gap, by, between, button_h)
            bottom = by - gap
        else:
            self.status_rect = pygame.Rect(
                margin, by - gap // 2 - status_h, w - 2 * margin, status_h
            )
            bottom = self.status_rect.top - gap // 2
        top = title_rect.bottom + gap
        avail = bottom - top

        # Row height: what a full table (8 seats) needs to fit, no more than reads well.
        header_share = 0.75  # a panel's title line, in rows
        seats_w = round((w - 2 * margin - gap) * 0.6) if side else w - 2 * margin
        rules_w = w - 2 * margin - gap - seats_w if side else seats_w
        option_cols = 1
        if not side:
            cell = max(170, round(280 * unit))
            option_cols = max(1, min(3, (rules_w - 2 * pad + gap) // (cell + gap)))
        option_rows = -(-len(self.option_controls) // option_cols)
        seat_rows = MAX_PLAYERS  # a full table, or seven seats and the Add button
        if side:
            rows = max(seat_rows + header_share, option_rows + header_share)
            fixed = 2 * pad
        else:
            rows = seat_rows + option_rows + 2 * header_share
            fixed = 4 * pad + gap
        fit = (avail - fixed) / (rows + (rows - 1) * ROW_SHARE_GAP)
        # Larger text asks for taller rows, as far as the window lets them grow.
        scale = max(1.0, fonts.text_scale)
        ideal = min(60 * h / 800, (seats_w - 2 * pad) / 16) * scale
        rh = max(18, int(min(ideal, fit)))
        rg = max(3, round(rh * ROW_SHARE_GAP))
        header_h = round(rh * header_share)
        self.row_h = rh

        def panel_height(n_rows: int) -> int:
            return 2 * pad + header_h + rg + n_rows * (rh + rg) - rg

        # The seats panel.
        n = len(self.seats)
        seats_panel = pygame.Rect(
            margin, top, seats_w, panel_height(n + (1 if n < MAX_PLAYERS else 0))
        )
        inner = seats_panel.inflate(-2 * pad, -2 * pad)
        self.players_label = pygame.Rect(inner.left, inner.top, inner.width, header_h)
        y = inner.top + header_h + rg
        self.seat_rows = []
        bgap = max(3, rh // 5)
        for row in self.seat_controls:
            rect = pygame.Rect(inner.left, y, inner.width, rh)
            self.seat_rows.append(rect)
            x = rect.left + rh + bgap  # after the seat's numbered badge
            remove = [c for c in row if isinstance(c, FormButton)]
            fields = [c for c in row if not isinstance(c, FormButton)]
            room = rect.right - x - (rh + bgap if remove else 0) - bgap * (len(fields) - 1)
            weights = [SEAT_WEIGHTS[c.key[0]] for c in fields]
            for control, weight in zip(fields, weights, strict=True):
                width = round(room * weight / sum(weights))
                control.rect = pygame.Rect(x, y, width, rh)
                x += width + bgap
            for control in remove:
                control.rect = pygame.Rect(rect.right - rh, y, rh, rh)
            y += rh + rg
        self.add_button.rect = pygame.Rect(
            inner.left + rh + bgap, y, min(inner.width // 2, round(rh * 6)), rh
        )
        self._column_heads = self._seat_heads(fonts, theme, header_h)

        # The rules panel.
        if side:
            rules_panel = pygame.Rect(seats_panel.right + gap, top, rules_w, 0)
        else:
            rules_panel = pygame.Rect(margin, seats_panel.bottom + gap, rules_w, 0)
        col_w = (rules_w - 2 * pad - (option_cols - 1) * gap) // option_cols
        oy = rules_panel.top + pad + header_h + rg
        option_grid: list[list[Cycler]] = []
        for i, control in enumerate(self.option_controls):
            r, c = divmod(i, option_cols)
            if c == 0:
                option_grid.append([])
            control.rect = pygame.Rect(
                rules_panel.left + pad + c * (col_w + gap), oy + r * (rh + rg), col_w, rh
            )
            control.label_width = round(col_w * 0.4)
            option_grid[-1].append(control)
        rules_panel.height = panel_height(len(option_grid))
        self.rules_label = pygame.Rect(
            rules_panel.left + pad, rules_panel.top + pad, rules_w - 2 * pad, header_h
        )
        self.panels = [seats_panel, rules_panel]

        rows_for_grid: list[list] = [list(row) for row in self.seat_controls]
        if self.add_button.enabled:
            rows_for_grid.append([self.add_button])
        rows_for_grid.extend(option_grid)
        rows_for_grid.append([self.back, self.start_button])
        self.grid.set_rows(rows_for_grid, focus_key)

    def _seat_heads(self, fonts, theme, header_h: int) -> list[tuple[pygame.Surface, pygame.Rect]]:
        """The small titles over the seat columns, placed over the first seat's controls."""
        heads: list[tuple[pygame.Surface, pygame.Rect]] = []
        if not self.seat_controls:
            return heads
        font = fonts.get(fitted_px(fonts, max(10, header_h * 0.62)))
        titles = {"kind": "Plays", "colour": "Colour", "team": "Team"}
        for control in self.seat_controls[0]:
            key = getattr(control, "key", None)
            if not isinstance(key, tuple) or key[0] not in titles:
                continue
            image = font.render(titles[key[0]], True, theme.text_dim)
            rect = image.get_rect(bottomleft=(control.rect.left + 4, self.players_label.bottom))
            heads.append((image, rect))
        return heads

    # ----------------------------------------------------------------- drawing
    def status(self) -> tuple[str, bool]:
        """The line above the buttons: an error, else what the focused control does."""
        if self.error:
            return self.error, True
        focused = self.grid.focused
        if isinstance(focused, Cycler):
            return focused.describe(), False
        return getattr(focused, "help", ""), False

    def draw(self, surface: pygame.Surface) -> None:
        theme, fonts = self.ctx.theme, self.ctx.fonts
        self.felt.draw(surface, theme)
        for image, rect in self.texts:
            surface.blit(image, rect)
        for panel in self.panels:
            draw_panel(surface, theme, panel)
        head = fonts.get(fitted_px(fonts, self.players_label.height * 0.9), bold=True)
        label = head.render(f"Players  {len(self.seats)}/{MAX_PLAYERS}", True, theme.text)
        surface.blit(label, label.get_rect(bottomleft=self.players_label.bottomleft))
        # Column titles sit right of the panel title when they would collide with it.
        for image, rect in self._column_heads:
            if rect.left > self.players_label.left + label.get_width() + 8:
                surface.blit(image, rect)
        rules = head.render("Rules of the match", True, theme.text)
        surface.blit(rules, rules.get_rect(bottomleft=self.rules_label.bottomleft))
        for i, rect in enumerate(self.seat_rows):
            self._draw_badge(surface, rect, i)
        self.grid.draw(surface, theme, fonts)
        for i in range(len(self.seats)):
            if self.has_profile(i):
                self._draw_profile_badge(surface, self.seat_controls_of(i)["name"])
        text, is_error = self.status()
        draw_status_line(
            surface, theme, self.status_font, self.status_rect, text, WARN if is_error else ""
        )

    def _draw_badge(self, surface: pygame.Surface, row: pygame.Rect, index: int) -> None:
        theme = self.ctx.theme
        seat = self.seats[index]
        centre = (row.left + row.height // 2, row.centery)
        radius = row.height // 2 - 1
        pygame.draw.circle(surface, theme.player(seat.colour), centre, radius)
        pygame.draw.circle(surface, theme.text, centre, radius, max(1, radius // 10))
        font = self.ctx.fonts.get(fitted_px(self.ctx.fonts, row.height * 0.5), bold=True)
        digit = font.render(str(index + 1), True, theme.text)
        surface.blit(digit, digit.get_rect(center=centre))

    def _draw_profile_badge(self, surface: pygame.Surface, field: TextField) -> None:
        """A small 'profile' pill at the right end of a name field, where the text is not; a
        dot on the corner when the name leaves no room."""
        theme, fonts = self.ctx.theme, self.ctx.fonts
        rect = field.rect
        font = fonts.get(fitted_px(fonts, rect.height * 0.34), bold=True)
        label = font.render("profile", True, theme.text_on_accent)
        pill = label.get_rect().inflate(label.get_height(), max(2, label.get_height() // 4))
        pill.midright = (rect.right - max(4, rect.height // 5), rect.centery)
        name_font = fonts.get(fitted_px(fonts, rect.height * 0.5))
        text_right = rect.left + max(4, rect.height // 4) + name_font.size(field.get())[0]
        if text_right + rect.height // 3 < pill.left:
            pygame.draw.rect(surface, theme.good, pill, 0, pill.height // 2)
            surface.blit(label, label.get_rect(center=pill.center))
        else:
            r = max(4, rect.height // 7)
            centre = (rect.right - r, rect.top + r)
            pygame.draw.circle(surface, theme.good, centre, r)
            pygame.draw.circle(surface, theme.panel, centre, r, max(1, r // 3))

    def seat_controls_of(self, index: int) -> dict[str, TextField | Cycler | FormButton]:
        """A seat's controls by column name ("name", "kind", "colour", "team", "remove")."""
        return {c.key[0]: c for c in self.seat_controls[index]}
