"""The setup's controls over a match draft: the rules of the match (a value cycler each) and a
row per seat; and the words every choice is shown and explained in. The controls change the
draft themselves; what also changes the screen (teams on or off, a seat removed) goes through
the callbacks the scene gives."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.ai.levels.spec import CPU_LEVELS
from game.i18n import N_, _, ngettext, translate
from game.match.seats import PERSON
from game.rules import StartOrder, TeamMode
from game.rules.names import MAX_NAME_LENGTH
from game.scenes.setup.seats import (
    NETWORK,
    TEAM_LETTERS,
    TEAM_MODES,
    MatchDraft,
    step_colour,
    step_kind,
    step_pace,
    step_team,
)
from game.ui.forms import Cycler, FormButton, TextField
from game.ui.rule_words import variant_help
from game.ui.seat_words import PACE_LABELS

if TYPE_CHECKING:
    from game.ui.theme import Theme

# The words of every choice: marked here, translated where they are shown.
# Translators: who plays a seat, as the setup's value cycler shows it.
KIND_LABELS = {
    PERSON: N_("Person"),
    NETWORK: N_("A friend on the network"),
    **{level.id: level.choice for level in CPU_LEVELS},
}
KIND_HELP = {
    PERSON: N_("A person at this computer takes this seat's turns."),
    NETWORK: N_(
        "A friend at another computer takes this seat: starting opens your table to the "
        "network, with an invite to give them."
    ),
    **{level.id: level.help for level in CPU_LEVELS},  # the levels' words are their records'
}
TEAM_MODE_LABELS = {
    # Translators: teams are off.
    TeamMode.OFF: N_("Off"),
    TeamMode.SHARED: N_("Shared card"),
    TeamMode.COMBINED: N_("Combined cards"),
}
TEAM_MODE_HELP = {
    TeamMode.OFF: N_("Everyone plays for themselves."),
    TeamMode.SHARED: N_("Shared card: partners write in one column and take its turns in turn."),
    TeamMode.COMBINED: N_("Combined cards: everyone plays a card; a team scores its members' sum."),
}
# TRANSLATORS: who starts: "Roll for it" = every player rolls the dice and the highest
# total starts; "As seated" = the first seat starts.
START_LABELS = {StartOrder.ROLL_OFF: N_("Roll for it"), StartOrder.SEATED: N_("As seated")}
START_HELP = {
    StartOrder.ROLL_OFF: N_("Everyone rolls all five dice; the highest total goes first."),
    StartOrder.SEATED: N_("The first seat goes first, then round the table."),
}

ORDER_LABELS = {
    # Translators: any open box may be chosen (the usual rule).
    False: N_("Any box"),
    # Translators: the forced-order house rule: boxes are filled from the top of the card down.
    True: N_("Top to bottom"),
}
ORDER_HELP = {
    False: N_("Score each roll in any open box you choose."),
    True: N_(
        "Forced order: each roll must go in the next open box, from the top of the card down."
    ),
}


def colour_name(theme: Theme, index: int) -> str:
    """What to call a seat colour in the palette on screen."""
    return theme.player_name(index)


def _remove_help(name: str) -> str:
    if not name:
        return _("Remove this seat from the table.")
    return _("Remove {name} from the table.").format(name=name)


def option_controls(draft: MatchDraft, set_team_mode: Callable[[int], None]) -> list[Cycler]:
    """The rules of the match, one value cycler each; the team mode is set through
    `set_team_mode(index)`, as the seat rows change with it."""
    return [
        Cycler(
            lambda: translate(draft.variant.label),
            draft.step_variant,
            label=_("Rules"),
            help=lambda: variant_help(draft.variant),
            key="variant",
        ),
        Cycler(
            lambda: ngettext("{count} game", "{count} games", draft.games).format(
                count=draft.games
            ),
            draft.step_games,
            label=_("Match"),
            help=lambda: ngettext(
                "One game; the highest total wins.",
                "{count} games; the highest total over all of them wins.",
                draft.games,
            ).format(count=draft.games),
            key="games",
        ),
        Cycler(
            lambda: translate(TEAM_MODE_LABELS[draft.team_mode]),
            lambda step: set_team_mode(
                (TEAM_MODES.index(draft.team_mode) + step) % len(TEAM_MODES)
            ),
            label=_("Teams"),
            help=lambda: translate(TEAM_MODE_HELP[draft.team_mode]),
            key="teams",
        ),
        Cycler(
            lambda: translate(START_LABELS[draft.start]),
            draft.step_start,
            label=_("First turn"),
            help=lambda: translate(START_HELP[draft.start]),
            key="start_order",
        ),
        Cycler(
            # Translators: the tie-breaker is on or off.
            lambda: _("On") if draft.tie_breaker else _("Off"),
            draft.step_tie_breaker,
            label=_("Tie-breaker"),
            help=lambda: (
                _("Tied leaders each play one more turn; the highest dice total wins.")
                if draft.tie_breaker
                else _("Tied leaders share the win.")
            ),
            key="tie_breaker",
        ),
        Cycler(
            lambda: translate(ORDER_LABELS[draft.forced_order]),
            draft.step_forced_order,
            label=_("Box order"),
            help=lambda: translate(ORDER_HELP[draft.forced_order]),
            key="forced_order",
        ),
    ]


def _pace_help(kind: str) -> str:
    if kind in (PERSON, NETWORK):
        return _("A person plays at their own pace; a CPU's pace is chosen here.")
    return _(
        "How fast this CPU's turns play to watch. Instant shows only where each move ends; "
        "the Settings' CPU pace is where new seats start."
    )


def seat_controls(
    draft: MatchDraft,
    index: int,
    theme: Callable[[], Theme],
    can_draw: Callable[[str], bool],
    remove_seat: Callable[[int], None],
    pace: Callable[[], str],
) -> list[TextField | Cycler | FormButton]:
    """A seat's row: its name, who plays it, a CPU's pace (its own, else `pace()`: the
    Settings'), its colour (named and shown in the palette
    `theme()` gives now), its team (with teams on) and a button that removes it (when it is
    not the only seat)."""
    seats = draft.seats
    seat = seats[index]
    row: list[TextField | Cycler | FormButton] = [
        TextField(
            lambda: seat.name,
            lambda text: setattr(seat, "name", text),
            max_length=MAX_NAME_LENGTH,
            placeholder=_("Name"),
            help=_(
                "Type a name (up to {count} letters); Backspace deletes. A person's games are "
                "recorded under their name (Statistics)."
            ).format(count=MAX_NAME_LENGTH),
            key=("name", index),
            can_draw=can_draw,
        ),
        Cycler(
            lambda: translate(KIND_LABELS[seat.kind]),
            lambda step: step_kind(seat, step),
            help=lambda: translate(KIND_HELP[seat.kind]),
            key=("kind", index),
        ),
        Cycler(
            lambda: (
                "–"
                if seat.kind in (PERSON, NETWORK)
                else translate(PACE_LABELS[seat.pace or pace()])
            ),
            lambda step: step_pace(seat, step, pace()),
            help=lambda: _pace_help(seat.kind),
            key=("pace", index),
        ),
        Cycler(
            lambda: colour_name(theme(), seat.colour),
            lambda step: step_colour(seats, index, step),
            swatch=lambda: theme().player(seat.colour),
            help=_("The seat's colour on the table and the scorecard."),
            key=("colour", index),
        ),
    ]
    if draft.teamed:
        row.append(
            Cycler(
                lambda: TEAM_LETTERS[seat.team % len(TEAM_LETTERS)],
                lambda step: step_team(seats, index, step),
                help=_("Partners share a team letter."),
                key=("team", index),
            )
        )
    if len(seats) > 1:
        row.append(
            FormButton(
                _("Remove"),
                lambda: remove_seat(index),
                icon="cross",
                key=("remove", index),
                help=lambda: _remove_help(seat.name.strip()),
            )
        )
    return row
