"""The downloads, built for real (heavy: run with `pytest -m heavy tests/tools/test_bundle.py`).

- The bundle: `python -m game.tools.bundle` builds the tarball; unpacked, its binary passes
  `--self-test` under `env -i HOME=<temp>` (no PATH to any Python, no PYTHONPATH), its
  metainfo validates, and install.sh --user puts the menu entry and icons under ~/.local,
  which --uninstall takes away again.
- The wheel: it holds the compiled catalogues and the assets and nothing of the bundle's
  build, and unpacked on its own it passes --self-test reading its own files.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

from game.selftest import CHECKS
from game.ui.window_identity import APP_ID, ICON_SIZES

ROOT = Path(__file__).resolve().parents[2]
PASSED = [*(f"ok {name}" for name in CHECKS), "self-test passed"]

pytestmark = [pytest.mark.heavy, pytest.mark.timeout(900)]


def verdicts(stdout: str) -> list[str]:
    lines = stdout.splitlines()
    said = [line.split(":")[0] for line in lines if line.startswith(("ok ", "FAILED "))]
    return said + [line for line in lines[-1:] if line == "self-test passed"]


@pytest.fixture(scope="module")
def bundle(tmp_path_factory) -> Path:
    if importlib.util.find_spec("PyInstaller") is None:
        pytest.skip('PyInstaller is not installed (pip install -e ".[bundle]")')
    out, work = tmp_path_factory.mktemp("dist"), tmp_path_factory.mktemp("work")
    # A folder of its own: under xdist each worker builds its own, side by side.
    command = [sys.executable, "-m", "game.tools.bundle", "--out", str(out), "--no-measure"]
    command += ["--work", str(work)]
    subprocess.run(command, cwd=ROOT, check=True, timeout=800, capture_output=True)
    (archive,) = out.glob("yahtzee-table-*-linux-x86_64.tar.gz")
    unpacked = tmp_path_factory.mktemp("unpacked")
    with tarfile.open(archive) as tar:
        tar.extractall(unpacked, filter="tar")
    (app,) = unpacked.iterdir()
    return app


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the Linux tarball")
def test_the_unpacked_bundle_passes_its_self_test_with_no_python_about(bundle, tmp_path):
    result = subprocess.run(
        ["env", "-i", f"HOME={tmp_path}", str(bundle / "yahtzee"), "--self-test"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert verdicts(result.stdout) == PASSED
    assert "8 languages (7 from .mo)" in result.stdout
    assert str(bundle) in result.stdout  # the game, its assets and its Python are the bundle's


def test_the_bundle_carries_licences_and_desktop_files(bundle):
    assert (bundle / "licences" / "sounds.txt").is_file()
    assert (bundle / "licences" / "python.txt").is_file()
    assert any((bundle / "licences" / "pygame-ce").iterdir())
    share = bundle / "share"
    assert (share / "applications" / f"{APP_ID}.desktop").is_file()
    metainfo = (share / "metainfo" / f"{APP_ID}.metainfo.xml").read_text(encoding="utf-8")
    assert "@" not in metainfo.replace("<?xml", "")  # every placeholder filled in
    assert (share / "screenshots" / "table-1280x800.png").is_file()
    for size in ICON_SIZES:
        assert (share / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png").is_file()


@pytest.mark.skipif(shutil.which("appstreamcli") is None, reason="no appstream tools")
def test_the_bundles_metainfo_validates(bundle):
    path = bundle / "share" / "metainfo" / f"{APP_ID}.metainfo.xml"
    result = subprocess.run(
        ["appstreamcli", "validate", "--no-net", str(path)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stdout


def test_install_sh_installs_for_the_user_and_uninstalls_cleanly(bundle, tmp_path):
    env = {"HOME": str(tmp_path), "PATH": os.environ.get("PATH", "/usr/bin:/bin")}
    installed = subprocess.run(
        [str(bundle / "install.sh"), "--user"], env=env, capture_output=True, text=True, timeout=120
    )
    assert installed.returncode == 0, installed.stderr
    local = tmp_path / ".local"
    entry = (local / "share" / "applications" / f"{APP_ID}.desktop").read_text(encoding="utf-8")
    assert f"Exec={local}/lib/yahtzee-table/yahtzee" in entry.splitlines()
    assert (local / "bin" / "yahtzee").resolve() == local / "lib" / "yahtzee-table" / "yahtzee"
    assert (local / "share" / "icons" / "hicolor" / "48x48" / "apps" / f"{APP_ID}.png").is_file()
    removed = subprocess.run(
        [str(bundle / "install.sh"), "--uninstall"],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert removed.returncode == 0, removed.stderr
    left = [p for p in local.rglob("*") if p.is_file() or p.is_symlink()]
    assert left == [] or all(p.name in ("icon-theme.cache", "mimeinfo.cache") for p in left)


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    command = [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(out), "."]
    subprocess.run(command, cwd=ROOT, check=True, timeout=600, capture_output=True)
    (built,) = out.glob("yahtzee_table-*.whl")
    return built


def test_the_wheel_holds_the_game_and_nothing_of_the_bundles_build(wheel):
    names = zipfile.ZipFile(wheel).namelist()
    assert "game/locale/de/LC_MESSAGES/yahtzee.mo" in names
    assert "game/assets/tables/official.npz" in names
    assert "game/selftest.py" in names
    build = [n for n in names if n.startswith(("packaging/", "build/", "dist/", "tests/"))]
    assert build + [n for n in names if n.endswith((".spec", ".po", ".pot", "install.sh"))] == []


def test_the_unpacked_wheel_passes_its_self_test_on_its_own_files(wheel, tmp_path):
    zipfile.ZipFile(wheel).extractall(tmp_path / "site")
    code = "import sys; from game.app import main; sys.exit(main(['--self-test']))"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "YAHTZEE"))}
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=tmp_path / "site",  # the current folder is on sys.path for -c: the wheel's game
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert verdicts(result.stdout) == PASSED
    assert f"assets {tmp_path / 'site' / 'game' / 'assets'}" in result.stdout
    assert "8 languages (7 from .mo)" in result.stdout
