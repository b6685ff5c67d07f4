"""Translation of everything a player reads: the one place the game asks gettext.

Mark a string where it is written and translate it where it is shown:

    from game.i18n import _, N_, ngettext, pgettext

    _("Roll")                                  # translated now, in the language in use
    N_("Ones")                                 # marked only: a label kept as data and
                                               # translated with translate() when drawn
    ngettext("{n} point", "{n} points", n).format(n=n)
    pgettext("box", "Chance")                  # same English word, another sense

`_`, `N_`, `ngettext` and `pgettext` take string literals only, never a name or an
expression: the extractor reads their arguments as written, and a different Babel may pick up
any literal inside an expression (2.19 took "f11" out of `_(RESERVED_KEYS["f11"])`). A label
kept as data is marked with `N_` where it is defined and shown with `translate(label)`;
tests/i18n/test_markers.py holds the code to this.

Placeholders are always named (`{name}`, `{points}`), never positional, so a translation may
put them in its own order. Never build a sentence by joining translated pieces: mark the
whole sentence with its placeholders. A comment starting `# TRANSLATORS:` on the line before
a marked string goes into the catalogue beside it.

Figures and dates go through the language too, never through f"{x:,.1f}" or strftime:

    format_number(12345)                 "12,345" (de "12.345", sv "12 345")
    format_number(2.25, decimals=1)      "2.2"    (de "2,2"; rounded half to even)
    format_number(2026, grouping=False)  "2026": a year or an id, never grouped
    format_percent(0.513, decimals=1)    "51.3%"  (de "51,3 %", fr "51,3 %")
    format_date(day)                     "Nov 23, 2026" (de "23.11.2026", sv "23 nov. 2026")
    format_datetime(moment)              "Nov 23, 2026, 4:05 PM" (de "23.11.2026, 16:05")

A message made before it is shown (a storage problem found at start-up, before the language
is set) is made with `later`: it reads as English wherever a str is wanted (logs, tests), and
`translated(message)` gives it in the language in use when it is shown:

    problem = later(N_("The {what} file {name} was damaged"), what=later(N_("settings")),
                    name="settings.json")
    translated(problem)                 "Die Datei der Einstellungen settings.json ..."

Languages: LANGUAGES (codes), NATIVE_NAMES (each in its own words), `system_language()`,
`resolve(setting)` ("" is the system's). `set_language(code)` switches every later `_()` and
format at once; scenes redraw from their state each frame, so a change is seen on the next
frame (the app lays every scene out again when the language setting changes).

The catalogues (game/locale/, see game.i18n.catalogues) are made and checked with
`python -m game.tools.catalogue extract|update|compile|check`. This package never imports
pygame, and imports Babel only when a catalogue is compiled or a figure formatted.
"""

from __future__ import annotations

import gettext as _gettext
import logging
from datetime import date, datetime

from game.i18n import formats
from game.i18n.catalogues import DOMAIN, CatalogueError, load
from game.i18n.languages import (
    LANGUAGES,
    NATIVE_NAMES,
    SOURCE_LANGUAGE,
    resolve,
    system_language,
)

__all__ = [
    "DOMAIN",
    "LANGUAGES",
    "N_",
    "NATIVE_NAMES",
    "SOURCE_LANGUAGE",
    "_",
    "format_date",
    "format_datetime",
    "format_number",
    "format_percent",
    "language",
    "later",
    "ngettext",
    "pgettext",
    "resolve",
    "set_language",
    "system_language",
    "translate",
    "translated",
]

log = logging.getLogger(__name__)

_translations: _gettext.NullTranslations = _gettext.NullTranslations()
_language = SOURCE_LANGUAGE
_loaded: dict[str, tuple[str, _gettext.NullTranslations]] = {}  # asked for -> (in use, its)


def N_(message: str) -> str:
    """Mark a string for extraction without translating it (translate it when shown)."""
    return message


def _(message: str) -> str:
    """The message in the language in use."""
    return _translations.gettext(message)


def translate(label: str) -> str:
    """A label marked with N_ where it is defined (kept as data), in the language in use."""
    return _translations.gettext(label)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form (by the language's own plural rule) for n."""
    return _translations.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """A message whose English may mean two things, told apart by context."""
    return _translations.pgettext(context, message)


class Later(str):
    """A message translated when shown: as a str it is the English text; `translated()`
    gives it in the language in use. Values may be Later messages themselves."""

    msgid: str
    values: dict[str, object]

    def __new__(cls, msgid: str, **values: object) -> Later:
        english = msgid.format(**{k: str(v) for k, v in values.items()}) if values else msgid
        message = super().__new__(cls, english)
        message.msgid = msgid
        message.values = values
        return message

    def translated(self) -> str:
        text = translate(self.msgid)
        if not self.values:
            return text
        return text.format(**{k: translated(v) for k, v in self.values.items()})


def later(msgid: str, **values: object) -> Later:
    """Message `msgid` (marked with N_ where it is written) with its named values, to be
    translated when shown (see `translated`)."""
    return Later(msgid, **values)


def translated(text: object) -> str:
    """A Later message in the language in use; anything else as str()."""
    return text.translated() if isinstance(text, Later) else str(text)


def language() -> str:
    """The code of the language in use ("en", "de", "sv", ...)."""
    return _language


def set_language(code: str) -> str:
    """Use language `code` (one of LANGUAGES) from now on; returns the language in use.

    A catalogue that is missing or unreadable is logged and English is used instead: the
    game stays playable. Catalogues are read once and kept."""
    if code not in LANGUAGES:
        raise ValueError(f"unknown language {code!r}: one of {', '.join(LANGUAGES)}")
    if code not in _loaded:
        if code == SOURCE_LANGUAGE:
            _loaded[code] = (code, _gettext.NullTranslations())
        else:
            try:
                _loaded[code] = (code, load(code))
            except CatalogueError as error:
                log.warning("%s; the game stays in English", error)
                _loaded[code] = (SOURCE_LANGUAGE, _gettext.NullTranslations())
    in_use, translations = _loaded[code]
    _install(translations, in_use)
    return in_use


def forget_catalogues() -> None:
    """Read every catalogue again at its next use (after a translator's edit, or in tests)."""
    _loaded.clear()


def _install(translations: _gettext.NullTranslations, code: str) -> None:
    global _translations, _language
    _translations = translations
    _language = code


# ----------------------------------------------------------------------------- formats
def format_number(value: float, decimals: int = 0, grouping: bool = True) -> str:
    """`value` with exactly `decimals` decimals and the language's separators (thousands
    grouped unless `grouping` is False)."""
    return formats.number(_language, value, decimals, grouping)


def format_percent(fraction: float, decimals: int = 0) -> str:
    """A fraction (0.513) as a percentage ("51%", or "51.3%" with one decimal)."""
    return formats.percent(_language, fraction, decimals)


def format_date(value: date, style: str = "medium") -> str:
    """A date in the language's words and order; `style` "short", "medium" or "long"."""
    return formats.day(_language, value, style)


def format_datetime(value: datetime, date_style: str = "medium") -> str:
    """A date and its time of day (hours and minutes) in the language's way."""
    return formats.moment(_language, value, date_style)
