"""How long a throw takes to watch: from the key to the first die out of the cup, to a
readable result, and to dice lying still.

    python -m game.tools.bench throws [--throws 300] [--size 1280x800]

Steps the real dice tray headlessly at 60 frames a second, in animation time (not wall time: a
busy machine does not change the figures), over seeded throws of all five dice at normal speed:
"the first die out" is the first frame that shows a die out of the cup, "key to result" when
the throw is over and the table tells what it shows, "key to still" the first frame from which
nothing the tray draws moves any more (the dice, in their tidy row or where they fell, and the
cup back upright). Prints the median and 95th percentile of each.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from typing import NamedTuple

FRAME = 1 / 60  # s of animation per step
LIMIT = 10.0  # s: a throw not still by then is counted at this (a bug to see, not to hang on)


class ThrowTimes(NamedTuple):
    """Seconds from the key, one figure per throw: to the first die out of the cup, to the
    result told, and to the dice lying still."""

    first_out: list[float]
    result: list[float]
    still: list[float]


def throw_times(
    throws: int = 300, size: tuple[int, int] = (1280, 800), seed: int = 0, speed: float = 1.0
) -> ThrowTimes:
    """The figures of `throws` seeded throws of five dice at `size`."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from game.anim.die import PouredOut
    from game.ui.dice_tray import DiceTray
    from game.ui.layout import table_layout
    from game.ui.tray_view import drawn_state

    rng = random.Random(seed)
    layout = table_layout(size, 4)
    times = ThrowTimes([], [], [])
    for _k in range(throws):
        tray = DiceTray(seed=rng.randrange(2**30))
        tray.set_layout(layout)
        faces = tuple(rng.randint(1, 6) for _ in range(5))
        tray.roll(faces, (True,) * 5, speed)
        out: float | None = None
        told, still, t = None, 0.0, 0.0
        last = drawn_state(tray.model)
        while t < LIMIT:
            events = tray.update(FRAME)
            t += FRAME
            if out is None and any(isinstance(event, PouredOut) for event in events):
                out = t  # the first frame that shows a die out of the cup
            if told is None and not tray.rolling:
                told = t
            now = drawn_state(tray.model)
            if now != last:
                still = t  # something moved in this frame
            last = now
            if told is not None and not tray.animating and t - still > 0.5:
                break
        tray.close()
        times.first_out.append(out if out is not None else LIMIT)
        times.result.append(told if told is not None else LIMIT)
        times.still.append(still)
    return times


def summary(times: list[float]) -> str:
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]
    return f"median {statistics.median(ordered):.2f} s, p95 {p95:.2f} s"


def report(throws: int = 300, size: tuple[int, int] = (1280, 800)) -> list[str]:
    """The timing lines for `throws` seeded throws at `size`."""
    times = throw_times(throws, size)
    return [
        f"key to the first die out of the cup: {summary(times.first_out)}",
        f"key to result: {summary(times.result)}",
        f"key to still: {summary(times.still)}",
    ]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.tools.bench throws")
    parser.add_argument("--throws", type=int, default=300)
    parser.add_argument("--size", default="1280x800")
    args = parser.parse_args(argv)
    size = tuple(int(v) for v in args.size.split("x"))
    start, start_cpu = time.perf_counter(), time.process_time()
    lines = report(args.throws, (size[0], size[1]))
    wall, cpu = time.perf_counter() - start, time.process_time() - start_cpu
    print(f"throws: {args.throws} throws of five dice at {size[0]}x{size[1]}, animation time")
    for line in lines:
        print(line)
    print(f"throws: simulated in {wall:.1f} s wall, {cpu:.1f} s processor time")
    return 0
