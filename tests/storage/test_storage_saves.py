"""The game in progress and finished-game logs: round trips, validation, undo and replay."""

from __future__ import annotations

import copy
import json
import random
from datetime import UTC, datetime

import pytest

from game.match.seats import Seat
from game.rules import Category, Game, GameConfig, Hold, Roll, Score, TeamMode
from game.storage import SavedGame, make_session_record

from .conftest import FIXED_TIME, SEATS, STARTED, play, two_player_game


# ----------------------------------------------------------------------------- current game
def test_current_game_round_trip(storage):
    game = two_player_game(seed=11, limit=40)
    assert storage.save_game(game, SEATS, (0,), STARTED, {"scene": "table", "zoom": 2})
    saved = storage.load_current()
    assert saved.saved == datetime.fromisoformat("2026-11-22T09:30:00+00:00")
    assert saved.extra == {"scene": "table", "zoom": 2}
    restored, seats, assisted, started = saved.game, saved.seats, saved.assisted, saved.started
    assert restored.state == game.state
    assert restored.log == game.log
    assert restored.start_rng == game.start_rng
    assert seats == tuple(SEATS)
    assert (assisted, started) == ((0,), datetime.fromisoformat(STARTED))
    assert storage.problems == []


def test_restored_game_plays_on_identically(storage):
    game = two_player_game(seed=12, limit=25)
    storage.save_game(game, SEATS, (), STARTED)
    restored = storage.load_current().game
    play(game, seed=99)
    play(restored, seed=99)
    assert restored.state == game.state
    assert restored.state.match_totals() == game.state.match_totals()


def test_clear_current(storage):
    storage.save_game(two_player_game(limit=5), SEATS, (), STARTED)
    assert storage.has_current()
    assert storage.clear_current()
    assert (storage.has_current(), storage.load_current()) == (False, None)
    assert storage.clear_current()  # nothing to clear is fine


def _record() -> dict:
    return make_session_record(two_player_game(seed=5, limit=20), SEATS, (), STARTED)


@pytest.mark.parametrize(
    ("damage", "reason"),
    [
        (lambda r: r["seats"].pop(), "there are 1 seats for 2 players"),
        (lambda r: r["seats"].append(r["seats"][0]), "there are 3 seats for 2 players"),
        (lambda r: r["seats"][1].update(name="Bob"), "seat 'Bob' does not match player 'Robo'"),
        (lambda r: r["seats"][1].update(kind="god"), "a seat is a person or a CPU level"),
        (lambda r: r.update(assisted="yes"), "assisted must be a list of player numbers"),
        (lambda r: r.update(assisted=[2]), "assisted must be a list of player numbers"),
        (lambda r: r.update(assisted=[0, 0]), "assisted names a player twice"),
        (lambda r: r.update(started="yesterday"), "started is not an ISO date and time"),
        (lambda r: r.update(extra=[]), "extra must be an object"),
        (lambda r: r.update(format=2), "unknown saved game format 2"),
        (lambda r: r["game"]["log"].pop(), "the saved state does not match its action log"),
        (lambda r: r["game"]["state"]["dice"].__setitem__(0, 7), "dice holds whole numbers"),
        (lambda r: r["game"]["log"].insert(0, ["score", "CHANCE"]), "does not replay"),
        (lambda r: r["game"]["start_rng"][1].__setitem__(5, -1), "start_rng holds numbers"),
    ],
)
def test_restore_refuses_with_a_reason(damage, reason):
    record = _record()
    damage(record)
    with pytest.raises(ValueError, match=reason):
        SavedGame.from_dict(record)


def test_invalid_current_file_is_set_aside_and_reported(storage):
    record = _record()
    record["game"]["log"].pop()
    storage.paths.data_dir.mkdir(parents=True)
    raw = json.dumps(record).encode()
    storage.paths.current.write_bytes(raw)
    assert storage.load_current() is None
    assert storage.problems == [
        "The saved game file current.json was damaged (the saved state does not match its "
        "action log); it was kept as current.corrupt-20261122-093000.json and there is no game "
        "to continue."
    ]
    assert (storage.paths.data_dir / "current.corrupt-20261122-093000.json").read_bytes() == raw


def test_make_record_checks_seat_count():
    with pytest.raises(ValueError, match="1 seats for 2 players"):
        make_session_record(two_player_game(limit=3), SEATS[:1], False, STARTED)


