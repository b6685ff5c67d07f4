"""Choosing a language in Settings: the next frame is drawn in it, the scenes under Settings
follow, the choice is saved, and the next start begins in it. A small German catalogue,
written as a .po in the test, stands in for the real one (it goes through the same loading:
Babel compiles it in memory)."""

from __future__ import annotations

import pygame
import pytest

from game import i18n
from game.i18n import catalogues
from game.scenes.settings import SettingsScene
from game.scenes.title import TitleScene
from game.storage import Storage
from tests.driver import driver, key
from tests.scenes.conftest import SIZE

from .recording import Recorder

GERMAN = {
    "Settings": "Einstellungen",
    "Language": "Sprache",
    "Game language": "Spielsprache",
    "New game": "Neues Spiel",
    "Sound volume": "Lautstärke",
}


@pytest.fixture
def german(tmp_path, monkeypatch):
    """game/locale as it would be with this German catalogue."""
    root = tmp_path / "locale"
    po = catalogues.po_path("de", root)
    po.parent.mkdir(parents=True)
    entries = "".join(f'msgid "{en}"\nmsgstr "{de}"\n\n' for en, de in GERMAN.items())
    po.write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=utf-8\\n"\n'
        '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n' + entries,
        "utf-8",
    )
    monkeypatch.setattr(i18n, "load", lambda code: catalogues.load(code, root))
    i18n.forget_catalogues()
    yield
    i18n.forget_catalogues()


def frame(ctx, recorder: Recorder) -> set[str]:
    """The words drawn since the last frame (by layouts too: titles are made there), and
    by one frame as the app draws it."""
    ctx.stack.apply_pending()
    ctx.stack.draw(recorder.canvas(SIZE))
    words = recorder.words()
    recorder.drawn.clear()
    return words


def press(ctx, code: int) -> None:
    """A key and its frame, left undrawn: `frame` draws and reads what is drawn."""
    driver(ctx).send(key(code), draw=False)


def test_choosing_german_draws_the_next_frame_in_german_and_keeps_it(
    ctx,
    german,
    monkeypatch,
    tmp_path,
):
    recorder = Recorder().install(monkeypatch)
    ctx._derive()  # fonts that record what they render
    ctx.stack.push(TitleScene(ctx))
    ctx.stack.push(SettingsScene(ctx))
    words = frame(ctx, recorder)
    assert {"Settings", "Language", "Game language", "Sound volume"} <= words
    assert ctx.stack.top.grid.focused.key == "language"
    press(ctx, pygame.K_RIGHT)  # System -> English
    assert ctx.settings.language == "en"
    press(ctx, pygame.K_RIGHT)  # English -> Deutsch
    assert ctx.settings.language == "de" and i18n.language() == "de"
    words = frame(ctx, recorder)
    assert {"Einstellungen", "Sprache", "Spielsprache", "Lautstärke", "Deutsch"} <= words
    assert not {"Settings", "Sound volume"} & words
    assert ctx.stack.top.grid.focused.key == "language"  # the focus stays on the row
    press(ctx, pygame.K_ESCAPE)  # back to the title, laid out in German too
    words = frame(ctx, recorder)
    assert "Neues Spiel" in words and "New game" not in words
    assert Storage(tmp_path, environ={}).settings.language == "de"  # saved


def test_system_follows_the_environment_and_names_its_language(
    ctx,
    german,
    monkeypatch,
    tmp_path,
):
    ctx.storage = Storage(tmp_path, environ={"LANG": "de_DE.UTF-8"})
    ctx._derive()  # as a start of the game on a German system
    assert ctx.settings.language == "" and i18n.language() == "de"
    scene = SettingsScene(ctx)
    ctx.stack.push(scene)
    ctx.stack.apply_pending()
    assert scene.control("language").text() == "System (Deutsch)"  # not translated here
    ctx.apply_settings(ctx.settings.replace(language="en"))
    assert i18n.language() == "en"
    assert scene.control("language").text() == "English"


def test_reset_all_keeps_the_language_and_gives_the_systems_rules(ctx, tmp_path):
    ctx.storage = Storage(tmp_path, environ={"LANG": "sv_SE.UTF-8"})
    ctx.apply_settings(ctx.settings.replace(language="en", default_variant="free", muted=True))
    scene = SettingsScene(ctx)
    ctx.stack.push(scene)
    ctx.stack.apply_pending()
    scene.editor.reset_all()
    assert (ctx.settings.language, ctx.settings.muted) == ("en", False)
    assert ctx.settings.default_variant == "yatzy"  # as the game came on a Swedish system
    assert i18n.language() == "en"
