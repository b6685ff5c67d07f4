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
        assert all(not a.colliderect(b) for k, a in enumerate(found) for b in found[:k])
