"""The glibc a Linux download needs: the newest GLIBC_x.y symbol version any of its ELF files
asks for (the `.gnu.version_r` section the dynamic loader checks before it runs anything);
and the same for the system's libstdc++ (GLIBCXX_x.y.z, CXXABI_x.y.z), which the bundle
leaves to the system as the wheels do.

    python -m game.tools.bundle.elf FOLDER     # each file's needs, each group's floor, the floor

Read from the files themselves (no binutils), so the check runs wherever the bundle is built.
"""

from __future__ import annotations

import struct
import sys
from dataclasses import dataclass
from pathlib import Path

ELF_MAGIC = b"\x7fELF"
# The glibc the README says each build needs. A release is built on glibc 2.28 (the release
# workflow and packaging/linux/build-on-old-base.sh: docs/old-base.md) with a Python 3.11
# built there; a local build uses the developer's Python: pyenv's 3.11.7 built on Debian 12
# needs 2.35 (libpython3.11.so.1.0), and its copies of libsqlite3, liblzma and libffi 2.34.
STATED_GLIBC = {"release": "2.28", "local": "2.35"}
# The newest libstdc++ a release may ask of the system: gcc 8's, which the systems with
# glibc 2.28 have (Debian 10, RHEL 8) and the manylinux_2_28 policy allows the wheels.
STATED_LIBSTDCXX = {"GLIBCXX": "3.4.25", "CXXABI": "1.3.11"}
# What the wheels' libraries and PyInstaller's bootloader need when built on the release's
# system: pip there takes each wheel's manylinux_2_28 (or older) build. On a newer system pip
# may take a newer one (cryptography's manylinux_2_34 on Debian 12), so only a release build
# is held to it.
WHEELS_GLIBC = "2.28"
SHT_GNU_VERNEED = 0x6FFFFFFE
Version = tuple[int, ...]


def parse_version(text: str) -> Version:
    """ "2.28" -> (2, 28)."""
    return tuple(int(part) for part in text.split("."))


def show(version: Version) -> str:
    return ".".join(str(part) for part in version)


def is_elf(path: Path) -> bool:
    if path.is_symlink() or not path.is_file():
        return False
    with path.open("rb") as file:
        return file.read(4) == ELF_MAGIC


def needed_versions(path: Path) -> dict[str, set[str]]:
    """The symbol versions `path` needs, by the library that must provide them:
    {"libc.so.6": {"GLIBC_2.2.5", "GLIBC_2.34"}, ...}. Empty for a file that needs none."""
    data = path.read_bytes()
    if data[:4] != ELF_MAGIC:
        raise ValueError(f"{path} is not an ELF file")
    bits, order = data[4], data[5]
    if bits != 2:
        raise ValueError(f"{path}: only 64-bit ELF files are read (class {bits})")
    end = "<" if order == 1 else ">"
    (shoff,) = struct.unpack_from(end + "Q", data, 0x28)
    shentsize, shnum = struct.unpack_from(end + "HH", data, 0x3A)
    sections = [
        struct.unpack_from(end + "IIQQQQIIQQ", data, shoff + i * shentsize) for i in range(shnum)
    ]
    needs: dict[str, set[str]] = {}
    for _name, kind, _flags, _addr, offset, _size, link, info, _align, _entsize in sections:
        if kind != SHT_GNU_VERNEED:
            continue
        strings = sections[link][4]  # the linked string table's file offset

        def text(at: int, strings: int = strings) -> str:
            start = strings + at
            return data[start : data.index(b"\0", start)].decode("ascii")

        entry = offset
        for _ in range(info):  # sh_info: the number of Verneed entries
            _ver, count, file_name, aux, next_entry = struct.unpack_from(end + "HHIII", data, entry)
            wanted = needs.setdefault(text(file_name), set())
            at = entry + aux
            for _ in range(count):
                _hash, _vflags, _other, version_name, next_aux = struct.unpack_from(
                    end + "IHHII", data, at
                )
                wanted.add(text(version_name))
                at += next_aux
            entry += next_entry
    return needs


def newest(path: Path, family: str) -> Version | None:
    """The newest `family`_x.y (GLIBC, GLIBCXX, CXXABI) that `path` asks of any library
    (None: none asked; names such as CXXABI_TM_1 carry no number and are not counted)."""
    prefix = family + "_"
    versions = [
        parse_version(name.removeprefix(prefix))
        for names in needed_versions(path).values()
        for name in names
        if name.startswith(prefix) and name[len(prefix) : len(prefix) + 1].isdigit()
    ]
    return max(versions, default=None)


def glibc_needed(path: Path) -> Version | None:
    """The newest GLIBC_x.y that `path` asks of any library (None: none asked)."""
    return newest(path, "GLIBC")


def libstdcxx_over(folder: Path, stated: dict[str, str] = STATED_LIBSTDCXX) -> list[str]:
    """The ELF files under `folder` that ask the system's libstdc++ for more than `stated`,
    each said as "FILE needs GLIBCXX_3.4.29 (over 3.4.25)"."""
    over = []
    for path in sorted(folder.rglob("*")):
        if not is_elf(path):
            continue
        for family, allowed in stated.items():
            need = newest(path, family)
            if need is not None and need > parse_version(allowed):
                name = path.relative_to(folder).as_posix()
                over.append(f"{name} needs {family}_{show(need)} (over {allowed})")
    return over


@dataclass(frozen=True)
class Floor:
    """The glibc a folder of ELF files needs, and which files set it."""

    version: Version
    by_file: dict[str, Version]  # each ELF file (relative path) and its own need

    @property
    def setters(self) -> list[str]:
        return sorted(name for name, need in self.by_file.items() if need == self.version)


def floor(folder: Path) -> Floor:
    """The glibc floor of every ELF file under `folder` (symbolic links skipped: their
    targets are counted)."""
    by_file: dict[str, Version] = {}
    for path in sorted(folder.rglob("*")):
        if is_elf(path):
            need = glibc_needed(path)
            by_file[path.relative_to(folder).as_posix()] = need or (0,)
    return Floor(max(by_file.values(), default=(0,)), by_file)


def group(name: str) -> str:
    """The part of the bundle a file belongs to: the folder under _internal/ it is in
    (python3.11 for the interpreter's modules, pygame_ce.libs for pygame's libraries), or
    "top" for a file directly there (libpython, the system's libraries PyInstaller copied)
    or beside it (the program)."""
    parts = name.split("/")
    if "_internal" not in parts:
        return "top"
    parts = parts[parts.index("_internal") + 1 :]
    return parts[0] if len(parts) > 1 else "top"


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m game.tools.bundle.elf FOLDER", file=sys.stderr)
        return 2
    folder = Path(args[0])
    found = floor(folder)
    for name, need in sorted(found.by_file.items(), key=lambda item: (item[1], item[0])):
        cxx = [f"{f}_{show(v)}" for f in STATED_LIBSTDCXX if (v := newest(folder / name, f))]
        print(f"{show(need):>6}  {name}" + (f"  ({', '.join(cxx)})" if cxx else ""))
    groups: dict[str, list[Version]] = {}
    for name, need in found.by_file.items():
        groups.setdefault(group(name), []).append(need)
    for name, needs in sorted(groups.items(), key=lambda item: (max(item[1]), item[0])):
        print(f"group {name}: glibc {show(max(needs))} ({len(needs)} files)")
    print(f"glibc floor {show(found.version)}, set by {', '.join(found.setters)}")
    for said in libstdcxx_over(folder):
        print(f"over gcc 8's libstdc++: {said}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
