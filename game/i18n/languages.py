"""The languages the game speaks, each by its own name, and the one the system asks for.

`system_language(environ)` reads the locale variables in gettext's order (LANGUAGE, LC_ALL,
LC_MESSAGES, LANG): the first one set decides, "sv_SE.UTF-8" is Swedish, "nb_NO" and "no"
(and Nynorsk, "nn") are Norwegian Bokmål, "C" and "POSIX" are English, and a list in LANGUAGE
("fi:sv:en") gives its first language the game has. With none set and `environ` being the
process's own, the machine's locale is asked (Windows and macOS programs often have no
variables). Anything else is English, the source language.
"""

from __future__ import annotations

import locale
import os
from collections.abc import Mapping

SOURCE_LANGUAGE = "en"
LANGUAGES = ("en", "de", "sv", "da", "nb", "fr", "es", "nl")

# Each language in its own words: a player who cannot read the language in use still finds
# theirs. Never translated.
NATIVE_NAMES: Mapping[str, str] = {
    "en": "English",
    "de": "Deutsch",
    "sv": "Svenska",
    "da": "Dansk",
    "nb": "Norsk bokmål",
    "fr": "Français",
    "es": "Español",
    "nl": "Nederlands",
}

LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
# Codes that mean one of ours: Norwegian without a written standard and Nynorsk read Bokmål.
ALIASES: Mapping[str, str] = {"no": "nb", "nn": "nb"}
# Windows names its locales in English ("Swedish_Sweden"), not by code.
WINDOWS_NAMES: Mapping[str, str] = {
    "english": "en",
    "german": "de",
    "swedish": "sv",
    "danish": "da",
    "norwegian": "nb",
    "french": "fr",
    "spanish": "es",
    "dutch": "nl",
}
_PLAIN = ("c", "posix")


def language_of(name: str) -> str | None:
    """The game's code for a locale name ("sv_SE.UTF-8" -> "sv", "no" -> "nb",
    "Swedish_Sweden" -> "sv", "C" -> "en"), or None when it is none of ours."""
    base = name.strip().split(".")[0].split("@")[0].lower()
    if not base:
        return None
    if base in _PLAIN:
        return SOURCE_LANGUAGE
    code = base.replace("-", "_").split("_")[0]
    code = ALIASES.get(code, code)
    if code in LANGUAGES:
        return code
    return WINDOWS_NAMES.get(code)


def system_language(environ: Mapping[str, str] | None = None) -> str:
    """The language the system's locale asks for, one of LANGUAGES (English when none of
    ours). `environ` defaults to the process's environment."""
    env = os.environ if environ is None else environ
    for variable in LOCALE_VARIABLES:
        value = env.get(variable, "")
        if not value:
            continue
        # The first variable set decides, as in gettext; LANGUAGE may list several.
        for name in value.split(":") if variable == "LANGUAGE" else (value,):
            code = language_of(name)
            if code is not None:
                return code
        if variable != "LANGUAGE":
            return SOURCE_LANGUAGE
    if env is os.environ:
        try:
            name = locale.getlocale()[0] or ""
        except ValueError:  # an unparsable locale name
            name = ""
        return language_of(name) or SOURCE_LANGUAGE
    return SOURCE_LANGUAGE


def resolve(setting: str, environ: Mapping[str, str] | None = None) -> str:
    """The language a `Settings.language` value means: itself, or ("") the system's."""
    return setting if setting in LANGUAGES else system_language(environ)
