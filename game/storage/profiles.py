"""Named player profiles: who the statistics belong to.

A person's seat names its profile (`Seat.profile`); a CPU seat keeps its records under its
level's name, "CPU Beginner" ... "CPU Expert", which is reserved: no person's profile may
start with "CPU ". A person without a profile is a guest: the game is logged in the history
and can reach the high scores under the seat's name, but no statistics are kept for it.

Names compare without regard to case ("ann" and "Ann" are one profile) and are 1 to 24
characters, as seat names are.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.ai.levels.spec import LEVELS
from game.match.seats import Seat
from game.rules import names
from game.storage.saves import parse_time

PROFILES_FORMAT = 1
MAX_PROFILES = 200
CPU_PREFIX = "CPU "


def cpu_profile_name(level: str) -> str:
    """The record name of a CPU level: "expert" -> "CPU Expert"."""
    return CPU_PREFIX + level.capitalize()


CPU_PROFILES: tuple[str, ...] = tuple(cpu_profile_name(level) for level in LEVELS)


def profile_for_seat(seat: Seat) -> str | None:
    """The name a seat's games are recorded under, or None for a guest."""
    if seat.is_cpu:
        return cpu_profile_name(seat.kind)
    return seat.profile


def check_name(name: object) -> str:
    """A valid profile name (surrounding spaces dropped); ValueError in words otherwise."""
    if not isinstance(name, str):
        raise ValueError("a profile name must be text")
    name = names.check_name(name.strip())
    if name.casefold().startswith(CPU_PREFIX.casefold()):
        raise ValueError(f"names starting with {CPU_PREFIX.strip()!r} are kept for the CPU levels")
    return name


@dataclass(frozen=True)
class Profile:
    name: str
    created: str  # ISO date and time

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "created": self.created}

    @classmethod
    def from_dict(cls, data: object) -> Profile:
        if not isinstance(data, dict):
            raise ValueError("a profile must be an object")
        created = data.get("created")
        parse_time(created, "created")
        if not isinstance(created, str):
            raise ValueError("created must be text")
        return cls(check_name(data.get("name")), created)


class ProfileBook:
    """The list of person profiles, in creation order. Changes raise ValueError in words."""

    def __init__(self, profiles: list[Profile] | None = None) -> None:
        self.profiles: list[Profile] = list(profiles or [])

    def names(self) -> list[str]:
        return [p.name for p in self.profiles]

    def find(self, name: str) -> Profile | None:
        """The profile called `name` (any case), if there is one."""
        key = name.strip().casefold() if isinstance(name, str) else None
        return next((p for p in self.profiles if p.name.casefold() == key), None)

    def _index(self, name: str) -> int:
        found = self.find(name)
        if found is None:
            raise ValueError(f"there is no profile called {name!r:.40}")
        return self.profiles.index(found)

    def create(self, name: str, created: str) -> Profile:
        name = check_name(name)
        clash = self.find(name)
        if clash is not None:
            raise ValueError(f"there is already a profile called {clash.name!r}")
        if len(self.profiles) >= MAX_PROFILES:
            raise ValueError(f"there can be at most {MAX_PROFILES} profiles")
        profile = Profile(name, created)
        self.profiles.append(profile)
        return profile

    def rename(self, old: str, new: str) -> Profile:
        index = self._index(old)
        new = check_name(new)
        clash = self.find(new)
        if clash is not None and clash is not self.profiles[index]:
            raise ValueError(f"there is already a profile called {clash.name!r}")
        renamed = Profile(new, self.profiles[index].created)
        self.profiles[index] = renamed
        return renamed

    def delete(self, name: str) -> Profile:
        return self.profiles.pop(self._index(name))

    def to_dict(self) -> dict[str, Any]:
        return {"format": PROFILES_FORMAT, "profiles": [p.to_dict() for p in self.profiles]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ProfileBook:
        items = data.get("profiles")
        if not isinstance(items, list) or len(items) > MAX_PROFILES:
            raise ValueError(f"profiles must be a list of at most {MAX_PROFILES}")
        book = cls()
        for item in items:
            profile = Profile.from_dict(item)
            if book.find(profile.name) is not None:
                raise ValueError(f"the profile {profile.name!r} is listed twice")
            book.profiles.append(profile)
        return book
