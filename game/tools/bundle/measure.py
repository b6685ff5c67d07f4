"""The unpacked bundle run as a stranger would: its self-test with a bare environment, and its
start to the title against this Python's, in paired runs."""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from game.tools.bundle import BINARY, ROOT

TITLE_LINE = "ok title"


def binary(app: Path) -> Path:
    """The executable that shows its output: the console twin on Windows, the .app's program
    on macOS, the one program on Linux."""
    if sys.platform == "win32":
        return app / f"{BINARY}-console.exe"
    for program in app.glob(f"*.app/Contents/MacOS/{BINARY}"):
        return program
    return app / BINARY


def bare_environment(home: str) -> dict[str, str]:
    """Nothing but a home folder (and, on Windows, the system folder no program starts without)."""
    env = {"HOME": home}
    if sys.platform == "win32":
        env["SYSTEMROOT"] = os.environ.get("SYSTEMROOT", r"C:\Windows")
        env["USERPROFILE"] = home
    return env


def self_test(app: Path) -> str:
    """The unpacked bundle's --self-test with a bare environment and a home of its own; its
    output. Raises SystemExit when it fails."""
    home = tempfile.mkdtemp(prefix="yahtzee-home ä ")
    try:
        result = subprocess.run(
            [str(binary(app)), "--self-test"],
            env=bare_environment(home),
            cwd=home,
            capture_output=True,
            text=True,
            timeout=300,
        )
    finally:
        shutil.rmtree(home, ignore_errors=True)
    print(result.stdout, end="")
    if result.returncode != 0:
        print(result.stderr, end="", file=sys.stderr)
        raise SystemExit(f"bundle: the bundle's self-test failed ({result.returncode})")
    return result.stdout


def _time(command: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall seconds to the child's line "ok title ...", and the child's processor seconds."""
    import resource  # not on Windows: measured on Linux and macOS

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    child = subprocess.Popen(command, stdout=subprocess.PIPE, env=env, text=True)
    assert child.stdout is not None
    wall = None
    for line in child.stdout:
        if line.startswith(TITLE_LINE):
            wall = time.perf_counter() - start
    child.wait(timeout=120)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if wall is None or child.returncode != 0:
        raise SystemExit(f"bundle: {command[0]} did not draw the title")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def start_ratio(app: Path, runs: int) -> float:
    """The bundle's start to the title over this Python's (from the checkout, its modules
    compiled as after an install): the median of `runs` paired runs, each pair run back to
    back in alternating order. Prints both sides and the load."""
    env = {"PATH": "/usr/bin:/bin", "HOME": tempfile.mkdtemp(prefix="yahtzee-home-")}
    commands = {
        "bundle": [str(binary(app)), "--self-test", "title"],
        "venv": [sys.executable, str(ROOT / "main.py"), "--self-test", "title"],
    }
    for command in commands.values():  # warm the file cache and the compiled modules
        _time(command, env)
    times: dict[str, list[tuple[float, float]]] = {"bundle": [], "venv": []}
    load_before = os.getloadavg()[0]
    for run in range(runs):
        order = ["bundle", "venv"] if run % 2 == 0 else ["venv", "bundle"]
        for name in order:
            times[name].append(_time(commands[name], env))
    load_after = os.getloadavg()[0]
    shutil.rmtree(env["HOME"], ignore_errors=True)
    for name, pairs in times.items():
        walls, cpus = [w for w, _ in pairs], [c for _, c in pairs]
        print(
            f"bundle: {name} start to title over {runs} runs: median {statistics.median(walls):.3f}"
            f" s wall (best {min(walls):.3f}), {statistics.median(cpus):.3f} s processor"
        )
    paired = list(zip(times["bundle"], times["venv"], strict=True))
    ratios = [bundle[0] / venv[0] for bundle, venv in paired]
    ratio = statistics.median(ratios)
    cpu_ratio = statistics.median(bundle[1] / venv[1] for bundle, venv in paired)
    print(
        f"bundle: start to title, bundle / venv {ratio:.2f}x wall, {cpu_ratio:.2f}x processor, "
        f"median of {runs} pairs (wall pairs from {min(ratios):.2f}x to {max(ratios):.2f}x; "
        f"load {load_before:.2f} before, {load_after:.2f} after, {os.cpu_count()} cores)"
    )
    return ratio
