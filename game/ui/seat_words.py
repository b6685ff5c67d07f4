"""How a seat is named on screen beside its player's name: a CPU's level ("Expert"); and
the words of a CPU's pace (the setup's seats and the Settings' CPU pace)."""

from __future__ import annotations

from collections.abc import Sequence

from game.i18n import N_
from game.match.seats import Seat, level_name
from game.rules.config import GameConfig

# Marked here, translated where shown (game.match.seats.CPU_PACES).
PACE_LABELS = {
    "slow": N_("Slow"),
    "normal": N_("Normal"),
    "fast": N_("Fast"),
    # TRANSLATORS: a CPU pace: its turns show only where each move ends, at once.
    "instant": N_("Instant"),
}


def level_label(seat: Seat) -> str:
    """'Expert' for a CPU of that level; '' for a person."""
    return level_name(seat.kind) if seat.is_cpu else ""


def level_tags(config: GameConfig, seats: Sequence[Seat]) -> tuple[str, ...]:
    """Per column: its CPU's level when one CPU plays it, else '' (people, shared columns)."""
    tags = []
    for players in config.columns:
        members = [seats[p] for p in players]
        tags.append(level_label(members[0]) if len(members) == 1 else "")
    return tuple(tags)
