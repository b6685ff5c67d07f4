"""Reading a message's JSON field by field: every value is checked for its type and range, and
anything else is a `ProtocolError` naming the field. Nothing here trusts its input: a peer is
hostile until proven otherwise.
"""

from __future__ import annotations

import base64
import binascii
import json
import math
from collections.abc import Mapping, Sequence

from game.json_types import JsonMapping, JsonObject, JsonValue

MAX_DEPTH = 16  # nesting of any message (a throw record's own limit is lower)


class ProtocolError(ValueError):
    """A message that breaks the protocol; the text says what is wrong (for the log)."""


def parse_json(data: bytes | str, limit: int) -> JsonObject:
    """A JSON object from a frame of at most `limit` bytes; ProtocolError otherwise."""
    if len(data) > limit:
        raise ProtocolError(f"a message of {len(data)} bytes is over the {limit} allowed")
    try:
        value: object = json.loads(data, parse_constant=_no_constant)
    except (ValueError, RecursionError) as bad:
        raise ProtocolError(f"not JSON: {str(bad)[:80]}") from None
    if not isinstance(value, dict):
        raise ProtocolError("a message is a JSON object")
    check_depth(value, MAX_DEPTH)
    return value


def dump_json(value: Mapping[str, object]) -> bytes:
    """The compact JSON of a message (no NaN or infinity: they are not JSON)."""
    return json.dumps(value, separators=(",", ":"), allow_nan=False).encode()


def _no_constant(name: str) -> object:
    raise ValueError(f"{name} is not JSON")


def check_depth(value: object, most: int) -> None:
    """ProtocolError if `value` nests deeper than `most` lists and objects."""
    stack: list[tuple[object, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (list, dict)):
            if depth > most:
                raise ProtocolError(f"nested deeper than {most}")
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, depth + 1) for child in children)


def fields(data: JsonMapping, required: Sequence[str], optional: Sequence[str] = ()) -> None:
    """ProtocolError unless `data` has every required key and no key it should not."""
    missing = [key for key in required if key not in data]
    if missing:
        raise ProtocolError(f"missing {', '.join(missing)}")
    extra = [key for key in data if key not in required and key not in optional]
    if extra:
        raise ProtocolError(f"unknown field {str(extra[0])[:40]!r}")


def integer(data: JsonMapping, key: str, low: int, high: int) -> int:
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ProtocolError(f"{key} must be a whole number from {low} to {high}")
    return value


def optional_integer(data: JsonMapping, key: str, low: int, high: int) -> int | None:
    return None if data.get(key) is None else integer(data, key, low, high)


def boolean(data: JsonMapping, key: str) -> bool:
    value = data.get(key)
    if not isinstance(value, bool):
        raise ProtocolError(f"{key} must be true or false")
    return value


def text(data: JsonMapping, key: str, most: int) -> str:
    value = data.get(key)
    if not isinstance(value, str) or len(value) > most:
        raise ProtocolError(f"{key} must be text of at most {most} characters")
    if any(ord(c) < 32 or 0x7F <= ord(c) < 0xA0 for c in value):
        raise ProtocolError(f"{key} holds control characters")
    return value


def optional_text(data: JsonMapping, key: str, most: int) -> str | None:
    return None if data.get(key) is None else text(data, key, most)


def choice(data: JsonMapping, key: str, allowed: frozenset[str]) -> str:
    value = data.get(key)
    if not isinstance(value, str) or value not in allowed:
        raise ProtocolError(f"{key} must be one of {sorted(allowed)}")
    return value


def blob(data: JsonMapping, key: str, least: int, most: int) -> bytes:
    """Bytes sent as unpadded URL-safe base64 text."""
    value = data.get(key)
    if not isinstance(value, str) or len(value) > (most * 4 + 2) // 3:
        raise ProtocolError(f"{key} must be base64 text of {least} to {most} bytes")
    try:
        raw = base64.urlsafe_b64decode(value + "=" * (-len(value) % 4))
    except (binascii.Error, ValueError):
        raise ProtocolError(f"{key} is not base64") from None
    if not least <= len(raw) <= most or to_b64(raw) != value:
        raise ProtocolError(f"{key} must be base64 text of {least} to {most} bytes")
    return raw


def to_b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def hex_text(data: JsonMapping, key: str, length: int) -> str:
    value = data.get(key)
    if (
        not isinstance(value, str)
        or len(value) != length
        or any(c not in "0123456789abcdef" for c in value)
    ):
        raise ProtocolError(f"{key} must be {length} lowercase hex digits")
    return value


def items(data: JsonMapping, key: str, most: int) -> list[object]:
    value = data.get(key)
    if not isinstance(value, list) or len(value) > most:
        raise ProtocolError(f"{key} must be a list of at most {most} items")
    return value


def obj(data: JsonMapping, key: str) -> JsonObject:
    value = data.get(key)
    if not isinstance(value, dict):
        raise ProtocolError(f"{key} must be an object")
    return value


def int_list(data: JsonMapping, key: str, most: int, low: int, high: int) -> tuple[int, ...]:
    numbers: list[int] = []
    for v in items(data, key, most):
        if isinstance(v, bool) or not isinstance(v, int) or not low <= v <= high:
            raise ProtocolError(f"{key} holds whole numbers from {low} to {high}")
        numbers.append(v)
    return tuple(numbers)


def plain_json(value: object, most_depth: int, most_items: int) -> JsonValue:
    """`value` if it is plain JSON (finite numbers, text keys) within the limits given."""
    check_depth(value, most_depth)
    stack = [value]
    count = 0
    while stack:
        item = stack.pop()
        count += 1
        if count > most_items:
            raise ProtocolError(f"more than {most_items} values")
        if isinstance(item, dict):
            if not all(isinstance(k, str) for k in item):
                raise ProtocolError("object keys must be text")
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, float):
            if not math.isfinite(item):
                raise ProtocolError("numbers must be finite")
        elif item is not None and not isinstance(item, (bool, int, str)):
            raise ProtocolError(f"{type(item).__name__} is not JSON")
    return value  # type: ignore[return-value]  # checked through above
