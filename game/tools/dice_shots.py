"""Pictures of the dice to judge them by eye: one throw as a filmstrip, and every face close up.

    python -m game.tools.snapshot OUT_DIR --only filmstrip,faces

`filmstrip` plays a seeded roll on the real table (at 1280x720, or the sizes given with
`--film`) and tiles frames of the tray, from the key to the dice lying in their row: every
other frame of the first fifth of a second (the shake, the tip, the first die out of the
cup), then the throw, the landing and the tidy slide. `faces` draws each face at rest at
48 px and at 200 px, seen from straight above and from the side of the table, in the standard
and the high-contrast palettes, on felt.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pygame

    from game.match.session import Session
    from game.scenes.context import Context

FILM_SIZE = (1280, 720)
FRAMES = 16
FIRST = 6  # frames from the key shown one by one (at 60 a second): the shake and the tip
COLUMNS = 4
CLOSE_UPS = (48, 200)  # px


def render(
    name: str,
    out_dir: Path,
    films: tuple[tuple[int, int], ...],
    make_context: Callable[[Path, tuple[int, int]], tuple[Context, pygame.Surface]],
    demo_session: Callable[[], Session],
) -> list[Path]:
    """The close-ups (`faces`), or the filmstrip at each of `films` (else at 1280x720), with
    the snapshot tool's context and seeded match."""
    import tempfile

    import pygame

    if name == "faces":
        pygame.init()
        return closeups(out_dir)
    paths = []
    for size in films or (FILM_SIZE,):
        with tempfile.TemporaryDirectory() as data:
            ctx, screen = make_context(Path(data), size)
            paths.append(filmstrip(ctx, screen, out_dir, demo_session))
            while ctx.stack.scenes:
                ctx.stack.scenes.pop().exit()
    return paths


def filmstrip(
    ctx: Context, screen: pygame.Surface, out_dir: Path, demo_session: Callable[[], Session]
) -> Path:
    """FRAMES frames of one throw, left to right, top to bottom, on the table of the seeded
    match `demo_session()` makes, at the window's size: every other frame of the first
    2 * FIRST, then the rest of the roll spread evenly."""
    import pygame

    from game.rules import Roll
    from game.scenes.table import TableScene

    table = TableScene(ctx, demo_session())
    ctx.stack.push(table)
    ctx.stack.apply_pending()
    table.act(Roll())
    frames: list[pygame.Surface] = []
    tray = table.board.tray
    step = 1 / 60
    # The whole roll: the shake, the throw, the grace after landing and the drift to the row.
    length = 0
    while tray.animating and length < 600:
        table.update(step)
        length += 1
    table.board.tray.sync(None)
    ctx.stack.scenes.pop().exit()

    table = TableScene(ctx, demo_session())
    ctx.stack.push(table)
    ctx.stack.apply_pending()
    table.act(Roll())
    rest = FRAMES - FIRST
    wanted = {2 * i for i in range(FIRST)} | {
        2 * FIRST + round(i * (length - 1 - 2 * FIRST) / (rest - 1)) for i in range(rest)
    }
    crop = table.board.lay.tray
    for frame in range(length):
        if frame in wanted:
            ctx.stack.draw(screen)
            frames.append(screen.subsurface(crop).copy())
        table.update(step)
    rows = math.ceil(len(frames) / COLUMNS)
    sheet = pygame.Surface((crop.width * COLUMNS + COLUMNS - 1, crop.height * rows + rows - 1))
    sheet.fill((0, 0, 0))
    for i, image in enumerate(frames):
        sheet.blit(image, ((crop.width + 1) * (i % COLUMNS), (crop.height + 1) * (i // COLUMNS)))
    width, height = screen.get_size()
    path = out_dir / f"filmstrip-{width}x{height}.png"
    pygame.image.save(sheet, str(path))
    return path


def closeups(out_dir: Path) -> list[Path]:
    """Each face at rest, at each close-up size."""
    import pygame

    from game.anim.die import flat_turn
    from game.ui.palette import HIGH_CONTRAST_DICE, STANDARD_DICE
    from game.ui.raster import blit_faded
    from game.ui.theme import HIGH_CONTRAST, STANDARD
    from game.ui.tray_view import TrayRenderer

    paths = []
    renderer = TrayRenderer()
    for size in CLOSE_UPS:
        cell = round(size * 1.9)
        sheet = pygame.Surface((cell * 6, cell * 4))
        rows = [
            (STANDARD_DICE, STANDARD.felt, 0.0),
            (STANDARD_DICE, STANDARD.felt, 3.0),
            (HIGH_CONTRAST_DICE, HIGH_CONTRAST.felt, 0.0),
            (HIGH_CONTRAST_DICE, HIGH_CONTRAST.felt, 3.0),
        ]
        for row, (palette, felt, aside) in enumerate(rows):
            sheet.fill(felt, (0, row * cell, cell * 6, cell))
            for face in range(1, 7):
                centre = (cell * face - cell / 2, row * cell + cell / 2)
                # Seen from straight above, or from `aside` die sizes down the table.
                view = (centre[0], centre[1] - aside * size)
                turn = flat_turn(face, 0.0 if aside == 0.0 else 7.0)
                heading = 0.0 if aside == 0.0 else 7.0
                for image, rect, alpha in renderer.dice.shadow_images(
                    centre, size, heading, 0.0, palette
                ):
                    blit_faded(sheet, image, rect, alpha)
                renderer.model(size).draw(sheet, centre, size, turn, palette, view=view)
        path = out_dir / f"faces-{size}px.png"
        pygame.image.save(sheet, str(path))
        paths.append(path)
    return paths
