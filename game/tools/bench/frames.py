"""Frame times of the table during a four-player CPU game with every animation on.

    python -m game.tools.bench frames [--frames 1800] [--size 1280x720]

Runs the real app's update and draw for a fixed number of frames at 60 a second (dummy
video driver unless a display is set with --display) and prints the mean and 99th percentile
frame time, over all frames and over those drawn while dice are thrown (the most a frame
draws: up to five dice tumbling in 3D, their shadows and the pouring cup), the 60 fps budget
being 16.7 ms; and the same figures in the drawing thread's processor time, which a busy
machine inflates less. CPU decisions run in their worker thread, as in the game.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path

BUDGET = 1000 / 60  # ms per frame at 60 fps
FRAME = 1 / 60  # s: the frames are paced as the game paces them


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.tools.bench frames")
    parser.add_argument("--frames", type=int, default=1800)
    parser.add_argument("--size", default="1280x720")
    parser.add_argument("--display", action="store_true", help="use the real display")
    args = parser.parse_args(argv)
    if not args.display:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    try:
        width, height = (int(v) for v in args.size.lower().split("x"))
    except ValueError:
        parser.error(f"--size takes WIDTHxHEIGHT, not {args.size!r}")
    size = (width, height)

    from game.app import App, settle_memory
    from game.match.seats import Seat
    from game.match.session import Session
    from game.rules import GameConfig, StartOrder
    from game.scenes.table import TableScene
    from game.storage import Storage

    with tempfile.TemporaryDirectory() as data:
        app = App(Storage(Path(data), environ={}), size=size, fullscreen=False)
        app.ctx.settings = app.ctx.settings.replace(cpu_pace="fast")
        names = ("Ada", "Max", "Zoe", "Ben")
        kinds = ("expert", "hard", "medium", "easy")
        seats = [Seat(n, k, colour=i) for i, (n, k) in enumerate(zip(names, kinds, strict=True))]
        session = Session.new(GameConfig(names, start=StartOrder.SEATED), seats, seed=1)
        table = TableScene(app.ctx, session)
        app.start(table)
        settle_memory()  # as App.run does
        times, cpu = [], []  # wall clock and this thread's processor time, ms
        flying: list[int] = []  # frames drawn while dice are thrown
        moving = partial = 0
        for i in range(args.frames):
            start, start_cpu = time.perf_counter(), time.thread_time()
            app.step(1 / 60)
            app.draw()
            times.append((time.perf_counter() - start) * 1000)
            cpu.append((time.thread_time() - start_cpu) * 1000)
            moving += app.stack.animating
            partial += app.presented is not None
            if table.board.tray.rolling:
                flying.append(i)
            # Keep to the clock, as the game's clock.tick(60) does: the CPU players think in
            # their thread in real time, and a frame drawn in 0.3 ms must not race ahead of
            # them (fewer throws in the run, and a figure of a different game).
            time.sleep(max(0.0005, FRAME - (time.perf_counter() - start)))
        for scene in app.stack.scenes:
            scene.exit()
        turns = session.state.turn
    print(
        f"frames: {len(times)} frames at {size[0]}x{size[1]}, {moving} of them animating, "
        f"{len(flying)} with dice in the air, {partial} redrawn only in part, "
        f"{turns} turns played"
    )
    for label, frames in (("all frames", range(len(times))), ("dice in the air", flying)):
        if frames:
            sample = [times[i] for i in frames]
            print(f"frames: {label}: {_figures(sample)} (60 fps budget {BUDGET:.1f} ms)")
            # Processor time of the drawing thread alone: what a frame costs, whatever else
            # the machine is doing (on a busy machine the clock also counts time waited).
            print(f"frames: {label}, processor time: {_figures([cpu[i] for i in frames])}")
    if len(cpu) > 1:  # the first frame draws the table whole after the scene change
        print(
            f"frames: slowest frame after the scene change: {max(cpu[1:]):.2f} ms processor,"
            f" {max(times[1:]):.2f} ms wall (aim: none over 50 ms); the first {cpu[0]:.2f} ms"
        )
    from game.tools.bench.throws import report  # the throw's pace, in animation time

    print(*report(300, (size[0], size[1])), sep="\n")
    return 0


def _figures(times: list[float]) -> str:
    times = sorted(times)
    p99 = times[max(0, int(len(times) * 0.99) - 1)]
    return (
        f"mean {statistics.fmean(times):.2f} ms, median {times[len(times) // 2]:.2f} ms,"
        f" p99 {p99:.2f} ms, max {times[-1]:.2f} ms"
    )
