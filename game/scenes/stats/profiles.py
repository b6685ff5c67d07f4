"""The profiles the statistics list, read from storage when the scene opens or a profile
changes: people's profiles first, then the CPU levels that have played (each level keeps
its own record, as "CPU Expert"), with each one's figures."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from game.i18n import translate
from game.storage import CPU_PROFILES
from game.ui.text import as_sentence

if TYPE_CHECKING:
    from game.storage import Profile, ProfileStats, Storage


def shown_name(name: str) -> str:
    """A profile's name as the player reads it: a CPU level's record ("CPU Expert", its id in
    storage) in the language in use, as the setup names that level (its msgids are marked in
    game.scenes.setup.controls, KIND_LABELS; a test checks they match); a person's as is."""
    return translate(name) if name in CPU_PROFILES else name


@dataclass(frozen=True)
class Profiles:
    names: tuple[str, ...] = ()  # people's profiles, then CPU levels with games
    people: int = 0  # how many of `names` are people's profiles
    created: Mapping[str, str] = field(default_factory=dict)  # name -> ISO date, people only
    stats: Mapping[str, ProfileStats] = field(default_factory=dict)

    def find(self, name: str | None, fallback: int) -> int:
        """Where `name` is in the list (in any case), else `fallback`, kept in range."""
        index = fallback
        if name is not None:
            folded = [n.casefold() for n in self.names]
            key = name.casefold()
            index = folded.index(key) if key in folded else min(fallback, len(self.names) - 1)
        return max(0, min(index, len(self.names) - 1))


def read_profiles(storage: Storage, card: str) -> Profiles:
    """The profiles, with their figures on `card` (each card keeps its own)."""
    profiles = storage.list_profiles()
    every = storage.all_stats(card)
    cpus = tuple(name for name in CPU_PROFILES if name in every)
    names = tuple(p.name for p in profiles) + cpus
    return Profiles(
        names=names,
        people=len(profiles),
        created={p.name: p.created for p in profiles},
        stats={name: every.get(name) or storage.profile_stats(name, card) for name in names},
    )


def name_box_submit(
    act: Callable[[str], Profile], done: Callable[[str], None]
) -> Callable[[str], str | None]:
    """What the name box calls with the name typed: `act` on it (create or rename), then
    `done` with the profile's name; or the refusal in a sentence, shown in the box."""

    def submit(name: str) -> str | None:
        try:
            profile = act(name)
        except ValueError as error:
            return as_sentence(error)
        done(profile.name)
        return None

    return submit
