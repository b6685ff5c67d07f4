"""The host's throws for a network table: each roll thrown once, on the host, by the dice
tray's own physics, and sent as a record (game.anim.throw_record) that every screen, the
host's included, plays back as it landed (floats need not agree across machines; a record
does). Thrown on a table of the first window size; a screen of another shape eases the dice
apart where they land (game.anim.tray).
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable

from game.anim.throw_record import to_record
from game.anim.tray import TrayModel
from game.net.moves import ThrowRecord
from game.rules.events import Rolled, RollOffRolled
from game.ui.layout import table_layout
from game.ui.tray_layout import tray_places

log = logging.getLogger(__name__)
THROWN_ON = (1280, 800)  # px: the table the host's physics throws on


def throw_maker(columns: int) -> Callable[[Rolled | RollOffRolled], ThrowRecord | None]:
    """What an Authority calls for each roll (on the network thread): the throw's record."""
    places = tray_places(table_layout(THROWN_ON, columns))
    rng = random.Random()

    def make(rolled: Rolled | RollOffRolled) -> ThrowRecord | None:
        if isinstance(rolled, Rolled):
            faces = tuple(d for d, r in zip(rolled.dice, rolled.rolled, strict=True) if r)
        else:
            faces = rolled.dice
        if not faces:
            return None
        try:
            throw = TrayModel._simulate(places, faces, rng.randrange(2**30))
        except Exception:
            log.exception("the throw could not be made; every screen throws its own")
            return None
        return ThrowRecord(1, to_record(throw))  # type: ignore[arg-type]

    return make
