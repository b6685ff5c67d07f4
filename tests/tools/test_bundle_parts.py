"""The bundle tool's parts on small inputs (the real build is in test_bundle.py, heavy): the
ELF reader against binutils, reproducible archives, library names across systems, the lean
list, and the glibc floors the README states."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tarfile
from pathlib import Path

import cryptography
import cryptography.hazmat.bindings._rust as rust_bindings
import pytest

from game.tools.bundle import archive, crates, elf, lean, licences

ROOT = Path(__file__).resolve().parents[2]


def libpython() -> Path:
    folder = Path(sysconfig.get_config_var("LIBDIR") or "")
    found = sorted(folder.glob("libpython3*.so*"))
    return found[0] if found else Path(sys.executable).resolve()


@pytest.mark.skipif(shutil.which("readelf") is None, reason="no binutils")
@pytest.mark.parametrize("path", [Path("/bin/sh"), libpython()], ids=["sh", "python"])
def test_the_elf_reader_finds_the_glibc_versions_readelf_finds(path):
    if not elf.is_elf(path.resolve()):
        pytest.skip(f"{path} is not an ELF file here")
    shown = subprocess.run(
        ["readelf", "-V", "-W", str(path.resolve())], capture_output=True, text=True
    )
    expected = set(re.findall(r"Name: (GLIBC_[0-9.]+)", shown.stdout))
    found = {name for names in elf.needed_versions(path.resolve()).values() for name in names}
    assert {n for n in found if n.startswith("GLIBC_")} == expected
    assert elf.show(elf.glibc_needed(path.resolve())) == max(
        (n.removeprefix("GLIBC_") for n in expected), key=elf.parse_version
    )


def test_the_floor_of_a_folder_is_its_neediest_file_and_names_it(tmp_path):
    shutil.copy(Path("/bin/sh").resolve(), tmp_path / "sh")
    (tmp_path / "notes.txt").write_text("not an ELF file", encoding="utf-8")
    (tmp_path / "link").symlink_to(tmp_path / "sh")
    floor = elf.floor(tmp_path)
    assert list(floor.by_file) == ["sh"]
    assert floor.setters == ["sh"] and floor.version == elf.glibc_needed(tmp_path / "sh")


def cplusplus_program() -> Path | None:
    """A C++ program of this system's (apt-get is one on Debian and Ubuntu)."""
    found = shutil.which("apt-get")
    return Path(found).resolve() if found else None


@pytest.mark.skipif(
    shutil.which("readelf") is None or cplusplus_program() is None, reason="no binutils or apt"
)
def test_the_libstdcxx_versions_a_program_needs_are_the_ones_readelf_finds(tmp_path):
    program = cplusplus_program()
    assert program is not None
    shown = subprocess.run(["readelf", "-V", "-W", str(program)], capture_output=True, text=True)
    for family in ("GLIBCXX", "CXXABI"):
        expected = [
            elf.parse_version(v) for v in re.findall(rf"Name: {family}_([0-9.]+)", shown.stdout)
        ]
        assert elf.newest(program, family) == max(expected, default=None)
    glibcxx = elf.newest(program, "GLIBCXX")
    assert glibcxx is not None  # apt-get is C++: it asks libstdc++ for something
    shutil.copy(program, tmp_path / "apt-get")
    said = elf.libstdcxx_over(tmp_path, {"GLIBCXX": "3.4"})
    assert said == [f"apt-get needs GLIBCXX_{elf.show(glibcxx)} (over 3.4)"]
    assert elf.libstdcxx_over(tmp_path, {"GLIBCXX": elf.show(glibcxx), "CXXABI": "99"}) == []


@pytest.mark.parametrize(
    ("name", "part"),
    [
        ("yahtzee-table-0.1.0/_internal/python3.11/lib-dynload/_ssl.so", "python3.11"),
        ("yahtzee-table-0.1.0/_internal/pygame_ce.libs/libSDL2-2.so.0", "pygame_ce.libs"),
        ("yahtzee-table-0.1.0/_internal/libpython3.11.so.1.0", "top"),
        ("yahtzee-table-0.1.0/yahtzee", "top"),
    ],
)
def test_a_file_of_the_bundle_is_counted_in_the_part_it_came_with(name, part):
    assert elf.group(name) == part


def make_app(folder: Path) -> Path:
    app = folder / "yahtzee-table-9.9"
    (app / "_internal" / "lib").mkdir(parents=True)
    (app / "_internal" / "lib" / "libthing.so.1").write_bytes(b"\x7fELF" + bytes(1000))
    (app / "_internal" / "libthing.so.1").symlink_to("lib/libthing.so.1")
    (app / "yahtzee").write_text("#!/bin/sh\n", encoding="utf-8")
    (app / "yahtzee").chmod(0o700)
    (app / "README").write_text("hello", encoding="utf-8")
    return app


def test_an_archive_of_the_same_files_is_the_same_bytes_whenever_it_is_made(tmp_path):
    app = make_app(tmp_path / "one")
    first = archive.pack_tar(app, tmp_path / "first.tar.gz", epoch=1_700_000_000)
    for path in app.rglob("*"):
        if not path.is_symlink():
            os.utime(path, (1, 1))  # files touched since: their times must not count
    (app / "README").chmod(0o600)
    second = archive.pack_tar(app, tmp_path / "second.tar.gz", epoch=1_700_000_000)
    assert first.read_bytes() == second.read_bytes()
    with tarfile.open(first) as tar:
        members = tar.getmembers()
    names = [m.name for m in members]
    assert names == sorted(names) and names[0] == "yahtzee-table-9.9"
    assert {m.mtime for m in members} == {1_700_000_000} and {m.uid for m in members} == {0}
    modes = {m.name.rsplit("/", 1)[-1]: m.mode for m in members if not m.issym()}
    assert modes["yahtzee"] == 0o755 and modes["README"] == 0o644
    assert [m.linkname for m in members if m.issym()] == ["lib/libthing.so.1"]


