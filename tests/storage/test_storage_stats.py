"""Profiles, statistics and high scores, with exact figures."""

from __future__ import annotations

import contextlib
import itertools
import sqlite3
from datetime import timedelta

import pytest

from game.match.seats import Seat
from game.rules import Game, GameConfig
from game.storage import HeadToHead, Storage, cpu_profile_name, histogram, stats, tables
from game.storage.entries import entries_for_game
from game.storage.records import SCHEMA
from game.storage.stats import ProfileStats, Tally, split_key, tally_key

from .conftest import FIXED_TIME, SEATS, STARTED, open_storage, play, two_player_game

HID = "20260101-120000-0123456789ab"


def row(name, side, score, won, share, total=None, bonus=False, yahtzee=False, chips=0, lost=None):
    return {
        "name": name, "side": side, "score": score, "total": score if total is None else total,
        "won": won, "share": share, "bonus": bonus, "yahtzee": yahtzee, "chips": chips,
        "lost": lost,
    }  # fmt: skip


def entry(n, rows, contested=True, date=None):
    return {
        "id": f"2026010{n}-120000-0123456789ab", "game": 0,
        "date": date or f"2026-01-0{n}T12:00:00+00:00", "variant": "official", "games": 1,
        "assisted": False, "contested": contested, "rows": rows,
    }  # fmt: skip


class Tallies:
    """Statistics as the records keep them: each game's entries folded into a running tally
    per profile and card in SQLite (game.storage.tables), the figures from the tallies."""

    def __init__(self) -> None:
        self.con = sqlite3.connect(":memory:")
        self.con.executescript(SCHEMA)

    def add(self, entries: list[dict]) -> None:
        tables.add_entries(self.con, entries)

    def for_profile(self, name: str, card: str = "american") -> ProfileStats:
        tally = tables.read_tallies(self.con).get(tally_key(name, card), Tally())
        return ProfileStats.from_tally(name, tally)

    def names(self) -> set[str]:
        return {split_key(key)[0] for key in tables.read_tallies(self.con)}

    def rename(self, old: str, new: str) -> None:
        tables.rename_in_tallies(self.con, old, new)

    def delete(self, name: str) -> None:
        tables.delete_from_tallies(self.con, name)


@pytest.fixture
def book() -> Tallies:
    b = Tallies()
    # Game 1: Ann 250 beats Bob 200.  Game 2: Ann and Bob tie at 180 (shared win).
    # Game 3: Ann solitaire 300 with bonus, Yahtzee and 2 chips.  Game 4: Bob 220 beats Ann 150.
    b.add([entry(1, [row("Ann", 0, 250, True, 1.0, lost=10.0), row("Bob", 1, 200, False, 0.0)])])
    b.add([entry(2, [row("Ann", 0, 180, True, 0.5), row("Bob", 1, 180, True, 0.5)])])
    b.add(
        [
            entry(
                3,
                [row("Ann", 0, 300, True, 0.0, bonus=True, yahtzee=True, chips=2, lost=4.0)],
                contested=False,
            )
        ]
    )
    b.add([entry(4, [row("Ann", 0, 150, False, 0.0), row("Bob", 1, 220, True, 1.0)])])
    return b


def test_profile_figures(book):
    ann = book.for_profile("Ann")
    assert (ann.games, ann.contested, ann.wins, ann.win_rate) == (4, 3, 1.5, 0.5)
    assert (ann.mean_score, ann.best_score) == (220.0, 300)
    assert (ann.upper_bonus_rate, ann.yahtzee_rate, ann.bonus_chips) == (0.25, 0.25, 2)
    assert ann.mean_points_lost == 7.0
    assert ann.head_to_head == {"Bob": HeadToHead(wins=1, losses=1, ties=1)}
    assert ann.score_history == (
        ("2026-01-01T12:00:00+00:00", 250),
        ("2026-01-02T12:00:00+00:00", 180),
        ("2026-01-03T12:00:00+00:00", 300),
        ("2026-01-04T12:00:00+00:00", 150),
    )
    assert ann.histogram() == [(150, 1), (175, 1), (200, 0), (225, 0), (250, 1), (275, 0), (300, 1)]
    bob = book.for_profile("Bob")
    assert (bob.games, bob.wins, bob.win_rate, bob.mean_points_lost) == (3, 1.5, 0.5, None)
    assert bob.head_to_head["Ann"] == HeadToHead(wins=1, losses=1, ties=1)


def test_nobody_yet():
    nobody = Tallies().for_profile("Zed")
    assert (nobody.games, nobody.wins, nobody.win_rate, nobody.mean_score) == (0, 0.0, None, None)
    assert nobody.histogram() == []


