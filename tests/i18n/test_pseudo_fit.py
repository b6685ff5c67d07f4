"""Every scene in the longest words any language has: no text overflows or is clipped.

Each message is the widest of its pseudo form (tests/i18n/pseudo.py: 40% longer than the
English, accented, placeholders kept) and its translation in every real catalogue, so the
longest language decides the layout, message by message, and a message not translated yet
is still 40% longer. Each scene of the snapshot tool is built and drawn
through the real scenes at 640x480 and 1920x1080 with a recording font and canvas
(tests/i18n/recording.py), and:
- no text leaves the clip of the surface it is drawn on, sideways (overflow or clipping);
- no text is shortened with an ellipsis, except a name or a CPU level over a narrow score
  column, which the game cuts by design ("Long names are cut with an ellipsis where a column
  is narrow", README).
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

import game.scenes.context as context_module
from game import i18n
from game.ai.levels.spec import CPU_LEVELS
from game.i18n import catalogues
from game.tools import snapshot
from game.ui.text import ELLIPSIS

from .pseudo import PseudoTranslations, pseudo
from .shots import draw_shot

SIZES = ((640, 480), (1920, 1080))
SHOTS = list(snapshot.SHOTS)
NAMES = ("You", "Ada", "Max", "Zoe", "Ben", "Cat", "Dan", "Eve", "Sam")  # the shots' players
# What the pseudo-language found that its scene's owner has still to make room for. Strict:
# once a scene fits, its entry must go, and the test guards it from then on.
KNOWN: dict[tuple[str, tuple[int, int]], str] = {}


@pytest.fixture(scope="module")
def widest():
    """The longest words: the pseudo-language against every real catalogue, by width."""
    pygame.font.init()
    font = pygame.font.Font(None, 24)
    others = [catalogues.load(code) for code in i18n.LANGUAGES if code != i18n.SOURCE_LANGUAGE]
    return PseudoTranslations(others, width=lambda text: font.size(text)[0])


@pytest.fixture
def longer(monkeypatch, widest):
    """The longest words in use, also after a Context applies the settings' language."""
    translations = widest

    def use(code: str) -> str:
        i18n._install(translations, code)
        return code

    monkeypatch.setattr(context_module, "set_language", use)
    use("en")
    return translations


def by_design(text: str, translations: PseudoTranslations) -> bool:
    """A name or a CPU level, cut over a narrow column."""
    stem = text.removesuffix(ELLIPSIS).rstrip()
    levels = (translations.gettext(level.name) for level in CPU_LEVELS)
    # The first seat's default name is "You" in the language in use: a name like the others.
    whole = [*NAMES, translations.gettext("You"), *levels]
    return any(word.startswith(stem) for word in whole)


def cases():
    for shot in SHOTS:
        for size in SIZES:
            reason = KNOWN.get((shot, size))
            marks = [pytest.mark.xfail(reason=reason, strict=True)] if reason else []
            yield pytest.param(shot, size, marks=marks, id=f"{shot}-{size[0]}x{size[1]}")


@pytest.mark.parametrize(("shot", "size"), list(cases()))
def test_no_text_overflows_or_is_cut_in_a_longer_language(
    shot, size, tmp_path, recorder, longer, played
):
    draw_shot(shot, size, tmp_path, recorder, played)
    drawn = recorder.drawn
    assert any(text in longer.given for text in recorder.words()), "no translated text drawn"
    cut = [f"{d.text!r} at {tuple(d.rect)} in {tuple(d.clip)}" for d in recorder.cut]
    assert cut == [], f"text beyond its place in {shot} at {size}"
    shortened = sorted(
        {
            d.text
            for d in drawn
            if d.text.endswith(ELLIPSIS)
            and d.text not in longer.given
            and not by_design(d.text, longer)
        }
    )
    assert shortened == [], f"text shortened with an ellipsis in {shot} at {size}"


def test_the_recorder_sees_text_beyond_its_clip(recorder):
    pygame.font.init()
    font = pygame.font.Font(None, 24)
    canvas = recorder.canvas((200, 100))
    image = font.render("Overflowing text", True, (255, 255, 255))
    canvas.set_clip(pygame.Rect(0, 0, 100, 100))
    canvas.blit(image, (10, 10))  # wider than the 90 px left in the clip
    canvas.blit(font.render("Fits", True, (255, 255, 255)), (10, 40))
    canvas.blit(font.render("Scrolled away", True, (255, 255, 255)), (10, 120))
    canvas.set_clip(None)
    page = pygame.Surface((60, 30)).copy()  # a copy records too
    page.blit(font.render("Too long for the page", True, (0, 0, 0)), (0, 0))
    assert [d.text for d in recorder.drawn] == [
        "Overflowing text",
        "Fits",
        "Scrolled away",
        "Too long for the page",
    ]
    assert [d.text for d in recorder.cut] == ["Overflowing text", "Too long for the page"]


def test_the_pseudo_language_is_longer_and_keeps_placeholders():
    assert pseudo("Roll the dice") == "Röllrö théth díçédí"
    assert pseudo("{name} scored {points} in {box}") == "{name} śçörédśçö {points} íñí {box}"
    assert len(pseudo("Three of a Kind")) >= 1.35 * len("Three of a Kind")
    assert pseudo("50% {n:>3}") == "50% {n:>3}"
