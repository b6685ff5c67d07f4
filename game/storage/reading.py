"""The one checked reader: every file the game reads from its folders comes through here.

A file is read only if it is a regular file where it is named: never through a symbolic link
(the link itself is what is found there, and it is refused), never a pipe, device, socket or
folder, never bigger than its limit. The look (lstat) comes first, so a pipe or device is
never opened; the open itself can neither follow a link (O_NOFOLLOW) nor wait for a writer
(O_NONBLOCK) where the platform has those flags, and the open file is looked at again
(fstat) before a byte is read, so a file swapped between the look and the open is refused
all the same. JSON is then decoded with its numbers and nesting bounded.

A folder is listed the same way (`list_folder`): its entries as they are (links not
followed), at most a bounded number of them, and the folder itself refused when it is a
link or not a folder at all.

Nothing here raises for a file's contents: `BadFile` says what is wrong in words for a
player (made with `later`, translated when shown); a missing file is `None`.
"""

from __future__ import annotations

import errno
import json
import math
import os
import stat
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import cast

from game.i18n import N_, Later, later

MAX_FILE_BYTES = 5 * 1024 * 1024  # no file the game writes comes near; refuse before reading
MAX_DEPTH = 32  # the deepest file the game writes nests about 6 levels
MAX_INT_DIGITS = 30  # far beyond any real count, far below Python's 4300-digit refusal
MAX_ENTRIES = 1000  # entries of a folder looked at; a folder of more is read in part
READ_CHUNK = 1 << 16
OPEN_FLAGS = (
    os.O_RDONLY
    | getattr(os, "O_NOFOLLOW", 0)
    | getattr(os, "O_NONBLOCK", 0)
    | getattr(os, "O_CLOEXEC", 0)
    | getattr(os, "O_BINARY", 0)
)


class BadFile(ValueError):
    """A file that cannot be used; the message says why, in words for a player."""


def unreadable(bad: Exception) -> Later:
    """Why a file cannot be read, with the system's (or SQLite's, or a check's) own words."""
    return later(N_("it cannot be read: {error}"), error=getattr(bad, "strerror", None) or str(bad))


LINKED = later(N_("it is a symbolic link, which the game never follows"))


def refuse_kind(mode: int) -> None:
    """BadFile unless `mode` (from lstat or fstat) is a regular file's."""
    if stat.S_ISLNK(mode):
        raise BadFile(LINKED)
    if stat.S_ISDIR(mode):
        raise BadFile(later(N_("it is a folder, not a file")))
    if not stat.S_ISREG(mode):
        # A pipe or device would block or stream for ever: never opened.
        raise BadFile(later(N_("it is not a regular file")))


def _refuse_size(size: int, max_bytes: int) -> None:
    if size > max_bytes:
        raise BadFile(later(N_("it is too big ({size} bytes)"), size=size))


def read_bytes(path: Path, max_bytes: int = MAX_FILE_BYTES, *, head: bool = False) -> bytes | None:
    """The bytes of the regular file at `path`; None if there is none; BadFile otherwise.
    `head`: only its first `max_bytes`, whatever its size (a database's header)."""
    try:
        found = os.lstat(path)
    except (FileNotFoundError, NotADirectoryError):
        return None  # (a parent that is a file is checked itself, as a folder)
    except OSError as bad:
        raise BadFile(unreadable(bad)) from None
    refuse_kind(found.st_mode)
    if not head:
        _refuse_size(found.st_size, max_bytes)
    try:
        fd = os.open(path, OPEN_FLAGS)
    except FileNotFoundError:
        return None
    except OSError as bad:
        if bad.errno == errno.ELOOP:  # made a link since the look
            raise BadFile(LINKED) from None
        raise BadFile(unreadable(bad)) from None
    try:
        opened = os.fstat(fd)
        refuse_kind(opened.st_mode)
        if not head:
            _refuse_size(opened.st_size, max_bytes)
        chunks: list[bytes] = []
        size = 0
        while size <= max_bytes and not (head and size == max_bytes):
            chunk = os.read(fd, min(READ_CHUNK, max_bytes - size) if head else READ_CHUNK)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as bad:
        raise BadFile(unreadable(bad)) from None
    finally:
        os.close(fd)
    if size > max_bytes:
        raise BadFile(later(N_("it is too big")))  # it grew while it was read
    return b"".join(chunks)


