"""Where the table's parts go for a window size: landscape puts the scorecard on the right,
a tall window puts it below the dice. Pure geometry over pygame.Rect; computed on resize,
never in draw."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

import pygame

from game.ui.cup_view import TOP_WIDTH
from game.ui.units import share_widths

BUTTON_NAMES = ("roll", "hint", "undo", "menu")
BUTTON_SHARES = {"roll": 2.2, "hint": 1.0, "undo": 1.0, "menu": 1.0}  # of the row, as room allows


@dataclass(frozen=True)
class TableLayout:
    size: tuple[int, int]
    unit: float  # px per design unit: text and strokes scale with it
    message: pygame.Rect  # the line that says what happened
    tray: pygame.Rect  # the felt where dice land
    cup: tuple[float, float]  # cup centre
    cup_height: float
    die_size: float
    roll_slots: tuple[tuple[float, float], ...]  # die centres when in play
    hold_slots: tuple[tuple[float, float], ...]  # die centres when held
    hold_strip: pygame.Rect
    buttons: dict[str, pygame.Rect]
    card: pygame.Rect  # the scorecard panel
    portrait: bool

    @property
    def cup_rect(self) -> pygame.Rect:
        """The upright cup's box: a click there rolls, as the Roll button does."""
        rect = pygame.Rect(0, 0, round(self.cup_height * TOP_WIDTH), round(self.cup_height))
        rect.center = (round(self.cup[0]), round(self.cup[1]))
        return rect


def table_layout(
    size: tuple[int, int],
    columns: int,
    needs: Callable[[int, int], Mapping[str, int]] | None = None,
) -> TableLayout:
    """The table's parts for a window of `size` and a card of `columns` score columns.
    `needs(button_height, room)` says how wide each button must be for its label, when
    the buttons share `room` px."""
    w, h = max(1, size[0]), max(1, size[1])
    portrait = h > w * 1.05
    unit = max(0.5, min(w / 800, h / 1280) if portrait else min(w / 1280, h / 800))
    margin = round(12 * unit)
    message_h = round(40 * unit)
    message = pygame.Rect(margin, margin, w - 2 * margin, message_h)
    top = message.bottom + margin // 2
    if portrait:
        card_h = round((h - top) * 0.5)
        card = pygame.Rect(margin, h - margin - card_h, w - 2 * margin, card_h)
        play = pygame.Rect(margin, top, w - 2 * margin, card.top - top - margin)
    else:
        # The card needs a label column plus one per scorecard; give it what it needs.
        share = min(0.62, 0.34 + 0.035 * max(0, columns - 1))
        card_w = round(w * share)
        card = pygame.Rect(w - margin - card_w, top, card_w, h - top - margin)
        play = pygame.Rect(margin, top, card.left - 2 * margin, h - top - margin)
    button_h = round(min(56 * unit, play.height * 0.12))
    buttons_row = pygame.Rect(play.left, play.bottom - button_h, play.width, button_h)
    tray = pygame.Rect(play.left, play.top, play.width, buttons_row.top - play.top - margin)
    die = min(tray.width / 8.4, tray.height / 3.6)
    cup_h = die * 1.7
    cup = (tray.left + die * 0.95, tray.top + tray.height * 0.42)
    first_x = cup[0] + die * 1.9
    step = (tray.right - die * 0.8 - first_x) / 4
    step = min(step, die * 1.45)
    row_y = tray.top + tray.height * 0.4
    hold_y = tray.bottom - die * 0.85
    xs = [first_x + step * i for i in range(5)]
    hold_strip = pygame.Rect(0, 0, round(step * 4 + die * 1.35), round(die * 1.3))
    hold_strip.center = (round((xs[0] + xs[-1]) / 2), round(hold_y))
    gap = margin
    avail = buttons_row.width - gap * (len(BUTTON_NAMES) - 1)
    wanted = needs(button_h, avail) if needs else {}
    if sum(wanted.values()) > avail:  # long labels in a narrow window: closer together
        gap = max(3, margin // 2)
        avail = buttons_row.width - gap * (len(BUTTON_NAMES) - 1)
        wanted = needs(button_h, avail) if needs else {}
    widths = share_widths(avail, BUTTON_SHARES, wanted)
    x = buttons_row.left
    buttons = {}
    for name in BUTTON_NAMES:
        buttons[name] = pygame.Rect(x, buttons_row.top, widths[name], buttons_row.height)
        x += widths[name] + gap
    return TableLayout(
        size=(w, h),
        unit=unit,
        message=message,
        tray=tray,
        cup=cup,
        cup_height=cup_h,
        die_size=die,
        roll_slots=tuple((x, row_y) for x in xs),
        hold_slots=tuple((x, hold_y) for x in xs),
        hold_strip=hold_strip,
        buttons=buttons,
        card=card,
        portrait=portrait,
    )
