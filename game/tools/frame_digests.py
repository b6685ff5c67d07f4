"""Every frame of seeded table scenarios as digests, to show that a change to how the table
is drawn (or how the dice move) changes nothing a player sees, or exactly what it changes.

    python -m game.tools.frame_digests OUT.json [--quick]
    python -m game.tools.frame_digests --compare BEFORE.json AFTER.json

Each scenario is a real App over a throwaway data folder with person seats only (no CPU
thread: every frame follows from the seed) at a window size, tidy or untidy dice, standard or
high contrast, one to three players with start rolls: rolls, holds, a roll right after a hold,
releases and scores, with frames at 1/60 s until the table is still. For every frame: the
sha1 of the window's pixels as the App shows them (its partial redraws included) and every
die's pose. Run it on two checkouts (PYTHONPATH=OTHER_TREE python path/to/this/file OUT) and
compare: the count of frames compared and of those identical, and the first frame that
differs in each scenario. Still dice's images are made in the frame that shows them (none
made ahead on a thread), so that the pixels follow from the seed alone. After each frame the
table has unhurried time between frames (App.between_frames), so that what the frames to
come take from the work done there is always taken; every frame of moving dice whose images
are made is composed ahead there (game.ui.tray_ahead).
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import os
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

STEP = 1 / 60
BETWEEN = 1.0  # s given to the work between frames: all of it is done
PLANS = (  # window size, seeds
    ((640, 480), (1, 2, 3)),
    ((1280, 800), (1, 2, 3, 4)),
    ((1920, 1080), (5, 6)),
    ((3840, 2160), (7,)),
)
KINDS = ((True, False, 1), (False, False, 2), (True, True, 3))  # tidy, high contrast, players
Frames = list[tuple[str, str]]


def scenario(size: tuple[int, int], seed: int, tidy: bool, contrast: bool, players: int) -> Frames:
    """The digests of one scenario's frames."""
    import pygame

    from game.app import App
    from game.match.seats import Seat
    from game.match.session import Session
    from game.rules import GameConfig, Hold, Phase, Release, Roll, Score, StartOrder
    from game.scenes.table import TableScene
    from game.storage import Storage

    frames: Frames = []
    steady = _stills_in_frame()
    with steady, tempfile.TemporaryDirectory(prefix="frame-digests-") as data:
        app = App(Storage(Path(data), environ={}), size=size, fullscreen=False)
        app.ctx.apply_settings(app.ctx.settings.replace(tidy_dice=tidy, high_contrast=contrast))
        names = ("Ann", "Bo", "Cy")[:players]
        seats = [Seat(n, "person", colour=i) for i, n in enumerate(names)]
        start = StartOrder.ROLL_OFF if players > 1 else StartOrder.SEATED
        session = Session.new(GameConfig(names, start=start), seats, seed=seed)
        table = TableScene(app.ctx, session)
        app.start(table)

        def frame() -> None:
            app.step(STEP)
            app.draw()
            pixels = hashlib.sha1(pygame.image.tobytes(app.screen, "RGB")).hexdigest()
            dice = table.board.tray.dice
            frames.append((pixels, repr([(d.x, d.y, d.lift, tuple(d.turn)) for d in dice])))
            app.between_frames(time.perf_counter() + BETWEEN)

        def settle() -> None:
            frame()
            for _ in range(400):
                if not app.stack.animating:
                    break
                frame()
            for _ in range(3):
                frame()

        settle()
        while session.state.phase is Phase.ROLL_OFF:
            table.act(Roll())
            settle()
        for _turn in range(2 * players):
            if session.state.phase is not Phase.TURN:
                break
            table.act(Roll())
            settle()
            table.act(Hold(0))
            frame()
            frame()
            table.act(Hold(2))
            for _ in range(8):
                frame()
            for action in (Roll(), Release(0), Roll()):  # a roll right after a hold
                table.act(action)
                settle()
            options = session.state.score_options()
            table.act(Score(max(options, key=lambda c: (options[c], -c.value))))
            settle()
        for scene in app.stack.scenes:
            scene.exit()
    return frames


@contextlib.contextmanager
def _stills_in_frame() -> Iterator[None]:
    """Every still die's image made in the frame that shows it (none made ahead on a thread,
    game.ui.stills), so that the pixels follow from the seed alone; as it was after."""
    from game.scenes.table import board

    if not hasattr(board, "STILLS_PER_FRAME"):  # a checkout from before stills: nothing to do
        yield
        return
    was, board.STILLS_PER_FRAME = board.STILLS_PER_FRAME, None
    try:
        yield
    finally:
        board.STILLS_PER_FRAME = was


def record(out: Path, quick: bool) -> None:
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    found: dict[str, Frames] = {}
    for size, seeds in PLANS:
        for seed in seeds[:1] if quick else seeds:
            for tidy, contrast, players in KINDS:
                name = f"{size[0]}x{size[1]} seed {seed} tidy {tidy} contrast {contrast}"
                found[f"{name} players {players}"] = scenario(size, seed, tidy, contrast, players)
                print(name, players, len(found[f"{name} players {players}"]), flush=True)
    out.write_text(json.dumps(found))


def compare(before: Path, after: Path) -> int:
    """Print how many frames are the same; 0 when all are."""
    a, b = json.loads(before.read_text()), json.loads(after.read_text())
    total = same_pixels = same_poses = 0
    for name in (n for n in a if n in b):
        first_pixels = first_pose = None
        if len(a[name]) != len(b[name]):
            print(f"{name}: {len(a[name])} frames before, {len(b[name])} after")
        for k, (x, y) in enumerate(zip(a[name], b[name], strict=False)):
            total += 1
            same_pixels += x[0] == y[0]
            same_poses += x[1] == y[1]
            if x[0] != y[0] and first_pixels is None:
                first_pixels = k
            if x[1] != y[1] and first_pose is None:
                first_pose = k
        if first_pixels is not None or first_pose is not None:
            print(f"{name}: first frame differing in pixels {first_pixels}, in poses {first_pose}")
    scenarios = len([n for n in a if n in b])
    print(
        f"{scenarios} scenarios, {total} frames compared: {same_pixels} pixel-identical,"
        f" {same_poses} with identical die poses"
    )
    return 0 if same_pixels == same_poses == total else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.tools.frame_digests")
    parser.add_argument("paths", nargs="+", type=Path)
    parser.add_argument("--quick", action="store_true", help="one seed a size")
    parser.add_argument("--compare", action="store_true", help="compare two digest files")
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    if args.compare:
        if len(args.paths) != 2:
            parser.error("--compare takes two digest files")
        return compare(*args.paths)
    if len(args.paths) != 1:
        parser.error("one file to write the digests to")
    record(args.paths[0], args.quick)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
