"""packaging/linux/install.sh, run for real on a stand-in for the unpacked download (a shell
script as the game, the real desktop entry and metainfo): a HOME with spaces, umlauts, a
quote and a dollar sign; --uninstall leaving the home as it was; the folders it names; a
packager's --system install into DESTDIR. The heavy tests run it on the real bundle."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from game.ui.window_identity import APP_ID, ICON_SIZES
from tests.tools.desktop import parse_exec, snapshot_tree

ROOT = Path(__file__).resolve().parents[2]
LINUX = ROOT / "packaging" / "linux"

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a Linux script")


@pytest.fixture
def app(tmp_path) -> Path:
    """An unpacked download's layout; its `yahtzee` writes where it was started from."""
    folder = tmp_path / "yahtzee-table-0.1.0"
    (folder / "share" / "applications").mkdir(parents=True)
    (folder / "share" / "metainfo").mkdir()
    game = folder / "yahtzee"
    game.write_text('#!/bin/sh\necho "started $0 $*"\n', encoding="utf-8")
    game.chmod(0o755)
    shutil.copy(LINUX / f"{APP_ID}.desktop", folder / "share" / "applications")
    shutil.copy(LINUX / f"{APP_ID}.metainfo.xml", folder / "share" / "metainfo")
    for size in ICON_SIZES:
        icons = folder / "share" / "icons" / "hicolor" / f"{size}x{size}" / "apps"
        icons.mkdir(parents=True)
        (icons / f"{APP_ID}.png").write_bytes(b"\x89PNG stand-in")
    shutil.copy(LINUX / "install.sh", folder / "install.sh")
    return folder


@pytest.fixture
def home(tmp_path) -> Path:
    folder = tmp_path / "Jörg O'Brien $HOME ü"
    folder.mkdir()
    return folder


def run(app: Path, home: Path, *args: str, **extra: str) -> subprocess.CompletedProcess[str]:
    env = {"HOME": str(home), "PATH": "/usr/bin:/bin", **extra}
    return subprocess.run(
        [str(app / "install.sh"), *args], env=env, capture_output=True, text=True, timeout=60
    )


def test_the_menu_entry_starts_the_installed_game_from_a_home_with_spaces(app, home):
    done = run(app, home, "--user")
    assert done.returncode == 0, done.stderr
    entry = home / ".local" / "share" / "applications" / f"{APP_ID}.desktop"
    program = parse_exec(entry)
    assert program == [str(home / ".local" / "lib" / "yahtzee-table" / "yahtzee")]
    started = subprocess.run([*program, "--self-test"], capture_output=True, text=True)
    assert started.stdout == f"started {program[0]} --self-test\n"
    if shutil.which("desktop-file-validate"):
        checked = subprocess.run(["desktop-file-validate", str(entry)], capture_output=True)
        assert checked.returncode == 0, checked.stdout
    assert (home / ".local" / "bin" / "yahtzee").resolve() == Path(program[0])
    assert f"or run {home}/.local/bin/yahtzee" in done.stdout


def test_uninstall_leaves_the_home_as_it_was(app, home):
    # Someone else's things in the same folders, and an icon cache the desktop keeps.
    apps = home / ".local" / "share" / "applications"
    apps.mkdir(parents=True)
    (apps / "other.desktop").write_text("[Desktop Entry]\n", encoding="utf-8")
    (home / ".local" / "bin").mkdir()
    (home / ".local" / "bin" / "tool").write_text("#!/bin/sh\n", encoding="utf-8")
    hicolor = home / ".local" / "share" / "icons" / "hicolor"
    hicolor.mkdir(parents=True)
    before = snapshot_tree(home)
    assert run(app, home, "--user").returncode == 0
    assert len(snapshot_tree(home)) > len(before) + len(ICON_SIZES)
    done = run(app, home, "--uninstall")
    assert done.returncode == 0, done.stderr
    assert snapshot_tree(home) == before


def test_uninstall_from_an_empty_home_leaves_it_empty_and_names_the_real_folders(app, home):
    assert run(app, home, "--user").returncode == 0
    done = run(app, home, "--uninstall")
    assert done.returncode == 0, done.stderr
    assert list(home.iterdir()) == []
    assert f"settings stay in {home}/.config/yahtzee-table" in done.stdout
    assert f"records in {home}/.local/share/yahtzee-table" in done.stdout


def test_the_folders_follow_xdg_data_home_and_xdg_config_home(app, home):
    data, config = home / "data", home / "config"
    done = run(app, home, "--user", XDG_DATA_HOME=str(data), XDG_CONFIG_HOME=str(config))
    assert done.returncode == 0, done.stderr
    assert (data / "applications" / f"{APP_ID}.desktop").is_file()
    done = run(app, home, "--uninstall", XDG_DATA_HOME=str(data), XDG_CONFIG_HOME=str(config))
    assert f"settings stay in {config}/yahtzee-table" in done.stdout
    assert f"records in {data}/yahtzee-table" in done.stdout
    assert list(home.iterdir()) == []


def test_another_yahtzee_command_is_left_alone(app, home):
    (home / ".local" / "bin").mkdir(parents=True)
    (home / ".local" / "bin" / "yahtzee").write_text("#!/bin/sh\n# pipx's\n", encoding="utf-8")
    done = run(app, home, "--user")
    assert done.returncode == 0 and "left as it is" in done.stdout
    assert run(app, home, "--uninstall").returncode == 0
    assert (home / ".local" / "bin" / "yahtzee").read_text(encoding="utf-8").endswith("pipx's\n")


def test_a_packager_stages_a_system_install_in_destdir(app, home, tmp_path):
    stage = tmp_path / "stage"
    stage.mkdir()
    done = run(app, home, "--system", "/usr", DESTDIR=str(stage))
    assert done.returncode == 0, done.stderr
    assert (stage / "usr" / "lib" / "yahtzee-table" / "yahtzee").is_file()
    assert (stage / "usr" / "bin" / "yahtzee").readlink() == Path("/usr/lib/yahtzee-table/yahtzee")
    entry = stage / "usr" / "share" / "applications" / f"{APP_ID}.desktop"
    assert parse_exec(entry) == ["/usr/lib/yahtzee-table/yahtzee"]
    assert (stage / "usr" / "share" / "metainfo" / f"{APP_ID}.metainfo.xml").is_file()
    assert list(home.iterdir()) == []  # nothing of the user's touched
    assert run(app, home, "--uninstall", "--system", "/usr", DESTDIR=str(stage)).returncode == 0
    assert list(stage.iterdir()) == []


def test_a_wrong_option_says_how_to_use_it(app, home):
    done = run(app, home, "--everyone")
    assert done.returncode == 2 and done.stderr.startswith("usage:")
    assert run(app, home, "--uninstall").returncode == 1  # nothing installed to take out
