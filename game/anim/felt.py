"""The felt thrown dice land on, in die sizes, and dice laid apart on it.

A screen knows what a die resting somewhere draws (its sides in perspective, its shadow): it
gives that as a `Box`. `spread` moves dice the least way so no two drawn boxes meet, and keeps
each on the felt. Pure math: no pygame.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from game.anim import orientation as ori
from game.anim.orientation import Quat

SPREAD_ROUNDS = 200  # pushes tried before the throw is made again
SQUARE_ENOUGH = math.radians(0.5)  # a die in the way is turned no squarer than this

# What a die resting at (x, y) turned so draws: (left, top, right, bottom), in die sizes.
Box = Callable[[float, float, Quat], tuple[float, float, float, float]]


@dataclass(frozen=True)
class Area:
    """The felt where thrown dice may come to rest, in die sizes."""

    width: float
    height: float

    def __post_init__(self) -> None:
        if self.width < 2.0 or self.height < 1.5:
            raise ValueError(f"dice need at least 2 x 1.5 die sizes to land in, got {self}")


def spread(
    places: list[tuple[float, float]], turns: list[Quat], area: Area, box: Box
) -> list[tuple[float, float, Quat]] | None:
    """The places moved the least way apart so no two dice's drawn boxes meet, each die
    kept inside the felt, and the turns of dice in the way a little squarer each round (a
    square die's box is the smallest: on a crowded felt that makes the room); None if that
    cannot be found in SPREAD_ROUNDS rounds."""
    at = [list(p) for p in places]
    turned = list(turns)
    for _ in range(SPREAD_ROUNDS):
        boxes = [box(x, y, q) for (x, y), q in zip(at, turned, strict=True)]
        crowded: set[int] = set()
        for i in range(len(at)):
            for j in range(i):
                a, b = boxes[i], boxes[j]
                ox = min(a[2], b[2]) - max(a[0], b[0])
                oy = min(a[3], b[3]) - max(a[1], b[1])
                if ox <= 0.0 or oy <= 0.0:
                    continue
                crowded |= {i, j}
                # Apart along the shorter way, half each (a hair more, so they clear), unless
                # the felt has no room for them apart that way.
                room_x = area.width - _reach(turned[i]) - _reach(turned[j])
                room_y = area.height - _reach(turned[i]) - _reach(turned[j])
                fits_x = abs(at[i][0] - at[j][0]) + ox <= room_x
                fits_y = abs(at[i][1] - at[j][1]) + oy <= room_y
                if (ox <= oy and fits_x) or not fits_y:
                    push = (ox / 2.0 + 1e-3) * (1.0 if at[i][0] >= at[j][0] else -1.0)
                    at[i][0] += push
                    at[j][0] -= push
                else:
                    push = (oy / 2.0 + 1e-3) * (1.0 if at[i][1] >= at[j][1] else -1.0)
                    at[i][1] += push
                    at[j][1] -= push
        for k in crowded:
            angle = ori.heading(turned[k])
            if abs(angle) > SQUARE_ENOUGH:
                turned[k] = ori.normalise(ori.multiply(ori.about(ori.UP, -0.25 * angle), turned[k]))
        for p, q in zip(at, turned, strict=True):  # the die's square stays on the felt
            reach = _reach(q)
            p[0] = min(max(p[0], reach), area.width - reach)
            p[1] = min(max(p[1], reach), area.height - reach)
        if not crowded:
            return [(x, y, q) for (x, y), q in zip(at, turned, strict=True)]
    return _packed(places, turns, area, box)


def _apart(placed: list[tuple[float, float, Quat]], box: Box) -> bool:
    boxes = [box(x, y, q) for x, y, q in placed]
    for i, a in enumerate(boxes):
        for b in boxes[:i]:
            if min(a[2], b[2]) > max(a[0], b[0]) and min(a[3], b[3]) > max(a[1], b[1]):
                return False
    return True


def _packed(
    places: list[tuple[float, float]], turns: list[Quat], area: Area, box: Box
) -> list[tuple[float, float, Quat]] | None:
    """For a felt too crowded to push apart: the dice squared and laid in a zigzag of two
    rows (or one row, on a felt too flat for two), in the order they lay from left to right;
    None if even that does not keep their boxes apart."""
    square = [ori.normalise(ori.multiply(ori.about(ori.UP, -ori.heading(q)), q)) for q in turns]
    # The largest box of a square die anywhere on the felt (more of its sides show the
    # further it lies from the eye).
    width = height = 0.0
    for x in (0.5, area.width / 2.0, area.width - 0.5):
        for y in (0.5, area.height / 2.0, area.height - 0.5):
            left, top, right, bottom = box(x, y, square[0])
            width, height = max(width, (right - left) * 1.02), max(height, (bottom - top) * 1.02)
    order = sorted(range(len(places)), key=lambda k: places[k][0])
    n = len(order)
    rows = (0.5 + 0.02, area.height - 0.5 - 0.02)
    two_rows = rows[1] - rows[0] >= height and n > 1
    step = width / 2.0 if two_rows else width
    span = step * (n - 1)
    centre = sum(x for x, _ in places) / n
    first = min(max(centre - span / 2.0, 0.52), area.width - 0.52 - span)
    placed: list[tuple[float, float, Quat] | None] = [None] * n
    for rank, k in enumerate(order):
        y = rows[rank % 2] if two_rows else min(max(places[k][1], 0.52), area.height - 0.52)
        placed[k] = (first + rank * step, y, square[k])
    result = [p for p in placed if p is not None]
    if first < 0.5 or not _apart(result, box):
        return None
    return result


def _reach(turn: Quat) -> float:
    """Die sizes from a flat die's middle to its square's furthest side, across or down."""
    angle = ori.heading(turn)
    return 0.5 * (abs(math.cos(angle)) + abs(math.sin(angle)))
