"""The coach's advice on the card: what the figures are (`Advice`) and how they are drawn.

Each open box of the column in play shows the expected final total if it were scored now.
The box is green only when scoring it is the best move of all (the hint's move); when a keep
is better, the best box to score is in bold instead. A legend in the card's corner names
the figures and the best move.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import pygame

from game.i18n import N_, _, translate
from game.rules import Category, Score
from game.ui.fonts import Fonts
from game.ui.text import blit_text, ellipsize
from game.ui.theme import Theme

# Translators: the legend of the coach's figures on the card, two short lines in a corner:
# each open box shows the expected final total if it were scored now.
LEGEND = (N_("If scored now:"), N_("final total"))


@dataclass(frozen=True)
class Advice:
    """The expected final total if each open box were scored now, and the best move overall
    (which may be a keep: then no box is "best")."""

    values: Mapping[Category, float]
    best_move: object  # the best choice of all (game.ai's Keep or the rules' Score)
    best_words: str  # the best move as the hint says it ("keep 6-6")

    @property
    def best_box(self) -> Category | None:
        """The box to score if scoring is the best move now, else None."""
        return self.best_move.category if isinstance(self.best_move, Score) else None

    @property
    def top_box(self) -> Category | None:
        """The box worth most if one must be scored now."""
        values = self.values
        return max(values, key=lambda box: values[box]) if values else None


def draw_advice(
    surface: pygame.Surface,
    fonts: Fonts,
    theme: Theme,
    advice: Advice,
    boxes: Mapping[Category, pygame.Rect],
    corner: pygame.Rect,
    px: float,
) -> None:
    """The figures at the right of their `boxes`, `px` high on screen; the legend in `corner`
    (as many of its lines as fit, at the same size)."""
    for category, value in advice.values.items():
        cell = boxes[category]
        best, top = category == advice.best_box, category == advice.top_box
        ink = theme.good if best else theme.text if top else theme.text_dim
        at = (cell.right - 6, cell.centery)
        blit_text(surface, fonts.get_px(px, bold=top), f"{value:.0f}", ink, midright=at)
    # Translators: {move} is the coach's best move, as the hint words it ("keep 6-6").
    lines = [
        *(translate(line) for line in LEGEND),
        _("Best: {move}").format(move=advice.best_words),
    ]
    font = fonts.get_px(px)
    step = font.get_linesize()
    room = max(1, int(corner.height // step))
    y = corner.top + (corner.height - step * min(room, len(lines))) // 2
    for line in lines[:room]:
        shown = ellipsize(font, line, corner.width)
        blit_text(surface, font, shown, theme.text_dim, topleft=(corner.left, y))
        y += step
