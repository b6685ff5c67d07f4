"""Helpers for the install tests: a desktop entry's Exec line read as a launcher reads it,
and a folder tree written down to compare before and after."""

from __future__ import annotations

import configparser
import os
from pathlib import Path

QUOTED = '"`$\\'  # what a backslash escapes inside a quoted Exec argument


def _unescape_string(value: str) -> str:
    """The desktop entry's string escapes (\\s \\n \\t \\r \\\\), applied first."""
    out, chars = [], iter(value)
    for char in chars:
        if char == "\\":
            following = next(chars, "")
            out.append(
                {"s": " ", "n": "\n", "t": "\t", "r": "\r", "\\": "\\"}.get(
                    following, "\\" + following
                )
            )
        else:
            out.append(char)
    return "".join(out)


def parse_exec(entry: Path) -> list[str]:
    """The program and arguments of `entry`'s Exec key, per the Desktop Entry Specification
    (string escapes, then quoting; field codes such as %f dropped)."""
    parser = configparser.ConfigParser(interpolation=None, delimiters=("=",))
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read(entry, encoding="utf-8")
    line = _unescape_string(parser["Desktop Entry"]["Exec"])
    args: list[str] = []
    current: list[str] | None = None
    quoted = False
    chars = iter(line)
    for char in chars:
        if quoted:
            if char == "\\":
                following = next(chars, "")
                assert following in QUOTED, f"\\{following} inside quotes: not allowed"
                current.append(following)  # type: ignore[union-attr]
            elif char == '"':
                quoted = False
            else:
                current.append(char)  # type: ignore[union-attr]
        elif char == '"':
            quoted, current = True, current if current is not None else []
        elif char == " ":
            if current is not None:
                args.append("".join(current))
            current = None
        else:
            current = (current or []) + [char]
    assert not quoted, f"an unclosed quote in Exec={line}"
    if current is not None:
        args.append("".join(current))
    return [arg.replace("%%", "%") for arg in args if not (len(arg) == 2 and arg[0] == "%")]


def snapshot_tree(folder: Path) -> dict[str, tuple[str, bytes]]:
    """Every file, folder and link under `folder`, with what it holds or points to."""
    found: dict[str, tuple[str, bytes]] = {}
    for top, dirs, files in os.walk(folder):
        for name in dirs + files:
            path = Path(top) / name
            relative = path.relative_to(folder).as_posix()
            if path.is_symlink():
                found[relative] = ("link", os.readlink(path).encode())
            elif path.is_dir():
                found[relative] = ("dir", b"")
            else:
                found[relative] = ("file", path.read_bytes())
    return found
