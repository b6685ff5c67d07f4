"""What a player's name may hold: the one check for names typed, and for names read from any
file (a saved game, the last table, profiles, records, an older history log).

A name is drawn with the game's font wherever the table, the card and the records show it,
so it may hold only what that font draws in one line: letters of the Latin, Greek and
Cyrillic scripts (with their accents), digits, spaces and common punctuation and symbols.
Other scripts are refused whole rather than letter by letter (the font has a few Arabic
letters, but drawn alone, unjoined and left to right, they make no word); invisible and
control characters are refused everywhere (a NUL in a saved name failed every frame; a
zero-width character made text of no width, which pygame refuses to render).

    >>> name_problem("Åsa-Lill 2") is None, name_problem("مرحبا") == SCRIPT_REFUSAL
    (True, True)
    >>> str(name_problem("A\\u034fB"))
    'Names cannot hold invisible or control characters.'
"""

from __future__ import annotations

import unicodedata

from game.i18n import N_, Later, later

MAX_NAME_LENGTH = 24  # characters

SCRIPTS = ("LATIN", "GREEK", "CYRILLIC")  # the first word of the Unicode names allowed
# Code points that draw nothing (Unicode's Default_Ignorable_Code_Point, with the
# invisible fillers), whatever their category: U+034F and U+17B4 among them.
INVISIBLE = (
    (0x00AD, 0x00AD),
    (0x034F, 0x034F),
    (0x061C, 0x061C),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x200B, 0x200F),
    (0x202A, 0x202E),
    (0x2060, 0x206F),
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFF8),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)
SYMBOLS_BELOW = 0x2800  # punctuation and symbols from these blocks: no emoji, no CJK marks
# First words of the names of punctuation and symbols that belong to scripts the font lacks.
FOREIGN_SCRIPTS = frozenset(
    [
        "ARABIC", "ARMENIAN", "BENGALI", "CANADIAN", "CHEROKEE", "DEVANAGARI", "ETHIOPIC",
        "GEORGIAN", "GUJARATI", "GURMUKHI", "HANGUL", "HEBREW", "KANNADA", "KHMER", "LAO",
        "MALAYALAM", "MANDAIC", "MONGOLIAN", "MYANMAR", "NKO", "OGHAM", "ORIYA", "RUNIC",
        "SAMARITAN", "SINHALA", "SYRIAC", "TAMIL", "TELUGU", "THAANA", "THAI", "TIBETAN",
    ]
)  # fmt: skip

INVISIBLE_REFUSAL = N_("Names cannot hold invisible or control characters.")
SCRIPT_REFUSAL = N_(
    "Names can use Latin, Greek and Cyrillic letters, digits and common symbols; "
    "that character cannot be shown."
)


def is_invisible(char: str) -> bool:
    code = ord(char)
    if any(low <= code <= high for low, high in INVISIBLE):
        return True
    return unicodedata.category(char) in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp")


def char_problem(char: str) -> Later | None:
    """Why one character may not be in a name, or None."""
    if is_invisible(char):
        return later(INVISIBLE_REFUSAL)
    if char == " ":
        return None
    category = unicodedata.category(char)
    if category[0] in "LM" or category in ("Nl", "No"):
        word = unicodedata.name(char, "").split(" ")[0]
        return None if word in SCRIPTS or word == "COMBINING" else later(SCRIPT_REFUSAL)
    if category == "Nd":
        return None if "0" <= char <= "9" else later(SCRIPT_REFUSAL)
    if category[0] in "PS" or category == "Zs":
        word = unicodedata.name(char, "").split(" ")[0]
        foreign = word in FOREIGN_SCRIPTS  # ARABIC COMMA, HEBREW PUNCTUATION GERESH ...
        return later(SCRIPT_REFUSAL) if ord(char) >= SYMBOLS_BELOW or foreign else None
    return later(SCRIPT_REFUSAL)


def name_problem(name: object) -> Later | None:
    """Why `name` is not a name the game can show and keep, or None."""
    if not isinstance(name, str) or not name.strip():
        return later(N_("A name cannot be blank."))
    if len(name) > MAX_NAME_LENGTH:
        return later(N_("Names have at most {count} characters."), count=MAX_NAME_LENGTH)
    for char in name:
        problem = char_problem(char)
        if problem is not None:
            return problem
    return None


def check_name(name: object) -> str:
    """`name` if it is one (see name_problem); a ValueError saying why otherwise."""
    problem = name_problem(name)
    if problem is not None:
        raise ValueError(f"the name {name!r}: {problem}")
    assert isinstance(name, str)
    return name
