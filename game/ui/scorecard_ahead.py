"""The scorecard's next change drawn ahead, between frames: a roll's previews, known when the
dice are thrown (the rules decided them) but shown only when they land, and a CPU's score or
roll, known while its pause runs. Cells are told apart by what they show
(game.ui.scorecard_cells): the same cells made anew for a new state are the same pixels.

The card's layer and its opaque core (what the frames copy onto the window where the card
is opaque: game.ui.scorecard_view) have a spare each. In the time a frame left
(App.between_frames), the spares are made the layer and the core as the change will leave
them: where they are not their pixels (`stale`) copied from them, then the change's areas
drawn on the spare layer exactly as the layer's would be (each cleared and drawn with all
that reaches into it, clipped to it: game.ui.scorecard_view) and laid in the spare core,
a piece (a band of PIECE_PX) at a time, none begun once the time is up. The frame that
shows the change swaps them (`take`): the spares are the layer and the core from then on,
those the spares, not their pixels only in the change's areas. That frame draws and
copies nothing on the card's surfaces (at 4K the drawing was 2-5 ms, the copy 1-2).

It is taken only when the layer shows what it showed when the change was drawn, the cells
wanted are those drawn ahead, all of it is drawn and the spares are whole; else the frame
draws the change itself, as it does when no time was left between frames.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

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


class Card(NamedTuple):
    """The card's surfaces: the layer it is drawn on, and its opaque core (the layer laid
    on anything: its pixels where the card is opaque)."""

    layer: pygame.Surface
    core: pygame.Surface


class LayerAhead:
    """Spares of the card's layer and core made the card's next look between frames, a piece
    at a time, and swapped with them in the frame that shows it."""

    def __init__(self) -> None:
        self._spare: Card | None = None
        self._stale: list[pygame.Rect] = []  # where a spare is not its surface's pixels
        self._change: _Change | None = None

    def fit(self, card: Card) -> Card:
        """The spares, the size of `card`'s (made when the card's are, in the frame of a new
        layout: at 4K a card's layer is 10 MB, 2 to 3 ms to make)."""
        if self._spare is None or self._spare.layer.get_size() != card.layer.get_size():
            size = card.layer.get_size()
            self._spare = Card(
                pygame.Surface(size, pygame.SRCALPHA), pygame.Surface(size, 0, card.core)
            )
            self._stale, self._change = [card.layer.get_rect()], None
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

    def work(self, card: Card, until: float) -> None:
        """Until perf_counter() reaches `until`, a piece at a time: the spares made `card`'s
        layer and core where they are stale, then the change wanted drawn on the spare
        layer and laid in the spare core."""
        spare, change = self.fit(card), self._change
        while time.perf_counter() < until:
            if self._stale:
                first, *rest = pieces(self._stale.pop(0))
                self._stale[:0] = rest
                spare.layer.fill((0, 0, 0, 0), first)
                # Added onto the cleared area: each byte copied as it is (blending would not).
                spare.layer.blit(card.layer, first, first, special_flags=pygame.BLEND_RGBA_ADD)
                spare.core.blit(card.core, first, first)  # (opaque: a copy)
            elif change is not None and change.drawn < len(change.pieces):
                piece = change.pieces[change.drawn]
                change.draw(spare.layer, [piece])
                lay(spare, [piece])
                change.drawn += 1
            else:
                return

    def take(self, card: Card, shown: Cells, coming: Cells) -> Card | None:
        """The card's surfaces from now on, if the spares are `card`'s changed from the
        `shown` cells to the `coming` ones (`card`'s are the spares then); None if not (the
        frame draws the change on `card` itself). The change is used up either way."""
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
        self._change, self._spare, self._stale = None, card, list(change.areas)
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


def lay(card: Card, areas: list[pygame.Rect]) -> None:
    """The card's layer laid in its core in `areas`: where the card is opaque, the core's
    pixels are the layer's then (elsewhere they are never shown)."""
    for area in areas:
        card.core.blit(card.layer, area, area)


def pieces(area: pygame.Rect) -> list[pygame.Rect]:
    """`area` in bands of whole rows of PIECE_PX pixels at most, top to bottom. Each band
    is cleared and drawn with all that reaches into it, clipped to it, as any area of the
    layer is: drawn in any frames, the bands are the pixels of the area drawn at once (at
    4K a card's two columns are 1.2 M pixels, 2 ms; each band costs 0.2 ms more)."""
    return bands(area, PIECE_PX)
