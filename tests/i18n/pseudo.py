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
from collections.abc import Callable, Sequence

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
    """The pseudo-language as a gettext catalogue (English plural rule). With `others` (real
    catalogues) and `width` (a text's width in pixels), each message is the widest of its
    pseudo form and its real translations: the longest language decides the layout. `given`
    keeps every text it handed out."""

    def __init__(
        self,
        others: Sequence[gettext.NullTranslations] = (),
        width: Callable[[str], int] = len,
    ) -> None:
        super().__init__()
        self.others = tuple(others)
        self.width = width
        self.given: set[str] = set()

    def _give(self, made: str, real: Callable[[gettext.NullTranslations], str]) -> str:
        text = max([made, *(real(other) for other in self.others)], key=self.width)
        self.given.add(text)
        return text

    def gettext(self, message: str) -> str:
        return self._give(pseudo(message), lambda t: t.gettext(message))

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        made = pseudo(singular if n == 1 else plural)
        return self._give(made, lambda t: t.ngettext(singular, plural, n))

    def pgettext(self, context: str, message: str) -> str:
        return self._give(pseudo(message), lambda t: t.pgettext(context, message))

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        made = pseudo(singular if n == 1 else plural)
        return self._give(made, lambda t: t.npgettext(context, singular, plural, n))
