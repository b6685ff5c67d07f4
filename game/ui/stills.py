"""Images of dice lying still, made ahead of the frames that show them.

A die lying still is drawn large and scaled down smoothly (game.ui.dice_3d): at 4K that is
two milliseconds a die, and five dice come to rest in the same frame. So the tray says
where its dice will come to rest while they are still in the air or on their way (`want`),
and their images are made on a thread of their own; a frame that needs one takes it when it
is done. A frame may make `budget` images itself (none made ahead, or not done yet); the
other dice show their plain image a frame or two longer (the difference is in the smoothing
of their edges). It draws at most PLAIN dice on their way itself (in the air, drifting) that
were not made ahead: the others show what they showed a frame ago, where they are now, and
never two frames running (game.ui.dice_3d.DieModel.image); a lifted shadow not grown yet
shows grown a little less (game.ui.dice_view.DieRenderer.grown). Frames that need not keep
to time (a scene drawn whole, a picture for a tool or a test) have no budget and make every
image they need, so what they show is the same at any speed of the machine.

Wishes are made in the order they are needed in, not the order they came in (`rank`): an
image for the very next frame (NEXT: the dice in the air a step on, a ring turned as the
next frame turns it), then those a throw meets in its first frames (THROW: the cup turned
as it tips, the dice's lifted shadows), then the rest (LATER: where dice will rest, a
landing's first poses, images warmed while nothing moves). In the order wished, the first
frames of a throw found the next frame's dice not begun, queued behind those for later,
and drew them themselves (at 4K 1 ms a die), or made a cup or a shadow (1 to 4.5 ms).
"""

from __future__ import annotations

import functools
import heapq
import itertools
import threading
import time
from collections.abc import Callable, Hashable
from concurrent import futures
from concurrent.futures import Future, ThreadPoolExecutor
from typing import TypeVar

from game.ui.raster import SpriteCache

T = TypeVar("T")
NEXT, THROW, LATER = 0, 1, 2  # when a wish is needed (see `want`), the soonest made first
PLAIN = 1  # dice on their way (in the air, drifting) a frame that keeps to time draws itself,
# not made ahead: the others show the image they showed a frame ago (see Stills.may_draw)
PENDING = 48  # images wanted ahead and not yet made at most (a throw's: its still dice, its
# lifted shadows, its landing's dice for a few frame times, the next frame's): older wishes
# are dropped
LONGEST = 0.001  # s short of the end of the time between frames that no image is begun (at
# 4K a die's in the air takes about 1 ms, and the loop leaves AHEAD_MARGIN after it)


class NotMade(Exception):
    """An image a frame foreseen needs is wished and not made yet (see Stills.peeking)."""

    def __init__(self, key: Hashable, wished: bool = True) -> None:
        super().__init__(key)
        self.key = key
        self.wished = wished  # False: not wished at all (the frame would make it itself)


