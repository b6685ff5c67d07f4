"""Who the window says it is: its class (so a dock groups it with the menu entry) and its icon.

Desktops match a window to its launcher by the window's class: X11's WM_CLASS, Wayland's
app id. SDL takes them from SDL_VIDEO_X11_WMCLASS / SDL_VIDEO_WAYLAND_WMCLASS (read when the
video driver starts and the window is made), so `claim_class()` must run before pygame's
display is initialised. The installed `.desktop` file (packaging/linux/) names the same class
in StartupWMClass; a test holds them equal.

The icon is one drawing, `draw_icon(size)`: a red die showing five, on a transparent ground,
drawn in code at any size. The game sets it as the window's icon at run time
(`set_window_icon()`, before the window opens), and the bundle build writes it as PNG at the
hicolor sizes (`write_icons`).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable, MutableMapping
from pathlib import Path

import pygame

WM_CLASS = "yahtzee-table"  # the window's class; the .desktop file's StartupWMClass
APP_ID = "io.github.yahtzee_table.YahtzeeTable"  # the AppStream id (metainfo, .desktop name)
ICON_NAME = APP_ID  # the icon's name in the hicolor theme
CLASS_VARIABLES = ("SDL_VIDEO_X11_WMCLASS", "SDL_VIDEO_WAYLAND_WMCLASS")
ICON_SIZES = (16, 22, 24, 32, 48, 64, 128, 256, 512)  # px: what hicolor themes hold
WINDOW_ICON_SIZE = 64  # px: the window manager scales it for the task bar and alt-tab

FACE = (206, 38, 48)  # the die's red
EDGE = (120, 14, 22)  # its darker rim
PIP = (250, 248, 240)  # ivory pips
SUPERSAMPLE = 4  # drawn this many times larger, then smoothed down: round edges at 16 px
FIVE = ((0.28, 0.28), (0.72, 0.28), (0.5, 0.5), (0.28, 0.72), (0.72, 0.72))  # pip centres


def claim_class(environ: MutableMapping[str, str] | None = None) -> None:
    """Name the window's class for SDL, unless the person starting the game named one.

    `import pygame` itself sets SDL_VIDEO_X11_WMCLASS to the script's name ("main.py") when
    it finds a DISPLAY: that default is replaced too.
    """
    environ = os.environ if environ is None else environ
    pygames_default = os.path.basename(sys.argv[0]) if sys.argv else ""
    for name in CLASS_VARIABLES:
        if environ.get(name, "") in ("", pygames_default):
            environ[name] = WM_CLASS


def draw_icon(size: int) -> pygame.Surface:
    """The icon, `size` px square with an alpha channel: a rounded red die showing five."""
    if size < 8:
        raise ValueError(f"an icon is at least 8 px, not {size}")
    big = size * SUPERSAMPLE
    canvas = pygame.Surface((big, big), pygame.SRCALPHA)
    margin = round(big * 0.06)
    body = pygame.Rect(margin, margin, big - 2 * margin, big - 2 * margin)
    radius = round(body.width * 0.2)
    pygame.draw.rect(canvas, EDGE, body, border_radius=radius)
    rim = max(SUPERSAMPLE, round(body.width * 0.05))
    pygame.draw.rect(canvas, FACE, body.inflate(-2 * rim, -2 * rim), border_radius=radius - rim)
    pip = round(body.width * 0.1)
    for fx, fy in FIVE:
        centre = (body.left + round(fx * body.width), body.top + round(fy * body.height))
        pygame.draw.circle(canvas, PIP, centre, pip)
    return pygame.transform.smoothscale(canvas, (size, size))


def set_window_icon() -> None:
    """The icon for the window to come (call before pygame.display.set_mode)."""
    pygame.display.set_icon(draw_icon(WINDOW_ICON_SIZE))


def write_icons(folder: Path, sizes: Iterable[int] = ICON_SIZES) -> list[Path]:
    """The icon as PNGs in a hicolor tree: folder/<n>x<n>/apps/<ICON_NAME>.png per size."""
    written = []
    for size in sizes:
        path = folder / f"{size}x{size}" / "apps" / f"{ICON_NAME}.png"
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(draw_icon(size), str(path))
        written.append(path)
    return written
