"""A soak: whole games played one after another in one process, and the memory it keeps;
or an input storm in a window, and the memory that keeps.

    python -m game.tools.soak --games 200 [--every 25] [--players expert,hard]
                              [--animations fast] [--size 1280x720] [--display] [--trace]
    python -m game.tools.soak --storm 60 [--display] [--size 1280x720] [--trace]

The real app (its scenes, the table with its dice tray and CPU driver, the presenter, the
win chances, the results screen and Play again, the storage filing every game) plays CPU
seats at the fast pace, frame after frame as fast as the machine draws them (game time moves
1/60 s a frame, as at 60 fps), on the dummy video driver unless --display. It prints the
resident memory (RSS) at the start, every `--every` games and at the end, with the games in
the records against the games finished, and the processor and wall time with the load.
A game that keeps something per game shows as RSS that grows with every line; what the game
only caches levels off. `--trace` adds, at each line, the ten places whose Python
allocations grew most since the line before (tracemalloc; slower).

`--storm SECONDS` runs the app's own loop at 60 frames a second for that long, from the title,
with a storm of random input each frame (keys, typed text, moves, clicks and wheel turns
anywhere in the window, six events a frame, seeded), as a player mashing keys and the mouse
would; a request to quit is refused, so the storm goes on through every scene it finds. RSS
is printed every five seconds, and once more after the storm, the app left alone for three
seconds (it gives back memory when nothing moves, as in the game).
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.app import App

FRAME = 1 / 60  # s of game time a frame
YIELD = 0.002  # s the soak naps in a still frame, so a CPU player's thread is not starved
MAX_GAME = 600.0  # s of wall time one game may take: stuck
MIB = 1024 * 1024


def rss_mib() -> float:
    """This process's resident memory now, in MiB (the peak where /proc is missing)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (MIB if sys.platform == "darwin" else 1024)


def load() -> str:
    try:
        return " ".join(f"{value:.2f}" for value in os.getloadavg())
    except OSError:
        return "?"


class Growth:
    """With --trace, the ten places whose Python allocations grew most since the last line."""

    def __init__(self, on: bool) -> None:
        if on:
            tracemalloc.start()
        self.snapshot = tracemalloc.take_snapshot() if on else None

    def say(self) -> None:
        if self.snapshot is None:
            return
        now = tracemalloc.take_snapshot()
        for stat in now.compare_to(self.snapshot, "lineno")[:10]:
            where = stat.traceback[0]
            print(
                f"    {stat.size_diff / 1024:+9.1f} KiB {stat.count_diff:+7d} blocks  "
                f"{where.filename}:{where.lineno}"
            )
        self.snapshot = now


STORM_EVENTS = 6  # random input events a frame
STORM_LINE = 5.0  # s between two lines of a storm
STORM_IDLE = 3.0  # s the app is left alone after the storm


def storm_events(rng: random.Random, size: tuple[int, int]) -> list[object]:
    """One frame's random input: keys with their text, moves, clicks, wheel turns."""
    import pygame

    keys = [
        *range(pygame.K_a, pygame.K_z + 1),
        *range(pygame.K_0, pygame.K_9 + 1),
        pygame.K_SPACE, pygame.K_RETURN, pygame.K_ESCAPE, pygame.K_TAB, pygame.K_BACKSPACE,
        pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT,
        *range(pygame.K_F1, pygame.K_F10 + 1),
    ]  # fmt: skip
    events: list[object] = []
    for _ in range(STORM_EVENTS):
        kind = rng.random()
        pos = (rng.randrange(size[0]), rng.randrange(size[1]))
        if kind < 0.45:
            key = rng.choice(keys)
            mod = pygame.KMOD_LSHIFT if rng.random() < 0.1 else 0
            text = chr(key) if 32 <= key < 127 else ""
            events.append(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=text))
            if text:
                events.append(pygame.event.Event(pygame.TEXTINPUT, text=text))
            events.append(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode=text))
        elif kind < 0.8:
            rel = (rng.randint(-40, 40), rng.randint(-40, 40))
            events.append(
                pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=rel, buttons=(0, 0, 0))
            )
        elif kind < 0.95:
            button = rng.choice((1, 1, 1, 3))
            for down in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
                events.append(pygame.event.Event(down, pos=pos, button=button))
        else:
            events.append(
                pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice((-1, 1)), flipped=False)
            )
    return events


def storm(seconds: float, size: tuple[int, int], trace: bool) -> int:
    """The app's own frames for `seconds`, with random input in each (see the docstring)."""
    import pygame

    from game.app import IDLE_NAP, MAX_DT, App
    from game.scenes.router import preload
    from game.storage import Storage

    rng = random.Random(1)
    refused: list[int] = []
    with tempfile.TemporaryDirectory(prefix="yahtzee-storm-") as data:
        app = App(Storage(Path(data), environ={}), size=size, fullscreen=False)
        app.stop = lambda: refused.append(1)  # type: ignore[method-assign]  # the storm goes on
        app.ctx.quit = app.stop
        app.start()
        preload().join()  # every module in, as a minute at the title would have it
        growth = Growth(trace)
        print(
            f"storm: {seconds:.0f} s at {size[0]}x{size[1]}, {STORM_EVENTS} events a frame; "
            f"load {load()}"
        )
        print(f"start       RSS {rss_mib():7.1f} MiB")
        clock = pygame.time.Clock()
        start = time.monotonic()
        line, frames, sent = start + STORM_LINE, 0, 0
        while time.monotonic() - start < seconds:
            dt = min(clock.tick(60) / 1000, MAX_DT)
            if app.stack.top is None:
                app.start()  # the title was left (Esc): the game would have closed
            events = pygame.event.get() + storm_events(rng, app.stack.size)
            sent += len(events)
            app._guarded(app._frame, events, dt)
            app.after_frame(spare=True)  # the collector's moment, as App.run has it
            frames += 1
            if time.monotonic() >= line:
                line += STORM_LINE
                top = type(app.stack.top).__name__
                print(
                    f"{time.monotonic() - start:5.0f} s     RSS {rss_mib():7.1f} MiB  ({frames} "
                    f"frames, {sent} events, on {top} of {len(app.stack.scenes)} scenes, "
                    f"{len(refused)} quits refused)"
                )
                growth.say()
        # The storm over: the app naps as it does when nothing moves, and gives back.
        for _ in range(int(STORM_IDLE / IDLE_NAP)):
            time.sleep(IDLE_NAP)
            app.memory.idle()
            app._guarded(app._frame, pygame.event.get(), 0.0)
        print(f"idle {STORM_IDLE:.0f} s   RSS {rss_mib():7.1f} MiB  (the storm over)")
        app.shutdown()
    print(f"end         RSS {rss_mib():7.1f} MiB  ({app.failures} frames failing at the end)")
    return 0


