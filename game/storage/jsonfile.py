"""JSON files that survive crashes and hostile contents.

Writing is atomic: the bytes go to a temporary file in the same folder, are flushed and
fsynced, then `os.replace` puts them in place and the folder itself is fsynced where the
platform allows. A crash at any moment leaves either the old file or the new one, never half
of either; at worst a stray temporary file, which `remove_stale_temps` clears on the next start.
A symbolic link where a file is written is replaced, never written through.

Reading goes through the one checked reader (reading.py) and never raises. Every file is a
JSON object with a "format" version. A missing file means "use the defaults". Anything else
that goes wrong (a link, a pipe, a device or a folder in the file's place, unreadable, bigger
than `MAX_FILE_BYTES`, not UTF-8, not JSON, JSON `null` or any other value that is not an
object, numbers out of range, nested too deeply, wrong format version, or refused by the file
kind's own validation) moves the file aside under a timestamped name that never overwrites an
earlier one, e.g. `settings.json` -> `settings.corrupt-20261122-093000.json`, and adds one
human line to `problems` for the game to show. The bytes are kept so a player (or a bug
report) can recover them; a link is moved itself, its target untouched.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import logging
import os
import secrets
import sys
import time
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import TypeVar

from game.i18n import N_, Later, later
from game.json_types import JsonObject
from game.storage.paths import ensure_dir
from game.storage.reading import BadFile, read_json
from game.storage.telling import kept_aside, not_saved, stuck_aside

DEFAULTS_USED = later(N_("defaults are used"))  # what follows a damaged file, by default

log = logging.getLogger(__name__)

T = TypeVar("T")
Clock = Callable[[], datetime]

FORMAT_KEY = "format"
TEMP_MARK = ".tmp-"
CORRUPT_MARK = ".corrupt-"
STALE_TEMP_AGE = 600.0  # s: a temp file this old belongs to no write in progress
REPLACE_RETRIES = (0.005, 0.01, 0.02, 0.04)  # s, Windows only


def local_now() -> datetime:
    """The default clock: local time with its UTC offset, to the second."""
    return datetime.now().astimezone().replace(microsecond=0)


# ----------------------------------------------------------------------------- writing
def encode(data: object, *, pretty: bool = False) -> bytes:
    """The UTF-8 JSON bytes of `data`; ValueError if it is not plain JSON (NaN included)."""
    try:
        text = json.dumps(
            data,
            ensure_ascii=False,
            allow_nan=False,
            indent=2 if pretty else None,
            separators=(",", ": ") if pretty else (",", ":"),
            sort_keys=False,
        )
    except (TypeError, ValueError, RecursionError) as bad:
        raise ValueError(f"not storable as JSON: {bad}") from None
    return (text + "\n").encode("utf-8")


def _write_temp(path: Path, payload: bytes) -> Path:
    """`payload` in a new temporary file beside `path`, flushed to the disk."""
    ensure_dir(path.parent)
    temp = path.with_name(f"{path.name}{TEMP_MARK}{os.getpid()}-{secrets.token_hex(4)}")
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    fd = os.open(temp, flags, 0o644)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(payload)
            out.flush()
            os.fsync(out.fileno())
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    return temp


def write_atomic(path: Path, payload: bytes) -> None:
    """Replace `path` with `payload` so that a crash leaves the old or the new file whole."""
    temp = _write_temp(path, payload)
    try:
        _replace(temp, path)
    except BaseException:
        # Whatever stopped us, the old file is untouched; do not leave the half-write behind.
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    fsync_dir(path.parent)


def create_atomic(path: Path, payload: bytes) -> bool:
    """Put a whole file holding `payload` at `path` only if nothing is there; False if
    something is (made by another copy of the game meanwhile: it is kept, not replaced)."""
    temp = _write_temp(path, payload)
    try:
        os.link(temp, path)  # refuses an existing target, atomically
    except FileExistsError:
        return False
    except OSError:
        # No hard links here (FAT, some network shares): the look and the move are two
        # steps, as close together as they can be.
        if os.path.lexists(path):
            return False
        _replace(temp, path)
    finally:
        with contextlib.suppress(OSError):
            os.unlink(temp)
    fsync_dir(path.parent)
    return True


def _replace(source: Path, target: Path) -> None:
    if sys.platform != "win32":
        os.replace(source, target)
        return
    # Windows refuses to replace a file another process has open for a moment (a virus
    # scanner, a search indexer); a few short retries get past it.
    for delay in REPLACE_RETRIES:
        try:
            os.replace(source, target)
            return
        except PermissionError:
            time.sleep(delay)
    os.replace(source, target)


def write_json(path: Path, data: object, *, pretty: bool = False) -> None:
    """Encode first (a bad value never touches the disk), then write atomically."""
    write_atomic(path, encode(data, pretty=pretty))


def fsync_dir(folder: Path) -> None:
    """Make a rename in `folder` durable. Windows cannot open folders; there it is skipped."""
    if sys.platform == "win32":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass  # some filesystems refuse fsync on a folder; the file itself is already synced
    finally:
        os.close(fd)


# ----------------------------------------------------------------------------- reasons
def reason_of(bad: BaseException) -> str:
    """The player's words for why a file was refused: the exception's message (a Later one
    kept, to be translated when shown), else its type's name."""
    said = bad.args[0] if len(bad.args) == 1 and isinstance(bad.args[0], Later) else str(bad)
    return said or type(bad).__name__


