"""JSON files that survive crashes and hostile contents.

Writing is atomic: the bytes go to a temporary file in the same folder, are flushed and
fsynced, then `os.replace` puts them in place and the folder itself is fsynced where the
platform allows. A crash at any moment leaves either the old file or the new one, never half
of either; at worst a stray temporary file, which `remove_stale_temps` clears on the next start.

Reading never raises. Every file is a JSON object with a "format" version. A missing file means
"use the defaults". Anything else that goes wrong (unreadable, a folder or device in the file's
place, bigger than `MAX_FILE_BYTES`, not UTF-8, not JSON, numbers out of range, nested too
deeply, wrong format version, or refused by the file kind's own validation) moves the file
aside under a timestamped name that never overwrites an earlier one, e.g. `settings.json` ->
`settings.corrupt-20261122-093000.json`, and adds one human line to `problems` for the game to
show. The bytes are kept so a player (or a bug report) can recover them.
"""

from __future__ import annotations

import contextlib
import errno
import itertools
import json
import logging
import math
import os
import secrets
import stat
import sys
import time
from collections.abc import Callable, Iterable
from datetime import datetime
from pathlib import Path
from typing import Any, TypeVar, cast

from game.i18n import N_, Later, later
from game.storage.paths import ensure_dir

DEFAULTS_USED = later(N_("defaults are used"))  # what follows a damaged file, by default

log = logging.getLogger(__name__)

T = TypeVar("T")
Clock = Callable[[], datetime]

FORMAT_KEY = "format"
MAX_FILE_BYTES = 5 * 1024 * 1024  # no file the game writes comes near; refuse before reading
MAX_DEPTH = 32  # the deepest file the game writes nests about 6 levels
MAX_INT_DIGITS = 30  # far beyond any real count, far below Python's 4300-digit refusal
TEMP_MARK = ".tmp-"
CORRUPT_MARK = ".corrupt-"
STALE_TEMP_AGE = 600.0  # s: a temp file this old belongs to no write in progress
REPLACE_RETRIES = (0.005, 0.01, 0.02, 0.04)  # s, Windows only


class BadFile(ValueError):
    """A file that cannot be used; the message says why, in words for a player."""


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


def write_atomic(path: Path, payload: bytes) -> None:
    """Replace `path` with `payload` so that a crash leaves the old or the new file whole."""
    ensure_dir(path.parent)
    temp = path.with_name(f"{path.name}{TEMP_MARK}{os.getpid()}-{secrets.token_hex(4)}")
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    fd = os.open(temp, flags, 0o644)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(payload)
            out.flush()
            os.fsync(out.fileno())
        _replace(temp, path)
    except BaseException:
        # Whatever stopped us, the old file is untouched; do not leave the half-write behind.
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    fsync_dir(path.parent)


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


# ----------------------------------------------------------------------------- reading
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


def read_json(path: Path, max_bytes: int = MAX_FILE_BYTES) -> object | None:
    """The decoded contents of `path`; None if there is no such file; BadFile if unusable."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return None
    except NotADirectoryError:
        return None  # a parent is a file: there is no such file; the parent is checked itself
    except OSError as bad:
        raise BadFile(unreadable(bad)) from None
    if stat.S_ISDIR(info.st_mode):
        raise BadFile(later(N_("it is a folder, not a file")))
    if not stat.S_ISREG(info.st_mode):
        # A pipe or device would block or stream forever: never open one.
        raise BadFile(later(N_("it is not a regular file")))
    if info.st_size > max_bytes:
        raise BadFile(later(N_("it is too big ({size} bytes)"), size=info.st_size))
    try:
        with open(path, "rb") as source:
            raw = source.read(max_bytes + 1)
    except FileNotFoundError:
        return None
    except OSError as bad:
        raise BadFile(unreadable(bad)) from None
    if len(raw) > max_bytes:
        raise BadFile(later(N_("it is too big")))
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


def unreadable(bad: OSError) -> Later:
    """Why a file cannot be read, with the system's own words for the error."""
    return later(N_("it cannot be read: {error}"), error=bad.strerror or str(bad))


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
def corrupt_name(path: Path, when: datetime, attempt: int = 1) -> Path:
    """`settings.json` -> `settings.corrupt-20261122-093000.json` (then `-2`, `-3`, ...)."""
    stamp = when.strftime("%Y%m%d-%H%M%S")
    suffix = path.suffix
    stem = path.name[: -len(suffix)] if suffix else path.name
    extra = "" if attempt == 1 else f"-{attempt}"
    return path.with_name(f"{stem}{CORRUPT_MARK}{stamp}{extra}{suffix}")


