"""Frame times of the table during a four-player CPU game with every animation on.

    python -m game.tools.bench frames [--frames 1800] [--size 1280x720[,3840x2160...]]
                                      [--runs 3] [--person] [--profile 15] [--saving]

Runs the real app's update and draw for a fixed number of frames at 60 a second (dummy video
driver unless a display is set with --display) and prints, for every size and run, with the
machine's load beside it:

- the mean, median, 99th percentile and slowest frame, over all frames and over those drawn
  while dice are thrown (the most a frame draws: dice tumbling in 3D, their shadows, the
  pouring cup), in wall time and in the drawing thread's processor time (which a busy
  machine inflates less);
- p99 / median, and how many frames went over the 60 Hz (16.7 ms) and 120 Hz (8.3 ms)
  budgets;
- the five slowest frames and what they were doing (the scene change, a roll, dice in the
  air or landing, a CPU's move, a hint, a banner, the win chances, a garbage collection,
  the table drawn whole, how many images were drawn anew), so a regression shows its cause;
- how many full garbage collections were made between frames, in the time a frame left, as
  the game's loop makes them (game.ui.collector), and the slowest of them.
- the work done between frames for the frames to come (App.between_frames: a frame's work
  that need not wait for its frame, done in the time the last one left, as the game's loop
  does it): after how many frames, its processor time, and how often it ran past the next
  frame's start (it must not: a frame would wait for it).

`--profile N` profiles every frame (cProfile, which slows each call, so its times are larger
than the bench's) and prints, for the frames over twice the median, the N functions with the
most time of their own and the N with the most time under them, per slow frame: where a slow
kind spends its time.

`--saving` saves the game after every action, as a table opened from the menu does (the
router's `on_change`: the record made, written and fsynced on the drawing thread); without it
the bench's figures leave the save out, as every round of issue 36 measured them.

`--person` makes the second seat a person the bench plays by asking for a hint each time
and following it (hint frames). CPU decisions run in their worker thread, as in the game.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import io
import os
import pstats
import statistics
import tempfile
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.app import App
    from game.scenes.table import TableScene

BUDGET = 1000 / 60  # ms per frame at 60 fps
FAST_BUDGET = 1000 / 120  # ms per frame at 120 fps
FRAME = 1 / 60  # s: the frames are paced as the game paces them
SLOWEST = 5  # frames listed with what they did
WORKED = 0.1  # ms between frames from which a frame is counted as followed by work
WHAT_WAS_MADE = (
    "still dice drawn",
    "dice drawn plain",
    "rings, shadows or cups made",
    "dice or shadows shown as before, for want of time",
)


@dataclass
class Frame:
    wall: float  # ms
    cpu: float  # ms of the drawing thread's processor time
    doing: list[str] = field(default_factory=list)
    profile: cProfile.Profile | None = None  # with --profile
    between: float = 0.0  # ms of the drawing thread's processor time after it (App.between_frames)
    late: bool = False  # the work between frames made the next frame start late


class Collections:
    """Full garbage collections run in the drawing thread, frame by frame."""

    def __init__(self) -> None:
        self.count = 0
        self.main = threading.main_thread().ident

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        if phase == "stop" and info["generation"] == 2 and threading.get_ident() == self.main:
            self.count += 1


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.tools.bench frames")
    parser.add_argument("--frames", type=int, default=1800)
    parser.add_argument("--size", default="1280x720", help="WxH, or several: WxH,WxH")
    parser.add_argument("--runs", type=int, default=1, help="runs of each size")
    parser.add_argument("--person", action="store_true", help="a person seat who asks hints")
    parser.add_argument("--display", action="store_true", help="use the real display")
    parser.add_argument("--saving", action="store_true", help="save after every action")
    parser.add_argument(
        "--profile", type=int, default=0, metavar="N", help="the slow frames' N costliest calls"
    )
    args = parser.parse_args(argv)
    if not args.display:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    try:
        sizes = [parse_size(text) for text in args.size.split(",")]
    except ValueError:
        parser.error(f"--size takes WIDTHxHEIGHT, not {args.size!r}")
    for width, height in sizes:
        for run in range(1, args.runs + 1):
            before = os.getloadavg()
            frames, counts = run_frames((width, height), args.frames, args.person, args.profile > 0)
            after = os.getloadavg()
            print(
                f"frames: {len(frames)} frames at {width}x{height} (run {run} of {args.runs}),"
                f" load {before[0]:.2f} before, {after[0]:.2f} after; {counts}"
            )
            for line in report(frames):
                print(line)
            if args.profile:
                print(*profile_report(frames, args.profile), sep="\n")
    from game.tools.bench.throws import report as throw_report  # the throw, animation time

    print(*throw_report(300, sizes[0]), sep="\n")
    return 0


def parse_size(text: str) -> tuple[int, int]:
    width, height = (int(v) for v in text.lower().split("x"))
    return (width, height)


def run_frames(
    size: tuple[int, int],
    count: int,
    person: bool,
    profile: bool = False,
    saving: bool = False,
) -> tuple[list[Frame], str]:
    """`count` frames of a seeded four-seat game at `size`: what each cost and did (and, with
    `profile`, each frame's profile; with `saving`, the game saved after every action)."""
    from game.app import FPS, App
    from game.match.seats import Seat
    from game.match.session import Session
    from game.rules import GameConfig, StartOrder
    from game.scenes.table import TableScene
    from game.storage import Storage
    from game.ui.collector import SPARE

    frames: list[Frame] = []
    collections = Collections()
    with tempfile.TemporaryDirectory() as data:
        app = App(Storage(Path(data), environ={}), size=size, fullscreen=False)
        app.ctx.settings = app.ctx.settings.replace(cpu_pace="fast")
        names = ("Ada", "Max", "Zoe", "Ben")
        kinds = ("expert", "person" if person else "hard", "medium", "easy")
        seats = [Seat(n, k, colour=i) for i, (n, k) in enumerate(zip(names, kinds, strict=True))]
        session = Session.new(GameConfig(names, start=StartOrder.SEATED), seats, seed=1)
        if saving:  # as game.scenes.router opens a table
            session.on_change = app.ctx.save_session
            app.ctx.save_session(session)
        table = TableScene(app.ctx, session)
        app.start(table)  # settled, as a scene change is
        gc.callbacks.append(collections)
        moving = partial = flying = 0
        spare: list[float] = []  # ms of processor time of each full collection between frames
        try:
            for i in range(count):
                start, start_cpu = time.perf_counter(), time.thread_time()
                seen = Seen.of(app, table, collections.count)
                if person:
                    play_person(table)
                profiler = cProfile.Profile() if profile else None
                if profiler is not None:
                    profiler.enable()
                app.step(FRAME)
                app.draw()
                if profiler is not None:
                    profiler.disable()
                frame = Frame(
                    (time.perf_counter() - start) * 1000,
                    (time.thread_time() - start_cpu) * 1000,
                    profile=profiler,
                )
                frame.doing = seen.doing(app, table, collections.count, first=i == 0)
                frames.append(frame)
                moving += app.stack.animating
                partial += app.presented is not None
                flying += table.board.tray.rolling
                # A full collection when one is due, in the time the frame left, as the
                # game's loop makes it (game.ui.collector): no frame waits for it.
                spare_cpu = time.thread_time()
                if app.after_frame(time.perf_counter() - start < 1 / FPS - SPARE):
                    spare.append((time.thread_time() - spare_cpu) * 1000)
                # Work for the frames to come, in the time this one left, as the loop does it.
                between_cpu, in_time = time.thread_time(), time.perf_counter() < start + FRAME
                app.between_frames(start + FRAME)
                frame.between = (time.thread_time() - between_cpu) * 1000
                frame.late = in_time and time.perf_counter() > start + FRAME
                # Keep to the clock, as the game's clock.tick(60) does: the CPU players think
                # in their thread in real time, and a frame drawn in 0.3 ms must not race
                # ahead of them (fewer throws in the run, and a figure of another game).
                time.sleep(max(0.0005, FRAME - (time.perf_counter() - start)))
        finally:
            gc.callbacks.remove(collections)
            for scene in app.stack.scenes:
                scene.exit()
    counts = (
        f"{moving} frames animating, {flying} with dice in the air, {partial} redrawn only in"
        f" part, {session.state.turn} turns played, {len(spare)} full collections between"
        f" frames (slowest {max(spare, default=0):.2f} ms)"
    )
    ahead = table.board.canvas.ahead  # (game.ui.tray_ahead)
    counts += (
        f"\nframes: the tray's next frame composed between frames: taken by {ahead.used}"
        f" frames, not as foreseen in {ahead.missed} (drawn themselves)"
    )
    return frames, counts


@dataclass
class Seen:
    """The table before a frame, to tell what the frame did."""

    state: object
    rolling: bool
    hint: tuple[str, ...]
    banner: object
    tags: tuple[str, ...]
    made: tuple[int, int, int, int]
    collections: int

    @classmethod
    def of(cls, app: App, table: TableScene, collections: int) -> Seen:
        board = table.board
        return cls(
            table.session.state,
            board.tray.rolling,
            tuple(table.coach.hint_text),
            board.presenter.banner,
            board.column_tags(),
            board.tray.renderer.made,
            collections,
        )

    def doing(self, app: App, table: TableScene, collections: int, first: bool) -> list[str]:
        board, tray = table.board, table.board.tray
        doing = []
        if first:
            doing.append("scene change")
        if table.session.state is not self.state:
            doing.append("a CPU's move" if not board.person_to_play else "a move")
        if tray.rolling and not self.rolling:
            doing.append("roll")
        elif tray.rolling:
            doing.append("dice in the air")
        elif self.rolling:
            doing.append("landing")
        elif tray.animating:
            doing.append("dice drifting")
        if tuple(table.coach.hint_text) != self.hint:
            doing.append("hint")
        if board.presenter.banner is not self.banner:
            doing.append("banner")
        if board.column_tags() != self.tags:
            doing.append("win chances")
        if collections != self.collections:
            doing.append("full garbage collection")
        now = tray.renderer.made
        for before, after, what in zip(self.made, now, WHAT_WAS_MADE, strict=True):
            if after > before:
                doing.append(f"{after - before} {what}")
        doing.append("drawn whole" if app.presented is None else "drawn in part")
        return doing


def play_person(table: TableScene) -> None:
    """The person seat's move, when it is theirs and the table is ready: a hint, then what
    it says (hold its dice and roll, or score its box)."""
    from game.rules import Hold, Phase, Release, Roll, Score

    board, session, state = table.board, table.session, table.session.state
    if not board.person_to_play or board.animating or state.phase is not Phase.TURN:
        return
    if state.dice is None:
        table.act(Roll())
        return
    coach = table.coach
    if not coach.hint_text:
        table.show_hint()
        return
    if coach.hint_box is not None:
        table.act(Score(coach.hint_box))
        return
    for i, held in enumerate(state.held):
        if held != (i in coach.hint_keep):
            table.act(Release(i) if held else Hold(i))
            return
    table.act(Roll())
    del session


def report(frames: list[Frame]) -> list[str]:
    """The bench's lines for one run's frames."""
    lines = []
    flying = [f for f in frames if {"roll", "dice in the air"} & set(f.doing)]
    for label, chosen in (("all frames", frames), ("dice in the air", flying)):
        if not chosen:
            continue
        walls, cpus = [f.wall for f in chosen], [f.cpu for f in chosen]
        lines.append(f"frames: {label}: {figures(walls)} (60 fps budget {BUDGET:.1f} ms)")
        # Processor time of the drawing thread alone: what a frame costs, whatever else the
        # machine is doing (on a busy machine the clock also counts time waited).
        lines.append(f"frames: {label}, processor time: {figures(cpus)}")
        lines.append(f"frames: {label}, processor time: {budgets(cpus)}")
    if len(frames) > 1:  # the first frame draws the table whole after the scene change
        rest = frames[1:]
        lines.append(
            f"frames: slowest frame after the scene change: {max(f.cpu for f in rest):.2f} ms"
            f" processor, {max(f.wall for f in rest):.2f} ms wall (aim: none over"
            f" {2 * BUDGET:.1f} ms); the first {frames[0].cpu:.2f} ms"
        )
    working = [f.between for f in frames if f.between >= WORKED]
    late = sum(f.late for f in frames)
    lines.append(
        f"frames: work between frames (processor time, in the time a frame left): after"
        f" {len(working)} frames, mean {statistics.mean(working) if working else 0:.2f} ms,"
        f" slowest {max(working, default=0):.2f} ms; made the next frame start late {late}"
        f" times (aim: none)"
    )
    cpus = sorted(f.cpu for f in frames)
    slow = [f for f in frames if f.cpu > 2 * median(cpus)]
    kinds = Counter(kind(thing) for f in slow for thing in f.doing)
    told = ", ".join(f"{name} {n}" for name, n in kinds.most_common())
    lines.append(f"frames: {len(slow)} over twice the median, doing: {told or 'nothing'}")
    ranked = sorted(range(len(frames)), key=lambda i: frames[i].cpu, reverse=True)
    lines.append("frames: the slowest, processor time (wall):")
    for i in ranked[:SLOWEST]:
        f = frames[i]
        lines.append(f"  frame {i}: {f.cpu:.2f} ms ({f.wall:.2f} ms): {', '.join(f.doing)}")
    return lines


def profile_report(frames: list[Frame], top: int) -> list[str]:
    """The `top` functions with the most time of their own, and with the most time under
    them, in the frames (after the first) over twice the median, per slow frame."""
    rest = frames[1:]
    cut = 2 * median(sorted(f.cpu for f in rest)) if rest else 0.0
    slow = [f.profile for f in rest if f.cpu > cut and f.profile is not None]
    if not slow:
        return ["frames: profile: no slow frame profiled"]
    stats = pstats.Stats(slow[0], stream=io.StringIO())
    for more in slow[1:]:
        stats.add(more)
    rows = [
        (f.tottime, f.cumtime, _calls(f.ncalls), _where(f.file_name, f.line_number, name))
        for name, f in stats.get_stats_profile().func_profiles.items()
    ]
    n = len(slow)
    lines = [
        f"frames: profile of the {n} frames over twice the median (profiled times), per frame:"
    ]
    for label, index in (("own time", 0), ("time under", 1)):
        lines.append(f"  most {label}:")
        for row in sorted(rows, key=lambda r: r[index], reverse=True)[:top]:
            own, under, calls, where = row
            lines.append(
                f"    {under * 1000 / n:6.2f} ms under, {own * 1000 / n:6.2f} ms own,"
                f" {calls / n:7.1f} calls: {where}"
            )
    return lines


def _calls(ncalls: str) -> int:
    """pstats' call count ("12", or "14/12" for recursive calls: all of them)."""
    return int(ncalls.split("/")[0])


def _where(path: str, line: int, name: str) -> str:
    """A profiled function's name as `path:line(name)`, the path from `game/` on."""
    if "/game/" in path:
        path = "game/" + path.rsplit("/game/", 1)[1]
    return f"{path}:{line}({name})" if line else name


def kind(doing: str) -> str:
    """What a frame did, without its count ("images drawn anew")."""
    return doing.split(" ", 1)[1] if doing[0].isdigit() else doing


def figures(times: list[float]) -> str:
    ordered = sorted(times)
    return (
        f"mean {statistics.fmean(ordered):.2f} ms, median {median(ordered):.2f} ms,"
        f" p99 {p99(ordered):.2f} ms, max {ordered[-1]:.2f} ms"
    )


def budgets(times: list[float]) -> str:
    ordered = sorted(times)
    over_60 = sum(t > BUDGET for t in ordered)
    over_120 = sum(t > FAST_BUDGET for t in ordered)
    return (
        f"p99 / median {p99(ordered) / max(median(ordered), 1e-9):.2f}, over the 60 Hz budget"
        f" {over_60}, over the 120 Hz budget {over_120}, over twice the 60 Hz budget"
        f" {sum(t > 2 * BUDGET for t in ordered)}"
    )


def median(ordered: list[float]) -> float:
    return ordered[len(ordered) // 2]


def p99(ordered: list[float]) -> float:
    return ordered[max(0, int(len(ordered) * 0.99) - 1)]
