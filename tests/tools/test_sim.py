"""The tournament (game.tools.tournament: exact records, statistics, seeding, the worker pool)
and its command line (game.tools.sim)."""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys

import pytest

from game.ai.exact.options import Keep, option_values
from game.ai.levels.strategies import make_strategy
from game.ai.tablemaker.batch import simulate
from game.rules import Category, Game, GameConfig, Roll, Score, StartOrder, Variant
from game.tools import sim, sim_records, tournament
from game.tools.sim import ProgressBar
from game.tools.sim_records import GameRecord
from game.tools.tournament import derive_seed, play_game, run, seat_order, summarize
from tests.heavy import HEAVY_TIMEOUT


# ----------------------------------------------------------------------------- one game
def replay_loss(levels: tuple[str, ...], seed: int, index: int) -> list[float]:
    """The points each player lost in game `index`, recomputed with option_values."""
    seating = seat_order(len(levels), index)
    names = tuple(f"{levels[p]} {p + 1}" for p in seating)
    game_seed = derive_seed(seed, index)
    game = Game.new(GameConfig(names, start=StartOrder.SEATED), seed=game_seed)
    strategies = [make_strategy(levels[p], derive_seed(game_seed, p)) for p in seating]
    lost = [0.0] * len(levels)
    while not game.state.is_over:
        state = game.state
        action = strategies[state.player].choose(state)
        if state.dice is not None and isinstance(action, (Roll, Score)):
            options = dict(option_values(state.card, state.dice, state.rolls_left))
            taken = action
            if isinstance(action, Roll):
                taken = Keep(tuple(d for d, h in zip(state.dice, state.held, strict=True) if h))
            lost[seating[state.player]] += max(options.values()) - options[taken]
        game.apply(action)
    return lost


def test_an_expert_loses_nothing_and_the_record_is_its_game():
    record = play_game(("expert",), seed=3, index=0, variant=Variant.OFFICIAL)
    assert record.index == 0
    assert abs(record.lost[0]) < 1e-9
    assert record.wins == (1.0,)
    game = Game.new(GameConfig(("expert 1",), start=StartOrder.SEATED), seed=derive_seed(3, 0))
    strategy = make_strategy("expert", derive_seed(derive_seed(3, 0), 0))
    while not game.state.is_over:
        game.apply(strategy.choose(game.state))
    card = game.state.results[0].cards[0]
    assert record.totals == (card.total,)
    assert record.bonus == (card.upper_bonus > 0,)
    assert record.yahtzee == (card[Category.YAHTZEE] == 50,)


def test_points_lost_are_exact_for_every_seat():
    levels = ("beginner", "hard")
    for index in (0, 1):  # each player starts one of the two games
        record = play_game(levels, seed=8, index=index, variant=Variant.OFFICIAL)
        expected = replay_loss(levels, 8, index)
        assert record.lost == pytest.approx(expected, abs=1e-9)
        assert record.lost[0] > 1.0  # a beginner's game costs points


def test_seats_rotate_so_everyone_starts_equally_often():
    assert seat_order(1, 5) == [0]
    assert [seat_order(2, i) for i in range(3)] == [[0, 1], [1, 0], [0, 1]]
    assert [seat_order(3, i)[0] for i in range(6)] == [0, 1, 2, 0, 1, 2]


def test_a_game_depends_on_the_seed_and_index_only():
    a = play_game(("medium", "easy"), 5, 7, Variant.FREE)
    assert play_game(("medium", "easy"), 5, 7, Variant.FREE) == a
    assert play_game(("medium", "easy"), 5, 8, Variant.FREE) != a
    assert sum(a.wins) == 1.0