def short_repr(value: object, limit: int = 40) -> str:
    """repr() cut short, for messages about values read from a hostile file."""
    text = repr(value) if not isinstance(value, (dict, list)) else type(value).__name__
    return text if len(text) <= limit else text[: limit - 3] + "..."


# ----------------------------------------------------------------------------- setting aside
def corrupt_name(path: Path, when: datetime, attempt: int = 1, *, suffix: bool = True) -> Path:
    """`settings.json` -> `settings.corrupt-20261122-093000.json` (then `-2`, `-3`, ...);
    with `suffix` False, `game.json` -> `game.corrupt-20261122-093000`: out of a folder
    whose every `*.json` is read (the unfiled games), so it is never read again."""
    stamp = when.strftime("%Y%m%d-%H%M%S")
    ending = path.suffix
    stem = path.name[: -len(ending)] if ending else path.name
    extra = "" if attempt == 1 else f"-{attempt}"
    return path.with_name(f"{stem}{CORRUPT_MARK}{stamp}{extra}{ending if suffix else ''}")


def quarantine(path: Path, when: datetime, *, suffix: bool = True) -> Path:
    """Move `path` (file, folder, link or anything else) aside; never overwrites; a link is
    moved itself, never its target. OSError if it can't. `suffix`: see `corrupt_name`."""
    is_plain_file = path.is_file() and not path.is_symlink()
    for attempt in itertools.count(1):
        target = corrupt_name(path, when, attempt, suffix=suffix)
        if os.path.lexists(target):
            continue
        if is_plain_file:
            # link() refuses an existing target, so even a racing writer cannot be overwritten.
            try:
                os.link(path, target)
            except FileExistsError:
                continue
            except OSError:
                pass  # no hard links here (FAT, some network shares): fall back to rename
            else:
                os.unlink(path)
                return target
        os.rename(path, target)
        return target
    raise AssertionError("unreachable")  # pragma: no cover


def quarantine_together(paths: list[Path], when: datetime) -> Path:
    """Move a file and its companions (a database's -wal and -shm) aside under one stamp and
    attempt number, so they stay a set; returns where the first went. Symbolic links are
    moved themselves, never their targets. All or none: OSError if one cannot be moved,
    and those moved already are put back (Windows refuses to move a file another program
    has open)."""
    for attempt in itertools.count(1):
        main = corrupt_name(paths[0], when, attempt)
        # records.sqlite3-wal -> records.corrupt-STAMP.sqlite3-wal
        targets = [main] + [
            main.with_name(main.name + p.name[len(paths[0].name) :]) for p in paths[1:]
        ]
        if any(os.path.lexists(t) for t in targets):
            continue
        moved: list[tuple[Path, Path]] = []
        try:
            for path, target in zip(paths, targets, strict=True):
                if os.path.lexists(path):
                    os.rename(path, target)
                    moved.append((path, target))
        except OSError:
            for path, target in reversed(moved):
                with contextlib.suppress(OSError):
                    os.rename(target, path)
            raise
        return targets[0]
    raise AssertionError("unreachable")  # pragma: no cover


def remove_stale_temps(folder: Path, now: float | None = None) -> list[Path]:
    """Delete temporary files left by a write that was killed; returns what was removed.

    A temp file belongs to a dead writer if its process id no longer runs (POSIX) or it is
    older than STALE_TEMP_AGE; a live writer's file is left alone so two copies of the game
    cannot break each other's saves.
    """
    now = time.time() if now is None else now
    removed: list[Path] = []
    if os.path.islink(folder):
        return removed  # never delete anything through a link that leads out of the folder
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        if TEMP_MARK not in entry.name:
            continue
        try:
            if not entry.is_file(follow_symlinks=False):
                continue
            age = now - entry.stat(follow_symlinks=False).st_mtime
            pid = _temp_owner(entry.name)
            if age < STALE_TEMP_AGE and (pid is None or pid == os.getpid() or _alive(pid)):
                continue
            os.unlink(entry.path)
            removed.append(Path(entry.path))
        except OSError:
            continue
    return removed


