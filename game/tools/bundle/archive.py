"""Packing the app reproducibly: the same files give the same archive, byte for byte.

Members in sorted order; every time stamp is SOURCE_DATE_EPOCH (else the last commit's time);
owners 0/root-less; modes 755 or 644; symbolic links kept as links; gzip without a name or a
time of its own. A .tar.gz on Linux and macOS (it keeps the .app's links), a .zip on Windows.
"""

from __future__ import annotations

import gzip
import os
import stat
import subprocess
import tarfile
import time
import zipfile
from pathlib import Path

from game.tools.bundle import ROOT

ZIP_EPOCH = 315532800  # 1980-01-01: the earliest time a zip entry can hold


def source_date_epoch() -> int:
    """SOURCE_DATE_EPOCH when set, else the time of the checkout's last commit (else 1980)."""
    if given := os.environ.get("SOURCE_DATE_EPOCH"):
        return int(given)
    try:
        done = subprocess.run(
            ["git", "log", "-1", "--format=%ct"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=30,
        )
        return int(done.stdout.strip())
    except (OSError, ValueError, subprocess.TimeoutExpired):
        return ZIP_EPOCH


def members(folder: Path) -> list[Path]:
    """`folder` and everything under it, in a fixed order (symbolic links not followed)."""
    found = [folder]
    for top, dirs, files in os.walk(folder):
        dirs.sort()
        found += [Path(top) / name for name in sorted(dirs + files)]
    return sorted(found, key=lambda p: p.relative_to(folder.parent).as_posix())


def _mode(path: Path) -> int:
    executable = path.is_dir() or os.access(path, os.X_OK)
    return 0o755 if executable else 0o644


def pack_tar(folder: Path, archive: Path, epoch: int) -> Path:
    """`folder` as `archive` (.tar.gz), its top folder's name kept."""
    with (
        archive.open("wb") as raw,
        gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=epoch, compresslevel=9) as zipped,
        tarfile.open(fileobj=zipped, mode="w", format=tarfile.GNU_FORMAT) as tar,
    ):
        for path in members(folder):
            info = tar.gettarinfo(str(path), arcname=path.relative_to(folder.parent).as_posix())
            info.mtime, info.uid, info.gid, info.uname, info.gname = epoch, 0, 0, "", ""
            if info.issym():
                tar.addfile(info)
                continue
            info.mode = _mode(path)
            if info.isfile():
                with path.open("rb") as data:
                    tar.addfile(info, data)
            else:
                tar.addfile(info)
    return archive


def pack_zip(folder: Path, archive: Path, epoch: int) -> Path:
    """`folder` as `archive` (.zip), its top folder's name kept."""
    stamp = time.gmtime(max(epoch, ZIP_EPOCH))[:6]
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
        for path in members(folder):
            name = path.relative_to(folder.parent).as_posix()
            if path.is_symlink():
                info = zipfile.ZipInfo(name, stamp)
                info.external_attr = (stat.S_IFLNK | 0o777) << 16
                out.writestr(info, os.readlink(path))
            elif path.is_dir():
                info = zipfile.ZipInfo(name + "/", stamp)
                info.external_attr = (stat.S_IFDIR | 0o755) << 16
                out.writestr(info, b"")
            else:
                info = zipfile.ZipInfo(name, stamp)
                info.external_attr = (stat.S_IFREG | _mode(path)) << 16
                info.compress_type = zipfile.ZIP_DEFLATED
                out.writestr(info, path.read_bytes())
    return archive


def unpack(archive: Path, into: Path) -> Path:
    """The unpacked app's folder."""
    if archive.suffix == ".zip":
        with zipfile.ZipFile(archive) as source:
            source.extractall(into)
    else:
        with tarfile.open(archive) as tar:
            if hasattr(tarfile, "tar_filter"):  # Python 3.11.4 and later
                tar.extractall(into, filter="tar")
            else:  # our own archive, as Python 3.11.0-3.11.3 (Debian 12's 3.11.2) unpack it
                tar.extractall(into)
    (folder,) = into.iterdir()
    return folder


def unpacked_size(folder: Path) -> int:
    """Bytes the unpacked folder takes: each regular file once, symbolic links not followed
    (pygame's libraries are linked from _internal/ to pygame_ce.libs/)."""
    total = 0
    for top, _dirs, files in os.walk(folder):
        for name in files:
            info = os.lstat(Path(top) / name)
            if stat.S_ISREG(info.st_mode):
                total += info.st_size
    return total