def test_a_tied_game_shares_the_win_or_is_played_off():
    """Game 70 of seed 4 between two Experts ends 201 all (found by search; the Expert does
    not change when the other levels are tuned)."""
    shared = play_game(("expert", "expert"), 4, 70, Variant.OFFICIAL)
    assert shared.totals == (201, 201)
    assert shared.wins == (0.5, 0.5)
    played_off = play_game(("expert", "expert"), 4, 70, Variant.OFFICIAL, tie_breaker=True)
    assert played_off.totals == (201, 201)
    assert sorted(played_off.wins) == [0.0, 1.0]


# ----------------------------------------------------------------------------- statistics
def record(index, totals, wins, bonus=(False, False), yahtzee=(False, False), lost=(0.0, 0.0)):
    return GameRecord(index, totals, bonus, yahtzee, wins, lost)


def test_summary_statistics_are_exact():
    records = [
        record(0, (200, 250), (0.0, 1.0), bonus=(True, False), lost=(1.0, 0.0)),
        record(1, (300, 250), (1.0, 0.0), yahtzee=(True, True), lost=(3.0, 0.0)),
        record(2, (250, 250), (0.5, 0.5), bonus=(True, True), lost=(2.0, 0.0)),
        record(3, (150, 100), (1.0, 0.0), lost=(0.0, 0.0)),
    ]
    first, second = summarize(("easy", "hard"), records)
    assert (first.player, first.level) == (1, "easy")
    assert first.mean == 225.0
    assert first.sd == pytest.approx((((25**2) + 75**2 + 25**2 + 75**2) / 3) ** 0.5)
    assert first.median == 225.0
    assert first.bonus_rate == 0.5
    assert first.yahtzee_rate == 0.25
    assert first.wins == 2.5  # the tie counts half
    assert first.win_rate == 0.625
    assert first.points_lost == 1.5
    assert second.wins == 1.5
    assert second.median == 250.0
    assert second.points_lost == 0.0


# ----------------------------------------------------------------------------- the runner
def test_results_do_not_depend_on_the_number_of_workers():
    one = run(("hard", "beginner"), 30, seed=12, workers=1, chunk=10)
    two = run(("hard", "beginner"), 30, seed=12, workers=2, chunk=10)
    assert [r.index for r in one] == list(range(30))
    assert one == two
    assert run(("hard", "beginner"), 30, seed=13, workers=1, chunk=10) != one


def test_all_expert_tables_are_played_by_the_batch_simulator():
    assert tournament.uses_batch(("expert",)) and tournament.uses_batch(("expert",) * 4)
    assert not tournament.uses_batch(("expert", "hard"))
    assert not tournament.uses_batch(("expert", "expert"), tie_breaker=True)
    records = run(("expert", "expert", "expert"), 120, seed=6, chunk=50)
    assert [r.index for r in records] == list(range(120))
    # Every seat's card is an independent solitaire card of the batch simulator...
    cards = simulate(50 * 3, Variant.OFFICIAL, derive_seed(6, "batch", 50))
    assert [r.totals for r in records[50:100]] == [
        tuple(t) for t in cards.totals.reshape(-1, 3).tolist()
    ]
    assert [r.bonus for r in records[50:100]] == [
        tuple(b) for b in cards.upper_bonus.reshape(-1, 3).tolist()
    ]
    assert [r.yahtzee for r in records[50:100]] == [
        tuple(y) for y in cards.yahtzee.reshape(-1, 3).tolist()
    ]
    # ...and the highest total wins (a tie shares the win).
    for r in records:
        best = max(r.totals)
        winners = [p for p, total in enumerate(r.totals) if total == best]
        assert r.wins == tuple(1 / len(winners) if p in winners else 0.0 for p in range(3))
        assert r.lost == (0.0, 0.0, 0.0)
    assert run(("expert",) * 3, 120, seed=6, chunk=50, workers=2) == records


def test_a_play_off_goes_through_the_rules_engine():
    records = run(("expert", "expert"), 2, seed=4, tie_breaker=True)
    assert records == [
        play_game(("expert", "expert"), 4, i, Variant.OFFICIAL, True) for i in (0, 1)
    ]


