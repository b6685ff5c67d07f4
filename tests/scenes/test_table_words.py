"""The table's and the widgets' words in another language: every line goes through gettext
whole, its values put in by name (so a translation may reorder them), "You" and a name get
sentences of their own, labels kept as data are translated when shown, and a language
change shows at once. A small made-up German catalogue stands in for the real one."""

from __future__ import annotations

import gettext

import pygame
import pytest

from game import i18n
from game.match.seats import Seat
from game.rules import Category, Game, GameConfig, GameState, Roll, Score
from game.rules import events as ev
from game.rules.actions import Hold
from game.scenes.table.focus import BoxTarget
from game.scenes.table.messages import describe, progress, roll_line, undone_line
from game.ui.fonts import Fonts
from game.ui.forms import Toggle
from game.ui.scorecard_view import ScorecardView
from game.ui.seat_words import level_label
from game.ui.text import join_names, sentence_start
from game.ui.theme import STANDARD

GERMAN = {
    "You": "Du",
    "Full House": "Full House",
    "Chance": "Chance",
    "Total": "Gesamt",
    "Hard": "Schwer",
    "Red": "Rot",
    "On": "An",
    "{names}, {name}": "{names}, {name}",
    "{names} and {name}": "{names} und {name}",
    "You scored {points} in {box}": "Du trägst {points} in {box} ein",
    "{name} scored {points} in {box}": "{name} trägt {points} in {box} ein",
    "You win with {points}!": "Du gewinnst mit {points}!",
    "{name} wins with {points}!": "{name} gewinnt mit {points}!",
    "{names} tied on {total}: they roll again": "Gleichstand bei {total}: {names} würfeln neu",
    "Undone: score in {box}": "Zurückgenommen: {box} eintragen",
    "Undone: hold die {number}": "Zurückgenommen: Würfel {number} halten",
    "Turn {number} of {turns}": "Runde {number} von {turns}",
    ("{name} rolled {dice}: {n} roll left", 0): "{name} warf {dice}: noch {n} Wurf",
    ("{name} rolled {dice}: {n} roll left", 1): "{name} warf {dice}: noch {n} Würfe",
}


