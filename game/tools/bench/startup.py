"""Time from process start to the title screen drawn, against a bare pygame window with text.

    python -m game.tools.bench startup [--runs 7]

Each run starts a fresh Python process for the game (the title drawn, on the dummy video and
audio drivers, a throwaway data folder) and one for a bare pygame window that draws a line of
text, alternately, so both see the same machine. Prints the median wall time and processor
time (the child's user + system) of each, and their ratio; the aim is the title within 2.5x
of the bare window.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

GAME = """
import sys
from pathlib import Path
from game.app import App
from game.storage import Storage
app = App(Storage(Path(sys.argv[1]), environ={}), size=(1280, 800), fullscreen=False)
app.start()
app.draw()
print("drawn", flush=True)
"""

BARE = """
import pygame
pygame.init()
screen = pygame.display.set_mode((1280, 800))
font = pygame.font.Font(None, 48)
screen.blit(font.render("Yahtzee", True, (255, 255, 255)), (100, 100))
pygame.display.flip()
print("drawn", flush=True)
"""

AIM = 2.5  # the title within this many times the bare window's time


def _time(code: str, data: str, env: dict[str, str]) -> tuple[float, float]:
    """Wall seconds to the child's "drawn", and the child's processor seconds in all."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    child = subprocess.Popen(
        [sys.executable, "-c", code, data], stdout=subprocess.PIPE, env=env, text=True
    )
    assert child.stdout is not None
    line = child.stdout.readline()
    wall = time.perf_counter() - start
    child.wait()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if line.strip() != "drawn":
        raise SystemExit("startup: the child did not draw")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.tools.bench startup")
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args(argv)
    env = dict(
        os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1"
    )
    # As a player starts it: with the compiled modules cached (pip writes them at install; a
    # checkout writes them at its first start), not compiling every module at every start.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    with tempfile.TemporaryDirectory() as data:  # the first start of each, not counted
        _time(GAME, data, env)
        _time(BARE, data, env)
    game, bare = [], []
    for _ in range(args.runs):
        with tempfile.TemporaryDirectory() as data:
            game.append(_time(GAME, data, env))
            bare.append(_time(BARE, data, env))
    for name, runs in (("title drawn", game), ("bare pygame window with text", bare)):
        walls, cpus = [w for w, _ in runs], [c for _, c in runs]
        print(
            f"startup: process start to {name} over {args.runs} runs: "
            f"median {statistics.median(walls):.3f} s wall (best {min(walls):.3f}, worst "
            f"{max(walls):.3f}), {statistics.median(cpus):.3f} s processor"
        )
    ratio = statistics.median(w for w, _ in game) / statistics.median(w for w, _ in bare)
    load = os.getloadavg()[0]
    print(f"startup: title / bare window {ratio:.2f}x wall (aim: within {AIM}x), load {load:.1f}")
    return 0
