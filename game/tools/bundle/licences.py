"""The licences that go with a download, found from what it holds.

Every file of the built app and every module frozen into its executable is given an owner:

- the game ("yahtzee-table": LICENSE at the top of the repository), and each folder of
  assets/ that carries a licence of its own (LICENSE*, COPYING*, OFL*: the sounds, a typeface);
- the Python distribution that installed it (from its RECORD: pygame-ce, numpy, pymunk, cffi,
  Babel, platformdirs, ...), with the licence files its metadata names; a shared library a
  wheel carries (SDL, OpenBLAS, ...) must be named by those files or have a text in
  packaging/licenses/libraries.toml;
- Python itself (the interpreter's own files and standard library);
- PyInstaller (its bootloader is the executable; its loader modules are frozen in);
- on Linux, a system library copied in (the package that installed it: dpkg or rpm).

`account(app)` says who owns what and what is unaccounted for; `write(app, folder)` writes
licenses/ with one folder per owner and a README.txt listing them. The build stops when
anything is unaccounted for.
"""

from __future__ import annotations

import importlib.metadata
import re
import shutil
import subprocess
import sys
import sysconfig
import tomllib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from game.tools.bundle import BINARY, ROOT
from game.tools.bundle.crates import compiled_crates, unnamed

PROJECT = "yahtzee-table"
PYTHON = "python"
PYINSTALLER = "pyinstaller"
THIRD_PARTY = ROOT / "packaging" / "licenses"
LICENCE_FILE = re.compile(r"^(LICEN[CS]E|COPYING|OFL|LGPL|NOTICE)", re.IGNORECASE)
LIBRARY = re.compile(r"\.(so(\.\d+)*|dll|dylib)$", re.IGNORECASE)
EXTENSION_MODULE = re.compile(r"\.(cpython-\d+|abi3|cp\d+)|\.pyd$", re.IGNORECASE)
SYSTEM_LIBRARY_DIRS = (  # merged /usr: dpkg knows a file by one of its two paths
    "/usr/lib64",
    "/lib64",
    "/usr/lib/x86_64-linux-gnu",
    "/lib/x86_64-linux-gnu",
    "/usr/lib/aarch64-linux-gnu",
    "/lib/aarch64-linux-gnu",
    "/usr/lib",
    "/lib",
)
APP_EXTRAS = ("licenses", "share", "install.sh")  # the bundle tool's own additions: the game's


@dataclass
class Accounting:
    """Who owns each part of a built app."""

    owners: dict[str, list[str]] = field(default_factory=dict)  # owner -> its files, modules
    unaccounted: list[str] = field(default_factory=list)
    hooks: list[str] = field(default_factory=list)  # PyInstaller's runtime hooks frozen in
    modules: list[str] = field(default_factory=list)  # every Python module shipped, by name

    def add(self, owner: str | None, item: str) -> None:
        if owner is None:
            self.unaccounted.append(item)
        else:
            self.owners.setdefault(owner, []).append(item)


def library_key(file_name: str) -> str:
    """A shared library's name the same on each system: "libSDL2_image-2-d6906c81.0.so.0",
    "SDL2_image.dll" and "libSDL2_image-2.0.0.dylib" are all "sdl2_image"."""
    found = re.match(r"(?:lib)?([A-Za-z0-9_+]+)", file_name)
    return (found.group(1) if found else file_name).lower()


def _distributions() -> dict[str, importlib.metadata.Distribution]:
    found: dict[str, importlib.metadata.Distribution] = {}
    for dist in importlib.metadata.distributions():
        found.setdefault(_normal(dist.metadata["Name"]), dist)
    return found


def _normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def asset_licences() -> dict[str, list[Path]]:
    """Each folder of assets/ that carries licence files, and those files."""
    found: dict[str, list[Path]] = {}
    for folder in sorted((ROOT / "assets").iterdir()):
        files = sorted(p for p in folder.glob("*") if p.is_file() and LICENCE_FILE.match(p.name))
        if folder.is_dir() and files:
            found[folder.name] = files
    return found


def _dist_licences(dist: importlib.metadata.Distribution) -> list[Path]:
    """The licence files a distribution installed: those in its .dist-info and those its
    RECORD lists by a licence's name (pygame-ce's LGPL.txt, Babel's CLDR licence)."""
    files = []
    for entry in dist.files or []:
        if LICENCE_FILE.match(entry.name) and "/tests/" not in f"/{entry}":
            located = Path(str(entry.locate()))
            if located.is_file():
                files.append(located)
    return sorted(set(files))


