"""The review's win part: every competitor's chance to win round by round (the shown player's
line in front, the others behind in their colours) and the shown player's decision that cost
the most chance to win. Laid out when given no surface, as the rest of the page."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.ai.coach.reasons import describe
from game.ai.coach.win_review import WinCost
from game.i18n import _, format_percent, ngettext
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


def moment_phrase(turn: int, rolls_left: int) -> str:
    """'turn 7, 2 rolls left' / 'turn 13, after the last roll', inside a sentence."""
    if rolls_left == 0:
        return _("turn {turn}, after the last roll").format(turn=turn)
    return ngettext(
        "turn {turn}, {count} roll left", "turn {turn}, {count} rolls left", rolls_left
    ).format(turn=turn, count=rolls_left)


def cost_sentence(cost: WinCost | None, match: bool = False) -> str:
    """'Costliest for winning: turn 7, 2 rolls left: keep 2-5 gave a 31% chance to win;
    keep 2-2-2, 38%.'"""
    if cost is None:
        if match:
            return _("No decision cost any chance to win the match.")
        return _("No decision cost any chance to win.")
    if match:
        # Translators: {moment} is as "turn 7, 2 rolls left"; {chosen} and {best} are moves
        # as the coach says them ("keep 2-5"); {chance} and {best_chance} are percentages.
        text = _(
            "Costliest for winning: {moment}: {chosen} gave a {chance} chance to win the "
            "match; {best}, {best_chance}."
        )
    else:
        # Translators: as the line before, for a single game.
        text = _(
            "Costliest for winning: {moment}: {chosen} gave a {chance} chance to win; {best}, "
            "{best_chance}."
        )
    return text.format(
        moment=moment_phrase(cost.turn, cost.rolls_left),
        chosen=describe(cost.chosen),
        chance=format_percent(cost.chance_chosen),
        best=describe(cost.best),
        best_chance=format_percent(cost.chance_best),
    )


def paint_win_part(
    pen: PageWriter, rects: dict[str, pygame.Rect], win: WinSection, y: int, width: int
) -> int:
    page, theme, line = pen.surface, pen.theme, pen.line
    if page is not None:
        if win.match:
            # TRANSLATORS: a round: every player has taken one turn.
            title = _("Chance to win the match, round by round")
        else:
            title = _("Chance to win, round by round")
        pen.text(title, (0, y), bold=True)
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
        labels = [str(i + 1) for i in range(len(mine) - 1)] + [_("end")]
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
