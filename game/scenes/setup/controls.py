"""The setup's controls over a match draft: the rules of the match (a value cycler each) and a
row per seat; and the words every choice is shown and explained in. The controls change the
draft themselves; what also changes the screen (teams on or off, a seat removed) goes through
the callbacks the scene gives."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.match.seats import LEVELS, PERSON
from game.rules import StartOrder, TeamMode
from game.rules.config import MAX_NAME_LENGTH
from game.scenes.setup.seats import (
    TEAM_LETTERS,
    TEAM_MODES,
    MatchDraft,
    step_colour,
    step_kind,
    step_team,
)
from game.ui.forms import Cycler, FormButton, TextField
from game.ui.rule_words import VARIANT_HELP

if TYPE_CHECKING:
    from game.ui.theme import Theme

KIND_LABELS = {PERSON: "Person", **{level: f"CPU {level.title()}" for level in LEVELS}}
KIND_HELP = {
    PERSON: "A person at this computer takes this seat's turns.",
    "beginner": "CPU Beginner: plays loosely and often misses the best box.",
    "easy": "CPU Easy: a casual player.",
    "medium": "CPU Medium: a sound, steady player.",
    "hard": "CPU Hard: a strong player who keeps pace for the bonus.",
    "expert": "CPU Expert: plays the best odds of every roll.",
    "champion": "CPU Champion: plays to win, taking risks when behind and playing safe ahead.",
}
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
START_LABELS = {StartOrder.ROLL_OFF: "Roll for it", StartOrder.SEATED: "As seated"}
START_HELP = {
    StartOrder.ROLL_OFF: "Everyone rolls all five dice; the highest total goes first.",
    StartOrder.SEATED: "The first seat goes first, then round the table.",
}


def colour_name(theme: Theme, index: int) -> str:
    """What to call a seat colour in the palette on screen."""
    return theme.player_name(index)


def option_controls(draft: MatchDraft, set_team_mode: Callable[[int], None]) -> list[Cycler]:
    """The rules of the match, one value cycler each; the team mode is set through
    `set_team_mode(index)`, as the seat rows change with it."""
    return [
        Cycler(
            lambda: draft.variant.label,
            draft.step_variant,
            label="Rules",
            help=lambda: VARIANT_HELP[draft.variant],
            key="variant",
        ),
        Cycler(
            lambda: "1 game" if draft.games == 1 else f"{draft.games} games",
            draft.step_games,
            label="Match",
            help=lambda: (
                "One game; the highest total wins."
                if draft.games == 1
                else f"{draft.games} games; the highest total over all of them wins."
            ),
            key="games",
        ),
        Cycler(
            lambda: TEAM_MODE_LABELS[draft.team_mode],
            lambda step: set_team_mode(
                (TEAM_MODES.index(draft.team_mode) + step) % len(TEAM_MODES)
            ),
            label="Teams",
            help=lambda: TEAM_MODE_HELP[draft.team_mode],
            key="teams",
        ),
        Cycler(
            lambda: START_LABELS[draft.start],
            draft.step_start,
            label="First turn",
            help=lambda: START_HELP[draft.start],
            key="start_order",
        ),
        Cycler(
            lambda: "On" if draft.tie_breaker else "Off",
            draft.step_tie_breaker,
            label="Tie-breaker",
            help=lambda: (
                "Tied leaders each play one more turn; the highest dice total wins."
                if draft.tie_breaker
                else "Tied leaders share the win."
            ),
            key="tie_breaker",
        ),
    ]


def seat_controls(
    draft: MatchDraft,
    index: int,
    theme: Callable[[], Theme],
    can_draw: Callable[[str], bool],
    remove_seat: Callable[[int], None],
) -> list[TextField | Cycler | FormButton]:
    """A seat's row: its name, who plays it, its colour (named and shown in the palette
    `theme()` gives now), its team (with teams on) and a button that removes it (when it is
    not the only seat)."""
    seats = draft.seats
    seat = seats[index]
    row: list[TextField | Cycler | FormButton] = [
        TextField(
            lambda: seat.name,
            lambda text: setattr(seat, "name", text),
            max_length=MAX_NAME_LENGTH,
            placeholder="Name",
            help=f"Type a name (up to {MAX_NAME_LENGTH} letters); Backspace deletes. "
            "A person's games are recorded under their name (Statistics).",
            key=("name", index),
            can_draw=can_draw,
        ),
        Cycler(
            lambda: KIND_LABELS[seat.kind],
            lambda step: step_kind(seat, step),
            help=lambda: KIND_HELP[seat.kind],
            key=("kind", index),
        ),
        Cycler(
            lambda: colour_name(theme(), seat.colour),
            lambda step: step_colour(seats, index, step),
            swatch=lambda: theme().player(seat.colour),
            help="The seat's colour on the table and the scorecard.",
            key=("colour", index),
        ),
    ]
    if draft.teamed:
        row.append(
            Cycler(
                lambda: TEAM_LETTERS[seat.team % len(TEAM_LETTERS)],
                lambda step: step_team(seats, index, step),
                help="Partners share a team letter.",
                key=("team", index),
            )
        )
    if len(seats) > 1:
        row.append(
            FormButton(
                "Remove",
                lambda: remove_seat(index),
                icon="cross",
                key=("remove", index),
                help=lambda: f"Remove {seat.name.strip() or 'this seat'} from the table.",
            )
        )
    return row
