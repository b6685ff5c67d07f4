"""The setup's controls, wired to the scene: the rules of the match (a value cycler each) and
a row per seat; and the words every choice is shown and explained in."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.match.seats import LEVELS, PERSON
from game.rules import StartOrder, TeamMode
from game.rules.config import MAX_NAME_LENGTH
from game.scenes.setup_seats import TEAM_LETTERS, step_colour, step_kind, step_team
from game.ui.forms import Cycler, FormButton, TextField
from game.ui.rule_words import VARIANT_HELP

if TYPE_CHECKING:
    from game.scenes.setup import SetupScene
    from game.ui.theme import Theme

KIND_LABELS = {PERSON: "Person", **{level: f"CPU {level.title()}" for level in LEVELS}}
KIND_HELP = {
    PERSON: "A person at this computer takes this seat's turns.",
    "beginner": "CPU Beginner: plays loosely and often misses the best box.",
    "easy": "CPU Easy: a casual player.",
    "medium": "CPU Medium: a sound, steady player.",
    "hard": "CPU Hard: a strong player who keeps pace for the bonus.",
    "expert": "CPU Expert: plays the best odds of every roll.",
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


def option_controls(scene: SetupScene) -> list[Cycler]:
    """The rules of the match, one value cycler each."""
    return [
        Cycler(
            lambda: scene.variant.label,
            scene.step_variant,
            label="Rules",
            help=lambda: VARIANT_HELP[scene.variant],
            key="variant",
        ),
        Cycler(
            lambda: "1 game" if scene.games == 1 else f"{scene.games} games",
            scene.step_games,
            label="Match",
            help=lambda: (
                "One game; the highest total wins."
                if scene.games == 1
                else f"{scene.games} games; the highest total over all of them wins."
            ),
            key="games",
        ),
        Cycler(
            lambda: TEAM_MODE_LABELS[scene.team_mode],
            scene.set_team_mode_step,
            label="Teams",
            help=lambda: TEAM_MODE_HELP[scene.team_mode],
            key="teams",
        ),
        Cycler(
            lambda: START_LABELS[scene.start],
            scene.step_start,
            label="First turn",
            help=lambda: START_HELP[scene.start],
            key="start_order",
        ),
        Cycler(
            lambda: "On" if scene.tie_breaker else "Off",
            scene.step_tie_breaker,
            label="Tie-breaker",
            help=lambda: (
                "Tied leaders each play one more turn; the highest dice total wins."
                if scene.tie_breaker
                else "Tied leaders share the win."
            ),
            key="tie_breaker",
        ),
    ]


def seat_controls(scene: SetupScene, index: int) -> list[TextField | Cycler | FormButton]:
    """A seat's row: its name, who plays it, its colour, its team (with teams on) and a
    button that removes it (when it is not the only seat)."""
    seat = scene.seats[index]
    row: list[TextField | Cycler | FormButton] = [
        TextField(
            lambda: seat.name,
            lambda text: setattr(seat, "name", text),
            max_length=MAX_NAME_LENGTH,
            placeholder="Name",
            help=f"Type a name (up to {MAX_NAME_LENGTH} letters); Backspace deletes. "
            "A profile's name records the games under that profile.",
            key=("name", index),
            can_draw=scene.ctx.fonts.can_draw,
        ),
        Cycler(
            lambda: KIND_LABELS[seat.kind],
            lambda step: step_kind(scene.seats[index], step),
            help=lambda: KIND_HELP[seat.kind],
            key=("kind", index),
        ),
        Cycler(
            lambda: colour_name(scene.ctx.theme, seat.colour),
            lambda step: step_colour(scene.seats, index, step),
            swatch=lambda: scene.ctx.theme.player(seat.colour),
            help="The seat's colour on the table and the scorecard.",
            key=("colour", index),
        ),
    ]
    if scene.team_mode is not TeamMode.OFF:
        row.append(
            Cycler(
                lambda: TEAM_LETTERS[seat.team % len(TEAM_LETTERS)],
                lambda step: step_team(scene.seats, index, step),
                help="Partners share a team letter.",
                key=("team", index),
            )
        )
    if len(scene.seats) > 1:
        row.append(
            FormButton(
                "Remove",
                lambda: scene.remove_seat(index),
                icon="cross",
                key=("remove", index),
                help=f"Remove {seat.name.strip() or 'this seat'} from the table.",
            )
        )
    return row
