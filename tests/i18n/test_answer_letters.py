"""Each language answers with its own letters (issue 33: "Ja/Nein dialogs take Y, not J").

Every question the game asks, taken from the real scene that asks it, is answered through the
real ConfirmScene in all eight languages, one letter at a time, A to Z: the letter each button
shows answers as that button, the language's initials of Yes and No answer yes and no (J/N,
O/N, S/N), Y and N still answer where no button shows them otherwise, the pause key says no,
and no other letter does anything. The menus (title, pause, results, history, statistics) are
pressed the same way: each letter a button shows presses that button, and no other letter
presses any.
"""

from __future__ import annotations

import string
from dataclasses import replace

import pygame
import pytest

from game import i18n
from game.i18n import LANGUAGES
from game.match.seats import Seat
from game.match.session import Session
from game.rules import CATEGORIES, GameConfig, Roll, StartOrder
from game.scenes.base import Scene
from game.scenes.confirm import ConfirmScene
from game.scenes.history import HistoryScene
from game.scenes.nav import Question
from game.scenes.pause import PauseScene
from game.scenes.results import ResultsScene
from game.scenes.settings import SettingsScene
from game.scenes.setup import SetupScene
from game.scenes.stats import StatsScene
from game.scenes.table import TableScene
from game.scenes.title import TitleScene
from game.ui.letters import candidates
from tests.driver import ENTER, ESC, click, feed, key, letter, settle, show
from tests.scenes.test_review_stats import finished, record

# The letters a plain Yes / No question shows in each language: the initials of its words.
ANSWER_LETTERS = {
    "en": ("Y", "N"),
    "de": ("J", "N"),
    "sv": ("J", "N"),
    "da": ("J", "N"),
    "nb": ("J", "N"),
    "fr": ("O", "N"),
    "es": ("S", "N"),
    "nl": ("J", "N"),
}
PAUSE_LETTER = "p"  # the pause key's default letter: it leaves a question (No)


def test_every_language_has_its_answer_letters_here():
    assert sorted(ANSWER_LETTERS) == sorted(LANGUAGES)


class Base(Scene):
    """What a question is asked over: it takes nothing."""

    def handle(self, event) -> bool:
        return True

    def draw(self, surface) -> None:
        pass


def person_seats() -> list[Seat]:
    return [Seat("You", colour=0), Seat("Ada", "hard", colour=1)]


def in_play() -> Session:
    session = Session.new(GameConfig(("You", "Ada"), start=StartOrder.SEATED), person_seats())
    session.apply(Roll())
    return session


# ----------------------------------------------------------------------------- the questions
def questions(ctx, monkeypatch) -> dict[str, Question]:
    """Every question the game asks, as the real scenes ask it in the language in use."""
    asked: list[Question] = []
    monkeypatch.setattr(ctx.nav, "confirm", asked.append)

    def taken(name: str) -> tuple[str, Question]:
        assert len(asked) == 1, (name, asked)
        return name, asked.pop()

    found = []
    show(ctx, TitleScene(ctx))
    feed(ctx, ESC)
    found.append(taken("title: quit the game"))
    pause = show(ctx, PauseScene(ctx, in_play()))
    feed(ctx, letter(pause.buttons[3].hint_text.lower()))
    found.append(taken("pause: quit to the title"))
    ctx.storage.create_profile("Ann")
    stats = show(ctx, StatsScene(ctx))
    feed(ctx, letter(stats.delete_button.hint_text.lower()))
    found.append(taken("statistics: delete a profile"))
    settings = show(ctx, SettingsScene(ctx))
    feed(ctx, click(settings.reset_all.rect.center))
    found.append(taken("settings: reset every setting"))
    ctx.storage.save_session(in_play())
    show(ctx, SetupScene(ctx))
    feed(ctx, ENTER)
    found.append(taken("setup: start over a saved game"))
    found.append(("table: score a zero", zero_question(ctx, asked)))
    return dict(found)


def zero_question(ctx, asked: list[Question]) -> Question:
    """The table's question before a zero is scored (Yes / No, as translated)."""
    session = Session.new(GameConfig(("Ann",), start=StartOrder.SEATED), [Seat("Ann")], seed=4)
    table = show(ctx, TableScene(ctx, session))
    feed(ctx, key(pygame.K_SPACE))
    settle(ctx)
    options = session.state.score_options()
    zero = next(c for c in CATEGORIES if options[c] == 0)
    feed(ctx, click(table.card_view.box_rect(0, zero).center))
    assert len(asked) == 1
    return asked.pop()