def test_save_session_takes_any_played_match(storage):
    """Anything with what storage.PlayedMatch names, not only a game.match.Session."""

    class Table:
        def __init__(self, game):
            self.game, self.seats, self.assisted, self.started, self.seed = (
                game, SEATS, (), datetime.fromisoformat(STARTED), 77,
            )  # fmt: skip
            self.expected_lost = {}

    in_play = Table(two_player_game(seed=8, limit=10))
    assert storage.save_session(in_play)
    assert storage.load_current().extra == {"seed": 77}
    assert storage.load_current().seed == 77
    finished = Table(two_player_game(seed=8))
    assert storage.save_session(finished)
    assert not storage.has_current()
    assert storage.last_finished.new
    assert [s.id for s in storage.list_history()] == [storage.last_finished.history_id]


def test_a_match_keeps_the_time_it_began_saved_resumed_filed_and_replayed(storage):
    """One MatchRecord (game.match.record) for a match at the table and a finished one read
    back: `started` is the same time, not text in one place and a time in another, from the
    table through its save, a resume, the history and a replay of it."""
    from game.match.replay import ReplaySession
    from game.match.session import Session
    from game.storage.resume import load_saved_session

    began = datetime.fromisoformat(STARTED)
    table = Session(two_player_game(seed=8, limit=0), SEATS, started=began, seed=5)
    assert storage.save_session(table)
    resumed = load_saved_session(storage, print)
    assert resumed is not None and resumed.started == began
    assert isinstance(resumed.started, datetime)
    logged = Session(two_player_game(seed=8), SEATS, started=resumed.started, seed=5)
    assert storage.save_session(logged)
    history = storage.load_log(storage.last_finished.history_id)
    assert history.started == began
    replay = ReplaySession.from_log(history)  # the replay of the game keeps its start
    assert replay.started == began
    assert ReplaySession.from_session(replay).started == began


def test_a_game_only_memory_holds_is_filed_later_whole(storage, monkeypatch):
    """The records and the disk both refuse a finished game: this run keeps it (in memory)
    and files it at the next try with everything it had: when it began and ended, who was
    helped, what each player's decisions cost."""
    game = two_player_game(seed=8)
    ended = datetime(2026, 11, 22, 10, 5, tzinfo=UTC)
    monkeypatch.setattr(storage._records, "write", lambda change: (False, None))
    monkeypatch.setattr(storage._store, "save", lambda *args, **kwargs: False)
    refused = storage.record_finished(game, SEATS, (1,), STARTED, {0: 2.5, 1: 0.0}, ended)
    assert not refused.saved and storage.unfiled_unkept() == 1
    monkeypatch.undo()
    assert storage.file_unfiled() == 0 and storage.unfiled_count() == 0
    [listed] = storage.list_history()
    log = storage.load_log(listed.id)
    assert (log.date, log.started) == (ended, datetime.fromisoformat(STARTED))
    assert (log.assisted, log.expected_lost) == ((1,), (2.5, 0.0))
    assert log.game.log == game.log


# ----------------------------------------------------------------------------- undo
def _rolled_game(seed: int = 21) -> Game:
    game = Game.new(GameConfig(("Solo",)), seed)
    game.apply(Roll())
    return game


def test_nothing_to_undo_right_after_a_roll():
    game = _rolled_game()
    assert not game.can_undo()
    with pytest.raises(ValueError, match="nothing to undo since the last roll"):
        game.undo()


def test_undoing_holds_and_a_score_never_changes_the_dice():
    game = _rolled_game()
    dice = game.state.dice
    game.apply(Hold(0))
    game.apply(Hold(3))
    game.apply(Score(Category.CHANCE))
    assert game.state.dice is None  # scoring ended the turn
    assert game.undo() == Score(Category.CHANCE)
    assert (game.state.dice, game.state.held) == (dice, (True, False, False, True, False))
    assert game.undo() == Hold(3)
    assert game.undo() == Hold(0)
    assert (game.state.dice, game.state.held) == (dice, (False,) * 5)
    assert not game.can_undo()
    assert game.undos_used == 3
    # After a new roll the old one is out of reach.
    game.apply(Hold(1))
    game.apply(Roll())
    rolled = game.state.dice
    assert rolled[1] == dice[1]
    assert not game.can_undo()


def test_undo_then_replay_reaches_the_same_end():
    game = Game.new(GameConfig(("Ann", "Bob", "Cy")), 31)
    rng = random.Random(31)
    undone = 0
    while not game.state.is_over:
        if game.can_undo() and rng.random() < 0.3:
            game.undo()
            undone += 1
        else:
            game.apply(rng.choice(game.legal_actions()))
    assert undone > 20
    replayed = Game.replay(game.config, game.start_rng, list(game.log))
    assert replayed.state == game.state
    assert replayed.state.match_totals() == game.state.match_totals()


