"""The tray's next frame composed ahead in the window (game.ui.tray_ahead): its cuts of
rectangles, how a frame lays what is composed (left as composed, drawn in the bands left),
when a frame fits it, what a frame that does not must draw again, and the stills' images a
frame foreseen may use (made ones only)."""

from __future__ import annotations

import random
import threading

import pygame
import pytest

from game.ui.frame import bands
from game.ui.raster import SpriteCache
from game.ui.stills import NotMade, Stills
from game.ui.tray_ahead import Composed, TrayAhead, outside
from game.ui.tray_view import Piece

RED, BLUE, BLACK = (200, 0, 0), (0, 0, 200), (0, 0, 0)


def _cells(rect: pygame.Rect) -> set[tuple[int, int]]:
    return {(x, y) for x in range(rect.left, rect.right) for y in range(rect.top, rect.bottom)}


def test_bands_cover_a_rectangle_once_each_within_the_most():
    rect = pygame.Rect(3, 4, 100, 11)
    cut = bands(rect, 250)
    assert [b.height for b in cut] == [2, 2, 2, 2, 2, 1]
    assert all(b.width * b.height <= 250 for b in cut)
    assert sorted(p for b in cut for p in _cells(b)) == sorted(_cells(rect))
    assert bands(pygame.Rect(0, 0, 500, 3), 100) == [pygame.Rect(0, k, 500, 1) for k in range(3)]


def test_outside_is_what_of_a_box_the_cut_leaves_each_pixel_once():
    rng = random.Random(4)
    for _ in range(300):
        box = pygame.Rect(
            rng.randint(0, 20), rng.randint(0, 20), rng.randint(1, 20), rng.randint(1, 20)
        )
        cut = pygame.Rect(
            rng.randint(0, 30), rng.randint(0, 30), rng.randint(1, 20), rng.randint(1, 20)
        )
        left = outside(box, cut)
        cells = [p for band in left for p in _cells(band)]
        assert len(cells) == len(set(cells))  # (no pixel twice)
        assert set(cells) == _cells(box) - _cells(cut)


def _composed(rects: list[pygame.Rect], below=(), pieces=()) -> Composed:
    return Composed(("whole",), tuple(below), tuple(pieces), None, tuple(rects))


def test_a_frame_leaves_what_is_composed_and_draws_the_rest_of_its_patch():
    surface = pygame.Surface((40, 30))
    surface.fill(RED)  # (as composed ahead, and as the last frame left it elsewhere)
    clip = pygame.Rect(0, 0, 20, 20)
    surface.set_clip(clip)
    composed = _composed([pygame.Rect(5, 5, 10, 10), pygame.Rect(15, 15, 10, 10)])
    drawn: list[pygame.Rect] = []

    def draw() -> None:
        drawn.append(surface.get_clip())
        surface.fill(BLUE)

    composed.lay(surface, clip, draw)
    assert surface.get_clip() == clip
    assert all(clip.contains(band) for band in drawn)
    for x in range(40):
        for y in range(30):
            kept = any(r.collidepoint(x, y) for r in composed.rects)
            want = RED if not clip.collidepoint(x, y) or kept else BLUE
            assert surface.get_at((x, y))[:3] == want, (x, y)


def test_where_a_patch_drawn_before_met_what_is_composed_a_later_one_draws_it_again():
    """Patches may overlap (game.ui.frame.disjoint): the part above a frame lays in each,
    half transparent, lies on what is composed once the first has passed, and is laid once
    whatever the order."""
    green, veil = (0, 120, 0), pygame.Surface((40, 30), pygame.SRCALPHA)
    veil.fill((255, 255, 255, 128))
    clips = [pygame.Rect(0, 0, 20, 20), pygame.Rect(10, 5, 20, 20)]
    rect = pygame.Rect(5, 5, 20, 15)  # (in the patches, as a frame's tray rectangles are)

    def frame(composed: Composed | None) -> bytes:
        window = pygame.Surface((40, 30))
        window.fill(BLACK)
        if composed is not None:
            window.fill(green, rect)  # (composed between frames)
        for clip in clips:
            window.set_clip(clip)

            def draw(window: pygame.Surface = window) -> None:
                window.fill(green)

            if composed is None:
                draw()
            else:
                composed.lay(window, clip, draw)
            window.blit(veil, (0, 0))  # (a part above: the frame lays it in every pass)
        window.set_clip(None)
        return pygame.image.tobytes(window, "RGB")

    assert frame(_composed([rect])) == frame(None)


def _piece(rect: tuple[int, int, int, int], token: object) -> Piece:
    return Piece(rect, token, lambda surface: None)


def test_a_frame_fits_what_is_composed_unless_a_part_under_it_changed_there():
    hold, message = _piece((0, 20, 40, 10), "hold"), _piece((0, 0, 40, 4), "hi")
    die = _piece((5, 5, 10, 10), "die")
    composed = _composed([pygame.Rect(5, 5, 10, 20)], [("message", message), ("hold", hold)], [die])
    below = [("message", message), ("hold", hold)]
    assert composed.fits(("whole",), below, [die], None)
    elsewhere = [("message", _piece((0, 0, 40, 4), "bye")), ("hold", hold)]
    assert composed.fits(("whole",), elsewhere, [die], None)  # (the message does not meet it)
    there = [("message", message), ("hold", _piece((0, 20, 40, 10), "lit"))]
    assert not composed.fits(("whole",), there, [die], None)
    assert not composed.fits(("whole",), below, [_piece((6, 5, 10, 10), "die")], None)
    assert not composed.fits(("other",), below, [die], None)
    assert not composed.fits(("whole",), below, [die], pygame.Rect(0, 0, 1, 1))

    ahead = TrayAhead()
    ahead._ready = composed
    assert ahead.take(("whole",), below, [die], None) is composed
    assert ahead.take(("whole",), below, [die], None) is None  # (spent)
    ahead._ready = composed
    assert ahead.take(("whole",), there, [die], None) is None
    assert (ahead.used, ahead.missed) == (1, 1)


