"""Confetti: one piece model, one motion law and one drawing for both launches."""

from __future__ import annotations

import math
import random

import pygame

from game.ui import confetti
from game.ui.confetti import GRAVITY, Piece, burst, card, fall

RED, BLUE = (220, 30, 30), (30, 30, 220)


def test_card_is_the_centre_plus_or_minus_half_of_each_edge():
    assert card((10.0, 20.0), (3.0, 1.0), (-0.5, 2.0)) == (
        (7.5, 17.0),
        (13.5, 19.0),
        (12.5, 23.0),
        (6.5, 21.0),
    )


def test_one_step_moves_a_burst_piece_by_drag_then_gravity():
    shot = burst((400.0, 300.0), [RED], random.Random(5), count=1, scale=2.0)
    p = shot.pieces[0]
    x, y, vx, vy, turn = p.x, p.y, p.vx, p.vy, p.turn
    shot.update(0.1)
    keep = math.exp(-1.6 * 0.1)
    vy_after = vy * keep + GRAVITY * 2.0 * 0.1
    assert (p.vx, p.vy) == (vx * keep, vy_after)
    assert (p.x, p.y) == (x + vx * keep * 0.1, y + vy_after * 0.1)
    assert p.turn == turn + p.spin * 0.1


def test_a_seeded_burst_lands_where_its_throw_says():
    first = burst((400.0, 300.0), [RED, BLUE], random.Random(7), count=30)
    again = burst((400.0, 300.0), [RED, BLUE], random.Random(7), count=30)
    for _ in range(60):
        first.update(1 / 60)
        again.update(1 / 60)
    assert first.pieces == again.pieces
    # Thrown upwards from the origin: a second later gravity has them on the way down.
    assert all(p.vy > 0 for p in first.pieces)
    assert {p.colour for p in first.pieces} == {RED, BLUE}
    assert not first.done
    first.update(1.6)
    assert first.done


def test_a_burst_fades_to_nothing_at_the_end_of_its_life():
    shot = burst((400.0, 300.0), [RED], random.Random(3), count=5)
    shot.update(confetti.BURST_LIFE)
    for _, corners in shot.cards((800, 600)):
        assert len({(round(x, 9), round(y, 9)) for x, y in corners}) == 1


def test_a_falling_piece_shows_at_the_top_when_its_delay_is_up():
    shower = fall([RED], random.Random(11), count=1)
    p = shower.pieces[0]
    delay = (confetti.FALL_TOP - p.y) / p.vy
    shower.update(delay)
    assert math.isclose(p.y, confetti.FALL_TOP, abs_tol=1e-12)


def test_a_fall_stays_over_the_window_across_and_leaves_it_at_the_bottom():
    shower = fall([RED, BLUE], random.Random(2), count=70)
    size = w, h = (700, 1100)
    margin = 0.025 * w + 0.008 * w  # the widest sway and half the largest piece
    while not shower.done:
        heights = [p.y for p in shower.pieces]
        shower.update(1 / 30)
        assert all(p.y > y for p, y in zip(shower.pieces, heights, strict=True))  # only ever down
        for _, corners in shower.cards(size):
            assert all(-margin <= x <= w + margin for x, _ in corners)
    low = [p for p in shower.pieces if p.y * h > h]
    assert len(low) > len(shower.pieces) // 2  # most have fallen past the bottom


def test_both_launches_are_the_same_piece_moved_and_drawn_the_same_way():
    shot = burst((100.0, 100.0), [RED], random.Random(1), count=3)
    shower = fall([BLUE], random.Random(1), count=3)
    assert {type(p) for p in shot.pieces + shower.pieces} == {Piece}
    assert type(shot) is type(shower)
    shot.update(0.2)
    shower.update(2.0)
    for effect, colour in ((shot, RED), (shower, BLUE)):
        surface = pygame.Surface((400, 300))
        effect.draw(surface)
        painted = pygame.mask.from_threshold(surface, colour, (1, 1, 1, 255)).count()
        assert painted > 0
        expected = pygame.Surface((400, 300))
        for c, corners in effect.cards((400, 300)):
            pygame.draw.polygon(expected, c, corners)
        assert pygame.image.tobytes(surface, "RGB") == pygame.image.tobytes(expected, "RGB")