def _third_party() -> dict[str, dict[str, str | list[str]]]:
    return tomllib.loads((THIRD_PARTY / "libraries.toml").read_text(encoding="utf-8"))


def listed_texts(value: str | list[str]) -> list[str]:
    """The texts of one entry of libraries.toml: one, or a list."""
    return [value] if isinstance(value, str) else list(value)


def _interpreter_files() -> set[str]:
    """The names of this Python's own files: its standard library (lib-dynload included),
    its shared library, and the files at the top of its installation and in DLLs/ (Windows'
    python311.dll and extension modules, macOS's framework binary). Not the rest of its
    prefix: on a system Python that is /usr, whose libraries are the system's."""
    base = Path(sys.base_prefix)
    stdlib = Path(sysconfig.get_paths()["stdlib"])
    names = {
        path.name
        for path in stdlib.rglob("*")
        if "site-packages" not in path.relative_to(stdlib).parts and path.is_file()
    }
    names |= {path.name for path in base.glob("*") if path.is_file()}
    names |= {path.name for path in (base / "DLLs").glob("*") if path.is_file()}
    for variable in ("INSTSONAME", "LDLIBRARY"):
        if name := sysconfig.get_config_var(variable):
            names.add(Path(name).name)
    return names


def python_licence() -> Path:
    """This Python's licence file."""
    stdlib = Path(sysconfig.get_paths()["stdlib"])
    version = f"{sys.version_info[0]}.{sys.version_info[1]}"
    for candidate in (
        stdlib / "LICENSE.txt",
        Path(sys.base_prefix) / "LICENSE.txt",
        Path(f"/usr/share/licenses/python{version}/LICENSE"),
        Path("/usr/share/licenses/python3/LICENSE"),
        Path(f"/usr/share/doc/python{version}/copyright"),
    ):
        if candidate.is_file():
            return candidate
    raise FileNotFoundError("no licence file for this Python was found")


def _system_package(path: Path) -> str | None:
    """The system package that installed `path` (dpkg or rpm), if it carries licence files."""
    for command in (["dpkg", "-S"], ["rpm", "-qf", "--queryformat", "%{NAME}\\n"]):
        if not shutil.which(command[0]):
            continue
        done = subprocess.run([*command, str(path)], capture_output=True, text=True, timeout=30)
        if done.returncode == 0:
            package = done.stdout.splitlines()[0].split(":")[0].strip()
            if _system_package_texts(package):
                return package
    return None


def _system_owner(name: str) -> str | None:
    """ "system-PACKAGE" for the system package that installed the library `name`."""
    for folder in SYSTEM_LIBRARY_DIRS:
        path = Path(folder) / name
        if path.is_file() and (package := _system_package(path)):
            return f"system-{package}"
    return None


def content_roots(app: Path) -> list[Path]:
    """Where PyInstaller put the app's files: _internal/ (Linux, Windows) or the .app's
    Contents/Frameworks and Contents/Resources (macOS)."""
    roots = [app / "_internal"]
    for mac_app in app.glob("*.app"):
        roots += [mac_app / "Contents" / "Frameworks", mac_app / "Contents" / "Resources"]
    return [root for root in roots if root.is_dir()]


def executables(app: Path) -> list[Path]:
    """The app's executables (PyInstaller's bootloader with the frozen modules appended)."""
    found = [p for p in app.iterdir() if p.is_file() and p.name.startswith(BINARY)]
    found += list(app.glob("*.app/Contents/MacOS/*"))
    return sorted(found)


def frozen_modules(executable: Path) -> tuple[list[str], list[str]]:
    """The Python modules frozen into `executable` (its PYZ) and its scripts (runtime hooks,
    the entry point)."""
    from PyInstaller.archive.readers import CArchiveReader

    archive = CArchiveReader(str(executable))
    scripts = [name for name, entry in archive.toc.items() if entry[-1] in ("s", "m")]
    modules: list[str] = []
    for name, entry in archive.toc.items():
        if entry[-1] == "z":
            modules += list(archive.open_embedded_archive(name).toc)
    return sorted(modules), scripts


