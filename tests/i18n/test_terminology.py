"""One term per concept in each language, and none of the false friends a review found.

The translation review of 2026-11-28 (issue 22) found a language's card naming one concept two
ways: Norwegian "Ekstra Yatzy" for the bonus row beside "Yatzy-bonus" everywhere else, German
"Bonus (Kniffel)" beside "Kniffel-Bonus", Dutch "Carré" beside "Drie gelijke". And it found
French, Spanish and Dutch reading "records" as best scores where the English means the saved
statistics. These tests state the rules those broke, read from the catalogues themselves:

- a box or the bonus row is named in every message as the card names it;
- Three and Four of a Kind are named in parallel (two poker words, or the same phrase with
  another number: not one of each);
- a message whose translators' note says "records" means the saved statistics does not use
  the language's word for a best score;
- the CPU's reason phrases that fill {other} (see their note in game/ai/coach/reasons.py) are not
  Spanish gerunds, which cannot stand as the subject of "{other} es ... mejor".

The second review (translations-2.md) heard the voice name things otherwise than the screen
does: Swedish and Norwegian said the grand total with the card's word for the upper sum, French
asked to "arrêter" where the button says "Stop", Dutch said "winst" beside the page's
"Gewonnen". So a spoken phrase names what the screen shows as the screen does:

- the card read-out's total is the card's Total row;
- the tie-breaker prompt names the Stand button (its stem: "plántate" for "Plantarse");
- the spoken wins figure is the statistics' "Wins against others".
"""

from __future__ import annotations

import re
import sys
import unicodedata

import pytest

from game.i18n import LANGUAGES, SOURCE_LANGUAGE
from game.i18n.catalogues import TEMPLATE, po_path
from game.tools import catalogue

TRANSLATED = [code for code in LANGUAGES if code != SOURCE_LANGUAGE]
# Terms the card prints, each a message of its own: every other message whose English uses
# the term (as a whole word, capitals as given) must use the language's translation of it.
CARD_TERMS = (
    "Yahtzee bonus",
    "Yahtzee bonuses",
    "Three of a Kind",
    "Four of a Kind",
    "Full House",
    "Small Straight",
    "Large Straight",
    "Upper total",
)
# Each language's word for a best score: a false friend for the saved statistics.
BEST_SCORE_WORDS = {
    "de": r"rekord|bestleistung|bestwert",
    "sv": r"rekord",
    "da": r"rekord",
    "nb": r"rekord",
    "fr": r"record",
    "es": r"r[ée]cord",
    "nl": r"record",
}
STATISTICS_NOTE = re.compile(r'"records?"[^.]*saved statistics')
REASON_NOTE = re.compile(r"fills? \{other\}")
GERUNDS = {"es": re.compile(r"\w+(ando|iendo|yendo)\b", re.I)}


def _text(value) -> str:
    return value if isinstance(value, str) else " | ".join(value)


def _catalog(code):
    return catalogue.read(po_path(code), code)


def _uses(term: str, msgid: str) -> bool:
    return re.search(rf"\b{re.escape(term)}\b", msgid) is not None


@pytest.fixture(scope="module")
def template():
    return [m for m in catalogue.read(TEMPLATE) if m.id]


def term_breaks(code: str, template) -> list[str]:
    """The messages of `code` that name a card term otherwise than the card does."""
    translated = _catalog(code)
    problems = []
    for term in CARD_TERMS:
        own = translated.get(term)
        assert own is not None and own.string, f"{code}: {term!r} is not translated"
        word = own.string.casefold()
        for message in template:
            english = _text(message.id)
            if english == term or not _uses(term, english):
                continue
            said = _text(translated.get(message.id, message.context).string)
            if word not in said.casefold():
                problems.append(f"{term!r} is {own.string!r}, but {english[:50]!r}: {said!r}")
    return problems


@pytest.mark.parametrize("code", TRANSLATED)
def test_each_card_term_is_named_as_the_card_names_it(code, template):
    problems = term_breaks(code, template)
    assert not problems, f"{code}: " + "; ".join(problems[:4])


@pytest.mark.parametrize("code", TRANSLATED)
def test_three_and_four_of_a_kind_are_named_in_parallel(code):
    translated = _catalog(code)
    for three, four in (("Three of a Kind", "Four of a Kind"), ("3 of a kind", "4 of a kind")):
        a, b = translated.get(three).string.split(), translated.get(four).string.split()
        differ = sum(x != y for x, y in zip(a, b, strict=False))
        # One word each (Brelan/Carré, Dreierpasch/Viererpasch), or one phrase with one word
        # changed (Tre like/Fire like); never a phrase beside a single word.
        assert len(a) == len(b) and (len(a) == 1 or differ == 1), (code, a, b)