class Stills:
    """Images of still dice made ahead on a worker thread, and a frame's budget of them."""

    def __init__(self) -> None:
        self.budget: int | None = None  # images a frame may still make itself (None: any)
        self.plain: int | None = None  # dice on their way it may still draw itself (None: any)
        # A frame foreseen (game.ui.tray_ahead) is made of images made: one wished and not
        # made yet is NotMade (neither waited for nor made here instead of on the worker).
        self.peeking = False
        self.ahead = 0  # images made on the worker and taken, for tests and benchmarks
        # Each wish: what makes its image, and how it is kept when done.
        self._pending: dict[Hashable, tuple[Future[object], Callable[[object], object]]] = {}
        self._worker: ThreadPoolExecutor | None = None
        # The wishes not begun, the soonest first: (their rank, the order wished), what
        # makes the image and where it goes. Each task the worker is given makes the
        # first of them (there are as many tasks as wishes; between frames, the frames'
        # thread makes some, and their tasks find none).
        self._queue: list[tuple[int, int, Future[object], Callable[[], object]]] = []
        self._queue_lock = threading.Lock()
        self._order = itertools.count()

    def frame(self, budget: int | None) -> None:
        """A new frame, which may make `budget` images itself (None: as many as it needs);
        the images made on the worker since the last are kept in their caches."""
        self.budget = budget
        self.plain = None if budget is None else PLAIN
        for key, (future, keep) in list(self._pending.items()):
            if future.done():
                del self._pending[key]
                if not future.cancelled() and future.exception() is None:
                    self.ahead += 1
                    keep(future.result())

    @property
    def busy(self) -> bool:
        """Images are wished and not yet taken (made or not)."""
        return bool(self._pending)

    def wished(self, key: Hashable) -> bool:
        """An image for `key` is wished and not yet taken."""
        return key in self._pending

    def get(self, cache: SpriteCache[T], key: Hashable, make: Callable[[], T]) -> T | None:
        """The image for `key`: kept in `cache`, made ahead, or made now within the frame's
        budget; None when it must wait (it is then wanted ahead)."""
        image = cache.peek(key)
        if image is not None:
            return image
        if self.peeking:  # (a still image not made is not made for a frame foreseen)
            image = self.ready(cache, key)
            if image is None:
                raise NotMade(key, wished=False)
            return image
        free = self.budget is None or self.budget > 0
        wish = self._pending.get(key)
        if wish is not None and not wish[0].done() and not free:
            return None  # under way on the worker: shown next frame, or the one after
        if wish is not None:
            image = self.ready(cache, key)  # made there, under way (a part of one image's
            if image is not None:  # time to wait) or not begun (made here instead)
                return image
        if free:
            if self.budget is not None:
                self.budget -= 1
            return cache.put(key, make())
        self.want(cache, key, make)
        return None

    def may_draw(self) -> bool:
        """Whether this frame may draw a die on its way itself (one not made ahead), within
        its allowance (counted). One over it shows the image it showed a frame ago, at its
        new place: on a slow machine the worker falls behind at 4K, and a frame that drew
        five dice itself (2-3 ms each there) took 15-25 ms, left no time for the work
        between frames, and the next fell further behind."""
        if self.plain is None:
            return True
        if self.plain <= 0:
            return False
        self.plain -= 1
        return True

    def done(self, cache: SpriteCache[T], key: Hashable) -> T | None:
        """The image for `key` if it is kept or made ahead and done; None if not (nothing
        is waited for or made)."""
        image = cache.peek(key)
        wish = self._pending.get(key)
        if image is None and wish is not None and wish[0].done():
            image = self.ready(cache, key)
        return image

    def take(self, cache: SpriteCache[T], key: Hashable, make: Callable[[], T]) -> T:
        """The image for `key`, which must be shown exactly this frame (a shadow): kept,
        made ahead (waited for if under way on the worker), or made now."""
        image = self.ready(cache, key)
        if image is None and self.peeking:
            raise NotMade(key, wished=False)  # (made by the frame that shows it)
        return image if image is not None else cache.put(key, make())

    def ready(self, cache: SpriteCache[T], key: Hashable) -> T | None:
        """The image for `key` if it is kept or was wanted ahead (waited for if under way
        on the worker); None if neither (a wish not yet begun is given up: the frame makes
        the image itself)."""
        image = cache.peek(key)
        if image is not None:
            return image
        if self.peeking and key in self._pending and not self._pending[key][0].done():
            raise NotMade(key)
        wish = self._pending.pop(key, None)
        if wish is None or wish[0].cancel():
            return None
        self.ahead += 1
        made: T = wish[0].result()  # type: ignore[assignment]  # (made by `make`)
        return cache.put(key, made, made=False)

    def wait(self, key: Hashable, timeout: float) -> None:
        """Wait at most `timeout` s for the image wished for `key` to be made (without the
        interpreter's lock: the worker makes it meanwhile)."""
        wish = self._pending.get(key)
        if wish is not None and timeout > 0:
            futures.wait([wish[0]], timeout)

    def want(
        self, cache: SpriteCache[T], key: Hashable, make: Callable[[], T], rank: int = LATER
    ) -> bool:
        """Make the image for `key` on the worker, unless it is kept or under way: True if
        it was not and now is. Made, it is kept in `cache` at the next frame. Wishes of a
        sooner `rank` (NEXT, THROW, LATER) are made first, each rank in the order wished."""
        if key in cache or key in self._pending:
            return False
        while len(self._pending) >= PENDING:
            oldest = next(iter(self._pending))
            self._pending.pop(oldest)[0].cancel()
        if self._worker is None:
            self._worker = ThreadPoolExecutor(1, thread_name_prefix="dice-stills")
        future: Future[object] = Future()
        with self._queue_lock:
            heapq.heappush(self._queue, (rank, next(self._order), future, make))
        self._worker.submit(self._make_next)
        self._pending[key] = (future, functools.partial(_keep, cache, key))
        return True

    def between_frames(self, until: float) -> None:
        """Make the next frame's wishes (NEXT) not begun here, until `until`
        (time.perf_counter(); none begun LONGEST short of it): in the time a frame left,
        where nothing else is drawn. On the worker alone, the next frame's dice were often
        not begun when it came (the worker shares the interpreter with the frames) and the
        frame drew them plain itself. The others are left to the worker: a still die's or
        a cup's image takes up to 10 ms at 4K, more than a frame leaves."""
        while time.perf_counter() < until - LONGEST and self._make_next(NEXT):
            pass

    def _make_next(self, rank: int = LATER) -> bool:
        """Make the soonest image wished, if it is wished as soon as `rank` (none if it was
        given up); False if none was waiting (a task of the worker's finds the wish it was
        given made between frames)."""
        with self._queue_lock:
            if not self._queue or self._queue[0][0] > rank:
                return False
            _rank, _order, future, make = heapq.heappop(self._queue)
        if not future.set_running_or_notify_cancel():
            return True  # given up before it was begun
        try:
            future.set_result(make())
        except Exception as error:  # noqa: BLE001 - kept with the wish, as the pool's own
            future.set_exception(error)
        return True

    def close(self) -> None:
        """Stop the worker (what it is making is finished first, the rest dropped)."""
        worker, self._worker = self._worker, None
        for future, _keep_it in self._pending.values():
            future.cancel()
        self._pending.clear()
        if worker is not None:
            worker.shutdown(wait=True, cancel_futures=True)
        with self._queue_lock:
            self._queue.clear()


def _keep(cache: SpriteCache[T], key: Hashable, made: object) -> None:
    """Keep an image made ahead in the cache it was wanted for."""
    cache.put(key, made, made=False)  # type: ignore[arg-type]  # (made by its `make`)
