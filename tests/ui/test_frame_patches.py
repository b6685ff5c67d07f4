"""The parts a frame redraws, gathered into a few patches that cover them all."""

from __future__ import annotations

import random

import pygame

from game.ui.frame import MAX_PATCHES, patches


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
        rects = [
            pygame.Rect(
                rng.randrange(3800), rng.randrange(2100), rng.randint(1, 300), rng.randint(1, 300)
            )
            for _ in range(rng.randint(1, 30))
        ]
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
