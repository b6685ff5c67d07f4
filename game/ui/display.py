"""The display the game's window opens on, and the window's size: a real video driver or a
clear reason why not, how the window is shown on X11, the desktop's size, the size of a first
window and of one the player sized before (game.app opens the window with them)."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Mapping, MutableMapping

import pygame

from game.storage.settings import WINDOW_HEIGHT, WINDOW_WIDTH, Settings
from game.ui.viewport import MIN_CANVAS

MIN_WINDOW = MIN_CANVAS  # px: asked of the window manager, which may not keep to it
HIDDEN_DRIVERS = ("offscreen", "dummy")  # SDL video drivers that show nothing
FRAMEBUFFER_HINT = "SDL_FRAMEBUFFER_ACCELERATION"  # SDL's hint: how a window surface is shown


def window_size(asked: tuple[int, int], desktop: tuple[int, int] | None) -> tuple[int, int]:
    """The window size to open for `asked`: at most the desktop (when one is known) and the
    largest size the settings keep (7680x4320), at least the minimum window. An oversized
    window took SDL seconds to make, with the game deaf to a request to stop meanwhile.

    >>> window_size((99999, 99999), (1920, 1080))
    (1920, 1080)
    >>> window_size((99999, 500), None)
    (7680, 500)
    """
    high_w, high_h = WINDOW_WIDTH[1], WINDOW_HEIGHT[1]
    if desktop is not None and desktop[0] > 0 and desktop[1] > 0:
        high_w, high_h = min(high_w, desktop[0]), min(high_h, desktop[1])
    return (
        max(MIN_WINDOW[0], min(asked[0], high_w)),
        max(MIN_WINDOW[1], min(asked[1], high_h)),
    )


FIRST_SHARE = 0.75  # of the desktop, each way, that a first window takes


def first_size(desktop: tuple[int, int] | None) -> tuple[int, int]:
    """The window's size before the player has ever sized it: three quarters of the desktop
    each way, so a 4K desktop opens a 4K-sized table, never less than the default 1280x800
    where the desktop has room for it.

    >>> first_size((3840, 2160))
    (2880, 1620)
    >>> first_size((1366, 768)), first_size(None)
    ((1280, 768), (1280, 800))
    """
    default = Settings().window_size
    if desktop is None or desktop[0] <= 0 or desktop[1] <= 0:
        return default
    return tuple(  # type: ignore[return-value]  # two sides in, two out
        max(min(least, side), round(side * FIRST_SHARE))
        for least, side in zip(default, desktop, strict=True)
    )


def desktop_size() -> tuple[int, int] | None:
    """The first screen's size, on a driver that shows a window (None elsewhere)."""
    if pygame.display.get_driver() in HIDDEN_DRIVERS:
        return None  # the dummy driver's "desktop" is a made-up 1024x768
    with contextlib.suppress(pygame.error, AttributeError, IndexError):
        width, height = pygame.display.get_desktop_sizes()[0]
        return width, height
    return None


class NoDisplay(RuntimeError):
    """There is no screen to show the game on."""


def check_display(environ: Mapping[str, str] | None = None) -> None:
    """NoDisplay unless SDL opened a real video driver.

    With no X11 or Wayland display SDL falls back to its offscreen driver and the game would
    run unseen for ever. Asking for a hidden driver on purpose (SDL_VIDEODRIVER=dummy, as the
    tests and the self-test do) is allowed.
    """
    env: Mapping[str, str] = os.environ if environ is None else environ
    asked = [d.strip().lower() for d in env.get("SDL_VIDEODRIVER", "").split(",")]
    try:
        if not pygame.display.get_init():
            pygame.display.init()  # pygame.init() swallows why the display did not start
        driver = pygame.display.get_driver()
    except pygame.error as error:
        forced = env.get("SDL_VIDEODRIVER", "")
        raise NoDisplay(
            f"Yahtzee Table could not open a window with the video driver "
            f"SDL_VIDEODRIVER={forced!r} asks for (SDL: {error}). Start it from a desktop "
            "session, check DISPLAY / WAYLAND_DISPLAY, or unset SDL_VIDEODRIVER."
        ) from None
    if driver in HIDDEN_DRIVERS and driver not in asked:
        raise NoDisplay(
            f"Yahtzee Table found no display to open its window on (SDL chose the {driver!r} "
            "driver). Start it from a desktop session, or check DISPLAY / WAYLAND_DISPLAY."
        )


def show_from_memory(environ: MutableMapping[str, str] | None = None) -> bool:
    """On X11, have SDL show the window from X11's shared memory rather than through an
    OpenGL texture (call after the display starts, before the window opens); True if this
    asked for it.

    SDL 2 shows a window's surface on X11 through an OpenGL texture when OpenGL is there at
    all: each frame shown copies the span of what changed into the texture and draws the
    whole window anew. With a graphics card that is quick. With OpenGL done on the processor
    (Mesa's llvmpipe: a computer or a virtual machine with no graphics driver, a remote
    desktop, Xvfb) a frame took 35-45 ms to show at 3840x2160, however little of it had
    changed: the table ran at about 20 frames a second, its frames drawn in 2 ms. X11's
    shared-memory window shows only the rectangles a frame drew (a 300 px square 0.02 ms,
    the whole 4K window 1.6 ms), as the game draws only what changed (game.ui.frame). SDL
    makes the same choice itself on Windows and under WSL. A player who set the hint keeps
    their choice.
    """
    env = os.environ if environ is None else environ
    if pygame.display.get_driver() != "x11" or FRAMEBUFFER_HINT in env:
        return False
    env[FRAMEBUFFER_HINT] = "0"  # (read by SDL when the window's surface is first made)
    return True