def quarantine(path: Path, when: datetime) -> Path:
    """Move `path` (file, folder or anything else) aside; never overwrites. OSError if it can't."""
    is_plain_file = path.is_file() and not path.is_symlink()
    for attempt in itertools.count(1):
        target = corrupt_name(path, when, attempt)
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
    moved themselves, never their targets. OSError if one cannot be moved."""
    for attempt in itertools.count(1):
        main = corrupt_name(paths[0], when, attempt)
        # records.sqlite3-wal -> records.corrupt-STAMP.sqlite3-wal
        targets = [main] + [
            main.with_name(main.name + p.name[len(paths[0].name) :]) for p in paths[1:]
        ]
        if any(os.path.lexists(t) for t in targets):
            continue
        for path, target in zip(paths, targets, strict=True):
            if os.path.lexists(path):
                os.rename(path, target)
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

    def report(self, message: str) -> None:
        """Add a message for the player (once: a failing save would repeat it every move)."""
        if message not in self.problems:
            self.problems.append(message)
        log.warning("%s", message)

    def load(
        self,
        path: Path,
        format_version: int,
        parse: Callable[[dict[str, Any]], T],
        what: str,
        outcome: str = DEFAULTS_USED,
    ) -> T | None:
        """The parsed file, or None if it is missing or was bad (then it is set aside).

        `parse` gets the whole object (format already checked) and raises ValueError (or any
        exception: a validator's own slip must not crash the game either) to refuse it.
        """
        try:
            data = read_json(path)
            if data is None:
                return None
            if not isinstance(data, dict):
                raise BadFile(later(N_("it does not hold a JSON object")))
            found = data.get(FORMAT_KEY)
            if found != format_version or isinstance(found, bool):
                raise BadFile(
                    later(
                        N_("it has format {found}, this version reads {wanted}"),
                        found=short_repr(found),
                        wanted=format_version,
                    )
                )
            return parse(data)
        except Exception as bad:  # noqa: BLE001 - never crash on a file's contents
            self.set_aside(path, reason_of(bad), what, outcome)
            return None

    def set_aside(
        self, path: Path, reason: str, what: str, outcome: str = DEFAULTS_USED
    ) -> Path | None:
        """Move a bad file aside and tell the player; returns where it went (None if stuck).
        `what` names the file's contents and `outcome` what follows, both made with `later`
        (N_-marked) so the message is translated when shown."""
        if len(reason) > 160 and not isinstance(reason, Later):
            reason = reason[:157] + "..."
        try:
            moved = quarantine(path, self.clock())
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
        if path in self._blocked:
            log.warning("not writing %s: a damaged file there could not be moved aside", path)
            return False
        try:
            write_atomic(path, payload)
        except OSError as refused:
            # Told once, not after every action of a game on a full disk; again only after
            # a save of this file has worked in between.
            if path not in self._failing:
                self._failing.add(path)
                self.report(not_saved(what, refused))
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


# ----------------------------------------------------------------------------- the words
# What the player is told is made with `later`, so it is translated when shown (a problem
# found at start-up is found before the language is set).


def kept_aside(what: str, name: str, reason: str, kept: str, outcome: str) -> Later:
    return later(
        # TRANSLATORS: {what} names the file's contents ("settings", "saved game"), {name}
        # and {kept} are file names, {reason} says what was wrong, {outcome} what follows.
        N_("The {what} file {name} was damaged ({reason}); it was kept as {kept} and {outcome}."),
        what=what,
        name=name,
        reason=reason,
        kept=kept,
        outcome=outcome,
    )


def stuck_aside(what: str, name: str, reason: str, stuck: OSError, outcome: str) -> Later:
    return later(
        N_(
            "The {what} file {name} is damaged ({reason}) and could not be moved aside "
            "({error}); {outcome} and it is left as it is."
        ),
        what=what,
        name=name,
        reason=reason,
        error=stuck.strerror or str(stuck),
        outcome=outcome,
    )


def refusal_kind(refused: OSError | str) -> str:
    """Why a write was refused, in kinds a player can act on: "full" (no space left),
    "read_only" (the folder or file takes no writes), "locked" (another program, or another
    copy of the game, holds the records), "not_a_folder" (a file stands where a folder of
    the game's should be), or "other"."""
    if isinstance(refused, OSError):
        number = refused.errno
        if number in (errno.ENOSPC, errno.EDQUOT):
            return "full"
        if number in (errno.EACCES, errno.EPERM, errno.EROFS):
            return "read_only"
        if number in (errno.EEXIST, errno.ENOTDIR):
            return "not_a_folder"
        text = refused.strerror or str(refused)
    else:
        text = refused
    text = text.lower()
    if "full" in text or "no space" in text:
        return "full"
    if "locked" in text or "busy" in text:
        return "locked"
    if any(word in text for word in ("readonly", "read-only", "permission", "unable to open")):
        return "read_only"
    return "other"


def not_saved(what: str, refused: OSError | str) -> Later:
    """What was not kept, why in plain words, and what to do."""
    error = refused if isinstance(refused, str) else (refused.strerror or str(refused))
    kind = refusal_kind(refused)
    if kind == "full":
        return later(
            N_(
                "The {what} could not be saved: the disk is full. Free some space; the game "
                "tries again at the next change."
            ),
            what=what,
        )
    if kind == "read_only":
        return later(
            N_(
                "The {what} could not be saved: the folder takes no writes (read-only). Make "
                "it writable, or start the game with --data-dir and another folder."
            ),
            what=what,
        )
    if kind == "locked":
        return later(
            N_(
                "The {what} could not be saved: another program (or another copy of the "
                "game) is holding the file. Close it; the game tries again at the next change."
            ),
            what=what,
        )
    if kind == "not_a_folder":
        return later(
            N_(
                "The {what} could not be saved: a file stands where the game's folder should "
                "be. Move that file, or start the game with --data-dir and another folder."
            ),
            what=what,
        )
    return later(
        N_("The {what} could not be saved ({error}); the game tries again at the next change."),
        what=what,
        error=error,
    )
