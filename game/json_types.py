"""JSON as the game keeps it: saves, records, settings, the action log, the network's messages.

A value read from JSON is `object` until it is checked. Each file format and each message is
parsed once, at the edge, into a typed record (a frozen dataclass with a `from_dict` or
`from_json`, or a TypedDict checked by its parser: game.rules.serial, game.storage's readers,
game.net.codec through game.net.wire), which says what is wrong in a ValueError naming the
field; the rest of the code reads the record. `JsonObject` is an object as it is written, or
as it is read before its checks; nothing here is `Any`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeAlias

# Any JSON value (what json.loads can give, what json.dumps is handed).
JsonValue: TypeAlias = "None | bool | int | float | str | list[JsonValue] | dict[str, JsonValue]"
JsonObject = dict[str, object]  # a JSON object as it is written, or as read before its checks
JsonMapping = Mapping[str, object]  # one only read


def as_object(value: object, what: str) -> JsonObject:
    """`value` if it is a JSON object (a dict: JSON's keys are always text); ValueError
    naming `what` otherwise."""
    if not isinstance(value, dict):
        raise ValueError(f"{what} must be an object")
    return value


def as_list(value: object, what: str, most: int | None = None) -> list[object]:
    """`value` if it is a JSON list (of at most `most` items); ValueError naming `what`."""
    if not isinstance(value, list) or (most is not None and len(value) > most):
        raise ValueError(f"{what} must be a list" + ("" if most is None else f" of at most {most}"))
    return value