# A process that has initialised pygame carries SDL's C-level SIGINT/SIGTERM handlers. The
# pool must still shut down, and its workers die when asked, whoever calls run(). Each check
# runs in a child process with a hard limit (SIGKILL: SDL ignores SIGTERM), so a regression
# fails here with the child's output instead of hanging the suite.
POOL_CHILD = """
import multiprocessing, os, sys
import pygame
pygame.init()
pygame.display.set_mode((100, 100))
from game.tools.tournament import run
expected = run(("hard", "beginner"), 30, seed=12, workers=1, chunk=10)
for attempt in range(int(sys.argv[1])):
    assert run(("hard", "beginner"), 30, seed=12, workers=2, chunk=10) == expected
    assert multiprocessing.active_children() == [], multiprocessing.active_children()
class Stop(Exception):
    pass
def stop(done, total):
    raise Stop
try:
    run(("hard", "beginner"), 4000, seed=3, workers=2, chunk=20, progress=stop)
except Stop:
    pass
else:
    raise AssertionError("the interrupted run went on")
assert multiprocessing.active_children() == [], multiprocessing.active_children()
print("pool ok")
"""


def run_pool_child(calls: int, limit: float) -> subprocess.CompletedProcess:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    try:
        return subprocess.run(
            [sys.executable, "-c", POOL_CHILD, str(calls)],
            capture_output=True,
            text=True,
            env=env,
            timeout=limit,  # subprocess kills with SIGKILL, which SDL cannot catch
        )
    except subprocess.TimeoutExpired as hung:
        pytest.fail(f"the worker pool hung after pygame was initialised: {hung.stdout!r}")


@pytest.mark.heavy
@pytest.mark.timeout(HEAVY_TIMEOUT)
def test_the_pool_shuts_down_after_pygame_is_initialised():
    done = run_pool_child(calls=6, limit=90)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "pool ok"


def test_workers_restore_the_default_signal_handlers(monkeypatch):
    seen = {}
    monkeypatch.setattr(
        tournament.signal, "signal", lambda sig, handler: seen.__setitem__(sig, handler)
    )
    monkeypatch.setattr(
        tournament,
        "preload",
        lambda variant, levels, forced_order=False: seen.__setitem__("preload", levels),
    )
    tournament._start_worker(Variant.OFFICIAL, ("beginner", "hard"))
    assert seen == {
        signal.SIGTERM: signal.SIG_DFL,
        signal.SIGINT: signal.default_int_handler,
        "preload": ["beginner", "expert", "hard"],
    }


