"""The scene stack: a pushdown automaton, as in Tuxemon and GPP's "State".

Only the top scene gets input and updates; the ones under it are told that time passes
(`covered`: what must go on there, such as following a network table). Overlays (pause,
confirm) are non-opaque scenes drawn over the ones below. push/pop/replace are queued and
applied after update, never in the middle of one. A popped scene may hand a result to the
one below: `pop(result)` -> `resume(result)`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import pygame

from game.ui.spoken import Spoken


class Stackable(Spoken, Protocol):
    """What the stack asks of a scene, and what it says (game.scenes.base.Scene is one)."""

    opaque: bool

    def enter(self) -> None: ...
    def exit(self) -> None: ...
    def pause(self) -> None: ...
    def resume(self, result: object = None) -> None: ...
    def handle(self, event: pygame.event.Event) -> bool: ...
    def update(self, dt: float) -> None: ...
    def covered(self, dt: float) -> None: ...
    def draw(self, surface: pygame.Surface) -> None: ...
    def layout(self, size: tuple[int, int]) -> None: ...
    def between_frames(self, until: float) -> None: ...
    def request_quit(self) -> bool: ...
    def notice_room(self) -> pygame.Rect | None: ...

    @property
    def animating(self) -> bool: ...


class SceneStack:
    def __init__(self) -> None:
        self.scenes: list[Stackable] = []
        self._pending: list[Callable[[], None]] = []
        self.size: tuple[int, int] = (0, 0)

    @property
    def top(self) -> Stackable | None:
        return self.scenes[-1] if self.scenes else None

    @property
    def changing(self) -> bool:
        """Changes are queued (a press this frame opened or left a scene): they come first."""
        return bool(self._pending)

    def push(self, scene: Stackable) -> None:
        self._pending.append(lambda: self._push(scene))

    def pop(self, result: object = None) -> None:
        """Leave the top scene; the one below resumes with `result`."""
        self._pending.append(lambda: self._pop(result=result))

    def replace(self, scene: Stackable) -> None:
        def replace() -> None:
            self._pop()
            self._push(scene)

        self._pending.append(replace)

    def clear_to(self, scene: Stackable) -> None:
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

    def _push(self, scene: Stackable) -> None:
        if self.scenes:
            self.scenes[-1].pause()
        self.scenes.append(scene)
        if self.size != (0, 0):
            scene.layout(self.size)
        scene.enter()

    def _pop(self, resume: bool = True, result: object = None) -> None:
        if not self.scenes:
            return
        self.scenes.pop().exit()
        if resume and self.scenes:
            self.scenes[-1].resume(result)

    def handle(self, event: pygame.event.Event) -> bool:
        return bool(self.scenes) and self.scenes[-1].handle(event)

    def update(self, dt: float) -> None:
        for scene in self.scenes[:-1]:
            scene.covered(dt)
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
