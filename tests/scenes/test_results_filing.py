"""The results screen knows a game not filed yet from a guest's (issue 30, N8), and what it
asks at Play again names the real cause of a refusal (N13)."""

from __future__ import annotations

from game.match.seats import Seat
from game.scenes.results import ResultsScene
from tests.scenes.test_small_things import finish, greedy, show, solitaire
from tests.storage.test_storage_contention import held


def records_held(ctx):
    """Another program holds the records: nothing can be filed meanwhile."""
    return held(ctx.storage.paths.records)


def test_another_game_waiting_to_be_filed_does_not_make_a_profiled_player_a_guest(ctx):
    """N8: "Played as a guest: no statistics are kept" whenever any game was waiting."""
    ctx.storage.create_profile("Petra")
    finish(ctx, 5)  # the records exist
    waiting = greedy(solitaire(6, Seat("Otto")))
    with records_held(ctx):
        ctx.save_session(waiting)
    assert ctx.storage.unfiled_count() == 1
    results = finish(ctx, 1)  # 88 points, filed
    assert "Average" in results.verdict.detail and "over 2 games." in results.verdict.detail
    assert "guest" not in results.verdict.detail


def test_a_game_not_filed_yet_is_not_called_a_guests(ctx):
    ctx.storage.create_profile("Petra")
    finish(ctx, 5)
    session = greedy(solitaire(1))
    with records_held(ctx):
        ctx.save_session(session)
        results = show(ctx, ResultsScene(ctx, session))
    assert "guest" not in results.verdict.detail
    assert results.verdict.detail.startswith(
        "Not in the records yet: it is filed as soon as they take it."
    )


def test_a_guest_is_still_told_no_statistics_are_kept(ctx):
    results = finish(ctx, 1, Seat("CPU Fan"))
    assert results.verdict.detail.startswith("Played as a guest: no statistics are kept.")


def test_play_again_with_a_game_kept_nowhere_names_the_real_cause(ctx, monkeypatch):
    """N13: in a read-only folder the question said "Free some space"."""
    from game.storage import records, store, telling

    ctx.storage.create_profile("Petra")
    session = greedy(solitaire(1))
    monkeypatch.setattr(ctx.storage._filer, "unkept", lambda: 1)  # the disk refused it all
    for module in (records, store, telling):  # and the folder, looked at, takes no writes
        monkeypatch.setattr(module, "folder_refusal", lambda folder: "read_only")
    results = show(ctx, ResultsScene(ctx, session))
    results.play_again()
    ctx.stack.apply_pending()
    asked = ctx.stack.top
    assert asked.question == "Your finished game could not be saved. Start a new one anyway?"
    assert asked.detail == (
        "The folder takes no writes (read-only): the game stays only while it is open. Make "
        "the folder writable and it is filed at the next try."
    )
