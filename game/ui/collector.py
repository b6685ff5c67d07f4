"""When the garbage collector makes its full passes: where no frame waits for them.

CPython's collector passes over every object it tracks once enough have outlived its young
generations. With what start-up made frozen out of them, a full pass over the rest still
took 1-13 ms of processor time at 4K (3 ms typically, more as the caches fill), 18 times in
a 1,800-frame game, each inside a frame; and none of them found anything to collect. So:

- `settle`: what start-up and each scene change made is frozen out of the full passes (the
  objects frozen before are let go first and all are collected, so a closed scene's
  reference cycles are still freed); the scene change's frame is the one allowed to be slow;
- the collector's own full pass is put off (FULL_AFTER young passes instead of 10), kept
  only as a floor should the loop never find time;
- the loop makes the full pass itself when one is due (`DUE` young passes since the last),
  where no frame waits: while nothing moves, or after a frame that left time to spare.
"""

from __future__ import annotations

import gc

DUE = 10  # passes of the middle generation after which a full pass is due (CPython's own)
FULL_AFTER = 1000  # ... after which the collector makes one itself, whatever the loop does
SPARE = 0.008  # s of a frame's budget left that the loop may use for a due full pass


def settle() -> None:
    """Collect everything, and keep all that lives now out of the full passes to come."""
    gc.unfreeze()
    gc.collect()
    gc.freeze()
    young, middle, _full = gc.get_threshold()
    gc.set_threshold(young, middle, FULL_AFTER)


def collect_if_due() -> bool:
    """A full pass, if one is due: for a moment no frame waits on. True if it was made."""
    if gc.get_count()[2] < DUE:
        return False
    gc.collect()
    return True
