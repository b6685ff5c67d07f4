"""The results, statistics and history screens take their buttons' letters from the labels as
shown, as the title and the pause menu do: in German Review is "Analyse", so its key is A, the
button shows A, and A does what the button does. Keys that belong to no button's label (Enter,
Esc, Delete, Tab) stay. A sentence that names a key ("N makes one") names the one in use."""

from __future__ import annotations

import gettext

from game import i18n
from game.match.replay import ReplaySession
from game.scenes.confirm import ConfirmScene
from game.scenes.history import HistoryScene
from game.scenes.nav import AfterResults
from game.scenes.profile_name import ProfileNameScene
from game.scenes.results import ResultsScene
from game.scenes.stats import StatsScene
from game.scenes.title import TitleScene
from game.ui.input import key_label
from tests.driver import ENTER, ESC, feed, letter, show
from tests.scenes.conftest import SIZE
from tests.scenes.test_menus import Recorder as Below
from tests.scenes.test_review_stats import finished, record

from .recording import Recorder


def hints(buttons) -> list[str]:
    return [button.hint_text for button in buttons]


# ----------------------------------------------------------------------------- results
def test_the_results_buttons_letters_are_the_german_labels_and_do_their_jobs(ctx, monkeypatch):
    i18n.set_language("de")
    session = finished()
    reviewed, replayed = [], []
    monkeypatch.setattr(ctx.nav, "review_session", reviewed.append)
    monkeypatch.setattr(ctx.nav, "replay", replayed.append)
    results = show(ctx, ResultsScene(ctx, session))
    labels = [b.label for b in results.buttons]
    assert labels == ["Noch mal spielen", "Analyse", "Ansehen", "Hauptmenü"]
    # Ansehen's A is Analyse's: it takes the next of its letters not taken, S.
    assert hints(results.buttons) == ["N", "A", "S", "H"]
    feed(ctx, letter("r"), letter("y"), letter("t"))  # the English letters do nothing
    assert ctx.stack.top is results and reviewed == replayed == []
    feed(ctx, letter("a"))
    assert reviewed == [session] and results.ring.focused is results.buttons[1]
    feed(ctx, letter("s"))
    (replay,) = replayed
    assert isinstance(replay, ReplaySession) and len(replay) == len(session.game.log)
    feed(ctx, letter("h"))
    assert [type(s) for s in ctx.stack.scenes] == [TitleScene]


def test_the_end_of_a_replay_has_german_letters_too(ctx):
    i18n.set_language("de")
    base = show(ctx, Below(ctx))
    replay = ReplaySession.from_session(finished(seed=2))
    replay.seek(len(replay))
    results = show(ctx, ResultsScene(ctx, replay))
    assert [b.label for b in results.buttons] == ["Analyse", "Noch mal ansehen", "Zurück"]
    assert hints(results.buttons) == ["A", "N", "Z"]
    feed(ctx, letter("z"))
    assert ctx.stack.top is base and base.results == [AfterResults.LEAVE]


def test_in_english_the_results_keep_their_letters_but_replay_is_e(ctx, monkeypatch):
    replayed = []
    monkeypatch.setattr(ctx.nav, "replay", replayed.append)
    results = show(ctx, ResultsScene(ctx, finished()))
    # Review has the R: Replay's first letter not taken is its E.
    assert hints(results.buttons) == ["P", "R", "E", "T"]
    feed(ctx, letter("e"))
    assert len(replayed) == 1


# ----------------------------------------------------------------------------- statistics
def test_the_statistics_letters_are_the_german_labels_and_do_their_jobs(ctx):
    i18n.set_language("de")
    ctx.storage.create_profile("Ann")
    scene = show(ctx, StatsScene(ctx))
    buttons = scene.ring.buttons
    assert [b.label for b in buttons] == ["Neu", "Umbenennen", "Löschen", "Yatzy-Block", "Zurück"]
    assert hints(buttons)[:4] == ["N", "U", "L", "Y"]
    assert scene.back.hint_text == ctx.input.label("back")  # Esc's, as before
    feed(ctx, letter("u"))
    assert isinstance(ctx.stack.top, ProfileNameScene) and "Ann" in ctx.stack.top.title
    feed(ctx, ESC)
    feed(ctx, letter("l"))
    assert isinstance(ctx.stack.top, ConfirmScene)
    feed(ctx, ESC)
    assert ctx.stack.top is scene and scene.selected_name == "Ann"
    # The card button names the card it shows next, and its letter follows its label. The
    # page key is the High scores tab's (Bestenliste): B, both ways; the players' buttons'
    # letters do nothing on the other page.
    assert [walk(ctx, scene, key) for key in "yykhbnb"] == [
        ("yatzy", "players", "K"),  # Kniffelblock's
        ("yatzy", "players", "K"),
        ("american", "players", "Y"),
        ("american", "players", "Y"),
        ("american", "scores", "Y"),
        ("american", "scores", "Y"),
        ("american", "players", "Y"),
    ]
    feed(ctx, letter("n"))
    assert isinstance(ctx.stack.top, ProfileNameScene)


