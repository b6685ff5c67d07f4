"""Named player profiles: who the statistics belong to.

A person's seat names its profile (`Seat.profile`); a CPU seat keeps its records under its
level's name, "CPU Beginner" ... "CPU Expert", which is reserved: no person's profile may
start with "CPU ". A person without a profile is a guest: the game is logged in the history
and can reach the high scores under the seat's name, but no statistics are kept for it.

Names compare without regard to case ("ann" and "Ann" are one profile) and are 1 to 24
characters, as seat names are.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from game.ai.levels.spec import LEVELS
from game.i18n import N_, later, translated
from game.json_types import JsonObject, as_object
from game.match.seats import Seat
from game.rules import names
from game.storage.jsonfile import JsonStore
from game.storage.reading import identity_of
from game.storage.records import Records
from game.storage.saves import parse_time

T = TypeVar("T")
Identity = tuple[int, int, int, int]

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

    def to_dict(self) -> JsonObject:
        return {"name": self.name, "created": self.created}

    @classmethod
    def from_dict(cls, data: object) -> Profile:
        profile = as_object(data, what="a profile")
        created = profile.get("created")
        parse_time(created, "created")
        if not isinstance(created, str):
            raise ValueError("created must be text")
        return cls(check_name(profile.get("name")), created)


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

    def to_dict(self) -> JsonObject:
        return {"format": PROFILES_FORMAT, "profiles": [p.to_dict() for p in self.profiles]}

    @classmethod
    def from_dict(cls, data: JsonObject) -> ProfileBook:
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


# ----------------------------------------------------------------------------- the file
class ProfilesNotSaved(Exception):
    """profiles.json could not be written: the change is rolled back with the records'."""


class ProfileFile:
    """profiles.json as every copy of the game on one data folder sees it.

    Each copy keeps the list in memory and reads the file again whenever it changed on disk
    (another copy's change) before the list is shown or used. A change is made only to the
    file as it is on disk at that moment, read under the records' write lock (SQLite's,
    which every copy takes in turn) and written before that lock is let go, together with
    the statistics it touches. When the records are held longer than a copy waits, the
    change is refused with the reason, never made from the copy's own list, which may be
    stale (two copies once lost 39 profiles and brought 40 deleted ones back that way).
    With no records at all (a folder that refuses them), the change is made to the file as
    it is then.
    """

    def __init__(self, path: Path, store: JsonStore, records: Records) -> None:
        self.path = path
        self._store = store
        self._records = records
        self._book = ProfileBook()
        self._seen: Identity | None = None
        self._read()

    def _identity(self) -> Identity | None:
        try:
            return identity_of(os.lstat(self.path))
        except OSError:
            return None

    def _read(self) -> ProfileBook:
        """The profiles in the file now (none if it was bad: it is set aside and told). With
        no file, the list this copy holds: none saved yet, or the disk refused them."""
        if self._identity() is not None:
            book = self._store.load(self.path, PROFILES_FORMAT, ProfileBook.from_dict, WHAT)
            self._book = book or ProfileBook()
        self._seen = self._identity()
        return self._book

    def book(self) -> ProfileBook:
        """The profiles, read again if the file changed since this copy last saw it."""
        if self._identity() != self._seen:
            self._read()
        return self._book

    def change(
        self,
        change: Callable[[ProfileBook], T],
        tallies: Callable[[sqlite3.Connection, T], None] | None = None,
    ) -> T:
        """Make `change` to the profiles on disk and save them, with `tallies` (the
        statistics it touches) in the same transaction. ValueError in words if the change
        is refused (by the book: a name taken; or by the disk: the records held, no space)."""
        done: list[T] = []

        def under_lock(con: sqlite3.Connection) -> None:
            book = self._read()
            result = change(book)
            if not self._store.save(self.path, book.to_dict(), WHAT):
                raise ProfilesNotSaved
            self._seen = self._identity()
            if tallies is not None:
                tallies(con, result)
            done.append(result)

        try:
            saved, _ = self._records.write(under_lock)
        except ProfilesNotSaved:
            raise ValueError(translated(self._store.last_refusal or NOT_CHANGED)) from None
        if saved:
            return done[0]
        if self._records.refusal == "locked":
            raise ValueError(translated(HELD))
        # No records to lock (the disk refuses them): the file as it is now, changed alone.
        book = self._read()
        result = change(book)
        if not self._store.save(self.path, book.to_dict(), WHAT):
            raise ValueError(translated(self._store.last_refusal or NOT_CHANGED))
        self._seen = self._identity()
        return result


WHAT = later(N_("profiles"))
NOT_CHANGED = later(N_("The profiles could not be saved; nothing was changed."))
# Shown in the name box (two short lines); the notice beside it says who holds them.
HELD = later(N_("The records are busy, so nothing was changed. Try again in a moment."))
