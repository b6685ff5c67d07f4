"""The build itself: stage, PyInstaller, strip the interpreter, licences, desktop files, pack."""

from __future__ import annotations

import fnmatch
import os
import platform
import shutil
import struct
import subprocess
import sys
from pathlib import Path

from game.tools.bundle import BINARY, NAME, ROOT, archive, lean, licences, version

SPEC = ROOT / "packaging" / "pyinstaller" / "yahtzee.spec"
LINUX = ROOT / "packaging" / "linux"
MAC_APP = "Yahtzee Table.app"  # the spec's BUNDLE
METADATA = "yahtzee_table-{version}.dist-info"  # the game's, as the spec ships it


class BuildFailed(Exception):
    """The build made something that must not be shipped; says what."""


def system_tag() -> str:
    system = {"darwin": "macos", "win32": "windows"}.get(sys.platform, sys.platform)
    return f"{system}-{platform.machine().lower().replace('amd64', 'x86_64')}"


def stage(folder: Path) -> None:
    """The compiled catalogues, the game's package metadata (its version, which network play
    tells; made here, not taken from the checkout's egg-info, which holds whatever the last
    install wrote) and the icons (PNG per size; .ico and .icns) in `folder`."""
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
    metadata = folder / METADATA.format(version=version()) / "METADATA"
    metadata.parent.mkdir(parents=True)
    metadata.write_text(
        f"Metadata-Version: 2.4\nName: {NAME}\nVersion: {version()}\nLicense-Expression: MIT\n",
        encoding="utf-8",
    )
    pygame.init()
    pngs = window_identity.write_icons(folder / "icons" / "hicolor")
    by_size = {int(p.parts[-3].split("x")[0]): p.read_bytes() for p in pngs}
    (folder / "icon.ico").write_bytes(ico({n: by_size[n] for n in (16, 32, 48, 256)}))
    (folder / "icon.icns").write_bytes(icns({n: by_size[n] for n in (128, 256, 512)}))


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


def pyinstaller(work: Path, staged: Path) -> Path:
    """PyInstaller's output folder for the spec."""
    env = dict(
        os.environ,
        YAHTZEE_ROOT=str(ROOT),
        YAHTZEE_STAGE=str(staged),
        YAHTZEE_VERSION=version(),
        PYTHONHASHSEED="0",  # the module graph's order, and so the archives', is the same
    )
    command = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level=WARN"]
    command += [f"--distpath={work / 'dist'}", f"--workpath={work / 'pyinstaller'}", str(SPEC)]
    subprocess.run(command, env=env, check=True, cwd=ROOT)
    return work / "dist"


def strip_interpreter(internal: Path) -> list[Path]:
    """The interpreter's own files stripped of debug information (Linux); returns them."""
    strip = shutil.which("strip")
    if not sys.platform.startswith("linux") or strip is None:
        return []
    files = sorted(
        path
        for path in internal.rglob("*")
        if path.is_file()
        and not path.is_symlink()
        and any(
            fnmatch.fnmatch(path.relative_to(internal).as_posix(), p)
            for p in lean.INTERPRETER_FILES
        )
    )
    for path in files:
        path.chmod(0o755)
        subprocess.run([strip, "--strip-debug", str(path)], check=True)
    return files


def desktop_files(app: Path, staged: Path) -> None:
    """The desktop entry, the metainfo, the icons and install.sh beside the app."""
    from game.ui.window_identity import APP_ID

    share = app / "share"
    (share / "applications").mkdir(parents=True)
    (share / "metainfo").mkdir(parents=True)
    shutil.copyfile(LINUX / f"{APP_ID}.desktop", share / "applications" / f"{APP_ID}.desktop")
    metainfo = f"{APP_ID}.metainfo.xml"
    shutil.copyfile(LINUX / metainfo, share / "metainfo" / metainfo)
    shutil.copytree(staged / "icons", share / "icons")
    shutil.copyfile(LINUX / "install.sh", app / "install.sh")
    (app / "install.sh").chmod(0o755)


def build(out: Path, work: Path) -> Path:
    """The archive, built from scratch in `work` (emptied first); returns its path."""
    name = f"{NAME}-{version()}"
    shutil.rmtree(work, ignore_errors=True)
    staged = work / "stage"
    stage(staged)
    dist = pyinstaller(work, staged)
    app = work / name
    if (dist / MAC_APP).exists():  # macOS: the .app alone (COLLECT's folder is its copy)
        app.mkdir()
        shutil.move(dist / MAC_APP, app / MAC_APP)
    else:
        shutil.move(dist / BINARY, app)
    for internal in licences.content_roots(app):
        strip_interpreter(internal)
    if sys.platform.startswith("linux"):
        desktop_files(app, staged)
    (app / "licenses").mkdir()  # counted as the game's own, then filled
    accounting = licences.account(app)
    if accounting.unaccounted:
        listed = "\n  ".join(accounting.unaccounted)
        raise BuildFailed(f"files with no known owner or licence:\n  {listed}")
    licences.write(app, accounting, app / "licenses")
    out.mkdir(parents=True, exist_ok=True)
    epoch = archive.source_date_epoch()
    if sys.platform == "win32":
        return archive.pack_zip(app, out / f"{name}-{system_tag()}.zip", epoch)
    return archive.pack_tar(app, out / f"{name}-{system_tag()}.tar.gz", epoch)
