"""The scorecard's next change drawn ahead, between frames: a roll's previews, known when the
dice are thrown (the rules decided them) but shown only when they land, and a CPU's score or
roll, known while its pause runs. Cells are told apart by what they show
(game.ui.scorecard_cells): the same cells made anew for a new state are the same pixels.

The card's layer has a spare of its size. In the time a frame left (App.between_frames),
the spare is made the layer as the change will leave it: where it is not the layer's pixels
(`stale`) copied from the layer, then the change's areas drawn on it exactly as the layer's
would be (each cleared and drawn with all that reaches into it, clipped to it:
game.ui.scorecard_view), a piece (a band of PIECE_PX) at a time, none begun once the time
is up. The frame that shows the change swaps them (`take`): the spare is the layer from
then on, the layer the spare, not the layer's pixels only in the change's areas. That frame
copies and draws nothing on the card's layer (at 4K the copy was 1-2 ms, the drawing 2-5).

It is taken only when the layer shows what it showed when the change was drawn, the cells
wanted are those drawn ahead, all of it is drawn and the spare is whole; else the frame
draws the change itself, as it does when no time was left between frames.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.ui.frame import bands
from game.ui.scorecard_cells import Cells

DrawLayer = Callable[[pygame.Surface, list[pygame.Rect]], None]  # (layer, areas) -> drawn
PIECE_PX = 500_000  # pixels of the layer drawn or copied at most in a piece (~1 ms at 4K)
STALE_MOST = 16  # areas where the spare is stale kept apart; more are kept as their union


@dataclass
class _Change:
    """A change drawn ahead: the layer's cells it is drawn from, the cells drawn, the areas
    changed, the pieces they are drawn in, how, and how many of those are drawn."""

    shown: Cells
    coming: Cells
    areas: list[pygame.Rect]
    pieces: list[pygame.Rect]
    draw: DrawLayer
    drawn: int = 0

    def is_of(self, shown: Cells, coming: Cells) -> bool:
        return self.shown == shown and self.coming == coming


class LayerAhead:
    """A spare layer made the card's next look between frames, a piece at a time, and
    swapped with the layer in the frame that shows it."""

    def __init__(self) -> None:
        self._spare: pygame.Surface | None = None
        self._stale: list[pygame.Rect] = []  # where the spare is not the layer's pixels
        self._change: _Change | None = None

    def fit(self, layer: pygame.Surface) -> pygame.Surface:
        """The spare, the size of `layer` (made when the layer is, in the frame of a new
        layout: at 4K a card's layer is 10 MB, 2 to 3 ms to make)."""
        if self._spare is None or self._spare.get_size() != layer.get_size():
            self._spare = pygame.Surface(layer.get_size(), pygame.SRCALPHA)
            self._stale, self._change = [layer.get_rect()], None
        return self._spare

    def drawn(self, areas: list[pygame.Rect]) -> None:
        """The frame drew the layer itself in `areas`: the spare is stale there, and the
        change drawn ahead, if any, is of a layer gone."""
        self._drop()
        self._add_stale(areas)

    def want(
        self, shown: Cells, coming: Cells, areas: Callable[[], list[pygame.Rect]], draw: DrawLayer
    ) -> None:
        """The change from the `shown` cells (the layer's) to the `coming` ones is the one
        to draw ahead: its `areas` and its pieces made once per change, drawn by `draw`.
        Where it is drawn, the spare need not be made the layer's first."""
        if self._change is not None and not self._change.is_of(shown, coming):
            self._drop()
        if self._change is None and coming != shown:
            changed = areas()
            self._stale = [s for s in self._stale if not any(a.contains(s) for a in changed)]
            split = [p for a in changed for p in pieces(a)]
            self._change = _Change(shown, coming, changed, split, draw)

    def work(self, layer: pygame.Surface, until: float) -> None:
        """Until perf_counter() reaches `until`, a piece at a time: the spare made `layer`
        where it is stale, then the change wanted drawn on it."""
        spare, change = self.fit(layer), self._change
        while time.perf_counter() < until:
            if self._stale:
                first, *rest = pieces(self._stale.pop(0))
                self._stale[:0] = rest
                spare.fill((0, 0, 0, 0), first)
                # Added onto the cleared area: each byte copied as it is (blending would not).
                spare.blit(layer, first, first, special_flags=pygame.BLEND_RGBA_ADD)
            elif change is not None and change.drawn < len(change.pieces):
                change.draw(spare, [change.pieces[change.drawn]])
                change.drawn += 1
            else:
                return

    def take(self, layer: pygame.Surface, shown: Cells, coming: Cells) -> pygame.Surface | None:
        """The card's layer from now on, if the spare is `layer` changed from the `shown`
        cells to the `coming` ones (`layer` is the spare then); None if not (the frame
        draws the change on `layer` itself). The change is used up either way."""
        change, spare = self._change, self._spare
        if (
            change is None
            or spare is None
            or self._stale
            or change.drawn < len(change.pieces)
            or not change.is_of(shown, coming)
        ):
            self._drop()
            return None
        self._change, self._spare, self._stale = None, layer, list(change.areas)
        return spare

    def _drop(self) -> None:
        """The change drawn ahead will not be taken: where it is drawn, the spare is stale."""
        if self._change is not None:
            self._add_stale(self._change.areas)
            self._change = None

    def _add_stale(self, areas: list[pygame.Rect]) -> None:
        """The spare is stale in `areas` too (an area within another is kept once)."""
        stale = self._stale
        for area in areas:
            if not any(kept.contains(area) for kept in stale):
                stale = [kept for kept in stale if not area.contains(kept)] + [area.copy()]
        self._stale = stale if len(stale) <= STALE_MOST else [stale[0].unionall(stale[1:])]


def pieces(area: pygame.Rect) -> list[pygame.Rect]:
    """`area` in bands of whole rows of PIECE_PX pixels at most, top to bottom. Each band
    is cleared and drawn with all that reaches into it, clipped to it, as any area of the
    layer is: drawn in any frames, the bands are the pixels of the area drawn at once (at
    4K a card's two columns are 1.2 M pixels, 2 ms; each band costs 0.2 ms more)."""
    return bands(area, PIECE_PX)
