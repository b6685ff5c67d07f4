"""How the network's screens name a table's seats and the host's answers: always in our own
translated words (a host's text is never shown, only its names, checked as player names)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.i18n import N_, _, translate

if TYPE_CHECKING:
    from game.net import messages as m

# Why the host turned us away, or refused our seat.
DENIED = {
    "code": N_("The table code is not right"),
    "busy": N_("The table is busy: try again in a minute"),
    "closed": N_("The table is closed"),
    "removed": N_("The host took your seat away"),
    "seat_taken": N_("That seat was just taken: choose another"),
    "name_taken": N_("Someone at the table has that name: choose another"),
    "colour_taken": N_("Someone at the table has that colour: choose another"),
    "bad_name": N_("That name cannot be used"),
    "started": N_("The game has started: you can watch it"),
    "token": N_("Your seat at this table is gone"),
}


def seat_line(index: int, seat: m.SeatView) -> str:
    """One seat of a table, as a line: "2. Ann (host)", "3. Open: waiting for a friend"."""
    number = index + 1
    if seat.kind == "open":
        # Translators: a seat of a network table no friend has taken yet.
        return _("{number}. Open: waiting for a friend").format(number=number)
    name = seat.name or "?"
    if seat.kind == "host":
        # Translators: a seat of a network table played at the host's computer.
        return _("{number}. {name} (host)").format(number=number, name=name)
    if seat.kind == "cpu":
        return _("{number}. {name} (CPU)").format(number=number, name=name)
    if seat.level is not None:
        return _("{number}. {name} (a CPU plays for them)").format(number=number, name=name)
    if not seat.online:
        return _("{number}. {name} (away)").format(number=number, name=name)
    return _("{number}. {name}").format(number=number, name=name)


def denial(reason: str | None, host_game: str | None = None, ours: str = "") -> str:
    """Why a table would not have us, in words."""
    if reason == "version":
        if host_game and host_game != ours:
            # Translators: the host's game is another version than ours ({version}: theirs).
            return _(
                "The host's game is version {version} and yours {ours}: both need the same "
                "version to play together."
            ).format(version=host_game, ours=ours)
        return _("The host's game speaks another version: update both games")
    return translate(DENIED.get(reason or "", N_("The table would not let you in")))
