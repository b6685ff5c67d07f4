"""Scenes and the scene stack (a pushdown automaton, as in Tuxemon and GPP's "State").

Only the top scene gets input and updates. Overlays (pause, confirm) are non-opaque scenes
drawn over the ones below. push/pop/replace are queued and applied after update, never in
the middle of one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from game.context import Context


class Scene:
    opaque = True  # False: the scenes below are drawn first (an overlay)

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    # Life cycle
    def enter(self) -> None: ...
    def exit(self) -> None: ...
    def pause(self) -> None: ...
    def resume(self) -> None: ...

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


class SceneStack:
    def __init__(self) -> None:
        self.scenes: list[Scene] = []
        self._pending: list[Callable[[], None]] = []
        self.size: tuple[int, int] = (0, 0)

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        self._pending.append(lambda: self._push(scene))

    def pop(self) -> None:
        self._pending.append(self._pop)

    def replace(self, scene: Scene) -> None:
        self._pending.append(lambda: (self._pop(), self._push(scene)))

    def clear_to(self, scene: Scene) -> None:
        """Leave every scene and start over with this one (e.g. quit to title)."""

        def run() -> None:
            while self.scenes:
                self._pop(resume=False)
            self._push(scene)

        self._pending.append(run)

    def apply_pending(self) -> bool:
        """Carry out queued changes; True when any happened."""
        changed = bool(self._pending)
        while self._pending:
            self._pending.pop(0)()
        return changed

    def _push(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes[-1].pause()
        self.scenes.append(scene)
        if self.size != (0, 0):
            scene.layout(self.size)
        scene.enter()

    def _pop(self, resume: bool = True) -> None:
        if not self.scenes:
            return
        self.scenes.pop().exit()
        if resume and self.scenes:
            self.scenes[-1].resume()

    def handle(self, event: pygame.event.Event) -> bool:
        return bool(self.scenes) and self.scenes[-1].handle(event)

    def update(self, dt: float) -> None:
        if self.scenes:
            self.scenes[-1].update(dt)

    def layout(self, size: tuple[int, int]) -> None:
        self.size = size
        for scene in self.scenes:
            scene.layout(size)

    def draw(self, surface: pygame.Surface) -> None:
        start = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[i].opaque:
                start = i
                break
        for scene in self.scenes[start:]:
            scene.draw(surface)

    @property
    def animating(self) -> bool:
        return any(s.animating for s in self.scenes)
