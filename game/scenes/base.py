"""What a scene is: its life cycle, input, update, drawing and layout, and what it says
(game.ui.spoken's protocol: its name, its introduction, its news, its focus).

Scenes live on a SceneStack (game.scenes.stack). A scene never imports another scene: it
opens one through `ctx.nav` (game.scenes.nav.Navigator; the router knows every scene class),
and hands a result back to the scene below with `ctx.stack.pop(result)`, which arrives there
as `resume(result)`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.speech import Announcement
from game.ui.focus_grid import FocusView
from game.ui.spoken import Focus, grid_focus

if TYPE_CHECKING:
    from game.scenes.context import Context


class Scene:
    opaque = True  # False: the scenes below are drawn first (an overlay)

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    # Life cycle
    def enter(self) -> None: ...
    def exit(self) -> None: ...
    def pause(self) -> None: ...
    def resume(self, result: object = None) -> None:
        """The scene above was popped; `result` is what it handed back (see SceneStack.pop)."""

    def handle(self, event: pygame.event.Event) -> bool:
        """React to one event; True when it was used."""
        return False

    def update(self, dt: float) -> None: ...

    def covered(self, dt: float) -> None:
        """Time passing while another scene is on top (only the top one updates)."""

    def draw(self, surface: pygame.Surface) -> None: ...

    def layout(self, size: tuple[int, int]) -> None:
        """The window changed size: place everything again."""

    def between_frames(self, until: float) -> None:
        """Work for the frames to come, done after a frame is shown, in the time it left:
        each piece of it short, and none begun once time.perf_counter() reaches `until`."""

    def notice_room(self) -> pygame.Rect | None:
        """Where the notices go over this scene: a part of the window where they hide
        nothing the player must read (None: the window's top)."""
        return None

    @property
    def animating(self) -> bool:
        """True while something moves, so the loop keeps drawing frames; else it sleeps."""
        return False

    def request_quit(self) -> bool:
        """The window's close button: True to quit now (scenes may save first)."""
        return True

    # What it says (game.ui.spoken). A scene with a focus grid names it in focus_grid();
    # its controls are said with their place ("3 of 9"), labelled by spoken_label.
    def spoken_screen(self) -> str:
        """The scene's name, said when it comes up ("" for none)."""
        return ""

    def spoken_intro(self) -> str:
        """What it shows first, said after its name."""
        return ""

    def spoken_news(self) -> list[Announcement]:
        """What changed since the last frame."""
        return []

    def focus_grid(self) -> FocusView | None:
        """The grid of controls the keyboard moves over, if the scene has one."""
        return None

    def spoken_label(self, control: object) -> str:
        """A control's name where the control does not carry it (a form's row label)."""
        return ""

    def spoken_focus(self) -> Focus | None:
        grid = self.focus_grid()
        if grid is None or grid.focused is None:
            return None
        return grid_focus(grid, self.spoken_label(grid.focused))
