"""Who sits at the table: a person or a CPU level, with a name and a colour.

The rules only know player names; this is what the screen, the CPU driver and the saves add.
"""

from __future__ import annotations

from dataclasses import dataclass

LEVELS = ("beginner", "easy", "medium", "hard", "expert", "champion")
PERSON = "person"
SEAT_COLOURS = 8  # colour slots in the theme's player palette


@dataclass(frozen=True)
class Seat:
    name: str
    kind: str = PERSON  # "person" or one of LEVELS
    colour: int = 0  # index into the theme's player palette
    profile: str | None = None  # the player's profile name for statistics (persons)

    def __post_init__(self) -> None:
        if self.kind != PERSON and self.kind not in LEVELS:
            raise ValueError(f"a seat is a person or a CPU level {LEVELS}, got {self.kind!r}")
        if isinstance(self.colour, bool) or not isinstance(self.colour, int):
            raise ValueError("a seat's colour is a palette index")
        if not 0 <= self.colour < SEAT_COLOURS:
            raise ValueError(f"a seat's colour is 0 to {SEAT_COLOURS - 1}")

    @property
    def is_cpu(self) -> bool:
        return self.kind != PERSON

    def to_dict(self) -> dict:
        return {
            "name": self.name,
            "kind": self.kind,
            "colour": self.colour,
            "profile": self.profile,
        }

    @classmethod
    def from_dict(cls, data: object) -> Seat:
        if not isinstance(data, dict):
            raise ValueError("a seat must be an object")
        name, profile = data.get("name"), data.get("profile")
        if not isinstance(name, str) or not name.strip() or len(name) > 24:
            raise ValueError("a seat needs a name of 1 to 24 characters")
        if profile is not None and (not isinstance(profile, str) or len(profile) > 24):
            raise ValueError("a seat's profile is a name of at most 24 characters")
        kind = data.get("kind", PERSON)
        if not isinstance(kind, str):
            raise ValueError("a seat's kind must be text")
        return cls(name, kind, data.get("colour", 0), profile)
