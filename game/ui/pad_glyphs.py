"""What a pad's buttons are called where the game shows them: the glyphs printed on them by
the maker's family (Xbox letters, PlayStation shapes, Nintendo's), guessed from the pad's
name, in the language in use."""

from __future__ import annotations

from game.i18n import pgettext

# What is printed on a pad's buttons, by its maker's family (lower-case words are ids of
# _glyph_words, translated when shown). SDL 2 reports Nintendo pads'
# face buttons by their labels, so their letters are the Xbox ones.
GLYPHS = {
    "xbox": {
        "a": "A",
        "b": "B",
        "x": "X",
        "y": "Y",
        "back": "back",
        "start": "start",
        "guide": "guide",
        "leftshoulder": "LB",
        "rightshoulder": "RB",
        "lefttrigger": "LT",
        "righttrigger": "RT",
        "leftstick": "LS",
        "rightstick": "RS",
    },
    "playstation": {
        "a": "cross",
        "b": "circle",
        "x": "square",
        "y": "triangle",
        "back": "share",
        "start": "options",
        "guide": "PS",
        "leftshoulder": "L1",
        "rightshoulder": "R1",
        "lefttrigger": "L2",
        "righttrigger": "R2",
        "leftstick": "L3",
        "rightstick": "R3",
    },
    "nintendo": {
        "a": "A",
        "b": "B",
        "x": "X",
        "y": "Y",
        "back": "-",
        "start": "+",
        "guide": "home",
        "leftshoulder": "L",
        "rightshoulder": "R",
        "lefttrigger": "ZL",
        "righttrigger": "ZR",
        "leftstick": "LS",
        "rightstick": "RS",
    },
}
DPAD_WORDS = {"dpup": "up", "dpdown": "down", "dpleft": "left", "dpright": "right"}
PLAYSTATION_WORDS = ("playstation", "ps3", "ps4", "ps5", "dualshock", "dualsense", "sony")
NINTENDO_WORDS = ("nintendo", "switch", "joy-con", "joycon", "wii u")


def pad_family(name: str) -> str:
    """Whose glyphs a pad's buttons carry, guessed from its name: "playstation",
    "nintendo", or "xbox" (the letters most pads print)."""
    text = name.lower()
    if any(word in text for word in PLAYSTATION_WORDS):
        return "playstation"
    if any(word in text for word in NINTENDO_WORDS):
        return "nintendo"
    return "xbox"


def _glyph_words() -> dict[str, str]:
    """The glyphs that are words (a PlayStation pad's shapes, Back, the d-pad), translated."""
    return {
        "back": pgettext("pad button", "Back"),
        "start": pgettext("pad button", "Start"),
        "guide": pgettext("pad button", "Guide"),
        "cross": pgettext("pad button", "Cross"),
        "circle": pgettext("pad button", "Circle"),
        "square": pgettext("pad button", "Square"),
        "triangle": pgettext("pad button", "Triangle"),
        "share": pgettext("pad button", "Share"),
        "options": pgettext("pad button", "Options"),
        "home": pgettext("pad button", "Home"),
        "up": pgettext("pad button", "Up"),
        "down": pgettext("pad button", "Down"),
        "left": pgettext("pad button", "Left"),
        "right": pgettext("pad button", "Right"),
    }


def button_glyph(button: str, family: str = "xbox") -> str:
    """A pad button as its pad shows it, in the language in use: 'A', 'Cross', 'LB', 'Up',
    'Button 12'."""
    glyph = DPAD_WORDS.get(button) or GLYPHS.get(family, GLYPHS["xbox"]).get(button)
    if glyph is not None:
        return _glyph_words().get(glyph, glyph)
    number = button.removeprefix("button")
    if number.isdigit():
        # Translators: a pad button that has no printed name; {number} is SDL's number for it.
        return pgettext("pad button", "Button {number}").format(number=number)
    return button.title()
