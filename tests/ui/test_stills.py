"""Still dice's images made ahead on a thread of their own: the same pixels as made in the
frame, taken when done, a frame's budget kept, and the thread stopped when asked."""

from __future__ import annotations

import threading
import time

import pygame
import pytest

from game.ui.cup_view import CupRenderer
from game.ui.dice_3d import SUPERSAMPLE, DieModel, steps_for
from game.ui.dice_view import SHADOW_TURNS, DieRenderer
from game.ui.palette import STANDARD_DICE
from game.ui.raster import SpriteCache
from game.ui.stills import LATER, NEXT, PENDING, THROW, Stills

TURN = (0.96, 0.12, -0.2, 0.15)


@pytest.fixture(autouse=True)
def display():
    pygame.init()
    pygame.display.set_mode((8, 8))


def _made(stills: Stills, cache, key, make, limit: float = 10.0):
    """The image for `key` once the worker has it (a frame with no budget asks each time)."""
    end = time.monotonic() + limit
    while time.monotonic() < end:
        image = stills.get(cache, key, make)
        if image is not None:
            return image
        time.sleep(0.005)
    raise AssertionError("the worker never made it")


def test_an_image_made_ahead_is_the_image_made_in_the_frame() -> None:
    model = DieModel(steps_for(120))
    make = lambda: model.render(120, TURN, STANDARD_DICE, (30, -20), 0.0, False, SUPERSAMPLE)  # noqa: E731
    stills = Stills()
    try:
        cache: SpriteCache[object] = SpriteCache(8)
        stills.frame(0)  # no time for it in this frame: shown plain, made ahead
        assert stills.get(cache, "die", make) is None
        ahead, corner = _made(stills, cache, "die", make)
        assert stills.ahead == 1 and cache.renders == 0  # taken from the worker
        here, corner_here = make()
        assert corner == corner_here
        assert pygame.image.tobytes(ahead, "RGBA") == pygame.image.tobytes(here, "RGBA")
    finally:
        stills.close()


def test_a_frame_makes_no_more_than_its_budget_and_none_asks_for_all() -> None:
    stills = Stills()
    cache: SpriteCache[str] = SpriteCache(8)
    try:
        stills.frame(1)
        made = [stills.get(cache, k, lambda k=k: f"image {k}") for k in range(3)]
        assert made[0] == "image 0" and made[1:] == [None, None]
        stills.frame(None)  # a scene drawn whole, a tool's picture: all of them, now
        assert [stills.get(cache, k, lambda k=k: f"image {k}") for k in range(3)] == [
            "image 0",
            "image 1",
            "image 2",
        ]
    finally:
        stills.close()


def test_wishes_are_bounded_and_the_thread_stops_when_asked() -> None:
    stills = Stills()
    cache: SpriteCache[str] = SpriteCache(64)
    gate = threading.Event()

    def slow(k: int) -> str:
        gate.wait(5)
        return f"image {k}"

    for k in range(PENDING + 10):
        stills.want(cache, k, lambda k=k: slow(k))
    assert len(stills._pending) == PENDING
    workers = [t for t in threading.enumerate() if t.name.startswith("dice-stills")]
    assert len(workers) == 1
    gate.set()
    stills.close()
    workers[0].join(5)
    assert not workers[0].is_alive()


def test_an_image_made_early_is_kept_when_done_not_dropped_by_later_wishes() -> None:
    stills = Stills()
    cache: SpriteCache[str] = SpriteCache(PENDING + 20)
    gate = threading.Event()
    try:
        stills.want(cache, "landing", lambda: "made early")
        end = time.monotonic() + 10
        while not all(future.done() for future, _keep in stills._pending.values()):
            assert time.monotonic() < end
            time.sleep(0.005)
        stills.frame(1)  # a new frame keeps what the worker made since the last
        assert cache.peek("landing") == "made early" and cache.renders == 0
        for k in range(PENDING + 10):  # wishes piling up behind a slow one: the oldest go
            stills.want(cache, k, lambda k=k: gate.wait(5) and f"image {k}")
        assert len(stills._pending) == PENDING
        assert stills.get(cache, "landing", lambda: "made again") == "made early"
    finally:
        gate.set()
        stills.close()


def _settled(stills: Stills, limit: float = 20.0) -> None:
    """Frames pass until the worker has made all it was asked and they are kept."""
    end = time.monotonic() + limit
    while stills.busy:
        assert time.monotonic() < end, "the worker never made them"
        time.sleep(0.005)
        stills.frame(0)


