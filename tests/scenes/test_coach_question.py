"""The question the table asks before a score: the check of a zero, and the coach's word on a
big mistake, said one way (the better choice and how much better it is)."""

from __future__ import annotations

from game.ai.exact.options import Keep
from game.rules import Category, Score
from game.scenes.table.coach import question
from game.storage.settings import Settings
from tests.ai.test_coach import situation

C = Category


def test_a_big_mistake_names_the_better_choice_and_how_much_better():
    state = situation((5, 5, 5, 1, 2), 0, {C.ONES: 3, C.TWOS: 6})
    settings = Settings(verify="off", confirm_big_mistakes=True, big_mistake_threshold=8.0)
    words = "The coach would score Fives: about 14.3 points better. Are you sure?"
    assert question(state, Score(C.CHANCE), settings) == (words, words)  # shown, said
    assert question(state, Score(C.FIVES), settings) is None  # the best choice asks nothing
    zeros = settings.replace(verify="zeros")
    both = "Score 0 in Yahtzee? The coach would score Fives: about 18.7 points better. "
    both += "Are you sure?"
    assert question(state, Score(C.YAHTZEE), zeros) == (both, both)


def test_a_keep_is_asked_about_in_the_same_words():
    from game.ai.coach.reasons import SAID, big_mistake

    assert big_mistake(Keep((6, 6)), 3.44) == (
        "The coach would keep 6-6: about 3.4 points better. Are you sure?"
    )
    assert big_mistake(Keep(()), 12.0).startswith("The coach would reroll all five: about 12.0")
    said = big_mistake(Keep((6, 6)), 3.44, joiner=SAID)  # as a voice says it: no minus signs
    assert said == "The coach would keep 6, 6: about 3.4 points better. Are you sure?"
