"""What the app does for speech, for the tests that listen: the focus watcher and the
flush each frame, the player's key stopping the game's stale speech, and what was said."""

from __future__ import annotations

import pygame

from game.speech import Speaker
from game.speech.backends import RecordingBackend
from game.ui.spoken import FocusVoice

STEP = 1 / 60  # s


def key(code: int, mod: int = 0) -> pygame.event.Event:
    name = pygame.key.name(code)
    text = name if len(name) == 1 else ""
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode=text, scancode=0)


class Ears:
    """What the app does each frame for speech: the focus watcher, then the flush."""

    def __init__(self, ctx) -> None:
        self.ctx = ctx
        self.rec = RecordingBackend()
        ctx.speech = Speaker(self.rec)
        self.voice = FocusVoice(ctx.speech)
        self.seen = 0
        self.pressed = False

    def frame(self, dt: float = STEP) -> None:
        ctx = self.ctx
        ctx.stack.update(dt)
        ctx.stack.apply_pending()
        self.voice.watch(ctx.stack.top, keyboard=self.pressed)
        self.pressed = False
        ctx.speech.flush()

    def press(self, code: int, seconds: float = 3.0, mod: int = 0) -> list[str]:
        """A key (as the app hands it on: the game's stale speech stopped first), then
        `seconds` of frames; the phrases said since the last look."""
        self.ctx.speech.interrupt()
        self.pressed = True
        self.ctx.stack.handle(key(code, mod))
        self.ctx.stack.apply_pending()
        for _ in range(round(seconds / STEP)):
            self.frame()
        return self.heard()

    def heard(self) -> list[str]:
        said = [a.text for a in self.ctx.speech.said][self.seen :]
        self.seen = len(self.ctx.speech.said)
        return said


def opened(ctx, ears, scene):
    """`scene` on top, after its first frame."""
    ctx.stack.push(scene)
    ctx.stack.apply_pending()
    ears.frame()
    return scene
