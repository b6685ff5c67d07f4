"""The scorecard's next change drawn ahead: a roll's previews, known when the dice are thrown
(the rules decided them) but shown only when they land, are drawn into a spare layer while
the dice fly, and the landing's frame copies those cells into the card's layer rather than
drawing them (at 4K, 2 ms of the landing's frame). Cells are told apart by what they show
(game.ui.scorecard_cells): the same cells made anew for a new state are the same pixels.

The spare is drawn exactly as the layer would be (each changed area cleared and drawn with
all that reaches into it, clipped to it: game.ui.scorecard_view), so a copy of the area is
the same pixels; it is taken only when the layer shows what it showed when the spare was
drawn and the cells wanted are those drawn ahead, else the frame draws them itself. It is
drawn an area a call (at most four: game.ui.frame.patches), so the frames that draw it
ahead (a throw's, a CPU's pause) share it out: the whole change at once was 1-2 ms, a slow
frame of its own.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.ui.scorecard_cells import Cells

DrawLayer = Callable[[pygame.Surface, list[pygame.Rect]], None]  # (layer, areas) -> drawn


class LayerAhead:
    """A spare layer with the cells of the card's next change drawn ahead, an area at a
    time."""

    def __init__(self) -> None:
        self._spare: pygame.Surface | None = None
        # The layer's cells it is drawn from, the cells drawn, the areas to draw, and how
        # many of them are drawn.
        self._drawn: tuple[Cells, Cells, list[pygame.Rect], int] | None = None

    def prepare(
        self, layer: pygame.Surface, shown: Cells, coming: Cells,
        areas: Callable[[], list[pygame.Rect]], draw: DrawLayer,
    ) -> None:  # fmt: skip
        """Draw the next of the `areas` of the change from the `shown` cells to the
        `coming` ones on the spare: one area a call (each is cleared and drawn whole, so
        drawn in any order and any frames they are the pixels drawn all at once), until
        all are; the change is `take`n only then."""
        drawn = self._drawn
        if coming == shown:
            return
        if drawn is None or drawn[0] != shown or drawn[1] != coming:
            drawn = (shown, coming, areas(), 0)
        changed, done = drawn[2], drawn[3]
        if done < len(changed):
            draw(self.fit(layer), changed[done : done + 1])
            done += 1
        self._drawn = (shown, coming, changed, done)

    def fit(self, layer: pygame.Surface) -> pygame.Surface:
        """The spare, the size of `layer` (made when the layer is: at 4K a card's layer is
        10 MB, 2 to 3 ms to make)."""
        if self._spare is None or self._spare.get_size() != layer.get_size():
            self._spare = pygame.Surface(layer.get_size(), pygame.SRCALPHA)
        return self._spare

    def take(self, layer: pygame.Surface, shown: Cells, coming: Cells) -> bool:
        """Copy the change drawn ahead into `layer`, if it is the change from the `shown`
        cells to the `coming` ones (True); it is used up either way."""
        drawn, self._drawn = self._drawn, None
        spare = self._spare
        if drawn is None or spare is None or drawn[0] != shown or drawn[1] != coming:
            return False
        if drawn[3] < len(drawn[2]):
            return False  # not all drawn yet: the frame draws the change itself
        if spare.get_size() != layer.get_size():
            return False
        for area in drawn[2]:
            layer.fill((0, 0, 0, 0), area)
            # Added onto the cleared area: each byte copied as it is (blending would not).
            layer.blit(spare, area, area, special_flags=pygame.BLEND_RGBA_ADD)
        return True
