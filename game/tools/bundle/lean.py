"""What the download leaves out, and why: the one place that says so.

The spec (packaging/pyinstaller/yahtzee.spec) reads these lists; the heavy tests check that the
built bundle holds none of it and still passes its self-test. Each entry says why it is safe to
leave out today. A feature that needs one (network play will want sockets, perhaps TLS) takes
its entry out here, in the same change.
"""

from __future__ import annotations

# Python modules PyInstaller would otherwise find and ship (name: why it is not needed).
# Excluding a package excludes its submodules.
EXCLUDED_MODULES: dict[str, str] = {
    # Debuggers and interactive shells: pulled in by pdb/cmd/code/site, never run by the game.
    "readline": "GNU readline (GPL-3) for interactive prompts; the game has none",
    "pdb": "the debugger",
    "cmd": "line-oriented command shells (pdb's base)",
    "code": "the interactive interpreter",
    "pydoc": "help() and its documentation server",
    "pydoc_data": "pydoc's topics",
    "doctest": "tests in docstrings",
    "unittest": "the test framework (the game's tests use pytest, outside the bundle)",
    "tkinter": "Tk GUI toolkit; the game draws with pygame",
    "curses": "terminal UI",
    "lib2to3": "Python 2 conversion",
    "ensurepip": "installs pip",
    "venv": "virtual environments",
    "idlelib": "IDLE",
    # Packaging machinery: PyInstaller adds pkg_resources and a runtime hook that imports it
    # at every start (0.1-0.2 s); the game reads its files by path (game.assets).
    "pkg_resources": "setuptools' resource API; its runtime hook cost 0.1-0.2 s a start",
    "setuptools": "builds packages",
    "_distutils_hack": "setuptools' distutils shim",
    "distutils": "builds packages",
    # Not left out: ssl (and with it libssl and libcrypto). Network play (game.net) imports
    # websockets' client, which imports ssl as it loads, though the game's own frames are
    # sealed by cryptography. socket, asyncio and ctypes (zeroconf's ifaddr) stay too.
    # Process pools are only in the developers' tools (game.tools); the game uses threads.
    "multiprocessing": "process pools (and PyInstaller's runtime hook for them)",
    # numpy's test suite, its Fortran wrapper generator and testing helpers.
    "numpy.f2py": "numpy's Fortran wrapper generator",
    "numpy.testing": "numpy's test helpers",
    "numpy.tests": "numpy's own tests",
    "numpy._pyinstaller": "numpy's PyInstaller hook tests",
    # Chinese, Japanese and Korean codecs: the game reads and writes UTF-8 only.
    **{
        name: "a CJK codec; the game's text is UTF-8"
        for name in (
            "_codecs_cn",
            "_codecs_hk",
            "_codecs_iso2022",
            "_codecs_jp",
            "_codecs_kr",
            "_codecs_tw",
            "_multibytecodec",
            "encodings.big5",
            "encodings.big5hkscs",
            "encodings.cp932",
            "encodings.cp949",
            "encodings.cp950",
            "encodings.euc_jis_2004",
            "encodings.euc_jisx0213",
            "encodings.euc_jp",
            "encodings.euc_kr",
            "encodings.gb18030",
            "encodings.gb2312",
            "encodings.gbk",
            "encodings.hz",
            "encodings.iso2022_jp",
            "encodings.iso2022_jp_1",
            "encodings.iso2022_jp_2",
            "encodings.iso2022_jp_2004",
            "encodings.iso2022_jp_3",
            "encodings.iso2022_jp_ext",
            "encodings.iso2022_kr",
            "encodings.johab",
            "encodings.shift_jis",
            "encodings.shift_jis_2004",
            "encodings.shift_jisx0213",
        )
    },
    # Developers' and test tools that are installed beside the game in a venv.
    "pytest": "tests",
    "hypothesis": "tests",
    "IPython": "an interactive shell",
    "matplotlib": "plots (the developers' benchmarks)",
    "PIL": "images (pygame loads its own)",
}

# The game's own modules that stay out: what developers and CI run, and the AI's table
# maker (the game never imports it: tests/test_architecture.py).
NOT_SHIPPED_GAME = ("game.tools", "game.ai.tablemaker")

# Shared libraries the wheels expect from the system and never ship themselves: the
# manylinux policy's list (auditwheel's lib_whitelist). PyInstaller copies the build
# machine's own copies of some (libstdc++, libgcc_s, libz), which would then set the download's
# glibc floor to the build machine's and put a second libstdc++ into a process that loads the
# system's Mesa. Every Linux system has these.
SYSTEM_LIBRARIES = (
    "libatomic.so.1",
    "libgcc_s.so.1",
    "libstdc++.so.6",
    "libm.so.6",
    "libanl.so.1",
    "libdl.so.2",
    "librt.so.1",
    "libc.so.6",
    "libnsl.so.1",
    "libutil.so.1",
    "libpthread.so.0",
    "libX11.so.6",
    "libXext.so.6",
    "libXrender.so.1",
    "libICE.so.6",
    "libSM.so.6",
    "libGL.so.1",
    "libgobject-2.0.so.0",
    "libgthread-2.0.so.0",
    "libglib-2.0.so.0",
    "libresolv.so.2",
    "libexpat.so.1",
    "libz.so.1",
)

# PyInstaller's runtime hooks the bundle runs at start, each for a module the game uses
# (inspect: dataclasses and typing import it). Any other is a module that crept back in
# (pkg_resources' hook imported it at every start; multiprocessing's and pkgutil's went with
# their modules).
RUNTIME_HOOKS = (
    "pyi_rth_inspect",
    # cryptography's: points its built-in OpenSSL at the bundle's own provider modules, not
    # the system's (network play's sealed frames).
    "pyi_rth_cryptography_openssl",
)

# Babel's hook takes the data of all 1100 CLDR locales (35 MB); the game formats in its eight
# languages only (game.i18n.LANGUAGES), whose parents are root and, for nb, no.
BABEL_LOCALES = ("root", "no", "en", "de", "sv", "da", "nb", "fr", "es", "nl")

# The interpreter's own files (relative to the bundle's _internal/), stripped of their debug
# information (23.5 MB with pyenv's Python). Only these: PyInstaller's strip=True strips every
# library, and a stripped OpenBLAS (numpy.libs) no longer loads.
INTERPRETER_FILES = ("libpython3*.so*", "python3*/lib-dynload/*.so")


def excluded_module(name: str) -> bool:
    """Whether the module `name` is one the bundle leaves out (itself or its package)."""
    parts = name.split(".")
    return any(".".join(parts[:i]) in EXCLUDED_MODULES for i in range(1, len(parts) + 1))
