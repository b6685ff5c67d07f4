"""The downloads, built for real (heavy: `pytest -m heavy tests/tools/test_bundle.py`).

One bundle is built for the whole run (the first worker to ask builds it, the other waits for
it) and unpacked to a folder whose path has spaces and umlauts. Against it:

- its self-test under `env -i` with a stranger's HOME;
- licenses/ against what it holds: every file and frozen module has an owner with its
  licence texts, and the libraries named in the issue are covered;
- the glibc floor of every ELF file, printed, against the floor stated for this build;
- nothing lean.py leaves out is in it: modules, system libraries, runtime hooks;
- install.sh --user and --uninstall with a space and an umlaut in HOME;
- a second build of the same checkout gives the same archive, byte for byte;
- a child the game starts does not see the bundle's LD_LIBRARY_PATH.

And the wheel: it holds the game, its licence and every asset's licence, and nothing of the
bundle's build, and unpacked on its own it passes --self-test reading its own files.
"""

from __future__ import annotations

import fcntl
import hashlib
import importlib.util
import os
import subprocess
import sys
import tarfile
import time
import tomllib
import zipfile
from pathlib import Path

import pytest

from game.selftest import CHECKS
from game.tools.bundle import __main__ as bundle_main
from game.tools.bundle import elf, lean, licences
from game.ui.window_identity import APP_ID, ICON_SIZES
from tests.heavy import HEAVY_TIMEOUT
from tests.tools.desktop import parse_exec, snapshot_tree

ROOT = Path(__file__).resolve().parents[2]
PASSED = [*(f"ok {name}" for name in CHECKS), "self-test passed"]
STRANGE = "Spiel för Jörg ü"  # a folder name with spaces and umlauts

pytestmark = [pytest.mark.heavy, pytest.mark.timeout(HEAVY_TIMEOUT)]
linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the Linux tarball")


def verdicts(stdout: str) -> list[str]:
    lines = stdout.splitlines()
    said = [line.split(":")[0] for line in lines if line.startswith(("ok ", "FAILED "))]
    return said + [line for line in lines[-1:] if line == "self-test passed"]


def build_into(folder: Path) -> Path:
    """The archive built by the bundle tool into `folder` (its checks included, no timing)."""
    out, work = folder / "dist", folder / "work"
    command = [sys.executable, "-m", "game.tools.bundle", "--out", str(out), "--no-measure"]
    command += ["--work", str(work)]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=800)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    (archive,) = out.glob("yahtzee-table-*.tar.gz")
    return archive