# ----------------------------------------------------------------------------- JSON
def _refuse_constant(name: str) -> float:
    raise ValueError(f"{name} is not a number the game uses")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError("a number is too large")
    return value


def _small_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise ValueError("a number is too large")
    return int(text)


def check_depth(value: object, limit: int = MAX_DEPTH) -> None:
    """BadFile if `value` nests lists/objects deeper than `limit` (iterative: no recursion)."""
    stack: list[tuple[object, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        children: Iterable[object]
        if isinstance(item, dict):
            children = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth > limit:
            raise BadFile(later(N_("it is nested too deeply")))
        stack.extend((child, depth + 1) for child in children)


def decode_json(raw: bytes | str, max_bytes: int = MAX_FILE_BYTES) -> object:
    """The JSON value in `raw` (UTF-8 bytes, a BOM allowed, or text from the records);
    BadFile if it is bigger than `max_bytes` or not plain JSON of bounded numbers and
    nesting. JSON `null` is a value like any other: the caller decides (no file of the
    game's holds a bare null, so each refuses it as a bad file)."""
    _refuse_size(len(raw), max_bytes)
    if isinstance(raw, str):
        text = raw
    else:
        try:
            text = raw.decode("utf-8-sig")  # tolerate a BOM from a hand edit in Notepad
        except UnicodeDecodeError:
            raise BadFile(later(N_("it is not text"))) from None
    try:
        data = json.loads(
            text,
            parse_constant=_refuse_constant,
            parse_float=_finite_float,
            parse_int=_small_int,
        )
    except RecursionError:
        raise BadFile(later(N_("it is nested too deeply"))) from None
    except ValueError as bad:
        detail = str(bad).split(":")[0] if isinstance(bad, json.JSONDecodeError) else str(bad)
        # TRANSLATORS: {detail} is the JSON reader's own words, in English.
        raise BadFile(later(N_("it is not valid JSON ({detail})"), detail=detail)) from None
    check_depth(data)
    return cast(object, data)  # json.loads says Any; what it gives is checked by the caller


@dataclass(frozen=True)
class Found:
    """What a file holds: `data`, the decoded JSON (None for JSON null)."""

    data: object


def read_json(path: Path, max_bytes: int = MAX_FILE_BYTES) -> Found | None:
    """The decoded contents of `path`; None if there is no such file; BadFile if unusable."""
    raw = read_bytes(path, max_bytes)
    return None if raw is None else Found(decode_json(raw))


# ----------------------------------------------------------------------------- folders
@dataclass(frozen=True)
class Entry:
    """One thing in a folder, as it is there (a link is a link, not what it points at)."""

    path: Path
    mode: int
    identity: tuple[int, int, int, int]  # device, inode, size, modification time (ns)

    @property
    def is_file(self) -> bool:
        return stat.S_ISREG(self.mode)


def folder_kind(folder: Path) -> str:
    """ "missing", "folder", "link" (a symbolic link, whatever it points at) or "not_folder"."""
    try:
        mode = os.lstat(folder).st_mode
    except (FileNotFoundError, NotADirectoryError):
        return "missing"
    except OSError:
        return "not_folder"
    if stat.S_ISLNK(mode):
        return "link"
    return "folder" if stat.S_ISDIR(mode) else "not_folder"


def identity_of(info: os.stat_result) -> tuple[int, int, int, int]:
    return (info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns)


def list_folder(folder: Path, limit: int = MAX_ENTRIES) -> list[Entry]:
    """The entries of a real folder (not a link), sorted by name, at most `limit`; [] if it
    is missing, a link or not a folder (the caller asks `folder_kind` to say which)."""
    if folder_kind(folder) != "folder":
        return []
    found: list[Entry] = []
    try:
        with os.scandir(folder) as listing:
            for item in listing:
                if len(found) >= limit:
                    break
                try:
                    info = item.stat(follow_symlinks=False)
                except OSError:
                    continue  # gone since the listing
                found.append(Entry(Path(item.path), info.st_mode, identity_of(info)))
    except OSError:
        return found
    return sorted(found, key=lambda entry: entry.path.name)