def test_score_history_is_capped(monkeypatch):
    monkeypatch.setattr(stats, "SCORE_HISTORY", 3)
    b = Tallies()
    for n in range(1, 6):
        b.add([entry(n, [row("Ann", 0, n * 10, True, 0.0)], contested=False)])
    ann = b.for_profile("Ann")
    assert [s for _, s in ann.score_history] == [30, 40, 50]
    assert (ann.games, ann.mean_score) == (5, 30.0)


def test_rename_and_delete(book):
    book.rename("Bob", "Robert")
    assert book.names() == {"Ann", "Robert"}
    assert book.for_profile("Ann").head_to_head == {"Robert": HeadToHead(1, 1, 1)}
    book.delete("Robert")
    assert book.names() == {"Ann"}
    assert book.for_profile("Ann").head_to_head == {}
    assert book.for_profile("Ann").games == 4


def test_histogram_bins():
    assert histogram([0, 24, 25, 80]) == [(0, 2), (25, 1), (50, 0), (75, 1)]
    assert histogram([375, 376], bin_width=25) == [(375, 2)]
    assert histogram([10, 60], bin_width=50) == [(0, 1), (50, 1)]


def test_entries_from_a_real_match():
    game = two_player_game(seed=9, games=2)
    results = game.state.results
    rows = entries_for_game(HID, STARTED, game, ["Ann", "CPU Expert"], (), [20.0, None])
    assert [e["game"] for e in rows] == [0, 1]
    for result, e in zip(results, rows, strict=True):
        ann, cpu = e["rows"]
        assert (ann["score"], cpu["score"]) == (result.cards[0].total, result.cards[1].total)
        assert ann["won"] == (0 in result.winners) and cpu["won"] == (1 in result.winners)
        assert (ann["lost"], cpu["lost"]) == (10.0, None)  # 20 over two games


# ----------------------------------------------------------------------------- via Storage
def test_played_before_gives_a_persons_measured_points_lost_and_boxes_per_card(storage):
    from game.rules import AMERICAN, YATZY

    storage.create_profile("Ann")
    assert storage.played_before(SEATS, AMERICAN) == {}  # no games yet
    storage.record_finished(two_player_game(seed=3), SEATS, (), STARTED, {0: 6.0})
    storage.record_finished(two_player_game(seed=4), SEATS, (), STARTED, {0: 10.0})
    storage.record_finished(two_player_game(seed=5), SEATS, (), STARTED)  # not measured
    assert storage.profile_stats("Ann", "american").measured_games == 2
    # Ann: 16 points over two measured games of 13 boxes; the CPU seat has its level instead.
    assert storage.played_before(SEATS, AMERICAN) == {0: (pytest.approx(16.0), 26)}
    assert storage.played_before(SEATS, YATZY) == {}  # each card keeps its own
    guest = (Seat("Guest"), SEATS[1])
    assert storage.played_before(guest, AMERICAN) == {}


def test_record_finished_feeds_statistics(storage):
    storage.create_profile("Ann")
    game = two_player_game(seed=3)
    storage.record_finished(game, SEATS, (), STARTED, {0: 6.0})
    (card_a, card_b), (total_a, total_b) = game.state.cards, game.state.match_totals()
    ann, cpu = (
        storage.profile_stats("Ann", "american"),
        storage.profile_stats("CPU Expert", "american"),
    )
    assert (ann.games, ann.best_score, ann.mean_points_lost) == (1, card_a.total, 6.0)
    assert (cpu.games, cpu.best_score) == (1, card_b.total)
    assert ann.wins + cpu.wins == 1.0
    assert ann.wins == (1.0 if total_a > total_b else 0.5 if total_a == total_b else 0.0)
    assert set(storage.all_stats("american")) == {"Ann", "CPU Expert"}
    again = open_storage(storage.paths.data_dir)
    assert again.all_stats("american") == storage.all_stats("american")


def test_guests_and_unknown_profiles_get_no_statistics(storage):
    seats = [Seat("Ann", profile="Nobody"), Seat("Guest")]
    game = play(Game.new(GameConfig(("Ann", "Guest")), 4), 4)
    storage.record_finished(game, seats, ())
    assert storage.all_stats("american") == {}
    assert [h.name for h in storage.high_scores("official")] == sorted(
        ["Ann", "Guest"], key=lambda n: -game.state.match_totals()[("Ann", "Guest").index(n)]
    )


def test_cpu_profile_names():
    assert cpu_profile_name("expert") == "CPU Expert"