@pytest.fixture(scope="session")
def archive(tmp_path_factory, worker_id) -> Path:
    if importlib.util.find_spec("PyInstaller") is None:
        pytest.skip('PyInstaller is not installed (pip install -e ".[bundle]")')
    base = tmp_path_factory.getbasetemp()
    shared = base.parent if worker_id != "master" else base  # every worker's common folder
    with (shared / "bundle.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # one worker builds; the other waits and reuses it
        built = shared / "bundle-built.txt"
        if not built.exists():
            built.write_text(str(build_into(shared / "bundle")), encoding="utf-8")
        return Path(built.read_text(encoding="utf-8"))


@pytest.fixture(scope="session")
def bundle(archive, tmp_path_factory) -> Path:
    unpacked = tmp_path_factory.mktemp("unpacked") / STRANGE
    unpacked.mkdir()
    with tarfile.open(archive) as tar:
        tar.extractall(unpacked, filter="tar")
    (app,) = unpacked.iterdir()
    return app


@pytest.fixture
def stranger(tmp_path) -> Path:
    home = tmp_path / f"home of {STRANGE}"
    home.mkdir()
    return home


@linux_only
def test_the_unpacked_bundle_passes_its_self_test_with_no_python_about(bundle, stranger):
    result = subprocess.run(
        ["env", "-i", f"HOME={stranger}", str(bundle / "yahtzee"), "--self-test"],
        cwd=stranger,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert verdicts(result.stdout) == PASSED
    assert "8 languages (7 from .mo)" in result.stdout
    assert str(bundle) in result.stdout  # the game, its assets and its Python are the bundle's
    # Nothing in HOME but the XDG folders (an empty ~/.cache: SDL's, from a venv's run too).
    assert {p.name for p in stranger.iterdir()} <= {".cache", ".config", ".local"}


def test_the_games_metadata_is_made_for_the_bundle_not_taken_from_the_checkout(bundle):
    internal = bundle / "_internal"
    assert list(internal.glob("*.egg-info")) == []
    (metadata,) = internal.glob("yahtzee_table-*.dist-info/METADATA")
    version = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert metadata.read_text(encoding="utf-8").splitlines() == [
        "Metadata-Version: 2.4",
        "Name: yahtzee-table",
        f"Version: {version['version']}",  # what network play tells (game.net.version)
        "License-Expression: MIT",
    ]


def test_every_file_and_module_shipped_has_an_owner_and_its_licence(bundle):
    accounting = licences.account(bundle)
    assert accounting.unaccounted == []
    assert licences.missing(accounting, bundle / "licenses") == []
    for owner in accounting.owners:
        texts = [p for p in (bundle / "licenses" / owner).iterdir() if p.stat().st_size > 200]
        assert texts, f"{owner}'s licence folder holds no licence text"
    said = (bundle / "licenses" / "README.txt").read_text(encoding="utf-8")
    assert all(f"\n{owner}" in said for owner in accounting.owners)


def test_the_licences_cover_what_the_issue_names(bundle):
    folder = bundle / "licenses"
    owners = {p.name for p in folder.iterdir() if p.is_dir()}
    expected = {"yahtzee-table", "python", "pyinstaller", "pygame-ce", "numpy", "pymunk", "babel"}
    assert expected | {"platformdirs", "cffi", "common"} <= owners
    assert "MIT License" in (folder / "yahtzee-table" / "LICENSE").read_text(encoding="utf-8")
    # Each library pygame-ce's wheel carries has a text (SDL and the rest).
    pygame_texts = {p.name for p in (folder / "pygame-ce").iterdir()}
    assert {"SDL2.txt", "SDL2_image.txt", "SDL2_mixer.txt", "SDL2_ttf.txt", "freetype.txt"} <= (
        pygame_texts
    )
    assert any("LGPL" in name for name in pygame_texts)  # pygame-ce's own
    numpy = (folder / "numpy" / "LICENSE.txt").read_text(encoding="utf-8")
    assert all(name in numpy for name in ("OpenBLAS", "libgfortran", "libquadmath"))
    chipmunk = (folder / "pymunk" / "Chipmunk2D.txt").read_text(encoding="utf-8")
    assert "Scott Lembcke" in chipmunk
    assert "Unicode" in (folder / "babel" / "babel_locale-data_LICENSE.unicode").read_text(
        encoding="utf-8"
    )  # the CLDR data
    # Every folder of assets/ with a licence of its own (the sounds, a typeface) has it here.
    for asset, files in licences.asset_licences().items():
        for file in files:
            assert (folder / f"assets-{asset}" / file.name).read_bytes() == file.read_bytes()


@linux_only
def test_the_glibc_floor_is_the_one_stated_for_this_build(bundle):
    floor = elf.floor(bundle)
    for name, need in sorted(floor.by_file.items(), key=lambda item: item[1]):
        print(f"{elf.show(need):>6}  {name}")
    stated = elf.STATED_GLIBC["local"]
    print(f"floor {elf.show(floor.version)}, set by {floor.setters}; stated {stated}")
    assert elf.show(floor.version) == stated, (
        f"this build needs glibc {elf.show(floor.version)} ({floor.setters}); the README and "
        f"elf.STATED_GLIBC say {stated}: say what this build needs, or build on an older system"
    )
    accounting = licences.account(bundle)
    assert bundle_main.glibc_problems(bundle, accounting, "local") == []
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert f"glibc {elf.STATED_GLIBC['release']}" in readme
    assert f"glibc {stated}" in readme


def test_nothing_left_out_by_lean_is_shipped(bundle):
    assert bundle_main.checks(bundle, "local") == []
    names = {p.name for p in bundle.rglob("*")}
    assert names & set(lean.SYSTEM_LIBRARIES) == set()
    for gone in ("libreadline.so.8", "libtinfo.so.6", "libstdc++.so.6", "libgcc_s.so.1"):
        assert gone not in names
    assert not [n for n in names if n.startswith(("readline.", "_codecs_", "_multiprocessing."))]
    # The modules are .pyc files, read as a venv reads its own (no zlib archive to inflate).
    assert (bundle / "_internal" / "game" / "app.pyc").is_file()
    assert not (bundle / "_internal" / "base_library.zip").exists()
    accounting = licences.account(bundle)
    modules = set(accounting.modules)
    assert {"game.app", "numpy", "pygame", "sqlite3", "_sqlite3", "encodings.utf_8"} <= modules
    assert [m for m in modules if lean.excluded_module(m)] == []
    assert {"unittest", "pdb", "pydoc", "pkg_resources", "numpy.f2py", "readline"}.isdisjoint(
        modules
    )
    assert {"ssl", "websockets.asyncio.client", "zeroconf"} <= modules  # network play's
    assert accounting.hooks == sorted(lean.RUNTIME_HOOKS)


@linux_only
def test_install_sh_installs_and_uninstalls_cleanly_with_a_space_in_home(bundle, stranger):
    (stranger / ".local" / "share" / "applications").mkdir(parents=True)
    (stranger / ".local" / "share" / "applications" / "other.desktop").write_text(
        "[Desktop Entry]\n"
    )
    before = snapshot_tree(stranger)
    env = {"HOME": str(stranger), "PATH": "/usr/bin:/bin"}
    installed = subprocess.run(
        [str(bundle / "install.sh"), "--user"], env=env, capture_output=True, text=True, timeout=120
    )
    assert installed.returncode == 0, installed.stderr
    local = stranger / ".local"
    entry = local / "share" / "applications" / f"{APP_ID}.desktop"
    validated = subprocess.run(
        ["desktop-file-validate", str(entry)], capture_output=True, text=True
    )
    assert validated.returncode == 0, validated.stdout
    program = parse_exec(entry)
    assert program == [str(local / "lib" / "yahtzee-table" / "yahtzee")]
    started = subprocess.run(
        ["env", "-i", f"HOME={stranger}", *program, "--self-test", "title"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert started.returncode == 0, started.stdout + started.stderr
    assert (local / "bin" / "yahtzee").resolve() == Path(program[0])
    for size in ICON_SIZES:
        assert (
            local / "share" / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png"
        ).is_file()
    removed = subprocess.run(
        [str(bundle / "install.sh"), "--uninstall"],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert removed.returncode == 0, removed.stderr
    assert f"{stranger}/.config/yahtzee-table" in removed.stdout  # the real folders named
    assert f"{stranger}/.local/share/yahtzee-table" in removed.stdout
    after = snapshot_tree(stranger)
    assert {k: v for k, v in after.items() if not k.startswith(".cache")} == before  # the game's


@linux_only
def test_an_unchanged_bundle_built_twice_is_the_same_archive(archive, tmp_path):
    again = build_into(tmp_path)
    assert again.name == archive.name
    first, second = archive.read_bytes(), again.read_bytes()
    assert hashlib.sha256(first).hexdigest() == hashlib.sha256(second).hexdigest()


@linux_only
def test_a_child_the_game_starts_does_not_see_the_bundles_library_path(bundle, stranger):
    # Stand-ins for every program the game may start for speech, each writing down the
    # environment it was given; the game is started with speech on and a library path of
    # the system's own, which its children must get back unchanged.
    bin_dir = stranger / "bin"
    bin_dir.mkdir()
    record = stranger / "children"
    record.mkdir()
    for name in ("spd-say", "espeak-ng", "espeak", "gdbus", "speech-dispatcher", "say"):
        script = bin_dir / name
        script.write_text(f'#!/bin/sh\nenv > "{record}/{name}.$$"\n', encoding="utf-8")
        script.chmod(0o755)
    env = {
        "HOME": str(stranger),
        "PATH": f"{bin_dir}:/usr/bin:/bin",
        "LD_LIBRARY_PATH": "/opt/the-systems-own",
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "XDG_RUNTIME_DIR": str(stranger),  # no speech-dispatcher socket there
    }
    game = subprocess.Popen(
        [str(bundle / "yahtzee"), "--speech", "on", "--data-dir", str(stranger / "data")],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and game.poll() is None and not any(record.iterdir()):
            time.sleep(0.1)
        time.sleep(1)  # the others it starts with the first
    finally:
        os.killpg(game.pid, 15)
        game.wait(30)
    seen = {}
    for file in record.iterdir():
        pairs = (line.split("=", 1) for line in file.read_text().splitlines() if "=" in line)
        seen[file.name] = dict(pairs).get("LD_LIBRARY_PATH")
    assert seen, "the game started no child within 30 s"
    assert set(seen.values()) == {"/opt/the-systems-own"}, seen


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    command = [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(out), "."]
    subprocess.run(command, cwd=ROOT, check=True, timeout=600, capture_output=True)
    (built,) = out.glob("yahtzee_table-*.whl")
    return built


def test_the_wheel_holds_the_game_its_licences_and_nothing_of_the_bundles_build(wheel):
    names = zipfile.ZipFile(wheel).namelist()
    assert "game/locale/de/LC_MESSAGES/yahtzee.mo" in names
    assert "game/assets/tables/official.npz" in names
    assert "game/selftest.py" in names
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)
    for asset, files in licences.asset_licences().items():
        for file in files:
            assert f"game/assets/{asset}/{file.name}" in names
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