def _temp_owner(name: str) -> int | None:
    tail = name.rsplit(TEMP_MARK, 1)[-1]
    pid_text = tail.split("-", 1)[0]
    return int(pid_text) if pid_text.isdigit() and len(pid_text) < 12 else None


def _alive(pid: int) -> bool:
    if sys.platform == "win32":
        return True  # no cheap check: rely on the age limit
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # exists but belongs to someone else
    return True


# ----------------------------------------------------------------------------- the store
class JsonStore:
    """Loads and saves the game's JSON files, collecting what went wrong in `problems`.

    One instance is shared by every file kind, so the player sees one list of messages.
    A file that could not be moved aside is never written over in this session.
    """

    def __init__(self, problems: list[str] | None = None, clock: Clock = local_now) -> None:
        self.problems: list[str] = [] if problems is None else problems
        self.clock = clock
        self._blocked: set[Path] = set()
        self._failing: set[Path] = set()  # saves that failed and have not succeeded since
        # Set when no folder of the game's can be used at all (a file in its place): that
        # was said once at start; each save is then refused without another word.
        self.unusable: str | None = None
        self.last_refusal: str | None = None  # what the last refused save was told as

    def report(self, message: str) -> None:
        """Add a message for the player (once: a failing save would repeat it every move)."""
        if message not in self.problems:
            self.problems.append(message)
        log.warning("%s", message)

    def load(
        self,
        path: Path,
        format_version: int,
        parse: Callable[[JsonObject], T],
        what: str,
        outcome: str = DEFAULTS_USED,
    ) -> T | None:
        """The parsed file, or None if it is missing or was bad (then it is set aside).

        `parse` gets the whole object (format already checked) and raises ValueError (or any
        exception: a validator's own slip must not crash the game either) to refuse it.
        """
        try:
            found = read_json(path)
            if found is None:
                return None
            data = found.data
            if not isinstance(data, dict):  # JSON null too: no file of the game's is one
                raise BadFile(later(N_("it does not hold a JSON object")))
            version = data.get(FORMAT_KEY)
            if version != format_version or isinstance(version, bool):
                raise BadFile(
                    later(
                        N_("it has format {found}, this version reads {wanted}"),
                        found=short_repr(version),
                        wanted=format_version,
                    )
                )
            return parse(data)
        except Exception as bad:  # noqa: BLE001 - never crash on a file's contents
            self.set_aside(path, reason_of(bad), what, outcome)
            return None

    def set_aside(
        self,
        path: Path,
        reason: str,
        what: str,
        outcome: str = DEFAULTS_USED,
        *,
        suffix: bool = True,
    ) -> Path | None:
        """Move a bad file aside and tell the player; returns where it went (None if stuck).
        `what` names the file's contents and `outcome` what follows, both made with `later`
        (N_-marked) so the message is translated when shown. `suffix`: see corrupt_name."""
        if len(reason) > 160 and not isinstance(reason, Later):
            reason = reason[:157] + "..."
        try:
            moved = quarantine(path, self.clock(), suffix=suffix)
        except OSError as stuck:
            self._blocked.add(path)
            self.report(stuck_aside(what, path.name, reason, stuck, outcome))
            return None
        self.report(kept_aside(what, path.name, reason, moved.name, outcome))
        return moved

    def save(self, path: Path, data: object, what: str, *, pretty: bool = False) -> bool:
        """Write `data` atomically; False (and a message) if the disk refused.

        ValueError if `data` is not plain JSON: that is a bug in the caller, not the disk.
        """
        payload = encode(data, pretty=pretty)
        if self.unusable is not None:
            log.warning("not writing %s: %s", path, self.unusable)
            self.last_refusal = self.unusable
            return False
        if path in self._blocked:
            log.warning("not writing %s: a damaged file there could not be moved aside", path)
            return False
        try:
            write_atomic(path, payload)
        except OSError as refused:
            # Told once, not after every action of a game on a full disk; again only after
            # a save of this file has worked in between.
            self.last_refusal = not_saved(what, refused, path.parent)
            if path not in self._failing:
                self._failing.add(path)
                self.report(self.last_refusal)
            return False
        self._failing.discard(path)
        return True

    def remove(self, path: Path, what: str) -> bool:
        """Delete a file if it is there; False (and a message) if it could not be."""
        try:
            path.unlink()
        except FileNotFoundError:
            return True
        except OSError as refused:
            self.report(
                later(
                    N_("Could not remove the {what} ({error})."),
                    what=what,
                    error=refused.strerror or str(refused),
                )
            )
            return False
        fsync_dir(path.parent)
        return True
