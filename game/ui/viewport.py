"""The window and the canvas the scenes draw on.

Scenes are laid out for windows of at least `MIN_CANVAS` (640x480). A window manager may
still make the window smaller than the minimum size the game asks for. Then the scenes draw
on a canvas of the window's shape that is large enough, and the canvas is scaled down into
the window (letterboxed only when the window's shape is extreme). Pointer positions are
mapped back to the canvas, so a click lands on what it shows. At or above the minimum the
canvas is the window itself and nothing is copied.

    view = Viewport.for_window((500, 300))
    view.canvas_size            # (800, 480): what the scenes lay out for
    view.to_canvas((250, 150))  # (400, 240): where the pointer is on the canvas
"""

from __future__ import annotations

import math
from dataclasses import dataclass

MIN_CANVAS = (640, 480)  # px: the smallest size the scenes are laid out for
MAX_CANVAS = 7680  # px: no side of the canvas is longer (the largest window size there is)


@dataclass(frozen=True)
class Viewport:
    window: tuple[int, int]  # the window's size in px
    canvas_size: tuple[int, int]  # the size the scenes see
    scale: float  # window px per canvas px (1: the canvas is the window)
    offset: tuple[int, int]  # where the scaled canvas's top-left corner is in the window

    @classmethod
    def for_window(cls, window: tuple[int, int]) -> Viewport:
        w, h = max(1, int(window[0])), max(1, int(window[1]))
        grow = max(MIN_CANVAS[0] / w, MIN_CANVAS[1] / h)
        if grow <= 1:
            return cls((w, h), (w, h), 1.0, (0, 0))
        canvas = (min(MAX_CANVAS, math.ceil(w * grow)), min(MAX_CANVAS, math.ceil(h * grow)))
        canvas = (max(MIN_CANVAS[0], canvas[0]), max(MIN_CANVAS[1], canvas[1]))
        scale = min(w / canvas[0], h / canvas[1])
        shown = (round(canvas[0] * scale), round(canvas[1] * scale))
        return cls((w, h), canvas, scale, ((w - shown[0]) // 2, (h - shown[1]) // 2))

    @property
    def scaled(self) -> bool:
        """True when the canvas is not the window (the window is under the minimum)."""
        return self.scale != 1.0

    @property
    def shown_size(self) -> tuple[int, int]:
        """The canvas's size once scaled into the window."""
        return (
            max(1, round(self.canvas_size[0] * self.scale)),
            max(1, round(self.canvas_size[1] * self.scale)),
        )

    def to_canvas(self, pos: tuple[int, int]) -> tuple[int, int]:
        """A point in the window as a point on the canvas."""
        if not self.scaled:
            return (int(pos[0]), int(pos[1]))
        return (
            int((pos[0] - self.offset[0]) / self.scale),
            int((pos[1] - self.offset[1]) / self.scale),
        )

    def to_canvas_motion(self, rel: tuple[int, int]) -> tuple[int, int]:
        """A movement in the window as a movement on the canvas."""
        if not self.scaled:
            return (int(rel[0]), int(rel[1]))
        return (round(rel[0] / self.scale), round(rel[1] / self.scale))
