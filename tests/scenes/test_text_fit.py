"""Text that fits at every window size and text size: nothing leaves the window, nothing
overlaps, no label is wider than its place, and no text is drawn under the legible floor."""

from __future__ import annotations

import itertools

import pygame
import pytest

from game.match.seats import Seat
from game.match.session import Session
from game.rules import GameConfig, Roll, StartOrder, Variant
from game.scenes.table import TableScene
from game.scenes.title import TitleScene
from game.ui.fonts import MIN_FONT_PX
from game.ui.scorecard_labels import LABEL_CLEAR, LABEL_INSET
from tests.driver import driver, show

SIZES = ((640, 480), (800, 600), (1280, 800), (1920, 1080), (700, 1100))
SCALES = (1.0, 1.5, 2.0)


def sized(ctx, size, scale):
    ctx.settings = ctx.settings.replace(text_scale=scale)
    ctx._derive()
    pygame.display.set_mode(size)
    ctx.stack.layout(size)


def table_at(ctx, size, scale, players=4, variant=Variant.OFFICIAL, language="en") -> TableScene:
    ctx.settings = ctx.settings.replace(language=language)
    sized(ctx, size, scale)
    names = tuple(f"P{i}" for i in range(players))
    seats = [Seat(n, "person" if i == 0 else "expert", colour=i) for i, n in enumerate(names)]
    config = GameConfig(names, variant=variant, start=StartOrder.SEATED)
    session = Session.new(config, seats, seed=3)
    session.apply(Roll())
    table = TableScene(ctx, session)
    show(ctx, table)
    return table


@pytest.mark.parametrize("size, scale", list(itertools.product(SIZES, SCALES)))
def test_the_title_menu_stays_on_screen_and_clear_of_the_footer(ctx, size, scale):
    sized(ctx, size, scale)
    title = TitleScene(ctx)
    show(ctx, title)
    screen = pygame.Rect((0, 0), size)
    rects = [b.rect for b in title.buttons]
    assert all(screen.contains(r) for r in rects)
    assert not any(a.colliderect(b) for a, b in itertools.combinations(rects, 2))
    footer = title._footer[1]
    assert screen.contains(footer) and not footer.colliderect(rects[-1])
    driver(ctx).draw()


CARD_SIZES = (*SIZES, (3840, 2160))


@pytest.mark.parametrize(
    "size, scale, players, variant",
    list(itertools.product(CARD_SIZES, SCALES, (1, 4, 8), (Variant.OFFICIAL, Variant.YATZY))),
)
def test_scorecard_labels_fit_their_column_at_a_legible_size(ctx, size, scale, players, variant):
    """Every row of the card (13 boxes and the chips row on the American card, 15 boxes on
    Yatzy) fits, from 640x480 to 4K, with 1 to 8 columns and text sizes 100% to 200%."""
    table = table_at(ctx, size, scale, players, variant)
    view, fonts = table.card_view, ctx.fonts
    assert view.label_px >= MIN_FONT_PX and view.text_px >= MIN_FONT_PX
    label_font = fonts.get_px(view.label_px, bold=True)
    for text in view.labels.values():  # a label may be folded onto two lines
        widest = max(label_font.size(line)[0] for line in text.split("\n"))
        # Clear of the card's edge and of the column in play (its thick outline) alike.
        assert LABEL_INSET + widest + LABEL_CLEAR <= view.label_w, text
    digits = fonts.get_px(MIN_FONT_PX).size("000")[0]
    assert view.col_w >= digits  # a three-digit score fits every column
    assert view.rect.contains(view.cell(len(view.rows) - 1, players - 1))
    boxes = [kind for kind in view.rows if not isinstance(kind, str)]
    assert boxes == list(variant.card.boxes)
    assert len(view.rows) == (18 if variant is Variant.OFFICIAL else 19)  # with header, sums
    assert view.row_h >= MIN_FONT_PX  # every row at least the legible floor high
    driver(ctx).draw()


def test_long_labels_are_shortened_before_they_shrink_below_the_floor(ctx):
    sized(ctx, (640, 480), 2.0)
    names = tuple(f"P{i}" for i in range(8))
    seats = [Seat(n, colour=i) for i, n in enumerate(names)]
    session = Session.new(GameConfig(names, start=StartOrder.SEATED), seats, seed=3)
    table = TableScene(ctx, session)
    show(ctx, table)
    view = table.card_view
    labels = set(view.labels.values())
    font = ctx.fonts.get_px(view.label_px, bold=True)
    # Room or not, every label fits: whole, its short form, or cut with an ellipsis.
    for label in labels:
        assert len(label) >= 2 and max(font.size(line)[0] for line in label.split("\n")) + 6 <= (
            view.label_w
        ), label
    if font.size("Three of a Kind")[0] + 6 > view.label_w:
        assert "Three of a Kind" not in labels


