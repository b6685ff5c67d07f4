"""What a player can do: plain values made by clicks, keys and CPU strategies alike."""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.categories import Category


@dataclass(frozen=True, slots=True)
class Roll:
    """Roll every die that is not held (all five on a turn's first roll and in the roll-off)."""


@dataclass(frozen=True, slots=True)
class Hold:
    """Set a die (0..4) aside so the next roll leaves it."""

    die: int


@dataclass(frozen=True, slots=True)
class Release:
    """Put a held die (0..4) back among the dice to roll."""

    die: int


@dataclass(frozen=True, slots=True)
class Score:
    """Write the dice in a box; ends the turn."""

    category: Category


@dataclass(frozen=True, slots=True)
class Stand:
    """End a tie-breaker turn: the dice total counts."""


@dataclass(frozen=True, slots=True)
class NextGame:
    """Start the next game of the match."""


Action = Roll | Hold | Release | Score | Stand | NextGame

ROLL = Roll()
STAND = Stand()
NEXT_GAME = NextGame()
# Made once: legal_actions() hands these out on every decision.
HOLDS = tuple(Hold(i) for i in range(5))
RELEASES = tuple(Release(i) for i in range(5))
SCORES = {c: Score(c) for c in Category}


def action_to_json(action: Action) -> list[object]:
    """A compact JSON form for logs: ["roll"], ["hold", 2], ["score", "CHANCE"]."""
    if isinstance(action, Roll):
        return ["roll"]
    if isinstance(action, Hold):
        return ["hold", action.die]
    if isinstance(action, Release):
        return ["release", action.die]
    if isinstance(action, Score):
        return ["score", action.category.name]
    if isinstance(action, Stand):
        return ["stand"]
    if isinstance(action, NextGame):
        return ["next_game"]
    raise ValueError(f"not an action: {action!r}")


def action_from_json(data: object) -> Action:
    """The inverse of action_to_json; a ValueError names what is wrong."""
    if not isinstance(data, list) or not data or not isinstance(data[0], str):
        raise ValueError(f"an action is a list starting with its name, got {data!r}")
    name, args = data[0], data[1:]
    simple: dict[str, Action] = {"roll": ROLL, "stand": STAND, "next_game": NEXT_GAME}
    if name in simple and not args:
        return simple[name]
    if name in ("hold", "release") and len(args) == 1:
        die = args[0]
        if isinstance(die, bool) or not isinstance(die, int) or not 0 <= die <= 4:
            raise ValueError(f"a die index is 0 to 4, got {die!r}")
        return Hold(die) if name == "hold" else Release(die)
    if name == "score" and len(args) == 1 and isinstance(args[0], str):
        try:
            return Score(Category[args[0]])
        except KeyError:
            raise ValueError(f"no box called {args[0]!r}") from None
    raise ValueError(f"not an action: {data!r}")