def account(app: Path) -> Accounting:
    """Who owns each file of the unpacked `app` and each module frozen into it."""
    accounting = Accounting()
    dists = _distributions()
    by_path = {
        str(entry).replace("\\", "/"): name
        for name, dist in dists.items()
        for entry in dist.files or []
    }
    assets = asset_licences()
    interpreter = _interpreter_files()
    third_party = _third_party()
    top_level = importlib.metadata.packages_distributions()
    binaries = {p.name for p in executables(app)}
    for item in sorted(app.iterdir()):
        if item.name in APP_EXTRAS:
            for path in [item, *item.rglob("*")] if item.is_dir() else [item]:
                if path.is_file():
                    accounting.add(PROJECT, path.relative_to(app).as_posix())
        elif item.name in binaries:
            accounting.add(PYINSTALLER, item.name)
    for root in content_roots(app):
        for path in sorted(root.rglob("*")):
            if path.is_symlink() or not path.is_file():
                continue
            relative = path.relative_to(root).as_posix()
            module = module_name(relative)
            if module is not None:
                accounting.modules.append(module)
            if relative.endswith(".pyc") and module is not None:  # the module's, not a file's
                owner = _owner(relative[:-1], by_path, assets, interpreter)
                owner = owner or _module_owner(module, top_level)
            else:
                owner = _owner(relative, by_path, assets, interpreter)
            if owner is None and sys.platform.startswith("linux") and LIBRARY.search(path.name):
                owner = _system_owner(path.name)
            accounting.add(owner, f"{root.relative_to(app).as_posix()}/{relative}")
            if _unlicensed_library(path.name, owner, dists, third_party):
                accounting.unaccounted.append(f"{relative}: no licence text for this library")
            if owner in dists and EXTENSION_MODULE.search(path.name):
                accounting.unaccounted += _unnamed_crates(relative, path, dists[owner], third_party)
    for contents in app.glob("*.app/Contents"):  # Info.plist, the program, its signature
        for path in sorted(contents.rglob("*")):
            inside = path.relative_to(contents).parts[0]
            if (
                path.is_file()
                and not path.is_symlink()
                and inside not in ("Frameworks", "Resources")
            ):
                accounting.add(PYINSTALLER, path.relative_to(app).as_posix())
    for executable in executables(app):
        modules, scripts = frozen_modules(executable)
        accounting.hooks = sorted(s for s in scripts if s.startswith("pyi_rth_"))
        accounting.modules += modules
        for module in modules + scripts:
            accounting.add(_module_owner(module, top_level), f"{executable.name}:{module}")
    accounting.modules.sort()
    return accounting


def module_name(relative: str) -> str | None:
    """The Python module a file of the app is ("numpy/fft/__init__.pyc": numpy.fft,
    "python3.11/lib-dynload/_ssl.cpython-311-x86_64-linux-gnu.so": _ssl), or None."""
    if not (relative.endswith(".pyc") or EXTENSION_MODULE.search(relative)):
        return None
    parts = relative.split("/")
    if len(parts) > 1 and parts[-2] == "lib-dynload":
        parts = parts[-1:]
    parts[-1] = parts[-1].split(".", 1)[0]
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts) or None


def _owner(
    relative: str, by_path: dict[str, str], assets: dict[str, list[Path]], interpreter: set[str]
) -> str | None:
    if relative in by_path:
        return by_path[relative]
    parts = relative.split("/")
    if parts[0] == "game" or re.fullmatch(r"yahtzee_table-[^/]+\.dist-info", parts[0]):
        if parts[1:2] == ["assets"] and len(parts) > 3 and parts[2] in assets:
            return f"assets-{parts[2]}"
        return PROJECT
    if parts[-1] in interpreter:
        return PYTHON
    return None


def _module_owner(module: str, top_level: Mapping[str, list[str]]) -> str | None:
    top = module.split(".")[0]
    if top == "game" or module == "main":
        return PROJECT
    if top.startswith(("pyimod", "pyiboot", "pyi_rth_", "_pyi_")):
        return PYINSTALLER
    if top in sys.stdlib_module_names or top.startswith(("__future__", "_sysconfigdata")):
        return PYTHON
    if top in top_level:
        return _normal(top_level[top][0])
    return None


def _unlicensed_library(
    name: str,
    owner: str | None,
    dists: dict[str, importlib.metadata.Distribution],
    third_party: dict[str, dict[str, str | list[str]]],
) -> bool:
    """A shared library (not a Python extension) a wheel carries with no licence text."""
    if owner not in dists or not LIBRARY.search(name) or EXTENSION_MODULE.search(name):
        return False
    return not _library_licensed(name, dists[owner], third_party.get(owner, {}))


def _unnamed_crates(
    relative: str,
    path: Path,
    dist: importlib.metadata.Distribution,
    third_party: dict[str, dict[str, str | list[str]]],
) -> list[str]:
    """The Rust crates compiled into an extension module that none of its texts name."""
    crates = compiled_crates(path)
    if not crates:
        return []
    listed = third_party.get(_normal(dist.metadata["Name"]), {}).get(library_key(path.name), [])
    texts = _dist_licences(dist) + [THIRD_PARTY / t for t in listed_texts(listed)]
    return [
        f"{relative}: Rust crate {crate} compiled in, no text names it"
        for crate in unnamed(crates, texts)
    ]