def test_a_cup_warmed_on_the_thread_is_the_cup_turned_in_the_frame() -> None:
    """The cup turned for its pour and its shadows, wished in quiet frames: made on the
    stills' thread (nothing made by the frames), the same pixels as made in the frame."""
    stills = Stills()
    ahead, here = CupRenderer(stills=stills), CupRenderer()
    pour = range(0, -56, -1)
    try:
        ahead.sprite(300, STANDARD_DICE)  # the upright cup, drawn when the table opens
        made = ahead.cache.renders
        assert ahead.warm(300, STANDARD_DICE, pour, 3) == 3
        assert ahead.warm(300, STANDARD_DICE, pour, 3) == 3  # the next three: not again
        _settled(stills)
        assert ahead.cache.renders == made
        warmed = 6
        while True:  # quiet frames, a few each (a wish beyond the most pending drops one)
            wished = ahead.warm(300, STANDARD_DICE, pour, 10)
            if not wished:
                break
            warmed += wished
            _settled(stills)
        assert warmed == 55  # 0 degrees needs no turn
        assert ahead.cache.renders == made
        for tenth in range(0, -550, -7):
            shown = ahead.images((400, 400), 300, tenth / 10, STANDARD_DICE)
            drawn = here.images((400, 400), 300, tenth / 10, STANDARD_DICE)
            assert [rect for _, rect in shown] == [rect for _, rect in drawn]
            for (a, _), (b, _) in zip(shown, drawn, strict=True):
                assert pygame.image.tobytes(a, "RGBA") == pygame.image.tobytes(b, "RGBA")
        assert ahead.cache.renders == made
    finally:
        stills.close()


def test_a_dice_shadow_warmed_on_the_thread_is_the_shadow_turned_in_the_frame() -> None:
    stills = Stills()
    ahead, here = DieRenderer(stills=stills), DieRenderer()
    try:
        for wished in (20, 20, 2 * (SHADOW_TURNS - 1) - 40):  # 3 degree steps, two kinds
            assert ahead.warm_shadows(200, STANDARD_DICE, 20) == wished
            _settled(stills)
        assert ahead.warm_shadows(200, STANDARD_DICE, 100) == 0
        assert ahead.turned.renders == 0
        for angle in range(0, 90, 5):
            for soft in (False, True):
                a = ahead.turned_shadow(200, STANDARD_DICE, soft, float(angle))
                b = here.turned_shadow(200, STANDARD_DICE, soft, float(angle))
                assert pygame.image.tobytes(a, "RGBA") == pygame.image.tobytes(b, "RGBA")
        assert ahead.turned.renders == 0
    finally:
        stills.close()


def test_the_cup_is_copied_once_for_the_thread_not_at_every_warming(monkeypatch) -> None:
    """Each quiet frame that hands cups to the thread turns them from the same copy of the
    upright cup (a copy is a quarter of a millisecond at 4K), which is not the one the
    frames blit; another size gets a copy of its own."""
    stills = Stills()
    cups = CupRenderer(stills=stills)
    turned_from: list[pygame.Surface] = []
    rotozoom = pygame.transform.rotozoom

    def recorded(image: pygame.Surface, angle: float, scale: float) -> pygame.Surface:
        turned_from.append(image)
        return rotozoom(image, angle, scale)

    monkeypatch.setattr(pygame.transform, "rotozoom", recorded)
    try:
        for _ in range(3):  # three quiet frames
            assert cups.warm(300, STANDARD_DICE, range(-1, -20, -1), 2) == 2
            _settled(stills)
        assert len(turned_from) == 6
        assert all(image is turned_from[0] for image in turned_from)
        upright = cups.sprite(300, STANDARD_DICE)
        assert turned_from[0] is not upright
        assert pygame.image.tobytes(turned_from[0], "RGBA") == pygame.image.tobytes(upright, "RGBA")
        assert cups.warm(200, STANDARD_DICE, range(-1, -2, -1), 1) == 1
        _settled(stills)
        assert turned_from[-1].get_size() == cups.sprite(200, STANDARD_DICE).get_size()
        assert turned_from[-1] is not turned_from[0]
    finally:
        stills.close()


def test_a_frame_that_needs_a_cup_made_ahead_but_not_yet_kept_takes_it() -> None:
    """Made on the thread and not yet kept (no frame since): taken, not made again."""
    stills = Stills()
    cups = CupRenderer(stills=stills)
    try:
        cups.sprite(300, STANDARD_DICE)
        made = cups.cache.renders
        assert cups.warm(300, STANDARD_DICE, range(-20, -21, -1), 1) == 1
        for future, _keep in list(stills._pending.values()):
            future.result(timeout=20)
        cups.images((400, 400), 300, -20.0, STANDARD_DICE)
        assert cups.cache.renders == made
    finally:
        stills.close()


