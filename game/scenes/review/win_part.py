"""The review's win part: every competitor's chance to win round by round (the shown player's
line in front, the others behind in their colours) and the shown player's decision that cost
the most chance to win. Laid out when given no surface, as the rest of the page."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.ai.reasons import describe
from game.ai.win_review import WinCost
from game.ui.charts import draw_line_chart
from game.ui.page import PageWriter
from game.ui.text import wrap_text

if TYPE_CHECKING:
    from game.ui.theme import Colour

WIN_CHART_LINES = 9  # the chart's height, in lines of text


@dataclass(frozen=True)
class WinSection:
    """What the win part shows for one player."""

    chances: tuple[tuple[float, ...], ...]  # per competitor: round starts, then the result
    colours: tuple[Colour, ...]  # per competitor, its line's ink
    mine: int  # the shown player's competitor
    cost: WinCost | None  # the shown player's costliest decision for winning, if any
    match: bool = False  # the chances are of the match


def cost_sentence(cost: WinCost | None, match: bool = False) -> str:
    """'Turn 7, 2 rolls left: keep 2-5 gave a 31% chance to win; keep 2-2-2, 38%.'"""
    goal = "to win the match" if match else "to win"
    if cost is None:
        return f"No decision cost any chance {goal}."
    left = {0: "after the last roll", 1: "1 roll left"}.get(cost.rolls_left, "2 rolls left")
    return (
        f"Costliest for winning: turn {cost.turn}, {left}: {describe(cost.chosen)} gave a "
        f"{round(100 * cost.chance_chosen)}% chance {goal}; {describe(cost.best)}, "
        f"{round(100 * cost.chance_best)}%."
    )


def paint_win_part(
    pen: PageWriter, rects: dict[str, pygame.Rect], win: WinSection, y: int, width: int
) -> int:
    page, theme, line = pen.surface, pen.theme, pen.line
    if page is not None:
        title = "Chance to win the match" if win.match else "Chance to win"
        pen.text(f"{title}, round by round", (0, y), bold=True)
    y += round(line * 1.3)
    chart = pygame.Rect(0, y, width, line * WIN_CHART_LINES)
    rects["win_chart"] = chart
    if page is not None:
        mine = [100 * c for c in win.chances[win.mine]]
        others = [
            ([100 * c for c in series], win.colours[i])
            for i, series in enumerate(win.chances)
            if i != win.mine
        ]
        labels = [str(i + 1) for i in range(len(mine) - 1)] + ["end"]
        draw_line_chart(
            page,
            chart,
            mine,
            theme,
            pen.fonts.get(pen.px * 0.8),
            colour=win.colours[win.mine],
            x_labels=labels,
            others=others,
            value_range=(0.0, 100.0),
        )
    y = chart.bottom + line // 2
    for text in wrap_text(pen.body, cost_sentence(win.cost, win.match), width):
        if page is not None:
            pen.text(text, (0, y), ink=theme.text if win.cost else theme.text_dim)
        y += line
    rects["win_cost"] = pygame.Rect(0, chart.bottom, width, y - chart.bottom)
    return y + line // 2
