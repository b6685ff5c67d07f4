"""What the storage tells a player: a damaged file kept aside, a write refused and why, in
kinds a player can act on, each with its remedy.

The cause of a refusal is named from what the system said (its error number) and, where
that says little ("disk I/O error", "unable to open database file"), from a look at the
folder itself: a file where the folder should be, a read-only file system or folder, or no
space left. Every message is made with `later`, so it is translated when shown (a problem
found at start-up is found before the language is set).
"""

from __future__ import annotations

import errno
import os
import shutil
from pathlib import Path

from game.i18n import N_, Later, later

LOW_SPACE = 64 * 1024  # bytes free below which a folder counts as full
KINDS = ("full", "read_only", "locked", "not_a_folder", "other")


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


def _existing(folder: Path) -> Path | None:
    """`folder`, or its nearest ancestor that is there (a folder not made yet is refused as
    its parent refuses); None if a file stands in the way."""
    for place in (folder, *folder.parents):
        if os.path.lexists(place):
            return place if os.path.isdir(place) else None
    return None


def folder_refusal(folder: Path) -> str:
    """Why `folder` takes no writes, looked at now: "not_a_folder", "read_only", "full" or
    "other" (nothing to see: the refusal was something else)."""
    place = _existing(folder)
    if place is None:
        return "not_a_folder"
    statvfs = getattr(os, "statvfs", None)
    if statvfs is not None:
        try:
            if statvfs(place).f_flag & getattr(os, "ST_RDONLY", 1):
                return "read_only"
        except OSError:
            pass
    if not os.access(place, os.W_OK):
        return "read_only"
    try:
        if shutil.disk_usage(place).free < LOW_SPACE:
            return "full"
    except OSError:
        pass
    return "other"


def refusal_kind(refused: OSError | str, folder: Path | None = None) -> str:
    """Why a write was refused, in kinds a player can act on: "full" (no space left),
    "read_only" (the folder or file takes no writes), "locked" (another program, or another
    copy of the game, holds the records), "not_a_folder" (a file stands where a folder of
    the game's should be), or "other". `folder` is looked at when the error itself does not
    say (SQLite's "disk I/O error" in a read-only folder)."""
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
    if folder is not None:
        seen = folder_refusal(folder)
        if seen != "other":
            return seen
    if any(word in text for word in ("readonly", "read-only", "permission")):
        return "read_only"
    return "other"


def not_saved(what: str, refused: OSError | str, folder: Path | None = None) -> Later:
    """What was not kept, why in plain words, and what to do."""
    error = refused if isinstance(refused, str) else (refused.strerror or str(refused))
    kind = refusal_kind(refused, folder)
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


def unkept_detail(kind: str) -> Later:
    """The question at Play again when a finished game could be kept nowhere on disk: why,
    in the refusal's own kind, and what to do (the game stays only while it is open)."""
    if kind == "read_only":
        return later(
            N_(
                "The folder takes no writes (read-only): the game stays only while it is "
                "open. Make the folder writable and it is filed at the next try."
            )
        )
    if kind == "not_a_folder":
        return later(
            N_(
                "A file stands where the game's folder should be: the game stays only while "
                "it is open. Move that file and it is filed at the next try."
            )
        )
    if kind == "full":
        return later(
            N_(
                "The disk refuses it: it stays only while the game is open. Free some space "
                "and it is filed at the next try."
            )
        )
    return later(
        N_(
            "The disk refuses it: it stays only while the game is open, and it is filed at "
            "the next try that works."
        )
    )


def in_use_elsewhere(what: str, reason: str) -> Later:
    """Damage that cannot be dealt with yet: another process has the file open."""
    return later(
        # TRANSLATORS: {what} is "game records"; {reason} says what looks wrong.
        N_(
            "The {what} look damaged ({reason}), but another copy of the game (or another "
            "program) has them open, so they are left as they are; they are set aside once "
            "it is closed. Finished games are kept until then."
        ),
        what=what,
        reason=reason,
    )
