"""Where files go: platform folders, --data-dir, YAHTZEE_DATA_DIR; folders made lazily."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import platformdirs
import pytest

from game.storage import Storage
from game.storage.paths import APP_NAME, ENV_VAR, parse_data_dir, resolve_paths

from .conftest import open_storage


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["main.py"], None),
        (["main.py", "--data-dir", "saves/a"], Path("saves/a")),
        (["main.py", "--data-dir=saves/b", "--fullscreen"], Path("saves/b")),
        (["main.py", "--data-dir", "x", "--data-dir", "y"], Path("y")),
        (["main.py", "--data-dir"], None),
        (["main.py", "--data-dir="], None),
        (["main.py", "--data-directory", "z"], None),
    ],
)
def test_parse_data_dir(argv, expected):
    assert parse_data_dir(argv) == expected


def test_platform_folders_without_override():
    paths = resolve_paths(None, environ={})
    assert paths.data_dir == Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
    assert paths.config_dir == Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))
    assert paths.settings == paths.config_dir / "settings.json"
    assert paths.current == paths.data_dir / "current.json"
    assert paths.records == paths.data_dir / "records.sqlite3"


def test_environment_variable_puts_everything_in_one_folder(tmp_path):
    paths = resolve_paths(None, environ={ENV_VAR: str(tmp_path / "env")})
    assert paths.data_dir == paths.config_dir == tmp_path / "env"
    assert paths.settings == tmp_path / "env" / "settings.json"


def test_command_line_beats_environment(tmp_path):
    paths = resolve_paths(tmp_path / "cli", environ={ENV_VAR: str(tmp_path / "env")})
    assert paths.data_dir == paths.config_dir == tmp_path / "cli"


def test_from_argv(tmp_path):
    storage = Storage.from_argv(["main.py", "--data-dir", str(tmp_path / "d")], environ={})
    assert storage.paths.data_dir == tmp_path / "d"


def test_reading_creates_no_folder(data_dir):
    storage = open_storage(data_dir)
    assert storage.load_current() is None
    assert storage.list_history() == []
    assert storage.list_profiles() == []
    assert storage.high_scores("official") == []
    assert storage.problems == []
    assert not data_dir.exists()


def test_first_write_creates_the_folder(data_dir):
    storage = open_storage(data_dir)
    assert storage.save_settings(storage.settings.replace(muted=True))
    assert sorted(p.name for p in data_dir.iterdir()) == ["settings.json"]


def test_storage_imports_no_pygame():
    code = (
        "import sys, game.storage, game.tools.bench.storage, tests.storage.selfplay; "
        "assert 'pygame' not in sys.modules"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=60)
