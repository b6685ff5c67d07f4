"""JSON as the game keeps it (saves, records, settings, the action log): an object's values
are `Any` on purpose at this edge, each checked where it is read (game.rules.serial,
game.storage's readers), never trusted. One name for it, so the rest of the code says what
it reads rather than `Any`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

JsonObject = dict[str, Any]  # a JSON object as json.loads gives it, or as it is written
JsonMapping = Mapping[str, Any]  # one only read
