"""The parts a frame redraws, gathered into a few patches that cover them all."""

from __future__ import annotations

import random

import pygame

from game.ui import frame
from game.ui.frame import CUT_FROM, MAX_PATCHES, Frame, disjoint, patches


def covered(rects, by) -> bool:
    return all(any(p.contains(r) for p in by) for r in rects)


def test_a_die_on_the_felt_and_a_box_on_the_card_are_two_patches() -> None:
    die, box = pygame.Rect(100, 300, 80, 80), pygame.Rect(1500, 900, 120, 40)
    assert patches([die, box]) == [die, box]


def test_parts_that_meet_or_lie_close_are_one_patch() -> None:
    die, shadow = pygame.Rect(100, 300, 80, 80), pygame.Rect(110, 320, 90, 90)
    near = pygame.Rect(195, 300, 80, 80)  # a few pixels to the right of the die
    assert patches([die, shadow, near]) == [die.unionall([shadow, near])]


def test_never_more_than_the_most_patches_and_every_part_covered() -> None:
    rng = random.Random(3)
    for _ in range(200):
        rects = _scattered(rng, (3800, 2100), 300, 30)
        found = patches(rects)
        assert 1 <= len(found) <= MAX_PATCHES
        assert covered(rects, found)


def test_a_line_across_the_top_and_a_column_of_the_card_do_not_join_into_the_window() -> None:
    """A CPU's score at 4K (the rectangles its frame changed, in short): the message line,
    the notes, two columns of the card, the dice going to their row and the buttons. Joined
    because they overlapped, the union met the next until one patch covered the window."""
    message, notes = pygame.Rect(31, 31, 3782, 116), pygame.Rect(32, 156, 2035, 524)
    buttons = pygame.Rect(31, 1976, 2038, 165)
    columns = [pygame.Rect(x, y, 334, 105) for x in (2789, 3118) for y in range(182, 2000, 101)]
    dice = [pygame.Rect(x, 1587, 314, 314) for x in (856, 1431, 1719)]
    dice += [pygame.Rect(454, 747, 268, 255), pygame.Rect(1089, 749, 251, 251)]
    rects = [message, notes, buttons, *columns, *dice]
    window = 3840 * 2160
    found = patches(rects, window // 100)
    assert len(found) == MAX_PATCHES
    assert covered(rects, found)
    assert message in found  # a patch of its own
    assert sum(p.width * p.height for p in found) < window * 0.6
    # Unbounded waste (the card's own cells), the columns and the line still keep apart.
    assert message in patches(rects)


def joined_by_rects(rects, most_waste=None):
    """The joining as first written, on Rects (each pair's waste worked out anew): what
    `patches` must give, on plain tuples and with the pairs' wastes kept."""

    def area(r):
        return r.width * r.height

    def waste(a, b):
        return area(a.union(b)) - area(a) - area(b) + area(a.clip(b))

    def settle(joined):
        last = joined.pop()
        merged = True
        while merged:
            merged = False
            for k, other in enumerate(joined):
                lost, union = waste(last, other), area(last.union(other))
                if lost <= 0.25 * union and (most_waste is None or lost <= most_waste):
                    last = last.union(joined.pop(k))
                    merged = True
                    break
        joined.append(last)

    joined = []
    for rect in sorted(rects, key=lambda r: (r.left, r.top)):
        joined.append(pygame.Rect(rect))
        settle(joined)
    while len(joined) > MAX_PATCHES:
        pairs = ((i, j) for i in range(len(joined)) for j in range(i))
        i, j = min(pairs, key=lambda pair: waste(joined[pair[0]], joined[pair[1]]))
        merged = joined[j].union(joined.pop(i))
        del joined[j]
        joined.append(merged)
        settle(joined)
    return joined


def a_frames_rects(rng: random.Random) -> list[pygame.Rect]:
    """What a table's frame may change at 4K: some of the card's cells (in columns, each
    a little larger than its cell so that they overlap), the message line, the notes,
    dice and their shadows, the buttons; in any order, some given twice."""
    rects = []
    for column in rng.sample(range(6), rng.randint(0, 3)):
        x = 2500 + 220 * column
        rows = sorted(rng.sample(range(19), rng.randint(1, 19)))
        rects += [pygame.Rect(x - 4, 180 + 96 * row - 4, 228, 104) for row in rows]
    if rng.random() < 0.5:
        rects.append(pygame.Rect(31, 31, 3782, 116))
    if rng.random() < 0.5:
        rects.append(pygame.Rect(32, 156, rng.randint(300, 2035), rng.randint(40, 524)))
    for _ in range(rng.randint(0, 10)):
        x, y, size = rng.randrange(200, 2300), rng.randrange(600, 1900), rng.randint(150, 320)
        rects.append(pygame.Rect(x, y, size, size))
    if rng.random() < 0.3:
        rects.append(pygame.Rect(31, 1976, 2038, 165))
    rects += rng.sample(rects, rng.randint(0, len(rects) // 4))
    rng.shuffle(rects)
    return rects


def test_the_patches_are_those_of_the_joining_on_rects() -> None:
    """The same patches, in the same order, as the joining on Rects gave: for 1,200 seeded
    frames' rectangles and 400 of rectangles anywhere, with and without a waste bound."""
    rng = random.Random(36)
    cases = [a_frames_rects(rng) for _ in range(1200)]
    for _ in range(400):
        size = rng.randint(1, 40)
        cases.append(
            [
                pygame.Rect(
                    rng.randrange(1000),
                    rng.randrange(600),
                    rng.randint(1, 200),
                    rng.randint(1, 200),
                )
                for _ in range(size)
            ]
        )
    for k, rects in enumerate(cases):
        for most in (None, 3840 * 2160 // 100, 500):
            assert patches(list(rects), most) == joined_by_rects(rects, most), (k, most)


def _scattered(
    rng: random.Random, room: tuple[int, int], side: int, most: int
) -> list[pygame.Rect]:
    """1 to `most` rectangles of sides 1 to `side`, their corners anywhere in `room`."""
    return [
        pygame.Rect(
            rng.randrange(room[0]),
            rng.randrange(room[1]),
            rng.randint(1, side),
            rng.randint(1, side),
        )
        for _ in range(rng.randint(1, most))
    ]


def _pixels(rects) -> set[tuple[int, int]]:
    return {(x, y) for r in rects for x in range(r.left, r.right) for y in range(r.top, r.bottom)}


def test_patches_cut_where_they_overlap_cover_the_same_pixels_each_once(monkeypatch) -> None:
    monkeypatch.setattr(frame, "CUT_FROM", 1)  # (small rectangles: any overlap cut)
    rng = random.Random(5)
    for _ in range(300):
        rects = _scattered(rng, (60, 40), 30, 5)
        cut = disjoint(rects)
        assert all(r.width > 0 and r.height > 0 for r in cut)
        assert _pixels(cut) == _pixels(rects)
        assert sum(r.width * r.height for r in cut) == len(_pixels(rects))  # none in two
        assert max(rects, key=lambda r: r.width * r.height) in cut  # the largest kept whole


def test_patches_that_overlap_a_little_are_drawn_as_they_are() -> None:
    """A patch more to draw costs more than drawing a few pixels twice."""
    a, b = pygame.Rect(0, 0, 400, 400), pygame.Rect(300, 300, 100, 300)  # 10,000 in both
    assert disjoint([a, b]) == [a, b]
    c = pygame.Rect(200, 200, 400, 400)  # 40,000 in both
    assert disjoint([a, c]) == [a, pygame.Rect(200, 400, 400, 200), pygame.Rect(400, 200, 200, 200)]


def test_a_frame_of_dice_drifting_at_4k_draws_few_pixels_twice() -> None:
    """A frame of the bench's game at 4K, five dice drifting to their row with their lifted
    shadows (the rectangles it changed): its patches met, a fifth of their pixels in two of
    them, drawn twice, felt and all."""
    changed = [
        pygame.Rect(r)
        for r in [
            (1025, 1125, 579, 579), (1220, 775, 554, 554), (1088, 519, 474, 474),
            (1364, 1148, 421, 421), (784, 1135, 343, 343), (1358, 983, 332, 317),
            (1597, 344, 327, 319), (1640, 441, 315, 315), (766, 1040, 310, 310),
            (1111, 297, 296, 315), (1073, 856, 302, 301), (1673, 542, 307, 287),
            (1271, 499, 292, 295), (1188, 691, 290, 290), (633, 961, 290, 290),
            (1716, 597, 290, 290), (611, 895, 292, 285), (1150, 731, 264, 264),
        ]
    ]  # fmt: skip
    window = pygame.Surface((3840, 2160))
    frame = Frame()
    frame.begin(retained=True)
    assert frame.limit(window, changed)
    drawn = list(frame.passes(window))
    joined = patches(changed, 3840 * 2160 // 100)
    area = sum(r.width * r.height for r in drawn)
    assert _pixels(drawn) == _pixels(joined)
    once = len(_pixels(joined))
    assert area < once + CUT_FROM and once < 0.8 * sum(r.width * r.height for r in joined)
    twice = [a.clip(b) for i, a in enumerate(drawn) for b in drawn[i + 1 :] if a.colliderect(b)]
    assert all(r.width * r.height < CUT_FROM for r in twice)
    assert frame.end(window) == drawn
