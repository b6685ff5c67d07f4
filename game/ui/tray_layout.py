"""Where the dice go on the table, for a table layout: the felt thrown dice land on, the tidy row
(spread so neighbours' drawn boxes keep felt between them), the hold row and a held die's size,
and the cup's mouth. Pure geometry, worked out once per layout, never while drawing; the tray
model (game.anim.tray) takes it as plain numbers (`tray_places`).

A die's drawn box is all it draws lying on the felt: its body seen in perspective from above
the table's middle (its top and whichever sides show) and its soft shadow.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from game.anim import orientation as ori
from game.anim.die import flat_turn
from game.anim.felt import Box
from game.anim.flight import POUR_ANGLE
from game.anim.orientation import Quat
from game.anim.tray import REST_TURN, Felt, TrayPlaces
from game.ui.cup_view import cup_mouth
from game.ui.dice_3d import mesh_for, project
from game.ui.dice_view import SHADOW_OFFSET
from game.ui.die_image import SHADOW_BLUR
from game.ui.layout import TableLayout
from game.ui.raster import Point

ROW_GAP = 2.0  # px of felt at least between the drawn boxes of neighbours in the tidy row
# ...and as much as this share of a die where the tray has the room: a gap that reads as one at
# 640x480 as at 4K (two pixels beside a 40 px die look like dice touching)
ROW_GAP_SHARE = 0.15
FELT_GAP_SHARE = 0.08  # of a die: felt at least between dice lying where they fell
HELD_ROOM = 1.6  # die sizes a held die needs (its ring and padlock, a focus ring and glow)
# to clear its neighbour
MIN_HELD_SCALE = 0.6

Edges = tuple[float, float, float, float]  # left, top, right, bottom


def landing_area(layout: TableLayout) -> pygame.Rect:
    """The felt where thrown dice may come to rest: right of the cup, above the hold row and
    its label, inside the tray (so never under the scorecard)."""
    size = layout.die_size
    tray = layout.tray
    left = round(layout.cup[0] + layout.cup_height * 0.45)
    top = round(tray.top + 0.12 * size)
    right = round(tray.right - 0.12 * size)
    bottom = round(layout.hold_strip.top - 0.45 * size)
    return pygame.Rect(left, top, max(1, right - left), max(1, bottom - top))


def held_scale(layout: TableLayout) -> float:
    """A held die's size, of a free one's: small enough that held neighbours' rings clear."""
    slots = layout.hold_slots
    step = abs(slots[1][0] - slots[0][0])
    return max(MIN_HELD_SCALE, min(1.0, step / (HELD_ROOM * layout.die_size)))


def drawn_box(center: Point, size: float, turn: Quat, view: Point) -> Edges:
    """(left, top, right, bottom) px of all a die lying on the felt draws: its body seen in
    perspective from above `view` (its top and whichever sides show) and its soft shadow
    (which covers the contact shadow), with a pixel for anti-aliasing. A pure function of the
    die's size and pose, read off game.ui.dice_3d's projection and game.ui.dice_view's shadow."""
    screen, _normals, _facing = project(mesh_for(size), center, size, turn, view)
    left, top = screen.min(axis=0)
    right, bottom = screen.max(axis=0)
    angle = ori.heading(turn)
    # The soft shadow: the footprint less 0.3 blur, faded out over one blur, turned with it.
    blur = max(SHADOW_BLUR * size, 1.0)
    half = (size / 2.0 + 0.7 * blur) * (abs(math.cos(angle)) + abs(math.sin(angle)))
    sx, sy = center[0] + SHADOW_OFFSET[0] * size, center[1] + SHADOW_OFFSET[1] * size
    return (
        math.floor(min(left, sx - half)) - 1.0,
        math.floor(min(top, sy - half)) - 1.0,
        math.ceil(max(right, sx + half)) + 1.0,
        math.ceil(max(bottom, sy + half)) + 1.0,
    )