def test_profiles_create_rename_delete(data_dir):
    storage = open_storage(data_dir)
    storage.create_profile("  Ann ")
    storage.create_profile("Bob")
    assert [p.name for p in storage.list_profiles()] == ["Ann", "Bob"]
    assert storage.list_profiles()[0].created == "2026-11-22T09:30:00+00:00"
    for bad, reason in [
        ("ann", "already a profile called 'Ann'"),
        ("", "cannot be blank"),
        ("x" * 25, "at most 24"),
        ("cpu expert", "kept for the CPU levels"),
        ("a\nb", "control characters"),
        ("a\x00b", "control characters"),
        ("a\u034fb", "invisible"),
    ]:
        with pytest.raises(ValueError, match=reason):
            storage.create_profile(bad)
    storage.record_finished(two_player_game(seed=3), SEATS, (), STARTED)
    before = storage.profile_stats("Ann", "american")
    storage.rename_profile("ANN", "Anna")
    with pytest.raises(ValueError, match="already a profile called 'Bob'"):
        storage.rename_profile("Anna", "bob")
    with pytest.raises(ValueError, match="no profile called 'Zed'"):
        storage.rename_profile("Zed", "Zoe")
    assert storage.profile_stats("Anna", "american").games == before.games == 1
    assert "Anna" in storage.profile_stats("CPU Expert", "american").head_to_head
    again = open_storage(data_dir)
    assert [p.name for p in again.list_profiles()] == ["Anna", "Bob"]
    assert again.profile_stats("Anna", "american").best_score == before.best_score
    again.delete_profile("anna")
    assert [p.name for p in again.list_profiles()] == ["Bob"]
    assert set(again.all_stats("american")) == {"CPU Expert"}
    assert again.profile_stats("CPU Expert", "american").head_to_head == {}
    assert open_storage(data_dir).all_stats("american") == again.all_stats("american")


# ----------------------------------------------------------------------------- high scores
def test_high_scores_top_ten_in_order(data_dir):
    storage = open_storage(data_dir)
    finished = []
    for seed in range(12):
        game = play(Game.new(GameConfig(("Solo",)), seed), seed)
        done = storage.record_finished(game, [Seat("Solo")], (0,) if seed % 2 else ())
        finished.append((game.state.match_totals()[0], seed, done))
    table = storage.high_scores("official", 1)
    expected = sorted(finished, key=lambda f: -f[0])[:10]  # stable: earlier first on ties
    assert [(h.score, h.history_id, h.assisted) for h in table] == [
        (score, done.history_id, seed % 2 == 1) for score, seed, done in expected
    ]
    # The place reported when each game was filed: behind every earlier score at least as high.
    for i, (score, _, done) in enumerate(finished):
        place = 1 + sum(1 for earlier, _, _ in finished[:i] if earlier >= score)
        assert done.high_score_places == ({0: place} if place <= 10 else {})
    assert storage.high_scores("official", 2) == storage.high_scores("free", 1) == []
    assert open_storage(data_dir).high_scores("official", 1) == table


def test_cpu_seats_do_not_enter_high_scores(storage):
    done = storage.record_finished(two_player_game(seed=3), SEATS, ())
    assert [h.name for h in storage.high_scores("official")] == ["Ann"]
    assert done.high_score_places == {0: 1}


def test_help_marks_only_the_player_who_used_it(data_dir):
    # Two people: only Bea used a hint. Her score is marked, Ann's is not, everywhere.
    storage = open_storage(data_dir)
    for name in ("Ann", "Bea"):
        storage.create_profile(name)
    seats = [Seat("Ann", profile="Ann"), Seat("Bea", colour=1, profile="Bea")]
    game = play(Game.new(GameConfig(("Ann", "Bea")), 8), 8)
    done = storage.record_finished(game, seats, (1,), STARTED)
    marks = {h.name: h.assisted for h in storage.high_scores("official")}
    assert marks == {"Ann": False, "Bea": True}
    log = storage.load_log(done.history_id)
    assert log.assisted == (1,)
    (summary,) = storage.list_history()
    assert summary.assisted == (1,)


def test_statistics_rebuild_from_history(data_dir):
    ticks = itertools.count()

    def clock():  # a minute per call, so logs sort in the order they were filed
        return FIXED_TIME + timedelta(minutes=next(ticks))

    storage = Storage(data_dir, environ={}, clock=clock)
    storage.create_profile("Ann")
    for seed in (3, 4, 5):
        storage.record_finished(two_player_game(seed=seed), SEATS, (), STARTED, {0: seed})
    kept = storage.all_stats("american")
    storage.close()
    with contextlib.closing(sqlite3.connect(data_dir / "records.sqlite3")) as con, con:
        con.execute("DELETE FROM tallies")  # the statistics lost, the logs kept
    wiped = open_storage(data_dir)
    assert wiped.all_stats("american") == {} and wiped.problems == []
    assert wiped.rebuild_stats() == 3
    assert wiped.all_stats("american") == kept
    assert wiped.profile_stats("Ann", "american").mean_points_lost == 4.0
    assert open_storage(data_dir).all_stats("american") == kept
