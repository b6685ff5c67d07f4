"""How long a CPU turn takes to watch at a pace: its rolls, holds and choice, key to key.

    python -m game.tools.bench cpu_turns [--turns 24] [--pace normal] [--level medium]

Plays two CPU seats of `--level` on the real table scene (headless, 60 frames a second of
animation time, not wall time: a busy machine does not change the figures; the CPU's
thinking, which runs on its thread while the table waits, is not counted), from the first
turn, and times each turn from its start to the next one's. Prints the median, the range and
the rolls per turn, with the processor time and load beside them.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path

FRAME = 1 / 60  # s of animation per step
LIMIT = 60.0  # s: a turn not over by then is counted at this (a bug to see, not to hang on)


def turn_times(
    turns: int = 24, pace: str = "normal", level: str = "medium", seed: int = 1
) -> list[tuple[float, int]]:
    """Seconds each of the first `turns` CPU turns takes to watch, and its number of rolls."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.match.seats import Seat
    from game.match.session import Session
    from game.rules import GameConfig, Phase, StartOrder
    from game.rules.actions import Action, Roll
    from game.rules.events import Event
    from game.scenes.table import TableScene
    from game.tools import snapshot

    found: list[tuple[float, int]] = []
    with tempfile.TemporaryDirectory(prefix="bench-cpu-") as folder:
        ctx, _screen = snapshot.make_context(Path(folder), (1280, 800))
        ctx.settings = ctx.settings.replace(cpu_pace=pace)
        names = ("Ada", "Max")
        seats = [Seat(name, level, colour=i) for i, name in enumerate(names)]
        config = GameConfig(names, start=StartOrder.SEATED)
        session = Session.new(config, seats, seed=seed)
        table = TableScene(ctx, session)
        ctx.stack.push(table)
        ctx.stack.apply_pending()
        clock, began = 0.0, 0.0
        rolls = [0]
        apply = session.apply

        def counted(action: Action) -> list[Event]:
            rolls[0] += isinstance(action, Roll)
            return apply(action)

        session.apply = counted  # type: ignore[method-assign]  # counts the rolls
        moment = (session.state.turn, session.state.player)
        while len(found) < turns and session.state.phase is not Phase.GAME_OVER:
            future = table.board.cpu.future
            if future is not None:
                future.result(timeout=LIMIT)  # thinking: waited for, not counted
            ctx.stack.update(FRAME)
            ctx.stack.apply_pending()
            clock += FRAME
            now = (session.state.turn, session.state.player)
            if now != moment or clock - began > LIMIT:
                found.append((clock - began, rolls[0]))
                moment, began, rolls[0] = now, clock, 0
        while ctx.stack.scenes:
            ctx.stack.scenes.pop().exit()
    return found


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.tools.bench cpu_turns")
    parser.add_argument("--turns", type=int, default=24)
    parser.add_argument("--pace", default="normal")
    parser.add_argument("--level", default="medium")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    wall, cpu = time.perf_counter(), time.process_time()
    found = turn_times(args.turns, args.pace, args.level, args.seed)
    seconds = sorted(s for s, _rolls in found)
    rolls = statistics.mean(r for _s, r in found)
    print(
        f"CPU turn at pace {args.pace!r} ({args.level}, {len(found)} turns, seed {args.seed}): "
        f"median {statistics.median(seconds):.2f} s, {seconds[0]:.2f}-{seconds[-1]:.2f} s, "
        f"{rolls:.1f} rolls a turn"
    )
    print(
        f"wall {time.perf_counter() - wall:.1f} s, processor {time.process_time() - cpu:.1f} s, "
        f"load {os.getloadavg()[0]:.2f}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main(__import__("sys").argv[1:]))
