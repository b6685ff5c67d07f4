"""A pseudo-language, made in the test and never committed: every message about 40% longer,
its vowels accented, its placeholders kept. Text in it shows at once where a translation
would not fit, and that a string was marked (an unmarked one stays plain English).

    pseudo("Roll the dice")   -> "Röllrö théth díçédí"
    pseudo("{name} rolls")    -> "{name} röllśrö"
"""

from __future__ import annotations

import gettext
import math
import re
import string

ACCENTS = str.maketrans("aeiouyAEIOUYcnsCNS", "áéíöüýÅÉÍÖÜÝçñśÇÑŚ")
GROWTH = 0.4  # each word grows by this part of its length (rounded up)
WORD = re.compile(r"[A-Za-z]+")


def _longer(text: str) -> str:
    def grow(match: re.Match) -> str:
        word = match.group(0)
        return word + word[: math.ceil(len(word) * GROWTH)].lower()

    return WORD.sub(grow, text).translate(ACCENTS)


def pseudo(message: str) -> str:
    """The pseudo-language's form of `message`: literal text longer and accented, `{fields}`
    as they were."""
    try:
        parts = list(string.Formatter().parse(message))
    except ValueError:  # not a format string: every character is literal
        return _longer(message)
    out = []
    for literal, field, spec, conversion in parts:
        out.append(_longer(literal).replace("{", "{{").replace("}", "}}"))
        if field is not None:
            out.append(
                "{"
                + field
                + (f"!{conversion}" if conversion else "")
                + (f":{spec}" if spec else "")
                + "}"
            )
    return "".join(out)


class PseudoTranslations(gettext.NullTranslations):
    """The pseudo-language as a gettext catalogue (English plural rule). `given` keeps every
    translation it handed out."""

    def __init__(self) -> None:
        super().__init__()
        self.given: set[str] = set()

    def _give(self, message: str) -> str:
        text = pseudo(message)
        self.given.add(text)
        return text

    def gettext(self, message: str) -> str:
        return self._give(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self._give(singular if n == 1 else plural)

    def pgettext(self, context: str, message: str) -> str:
        return self._give(message)

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        return self._give(singular if n == 1 else plural)
