"""French spacing: a no-break space (U+00A0) before ":" and "»" and after "«", a narrow
no-break space (U+202F) before ";", "?" and "!", as every French entry had until sixteen new
ones came with ordinary spaces (translations-2.md, fr-8). An ordinary space lets a line break
between a word and its colon, and leaves "?" alone at the start of the next line.
"""

from __future__ import annotations

import re

from game.i18n.catalogues import po_path
from game.tools import catalogue

NO_BREAK = "\u00a0"
NARROW_NO_BREAK = "\u202f"
# Each mark and the space that goes before it ("«" takes a no-break space after it).
FRENCH_MARKS = {
    ":": NO_BREAK,
    "»": NO_BREAK,
    ";": NARROW_NO_BREAK,
    "?": NARROW_NO_BREAK,
    "!": NARROW_NO_BREAK,
}


def spacing_breaks(texts: list[str]) -> list[str]:
    """The texts whose French marks are spaced otherwise than French typesetting wants."""
    wrong = []
    for text in texts:
        before = [(m.group(1), m.group(2)) for m in re.finditer(r"(.?)([:»;?!])", text)]
        after = [m.group(1) for m in re.finditer(r"«(.?)", text)]
        if any(space != FRENCH_MARKS[mark] for space, mark in before) or any(
            space != NO_BREAK for space in after
        ):
            wrong.append(text)
    return wrong


def french_texts() -> list[str]:
    texts = []
    for message in catalogue.read(po_path("fr"), "fr"):
        if message.id:
            texts += catalogue.texts(message.string)
    return texts


def test_french_marks_keep_their_no_break_spaces():
    wrong = spacing_breaks(french_texts())
    assert not wrong, f"{len(wrong)} French texts: {wrong[:3]}"


def test_the_rule_finds_what_the_review_found():
    assert spacing_breaks(
        [
            "assistée : {names}",
            "En commencer une nouvelle quand même ?",
            "Impossible d’enregistrer « {what} »\u00a0: le disque est plein.",
            "Tour\u00a0: {name}",  # right
            "Prime du haut pour {name}\u00a0: +{points}\u202f!",  # right
        ]
    ) == [
        "assistée : {names}",
        "En commencer une nouvelle quand même ?",
        "Impossible d’enregistrer « {what} »\u00a0: le disque est plein.",
    ]
