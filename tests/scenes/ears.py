"""What the app does for speech, for the tests that listen (on tests/driver.py, which does
it as game.app.App does): the focus watcher and the flush each frame, the player's key
stopping the game's stale speech, and what was said, through a recording voice."""

from __future__ import annotations

from game.speech import Speaker
from game.speech.backends import RecordingBackend
from tests.driver import STEP, driver, key

__all__ = ["STEP", "Ears", "key", "opened"]


class Ears:
    """A listener at the game: a voice that is on (recorded), the driver's frames."""

    def __init__(self, ctx) -> None:
        self.ctx = ctx
        self.rec = RecordingBackend()
        ctx.speech = Speaker(self.rec)
        self.drive = driver(ctx)

    def frame(self, dt: float = STEP) -> None:
        self.drive.frame(dt)

    def press(self, code: int, seconds: float = 3.0, mod: int = 0) -> list[str]:
        """A key (its frame, the game's stale speech stopped first), then `seconds` of
        frames; the phrases said since the last look."""
        self.drive.send(key(code, mod=mod), draw=False)
        for _ in range(round(seconds / STEP) - 1):
            self.frame()
        return self.heard()

    def heard(self) -> list[str]:
        return self.drive.heard()


def opened(ctx, ears, scene):
    """`scene` on top, after its first frame."""
    driver(ctx).show(scene)
    ears.frame()
    return scene
