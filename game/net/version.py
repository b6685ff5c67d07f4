"""The game's version, as the handshake tells it (a player reads it when versions differ)."""

from __future__ import annotations

import functools
import importlib.metadata

UNKNOWN = "?"


@functools.cache
def game_version() -> str:
    try:
        return importlib.metadata.version("yahtzee-table")[:32]
    except importlib.metadata.PackageNotFoundError:  # a bundle without the metadata
        return UNKNOWN