def _library_licensed(
    name: str, dist: importlib.metadata.Distribution, texts: dict[str, str | list[str]]
) -> bool:
    """Whether a library a wheel ships has its licence: a text listed for it, or its name in
    the wheel's own licence files (numpy's names OpenBLAS, libgfortran and libquadmath)."""
    key = library_key(name)
    if key in texts:
        return True
    stem = key.rstrip("_0123456789")
    return any(
        stem in path.read_text(encoding="utf-8", errors="replace").lower()
        for path in _dist_licences(dist)
    )


def _licence_texts(
    owner: str, items: list[str], dists: dict[str, importlib.metadata.Distribution]
) -> Iterator[tuple[str, Path]]:
    """(file name in the owner's folder, source) for each licence text of `owner`, whose
    shipped files are `items` (the libraries among them pick their texts)."""
    if owner == PROJECT:
        yield "LICENSE", ROOT / "LICENSE"
    elif owner.startswith("assets-"):
        for path in asset_licences()[owner.removeprefix("assets-")]:
            yield path.name, path
    elif owner == PYTHON:
        yield "LICENSE.txt", python_licence()
        for value in _third_party()[PYTHON].values():
            for text in listed_texts(value):
                yield Path(text).name, THIRD_PARTY / text
    elif owner.startswith("system-"):
        package = owner.removeprefix("system-")
        system = _system_package_texts(package)
        yield from ((path.name, path) for path in system)
    else:
        dist = dists[owner]
        for path in _dist_licences(dist):
            yield _flat_name(path, dist), path
        texts = _third_party().get(owner, {})
        shipped = {library_key(item.rsplit("/", 1)[-1]) for item in items}
        chosen = {t for key in shipped if key in texts for t in listed_texts(texts[key])}
        for text in sorted(chosen):
            yield Path(text).name, THIRD_PARTY / text


def _system_package_texts(package: str) -> list[Path]:
    texts = [Path(f"/usr/share/doc/{package}/copyright")]
    texts += sorted(Path(f"/usr/share/licenses/{package}").glob("*"))
    return [t for t in texts if t.is_file()]


def _flat_name(path: Path, dist: importlib.metadata.Distribution) -> str:
    """A licence file's name within its owner's folder: its path in the wheel, flattened
    (numpy has a dozen called LICENSE.md)."""
    for entry in dist.files or []:
        if Path(str(entry.locate())) == path:
            parts = [p for p in entry.parts if not p.endswith(".dist-info") and p != "licenses"]
            return "_".join(parts)
    return path.name


def write(app: Path, accounting: Accounting, folder: Path) -> None:
    """licenses/: a folder per owner holding its licence texts, the texts those refer to, and
    README.txt saying what each owner is and how much of the app it covers."""
    dists = _distributions()
    folder.mkdir(parents=True, exist_ok=True)
    lines = [
        "Yahtzee Table and what it ships, each with its licence texts in the folder of its name.",
        "",
    ]
    for owner in sorted(accounting.owners):
        target = folder / owner
        target.mkdir(exist_ok=True)
        for name, source in _licence_texts(owner, accounting.owners[owner], dists):
            shutil.copyfile(source, target / name)
        count = len(accounting.owners[owner])
        lines.append(f"{owner}{_about(owner, dists)}: files and modules shipped: {count}")
    common = folder / "common"
    common.mkdir(exist_ok=True)
    for text in listed_texts(_third_party()["common"]["texts"]):
        shutil.copyfile(THIRD_PARTY / text, common / Path(text).name)
    lines += ["", "common/: licences the texts above name by reference (GPL, LGPL, ...)."]
    (folder / "README.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")


def _about(owner: str, dists: dict[str, importlib.metadata.Distribution]) -> str:
    if owner in dists:
        meta = dists[owner].metadata
        said = (meta.get_all("License-Expression") or meta.get_all("License") or [""])[0]
        return f" {meta['Version']} ({said.splitlines()[0] if said else 'see its files'})"
    if owner == PYTHON:
        return f" {sys.version.split()[0]} (PSF-2.0)"
    return ""


def missing(accounting: Accounting, folder: Path) -> list[str]:
    """Owners whose folder in `folder` holds no licence text (should be none)."""
    return [o for o in sorted(accounting.owners) if not any((folder / o).glob("*"))]
