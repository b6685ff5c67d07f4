"""Translation of everything a player reads: the one place the game asks gettext.

Mark a string where it is written and translate it where it is shown:

    from game.i18n import _, N_, ngettext, pgettext

    _("Roll")                                  # translated now, in the language in use
    N_("Ones")                                 # marked only: a label kept as data and
                                               # translated with _() when drawn
    ngettext("{n} point", "{n} points", n).format(n=n)
    pgettext("box", "Chance")                  # same English word, another sense

Placeholders are always named (`{name}`, `{points}`), never positional, so a translation may
put them in its own order. Never build a sentence by joining translated pieces: mark the
whole sentence with its placeholders.

This module never imports pygame. `set_language` switches every later `_()` at once; scenes
redraw from their state each frame, so a change is seen on the next frame.
"""

from __future__ import annotations

import gettext as _gettext

DOMAIN = "yahtzee"

_translations: _gettext.NullTranslations = _gettext.NullTranslations()
_language = "en"


def N_(message: str) -> str:
    """Mark a string for extraction without translating it (translate it when shown)."""
    return message


def _(message: str) -> str:
    """The message in the language in use."""
    return _translations.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form (by the language's own plural rule) for n."""
    return _translations.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """A message whose English may mean two things, told apart by context."""
    return _translations.pgettext(context, message)


def language() -> str:
    """The code of the language in use ("en", "de", "sv", ...)."""
    return _language


def _install(translations: _gettext.NullTranslations, code: str) -> None:
    global _translations, _language
    _translations = translations
    _language = code
