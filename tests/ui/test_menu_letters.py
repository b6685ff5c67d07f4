"""Menu shortcut letters follow the labels as shown, and a key hint never covers a label."""

import pygame
import pytest

from game.ui.fonts import Fonts
from game.ui.theme import STANDARD
from game.ui.widgets import draw_button, menu_letters


def test_english_menus_keep_their_letters():
    title = ["New game", "Continue", "Settings", "Rules & help", "Statistics", "History", "Quit"]
    assert menu_letters(title) == ["N", "C", "S", "R", "T", "H", "Q"]
    assert menu_letters(["Resume", "Settings", "Rules & help", "Quit to title"]) == [
        "R",
        "S",
        "H",
        "Q",
    ]


def test_letters_come_from_the_translated_labels_without_accents_and_never_twice():
    french = ["Nouvelle partie", "Continuer", "Réglages", "Règles et aide", "Statistiques"]
    letters = menu_letters(french)
    assert letters == ["N", "C", "R", "E", "S"]
    assert menu_letters(["Été", "Ête"]) == ["E", "T"]
    assert menu_letters(["42", "A"]) == ["", "A"]


@pytest.fixture
def fonts():
    pygame.font.init()
    return Fonts(1.0)


def test_a_long_key_name_gives_way_in_a_narrow_button(fonts):
    theme = STANDARD
    rect = pygame.Rect(0, 0, 130, 34)
    with_hint = pygame.Surface(rect.size)
    draw_button(with_hint, theme, fonts, rect, "Lancer (reste 2)", False, hint="Espace")
    without = pygame.Surface(rect.size)
    draw_button(without, theme, fonts, rect, "Lancer (reste 2)", False)
    # The hint does not fit beside the label: the button is drawn as with no hint at all.
    assert pygame.image.tobytes(with_hint, "RGB") == pygame.image.tobytes(without, "RGB")
    wide = pygame.Rect(0, 0, 320, 34)
    a, b = pygame.Surface(wide.size), pygame.Surface(wide.size)
    draw_button(a, theme, fonts, wide, "Roll", False, hint="Space")
    draw_button(b, theme, fonts, wide, "Roll", False)
    assert pygame.image.tobytes(a, "RGB") != pygame.image.tobytes(b, "RGB")  # room: shown
