"""Drawing the setup screen from its layout: the panels and their titles, the column heads,
each seat's numbered badge in its colour, the controls, a "profile" badge on a name that
matches a profile, and the status line. Drawing changes nothing."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.i18n import _
from game.rules.config import MAX_PLAYERS
from game.scenes.setup.layout import SetupLayout
from game.scenes.setup.seats import SeatDraft
from game.ui.focus_grid import FocusGrid
from game.ui.fonts import MIN_FONT_PX, Fonts
from game.ui.forms import Cycler, FormButton, TextField
from game.ui.status_line import WARN, draw_status_line
from game.ui.text import fitted_px
from game.ui.theme import Theme
from game.ui.widgets import draw_panel

SetupControl = TextField | Cycler | FormButton  # what the setup's focus grid holds


def draw_setup(
    surface: pygame.Surface,
    layout: SetupLayout,
    theme: Theme,
    fonts: Fonts,
    seats: Sequence[SeatDraft],
    grid: FocusGrid[SetupControl],
    profile_names: Sequence[TextField],
    status: tuple[str, bool],
    pad_names: Sequence[tuple[TextField, str]] = (),
) -> None:
    """Everything over the felt: `grid` holds the placed controls, `profile_names` the name
    fields of the seats that play under a profile, `status` the line's text and whether it
    is an error, `pad_names` the name fields of the seats a pad plays, with the pad's name."""
    for image, rect in layout.texts:
        surface.blit(image, rect)
    for panel in layout.panels:
        draw_panel(surface, theme, panel)
    head = fonts.get(fitted_px(fonts, layout.players_label.height * 0.9), bold=True)
    # Translators: the seats panel's title: how many seats of the most the table has.
    title = _("Players  {count}/{most}").format(count=len(seats), most=MAX_PLAYERS)
    label = head.render(title, True, theme.text)
    surface.blit(label, label.get_rect(bottomleft=layout.players_label.bottomleft))
    # Column titles sit right of the panel title when they would collide with it.
    for image, rect in layout.column_heads:
        if rect.left > layout.players_label.left + label.get_width() + 8:
            surface.blit(image, rect)
    rules = head.render(_("Rules of the match"), True, theme.text)
    surface.blit(rules, rules.get_rect(bottomleft=layout.rules_label.bottomleft))
    for i, (rect, seat) in enumerate(zip(layout.seat_rows, seats, strict=True)):
        _draw_badge(surface, theme, fonts, rect, i, seat.colour)
    grid.draw(surface, theme, fonts)
    for field in profile_names:
        _draw_profile_badge(surface, theme, fonts, field)
    for field, pad_label in pad_names:
        _draw_pad_badge(surface, theme, fonts, field, pad_label)
    text, is_error = status
    level = WARN if is_error else ""
    floor = fonts.get_px(MIN_FONT_PX)
    draw_status_line(surface, theme, layout.status_font, layout.status_rect, text, level, floor)


def _draw_badge(
    surface: pygame.Surface, theme: Theme, fonts: Fonts, row: pygame.Rect, index: int, colour: int
) -> None:
    centre = (row.left + row.height // 2, row.centery)
    radius = row.height // 2 - 1
    pygame.draw.circle(surface, theme.player(colour), centre, radius)
    pygame.draw.circle(surface, theme.text, centre, radius, max(1, radius // 10))
    font = fonts.get(fitted_px(fonts, row.height * 0.5), bold=True)
    digit = font.render(str(index + 1), True, theme.text)
    surface.blit(digit, digit.get_rect(center=centre))


def _draw_profile_badge(
    surface: pygame.Surface, theme: Theme, fonts: Fonts, field: TextField
) -> None:
    """A small 'profile' pill at the right end of a name field, where the text is not; a
    dot on the corner when the name leaves no room."""
    rect = field.rect
    font = fonts.get(fitted_px(fonts, rect.height * 0.34), bold=True)
    # Translators: a small badge on a name that has a player profile (Statistics).
    label = font.render(_("profile"), True, theme.text_on_accent)
    pill = label.get_rect().inflate(label.get_height(), max(2, label.get_height() // 4))
    pill.midright = (rect.right - max(4, rect.height // 5), rect.centery)
    name_font = fonts.get(fitted_px(fonts, rect.height * 0.5))
    text_right = rect.left + max(4, rect.height // 4) + name_font.size(field.get())[0]
    if text_right + rect.height // 3 < pill.left:
        pygame.draw.rect(surface, theme.good, pill, 0, pill.height // 2)
        surface.blit(label, label.get_rect(center=pill.center))
    else:
        r = max(4, rect.height // 7)
        centre = (rect.right - r, rect.top + r)
        pygame.draw.circle(surface, theme.good, centre, r)
        pygame.draw.circle(surface, theme.panel, centre, r, max(1, r // 3))


def _draw_pad_badge(
    surface: pygame.Surface, theme: Theme, fonts: Fonts, field: TextField, label: str
) -> None:
    """The pad that plays the seat ("Pad 1"), in a pill over the name field's top edge, so it
    never hides the name or the profile badge."""
    rect = field.rect
    font = fonts.get(fitted_px(fonts, rect.height * 0.3), bold=True)
    text = font.render(label, True, theme.text_on_accent)
    pill = text.get_rect().inflate(text.get_height(), max(2, text.get_height() // 5))
    pill.center = (rect.right - pill.width // 2 - max(4, rect.height // 5), rect.top)
    pygame.draw.rect(surface, theme.accent, pill, 0, pill.height // 2)
    surface.blit(text, text.get_rect(center=pill.center))
