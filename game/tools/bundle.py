"""Build the download: a one-folder app that runs with no Python installed.

    pip install -e ".[bundle]"            # PyInstaller, the build's one extra dependency
    python -m game.tools.bundle [--out dist] [--runs 5] [--no-measure]

Stages the compiled catalogues and the icons (game.ui.window_identity, drawn at every hicolor
size), runs PyInstaller on packaging/pyinstaller/yahtzee.spec (the same spec on Linux,
Windows and macOS), adds the licences, the desktop entry, the AppStream metainfo and
install.sh (packaging/linux/), and packs it all as
dist/yahtzee-table-<version>-<system>-<machine>.tar.gz (a .zip on Windows). Then it runs the
bundle's own `--self-test` and prints the archive's size and the start to the title, the
bundle's against this Python's (the same command, `--self-test title`, alternately, median of
--runs; wall time and the child's processor time).

Runs from a checkout (it reads assets/, the .po files and packaging/).
"""

from __future__ import annotations

import argparse
import importlib.metadata
import os
import platform
import shutil
import statistics
import struct
import subprocess
import sys
import tarfile
import tempfile
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT / "packaging" / "pyinstaller" / "yahtzee.spec"
LINUX = ROOT / "packaging" / "linux"
NAME = "yahtzee-table"
BINARY = "yahtzee"
# The packages the bundle carries, whose licences go with it (besides Python's own).
BUNDLED = ("pygame-ce", "numpy", "pymunk", "cffi", "babel", "platformdirs")
SIZE_AIM = 80e6  # bytes: the archive
START_AIM = 1.3  # the bundle's start to the title within this many times the venv's
TITLE_LINE = "ok title"
SCREENSHOTS = ("table", "title")  # game.tools.snapshot's shots, for the metainfo
SCREENSHOT_SIZE = "1280x800"
NO_SITE = "https://example.invalid/yahtzee-table"  # until pyproject.toml names a home page


def version() -> str:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return project["version"]


def site() -> str:
    """The home page: pyproject.toml's [project.urls] Homepage."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return project.get("urls", {}).get("Homepage", NO_SITE).rstrip("/")


def system_tag() -> str:
    system = {"darwin": "macos", "win32": "windows"}.get(sys.platform, sys.platform)
    return f"{system}-{platform.machine().lower().replace('amd64', 'x86_64')}"


def stage(folder: Path) -> None:
    """The compiled catalogues and the icons (PNG per size; .ico and .icns) in `folder`."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from game.i18n import LANGUAGES, SOURCE_LANGUAGE, catalogues
    from game.ui import window_identity

    for code in LANGUAGES:
        if code == SOURCE_LANGUAGE:
            continue
        mo = catalogues.mo_path(code, folder / "locale")
        mo.parent.mkdir(parents=True, exist_ok=True)
        mo.write_bytes(catalogues.compile_po(catalogues.po_path(code), code))
    pygame.init()
    pngs = window_identity.write_icons(folder / "icons" / "hicolor")
    by_size = {int(p.parts[-3].split("x")[0]): p.read_bytes() for p in pngs}
    (folder / "icon.ico").write_bytes(ico({n: by_size[n] for n in (16, 32, 48, 256)}))
    (folder / "icon.icns").write_bytes(icns({n: by_size[n] for n in (128, 256, 512)}))
    shots = [sys.executable, "-m", "game.tools.snapshot", str(folder / "screenshots")]
    shots += ["--size", SCREENSHOT_SIZE, "--only", ",".join(SCREENSHOTS)]
    subprocess.run(shots, check=True, cwd=ROOT, capture_output=True)


def ico(pngs: dict[int, bytes]) -> bytes:
    """A Windows .ico holding PNG images (Windows Vista on reads them)."""
    head = struct.pack("<HHH", 0, 1, len(pngs))
    offset = len(head) + 16 * len(pngs)
    entries, bodies = b"", b""
    for size, data in sorted(pngs.items()):
        side = 0 if size >= 256 else size  # 0 means 256
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(data), offset)
        bodies += data
        offset += len(data)
    return head + entries + bodies


def icns(pngs: dict[int, bytes]) -> bytes:
    """A macOS .icns holding PNG images (ic07 = 128, ic08 = 256, ic09 = 512 px)."""
    kinds = {128: b"ic07", 256: b"ic08", 512: b"ic09"}
    body = b"".join(kinds[n] + struct.pack(">I", len(d) + 8) + d for n, d in sorted(pngs.items()))
    return b"icns" + struct.pack(">I", len(body) + 8) + body


