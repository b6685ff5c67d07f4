"""`yahtzee --self-test`: it passes on the checkout, names the check that fails on spoiled
assets, and the window class it claims is the one the desktop entry names."""

from __future__ import annotations

import configparser
import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from game.selftest import CHECKS
from game.ui import window_identity
from tests.processes import xvfb

ROOT = Path(__file__).resolve().parents[1]
LINUX = ROOT / "packaging" / "linux"
ENV = {k: v for k, v in os.environ.items() if k != "YAHTZEE_ASSETS"}


def self_test(*args: str, **env: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "--self-test", *args],
        cwd=ROOT,
        env={**ENV, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def verdicts(result: subprocess.CompletedProcess) -> list[str]:
    """Each check's line cut to 'ok NAME' / 'FAILED NAME', then the verdict when all passed."""
    lines = result.stdout.splitlines()
    said = [line.split(":")[0] for line in lines if line.startswith(("ok ", "FAILED "))]
    return said + [line for line in lines[-1:] if line == "self-test passed"]


def test_the_self_test_passes_on_the_checkout():
    result = self_test()
    assert result.returncode == 0, result.stdout + result.stderr
    assert verdicts(result) == [*(f"ok {name}" for name in CHECKS), "self-test passed"]
    assert "no rebuild" in result.stdout
    # Seven catalogues and English; a checkout reads the .po unless someone compiled them.
    assert re.search(r"ok languages: 8 languages \(7 from \.(po|mo)\)", result.stdout)


def spoiled_assets(tmp_path: Path, relative: str, content: bytes) -> Path:
    folder = tmp_path / "assets"
    shutil.copytree(ROOT / "assets", folder)
    (folder / relative).write_bytes(content)
    return folder


def test_a_damaged_table_fails_the_table_check_by_name(tmp_path):
    folder = spoiled_assets(tmp_path, "tables/official.npz", b"not a table")
    result = self_test(YAHTZEE_ASSETS=str(folder))
    assert result.returncode == 1
    assert verdicts(result) == ["FAILED table"]
    assert str(folder / "tables" / "official.npz") in result.stdout
    assert "would be rebuilt" in result.stdout
    assert result.stdout.splitlines()[-1].startswith("FAILED table: ")


def test_a_damaged_sound_fails_the_sounds_check_by_name(tmp_path):
    folder = spoiled_assets(tmp_path, "sounds/click.wav", b"RIFF....")
    result = self_test(YAHTZEE_ASSETS=str(folder))
    assert result.returncode == 1
    assert verdicts(result) == ["ok table", "FAILED sounds"]
    assert result.stdout.splitlines()[-1].startswith("FAILED sounds: ")
    assert "click.wav does not decode" in result.stdout


def test_one_check_alone_and_an_unknown_name():
    assert verdicts(self_test("title")) == ["ok title", "self-test passed"]
    unknown = self_test("everything")
    assert unknown.returncode == 2
    assert unknown.stdout.splitlines()[-1].startswith("FAILED everything: no such check")


def desktop_entry() -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # keys keep their case
    parser.read(LINUX / f"{window_identity.APP_ID}.desktop", encoding="utf-8")
    return parser["Desktop Entry"]


def test_the_desktop_entry_names_the_class_and_icon_the_game_sets():
    entry = desktop_entry()
    assert entry["StartupWMClass"] == window_identity.WM_CLASS == "yahtzee-table"
    assert entry["Icon"] == window_identity.ICON_NAME
    assert entry["Exec"] == "yahtzee"  # the wheel's gui-script and the bundle's binary


def test_the_metainfo_launches_the_desktop_entry_and_lists_every_language():
    from game.i18n import LANGUAGES

    root = ET.parse(LINUX / f"{window_identity.APP_ID}.metainfo.xml").getroot()
    assert root.findtext("id") == window_identity.APP_ID
    assert root.findtext("launchable") == f"{window_identity.APP_ID}.desktop"
    assert [lang.text for lang in root.iter("lang")] == list(LANGUAGES)
    assert root.find("content_rating").get("type") == "oars-1.1"


def test_install_sh_puts_every_icon_size_the_build_draws():
    script = (LINUX / "install.sh").read_text(encoding="utf-8")
    assert f'SIZES="{" ".join(map(str, window_identity.ICON_SIZES))}"' in script
    assert f"APP_ID={window_identity.APP_ID}" in script


@pytest.mark.skipif(shutil.which("desktop-file-validate") is None, reason="no desktop-file-utils")
def test_the_desktop_entry_validates():
    path = LINUX / f"{window_identity.APP_ID}.desktop"
    result = subprocess.run(
        ["desktop-file-validate", str(path)], capture_output=True, text=True, timeout=60
    )
    assert (result.returncode, result.stdout) == (0, "")


@pytest.mark.skipif(
    not all(shutil.which(tool) for tool in ("Xvfb", "xprop", "xwininfo")),
    reason="needs Xvfb and x11-utils (xprop, xwininfo)",
)
@pytest.mark.timeout(120)
def test_under_x11_the_window_has_the_class_and_an_icon(tmp_path):
    import time

    game = None
    with xvfb() as display:
        try:
            env = {**ENV, "DISPLAY": display, "SDL_AUDIODRIVER": "dummy"}
            env.pop("SDL_VIDEODRIVER", None)
            env.pop("SDL_VIDEO_X11_WMCLASS", None)
            game = subprocess.Popen(
                [sys.executable, str(ROOT / "main.py"), "--data-dir", str(tmp_path), "--windowed"],
                env=env,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
            window = None
            for _ in range(300):  # until the window is up (the test's timeout bounds the wait)
                tree = subprocess.run(
                    ["xwininfo", "-root", "-tree"], env=env, capture_output=True, text=True
                ).stdout
                found = [line.split()[0] for line in tree.splitlines() if '"Yahtzee Table"' in line]
                if found:
                    window = found[0]
                    break
                time.sleep(0.1)
            assert window is not None, "the game's window never appeared"
            icon = f"Icon ({window_identity.WINDOW_ICON_SIZE} x {window_identity.WINDOW_ICON_SIZE})"
            said = ""
            for _ in range(100):  # pygame-ce 2.5.0 sets the icon a moment after the window is up
                said = subprocess.run(
                    ["xprop", "-id", window, "WM_CLASS", "_NET_WM_ICON"],
                    env=env,
                    capture_output=True,
                    text=True,
                    timeout=30,
                ).stdout
                if icon in said:
                    break
                time.sleep(0.1)
            assert 'WM_CLASS(STRING) = "yahtzee-table", "yahtzee-table"' in said
            assert icon in said
        finally:
            if game is not None:
                game.terminate()
                game.wait(timeout=30)