def answers_by_letter(ctx, question: Question) -> tuple[ConfirmScene, dict[str, str]]:
    """Each letter A-Z pressed on its own question: what it answered ('yes', 'no'), if
    anything; and the question as shown."""
    said: list[str] = []
    asked = replace(question, on_yes=lambda: said.append("yes"), on_no=lambda: said.append("no"))
    ctx.stack.clear_to(Base(ctx))
    ctx.stack.apply_pending()
    answered = {}
    for char in string.ascii_lowercase:
        confirm = show(ctx, ConfirmScene(ctx, asked))
        feed(ctx, letter(char))
        if said:
            answered[char] = said.pop()
            assert ctx.stack.top is not confirm
        else:
            assert ctx.stack.top is confirm  # a letter with no answer leaves it asked
            ctx.stack.pop()
            ctx.stack.apply_pending()
    return confirm, answered


@pytest.mark.parametrize("code", sorted(ANSWER_LETTERS))
def test_every_question_answers_by_the_letters_of_its_language(ctx, monkeypatch, code):
    i18n.set_language(code)
    yes_word, no_word = (c.lower() for c in ANSWER_LETTERS[code])
    asked = questions(ctx, monkeypatch)
    assert len(asked) == 6
    for name, question in asked.items():
        confirm, answered = answers_by_letter(ctx, question)
        shown_yes, shown_no = confirm.yes.hint_text.lower(), confirm.no.hint_text.lower()
        where = f"{code}, {name}: {confirm.yes.label!r} [{shown_yes}] / {confirm.no.label!r} "
        where += f"[{shown_no}]: {answered}"
        # Each button shows a letter of its own label, and the two differ.
        assert shown_yes != shown_no, where
        assert shown_yes.upper() in candidates(confirm.yes.label), where
        assert shown_no.upper() in candidates(confirm.no.label), where
        # What each letter does: the letters shown, the language's Yes and No, the pause key,
        # and Y and N where no button shows them for the other answer; nothing else.
        wanted = {shown_yes: "yes", shown_no: "no", yes_word: "yes", no_word: "no"}
        wanted.setdefault(PAUSE_LETTER, "no")
        if shown_no != "y":
            wanted.setdefault("y", "yes")
        if shown_yes != "n":
            wanted.setdefault("n", "no")
        assert answered == wanted, where


def test_a_plain_question_shows_the_languages_letters_and_y_and_n_still_answer(ctx):
    for code, (yes, no) in ANSWER_LETTERS.items():
        i18n.set_language(code)
        confirm, answered = answers_by_letter(ctx, Question("?", lambda: None))
        assert (confirm.yes.hint_text, confirm.no.hint_text) == (yes, no), code
        assert answered[yes.lower()] == answered["y"] == "yes", code
        assert answered[no.lower()] == answered["n"] == "no", code


def test_the_german_j_quits_the_game_and_the_french_o_deletes_a_profile(ctx):
    """End to end, as a player meets it: the language's letter does the action."""
    quits = []
    ctx.quit = lambda: quits.append(True)
    i18n.set_language("de")
    show(ctx, TitleScene(ctx))
    feed(ctx, ESC)
    feed(ctx, letter("j"))
    assert quits == [True]
    i18n.set_language("fr")
    ctx.storage.create_profile("Ann")
    stats = show(ctx, StatsScene(ctx))
    assert stats.delete_button.label == "Supprimer" and stats.delete_button.hint_text == "S"
    feed(ctx, letter("s"))
    assert isinstance(ctx.stack.top, ConfirmScene)
    assert ctx.stack.top.no.label == "Non" and ctx.stack.top.no.hint_text == "N"
    feed(ctx, letter("n"))
    assert ctx.stack.top is stats and ctx.storage.find_profile("Ann") is not None
    feed(ctx, letter("s"))
    feed(ctx, letter("o"))
    assert ctx.stack.top is stats and ctx.storage.find_profile("Ann") is None


def test_a_danish_reset_all_never_answers_yes_to_n(ctx, monkeypatch):
    """ "Nulstil alt" (reset all) starts with the N a Dane says no with: the button shows A."""
    i18n.set_language("da")
    question = questions(ctx, monkeypatch)["settings: reset every setting"]
    confirm, answered = answers_by_letter(ctx, question)
    assert (confirm.yes.label, confirm.yes.hint_text) == ("Nulstil alt", "A")
    assert (confirm.no.label, confirm.no.hint_text) == ("Annuller", "N")
    assert answered["n"] == "no" and answered["a"] == answered["j"] == "yes"


