"""A results heading too wide for its column goes on two lines, in any language."""

import pygame
import pytest

from game import i18n
from game.scenes.results.layout import _two_lines
from game.ui.fonts import MIN_FONT_PX, Fonts


def test_a_heading_splits_at_a_space_a_hyphen_or_else_hyphenated_in_the_middle():
    pygame.font.init()
    least = Fonts(1.0).get(MIN_FONT_PX)
    assert _two_lines("Yahtzee bonus", least, 10) == ["Yahtzee", "bonus"]
    assert _two_lines("Yatzy-bonus", least, 10) == ["Yatzy-", "bonus"]
    assert _two_lines("Yatzybonus", least, 10) == ["Yatzy-", "bonus"]
    wide = least.size("Yatzybonus")[0]
    assert _two_lines("Yatzybonus", least, wide) == ["Yatzybonus"]  # fits at the floor: whole
    assert _two_lines("Bonus", least, 1) == ["Bonus"]  # too short to cut


@pytest.mark.parametrize("code", i18n.LANGUAGES)
@pytest.mark.parametrize(("size", "scale"), [((640, 480), 2.0), ((1280, 800), 1.0)])
def test_the_tables_columns_keep_apart(code, size, scale, tmp_path, monkeypatch):
    """ "Spiel 2" and "Gesamt" stood 2 px apart at 640x480 with 200% text: a column's
    headings and figures keep two margins from the next column's (12 px), in every language;
    a narrow column lends a wide one its spare room."""
    from game.scenes.results.layout import CELL_MARGIN
    from game.tools import snapshot

    monkeypatch.setenv("LANGUAGE", code)  # the context takes the system's language
    ctx, _screen = snapshot.make_context(tmp_path, size)
    try:
        snapshot.set_text_scale(ctx, scale, size)
        snapshot.SHOTS["results"](ctx)  # a match of two games: both tables
        ctx.stack.apply_pending()
        assert i18n.language() == code
        lay = ctx.stack.top.lay
        assert len(lay.tables) == 2
        for table in lay.tables:
            texts = [rect for _image, rect in lay.texts if table.contains(rect)]
            # The caption and the names are set from the left; the rest are the columns'.
            lefts = {min(r.left for r in texts)} | {s.right + 8 for s, _colour in lay.stripes}
            columns = sorted((r for r in texts if r.left not in lefts), key=lambda r: r.left)
            # A heading and three figures in each column: at least two columns (the card's
            # details may be left out: Inferior in Spanish at 640x480); the match's three.
            assert len(columns) >= (2 if table is lay.tables[0] else 3) * 4, (code, table)
            for i, left in enumerate(columns):
                for right in columns[i + 1 :]:
                    if left.top < right.bottom and right.top < left.bottom:  # on one line
                        assert right.left - left.right >= 2 * CELL_MARGIN, (code, left, right)
    finally:
        i18n.set_language("en")
        while ctx.stack.scenes:
            ctx.stack.scenes.pop().exit()
