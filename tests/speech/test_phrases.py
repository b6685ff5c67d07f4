"""Every phrase speech makes, in all eight languages: said in that language (never the
English fallback where the catalogue has words), never empty, never over MAX_PHRASE."""

from __future__ import annotations

import random

import pytest

from game.i18n import LANGUAGES, set_language
from game.rules import CATEGORIES, GameConfig, Phase, Roll, Score, Variant
from game.rules.actions import Hold
from game.rules.game import Game
from game.speech import phrases
from game.speech.channel import MAX_PHRASE


def states(variant: Variant):
    """A game's states from the first roll to the end, three players, played by a fixed
    policy (hold the first die, score the first open box)."""
    config = GameConfig(("Ann", "Bob", "Cid"), variant=variant)
    game = Game.new(config, seed=4)
    rng = random.Random(4)
    seen = [game.state]
    over = (Phase.GAME_OVER, Phase.MATCH_OVER)
    while game.state.phase not in over and len(seen) < 1000:
        state = game.state
        legal = state.legal_actions()
        scores = [a for a in legal if isinstance(a, Score)]
        if state.dice is not None and state.rolls_left == 1 and Hold(0) in legal:
            action = Hold(0)
        elif scores and (state.rolls_left == 0 or rng.random() < 0.3):
            action = scores[0]
        elif Roll() in legal:
            action = Roll()
        else:
            action = rng.choice(legal)
        game.apply(action)
        seen.append(game.state)
    assert game.state.phase in over
    return seen


def every_phrase(state) -> list[str]:
    said = [phrases.read_dice(state), phrases.read_scores(state)]
    said += [phrases.whose_turn(state, person) for person in (True, False)]
    said += [phrases.read_card(state, c) for c in range(len(state.config.columns))]
    said += [phrases.button("Roll", on) for on in (True, False)]
    if state.dice is not None:
        said += [phrases.die(state, i) for i in range(5)]
        said += [phrases.hold_changed(state, i, h) for i in range(5) for h in (True, False)]
    card = state.config.card
    if state.phase is Phase.TURN:
        said += [phrases.box(state, c, full) for c in card.boxes for full in (True, False)]
    return said


@pytest.fixture(scope="module")
def games():
    return [states(Variant.OFFICIAL), states(Variant.YATZY)]


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_phrase_is_said_short_and_whole_in_every_language(games, language):
    set_language(language)
    try:
        said = {p for game in games for state in game for p in every_phrase(state)}
    finally:
        set_language("en")
    assert said and all(p.strip() for p in said)
    longest = max(said, key=len)
    assert len(longest) <= MAX_PHRASE, longest
    assert all("{" not in p for p in said)  # every placeholder filled
    english = {p for game in games for state in game for p in every_phrase(state)}
    if language != "en":
        # The turn, the dice and the card are said in the language, not in English.
        assert not {p for p in said if p.startswith(("Turn: ", "Dice ", "Die "))} & english


def test_the_english_phrases_read_as_the_issue_asks():
    config = GameConfig(("Ann",))
    game = Game.new(config, seed=2)
    game.apply(Roll())
    state = game.state
    dice = ", ".join(map(str, state.dice))
    assert phrases.read_dice(state) == f"Dice {dice}; 2 rolls left"
    assert phrases.whose_turn(state, True) == "Turn: Ann, 2 rolls left"
    threes = 3 * state.dice.count(3)
    assert phrases.box(state, CATEGORIES[2]) == f"Threes: open, scores {threes}"
    assert phrases.box(state, CATEGORIES[2], full=False) == f"Threes {threes}"
    assert (
        phrases.read_card(state, 0) == "Ann: total 0; upper 0, bonus needs 63 more; 13 boxes open"
    )


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_statistics_phrases_are_whole_and_short_in_every_language(language):
    set_language(language)
    try:
        said = [
            phrases.profile_figures("Ann", 12, 4.5, 9, 231.25, 280),
            phrases.profile_figures("Ann", 1, 1.0, 1, 200.0, 200),
            phrases.profile_figures("Ann", 3, 0.0, 0, 180.0, 190),
            phrases.profile_figures("CPU Expert", 0, 0.0, 0, None, None),
            phrases.high_scores("Official rules, 1 game", [("Ann", 280), ("Max", 254)] * 5),
            phrases.high_scores("Yatzy rules, match of 3", []),
        ]
    finally:
        set_language("en")
    assert all(p.strip() and "{" not in p and len(p) <= MAX_PHRASE for p in said), said
    assert all("Ann" in p for p in said[:3]) and "280" in said[4] and "254" in said[4]
    if language == "en":
        assert said[0] == "Ann: 12 games, best 280, average 231.2; 4.5 wins of 9 against others"
        assert said[1] == "Ann: 1 game, best 200, average 200.0; 1 win of 1 against others"
        assert said[2] == "Ann: 3 games, best 190, average 180.0"
        assert said[4] == "High scores, Official rules, 1 game: 1. Ann 280; 2. Max 254; 3. Ann 280"
    else:  # said in the language, not in English
        assert not any(p.startswith(("High scores", "Ann: 12 games")) for p in said)


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", "Pause or back: Escape. Left or Right or Up"),
        ("de", "Pause oder back: Escape. Left oder Right oder Up"),
        ("fr", "Pause ou back: Escape. Left ou Right ou Up"),
    ],
)
def test_a_choice_drawn_with_a_slash_is_said_with_the_languages_or(language, expected):
    # The help's key rows ("{left} / {right}") and the keys' names ("Pause / back") were
    # heard as "slash" in every language (translations-2, section 6.3).
    from game.speech.channel import Speaker

    set_language(language)
    try:
        speaker = Speaker()
        speaker.say("Pause / back: Escape.")
        speaker.say("Left / Right / Up")
        assert speaker.flush() == expected + "."
        speaker.say("2026/11/28 and 1/2")  # a slash with no spaces is no choice
        assert speaker.flush() == "2026/11/28 and 1/2."
    finally:
        set_language("en")
