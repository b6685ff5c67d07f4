"""No finished game lost or counted twice (issue 23): a finished game the records refuse is
kept apart until they take it, and a game already filed is never resumed or filed again."""

from __future__ import annotations

import sqlite3

from game.rules import Game, Score
from game.storage.resume import load_saved_session

from .conftest import SEATS, STARTED, open_storage, play, two_player_game


def last_turn(seed: int) -> Game:
    """A two-player game at the start of its last turn."""
    game = two_player_game(seed=seed)
    log = list(game.log)
    scores = [i for i, action in enumerate(log) if isinstance(action, Score)]
    before = Game.replay(game.config, game.start_rng, log[: scores[-2] + 1])
    assert not before.state.is_over
    return before


def finish(game: Game, seed: int) -> Game:
    """`game` (at its last turn) played to its end, each seed another way."""
    return play(Game.from_dict(game.to_dict()), seed)


def test_a_finished_game_the_locked_records_refuse_is_kept_and_filed_once(storage):
    storage.create_profile("Ann")
    pending = last_turn(seed=3)
    storage.save_game(pending, SEATS, (), STARTED)
    final = finish(pending, 0)
    lock = sqlite3.connect(storage.paths.records, timeout=0)
    lock.execute("BEGIN EXCLUSIVE")  # another program holds the records
    try:
        done = storage.record_finished(final, SEATS, (), STARTED)
        assert not done.saved and storage.unfiled_count() == 1
        # Play again: the new game's save can replace nothing of the finished one.
        assert not storage.has_current()
        storage.save_game(two_player_game(seed=9, limit=4), SEATS, (), STARTED)
        assert storage.file_unfiled(quiet=True) == 1  # still locked: kept, nothing new said
    finally:
        lock.rollback()
        lock.close()
    assert storage.file_unfiled() == 0
    history = storage.list_history()
    assert len(history) == 1 and storage.profile_stats("Ann", "american").games == 1
    assert storage.file_unfiled() == 0 and len(storage.list_history()) == 1
    assert storage.has_current()  # the new game's save was left alone


def test_a_restart_files_what_the_records_refused(data_dir):
    storage = open_storage(data_dir)
    storage.record_finished(two_player_game(seed=8), SEATS, (), STARTED)  # the records exist
    final = finish(last_turn(seed=5), 1)
    lock = sqlite3.connect(storage.paths.records, timeout=0)
    lock.execute("BEGIN EXCLUSIVE")
    try:
        assert not storage.record_finished(final, SEATS, (), STARTED).saved
        storage.close()
    finally:
        lock.rollback()
        lock.close()
    again = open_storage(data_dir)
    assert again.unfiled_count() == 0 and len(again.list_history()) == 2


def test_when_not_even_the_unfiled_copy_can_be_written_the_saved_game_stays(storage, monkeypatch):
    pending = last_turn(seed=6)
    storage.save_game(pending, SEATS, (), STARTED)
    monkeypatch.setattr(storage._records, "write", lambda change: (False, None))
    monkeypatch.setattr(storage._store, "save", lambda *args, **kwargs: False)
    assert not storage.record_finished(finish(pending, 0), SEATS, (), STARTED).saved
    # Only this run holds the finished game: the save of its last turn is not cleared, so a
    # restart loses at most the last action.
    assert storage.unfiled_unkept() == 1 and storage.has_current()


def test_a_game_filed_whose_save_outlived_it_is_never_resumed_or_filed_twice(storage, monkeypatch):
    pending = last_turn(seed=4)
    storage.save_game(pending, SEATS, (), STARTED)
    # Filed, but the saved game could not be removed (a read-only folder; a kill just after
    # the commit): the save still holds the game before its last score.
    monkeypatch.setattr(storage, "clear_current", lambda: False)
    first = storage.record_finished(finish(pending, 0), SEATS, (), STARTED)
    assert first.new and storage.has_current()
    monkeypatch.undo()
    # Finished another way, it is the same game: not filed again, and said so.
    other = finish(pending, 1)
    assert other.log != finish(pending, 0).log
    assert not storage.record_finished(other, SEATS, (), STARTED).new
    assert len(storage.list_history()) == 1
    assert len(storage.problems) == 1 and "finished another way" in storage.problems[0]
    storage.problems.clear()
    # And Continue does not offer it: the save is cleared, and the player told why.
    storage.save_game(pending, SEATS, (), STARTED)
    told: list[str] = []
    assert load_saved_session(storage, told.append) is None
    assert told == ["The saved game was already finished and is in History; it cannot be resumed."]
    assert not storage.has_current()


def test_two_copies_on_one_data_folder_keep_each_others_profiles(data_dir):
    """Each copy wrote the profiles it held in memory: Bob vanished when the other copy
    saved Cara. Each change now reads the file afresh under the records' lock."""
    one, two = open_storage(data_dir), open_storage(data_dir)
    one.create_profile("Ann")  # the records exist from here on
    one.create_profile("Bob")
    two.create_profile("Cara")
    one.rename_profile("Ann", "Anna")
    two.delete_profile("Bob")
    again = open_storage(data_dir)
    assert sorted(p.name for p in again.list_profiles()) == ["Anna", "Cara"]
    assert sorted(p.name for p in two.list_profiles()) == ["Anna", "Cara"]


def test_every_refusal_says_what_was_not_kept_why_and_what_to_do():
    import errno

    from game import i18n
    from game.i18n import translated
    from game.storage.jsonfile import not_saved

    what = "game records"
    cases = {
        "database or disk is full": "the disk is full. Free some space",
        "database is locked": "another program (or another copy of the game) is holding",
        OSError(errno.ENOSPC, "No space left on device"): "the disk is full",
        OSError(errno.EROFS, "Read-only file system"): "read-only). Make it writable",
        OSError(errno.EEXIST, "File exists"): "a file stands where the game's folder should be",
    }
    told = set()
    for refused, says in cases.items():
        text = str(not_saved(what, refused))
        assert text.startswith("The game records could not be saved") and says in text, text
        told.add(text)
    assert len(told) == 4  # the two full disks read alike; every other cause its own way
    i18n.set_language("de")
    try:
        german = translated(not_saved(what, "database is locked"))
        assert german.startswith("Speichern nicht möglich: game records. Ein anderes Programm")
    finally:
        i18n.set_language("en")
