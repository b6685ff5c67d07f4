"""Menu shortcut letters follow the labels as shown, and a key hint never covers a label."""

import pygame
import pytest

from game.ui.fonts import Fonts
from game.ui.letters import NO, YES, answer_letters, menu_letters
from game.ui.theme import STANDARD
from game.ui.widgets import Button, FocusRing, draw_button, letter_shortcuts


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


def test_letters_another_control_has_are_not_given_again():
    assert menu_letters(["High scores"], taken="nrdy") == ["H"]
    assert menu_letters(["Hernoemen", "Topscores"], taken=["H"]) == ["E", "T"]


def test_a_question_in_another_script_shows_y_and_n_and_dead_keys_never_answer():
    # Greek words have no letter a Latin keyboard types: the buttons show the English ones.
    greek = answer_letters(("Ναι", "Όχι"), ("Ναι", "Όχι"), ("Yes", "No"))
    assert greek.shown == ("Y", "N") and greek.keys == {"y": YES, "n": NO}
    # A key the app takes first (bound to full screen, say) is nobody's answer.
    german = answer_letters(("Ja", "Nein"), ("Ja", "Nein"), ("Yes", "No"), dead="j")
    assert german.shown == ("A", "N") and german.keys == {"n": NO, "a": YES, "y": YES}
    # The pause key's letter means No, so a yes label starting with it shows another.
    paused = answer_letters(("Play on", "Stop"), ("Yes", "No"), ("Yes", "No"), means_no="p")
    assert paused.shown == ("O", "S")
    assert paused.keys == {"y": YES, "n": NO, "p": NO, "o": YES, "s": NO}


def test_buttons_show_their_letters_and_a_key_of_their_own_stays_shown():
    pressed = []
    resume = Button("Resume", lambda: pressed.append("resume"), hint=lambda: "Esc")
    settings = Button("Settings", lambda: pressed.append("settings"), hint="X")
    rules = Button("Rules & help", lambda: pressed.append("rules"), enabled=False)
    shortcuts = letter_shortcuts([resume, settings, rules])
    assert shortcuts == {"r": resume, "s": settings, "h": rules}
    assert [b.hint_text for b in (resume, settings, rules)] == ["Esc", "S", "H"]
    ring = FocusRing([resume, settings, rules])
    assert ring.press_shortcut(shortcuts, "r") and pressed == ["resume"]
    assert ring.press_shortcut(shortcuts, "s") and ring.focused is settings
    assert ring.press_shortcut(shortcuts, "h")  # disabled: the key is used, nothing happens
    assert pressed == ["resume", "settings"] and ring.focused is settings
    assert not ring.press_shortcut(shortcuts, "x") and not ring.press_shortcut(shortcuts, "")


@pytest.fixture
def fonts():
    pygame.font.init()
    return Fonts(1.0)


def test_a_key_hint_is_drawn_only_clear_of_the_label(fonts):
    theme = STANDARD
    # A button the label fills: no font's metrics leave the hint room (at 135 px, the Roll
    # button at 640x480, pygame-ce 2.5.0's font left just enough).
    rect = pygame.Rect(0, 0, 110, 28)
    with_hint = pygame.Surface(rect.size)
    draw_button(with_hint, theme, fonts, rect, "Lancer (reste 2)", False, hint="Espace")
    without = pygame.Surface(rect.size)
    draw_button(without, theme, fonts, rect, "Lancer (reste 2)", False)
    # The hint would touch the label: the button is drawn as with no hint at all.
    assert pygame.image.tobytes(with_hint, "RGB") == pygame.image.tobytes(without, "RGB")
    big = pygame.Rect(0, 0, 290, 56)  # the Roll button at 1280x800: room for both here
    a, b = pygame.Surface(big.size), pygame.Surface(big.size)
    draw_button(a, theme, fonts, big, "Roll (2 left)", False, hint="Space")
    draw_button(b, theme, fonts, big, "Roll (2 left)", False)
    assert pygame.image.tobytes(a, "RGB") != pygame.image.tobytes(b, "RGB")


@pytest.mark.parametrize("label", ["Start", "Spela upp", "Spiel starten"])
def test_the_focus_marker_never_sits_on_the_label(label):
    """The marker's triangle was drawn over the first letter of a label that fills its
    button ("Spela upp" at 640x480 and 200%): it goes where it keeps clear, else the thick
    outline alone marks the focus."""
    pygame.init()
    fonts, theme = Fonts(2.0), STANDARD
    rect = pygame.Rect(10, 10, 126, 44)
    surface = pygame.Surface((150, 70))
    surface.fill((0, 0, 0))
    draw_button(surface, theme, fonts, rect, label, True)
    r = max(3, rect.height // 10)
    marker = pygame.Rect(rect.left + r + 1, rect.centery - r // 2, r, r)  # inside the triangle
    marked = [
        (x, y)
        for x in range(marker.left, marker.right)
        for y in range(marker.top, marker.bottom)
        if tuple(surface.get_at((x, y)))[:3] == theme.focus[:3]
    ]
    font = fonts.fit(label, min(44 * 0.45 * 2, 44 * 0.62) / 2, rect.width - 22, True)
    label_left = rect.centerx - font.size(label)[0] // 2
    if rect.left + 3 * r + 1 < label_left:
        assert marked  # room: the marker is drawn
    else:  # none: the marker would lie on the label's first letter
        assert marked == []


@pytest.mark.parametrize("enabled", [True, False])
def test_a_label_too_long_for_its_button_is_cut_inside_it(enabled):
    """A table's long name in "Back to seat 2 at …" spilled over both edges of its button at
    640x480 with 200% text: past the smallest size the label ends in an ellipsis inside the
    button, and nothing is drawn beside it."""
    pygame.init()
    fonts, theme = Fonts(2.0), STANDARD
    rect = pygame.Rect(40, 10, 300, 40)
    label = "Zurück zu Platz 2 an Großmutters Küchentisch am Sonntag"
    surface = pygame.Surface((380, 70))
    surface.fill((0, 0, 0))
    draw_button(surface, theme, fonts, rect, label, False, enabled=enabled)
    beside = [
        (x, y)
        for x in (*range(rect.left), *range(rect.right, surface.get_width()))
        for y in range(surface.get_height())
        if tuple(surface.get_at((x, y)))[:3] != (0, 0, 0)
    ]
    assert beside == []
    if not enabled:
        return  # (its dim label is see-through: no one colour to find)
    ink = theme.text
    inside = {
        x
        for x in range(rect.left, rect.right)
        for y in range(rect.top, rect.bottom)
        if tuple(surface.get_at((x, y)))[:3] == ink[:3]
    }
    assert inside and max(inside) - min(inside) > rect.width // 2  # the label is there
