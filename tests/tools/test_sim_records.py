"""A tournament kept game by game: stopped and gone on with, it is the same tournament."""

from __future__ import annotations

import json

import pytest

from game.rules import Variant
from game.tools import sim, sim_records, tournament

pytestmark = pytest.mark.timeout(120)

LEVELS = ("hard", "expert")


def test_a_tournament_in_two_runs_is_the_tournament_in_one(tmp_path):
    path = tmp_path / "games.jsonl"
    expected = sim_records.header(LEVELS, 3, "official", False)
    sim_records.start(path, expected)
    first = tournament.run(
        LEVELS, 12, 3, chunk=4, finished=lambda done: sim_records.append(path, done)
    )
    known = sim_records.read(path, expected)
    assert sorted(known) == list(range(12))
    played = []
    second = tournament.run(
        LEVELS, 20, 3, chunk=4, known=known, finished=lambda done: played.extend(done)
    )
    assert sorted(r.index for r in played) == list(range(12, 20))  # only the missing games
    whole = tournament.run(LEVELS, 20, 3, chunk=4)
    assert second == whole and first == whole[:12]


def test_a_cut_short_last_line_is_played_again_and_a_stranger_refused(tmp_path):
    path = tmp_path / "games.jsonl"
    assert sim.main(["--players", "hard,expert", "--games", "6", "--seed", "4", "--quiet",
                     "--records", str(path), "--json"]) == 0  # fmt: skip
    text = path.read_text()
    path.write_text(text[:-9])  # the last game's line cut short
    expected = sim_records.header(LEVELS, 4, "official", False)
    assert sorted(sim_records.read(path, expected)) == list(range(5))
    sim_records.start(path, expected)
    assert path.read_text().endswith("\n") and path.read_text().count("\n") == 6
    with pytest.raises(sim_records.RecordsError, match="another tournament"):
        sim_records.read(path, sim_records.header(LEVELS, 5, "official", False))
    path.write_text(text.replace('"index": 2', '"index": "two"'))
    with pytest.raises(sim_records.RecordsError, match="line 4"):
        sim_records.read(path, expected)


def test_the_summary_of_a_resumed_run_is_the_whole_runs(tmp_path, capsys):
    path = tmp_path / "games.jsonl"
    argv = ["--players", "hard,expert", "--seed", "2", "--quiet", "--json", "--workers", "1"]
    assert sim.main([*argv, "--games", "3", "--records", str(path)]) == 0
    capsys.readouterr()
    assert sim.main([*argv, "--games", "5", "--records", str(path)]) == 0
    resumed = json.loads(capsys.readouterr().out)
    assert sim.main([*argv, "--games", "5"]) == 0
    assert resumed == json.loads(capsys.readouterr().out)
    other = tmp_path / "other.jsonl"
    other.write_text(json.dumps(sim_records.header(LEVELS, 9, Variant.FREE.value, False)) + "\n")
    assert sim.main([*argv, "--games", "5", "--records", str(other)]) == 2
    assert "another tournament" in capsys.readouterr().err
