"""Game setup: who sits at the table (one to eight seats) and the rules of the match.

Controls:
    Up / Down        move between rows (seats, Add player, the rules, the buttons)
    Left / Right     change the focused value (player kind, colour, team, rule ...);
                     on a name or a button, move along the row
    Tab / Shift+Tab  next / previous control
    typing           edits the focused name (Backspace deletes, Ctrl+Backspace a word)
    Enter            start the game (on a button: press it)
    Esc              back to the title (Backspace too, off a name)
    F1               rules and help
A game pad works the menu (d-pad or stick, A chooses, B goes back); its Y claims a person's
seat for that pad (the focused one if free, else the first free one, else a new one), and
Y again lets it go. A seat with a pad is played by that pad alone (and the keys and mouse).
Mouse: click a name to edit it, click an arrow or a value to change it, click the buttons;
hovering focuses.

Every person is recorded under a profile of their name: one made in Statistics, or made
when the game starts; a small "profile" badge in the name field shows a name that already
has one while the name is typed.

The setup starts from the last table a game was started at (its seats and match rules, kept
by storage; the rule variant is the settings' default, which starting a game sets); the
first time, from the defaults (you against two CPUs), which start a game with a single Enter.

This module is the scene: the match draft, the actions and the input. The draft and the
choices are modelled in seats.py, the controls made in controls.py, the screen laid out in
layout.py and drawn in draw.py.
"""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import TYPE_CHECKING

import pygame

from game.i18n import _
from game.match.seats import PERSON, Seat, seating_key
from game.match.session import Session
from game.rules import GameConfig, Variant
from game.rules.config import MAX_PLAYERS
from game.scenes.base import Scene
from game.scenes.nav import Question
from game.scenes.setup.controls import option_controls, seat_controls
from game.scenes.setup.draw import SetupControl, draw_setup
from game.scenes.setup.layout import SetupLayout, setup_layout
from game.scenes.setup.seats import NETWORK, MatchDraft, profiles_by_name
from game.speech import Announcement
from game.storage.resume import has_saved_game
from game.ui.focus_grid import FocusGrid
from game.ui.forms import Cycler, FormButton, TextField
from game.ui.input import Intent, is_back, is_confirm, is_press
from game.ui.pad_glyphs import button_glyph
from game.ui.pads import PAD_PRESS
from game.ui.text import as_sentence
from game.ui.widgets import FeltBackground

if TYPE_CHECKING:
    from game.scenes.context import Context

log = logging.getLogger(__name__)

Control = TextField | Cycler | FormButton
CLAIM_BUTTON = "y"  # a pad's button that claims a seat (or lets it go)