def licences(folder: Path) -> None:
    """The game's, the sounds', Python's and every bundled package's licence files."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "yahtzee-table.txt").write_text(
        "Yahtzee Table is released under the MIT licence (see pyproject.toml).\n",
        encoding="utf-8",
    )
    shutil.copy(ROOT / "assets" / "sounds" / "LICENSE.txt", folder / "sounds.txt")
    shutil.copy(ROOT / "assets" / "fonts" / "LICENSE.txt", folder / "fonts.txt")
    python = Path(sys.base_prefix) / "lib" / f"python{sys.version_info[0]}.{sys.version_info[1]}"
    for candidate in (python / "LICENSE.txt", Path(sys.base_prefix) / "LICENSE.txt"):
        if candidate.is_file():
            shutil.copy(candidate, folder / "python.txt")
            break
    for package in BUNDLED:
        try:
            distribution = importlib.metadata.distribution(package)
        except importlib.metadata.PackageNotFoundError:
            continue
        target = folder / package
        target.mkdir()
        for file in distribution.files or []:
            if any(word in file.name.upper() for word in ("LICENSE", "LICENCE", "COPYING")):
                shutil.copy(file.locate(), target / str(file).replace("/", "_"))
        if not any(target.iterdir()):  # pygame-ce's wheel carries none: say what its metadata says
            meta = distribution.metadata
            said = [f"{package} {distribution.version}: no licence file in its wheel."]
            said += [c for c in meta.get_all("Classifier") or [] if c.startswith("License")]
            for field in ("License", "Project-URL"):  # get_all: what the metadata protocol has
                said += meta.get_all(field) or []
            (target / "LICENSE-from-metadata.txt").write_text(
                "\n".join(line for line in said if line) + "\n", encoding="utf-8"
            )


def desktop_files(app: Path, staged: Path) -> None:
    """The desktop entry, the metainfo, the icons and install.sh beside the app."""
    from game.ui.window_identity import APP_ID

    share = app / "share"
    (share / "applications").mkdir(parents=True)
    (share / "metainfo").mkdir(parents=True)
    shutil.copy(LINUX / f"{APP_ID}.desktop", share / "applications")
    metainfo = (LINUX / f"{APP_ID}.metainfo.xml").read_text(encoding="utf-8")
    (share / "metainfo" / f"{APP_ID}.metainfo.xml").write_text(
        metainfo.replace("@VERSION@", version())
        .replace("@DATE@", time.strftime("%Y-%m-%d"))
        .replace("@SITE@", site()),
        encoding="utf-8",
    )
    shutil.copytree(staged / "screenshots", share / "screenshots")
    if site() == NO_SITE:
        print(f"bundle: no Homepage in pyproject.toml: the metainfo points at {NO_SITE}")
    shutil.copytree(staged / "icons", share / "icons")
    shutil.copy(LINUX / "install.sh", app / "install.sh")
    (app / "install.sh").chmod(0o755)


def build(out: Path, work: Path = ROOT / "build" / "bundle") -> Path:
    """The archive, built from scratch in `work` (emptied first); returns its path."""
    name = f"{NAME}-{version()}"
    shutil.rmtree(work, ignore_errors=True)
    staged = work / "stage"
    stage(staged)
    env = dict(os.environ, YAHTZEE_ROOT=str(ROOT), YAHTZEE_STAGE=str(staged))
    subprocess.run(
        [
            sys.executable,
            "-m",
            "PyInstaller",
            "--noconfirm",
            "--log-level=WARN",
            f"--distpath={work / 'dist'}",
            f"--workpath={work / 'pyinstaller'}",
            str(SPEC),
        ],
        env=env,
        check=True,
        cwd=ROOT,
    )
    app = work / name
    shutil.move(work / "dist" / BINARY, app)
    mac_app = work / "dist" / "Yahtzee Table.app"  # the spec's BUNDLE, on macOS only
    if mac_app.exists():
        shutil.move(mac_app, app / mac_app.name)
    licences(app / "licences")
    if sys.platform.startswith("linux"):
        desktop_files(app, staged)
    out.mkdir(parents=True, exist_ok=True)
    if sys.platform == "win32":
        archive = Path(shutil.make_archive(str(out / f"{name}-{system_tag()}"), "zip", work, name))
    else:
        archive = out / f"{name}-{system_tag()}.tar.gz"
        with tarfile.open(archive, "w:gz") as tar:
            tar.add(app, arcname=name)
    return archive


def unpack(archive: Path, into: Path) -> Path:
    """The unpacked app's folder."""
    if archive.suffix == ".zip":
        shutil.unpack_archive(archive, into)
    else:
        with tarfile.open(archive) as tar:
            tar.extractall(into, filter="tar")
    (folder,) = into.iterdir()
    return folder


