"""The honest blind test, short (game.tools.blind_play): the real app at normal speed and the
default CPU pace, a real private speech-dispatcher, a bot that acts only on what the service
says it finished saying, and a stand-in screen reader. Two turns against a CPU, the second at
Brief, then one in German: nothing important is cut by the game, nothing is never said, the
reader is never stopped, a CPU's turn at Brief takes under 8 s of speech, and every action the
bot took was legal (the rules replay its game)."""

from __future__ import annotations

import pytest

from game.tools.blind_play import BRIEF_TURN_LIMIT, blind_test
from game.tools.speechbed import missing
from tests.heavy import HEAVY_TIMEOUT


@pytest.mark.heavy
@pytest.mark.timeout(max(HEAVY_TIMEOUT, 1500))
def test_a_short_game_by_ear_against_the_real_speech_service():
    absent = missing()
    if absent:
        pytest.skip(f"no private speech-dispatcher here: {', '.join(absent)} not installed")
    outcome = blind_test(cpus=1, rounds=2, seed=21, brief_from=2, german_rounds=1)
    english, german = outcome.games
    assert english.turns == 3 and german.turns == 2  # two turns of mine each, then stopped
    tally = outcome.tally
    assert tally.important > 0 and tally.important_cut == []
    assert tally.never_begun == []
    assert tally.reader_phrases > 0 and tally.reader_stopped == 0
    assert len(tally.latencies) > 50  # keys answered, and timed
    assert outcome.brief and max(outcome.brief) < BRIEF_TURN_LIMIT
    heard = english.ears.whole
    assert "Speech says: Brief" in heard  # the settings tour
    assert any(p.startswith("Undone: hold die") for p in heard)  # undo
    assert any(p.startswith("Ada: total") for p in heard)  # F5, another card
    assert "Rules and help" in heard  # help
    assert any("würfelt" in p or "gewürfelt" in p for p in german.ears.whole)  # German
