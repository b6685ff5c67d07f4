"""Table files: round trip, reproducible bytes, damage detected, never a crash, the CLI check."""

from __future__ import annotations

import logging
import zipfile

import numpy as np
import pytest

from game.ai.exact import tables
from game.ai.exact.scoring import spec
from game.ai.exact.solver import StateKey
from game.ai.exact.tables import TableError, read_table, table_path
from game.ai.tablemaker import cli as build
from game.ai.tablemaker.values import save_table
from game.rules import Scorecard, Variant


@pytest.fixture(scope="module")
def shipped_simple() -> np.ndarray:
    return read_table(table_path(Variant.SIMPLE), Variant.SIMPLE)


def test_shipped_tables_are_small_float32_files():
    for variant in Variant:
        path = table_path(variant)
        assert path.stat().st_size < 10_000_000
        values = read_table(path, variant)
        assert values.dtype == np.float32 and values.shape == spec(variant).table_shape


def test_round_trip_and_identical_bytes(tmp_path, shipped_simple):
    first, second = tmp_path / "a" / "simple.npz", tmp_path / "b" / "simple.npz"
    save_table(first, Variant.SIMPLE, shipped_simple)
    save_table(second, Variant.SIMPLE, shipped_simple)
    assert first.read_bytes() == second.read_bytes()
    assert first.read_bytes() == table_path(Variant.SIMPLE).read_bytes()
    np.testing.assert_array_equal(read_table(first, Variant.SIMPLE), shipped_simple)


def _rewrite(path, **changes) -> None:
    """Rewrite one array of a table file, keeping the others (to fake a damaged file)."""
    with np.load(path) as data:
        arrays = {name: data[name] for name in data.files}
    arrays.update(changes)
    with open(path, "wb") as out:
        np.savez(out, **arrays)


@pytest.mark.parametrize(
    "damage, message",
    [
        ("missing", "does not exist"),
        ("garbage", "cannot be read"),
        ("truncated", "cannot be read"),
        ("variant", "holds the free table"),
        ("format", "has format 99"),
        ("values", "fails its checksum"),
        ("shape", "expected (8192, 64, 2)"),
    ],
)
def test_damaged_files_are_refused_with_a_reason(tmp_path, shipped_simple, damage, message):
    path = tmp_path / "simple.npz"
    save_table(path, Variant.SIMPLE, shipped_simple)
    if damage == "missing":
        path.unlink()
    elif damage == "garbage":
        path.write_bytes(b"not a zip file")
    elif damage == "truncated":
        path.write_bytes(path.read_bytes()[:5000])
    elif damage == "variant":
        _rewrite(path, variant=np.array("free"))
    elif damage == "format":
        _rewrite(path, format=np.array(99))
    elif damage == "values":
        changed = shipped_simple.copy()
        changed[5, 5, 0] += 1
        _rewrite(path, values=changed)
    elif damage == "shape":
        _rewrite(path, values=shipped_simple[:100])
    with pytest.raises(TableError, match=message.replace("(", r"\(").replace(")", r"\)")):
        read_table(path, Variant.SIMPLE)


def test_unusable_file_means_an_in_memory_build_and_a_warning(
    tmp_path, shipped_simple, monkeypatch, caplog
):
    built = []

    def fake_build(variant):  # the real build is tested elsewhere; this one is instant
        built.append(variant)
        return shipped_simple

    monkeypatch.setattr(tables, "build_values", fake_build)
    (tmp_path / "simple.npz").write_bytes(b"\x00" * 100)
    with caplog.at_level(logging.WARNING, logger="game.ai.exact.tables"):
        table = tables.value_table(Variant.SIMPLE, directory=tmp_path)
    assert built == [Variant.SIMPLE]
    assert "building the simple table in memory" in caplog.text
    assert "python -m game.ai.tablemaker --variant simple --only values" in caplog.text  # the fix
    assert table.value(StateKey.of(Scorecard())) == pytest.approx(245.8708, abs=1e-4)


def test_value_table_is_loaded_once_and_checks_its_argument():
    assert tables.value_table(Variant.FREE) is tables.value_table(Variant.FREE)
    with pytest.raises(ValueError):
        tables.value_table("official")


def test_cli_check_compares_a_rebuild_with_the_file(shipped_simple, monkeypatch, capsys):
    """The plumbing only (CI runs the real `--check`; test_solver compares a real build)."""
    monkeypatch.setattr(build, "build_values", lambda variant: shipped_simple)
    assert build.main(["--only", "values", "--variant", "simple", "--check"]) == 0
    assert "matches the rebuild" in capsys.readouterr().out
    changed = shipped_simple.copy()
    changed[0, 0, 0] += 0.5
    monkeypatch.setattr(build, "build_values", lambda variant: changed)
    assert build.main(["--only", "values", "--variant", "simple", "--check"]) == 1
    assert "values differ by up to 0.5" in capsys.readouterr().err


def test_cli_writes_tables(tmp_path, shipped_simple, monkeypatch, capsys):
    monkeypatch.setattr(build, "build_values", lambda variant: shipped_simple)
    assert build.main(["--only", "values", "--variant", "simple", "--out", str(tmp_path)]) == 0
    assert (tmp_path / "simple.npz").read_bytes() == table_path(Variant.SIMPLE).read_bytes()
    assert "empty card 245.8708" in capsys.readouterr().out


def test_cli_check_fails_on_a_bad_file(tmp_path, capsys):
    (tmp_path / "official.npz").write_bytes(b"junk")
    assert (
        build.main(["--only", "values", "--variant", "official", "--check", "--out", str(tmp_path)])
        == 1
    )
    assert "CHECK FAILED" in capsys.readouterr().err
    with zipfile.ZipFile(tmp_path / "free.npz", "w"):
        pass
    assert (
        build.main(["--only", "values", "--variant", "free", "--check", "--out", str(tmp_path)])
        == 1
    )
