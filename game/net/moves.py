"""A move as the host sends it: who acted, the action, and for a roll the dice the host's
generator gave (and what its physics made of them, the throw); the digest of the state after
it; the commitment to the match's dice generator that the host reveals at the end.

A friend never receives the generator's state while the match is played (it would tell every
die still to come): it applies the host's action through its own rules with `HostDice`, which
hands out the faces the host announced, and checks that they are exactly the dice rolled.
"""

from __future__ import annotations

import hashlib
import json
import random
from dataclasses import dataclass

from game.json_types import JsonMapping, JsonValue
from game.net.wire import (
    ProtocolError,
    dump_json,
    fields,
    int_list,
    integer,
    obj,
    plain_json,
)
from game.rules import (
    Action,
    GameState,
    Phase,
    action_from_json,
    action_to_json,
    state_to_dict,
)
from game.rules.game import Game


class HostError(ProtocolError):
    """The host sent something our rules cannot follow: a desync or a cheat."""


MAX_MOVES = 20_000  # a match's log, as Game.from_dict allows
MAX_PLAYER = 7
THROW_BYTES = 64 * 1024  # a throw record's JSON, at most
THROW_DEPTH = 6
THROW_VALUES = 8192
DIGEST_HEX = 32


@dataclass(frozen=True)
class ThrowRecord:
    """What the host's physics produced for one roll (the paths and landing of its dice), to
    be played back as is on every screen: floats need not agree across machines, a recording
    does. Its contents are the dice tray's (phase 2); the protocol carries it as plain JSON
    within limits, and a friend checks it again before it is shown."""

    version: int
    data: JsonValue

    def to_json(self) -> dict[str, object]:
        return {"v": self.version, "data": self.data}

    @classmethod
    def from_json(cls, value: object) -> ThrowRecord:
        if not isinstance(value, dict):
            raise ProtocolError("a throw is an object")
        fields(value, ("v", "data"))
        version = integer(value, "v", 1, 1000)
        data = plain_json(value["data"], THROW_DEPTH, THROW_VALUES)
        if len(dump_json({"data": data})) > THROW_BYTES:
            raise ProtocolError(f"a throw record is over {THROW_BYTES} bytes")
        return cls(version, data)


@dataclass(frozen=True)
class Move:
    """The `index`th action of the match's log, made by `player`. `dice`: the five dice showing
    after a roll (held ones unchanged), None for any other action."""

    index: int
    player: int
    action: Action
    dice: tuple[int, ...] | None = None
    throw: ThrowRecord | None = None

    def to_json(self) -> dict[str, object]:
        data: dict[str, object] = {
            "i": self.index,
            "p": self.player,
            "a": action_to_json(self.action),
        }
        if self.dice is not None:
            data["dice"] = list(self.dice)
        if self.throw is not None:
            data["throw"] = self.throw.to_json()
        return data

    @classmethod
    def from_json(cls, value: object) -> Move:
        if not isinstance(value, dict):
            raise ProtocolError("a move is an object")
        fields(value, ("i", "p", "a"), ("dice", "throw"))
        try:
            action = action_from_json(value["a"])
        except ValueError as bad:
            raise ProtocolError(f"a move's action: {bad}") from None
        dice = None
        if "dice" in value:
            dice = int_list(value, "dice", 5, 1, 6)
            if len(dice) != 5:
                raise ProtocolError("a roll shows five dice")
        throw = ThrowRecord.from_json(obj(value, "throw")) if "throw" in value else None
        return cls(
            integer(value, "i", 0, MAX_MOVES - 1),
            integer(value, "p", 0, MAX_PLAYER),
            action,
            dice,
            throw,
        )


class HostDice(random.Random):
    """The dice generator of a friend's copy: it gives the faces the host announced, in turn,
    and nothing more (asked for a die it was not given, it refuses: the rules rolled more dice
    than the host did)."""

    def __init__(self) -> None:
        super().__init__(0)
        self._faces: list[int] = []

    def load(self, faces: list[int]) -> None:
        self._faces = list(faces)

    @property
    def left(self) -> int:
        return len(self._faces)

    def randint(self, a: int, b: int) -> int:
        if (a, b) != (1, 6) or not self._faces:
            raise HostError("the host's roll gave fewer dice than the rules rolled")
        return self._faces.pop(0)


def rolled_faces(state: GameState, dice: tuple[int, ...]) -> list[int]:
    """The faces of `dice` the rules will draw when `state` rolls: every die at the start roll
    or before a turn's first roll, else those not held (whose faces must not have changed)."""
    if state.dice is None or state.phase is Phase.ROLL_OFF:
        return list(dice)
    held = state.held
    for i, keep in enumerate(held):
        if keep and dice[i] != state.dice[i]:
            raise HostError(f"the host's roll changed held die {i + 1}")
    return [face for face, keep in zip(dice, held, strict=True) if not keep]


def digest(state: GameState) -> str:
    """A short fingerprint of the whole game state, compared after every move."""
    data = json.dumps(state_to_dict(state), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(data.encode()).hexdigest()[:DIGEST_HEX]


def commitment(game: Game) -> str:
    """The host's commitment to the match's dice generator: the SHA-256 of its starting state.
    Sent when the match starts, checked when the state itself is revealed at the end, so the
    host cannot have changed the dice along the way without every friend seeing it."""
    version, words, gauss = game.start_state
    data = json.dumps([version, list(words), gauss], separators=(",", ":"))
    return hashlib.sha256(data.encode()).hexdigest()


def game_from_reveal(record: JsonMapping) -> Game:
    """The host's whole match (Game.to_dict) rebuilt and replayed; HostError if it does not
    replay to the state it claims."""
    try:
        return Game.from_dict(record)
    except (ValueError, TypeError, LookupError, ArithmeticError) as bad:
        raise HostError(f"the revealed match does not replay: {str(bad)[:120]}") from None