def test_a_zip_of_the_same_files_is_the_same_bytes_too(tmp_path):
    app = make_app(tmp_path / "one")
    first = archive.pack_zip(app, tmp_path / "first.zip", epoch=1_700_000_000).read_bytes()
    os.utime(app / "README", (1, 1))
    assert archive.pack_zip(app, tmp_path / "second.zip", epoch=1_700_000_000).read_bytes() == first


def test_the_unpacked_size_counts_a_linked_library_once(tmp_path):
    app = make_app(tmp_path)
    assert archive.unpacked_size(app) == 1004 + len("#!/bin/sh\n") + len("hello")


@pytest.mark.parametrize(
    ("file_name", "key"),
    [
        ("libSDL2_image-2-d6906c81.0.so.0.800.12", "sdl2_image"),  # auditwheel (Linux)
        ("SDL2_image.dll", "sdl2_image"),  # Windows
        ("libSDL2_image-2.0.0.dylib", "sdl2_image"),  # delocate (macOS)
        ("libSDL2-2-50d19f93.0.so.0.3200.10", "sdl2"),
        ("libpng16-fefdc88d.so.16.58.0", "png16"),
        ("libpng16-16.dll", "png16"),
        ("libscipy_openblas64_-32a4b2a6.so", "scipy_openblas64_"),
        ("_chipmunk.abi3.so", "_chipmunk"),
    ],
)
def test_a_library_has_one_name_on_every_system(file_name, key):
    assert licences.library_key(file_name) == key


def test_the_lean_list_leaves_out_packages_with_their_modules_and_nothing_near_them():
    assert lean.excluded_module("numpy.f2py.crackfortran")
    assert lean.excluded_module("encodings.big5") and lean.excluded_module("readline")
    assert not lean.excluded_module("numpy.fft") and not lean.excluded_module("encodings.utf_8")
    assert not lean.excluded_module("sqlite3") and not lean.excluded_module("socket")
    assert all(why.strip() for why in lean.EXCLUDED_MODULES.values())  # each says why


def test_every_library_text_listed_is_in_the_repository():
    listed = licences._third_party()
    texts = [
        t
        for owner, keys in listed.items()
        if owner != "common"
        for value in keys.values()
        for t in licences.listed_texts(value)
    ]
    texts += licences.listed_texts(listed["common"]["texts"])
    assert [t for t in texts if not (licences.THIRD_PARTY / t).is_file()] == []


def test_the_readme_states_the_glibc_floor_of_each_build():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert f"glibc {elf.STATED_GLIBC['release']} or newer" in readme
    assert f"needs glibc {elf.STATED_GLIBC['local']}" in readme


RUST_MODULE = (
    b"\x7fELF...called `Option::unwrap()`/rustc/48a229ceaefd4985c50990b14116b6d856af0985"
    b"/library/core/src/str/pattern.rs\x00/root/.cargo/registry/src/index.crates.io-1949cf8c"
    b"6b5b557f/pem-4.0.0/src/parser.rs\x00/rust/deps/gimli-0.32.3/src/read/line.rs\x00"
    b"/usr/share/cargo/registry/parking_lot_core-0.9.3/src/lib.rs\x00"
)


def test_the_rust_crates_compiled_into_a_module_are_found_and_each_must_be_named(tmp_path):
    module = tmp_path / "_rust.abi3.so"
    module.write_bytes(RUST_MODULE)
    found = crates.compiled_crates(module)
    assert found == {
        "gimli": "0.32.3",
        "parking_lot_core": "0.9.3",
        "pem": "4.0.0",
        "rust-std": "",
    }
    text = tmp_path / "notices.txt"
    text.write_text("crate pem 4.0.0\ncrate parking_lot 0.12\nrust-std: ...\n📦 gimli-0.32.3\n")
    # parking_lot is named, parking_lot_core is not: a crate's name must stand as a word.
    assert crates.unnamed(found, [text]) == ["parking_lot_core 0.9.3"]
    # A C library's source paths are no crates: only a module with Rust's library in it.
    c_module = tmp_path / "_chipmunk.abi3.so"
    c_module.write_bytes(b"/project/Chipmunk2D-7.0.3/src/cpSpace.c\x00")
    assert crates.compiled_crates(c_module) == {}


def test_every_rust_crate_in_the_downloads_cryptography_is_named_in_its_texts():
    """cryptography's Rust module as the download is built with it (requirements-build.txt):
    each crate found in it is named by the texts that go with it."""
    pinned = re.search(
        r"^cryptography==(\S+)",
        (ROOT / "packaging" / "requirements-build.txt").read_text(encoding="utf-8"),
        re.M,
    )
    assert pinned
    if cryptography.__version__ != pinned[1]:
        pytest.skip(f"cryptography {cryptography.__version__} here, the download's is {pinned[1]}")
    module = Path(rust_bindings.__file__)
    listed = licences._third_party()["cryptography"]["_rust"]
    texts = [licences.THIRD_PARTY / t for t in licences.listed_texts(listed)]
    found = crates.compiled_crates(module)
    assert {"pem", "pyo3", "openssl", crates.RUST_STD} <= set(found)
    assert crates.unnamed(found, texts) == []
