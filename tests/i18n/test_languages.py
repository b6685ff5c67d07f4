"""Which language the system asks for, and switching languages."""

from __future__ import annotations

import gettext

import pytest

from game import i18n
from game.i18n import catalogues
from game.i18n.languages import language_of, resolve, system_language


@pytest.mark.parametrize(
    ("environ", "code"),
    [
        ({}, "en"),
        ({"LANG": "sv_SE.UTF-8"}, "sv"),
        ({"LANG": "de_DE@euro"}, "de"),
        ({"LANG": "nb_NO.UTF-8"}, "nb"),
        ({"LANG": "no"}, "nb"),
        ({"LANG": "nn_NO"}, "nb"),
        ({"LANG": "fr-CA"}, "fr"),
        ({"LANG": "fi_FI.UTF-8"}, "en"),  # not one of ours: English
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LC_ALL": "da_DK.UTF-8", "LANG": "de_DE.UTF-8"}, "da"),  # LC_ALL comes first
        ({"LC_MESSAGES": "es_ES", "LANG": "de_DE"}, "es"),
        ({"LANGUAGE": "fi:nl:de", "LANG": "de_DE"}, "nl"),  # the list's first of ours
        ({"LANGUAGE": "fi", "LANG": "sv_SE"}, "sv"),  # none of ours listed: the locale's
        ({"LANGUAGE": "", "LC_ALL": "", "LANG": "es_ES"}, "es"),  # empty is unset
        ({"LC_ALL": "C", "LANG": "de_DE"}, "en"),  # the first set decides, as in gettext
    ],
)
def test_the_system_locale_names_the_language(environ, code):
    assert system_language(environ) == code


def test_windows_locale_names_are_understood():
    assert language_of("Swedish_Sweden") == "sv"
    assert language_of("Norwegian_Norway") == "nb"
    assert language_of("") is None


def test_the_setting_names_the_language_and_empty_means_the_systems():
    assert resolve("de", {"LANG": "sv_SE"}) == "de"
    assert resolve("", {"LANG": "sv_SE"}) == "sv"
    assert resolve("", {}) == "en"


def test_every_language_has_its_own_name_and_a_catalogue_but_english():
    assert set(i18n.NATIVE_NAMES) == set(i18n.LANGUAGES)
    assert i18n.NATIVE_NAMES["nb"] == "Norsk bokmål"
    for code in i18n.LANGUAGES:
        has = catalogues.po_path(code).is_file()
        assert has == (code != "en"), code


def test_switching_language_switches_translation_and_plural_rule():
    assert i18n.set_language("fr") == "fr"
    assert i18n.language() == "fr"
    i18n.set_language("en")
    assert i18n.language() == "en"
    with pytest.raises(ValueError, match="unknown language"):
        i18n.set_language("xx")


def test_a_checkout_reads_the_po_and_a_newer_mo_wins(tmp_path):
    folder = tmp_path / "de" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    po = folder / "yahtzee.po"
    po.write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=utf-8\\n"\n'
        '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
        'msgid "Roll"\nmsgstr "Würfeln"\n\n#, fuzzy\nmsgid "Hold"\nmsgstr "Halten?"\n',
        "utf-8",
    )
    assert catalogues.source_of("de", tmp_path) == po
    translations = catalogues.load("de", tmp_path)
    assert translations.gettext("Roll") == "Würfeln"
    assert translations.gettext("Hold") == "Hold"  # fuzzy: left out, so English
    mo = catalogues.mo_path("de", tmp_path)
    mo.write_bytes(catalogues.compile_po(po, "de").replace("Würfeln".encode(), b"W\xc3\xbcrfel!"))
    assert catalogues.source_of("de", tmp_path) == mo
    assert catalogues.load("de", tmp_path).gettext("Roll") == "Würfel!"
    po.unlink()  # a wheel: the .mo alone
    assert isinstance(catalogues.load("de", tmp_path), gettext.GNUTranslations)


def test_a_missing_or_damaged_catalogue_leaves_the_game_in_english(tmp_path, monkeypatch, caplog):
    with pytest.raises(catalogues.CatalogueError, match="no catalogue"):
        catalogues.load("sv", tmp_path)
    (tmp_path / "sv" / "LC_MESSAGES").mkdir(parents=True)
    catalogues.mo_path("sv", tmp_path).write_bytes(b"not a catalogue")
    with pytest.raises(catalogues.CatalogueError, match="cannot be read"):
        catalogues.load("sv", tmp_path)
    monkeypatch.setattr(i18n, "load", lambda code: catalogues.load(code, tmp_path))
    i18n.forget_catalogues()
    try:
        assert i18n.set_language("sv") == "en"
        assert i18n.language() == "en"
        assert "stays in English" in caplog.text
    finally:
        i18n.forget_catalogues()


@pytest.mark.parametrize(("code", "forms"), [("fr", [0, 0, 1, 1]), ("de", [1, 0, 1, 1])])
def test_each_catalogue_brings_its_languages_plural_rule(code, forms):
    # French counts 0 as singular, German does not (forms for n = 0, 1, 2, 5).
    translations = catalogues.load(code)
    assert [translations.plural(n) for n in (0, 1, 2, 5)] == forms