class Catalogue(gettext.NullTranslations):
    """A catalogue from a dict; plural forms keyed (singular, form) with German's rule."""

    def __init__(self, messages: dict) -> None:
        super().__init__()
        self.messages = messages

    def gettext(self, message: str) -> str:
        return self.messages.get(message, message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        form = 0 if n == 1 else 1
        return self.messages.get((singular, form), singular if form == 0 else plural)

    def pgettext(self, context: str, message: str) -> str:
        return self.messages.get((context, message), message)


@pytest.fixture
def german():
    i18n._install(Catalogue(GERMAN), "de")
    yield
    i18n._install(gettext.NullTranslations(), "en")


def test_a_sentence_about_you_and_one_about_a_name_are_translated_apart(german):
    config = GameConfig(("Du", "Bob"))  # the default seat, called "You" in German
    scored = ev.Scored(0, 0, Category.FULL_HOUSE, 25, (3, 3, 3, 5, 5), False, False)
    assert describe(scored, config) == "Du trägst 25 in Full House ein"
    bob = ev.Scored(1, 1, Category.CHANCE, 22, (3, 3, 5, 5, 6), False, False)
    assert describe(bob, config) == "Bob trägt 22 in Chance ein"
    assert describe(ev.GameOver(0, (240, 201), (0,)), config) == "Du gewinnst mit 240!"
    assert describe(ev.GameOver(0, (180, 201), (1,)), config) == "Bob gewinnt mit 201!"


def test_the_seat_called_you_in_english_still_gets_the_you_sentence(german):
    config = GameConfig(("You", "Bob"))  # a game begun in English, played on in German
    assert describe(ev.GameOver(0, (240, 201), (0,)), config) == "Du gewinnst mit 240!"


def test_values_go_where_the_translation_puts_them_and_lists_take_its_and(german):
    config = GameConfig(("Ann", "Bob", "Cid"))
    tied = ev.RollOffTied((0, 1, 2), 22)
    assert describe(tied, config) == "Gleichstand bei 22: Ann, Bob und Cid würfeln neu"
    assert join_names(["Ann", "Bob"]) == "Ann und Bob"
    assert join_names(["Ann"]) == "Ann" and join_names([]) == ""


def test_rolls_left_take_the_languages_plural(german):
    config = GameConfig(("Ann", "Bob"))
    one = ev.Rolled(0, 0, (1, 2, 3, 4, 6), (True,) * 5, 1)
    two = ev.Rolled(0, 0, (1, 2, 3, 4, 6), (True,) * 5, 2)
    assert roll_line(one, config) == "Ann warf 1-2-3-4-6: noch 1 Wurf"
    assert roll_line(two, config) == "Ann warf 1-2-3-4-6: noch 2 Würfe"


def test_an_undo_says_one_whole_sentence(german):
    config = GameConfig(("Ann",))
    assert undone_line(Score(Category.CHANCE), config) == "Zurückgenommen: Chance eintragen"
    assert undone_line(Hold(1), config) == "Zurückgenommen: Würfel 2 halten"
    state = GameState.new(config)[0]
    assert progress(state) == "Runde 1 von 13"


def test_labels_kept_as_data_are_translated_when_shown(german):
    assert level_label(Seat("Max", "hard")) == "Schwer" and level_label(Seat("Ann")) == ""
    assert STANDARD.player_name(0) == "Rot"


def test_a_first_capital_leaves_the_other_letters_alone():
    assert sentence_start("die Würfel sind schon gehalten") == "Die Würfel sind schon gehalten"
    assert sentence_start("") == ""


def test_the_scorecard_and_a_switch_speak_the_language_laid_out_in():
    pygame.init()
    fonts = Fonts()
    view = ScorecardView(fonts, STANDARD)
    state = GameState.new(GameConfig(("Ann", "Bob")))[0]
    rect = pygame.Rect(0, 0, 600, 700)
    surface = pygame.Surface((640, 740), pygame.SRCALPHA)
    view.layout(rect, state)
    assert view.labels["total"] == "Total"
    view.draw(surface, state, [(200, 0, 0), (0, 0, 200)], None, None, None, 0)
    english = surface.copy()
    toggle = Toggle(lambda: True, lambda value: None, rect=pygame.Rect(0, 0, 200, 40))
    try:
        i18n._install(Catalogue(GERMAN), "de")
        view.layout(rect, state)  # the app lays every scene out again on a language change
        assert view.labels["total"] == "Gesamt"
        view.draw(surface, state, [(200, 0, 0), (0, 0, 200)], None, None, None, 0)
        # The same state and size: the cached card was drawn again, in German.
        assert pygame.image.tobytes(surface, "RGBA") != pygame.image.tobytes(english, "RGBA")
        drawn = []
        real = fonts.get

        def spy(*args, **kwargs):
            font = real(*args, **kwargs)
            return _Recorder(font, drawn)

        fonts.get = spy
        toggle.draw(pygame.Surface((200, 40)), STANDARD, fonts, False)
        assert "An" in drawn
    finally:
        i18n._install(gettext.NullTranslations(), "en")


class _Recorder:
    """A font that notes what it renders."""

    def __init__(self, font, drawn: list[str]) -> None:
        self._font, self._drawn = font, drawn

    def render(self, text, *args):
        self._drawn.append(text)
        return self._font.render(text, *args)

    def __getattr__(self, name):
        return getattr(self._font, name)


def test_figures_are_written_the_languages_way(german):
    from game.scenes.table.chances import chance_text
    from game.scenes.table.coach import CoachOverlay
    from game.storage.settings import Settings
    from game.ui.charts import tick_label

    assert [chance_text(c) for c in (0.001, 0.424, 0.999)] == ["<1\xa0%", "42\xa0%", ">99\xa0%"]
    assert [tick_label(t) for t in (2.5, 1500.0)] == ["2,5", "1500"]

    class Decision:
        cost = 3.25
        best = Score(Category.CHANCE)

    coach = CoachOverlay()
    settings = Settings().replace(grading=True, grading_threshold=1.0)
    state = GameState.new(GameConfig(("Ann", "Ben")))[0]
    coach.note_grade(Decision(), settings, "Ann", 0, state)
    assert coach.grade_note(state).endswith("3,2 points better")


def test_boxes_are_named_as_the_games_card_names_them_and_a_letter_jumps_by_the_shown_name():
    from game.rules import Variant
    from game.scenes.table.focus import box_by_letter

    yatzy = GameConfig(("Ann", "Bob"), variant=Variant.YATZY)
    five = ev.Scored(0, 0, Category.YAHTZEE, 50, (4,) * 5, False, False)
    assert describe(five, yatzy) == "YATZY! Ann scored 50"
    chance = ev.Scored(0, 0, Category.CHANCE, 21, (4, 4, 4, 4, 5), False, False)
    assert describe(chance, yatzy) == "Ann scored 21 in Chance"
    assert describe(ev.UpperBonusEarned(1), yatzy) == "Upper bonus for Bob: +50!"
    assert describe(ev.UpperBonusEarned(1), GameConfig(("Ann", "Bob"))) == (
        "Upper bonus for Bob: +35!"
    )
    state = rolled(GameConfig(("Ann",)))
    assert box_by_letter(state, "c", None) == BoxTarget(Category.CHANCE)
    on_yatzy = rolled(GameConfig(("Ann",), variant=Variant.YATZY))
    assert box_by_letter(on_yatzy, "y", None) == BoxTarget(Category.YAHTZEE)
    assert box_by_letter(state, "z", None) is None
    try:
        i18n._install(Catalogue({"Chance": "Zufall"}), "de")
        assert box_by_letter(state, "z", None) == BoxTarget(Category.CHANCE)
        assert box_by_letter(state, "c", None) is None
    finally:
        i18n._install(gettext.NullTranslations(), "en")


def rolled(config: GameConfig) -> GameState:
    """A game's state after its first roll (seeded): every box open to score."""
    game = Game.new(config, seed=3)
    game.apply(Roll())
    return game.state
