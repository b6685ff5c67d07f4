"""What the table laid out or drew ahead, kept for the last few things it was asked for
(game.scenes.table.parts: the message line, the notes, a button drawn on the felt)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

import pygame

T = TypeVar("T")


class Laid(Generic[T]):
    """What was laid out for the last few keys, the latest last (keys are compared, not
    hashed: a layout's rectangles are not hashable)."""

    def __init__(self, most: int) -> None:
        self._most = most
        self._pairs: list[tuple[tuple[object, ...], T]] = []

    def __bool__(self) -> bool:
        return bool(self._pairs)

    def kept(self, key: tuple[object, ...]) -> T | None:
        """The value laid out for `key`, if any."""
        return next((value for was, value in self._pairs if was == key), None)

    def get(self, key: tuple[object, ...], make: Callable[[], T]) -> T:
        """The value laid out for `key`, or `make()` kept for it."""
        pairs = self._pairs
        if pairs and pairs[-1][0] == key:
            return pairs[-1][1]
        found = [value for was, value in pairs if was == key]
        value = found[0] if found else make()
        self._pairs = [*(pair for pair in pairs if pair[0] != key), (key, value)][-self._most :]
        return value


def same_kind(image: pygame.Surface, surface: pygame.Surface) -> bool:
    """Whether what is drawn on `image` is what would be drawn on `surface` there: the same
    size and pixel format, per-pixel alpha or not (a window has flags of its own besides)."""
    alpha = pygame.SRCALPHA
    shape = (image.get_size(), image.get_bitsize(), image.get_masks())
    return shape == (surface.get_size(), surface.get_bitsize(), surface.get_masks()) and (
        image.get_flags() & alpha == surface.get_flags() & alpha
    )