def play_game(app: App, number: int) -> int | None:
    """Frames as App.run plays them until the results show: how many, or None (said) when
    game `number` did not end in MAX_GAME seconds."""
    from game.scenes.results import ResultsScene

    played, began = 0, time.monotonic()
    while not isinstance(app.stack.top, ResultsScene):
        app.step(FRAME)
        thinking = getattr(app.stack.top, "cpu_future", None)
        if thinking is not None and not thinking.done():
            time.sleep(YIELD)  # a CPU player thinks in its thread: no frame to play
        elif app.dirty or app.stack.animating:  # as App.run: a still frame is kept
            app.draw()
        else:
            time.sleep(YIELD)  # nothing moves
        app.after_frame(spare=True)  # the collector's moment, as App.run has it
        played += 1
        if time.monotonic() - began > MAX_GAME:
            print(f"game {number} did not end in {MAX_GAME:.0f} s")
            return None
    return played


def arguments() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m game.tools.soak")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--every", type=int, default=25, help="a line every this many games")
    parser.add_argument("--players", default="expert,hard", help="CPU levels at the table")
    parser.add_argument(
        "--animations", default="fast", choices=("normal", "fast", "instant"), help="speed"
    )
    parser.add_argument("--size", default="1280x720")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--display", action="store_true", help="use the real display")
    parser.add_argument("--trace", action="store_true", help="where Python memory grew")
    parser.add_argument("--storm", type=float, metavar="SECONDS", help="an input storm instead")
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = arguments()
    args = parser.parse_args(argv)
    if not args.display:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("YAHTZEE_SPEECH", "off")
    try:
        size = tuple(int(v) for v in args.size.lower().split("x"))
        width, height = size
    except ValueError:
        parser.error(f"--size takes WIDTHxHEIGHT, not {args.size!r}")
    if args.storm:
        return storm(args.storm, (width, height), args.trace)

    from game.app import App
    from game.match.seats import Seat
    from game.match.session import Session
    from game.rules import GameConfig, StartOrder
    from game.scenes.results import ResultsScene
    from game.storage import Storage

    levels = [level.strip() for level in args.players.split(",") if level.strip()]
    names = tuple(f"Cpu {i + 1}" for i in range(len(levels)))
    seats = [Seat(n, k, colour=i) for i, (n, k) in enumerate(zip(names, levels, strict=True))]
    config = GameConfig(names, start=StartOrder.SEATED)
    with tempfile.TemporaryDirectory(prefix="yahtzee-soak-") as data:
        storage = Storage(Path(data), environ={})
        app = App(storage, size=(width, height), fullscreen=False)
        app.ctx.settings = app.ctx.settings.replace(
            cpu_pace="fast", fast_cpu=True, animation_speed=args.animations
        )
        app.start()  # the title, then the table as New game opens it (saved at every action)
        app.ctx.nav.table(Session.new(config, seats, seed=args.seed))
        app.stack.apply_pending()
        app.after_frame(spare=True)  # the table shown: as App.run does after a scene change
        growth = Growth(args.trace)
        start_wall, start_cpu = time.perf_counter(), time.process_time()
        print(
            f"soak: {args.games} games of {', '.join(levels)} at {width}x{height}, "
            f"animations {args.animations}; load {load()}"
        )
        print(f"start       RSS {rss_mib():7.1f} MiB")
        finished = frames = 0
        while finished < args.games:
            played = play_game(app, finished + 1)
            if played is None:
                return 1
            frames += played
            finished += 1
            results = app.stack.top
            assert isinstance(results, ResultsScene)  # where play_game stops
            app.memory.idle()  # the results stand still a while: the app's idle moment
            if finished % args.every == 0 or finished == args.games:
                records = len(storage.list_history())
                wall = time.perf_counter() - start_wall
                cpu = time.process_time() - start_cpu
                print(
                    f"games {finished:4d}  RSS {rss_mib():7.1f} MiB  records {records:4d} of "
                    f"{finished:4d} finished  ({frames} frames, {wall:.0f} s wall, "
                    f"{cpu:.0f} s processor, load {load()})"
                )
                growth.say()
            if finished < args.games:
                results.play_again()  # the results' own button: a new game, same table
                app.step(FRAME)
        for scene in reversed(app.stack.scenes):
            scene.exit()
        records = len(storage.list_history())
        storage.close()
    print(f"end         RSS {rss_mib():7.1f} MiB  records {records} of {finished} finished")
    return 0 if records == finished else 1


if __name__ == "__main__":
    raise SystemExit(main())
