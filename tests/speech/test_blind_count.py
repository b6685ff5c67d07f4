"""The blind test's count of a CPU's turn (game.tools.blind_play.cpu_turns), on utterances
as the service reported them: a turn is what the CPU's name begins, not every utterance that
names it."""

from __future__ import annotations

import pytest

from game.speech.client import Utterance
from game.tools.blind_play import Game, cpu_turns


def heard(at: float, length: float, text: str) -> Utterance:
    return Utterance(text, sent=at, begun=at, ended=at + length)


def test_a_cpus_turn_is_what_its_name_begins_not_what_names_it_at_the_end():
    game = Game("en", 2, others=["Ada", "Max"], turn_keys=[0.0, 100.0])
    game.ears.keys = [(0.0, "f7"), (100.0, "f7")]
    game.ears.utterances = [
        # Mine, after a dialog: the table says where the game stands as it comes back.
        heard(10.0, 6.0, "You scored 0 in Twos. Your total: 170. Turn: Ada."),
        heard(20.0, 6.5, "Ada, 3 rolls: 5 2 6 2 5; 0 in Yahtzee, total 143."),
        heard(30.0, 5.7, "Max, 3 rolls: 6 2 4 1 2; 1 in Ones, total 216."),
        heard(40.0, 17.4, "Results. Max wins! Scores: You 183, Ada 151, Max 241."),
    ]
    assert cpu_turns(game) == [(20.0, pytest.approx(6.5), True), (30.0, pytest.approx(5.7), True)]


def test_at_full_a_turn_runs_from_its_first_phrase_to_its_score_with_all_between():
    game = Game("en", 1, others=["Ada"], turn_keys=[0.0])
    game.ears.keys = [(0.0, "f7")]
    game.ears.utterances = [
        heard(10.0, 0.5, "Ada rolls..."),
        heard(11.0, 4.0, "Ada rolled 4, 2, 4, 5, 1: 2 rolls left."),
        heard(16.0, 1.0, "Held 4."),
        Utterance("Held 2.", sent=18.0, begun=18.0, cut=18.4),
        heard(19.0, 5.0, "Ada scored 3 in Ones. Ada: total 68. Your turn."),
    ]
    assert cpu_turns(game) == [(10.0, pytest.approx(0.5 + 4.0 + 1.0 + 0.4 + 5.0), False)]
