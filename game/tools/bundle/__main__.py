"""`python -m game.tools.bundle`: build the download, check it, and fail when it is not fit to
give out (see game.tools.bundle)."""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

from game.tools.bundle import ROOT, archive, build, elf, lean, licences, measure

# bytes: the archive. 69.2 MB before the bundle was made lean, 52.9 MB after; network play's
# libraries (cryptography with its OpenSSL, zeroconf, websockets, and Python's ssl) add 9 MB.
SIZE_AIM = 70e6
START_AIM = 1.3  # the bundle's start to the title within this many times the venv's


def checks(app: Path, kind: str) -> list[str]:
    """What is wrong with the unpacked `app`: left-out modules and libraries shipped, runtime
    hooks not asked for, files without a licence, a glibc floor above the one stated."""
    wrong: list[str] = []
    accounting = licences.account(app)
    wrong += [f"no owner or licence: {item}" for item in accounting.unaccounted]
    wrong += [
        f"no licence text for {owner}" for owner in licences.missing(accounting, app / "licenses")
    ]
    wrong += [
        f"left out by lean.py, yet shipped: the module {module}"
        for module in accounting.modules
        if lean.excluded_module(module)
    ]
    for item in (item for items in accounting.owners.values() for item in items):
        if item.rsplit("/", 1)[-1] in lean.SYSTEM_LIBRARIES:
            wrong.append(f"a system library the wheels expect from the system: {item}")
    if accounting.hooks != sorted(lean.RUNTIME_HOOKS):
        wrong.append(f"runtime hooks {accounting.hooks}, not {sorted(lean.RUNTIME_HOOKS)}")
    if sys.platform.startswith("linux"):
        wrong += glibc_problems(app, accounting, kind)
    return wrong


def glibc_problems(app: Path, accounting: licences.Accounting, kind: str) -> list[str]:
    """Prints the glibc floor and the files that set it; says where it is over the stated."""
    floor = elf.floor(app)
    stated = elf.parse_version(elf.STATED_GLIBC[kind])
    print(
        f"bundle: glibc floor {elf.show(floor.version)} ({kind} build; stated "
        f"{elf.show(stated)}), set by {', '.join(floor.setters)}"
    )
    interpreter = {
        item
        for owner, items in accounting.owners.items()
        if owner == licences.PYTHON or owner.startswith("system-")
        for item in items
    }
    wheels = elf.parse_version(elf.WHEELS_GLIBC)
    wrong = [
        f"{name} needs glibc {elf.show(need)}, over the wheels' {elf.WHEELS_GLIBC}"
        for name, need in floor.by_file.items()
        if kind == "release" and name not in interpreter and need > wheels
    ]
    if floor.version > stated:
        wrong.append(
            f"glibc floor {elf.show(floor.version)} is over the {elf.show(stated)} stated for a "
            f"{kind} build (README, elf.STATED_GLIBC), set by {', '.join(floor.setters)}: build "
            "on an older system (docs/old-base.md) or pin those wheels to older builds"
        )
    if kind == "release":
        wrong += [
            f"{said}: the system's libstdc++ may be gcc 8's" for said in elf.libstdcxx_over(app)
        ]
    return wrong


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.tools.bundle", description=__doc__)
    parser.add_argument("--out", type=Path, default=ROOT / "dist", help="where the archive goes")
    parser.add_argument("--runs", type=int, default=7, help="paired start-up runs")
    parser.add_argument("--no-measure", action="store_true", help="skip the start-up timing")
    parser.add_argument(
        "--release",
        action="store_true",
        help="a release build (the workflow's): held to the release's glibc floor",
    )
    parser.add_argument(
        "--work", type=Path, default=ROOT / "build" / "bundle", help="the build's own folder"
    )
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    try:
        import PyInstaller  # noqa: F401
    except ImportError:
        parser.exit(2, 'bundle: PyInstaller is missing: pip install -e ".[bundle]"\n')
    started = time.perf_counter()
    try:
        packed = build.build(args.out.resolve(), args.work.resolve())
    except build.BuildFailed as failure:
        print(f"bundle: FAILED: {failure}", file=sys.stderr)
        return 1
    size = packed.stat().st_size
    print(f"bundle: {packed} built in {time.perf_counter() - started:.0f} s")
    failures = []
    with tempfile.TemporaryDirectory(prefix="yahtzee unpacked ä ") as unpacked:
        app = archive.unpack(packed, Path(unpacked))
        unpacked_size = archive.unpacked_size(app)
        print(
            f"bundle: archive {size / 1e6:.1f} MB (aim: under {SIZE_AIM / 1e6:.0f} MB), "
            f"unpacked {unpacked_size / 1e6:.1f} MB"
        )
        if size > SIZE_AIM:
            failures.append(f"the archive is {size / 1e6:.1f} MB, over {SIZE_AIM / 1e6:.0f} MB")
        failures += checks(app, "release" if args.release else "local")
        measure.self_test(app)
        if not args.no_measure and sys.platform != "win32":
            ratio = measure.start_ratio(app, args.runs)
            if ratio > START_AIM:
                failures.append(f"start-up {ratio:.2f}x the venv's, over {START_AIM}x")
    for said in failures:
        print(f"bundle: FAILED: {said}", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