@pytest.mark.parametrize("code", TRANSLATED)
def test_records_meaning_statistics_are_not_called_best_scores(code, template):
    noted = [m for m in template if STATISTICS_NOTE.search(" ".join(m.auto_comments))]
    assert len(noted) == 8  # the notes the English carries (help, results, stats, storage)
    translated = _catalog(code)
    best = re.compile(BEST_SCORE_WORDS[code], re.I)
    wrong = [
        _text(translated.get(m.id, m.context).string)
        for m in noted
        if best.search(_text(translated.get(m.id, m.context).string))
    ]
    assert not wrong, f"{code}: the saved statistics called best scores: {wrong[:3]}"


@pytest.mark.parametrize("code", sorted(GERUNDS))
def test_the_cpus_reason_phrases_are_not_gerunds(code, template):
    noted = [m for m in template if REASON_NOTE.search(" ".join(m.auto_comments))]
    assert len(noted) == 4  # scoring, a zero, keeping, rerolling
    translated = _catalog(code)
    gerunds = [
        translated.get(m.id).string
        for m in noted
        if GERUNDS[code].search(translated.get(m.id).string)
    ]
    assert not gerunds, f"{code}: {gerunds}"


# Spoken phrase -> the label on screen it must name (`stem`: its first letters will do, for a
# verb conjugated otherwise than the button's infinitive).
SPOKEN_AS_SHOWN = (
    ("{name}: total {total}", "Total", False),
    ("{name}: total {total}; {bonus}; {boxes}", "Total", False),
    ("Turn: {name}, tie-breaker: roll again or stand", "Stand", True),
    ("{wins} win of {contested} against others", "Wins against others", False),
)
STEM = 4  # letters of a button's label a conjugated verb keeps ("stop" in "stoppen")


def _plain(text: str) -> str:
    """Lower case without accents, so "Plántate" and "plantarse" share their stem."""
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().casefold()


def spoken_breaks(code: str) -> list[str]:
    """The spoken phrases of `code` that do not name the label the screen shows."""
    translated = _catalog(code)
    problems = []
    for phrase, label, stem in SPOKEN_AS_SHOWN:
        shown = _plain(translated.get(label).string)
        want = shown[:STEM] if stem else shown
        for said in texts(translated.get(phrase).string):
            if want not in _plain(said):
                problems.append(f"{said!r} does not say {translated.get(label).string!r}")
    return problems


@pytest.mark.parametrize("code", TRANSLATED)
def test_spoken_phrases_name_what_the_screen_shows(code):
    problems = spoken_breaks(code)
    assert not problems, f"{code}: " + "; ".join(problems)


def texts(value) -> list[str]:
    return [value] if isinstance(value, str) else list(value)


def test_the_rules_find_what_the_review_found(template, monkeypatch):
    """Each rule fails on the defect it guards: the old Norwegian bonus row, the old Dutch
    pair, the old French "records", the old Spanish gerund."""
    real = _catalog

    def patched(changes):
        def read(code):
            translated = real(code)
            for (msgid, context), text in changes.get(code, {}).items():
                translated.get(msgid, context).string = text
            return translated

        return read

    old = {
        "nb": {("Yahtzee bonus", None): "Ekstra Yatzy"},
        "nl": {
            ("Four of a Kind", None): "Carré",
            ("4 of a kind", None): "Carré",
            # the second review's: the page's "Gewonnen" said as "winst"
            ("{wins} win of {contested} against others", None): (
                "winst tegen anderen: {wins} van {contested}",
                "winst tegen anderen: {wins} van {contested}",
            ),
        },
        "fr": {
            ("Played as a guest: no statistics are kept.", None): "Partie en invité : aucun record",
            # the Stand button's "Stop" asked as "arrête"
            ("Turn: {name}, tie-breaker: roll again or stand", None): "Tour : {name}, départage "
            ": relance ou arrête",
        },
        "es": {("keeping {faces}", None): "guardando {faces}"},
        # the total said with the upper sum's word
        "sv": {("{name}: total {total}", None): "{name}: summa {total}"},
    }
    monkeypatch.setattr(sys.modules[__name__], "_catalog", patched(old))
    assert any("Ekstra Yatzy" in p for p in term_breaks("nb", template))
    with pytest.raises(AssertionError):
        test_three_and_four_of_a_kind_are_named_in_parallel("nl")
    with pytest.raises(AssertionError):
        test_records_meaning_statistics_are_not_called_best_scores("fr", template)
    with pytest.raises(AssertionError):
        test_the_cpus_reason_phrases_are_not_gerunds("es", template)
    assert spoken_breaks("sv") == ["'{name}: summa {total}' does not say 'Totalt'"]
    assert [p.split(" does")[0] for p in spoken_breaks("fr")] == [
        "'Tour : {name}, départage : relance ou arrête'"
    ]
    assert len(spoken_breaks("nl")) == 2  # both plural forms