def test_undo_count_survives_a_save(storage):
    game = _rolled_game()
    game.apply(Hold(2))
    game.undo()
    storage.save_game(game, [Seat("Solo")], (0,), STARTED)
    restored = storage.load_current().game
    assert (restored.undos_used, restored.state.dice) == (1, game.state.dice)
    assert not restored.can_undo()  # a reloaded game starts a fresh undo history


# ----------------------------------------------------------------------------- history
def test_history_log_replays_to_the_same_scores(storage):
    storage.create_profile("Ann")
    game = two_player_game(seed=41, games=2)
    done = storage.record_finished(game, SEATS, (0,), STARTED, {0: 30.5, 1: 2})
    assert done.new and done.saved
    log = storage.load_log(done.history_id)
    assert log.game.state == game.state
    assert log.totals == game.state.match_totals()
    assert [r.cards for r in log.game.state.results] == [r.cards for r in game.state.results]
    assert (log.assisted, log.seats, log.expected_lost) == ((0,), SEATS, (30.5, 2.0))
    assert log.date == FIXED_TIME and log.started == datetime.fromisoformat(STARTED)
    again = Game.replay(log.game.config, log.game.start_rng, list(log.game.log))
    assert again.state.match_totals() == game.state.match_totals()


def test_history_lists_newest_first(data_dir):
    times = iter([datetime(2026, 1, d, 12, 0, tzinfo=FIXED_TIME.tzinfo) for d in (1, 3, 2)])
    now = [FIXED_TIME]

    def clock():
        return now[0]

    from game.storage import Storage

    storage = Storage(data_dir, environ={}, clock=clock)
    ids = []
    for seed in (1, 2, 3):
        now[0] = next(times)
        ids.append(storage.record_finished(two_player_game(seed=seed), SEATS, ()).history_id)
    listed = storage.list_history()
    assert [s.id for s in listed] == [ids[1], ids[2], ids[0]]
    assert [s.date.day for s in listed] == [3, 2, 1]
    assert storage.list_history(limit=2) == listed[:2]
    first = listed[0]
    game = two_player_game(seed=2)
    assert (first.players, first.kinds, first.variant, first.games) == (
        ("Ann", "Robo"), ("person", "expert"), "official", 1,
    )  # fmt: skip
    assert first.totals == game.state.match_totals()


def test_recording_the_same_game_twice_counts_once(storage):
    storage.create_profile("Ann")
    game = two_player_game(seed=42)
    first = storage.record_finished(game, SEATS, (), STARTED)
    copy_of_game = Game.from_dict(copy.deepcopy(game.to_dict()))
    second = storage.record_finished(copy_of_game, SEATS, (), STARTED)
    assert (first.new, second.new) == (True, False)
    assert first.history_id == second.history_id
    assert second.high_score_places == {}
    assert len(storage.list_history()) == 1
    assert storage.profile_stats("Ann", "american").games == 1
    assert len(storage.high_scores("official")) == 1


def test_unfinished_game_is_not_filed(storage):
    with pytest.raises(ValueError, match="only a finished game"):
        storage.record_finished(two_player_game(limit=10), SEATS, ())


def test_load_log_refuses_a_path(storage):
    with pytest.raises(KeyError):
        storage.load_log("../settings")
    assert storage.load_log("20260101-000000-000000000000") is None


def test_team_game_is_logged(storage):
    config = GameConfig(("A", "B", "C", "D"), team_mode=TeamMode.SHARED, teams=(0, 1, 0, 1))
    game = play(Game.new(config, 3), 3)
    seats = [Seat(n) for n in config.players]
    done = storage.record_finished(game, seats, ())
    log = storage.load_log(done.history_id)
    assert log.totals == game.state.match_totals() and len(log.totals) == 2
    assert storage.high_scores("official") == []  # teams do not enter the high scores


def test_restore_turns_any_slip_of_the_rules_loader_into_value_error(monkeypatch):
    record = _record()

    def overflow(data):
        raise OverflowError("Python int too large to convert to C unsigned long")

    monkeypatch.setattr(Game, "from_dict", overflow)
    with pytest.raises(ValueError, match="malformed: OverflowError"):
        SavedGame.from_dict(record)