def test_progress_reaches_the_total():
    seen = []
    run(("expert",), 25, seed=1, progress=lambda done, total: seen.append((done, total)), chunk=10)
    assert seen == [(10, 25), (20, 25), (25, 25)]
    stream = io.StringIO()
    bar = ProgressBar(stream)
    bar(5, 10)
    bar(10, 10)
    text = stream.getvalue()
    assert text.startswith("\r[" + "#" * (ProgressBar.WIDTH // 2) + "-" * (ProgressBar.WIDTH // 2))
    assert "\r[" + "#" * ProgressBar.WIDTH + "] 10/10 games, " in text
    assert text.endswith(" s\n")


# ----------------------------------------------------------------------------- the CLI
def test_json_output_for_a_small_run(capsys):
    code = sim.main(["--players", "expert,beginner", "--games", "20", "--seed", "3", "--json"])
    assert code == 0
    report = json.loads(capsys.readouterr().out)
    assert report["players"] == ["expert", "beginner"]
    assert (report["games"], report["seed"], report["variant"]) == (20, 3, "official")
    assert report["tie_breaker"] is False
    results = report["results"]
    assert [r["player"] for r in results] == [1, 2]
    assert [r["level"] for r in results] == ["expert", "beginner"]
    keys = {
        "player",
        "level",
        "mean",
        "sd",
        "median",
        "bonus_rate",
        "yahtzee_rate",
        "wins",
        "win_rate",
        "points_lost",
    }
    assert all(set(r) == keys for r in results)
    assert results[0]["wins"] + results[1]["wins"] == 20
    assert abs(results[0]["points_lost"]) < 1e-9
    assert results[1]["points_lost"] > 10
    for r in results:
        assert 0 <= r["bonus_rate"] <= 1 and 0 <= r["yahtzee_rate"] <= 1
        assert r["win_rate"] == r["wins"] / 20
    # The same tournament through run() and summarize() gives the same numbers.
    again = summarize(("expert", "beginner"), run(("expert", "beginner"), 20, seed=3))
    assert [s.to_dict() for s in again] == results


def test_text_output_names_every_player(capsys):
    assert sim.main(["--players", "easy", "--games", "3", "--variant", "simple", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("3 games (solitaire), simple rules, seed 1")
    assert "1 easy" in out


@pytest.mark.parametrize(
    "argv, message",
    [
        ([], "--players"),
        (["--players", "wizard"], "unknown level 'wizard'"),
        (["--players", "expert,"], "unknown level ''"),
        (["--players", ",".join(["easy"] * 9)], "1 to 8 players"),
        (["--players", "easy", "--games", "0"], "must be 1 or more"),
        (["--players", "easy", "--games", "ten"], "not a whole number"),
        (["--players", "easy", "--workers", "0"], "must be 1 or more"),
        (["--players", "easy", "--seed", "x"], "not a whole number"),
        (["--players", "easy", "--variant", "house"], "invalid choice"),
        (["--players", "easy", "--frobnicate"], "unrecognized arguments"),
    ],
)
def test_bad_arguments_exit_2_with_the_usage(argv, message, capsys):
    with pytest.raises(SystemExit) as exit_info:
        sim.main(argv)
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: python -m game.tools.sim")
    assert message in err


def test_the_module_runs_as_a_program():
    bad = subprocess.run(
        [sys.executable, "-m", "game.tools.sim", "--players", "grandmaster"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert bad.returncode == 2
    assert "usage: python -m game.tools.sim" in bad.stderr
    good = subprocess.run(
        [sys.executable, "-m", "game.tools.sim", "--players", "hard", "--games", "2", "--json"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert good.returncode == 0, good.stderr
    assert json.loads(good.stdout)["results"][0]["level"] == "hard"


def test_a_yatzy_table_of_experts_is_played_by_the_batch_simulator_too():
    records = run(("expert", "expert"), 40, seed=3, variant=Variant.YATZY, chunk=20)
    cards = simulate(20 * 2, Variant.YATZY, derive_seed(3, "batch", 20))
    assert [r.totals for r in records[20:]] == [
        tuple(pair) for pair in cards.totals.reshape(-1, 2).tolist()
    ]


def test_forced_order_tournaments_go_through_the_rules_engine_in_forced_order():
    assert not tournament.uses_batch(("expert", "expert"), forced_order=True)
    records = run(("expert", "hard"), 6, seed=2, variant=Variant.YATZY, forced_order=True)
    # The Expert loses nothing in forced order (to rounding: forced values are not a table).
    assert [r.lost[0] for r in records] == pytest.approx([0.0] * 6, abs=1e-9)
    assert all(r.lost[1] >= 0.0 for r in records)
    game = tournament.play_game(("expert", "hard"), 2, 0, Variant.YATZY, forced_order=True)
    assert game == records[0]
    free = tournament.play_game(("expert", "hard"), 2, 0, Variant.YATZY)
    assert free.totals != game.totals  # the same seed, another game: the order is passed on


def test_a_forced_order_records_file_is_not_taken_for_a_free_one():
    free = sim_records.header(["expert"], 1, "yatzy", False)
    forced = sim_records.header(["expert"], 1, "yatzy", False, True)
    assert "forced_order" not in free["tournament"] and forced != free