def _time(command: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall seconds to the child's line "ok title ...", and the child's processor seconds."""
    import resource  # not on Windows: measure on Linux and macOS

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    child = subprocess.Popen(command, stdout=subprocess.PIPE, env=env, text=True)
    assert child.stdout is not None
    wall = None
    for line in child.stdout:
        if line.startswith(TITLE_LINE):
            wall = time.perf_counter() - start
    child.wait(timeout=120)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if wall is None or child.returncode != 0:
        raise SystemExit(f"bundle: {command[0]} did not draw the title")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def measure(app: Path, runs: int) -> float:
    """Prints the start to the title, bundle against this Python; returns the ratio."""
    env = {"PATH": "/usr/bin:/bin", "HOME": tempfile.mkdtemp(prefix="yahtzee-home-")}
    bundle = [str(app / BINARY), "--self-test", "title"]
    venv = [sys.executable, str(ROOT / "main.py"), "--self-test", "title"]
    times: dict[str, list[tuple[float, float]]] = {"bundle": [], "venv": []}
    for _ in range(runs):
        times["bundle"].append(_time(bundle, env))
        times["venv"].append(_time(venv, env))
    for name, runs_ in times.items():
        walls, cpus = [w for w, _ in runs_], [c for _, c in runs_]
        print(
            f"bundle: {name} start to title over {runs} runs: median {statistics.median(walls):.3f}"
            f" s wall (best {min(walls):.3f}), {statistics.median(cpus):.3f} s processor"
        )
    ratio = statistics.median(w for w, _ in times["bundle"]) / statistics.median(
        w for w, _ in times["venv"]
    )
    print(f"bundle: start to title, bundle / venv {ratio:.2f}x wall (aim: within {START_AIM}x)")
    shutil.rmtree(env["HOME"], ignore_errors=True)
    return ratio


def bare_environment(home: str) -> dict[str, str]:
    """Nothing but a home folder (and, on Windows, the system folder no program starts without)."""
    env = {"HOME": home}
    if sys.platform == "win32":
        env["SYSTEMROOT"] = os.environ.get("SYSTEMROOT", r"C:\Windows")
    return env


def self_test(app: Path) -> None:
    """The unpacked bundle's --self-test, with no Python on PATH and a bare environment."""
    home = tempfile.mkdtemp(prefix="yahtzee-home-")
    try:
        result = subprocess.run(
            [str(app / BINARY), "--self-test"],
            env=bare_environment(home),
            cwd=home,
            capture_output=True,
            text=True,
            timeout=300,
        )
    finally:
        shutil.rmtree(home, ignore_errors=True)
    print(result.stdout, end="")
    if result.returncode != 0:
        print(result.stderr, end="", file=sys.stderr)
        raise SystemExit(f"bundle: the bundle's self-test failed ({result.returncode})")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.tools.bundle", description=__doc__)
    parser.add_argument("--out", type=Path, default=ROOT / "dist", help="where the archive goes")
    parser.add_argument("--runs", type=int, default=5, help="start-up runs of each")
    parser.add_argument("--no-measure", action="store_true", help="skip the start-up timing")
    parser.add_argument(
        "--work", type=Path, default=ROOT / "build" / "bundle", help="the build's own folder"
    )
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    try:
        import PyInstaller  # noqa: F401
    except ImportError:
        parser.exit(2, 'bundle: PyInstaller is missing: pip install -e ".[bundle]"\n')
    started = time.perf_counter()
    archive = build(args.out.resolve(), args.work.resolve())
    built = time.perf_counter() - started
    size = archive.stat().st_size
    print(f"bundle: {archive} built in {built:.0f} s")
    print(f"bundle: archive {size / 1e6:.1f} MB (aim: under {SIZE_AIM / 1e6:.0f} MB)")
    with tempfile.TemporaryDirectory(prefix="yahtzee-unpacked-") as unpacked:
        app = unpack(archive, Path(unpacked))
        installed = sum(p.stat().st_size for p in app.rglob("*") if p.is_file())
        print(f"bundle: unpacked {installed / 1e6:.1f} MB")
        self_test(app)
        if not args.no_measure:
            measure(app, args.runs)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