def test_a_ring_turned_ahead_is_the_ring_turned_in_the_frame_at_that_angle_only() -> None:
    """A held die's rings as it drifts are turned ahead at the angle a coming frame turns
    them: that frame takes them (the same pixels); a frame at another angle turns its own
    (and the next frame at that angle takes it)."""
    stills = Stills()
    dice = DieRenderer(stills=stills)
    try:
        ring = dice.decoration(200, True, False, STANDARD_DICE)
        dice.want_turn(ring, 33.3)
        dice.want_turn(ring, 33.3)  # once
        assert len(stills._pending) == 1
        _settled(stills)
        ahead = dice.turn(ring, 33.3, 1.0, keep=False)
        assert ahead is dice.turning.peek((ring, 33.3, 1.0))
        made = pygame.transform.rotozoom(ring, 33.3, 1.0)
        assert pygame.image.tobytes(ahead, "RGBA") == pygame.image.tobytes(made, "RGBA")
        other = dice.turn(ring, 33.31, 1.0, keep=False)  # turned here, at its own angle
        assert other is not ahead and dice.turning.peek((ring, 33.31, 1.0)) is other
        assert dice.turn(ring, 33.31, 1.0, keep=False) is other  # a die lying as it did
    finally:
        stills.close()


def test_the_next_frames_image_is_made_before_those_wished_earlier_for_later() -> None:
    """Wishes are made by rank (the next frame's, a throw's, later), each rank in the order
    wished: in the order they came, the next frame's dice waited behind a landing's and
    were not begun when their frame came."""
    stills = Stills()
    cache: SpriteCache[str] = SpriteCache(16)
    gate = threading.Event()
    made: list[str] = []

    def make(name: str) -> str:
        made.append(name)
        return name

    try:
        stills.want(cache, "busy", lambda: gate.wait(5) and make("busy"))  # the worker on it
        stills.want(cache, "still", lambda: make("still"))  # LATER, as by default
        stills.want(cache, "landing", lambda: make("landing"), LATER)
        stills.want(cache, "cup", lambda: make("cup"), THROW)
        stills.want(cache, "next", lambda: make("next"), NEXT)
        stills.want(cache, "shadow", lambda: make("shadow"), THROW)
        gate.set()
        _settled(stills)
        assert made == ["busy", "next", "cup", "shadow", "still", "landing"]
        assert [cache.peek(k) for k in ("next", "cup", "still")] == ["next", "cup", "still"]
    finally:
        gate.set()
        stills.close()


def test_a_wish_given_up_before_it_is_begun_is_never_made() -> None:
    stills = Stills()
    cache: SpriteCache[str] = SpriteCache(8)
    gate = threading.Event()
    made: list[str] = []
    try:
        stills.want(cache, "busy", lambda: gate.wait(5) and "busy")
        stills.want(cache, "soon", lambda: made.append("soon") or "soon", NEXT)
        assert stills.ready(cache, "soon") is None  # the frame makes it itself
        gate.set()
        _settled(stills)
        assert made == [] and cache.peek("soon") is None
    finally:
        gate.set()
        stills.close()


def _worker_busy(stills: Stills, cache: SpriteCache[str]) -> threading.Event:
    """The worker making an image ("slow") until the gate returned is set."""
    gate, begun = threading.Event(), threading.Event()

    def blocking() -> str:
        begun.set()
        gate.wait(5)
        return "slow"

    stills.want(cache, "slow", blocking)
    assert begun.wait(5)
    return gate


def test_the_next_frames_wishes_are_made_between_frames_the_rest_on_the_worker() -> None:
    """The worker busy with one image, the next frame's wishes behind it are made by the
    frames' thread in the time a frame left; the others (up to 10 ms each at 4K) are left
    to the worker, which finds the next frame's made. The next frame keeps all as made
    ahead."""
    stills = Stills()
    cache: SpriteCache[str] = SpriteCache(16)
    order: list[str] = []

    def made(name: str) -> str:
        order.append(name)
        return name

    gate = _worker_busy(stills, cache)
    try:
        stills.want(cache, "later", lambda: made("later"), LATER)
        stills.want(cache, "throw", lambda: made("throw"), THROW)
        stills.want(cache, "next", lambda: made("next"), NEXT)
        stills.between_frames(time.perf_counter() + 1.0)
        assert order == ["next"]
        gate.set()
        _settled(stills)
        assert order == ["next", "throw", "later"]  # not made again on the worker
        assert [cache.peek(k) for k in ("slow", "next", "throw", "later")] == [
            "slow",
            "next",
            "throw",
            "later",
        ]
        assert cache.renders == 0 and stills.ahead == 4
    finally:
        gate.set()
        stills.close()


def test_no_wish_is_begun_between_frames_once_the_time_is_up() -> None:
    stills = Stills()
    cache: SpriteCache[str] = SpriteCache(4)
    made: list[str] = []
    gate = _worker_busy(stills, cache)
    try:
        stills.want(cache, "next", lambda: made.append("next") or "next", NEXT)
        stills.between_frames(time.perf_counter())  # no time left
        assert made == []
    finally:
        gate.set()
        stills.close()
