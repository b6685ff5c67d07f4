"""The table: a person's seat at play (TableScene) and a finished game played back on it
(ReplayScene), both made of the same parts.

The two scenes are imported when first asked for, so the package's headless parts (the CPU
driver, cpu.py) can be imported without pygame.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.scenes.table.replay_scene import ReplayScene
    from game.scenes.table.scene import TableScene

__all__ = ["ReplayScene", "TableScene"]


def __getattr__(name: str) -> object:
    if name == "TableScene":
        from game.scenes.table.scene import TableScene

        return TableScene
    if name == "ReplayScene":
        from game.scenes.table.replay_scene import ReplayScene

        return ReplayScene
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
