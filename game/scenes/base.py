"""What a scene is: its life cycle, input, update, drawing and layout.

Scenes live on a SceneStack (game.scenes.stack). A scene never imports another scene: it
opens one through `ctx.nav` (game.scenes.nav.Navigator; the router knows every scene class),
and hands a result back to the scene below with `ctx.stack.pop(result)`, which arrives there
as `resume(result)`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

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

    def draw(self, surface: pygame.Surface) -> None: ...

    def layout(self, size: tuple[int, int]) -> None:
        """The window changed size: place everything again."""

    @property
    def animating(self) -> bool:
        """True while something moves, so the loop keeps drawing frames; else it sleeps."""
        return False

    def request_quit(self) -> bool:
        """The window's close button: True to quit now (scenes may save first)."""
        return True