def test_a_frame_foreseen_takes_made_images_only():
    stills, cache = Stills(), SpriteCache[pygame.Surface](8)
    go = threading.Event()
    image = pygame.Surface((2, 2))

    def slow() -> pygame.Surface:
        go.wait(10)
        return image

    try:
        stills.want(cache, "slow", slow)
        stills.peeking = True
        with pytest.raises(NotMade) as wished:
            stills.get(cache, "slow", slow)  # under way: not waited for, not made here
        assert wished.value.wished and wished.value.key == "slow"
        with pytest.raises(NotMade) as unwished:
            stills.take(cache, "never", lambda: image)  # not wished: the frame makes it
        assert not unwished.value.wished
        assert stills.ready(cache, "never") is None
        go.set()
        stills.wait("slow", 10)
        assert stills.get(cache, "slow", slow) is image
        assert cache.peek("never") is None
    finally:
        stills.close()


class _Felt:
    """A felt of one colour (game.ui.widgets.FeltBackground's `draw`)."""

    def draw(self, surface: pygame.Surface, _theme: object, _skip: object = None) -> None:
        surface.fill((0, 90, 0))


def _square(rect: tuple[int, int, int, int], colour: tuple[int, int, int]) -> Piece:
    return Piece(rect, ("square", colour), lambda surface: surface.fill(colour, rect))


class _Tray:
    """What the composing asks of the dice tray: the next frame's pieces, foreseen."""

    animating = True

    def __init__(self, pieces: list[Piece]) -> None:
        self.pieces = pieces

    def foreseen(self) -> list[Piece]:
        return self.pieces


def test_what_is_composed_in_the_window_when_the_next_frame_comes_is_left_the_rest_drawn(
    monkeypatch,
):
    from game.ui import tray_ahead
    from game.ui.tray_ahead import Drawn

    monkeypatch.setattr(tray_ahead, "BAND", 400)  # (bands of 20 rows of a 20 px box)
    last = pygame.Surface((100, 80))
    last.fill((255, 255, 255))  # (the last frame, as the window holds it)
    window, felt = last.copy(), _Felt()
    hold = _square((0, 60, 100, 20), BLUE)
    was = [_square((10, 10, 20, 20), RED)]
    now = [_square((50, 20, 20, 40), RED), _square((55, 25, 10, 10), BLACK)]
    ahead = TrayAhead()
    drawn = Drawn(window, felt, None, ("whole",), (("hold", hold),), tuple(was), None)  # type: ignore[arg-type]
    ahead._work = ahead._compose(drawn, _Tray(now))  # type: ignore[arg-type]
    next(ahead._work)  # the pieces foreseen
    assert ahead.laid() == ()
    next(ahead._work)  # the first band: the box of the parts that lay the most
    composed = ahead._ready
    assert composed is not None and composed.rects == (pygame.Rect(50, 20, 20, 20),)
    assert ahead.laid() == composed.rects
    half = window.copy()
    next(ahead._work)
    assert ahead._ready is not None and ahead._ready.rects == (pygame.Rect(50, 20, 20, 40),)
    # The box of the old die's patch holds no part now: felt alone, not composed.
    assert next(ahead._work, False) is False
    # Nothing else of the window was touched, and the clip is its own again.
    assert window.get_clip() == window.get_rect()
    for x in range(100):
        for y in range(80):
            if not pygame.Rect(50, 20, 20, 40).collidepoint(x, y):
                assert window.get_at((x, y)) == last.get_at((x, y)), (x, y)

    def frame(window: pygame.Surface, copied: Composed | None) -> bytes:
        for clip in (pygame.Rect(10, 10, 20, 20), pygame.Rect(45, 15, 30, 50)):
            window.set_clip(clip)

            def draw(window: pygame.Surface = window) -> None:
                felt.draw(window, None)
                for piece in (hold, *now):
                    piece.paint(window)

            if copied is None:
                draw()
            else:
                copied.lay(window, clip, draw)
        window.set_clip(None)
        return pygame.image.tobytes(window, "RGB")

    direct = frame(last.copy(), None)
    assert frame(half, composed) == direct  # (half of it composed)
    assert frame(window.copy(), ahead._ready) == direct  # (all of it)
    ready = ahead._ready
    assert ahead.take(("whole",), (("hold", hold),), now, None) is ready
    assert (ahead.used, ahead.missed) == (1, 0)
    ahead.drawn(None)
    assert ahead.laid() == ()  # (spent: the frame drew over it)


def test_the_work_is_the_box_of_the_parts_in_each_rectangle_the_busiest_first():
    from game.ui.tray_ahead import _joined, _work

    felt_only = pygame.Rect(0, 0, 50, 50)
    busy = pygame.Rect(100, 0, 100, 100)
    a, b = _square((110, 10, 20, 20), RED), _square((150, 60, 30, 30), BLUE)
    c = _square((40, 40, 30, 30), BLACK)  # (half out of its rectangle)
    work = _work([felt_only, busy], [c, a, b])
    assert work == [(pygame.Rect(110, 10, 70, 80), [a, b]), (pygame.Rect(40, 40, 10, 10), [c])]
    done: list[pygame.Rect] = []
    for band in (pygame.Rect(0, 0, 10, 5), pygame.Rect(0, 5, 10, 5), pygame.Rect(20, 0, 5, 5)):
        _joined(done, band)
    assert done == [pygame.Rect(0, 0, 10, 10), pygame.Rect(20, 0, 5, 5)]
