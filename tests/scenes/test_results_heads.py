"""A results heading too wide for its column goes on two lines, in any language."""

import pygame

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
