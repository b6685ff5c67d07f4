"""What the storage tells a player is translated when it is shown, not when it is found (a
damaged file is found at start-up, before the language is set)."""

from __future__ import annotations

import gettext

from game import i18n
from game.storage import Storage

from .conftest import STAMP, fixed_clock

GERMAN = {
    "The {what} file {name} was damaged ({reason}); it was kept as {kept} and {outcome}.": (
        "Die Datei {name} ({what}) war beschädigt ({reason}); sie liegt nun unter {kept}, "
        "und {outcome}."
    ),
    "settings": "Einstellungen",
    "it is not valid JSON ({detail})": "sie ist kein gültiges JSON ({detail})",
    "defaults are used": "es gelten die Voreinstellungen",
}


class German(gettext.NullTranslations):
    def gettext(self, message: str) -> str:
        return GERMAN.get(message, message)


def test_a_damaged_file_is_told_in_the_language_in_use_when_shown(tmp_path):
    (tmp_path / "settings.json").write_text("{not json", "utf-8")
    storage = Storage(tmp_path, environ={}, clock=fixed_clock)
    english = (
        "The settings file settings.json was damaged (it is not valid JSON (Expecting property "
        f"name enclosed in double quotes)); it was kept as settings.corrupt-{STAMP}.json and "
        "defaults are used."
    )
    assert storage.problems == [english]  # as a str: English, for logs and tests
    i18n._install(German(), "de")
    try:
        assert storage.take_problems() == [
            "Die Datei settings.json (Einstellungen) war beschädigt (sie ist kein gültiges JSON "
            "(Expecting property name enclosed in double quotes)); sie liegt nun unter "
            f"settings.corrupt-{STAMP}.json, und es gelten die Voreinstellungen."
        ]
    finally:
        i18n._install(gettext.NullTranslations(), "en")
    assert storage.take_problems() == []


def test_later_reads_as_english_and_translates_its_values_too():
    message = i18n.later("{what} and {outcome}", what=i18n.later("settings"), outcome="x")
    assert message == "settings and x" and isinstance(message, str)
    i18n._install(German(), "de")
    try:
        assert i18n.translated(message) == "Einstellungen and x"
        assert i18n.translated("plain") == "plain"
    finally:
        i18n._install(gettext.NullTranslations(), "en")
