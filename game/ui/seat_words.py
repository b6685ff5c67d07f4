"""How a seat is named on screen beside its player's name: a CPU's level ("Expert")."""

from __future__ import annotations

from collections.abc import Sequence

from game.match.seats import Seat, level_name
from game.rules.config import GameConfig


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
