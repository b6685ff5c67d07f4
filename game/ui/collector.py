"""When the garbage collector makes its full passes: where no frame waits for them.

CPython's collector passes over every object it tracks once enough have outlived its young
generations. With what start-up made frozen out of them, a full pass over the rest still
took 1-13 ms of processor time at 4K (3 ms typically, more as the caches fill), 18 times in
a 1,800-frame game, each inside a frame; and none of them found anything to collect. So:

- `settle`: what start-up and each scene change made is frozen out of the full passes (the
  objects frozen before are let go first and all are collected, so a closed scene's
  reference cycles are still freed); the scene change's frame is the one allowed to be slow;
- the loop makes the full pass itself a little before the collector would (DUE passes of
  the middle generation since the last, where CPython's own threshold is 10), where no frame
  waits: while nothing moves, or after a frame that left time to spare. The collector's own
  threshold is left as it is, so a program that drives the app without its loop (a test,
  a tool) collects as Python always does; raised instead, reference cycles holding files and
  sockets piled up in the test suite until a worker ran out of descriptors.
"""

from __future__ import annotations

import gc

DUE = 5  # passes of the middle generation after which the loop makes a full pass (< 10)
SPARE = 0.008  # s of a frame's budget left that the loop may use for a due full pass


def settle() -> None:
    """Collect everything, and keep all that lives now out of the full passes to come."""
    gc.unfreeze()
    gc.collect()
    gc.freeze()


def collect_if_due() -> bool:
    """A full pass, if one is due: for a moment no frame waits on. True if it was made."""
    if gc.get_count()[2] < DUE:
        return False
    gc.collect()
    return True
