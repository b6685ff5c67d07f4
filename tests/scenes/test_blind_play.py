"""Whole games by ear: the blind bot (game.tools.blind_play) hears only the speech channel
and presses only keys, from the title through the setup to the results, and every game ends
with both (all) cards full, the totals it heard the rules' totals."""

from __future__ import annotations

import pytest

from game.rules import Phase
from game.rules.game import Game
from game.speech.channel import MAX_PHRASE
from game.tools.blind_play import play
from tests.heavy import HEAVY_TIMEOUT


def check(played, session, seats: int) -> None:
    assert session is not None, played.phrases[-20:]
    state = session.state
    assert state.phase in (Phase.GAME_OVER, Phase.MATCH_OVER)
    assert len(state.config.players) == seats
    assert all(card.is_complete for card in state.results[-1].cards)
    totals = state.results[-1].totals
    heard = [played.scores[name] for name in state.config.players]
    assert heard == list(totals)  # what the results said is what the rules counted
    assert played.refusals == []
    assert played.turns == len(state.config.card.boxes)
    assert max(len(p) for p in played.phrases) <= MAX_PHRASE
    again = Game.replay(session.game.config, session.game.start_rng, list(session.game.log))
    assert again.state == session.game.state  # every action the bot took was legal


@pytest.mark.timeout(300)
def test_a_solitaire_game_by_ear():
    played, session = play(cpus=0, variant="Official", seed=5)
    check(played, session, 1)


@pytest.mark.timeout(300)
def test_a_game_against_two_cpus_by_ear():
    played, session = play(cpus=2, variant="Official", seed=6)
    check(played, session, 3)


@pytest.mark.heavy
@pytest.mark.timeout(HEAVY_TIMEOUT)
@pytest.mark.parametrize("cpus", [0, 2])
def test_yatzy_games_by_ear(cpus):
    played, session = play(cpus=cpus, variant="Yatzy", seed=8)
    check(played, session, 1 + cpus)
    card = session.state.config.card
    assert card.label(card.boxes[-1]) == "Yatzy"  # the Scandinavian card was played
