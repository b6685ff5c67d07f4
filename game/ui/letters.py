"""Shortcut letters from labels as shown, so the keys follow the language: a menu's buttons
(menu_letters) and a question's two answers (answer_letters: J for Ja, O for Oui, S for Sí,
and Y and N still, where no other answer has them). Letters are plain A-Z (accents dropped)
so every keyboard types them; no table of letters per language is kept anywhere.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass


def candidates(label: str) -> list[str]:
    """The letters a label could go by, best first: its words' initials, then every letter
    of it, in order (plain A-Z, upper case, each once)."""
    plain = unicodedata.normalize("NFKD", label).encode("ascii", "ignore").decode().upper()
    initials = [word[0] for word in plain.split() if word[:1].isalpha()]
    return list(dict.fromkeys(c for c in [*initials, *plain] if "A" <= c <= "Z"))


def menu_letters(labels: Sequence[str], taken: Iterable[str] = ()) -> list[str]:
    """A different shortcut letter for each menu label, from the label as shown: its first
    letter if free, else another word's initial, else any letter of it ('' if none is left).
    `taken` are letters the screen already gives to something else.

    >>> menu_letters(["New game", "Settings", "Statistics", "Quit"])
    ['N', 'S', 'T', 'Q']
    >>> menu_letters(["Réglages", "Règles et aide"])
    ['R', 'E']
    >>> menu_letters(["High scores"], taken="NRH")
    ['S']
    """
    used = {letter.upper() for letter in taken}
    letters = []
    for label in labels:
        found = next((c for c in candidates(label) if c not in used), "")
        used.add(found)
        letters.append(found)
    return letters


YES, NO = 0, 1  # a question's answers, as answer_letters numbers them


@dataclass(frozen=True)
class AnswerLetters:
    """A yes/no question's keys: the letter each answer's button shows (upper case, '' for
    none) and every letter that answers (lower case, as typed -> YES or NO)."""

    shown: tuple[str, str]
    keys: dict[str, int]


def answer_letters(
    labels: Sequence[str],
    words: Sequence[str],
    english: Sequence[str],
    means_no: Iterable[str] = (),
    dead: Iterable[str] = (),
) -> AnswerLetters:
    """The keys of a question whose yes and no buttons read `labels` ("Beenden",
    "Weiterspielen"), in the language whose words for yes and no are `words` ("Ja", "Nein"),
    translated from the `english` ones ("Yes", "No").

    First each answer has its language's letter (the words' initials: J and N), so J always
    says yes in German and N always no, whatever the buttons read. Then `means_no`, letters
    that already leave the question there (the pause key's), go to No. Then each button shows
    its label's letter as a menu would (B, W), never one the other answer holds: a Danish
    "Nulstil alt" (reset all) shows A, not the N of "Nej". Last the English words' letters (Y,
    N) answer too where nothing else has them, for hands that learned them. `dead` letters
    never answer (keys the app takes before any scene)."""
    dead_letters = {letter.upper() for letter in dead}
    owner: dict[str, int] = {}

    def claim(letter: str, answer: int) -> None:
        if letter and letter not in owner and letter not in dead_letters:
            owner[letter] = answer

    language_letters = menu_letters(words, taken=dead_letters)
    for answer, letter in enumerate(language_letters):
        claim(letter, answer)
    for letter in means_no:
        claim(letter.upper(), NO)
    shown: list[str] = []
    for answer, label in enumerate(labels):
        letter = next(
            (
                c
                for c in candidates(label)
                if owner.get(c, answer) == answer and c not in dead_letters and c not in shown
            ),
            "",
        )
        claim(letter, answer)
        shown.append(letter)
    english_letters = menu_letters(english)
    for answer, letter in enumerate(english_letters):
        claim(letter, answer)
    # A label with no letter a keyboard types (a script other than Latin) shows the letter
    # its answer has: the language's, else the English one.
    for answer, own in enumerate(zip(language_letters, english_letters, strict=True)):
        if not shown[answer]:
            shown[answer] = next((c for c in own if owner.get(c) == answer), "")
    return AnswerLetters(
        shown=(shown[0], shown[1]), keys={letter.lower(): a for letter, a in owner.items()}
    )
