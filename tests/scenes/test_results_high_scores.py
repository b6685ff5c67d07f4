"""The results screen says where a finished match entered the high scores (issue 24:
Storage.last_finished, set when the match is filed, is read by the results scene)."""

from __future__ import annotations

from game.match.replay import ReplaySession
from game.match.seats import Seat
from game.match.session import Session
from game.rules import GameConfig, Phase, Roll, Score, StartOrder
from game.scenes.results import ResultsScene


def played(seats: list[Seat], seed: int) -> Session:
    """A seeded one-game match played to its end: roll once, then take the box worth most."""
    config = GameConfig(tuple(s.name for s in seats), start=StartOrder.SEATED)
    session = Session.new(config, seats, seed=seed)
    while session.state.phase is not Phase.MATCH_OVER:
        state = session.state
        if state.dice is None:
            session.apply(Roll())
            continue
        options = state.score_options()
        session.apply(Score(max(options, key=lambda c: (options[c], -c.value))))
    return session


def results_after_filing(ctx, session: Session) -> ResultsScene:
    """As the table does: the last action saves (files) the match, then the results open."""
    ctx.save_session(session)
    ctx.nav.results(session)
    ctx.stack.apply_pending()
    scene = ctx.stack.top
    assert isinstance(scene, ResultsScene)
    return scene


def test_a_solitaire_says_its_place_in_the_high_scores(ctx):
    # Seeds 4, 3 and 6 score 152, 39 and 130 as played here.
    first = results_after_filing(ctx, played([Seat("Ann")], seed=4))
    assert first.verdict.detail.endswith(" Ann enters the high scores at number 1.")
    second = results_after_filing(ctx, played([Seat("Ann")], seed=3))
    assert second.verdict.detail.endswith(" Ann enters the high scores at number 2.")
    third = results_after_filing(ctx, played([Seat("Ann")], seed=6))
    assert third.verdict.detail.endswith(" Ann enters the high scores at number 2.")
    assert [s.score for s in ctx.storage.high_scores("official")] == [152, 130, 39]


def test_only_people_enter_and_you_is_spoken_to(ctx):
    seats = [Seat("You", colour=0), Seat("Ada", "hard", colour=1)]
    scene = results_after_filing(ctx, played(seats, seed=5))
    assert scene.verdict.detail.endswith(" You enter the high scores at number 1.")
    assert scene.verdict.detail.count("high scores") == 1  # the CPU enters none


def test_no_place_is_claimed_for_a_replay_or_a_game_not_filed(ctx):
    session = played([Seat("Ann")], seed=3)
    results_after_filing(ctx, session)
    replay = ResultsScene(ctx, ReplaySession.from_session(session))
    assert "high scores" not in replay.verdict.detail
    other = played([Seat("Ann")], seed=9)  # finished, but never saved: not in the records
    assert "high scores" not in ResultsScene(ctx, other).verdict.detail
    again = results_after_filing(ctx, session)  # filed before: it enters nothing new
    assert "high scores" not in again.verdict.detail
