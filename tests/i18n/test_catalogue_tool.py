"""The catalogue tool's update and compile, on a small template in a folder of the test's."""

from __future__ import annotations

from babel.messages.catalog import Catalog

from game.i18n import catalogues
from game.tools import catalogue


def template(root, *messages) -> None:
    cat = Catalog(domain=catalogues.DOMAIN)
    for message in messages:
        cat.add(message, locations=[("game/x.py", 1)])
    (root / catalogues.TEMPLATE.name).write_text(catalogue.render(cat), "utf-8")


def test_update_makes_a_language_then_keeps_its_translations(tmp_path):
    template(tmp_path, "Roll the dice", "Hold", ("{n} roll left", "{n} rolls left"))
    assert catalogue.update(["fr"], tmp_path) == ["fr: 0 of 3 translated, 0 fuzzy"]
    po = catalogues.po_path("fr", tmp_path)
    text = po.read_text("utf-8")
    # The plural rule is Babel's (CLDR's) for French, whatever this Babel says it is: 2.19
    # gave French a third form. The test holds the tool to writing it, not to its value.
    assert f'"Plural-Forms: {Catalog(locale="fr").plural_forms}\\n"' in text
    assert "#, fuzzy" not in text  # the header counts: its plural rule is used
    cat = catalogue.read(po, "fr")
    cat["Roll the dice"].string = "Lancez les dés"
    po.write_text(catalogue.render(cat), "utf-8")
    # The English changes a little: the old translation comes back as a suggestion, fuzzy.
    template(tmp_path, "Roll the dice!", "Hold", ("{n} roll left", "{n} rolls left"))
    assert catalogue.update(["fr"], tmp_path) == ["fr: 0 of 3 translated, 1 fuzzy"]
    merged = catalogue.read(po, "fr")
    assert merged["Roll the dice!"].string == "Lancez les dés"
    assert merged["Roll the dice!"].fuzzy
    assert not merged["Hold"].fuzzy  # a suggestion with no words is no suggestion
    assert merged.get("Roll the dice") is None  # gone from the template, gone from the .po


def test_compile_leaves_fuzzy_and_empty_messages_out(tmp_path):
    template(tmp_path, "Roll the dice", "Hold")
    catalogue.update(["de"], tmp_path)
    po = catalogues.po_path("de", tmp_path)
    cat = catalogue.read(po, "de")
    cat["Roll the dice"].string = "Würfeln"
    cat["Hold"].string = "Halten?"
    cat["Hold"].flags.add("fuzzy")
    po.write_text(catalogue.render(cat), "utf-8")
    catalogue.compile_catalogues(["de"], tmp_path)
    translations = catalogues.load("de", tmp_path)
    assert catalogues.source_of("de", tmp_path).suffix == ".mo"
    assert translations.gettext("Roll the dice") == "Würfeln"
    assert translations.gettext("Hold") == "Hold"
    assert [translations.plural(n) for n in (0, 1, 2)] == [1, 0, 1]