def test_in_english_the_statistics_card_button_is_the_cards_initial_and_h_turns_the_page(ctx):
    scene = show(ctx, StatsScene(ctx))
    assert hints(scene.ring.buttons)[:4] == ["N", "R", "D", "Y"]  # Yatzy card
    assert [walk(ctx, scene, key) for key in "yahh"] == [
        ("yatzy", "players", "A"),  # American card's
        ("american", "players", "Y"),
        ("american", "scores", "Y"),
        ("american", "players", "Y"),
    ]


def test_the_high_scores_tab_shows_the_page_key_in_use(ctx, monkeypatch):
    recorder = Recorder().install(monkeypatch)
    ctx._derive()  # fonts that record what they render
    i18n.set_language("de")
    scene = show(ctx, StatsScene(ctx))
    ctx.stack.draw(recorder.canvas(SIZE))
    tab = scene.screen.tabs["scores"]
    inside = [d.text for d in recorder.drawn if tab.collidepoint(d.rect.center)]
    assert inside == ["Bestenliste", "B"]  # Bestenliste's letter, small in its corner
    i18n.set_language("en")
    scene = show(ctx, StatsScene(ctx))
    recorder.drawn.clear()
    ctx.stack.draw(recorder.canvas(SIZE))
    inside = [
        d.text for d in recorder.drawn if scene.screen.tabs["scores"].collidepoint(d.rect.center)
    ]
    assert inside == ["High scores", "H"]


def walk(ctx, scene: StatsScene, key: str) -> tuple[str, str, str]:
    """The card and the page shown, and the card button's letter, after `key` (which must
    leave the statistics on top)."""
    feed(ctx, letter(key))
    assert ctx.stack.top is scene
    return scene.card, scene.page_name, scene.card_button.hint_text


class Anlegen(gettext.NullTranslations):
    """A language whose New is "Anlegen": its key is A, which the sentences must say."""

    WORDS = {
        "New": "Anlegen",
        "{key} makes one": "{key} legt eines an",
        "No profiles yet": "Noch keine Profile",
    }

    def gettext(self, message: str) -> str:
        return self.WORDS.get(message, message)


def test_the_sentences_about_making_a_profile_name_the_key_in_use(ctx, monkeypatch):
    recorder = Recorder().install(monkeypatch)
    ctx._derive()  # fonts that record what they render
    i18n._install(Anlegen(), "xx")
    try:
        scene = show(ctx, StatsScene(ctx))
        assert scene.new_button.hint_text == "A"
        ctx.stack.draw(recorder.canvas(SIZE))
        words = recorder.words()
        assert "A legt eines an" in words and "N legt eines an" not in words
        page = " ".join(drawn.text for drawn in recorder.drawn)  # its lines, in order
        assert "(A makes one beforehand)" in page
        feed(ctx, letter("a"))
        assert isinstance(ctx.stack.top, ProfileNameScene)
    finally:
        i18n.set_language("en")


# ----------------------------------------------------------------------------- history
def test_the_history_letters_are_the_german_labels_and_do_their_jobs(ctx, monkeypatch):
    monkeypatch.setattr("game.scenes.history.PAGE", 1)  # so that Older games shows
    i18n.set_language("de")
    games = [record(ctx, finished(seed=seed)) for seed in (6, 7)]
    reviewed = []
    monkeypatch.setattr(ctx.nav, "review_log", reviewed.append)
    scene = show(ctx, HistoryScene(ctx))
    buttons = scene.ring.buttons
    assert [b.label for b in buttons] == ["Ansehen", "Analyse", "Ältere Spiele", "Zurück"]
    # Ansehen is Enter's and Zurück Esc's; Ältere Spiele's A is Analyse's: S.
    assert hints(buttons) == [key_label("return"), "A", "S", ctx.input.label("back")]
    feed(ctx, letter("r"), letter("o"))  # the English letters do nothing
    assert reviewed == [] and len(scene.games) == 1
    feed(ctx, letter("s"))
    assert sorted(g.id for g in scene.games) == sorted(games) and not scene.more
    assert scene.more_button not in scene.ring.buttons
    feed(ctx, letter("a"))
    chosen = ctx.storage.load_log(scene.games[scene.selected].id)
    assert [log.game.log for log in reviewed] == [chosen.game.log]


def test_the_history_keeps_enter_and_its_english_letters(ctx, monkeypatch):
    monkeypatch.setattr("game.scenes.history.PAGE", 1)
    games = [record(ctx, finished(seed=seed)) for seed in (6, 7)]
    replayed = []
    monkeypatch.setattr(ctx.nav, "replay", replayed.append)
    scene = show(ctx, HistoryScene(ctx))
    assert hints(scene.ring.buttons) == ["Enter", "R", "O", ctx.input.label("back")]
    feed(ctx, letter("o"))
    assert sorted(g.id for g in scene.games) == sorted(games)
    feed(ctx, ENTER)  # the focus is still on Replay, which Enter presses
    assert len(replayed) == 1
