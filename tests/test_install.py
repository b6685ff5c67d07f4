"""An install carries the assets: the wheel's configuration in pyproject.toml ships every file of
assets/ inside the package, and game.assets finds them there.

Building a real wheel takes a build environment and several seconds, so .ci/run does that (and
runs `yahtzee --self-test` in a fresh virtual environment holding only the wheel), as does the
heavy test in tests/tools/test_bundle.py; these tests check the same promises in two seconds.
"""

from __future__ import annotations

import fnmatch
import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from game import assets

ROOT = Path(__file__).resolve().parents[1]
SETUPTOOLS = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"][
    "setuptools"
]
ASSET_FOLDERS = sorted(p.name for p in (ROOT / "assets").iterdir() if p.is_dir())


def asset_files(folder: str) -> list[str]:
    return sorted(p.name for p in (ROOT / "assets" / folder).iterdir() if p.is_file())


def test_the_package_list_names_every_package_under_game_and_every_asset_folder():
    code = {
        ".".join(init.parent.relative_to(ROOT).parts)
        for init in (ROOT / "game").rglob("__init__.py")
    }
    data = {f"game.assets.{folder}" for folder in ASSET_FOLDERS}
    assert sorted(SETUPTOOLS["packages"]) == sorted(code | data), (
        "pyproject.toml's [tool.setuptools] packages must list them all, or a wheel lacks some"
    )


def test_every_asset_folder_is_a_data_package_mapped_to_assets():
    assert list(assets.FOLDERS) == ASSET_FOLDERS == ["fonts", "sounds", "tables"]
    assert SETUPTOOLS["package-dir"] == {
        f"game.assets.{folder}": f"assets/{folder}" for folder in ASSET_FOLDERS
    }


@pytest.mark.parametrize("folder", ASSET_FOLDERS)
def test_the_package_data_patterns_take_every_asset_file(folder):
    patterns = SETUPTOOLS["package-data"][f"game.assets.{folder}"]
    files = asset_files(folder)
    assert files, f"assets/{folder} is empty"
    left_out = [name for name in files if not any(fnmatch.fnmatch(name, p) for p in patterns)]
    assert left_out == [], f"a wheel would leave out {left_out}: add them to package-data"
    assert all(assets.path(f"{folder}/{name}").is_file() for name in files)


def test_the_shipped_files_include_what_the_game_reads():
    assert {"official.npz", "free.npz", "simple.npz"} <= set(asset_files("tables"))
    assert {"click.wav", "LICENSE.txt"} <= set(asset_files("sounds"))
    assert {"NotoSans-Regular.ttf", "NotoSans-Bold.ttf", "LICENSE.txt"} == set(asset_files("fonts"))


def _where_assets_come_from(site: Path) -> list[str]:
    code = "import game.assets as a; print(a.root()); print(a.installed())"
    env = {**os.environ, "PYTHONPATH": str(site)}
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=site,
        env=env,
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    return result.stdout.split()


def test_an_installed_package_reads_its_own_copy_of_the_assets(tmp_path):
    # The layout the wheel has: game/assets/ holding the locator and, per pyproject's mapping,
    # the files of each assets/ folder its package-data patterns take.
    package = tmp_path / "game"
    (package / "assets").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    shutil.copy(ROOT / "game" / "assets" / "__init__.py", package / "assets")
    for name, source in SETUPTOOLS["package-dir"].items():
        target = tmp_path.joinpath(*name.split("."))
        target.mkdir()
        for pattern in SETUPTOOLS["package-data"][name]:
            for path in (ROOT / source).glob(pattern):
                shutil.copy(path, target)
    assert _where_assets_come_from(tmp_path) == [str(package / "assets"), "True"]


def test_a_package_without_its_copy_reads_the_checkouts_assets_folder(tmp_path):
    (tmp_path / "game" / "assets").mkdir(parents=True)
    (tmp_path / "game" / "__init__.py").write_text("")
    shutil.copy(ROOT / "game" / "assets" / "__init__.py", tmp_path / "game" / "assets")
    assert _where_assets_come_from(tmp_path) == [str(tmp_path / "assets"), "False"]