def boxes_apart(a: Edges, b: Edges, gap: float = 1.0) -> bool:
    """Whether two drawn boxes have at least `gap` px of felt between them."""
    return a[2] + gap <= b[0] or b[2] + gap <= a[0] or a[3] + gap <= b[1] or b[3] + gap <= a[1]


def felt_box(area: pygame.Rect, size: float, view: Point) -> Box:
    """The drawn box of a die resting at (x, y) die sizes on the felt `area`, in die sizes,
    half a gap wider all round: two boxes that do not meet have at least FELT_GAP_SHARE of a
    die (and two pixels) of felt between them."""
    pad = max(1.0, FELT_GAP_SHARE * size / 2.0)

    def box(x: float, y: float, turn: Quat) -> Edges:
        centre = (area.left + x * size, area.top + y * size)
        left, top, right, bottom = drawn_box(centre, size, turn, view)
        return (
            (left - pad - area.left) / size,
            (top - pad - area.top) / size,
            (right + pad - area.left) / size,
            (bottom + pad - area.top) / size,
        )

    return box


def row_slots(layout: TableLayout) -> tuple[Point, ...]:
    """Where the dice lie in the tidy row: the layout's row, spread just enough that the drawn
    boxes of neighbours (their sides seen in perspective, their shadows, their slight turn)
    keep ROW_GAP_SHARE of a die of felt between them (less where the tray has no room for
    that, but never under ROW_GAP px), and kept between the cup and the tray's right edge."""
    slots = layout.roll_slots
    y, size, view = slots[0][1], layout.die_size, layout.tray.center
    turn = flat_turn(1, REST_TURN)  # a box's width depends on the size of the turn only
    lo, hi = layout.cup_rect.right + ROW_GAP, layout.tray.right - ROW_GAP

    def box(x: float) -> Edges:
        return drawn_box((x, y), size, turn, view)

    gap = max(ROW_GAP, ROW_GAP_SHARE * size)
    xs = _spread_row(slots, box, gap)
    over = box(xs[-1])[2] - box(xs[0])[0] - (hi - lo)
    if over > 0.0 and len(slots) > 1:  # too wide for the tray: narrower gaps
        xs = _spread_row(slots, box, max(ROW_GAP, gap - over / (len(slots) - 1)))
    # The row centred where the layout has it, moved the least way to keep off the cup and
    # inside the tray (if it cannot, its left end keeps off the cup).
    shift = (slots[0][0] + slots[-1][0]) / 2.0 - (xs[0] + xs[-1]) / 2.0
    shift -= max(0.0, box(xs[-1] + shift)[2] - hi)
    shift += max(0.0, lo - box(xs[0] + shift)[0])
    return tuple((x + shift, y) for x in xs)


def _spread_row(slots: tuple[Point, ...], box: Callable[[float], Edges], gap: float) -> list[float]:
    """Each die the layout's step from the one before, or further if their boxes would come
    closer than `gap` (a die further from the view shows more of its side: a few rounds find
    the place)."""
    step = slots[1][0] - slots[0][0] if len(slots) > 1 else 0.0
    xs = [slots[0][0]]
    for _ in range(len(slots) - 1):
        x = xs[-1] + step
        for _round in range(4):
            short = box(xs[-1])[2] + gap - box(x)[0]
            if short <= 0.0:
                break
            x += short
        xs.append(x)
    return xs


def tray_places(layout: TableLayout) -> TrayPlaces:
    """The places the tray model needs, for this layout."""
    area = landing_area(layout)
    size = layout.die_size
    return TrayPlaces(
        die_size=size,
        felt=Felt(area.left, area.top, area.width, area.height),
        row=row_slots(layout),
        hold=layout.hold_slots,
        held_scale=held_scale(layout),
        mouth=cup_mouth(layout.cup, layout.cup_height, POUR_ANGLE),
        box=felt_box(area, size, layout.tray.center),
    )