# ----------------------------------------------------------------------------- the menus
def presses_by_letter(ctx, scene, shortcuts: dict) -> dict[str, object]:
    """Each letter A-Z pressed on `scene` (through its own input): the button it pressed.
    The buttons, all enabled, only record their presses; the scene is shown again after a
    letter with another job (the pause key's) has taken it away."""
    pressed: list = []
    buttons = {id(b): b for b in [*shortcuts.values(), *scene.ring.buttons]}.values()
    for button in buttons:
        button.on_press = lambda b=button: pressed.append(b)
    result = {}
    for char in string.ascii_lowercase:
        if ctx.stack.top is not scene:
            show(ctx, scene)
        for button in buttons:
            button.enabled = True  # Continue with no saved game: its letter is tried too
        scene.handle(letter(char))
        ctx.stack.apply_pending()
        if getattr(scene, "page_name", "players") != "players":
            scene.show_page("players")  # the statistics' page key: back to the buttons
        if pressed:
            result[char] = pressed.pop()
        assert not pressed
    return result


def menus(ctx, monkeypatch) -> dict[str, Scene]:
    """The menus of buttons with letters, in the language in use."""
    monkeypatch.setattr("game.scenes.history.PAGE", 1)  # so that Older games shows
    for seed in (6, 7):
        record(ctx, finished(seed=seed))
    ctx.storage.create_profile("Ann")
    return {
        "title": show(ctx, TitleScene(ctx)),
        "pause": show(ctx, PauseScene(ctx, in_play())),
        "results": show(ctx, ResultsScene(ctx, finished())),
        "history": show(ctx, HistoryScene(ctx)),
        "statistics": show(ctx, StatsScene(ctx)),
    }


@pytest.mark.parametrize("code", sorted(ANSWER_LETTERS))
def test_each_letter_a_menu_button_shows_presses_it_and_no_other_letter_presses(
    ctx, monkeypatch, code
):
    i18n.set_language(code)
    for name, scene in menus(ctx, monkeypatch).items():
        shortcuts = dict(scene.shortcuts)
        where = f"{code} {name}: {[(b.label, b.hint_text) for b in scene.ring.buttons]}"
        pressed = presses_by_letter(ctx, scene, shortcuts)
        assert pressed == shortcuts, where
        assert len(set(map(id, shortcuts.values()))) == len(shortcuts), where  # one each
        for char, button in shortcuts.items():
            assert char.upper() in candidates(button.label), where
            if not callable(button.hint):  # a key of its own (Esc, Enter) stays shown
                assert button.hint == char.upper(), where
        if name == "pause":  # P, the key that opened the pause menu, closes it
            assert PAUSE_LETTER not in shortcuts, where
            below = ctx.stack.top
            show(ctx, PauseScene(ctx, in_play()))
            feed(ctx, letter(PAUSE_LETTER))
            assert ctx.stack.top is below, where


@pytest.mark.parametrize("code", ["es", "fr"])
def test_older_games_shown_as_p_loads_them_instead_of_leaving_the_history(ctx, monkeypatch, code):
    """Spanish "Partidas anteriores" and French "Parties plus anciennes" show P, which is also
    the pause key's letter: the letter shown wins."""
    i18n.set_language(code)
    monkeypatch.setattr("game.scenes.history.PAGE", 1)
    for seed in (6, 7):
        record(ctx, finished(seed=seed))
    scene = show(ctx, HistoryScene(ctx))
    assert scene.more_button.hint_text == "P"
    feed(ctx, letter("p"))
    assert ctx.stack.top is scene and len(scene.games) == 2 and not scene.more


def test_letters_keep_clear_of_keys_the_player_bound_to_full_screen_and_pause(ctx):
    """Full screen bound to S is done by the app before any menu sees it: Settings takes
    another letter. Pause bound to Q closes the pause menu: Quit to title takes another,
    and a question takes Q as No."""
    bindings = dict(ctx.settings.key_bindings, fullscreen=("s",), pause=("escape", "q"))
    ctx.apply_settings(ctx.settings.replace(key_bindings=bindings))
    title = show(ctx, TitleScene(ctx))
    assert [b.hint_text for b in title.buttons] == ["N", "C", "J", "E", "R", "T", "H", "Q"]
    pause = show(ctx, PauseScene(ctx, in_play()))
    assert [b.label for b in pause.buttons[1:]] == ["Settings", "Rules & help", "Quit to title"]
    assert [b.hint_text for b in pause.buttons[1:]] == ["E", "H", "T"]
    confirm, answered = answers_by_letter(ctx, Question("Quit?", lambda: None, yes_label="Quit"))
    assert (confirm.yes.hint_text, confirm.no.hint_text) == ("U", "N")
    assert answered == {"u": "yes", "y": "yes", "n": "no", "q": "no"}
