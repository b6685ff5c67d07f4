"""The scorecard's next change drawn ahead: a roll's previews, known when the dice are thrown
(the rules decided them) but shown only when they land, are drawn into a spare layer while
the dice fly, and the landing's frame copies those cells into the card's layer rather than
drawing them (at 4K, 2 ms of the landing's frame). Cells are told apart by what they show
(game.ui.scorecard_cells): the same cells made anew for a new state are the same pixels.

The spare is drawn exactly as the layer would be (each changed area cleared and drawn with
all that reaches into it, clipped to it: game.ui.scorecard_view), so a copy of the area is
the same pixels; it is taken only when the layer shows what it showed when the spare was
drawn and the cells wanted are those drawn ahead, else the frame draws them itself. Drawn
in the frames of a CPU's pause (quiet ones), it is drawn a piece a call (a band of an
area), so that they share it out: the whole change at once was 1-2 ms at 720p and 2-5 ms at
4K, a slow frame of its own. A throw's previews are drawn all at once, in one frame: its
frames are busy, and at 4K the pieces in several of them made more slow frames than one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.ui.scorecard_cells import Cells

DrawLayer = Callable[[pygame.Surface, list[pygame.Rect]], None]  # (layer, areas) -> drawn
PIECE_PX = 500_000  # pixels of the layer drawn ahead at most at a call (about 1 ms at 4K)


@dataclass
class _Change:
    """A change drawn ahead: the layer's cells it is drawn from, the cells drawn, the areas
    changed, the pieces they are drawn in and how many of those are drawn."""

    shown: Cells
    coming: Cells
    areas: list[pygame.Rect]
    pieces: list[pygame.Rect]
    drawn: int = 0

    def is_of(self, shown: Cells, coming: Cells) -> bool:
        return self.shown == shown and self.coming == coming


class LayerAhead:
    """A spare layer with the cells of the card's next change drawn ahead, a piece at a
    time."""

    def __init__(self) -> None:
        self._spare: pygame.Surface | None = None
        self._change: _Change | None = None

    def prepare(
        self, layer: pygame.Surface, shown: Cells, coming: Cells,
        areas: Callable[[], list[pygame.Rect]], draw: DrawLayer, in_pieces: bool = False,
    ) -> None:  # fmt: skip
        """The change from the `shown` cells to the `coming` ones, drawn on the spare: all
        at once (once per change), or `in_pieces`, one piece of its areas a call (see
        `pieces`) until all are. The change is `take`n only once all is drawn."""
        change = self._change
        if coming == shown:
            return
        if change is None or not change.is_of(shown, coming):
            changed = areas()
            split = [p for a in changed for p in pieces(a)] if in_pieces else changed
            change = self._change = _Change(shown, coming, changed, split)
        to_draw = change.pieces[change.drawn : change.drawn + 1 if in_pieces else None]
        if to_draw:
            draw(self.fit(layer), to_draw)
            change.drawn += len(to_draw)

    def fit(self, layer: pygame.Surface) -> pygame.Surface:
        """The spare, the size of `layer` (made when the layer is: at 4K a card's layer is
        10 MB, 2 to 3 ms to make)."""
        if self._spare is None or self._spare.get_size() != layer.get_size():
            self._spare = pygame.Surface(layer.get_size(), pygame.SRCALPHA)
        return self._spare

    def take(self, layer: pygame.Surface, shown: Cells, coming: Cells) -> bool:
        """Copy the change drawn ahead into `layer`, if it is the change from the `shown`
        cells to the `coming` ones (True); it is used up either way."""
        change, self._change = self._change, None
        spare = self._spare
        if change is None or spare is None or not change.is_of(shown, coming):
            return False
        if change.drawn < len(change.pieces):
            return False  # not all drawn yet: the frame draws the change itself
        if spare.get_size() != layer.get_size():
            return False
        for area in change.areas:
            layer.fill((0, 0, 0, 0), area)
            # Added onto the cleared area: each byte copied as it is (blending would not).
            layer.blit(spare, area, area, special_flags=pygame.BLEND_RGBA_ADD)
        return True


def pieces(area: pygame.Rect) -> list[pygame.Rect]:
    """`area` in bands of whole rows of PIECE_PX pixels at most, top to bottom. Each band
    is cleared and drawn with all that reaches into it, clipped to it, as any area of the
    layer is: drawn in any frames, the bands are the pixels of the area drawn at once (at
    4K a card's two columns are 1.2 M pixels, 2 ms; each band costs 0.2 ms more)."""
    count = max(1, -(-area.width * area.height // PIECE_PX))
    tops = [area.top + area.height * k // count for k in range(count + 1)]
    return [
        pygame.Rect(area.left, top, area.width, bottom - top)
        for top, bottom in zip(tops, tops[1:], strict=False)
    ]
