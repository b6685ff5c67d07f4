"""Time from process start to the title screen drawn.

    python -m game.tools.bench startup [--runs 5]

Starts a fresh Python process each run and reads the moment
the child has drawn the title (dummy video and audio drivers, a throwaway data folder).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

CHILD = """
import os, sys, time, tempfile
from pathlib import Path
from game.app import App
from game.storage import Storage
app = App(Storage(Path(sys.argv[1]), environ={}), size=(1280, 800), fullscreen=False)
app.start()
app.draw()
print("drawn", flush=True)
"""


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.tools.bench startup")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args(argv)
    env = dict(
        os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1"
    )
    seconds = []
    for _ in range(args.runs):
        with tempfile.TemporaryDirectory() as data:
            start = time.perf_counter()
            child = subprocess.Popen(
                [sys.executable, "-c", CHILD, data], stdout=subprocess.PIPE, env=env, text=True
            )
            line = child.stdout.readline()
            seconds.append(time.perf_counter() - start)
            child.wait()
            if line.strip() != "drawn":
                print("startup: the child did not draw the title", file=sys.stderr)
                return 1
    print(
        f"startup: process start to title drawn over {args.runs} runs: "
        f"median {statistics.median(seconds):.3f} s, best {min(seconds):.3f} s, "
        f"worst {max(seconds):.3f} s (aim: 1 s)"
    )
    return 0
