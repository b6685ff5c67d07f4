"""The scorecard cell by cell: what each cell shows (a key that changes whenever its pixels
do), so that the card's layer, and the window under it, are drawn again only where a cell
changed. A roll's landing changes the previews of one column; a score, two columns (the one
in play moves on) and the win chances under the names; a hold, nothing on the card. Drawing
the whole card anew for any of them cost 6 ms at 4K (75 texts).

A cell is drawn again with everything that reaches into it, clipped to it (see
`ScorecardView.draw`): the card is the same, pixel for pixel, as drawn whole.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

import pygame

from game.rules import Category, GameState

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping

    from game.rules.scorecard import Scorecard
    from game.ui.advice_view import Advice

# px a cell's drawing may reach past it: the focus outline (1 px), the column in play's
# outline where column edges round apart (1 px)
MARGIN = 2

Cells = dict[str, tuple[pygame.Rect, object]]  # a cell's name: its rectangle, what it shows


class CardArgs(NamedTuple):
    """What ScorecardView.draw is given, as ScorecardView.prepare is told of it ahead."""

    state: GameState
    colours: list[tuple[int, int, int]]
    previews: dict[Category, int] | None
    focus: Category | None
    active: int | None
    advice: Advice | None
    tags: tuple[str, ...]


def upper_pace(card: Scorecard) -> int:
    """Points ahead (+) or behind (-) of par in the filled upper boxes: par is the card's
    threshold shared by face (three of each face for a bonus at 63)."""
    rules = card.card
    filled = [c for c in rules.upper if card[c] is not None]
    par = rules.bonus_threshold * sum(c.face for c in filled) / 21
    return sum(card[c] or 0 for c in filled) - round(par)


def card_cells(
    cell: Callable[[int, int], pygame.Rect],
    corner: pygame.Rect,
    rows: tuple[str | Category, ...],
    state: GameState,
    colours: list[tuple[int, int, int]],
    previews: Mapping[Category, int] | None,
    focus: Category | None,
    active: int | None,
    advice: Advice | None,
    tags: tuple[str, ...],
) -> Cells:
    """Each cell of the card on screen (`cell(row, column)`; `corner`: where the advice's
    legend goes) with what it shows, as drawn by ScorecardView with these arguments
    (`advice`: None unless it is shown)."""
    cells: Cells = {}
    if advice is not None and active is not None:
        cells["corner"] = (corner, ("corner", advice.best_words))
    for c, card in enumerate(state.cards):
        on = c == active
        column = (colours[c], on)  # the column in play is tinted and outlined whole
        cells[f"head {c}"] = (cell(0, c), (column, state.config.column_name(c), tags[c]))
        forced = card.next_open if on and state.config.forced_order else None
        for r, kind in enumerate(rows):
            if kind == "header":
                continue
            shows: object
            if isinstance(kind, Category):
                value = card[kind]
                preview = None
                if on and value is None and previews is not None:
                    preview = previews.get(kind)
                figure = None
                if on and advice is not None and kind in advice.values:
                    top = (kind == advice.best_box, kind == advice.top_box)
                    figure = (f"{advice.values[kind]:.0f}", top)
                shows = (value, preview, figure, on and kind is focus, kind is forced)
            elif kind == "upper":
                shows = (card.upper_total, upper_pace(card))
            elif kind == "bonus":
                open_upper = any(card[x] is None for x in card.card.upper)
                shows = (card.upper_bonus, card.upper_total, open_upper)
            elif kind == "chips":
                shows = card.bonus_chips
            elif kind == "total":
                shows = card.total
            else:  # the team's total
                team = next(i for i, cols in enumerate(state.config.competitors) if c in cols)
                shows = state.totals()[team]
            cells[f"{kind} {c}"] = (cell(r, c), (column, advice is not None, shows))
    return cells


def changed(before: Cells, now: Cells) -> list[pygame.Rect]:
    """The rectangles (with the margin a cell's drawing reaches) of the cells that changed,
    came or went."""
    rects = []
    for name in before.keys() | now.keys():
        old, new = before.get(name), now.get(name)
        if old != new:
            rects += [cell[0].inflate(2 * MARGIN, 2 * MARGIN) for cell in (old, new) if cell]
    return rects


def near(cell: pygame.Rect, surface: pygame.Surface) -> bool:
    """Whether what is drawn for `cell` may reach into the surface's clip: a text centred
    in it may overrun it (a figure in its shortest form), never by half of it each way."""
    return cell.inflate(cell.width, cell.height).colliderect(surface.get_clip())