@pytest.mark.parametrize("size", [(1280, 800), (640, 480), (700, 1100)])
def test_setup_rows_grow_with_the_text_and_stay_on_screen(ctx, size):
    from game.scenes.setup import SetupScene

    heights = []
    for scale in (1.0, 2.0):
        sized(ctx, size, scale)
        setup = SetupScene(ctx)
        show(ctx, setup)
        placed = setup.placed
        screen = pygame.Rect((0, 0), size)
        assert all(screen.contains(r) for r in (placed.back, placed.start, placed.add))
        heights.append(placed.seat_cells[0]["name"].height)
        driver(ctx).draw()
        ctx.stack.pop()
        ctx.stack.apply_pending()
    assert heights[1] >= heights[0]
    if size == (1280, 800):
        # Room enough: the text really grows.
        assert heights[1] > heights[0] * 1.25


@pytest.mark.parametrize("language", ["en", "de", "sv", "nb", "fr", "es", "nl", "da"])
@pytest.mark.parametrize("scale", SCALES)
def test_each_table_button_holds_every_label_it_shows_at_640x480(ctx, language, scale):
    """German "Rückgängig" overflowed its button at the text floor: buttons are as wide
    as their longest label, from the others' room."""
    from game.scenes.table.draw import button_needs

    table = table_at(ctx, (640, 480), scale, language=language)
    lay = table.board.lay
    rects = lay.buttons
    room = sum(r.width for r in rects.values())
    needs = button_needs(ctx.fonts, rects["roll"].height, room)
    assert all(rects[name].width >= needs[name] for name in rects), (needs, rects)
    if scale == 1.0:  # each label at its full size
        assert needs == button_needs(ctx.fonts, rects["roll"].height, 10**6)
    row = list(rects.values())
    assert not any(a.colliderect(b) for a, b in itertools.combinations(row, 2))
    assert all(lay.tray.left <= r.left and r.right <= lay.tray.right for r in row)


@pytest.mark.parametrize("size", [(640, 480), (1280, 800), (3840, 2160)])
@pytest.mark.parametrize("scale", [1.0, 2.0])
def test_the_hint_stays_on_the_felt_clear_of_the_cup_and_the_held_dice(ctx, size, scale):
    """At 640x480 and 200% the hint ran out of its box onto the card and over the cup; at
    4K and 200% it covered the hold row's label."""
    from game.scenes.table.draw import HINT_PX, hint_box
    from game.ui.tray_view import hold_row_rect

    table = table_at(ctx, size, scale)
    table.show_hint()
    lines = table.coach.hint_text
    assert len(lines) >= 2
    lay = table.board.lay
    held = hold_row_rect(lay.hold_strip, table.board.hold_label())
    assert held.top < lay.hold_strip.top  # the label over the strip
    box, shown = hint_box(ctx.fonts, lay, lines, held)
    assert (box, shown) == table.board.hint_placed(lines, ())
    assert lay.tray.contains(box)
    assert not box.colliderect(lay.cup_rect)
    assert box.bottom <= held.top
    assert shown[0][0] in lines[0]  # the best choice always shows, first
    for text, bold in shown:
        assert ctx.fonts.get(HINT_PX * lay.unit, bold=bold).size(text)[0] <= box.width
    driver(ctx).draw()


@pytest.mark.parametrize("size", [(640, 480), (1280, 800), (1920, 1080)])
@pytest.mark.parametrize("players", [1, 2, 4])
def test_the_key_hints_leave_the_column_in_play_free(ctx, size, players):
    """The K panel sat over the active player's Yahtzee, Chance and Total boxes."""
    from game.scenes.table.draw import key_hints_place

    table = table_at(ctx, size, 1.0, players)
    table.show_keys = True
    column = table.card_view.column_rect(table.session.state.column)
    for w, h in ((330, 160), (200, 120)):
        box = key_hints_place(table.board.lay, (w, h), column)
        assert not box.colliderect(column)
    driver(ctx).draw()
