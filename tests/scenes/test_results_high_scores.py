"""The results screen says where a finished match entered the high scores (issue 24:
Storage.last_finished, set when the match is filed, is read by the results scene)."""

from __future__ import annotations

from game.match.replay import ReplaySession
from game.match.seats import Seat
from game.match.session import Session
from game.rules import GameConfig, Phase, Roll, Score, StartOrder, Variant
from game.scenes.results import ResultsScene
from game.scenes.results.summary import HIGH_SCORES_TELLING, telling_places


def played(seats: list[Seat], seed: int, variant: Variant = Variant.OFFICIAL) -> Session:
    """A seeded one-game match played to its end: roll once, then take the box worth most."""
    config = GameConfig(tuple(s.name for s in seats), variant=variant, start=StartOrder.SEATED)
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


def test_a_solitaire_says_its_place_once_the_high_scores_mean_something(ctx):
    """On a fresh install every game "entered the high scores at number 3" (issue 33): a
    place is told once the table holds HIGH_SCORES_TELLING scores."""
    for seed in range(20, 20 + HIGH_SCORES_TELLING - 1):
        early = results_after_filing(ctx, played([Seat("Ann")], seed=seed))
        assert "high scores" not in early.verdict.detail
    held = sorted((s.score for s in ctx.storage.high_scores("official")), reverse=True)
    assert len(held) == HIGH_SCORES_TELLING - 1
    tenth = results_after_filing(ctx, played([Seat("Ann")], seed=4))  # 152 as played here
    place = 1 + sum(score > 152 for score in held)
    assert tenth.verdict.detail.endswith(f" Ann enters the high scores at number {place}.")


def test_a_loser_is_not_told_a_place_and_a_winner_is(ctx):
    session = played([Seat("Ann", colour=0), Seat("Bob", colour=1)], seed=5)
    (winner,) = session.state.results[-1].winners
    assert telling_places(session, {0: 1, 1: 2}, held=12) == {winner: winner + 1}
    assert telling_places(session, {0: 1, 1: 2}, held=HIGH_SCORES_TELLING - 1) == {}


def test_a_yatzy_solitaire_quotes_the_yatzy_cards_record(ctx):
    """After an American game of 152, a Yatzy game said "Personal best 152. Average ... over
    2 games": the American card's record (issue 33)."""
    ctx.storage.create_profile("Ann")
    ann = Seat("Ann", profile="Ann")
    american = results_after_filing(ctx, played([ann], seed=4))
    assert american.verdict.detail.startswith("A first game on record")
    yatzy = played([ann], seed=4, variant=Variant.YATZY)
    scene = results_after_filing(ctx, yatzy)
    points = yatzy.state.results[-1].totals[0]
    assert scene.verdict.detail.startswith(
        f"A first game on record: the personal best to beat. Average {points}.0 over 1 game."
    )


def test_only_people_enter_and_you_is_spoken_to(ctx):
    for seed in range(20, 20 + HIGH_SCORES_TELLING):
        results_after_filing(ctx, played([Seat("Ann")], seed=seed))
    seats = [Seat("You", colour=0), Seat("Ada", "beginner", colour=1)]
    seed = next(seed for seed in range(40) if played(seats, seed).state.results[-1].winners == (0,))
    scene = results_after_filing(ctx, played(seats, seed))
    assert " You enter the high scores at number " in scene.verdict.detail
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
