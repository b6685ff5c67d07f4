"""The menus' and pages' words in another language: every label, paragraph and sentence of
the title, pause, help, setup, statistics, history, results and review goes through gettext
(a made-up catalogue that marks what it translates shows the ones that do not); counted
words take the language's plural form; sentences about You, one player or a team are
translated apart; and the menus under Settings show a language chosen there on return."""

from __future__ import annotations

import gettext

import pytest

from game import i18n
from game.match.session import Session
from game.rules import GameConfig, TeamMode
from game.scenes.help import help_text
from game.scenes.history import describe_rules
from game.scenes.pause import PauseScene
from game.scenes.results.summary import _says, card_rows, match_rows
from game.scenes.review.page import moment_text
from game.scenes.review.win_part import cost_sentence
from game.scenes.setup.controls import KIND_LABELS
from game.scenes.setup.scene import SetupScene
from game.scenes.stats.pages import describe_table, figures
from game.scenes.stats.profiles import shown_name
from game.scenes.title import TitleScene
from game.storage import CPU_PROFILES
from tests.scenes.test_menus import seats_for, show

MARK = "\u00bb"  # what the made-up catalogue puts before every message it translates


class Marking(gettext.NullTranslations):
    """Every message "translated" by a mark in front; plural forms picked as German does."""

    def gettext(self, message: str) -> str:
        return MARK + message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return MARK + (singular if n == 1 else plural)

    def pgettext(self, context: str, message: str) -> str:
        return MARK + message


@pytest.fixture
def marking():
    i18n._install(Marking(), "xx")
    yield
    i18n._install(gettext.NullTranslations(), "en")


def test_the_title_and_the_pause_menu_relabel_in_a_language_chosen_in_settings(ctx):
    title = show(ctx, TitleScene(ctx))
    title.layout((1280, 800))
    assert title.buttons[0].label == "New game"
    session = Session.new(GameConfig(("Ann", "Bob"), games=3), seats_for(("Ann", "Bob")))
    pause = show(ctx, PauseScene(ctx, session))
    pause.layout((1280, 800))
    i18n._install(Marking(), "xx")  # as Settings, pushed over either, would do
    try:
        title.resume()
        pause.resume()
        assert [b.label for b in title.buttons] == [
            MARK + text
            for text in (
                "New game",
                "Continue",
                "Join a table",
                "Settings",
                "Rules & help",
                "Statistics",
                "History",
                "Quit",
            )
        ]
        assert [b.label for b in pause.buttons] == [
            MARK + text for text in ("Resume", "Settings", "Rules & help", "Quit to title")
        ]
        assert pause._describe() == MARK + "Game 1 of 3 \u00b7 " + MARK + "Official rules"
    finally:
        i18n._install(gettext.NullTranslations(), "en")
    title.resume()
    assert title.buttons[0].label == "New game"


def test_every_part_heading_and_paragraph_of_the_help_is_translated(ctx, marking):
    blocks = help_text(ctx.input)
    assert len(blocks) > 60
    for kind, content in blocks:
        text = content[1] if kind == "row" else content
        assert text.startswith(MARK), (kind, content)
    # The key column is a key's name, or words that are translated too.
    keys = [content[0] for kind, content in blocks if kind == "row"]
    assert MARK + "Ones to Sixes" in keys and MARK + "Hint (H)" in keys
    assert MARK + "1 to 5" in keys  # a range of keys is one message with its keys in it


def test_the_setup_shows_and_explains_every_choice_in_the_language(ctx, marking):
    setup = SetupScene(ctx)
    for control in setup.option_controls:
        assert control.label.startswith(MARK) and control.text().startswith(MARK)
        assert control.describe().startswith(MARK), control.key
    # The seats: who plays them and what each control does.
    you, ada, _max = setup.seat_controls
    assert you[0].get() == MARK + "You"  # the default seat's name is the player's word
    assert you[1].text() == MARK + "Person" and ada[1].text() == MARK + "CPU Medium"
    for control in (c for row in setup.seat_controls for c in row):
        words = control.help() if callable(control.help) else control.help
        assert words.startswith(MARK), control.key
        assert not getattr(control, "label", "") or control.label.startswith(MARK)
    assert setup.start_button.label == MARK + "Start game"
    match = setup.option_controls[1]
    assert match.text() == MARK + "1 game"
    match.step(1)
    assert match.text() == MARK + "2 games"


def test_a_cpu_levels_record_is_named_in_the_language_as_the_setup_names_the_level(marking):
    # The records' ids are English ("CPU Expert"); the setup marks the same words.
    assert set(CPU_PROFILES) <= set(KIND_LABELS.values())
    assert shown_name("CPU Expert") == MARK + "CPU Expert"
    assert shown_name("Ann") == "Ann"  # a person's name is never translated


def test_the_rules_of_a_table_or_a_game_are_one_counted_message(marking):
    assert describe_table("official", 1) == MARK + MARK + "Official rules, 1 game"
    assert describe_table("free", 3) == MARK + MARK + "Free rules, match of 3"


def test_the_history_names_a_variant_it_does_not_know_by_its_id(marking):
    class Summary:
        variant, games = "kniffel", 2

    assert describe_rules(Summary()) == MARK + "kniffel rules, match of 2"


def test_the_statistics_figures_are_labelled_in_the_language(marking):
    from game.storage.stats import ProfileStats, Tally

    labels = [
        label for label, _value in figures(ProfileStats.from_tally("Ann", Tally()), "american")
    ]
    assert labels and all(label.startswith(MARK) for label in labels)


def test_a_verdict_about_you_one_player_or_a_team_is_its_own_sentence():
    forms = ("{name} wins!", "{name} win!", "You win!")
    solo = Session.new(GameConfig(("You", "Bob")), seats_for(("You", "Bob")))
    assert _says(solo, 0, *forms) == "You win!"
    assert _says(solo, 1, *forms) == "Bob wins!"
    # At a network table only this screen's own seat is "you", whatever the names.
    solo.own_seats = frozenset({1})
    assert _says(solo, 0, *forms) == "You wins!"
    assert _says(solo, 1, *forms) == "You win!"
    config = GameConfig(("Ann", "Bob", "Cy", "Di"), team_mode=TeamMode.COMBINED, teams=(0, 1, 0, 1))
    teams = Session.new(config, seats_for(config.players))
    assert _says(teams, 0, *forms) == f"{config.competitor_name(0)} win!"


def test_the_results_tables_heads_are_translated(marking):
    config = GameConfig(("Ann", "Bob"), games=4)
    session = Session.new(config, seats_for(("Ann", "Bob")))
    heads = card_rows(session, lambda c: (0, 0, 0))[0][2]
    assert heads == [MARK + h for h in ("Upper", "Bonus", "Lower", "Yahtzee bonus", "Total")]
    # Four games and more: the short form of each game's head.
    assert match_rows(session, lambda c: (0, 0, 0))[0][2] == [
        *(MARK + f"G{n}" for n in range(1, 5)),
        MARK + "Total",
    ]


def test_a_decisions_moment_takes_the_plural_form_of_its_rolls_left(marking):
    assert moment_text(7, 1) == MARK + "Turn 7, 1 roll left"
    assert moment_text(7, 2) == MARK + "Turn 7, 2 rolls left"
    assert moment_text(13, 0) == MARK + "Turn 13, after the last roll"
    assert cost_sentence(None, match=True) == MARK + "No decision cost any chance to win the match."