class SetupScene(Scene):
    placed: SetupLayout  # where everything goes in a window of self.size

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.felt = FeltBackground()
        self.draft = MatchDraft.from_table(
            Variant(ctx.settings.default_variant), ctx.storage.last_table
        )
        self.error = ""
        self.note = ""  # what a pad's claim did, until the next press
        self._said = ""  # the error or note speech said last
        self._host_when_back = False  # the host's name was asked: host once its box closes
        self.size = (1280, 800)
        self.grid: FocusGrid[SetupControl] = FocusGrid()
        self.back = FormButton(
            _("Back"),
            self.go_back,
            hint=lambda: ctx.input.label("back"),
            key="back",
            help=_("Back to the title."),
        )
        self.start_button = FormButton(
            _("Start game"),
            self.start_game,
            primary=True,
            hint=lambda: ctx.input.label("confirm"),
            key="start",
            help=_("Start the game with these seats and rules."),
        )
        self.add_button = FormButton(
            _("+ Add player"),
            self.add_seat,
            key="add",
            help=_("Add a seat at the table (up to {count}).").format(count=MAX_PLAYERS),
        )
        self.option_controls = option_controls(self.draft, self.set_team_mode)
        self.seat_controls: list[list[Control]] = []
        self.profile_names = set(profiles_by_name(ctx))  # folded; drawing marks a match
        self._rebuild(focus_key="start")

    # ----------------------------------------------------------------- the model
    def has_profile(self, index: int) -> bool:
        """Whether seat `index` plays under a profile (a person named as one)."""
        seat = self.draft.seats[index]
        return seat.kind == PERSON and seat.name.strip().casefold() in self.profile_names

    def add_seat(self) -> None:
        seats = self.draft.seats
        if len(seats) >= MAX_PLAYERS:
            self.error = _("The table seats {count} at most.").format(count=MAX_PLAYERS)
            return
        self.draft.add_seat()
        self.error = ""
        focus = "add" if len(seats) < MAX_PLAYERS else ("name", len(seats) - 1)
        self._rebuild(focus_key=focus)

    def remove_seat(self, index: int) -> None:
        seats = self.draft.seats
        if len(seats) <= 1:
            return
        del seats[index]
        self.error = ""
        if len(seats) == 1:
            focus: object = ("name", 0)
        else:
            focus = ("remove", min(index, len(seats) - 1))
        self._rebuild(focus_key=focus)

    def press_pad(self, pad: int) -> None:
        """A pad's claim button: it takes a seat, or lets its seat go (MatchDraft.press_pad)."""
        key = getattr(self.grid.focused, "key", None)
        at = key[1] if isinstance(key, tuple) and isinstance(key[-1], int) else None
        seats = len(self.draft.seats)
        done = self.draft.press_pad(pad, at)
        label = self.ctx.pads.label(pad)
        if done is None:
            # Translators: {pad} is a game pad's name ("Pad 1").
            self.error = _("Every seat is taken: {pad} can play a seat whose pad lets it go.")
            self.error = self.error.format(pad=label)
            return
        seat, taken = done
        name = self.draft.seats[seat].name
        self.error = ""
        if taken:
            # Translators: {pad} is a game pad's name ("Pad 1"), {name} a seat's player.
            self.note = _("{pad} plays for {name}.").format(pad=label, name=name)
        else:
            self.note = _("{pad} no longer plays for {name}.").format(pad=label, name=name)
        self.ctx.play("click")
        if len(self.draft.seats) != seats:
            self._rebuild(focus_key=("name", seat))

    def pad_labels(self) -> list[tuple[int, str]]:
        """(seat, "Pad 1") for each seat a pad plays."""
        labels = [(i, self.ctx.pads.label(pad)) for i, pad in self.draft.pads().items()]
        return [(i, label) for i, label in labels if label is not None]  # unplugged: none

    def update(self, dt: float) -> None:
        for seat in self.draft.drop_pads(self.ctx.pads.connected):
            self.note = _("The pad of {name} was unplugged: any device plays for {name}.").format(
                name=self.draft.seats[seat].name
            )

    def set_team_mode(self, index: int) -> None:
        """Teams on or off: the seat rows gain or lose their team column."""
        if self.draft.set_team_mode(index):
            self._rebuild(focus_key="teams")

    def build(self) -> tuple[GameConfig, list[Seat]]:
        """The game's config and seats; ValueError in words if something does not add up."""
        return self.draft.build(profiles_by_name(self.ctx))

    # ----------------------------------------------------------------- actions
    def start_game(self) -> None:
        try:
            config, seats = self.build()
        except ValueError as error:
            self.error = as_sentence(error)
            self.ctx.play("click", 0.5)
            return
        self.error = ""
        if self.draft.networked and self._ask_host_name():
            return  # started again once the name box has closed (resume)
        if has_saved_game(self.ctx.storage):
            # A table opened to friends is saved as any game: it asks as well (it replaced
            # the saved game unasked at its first roll).
            self.ctx.nav.confirm(
                Question(
                    _("Start a new game?"),
                    lambda: self._begin(config, seats),
                    yes_label=_("Start"),
                    no_label=_("Back"),
                    detail=_("It takes the place of the game you saved."),
                )
            )
            return
        self._begin(config, seats)

    def _begin(self, config: GameConfig, seats: list[Seat]) -> None:
        """The new game: a table opened to friends on the network, or played here."""
        if self.draft.networked:
            self._host(config, seats)
        else:
            self._launch(config, seats)

    def _launch(self, config: GameConfig, seats: list[Seat]) -> None:
        seats = self._remember(config, seats)
        self.ctx.play("click")
        played = self.ctx.storage.played_before(seats, config.card)
        session = Session.new(config, seats, played_before=played)
        self.ctx.pads.hand_over(seating_key(seats), self.draft.pads())
        self.ctx.nav.table(session)

    def _ask_host_name(self) -> bool:
        """A hosted table's seat still called by the default "You" is named first (friends
        would see "You" on their cards), the profile's name offered: True while asking."""
        from game.match.seats import is_you
        from game.rules.names import name_problem

        drafts = self.draft.seats
        at = next((i for i, d in enumerate(drafts) if d.kind == PERSON and is_you(d.name)), None)
        if at is None:
            return False

        def done(text: str) -> str | None:
            name, problem = text.strip(), name_problem(text.strip())
            if problem is not None:
                from game.i18n import translated

                return translated(problem)
            if is_you(name):
                # Translators: hosting a network table, the default name "You" was kept.
                return _("Your friends would see that name: type your own")
            drafts[at].name = name
            self._host_when_back = True  # once the name box has closed (resume)
            return None

        profiles = self.ctx.storage.list_profiles()
        offered = next((p.name for p in reversed(profiles) if not is_you(p.name)), "")
        # Translators: the title of the box asking the host's name before a network table.
        title = _("Your name at the table")
        self.ctx.nav.profile_name(title, offered, done, _("Host"))
        return True

    def resume(self, result: object = None) -> None:
        super().resume(result)
        if self._host_when_back:
            self._host_when_back = False
            self.start_game()

    def _host(self, config: GameConfig, seats: list[Seat]) -> None:
        """Open the table to friends on the network (the host's match is saved as any)."""
        seats = self._remember(config, seats)
        kinds = [draft.kind for draft in self.draft.seats]
        mine = [s for s, kind in zip(seats, kinds, strict=True) if kind != NETWORK]
        host = next((s.name for s in mine if not s.is_cpu), None)
        # Translators: a hosted table's name, as friends see it listed on their network.
        name = _("Table: {name}").format(name=host) if host else _("Yahtzee table")
        self.ctx.play("click")
        self.ctx.nav.host_table(self.draft.table_plan(name, seats, config))

    def _remember(self, config: GameConfig, seats: list[Seat]) -> list[Seat]:
        """Keep what starting this game tells: each person plays under a profile of their
        name (made now if need be, so their statistics are there without a step
        beforehand), this table is the next New game's, and its rules the default ones.
        The seats, with their profiles."""
        storage = self.ctx.storage
        for i, seat in enumerate(seats):
            if self.draft.seats[i].kind == NETWORK:
                continue  # a friend brings their own name
            if not seat.is_cpu and seat.profile is None:
                profile = storage.profile_for_name(seat.name)
                if profile is not None:
                    seats[i] = replace(seat, profile=profile.name)
        storage.save_last_table(self.draft.as_table())
        if self.ctx.settings.default_variant != config.variant.value:
            self.ctx.apply_settings(self.ctx.settings.replace(default_variant=config.variant.value))
        self.ctx.report_storage_problems()
        return seats

    def go_back(self) -> None:
        if len(self.ctx.stack.scenes) > 1:
            self.ctx.stack.pop()
        else:
            self.ctx.nav.title()

    # ----------------------------------------------------------------- input
    def handle(self, event: pygame.event.Event) -> bool:
        focused = self.grid.focused
        if event.type == PAD_PRESS and event.button == CLAIM_BUTTON and not event.repeat:
            self.press_pad(event.instance_id)
            return True
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
        if not is_press(event):
            return False
        intent = self.ctx.input.menu_intent(event)
        self.note = ""
        if intent in (Intent.UP, Intent.DOWN):
            self.grid.move_vertical(-1 if intent is Intent.UP else 1)
        elif intent in (Intent.FOCUS_NEXT, Intent.FOCUS_PREV):
            self.grid.move_linear(1 if intent is Intent.FOCUS_NEXT else -1)
        elif intent in (Intent.LEFT, Intent.RIGHT):
            step = -1 if intent is Intent.LEFT else 1
            if isinstance(focused, Cycler):
                focused.step(step)
                self.error = ""
            else:
                self.grid.move_horizontal(step)
        elif is_confirm(intent):
            if isinstance(focused, FormButton):
                focused.on_press()
            else:
                self.start_game()
        elif is_back(intent):
            self.go_back()
        elif intent is Intent.HELP:
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
        seats = self.draft.seats
        self.seat_controls = [
            seat_controls(
                self.draft,
                i,
                lambda: self.ctx.theme,
                self.ctx.fonts.can_draw,
                self.remove_seat,
                lambda: self.ctx.settings.cpu_pace,
            )
            for i in range(len(seats))
        ]
        self.add_button.enabled = len(seats) < MAX_PLAYERS
        self.layout(self.size, focus_key)

    def layout(self, size: tuple[int, int], focus_key: object = None) -> None:
        """Place every control for a window of `size`; the focus goes to the control with
        `focus_key`, else stays where it is."""
        if focus_key is None and self.grid.focused is not None:
            focus_key = getattr(self.grid.focused, "key", None)
        self.size = size
        self.felt.fit(size, self.ctx.theme)
        columns = [_column(c) for c in self.seat_controls[0]] if self.seat_controls else []
        placed = setup_layout(
            size,
            self.ctx.fonts,
            self.ctx.theme,
            len(self.seat_controls),
            columns,
            len(self.option_controls),
            (self.back.label, self.start_button.label),
        )
        self.placed = placed
        self.back.rect = placed.back.copy()
        self.start_button.rect = placed.start.copy()
        self.add_button.rect = placed.add.copy()
        for row, cells in zip(self.seat_controls, placed.seat_cells, strict=True):
            for control in row:
                control.rect = cells[_column(control)].copy()
        cols = placed.option_columns
        for control, rect in zip(self.option_controls, placed.options, strict=True):
            control.rect = rect.copy()
            control.fit_label(self.ctx.fonts, round(rect.width * 0.25), round(rect.width * 0.55))
        for column in range(cols):  # the values in a column of rules start at one edge
            below = self.option_controls[column::cols]
            width = max(control.label_width for control in below)
            for control in below:
                control.label_width = width
        options: list[Control] = [*self.option_controls]
        rows: list[list[Control]] = [list(row) for row in self.seat_controls]
        if self.add_button.enabled:
            rows.append([self.add_button])
        rows.extend(options[i : i + cols] for i in range(0, len(options), cols))
        rows.append([self.back, self.start_button])
        self.grid.set_rows(rows, focus_key)

    def focus_grid(self) -> FocusGrid[SetupControl]:
        return self.grid

    def spoken_screen(self) -> str:
        return _("New game")

    def spoken_label(self, control: object) -> str:
        """A seat's control is said with its seat's number (game.ui.spoken); a rule's
        control has its label."""
        key = getattr(control, "key", None)
        if key == "add":  # drawn with a plus sign, which a voice would read out
            # Translators: said aloud for the button drawn "+ Add player".
            return _("Add player")
        if not isinstance(key, tuple):
            return ""
        if key[0] == "remove":
            return _("Remove seat {number}").format(number=key[1] + 1)
        return _("Seat {number}").format(number=key[1] + 1)

    def spoken_news(self) -> list[Announcement]:
        """An error or a note on the status line, said when it appears (game.ui.spoken);
        the focused control's help is not said (the focus phrase says the control)."""
        said = self.error or self.note
        if said == self._said:
            return []
        self._said = said
        return [Announcement(said)] if said else []

    def seat_controls_of(self, index: int) -> dict[str, Control]:
        """A seat's controls by column name ("name", "kind", "colour", "team", "remove")."""
        return {_column(c): c for c in self.seat_controls[index]}

    def name_field(self, index: int) -> TextField:
        """A seat's name field."""
        field = self.seat_controls_of(index)["name"]
        assert isinstance(field, TextField)
        return field

    def status(self) -> tuple[str, bool]:
        """The line above the buttons: an error, else what the focused control does."""
        if self.error:
            return self.error, True
        if self.note:
            return self.note, False
        focused = self.grid.focused
        if isinstance(focused, Cycler):
            return focused.describe(), False
        if self.ctx.input.showing_pad and isinstance(focused, TextField):
            # A pad cannot type a name; what it can do on a seat is take it.
            claim = button_glyph(CLAIM_BUTTON, self.ctx.pads.glyphs or "xbox")
            # Translators: {button} is a game pad's button (Y on an Xbox pad).
            text = _("{button} on a pad: play this seat with that pad ({button} again: let go).")
            return text.format(button=claim), False
        text = getattr(focused, "help", "")  # a remove button's names the seat as it is now
        return (text() if callable(text) else text), False

    def draw(self, surface: pygame.Surface) -> None:
        self.felt.draw(surface, self.ctx.theme)
        seats = self.draft.seats
        profiled = [self.name_field(i) for i in range(len(seats)) if self.has_profile(i)]
        draw_setup(
            surface,
            self.placed,
            self.ctx.theme,
            self.ctx.fonts,
            seats,
            self.grid,
            profiled,
            self.status(),
            [(self.name_field(i), label) for i, label in self.pad_labels()],
        )


def _column(control: Control) -> str:
    """The column a seat's control stands in: its key is (column, seat index)."""
    key = control.key
    assert isinstance(key, tuple) and isinstance(key[0], str)
    return key[0]
