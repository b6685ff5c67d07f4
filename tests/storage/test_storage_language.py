"""The language setting, and the rules a first start offers by the system's language."""

from __future__ import annotations

import json

import pytest

from game.rules import Variant
from game.storage import Storage
from game.storage.settings import LANGUAGE_CHOICES, VARIANTS, Settings

from .conftest import fixed_clock


def storage(folder, **environ) -> Storage:
    return Storage(folder, environ=environ, clock=fixed_clock)


def test_the_language_defaults_to_the_system_and_takes_only_known_codes():
    assert Settings().language == ""
    assert LANGUAGE_CHOICES == ("", "en", "de", "sv", "da", "nb", "fr", "es", "nl")
    assert Settings().replace(language="nb").language == "nb"
    for bad in ("xx", "no", "de_DE", None, 3):
        with pytest.raises(ValueError, match="^language must be one of"):
            Settings().replace(language=bad)


def test_every_rule_variant_can_be_the_default():
    assert tuple(v.value for v in Variant) == VARIANTS
    assert "yatzy" in VARIANTS
    assert Settings().replace(default_variant="yatzy").default_variant == "yatzy"


def test_the_language_is_saved_and_a_bad_one_in_the_file_falls_back_to_the_system(tmp_path):
    first = storage(tmp_path)
    first.save_settings(first.settings.replace(language="fr", muted=True))
    again = storage(tmp_path, LANG="de_DE.UTF-8")
    assert (again.settings.language, again.language()) == ("fr", "fr")
    path = again.paths.settings
    data = json.loads(path.read_text("utf-8"))
    data["language"] = "klingon"
    path.write_text(json.dumps(data), "utf-8")
    repaired = storage(tmp_path, LANG="de_DE.UTF-8")
    assert (repaired.settings.language, repaired.settings.muted) == ("", True)
    assert repaired.language() == "de"
    assert any("language" in problem for problem in repaired.take_problems())


@pytest.mark.parametrize(
    ("environ", "language", "variant"),
    [
        ({}, "en", "official"),
        ({"LANG": "de_DE.UTF-8"}, "de", "official"),
        ({"LANG": "fr_FR.UTF-8"}, "fr", "official"),
        ({"LANG": "sv_SE.UTF-8"}, "sv", "yatzy"),
        ({"LANG": "da_DK.UTF-8"}, "da", "yatzy"),
        ({"LC_ALL": "nb_NO.UTF-8"}, "nb", "yatzy"),
        ({"LANG": "no_NO"}, "nb", "yatzy"),
    ],
)
def test_a_first_start_takes_the_rules_of_the_systems_language(
    tmp_path, environ, language, variant
):
    first = storage(tmp_path, **environ)
    assert first.system_language == language
    assert first.language() == language
    assert first.settings.language == ""
    assert first.settings.default_variant == variant


def test_a_swedish_player_who_chose_other_rules_keeps_them(tmp_path):
    first = storage(tmp_path, LANG="sv_SE.UTF-8")
    assert first.settings.default_variant == "yatzy"
    first.save_settings(first.settings.replace(default_variant="official"))
    assert storage(tmp_path, LANG="sv_SE.UTF-8").settings.default_variant == "official"
    # And an English start that saved its settings stays on its rules in Swedish later.
    other = tmp_path / "other"
    english = storage(other, LANG="en_GB.UTF-8")
    english.save_settings(english.settings.replace(muted=True))
    assert storage(other, LANG="sv_SE.UTF-8").settings.default_variant == "official"
