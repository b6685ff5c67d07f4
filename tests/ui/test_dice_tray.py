"""The dice tray: thrown dice land the same at any frame rate, on the rolled faces, inside the
felt; held dice stay put and never touch; reduced motion skips the throw; dice in the air
cannot be clicked; tidy dice drift to the row."""

from __future__ import annotations

import math
import statistics

import pygame
import pytest

from game.anim import orientation as ori
from game.anim.die import InCup
from game.anim.flight import POUR_ANGLE, TIP_FROM
from game.anim.hops import squares_meet
from game.tools.bench.throws import throw_times
from game.ui.dice_tray import MAX_SOUNDS, DiceTray
from game.ui.layout import table_layout
from game.ui.palette import HIGH_CONTRAST_DICE, STANDARD_DICE
from game.ui.tray_layout import FELT_GAP_SHARE, boxes_apart, drawn_box, landing_area
from game.ui.tray_view import HoldRow, TrayLook, drawn_state

ROLL = (2, 5, 5, 1, 6)
ALL = (True,) * 5
SIZES = ((640, 480), (800, 600), (1280, 720), (1280, 800), (700, 1100), (1920, 1080), (3840, 2160))


def _tray(size=(1280, 800), seed=4, tidy=True) -> DiceTray:
    tray = DiceTray(seed=seed)
    tray.tidy = tidy
    tray.set_layout(table_layout(size, 4))
    return tray


def _land(tray: DiceTray, dt: float = 1 / 60) -> int:
    frames = 0
    while tray.rolling:
        tray.update(dt)
        frames += 1
        assert frames < 60 * 10, "the throw never landed"
    return frames


def _resting(tray: DiceTray) -> list:
    return [(d.x, d.y, d.turn) for d in tray.dice]


def test_a_throw_lands_the_same_at_any_frame_rate() -> None:
    slow, fast = _tray(tidy=False), _tray(tidy=False)
    slow.roll(ROLL, ALL, 1.0)
    fast.roll(ROLL, ALL, 1.0)
    _land(slow, 1 / 30)
    _land(fast, 1 / 144)
    assert _resting(slow) == _resting(fast)


def test_every_die_lands_flat_on_its_rolled_face_inside_the_felt() -> None:
    tray = _tray(tidy=False)
    tray.roll(ROLL, ALL, 1.0)
    assert tray.rolling and not any(d.shown for d in tray.dice)  # in the cup
    _land(tray)
    area = tray.area
    for die, face in zip(tray.dice, ROLL, strict=True):
        assert die.face == face and ori.face_up(die.turn) == face
        assert ori.tilt(die.turn) < 1e-6
        assert area.collidepoint(die.x, die.y)
    assert tray.just_landed


def test_held_dice_stay_in_the_hold_row_while_the_others_fly() -> None:
    tray = _tray()
    tray.sync(ROLL, (True, False, True, False, False))
    held = [(tray.dice[i].x, tray.dice[i].y) for i in (0, 2)]
    assert held == [tray.layout.hold_slots[0], tray.layout.hold_slots[2]]
    tray.roll((2, 3, 5, 4, 4), (False, True, False, True, True), 1.0)
    while tray.rolling:
        tray.update(1 / 60)
        assert [(tray.dice[i].x, tray.dice[i].y) for i in (0, 2)] == held
        assert tray.dice[0].face == 2 and tray.dice[2].face == 5
    assert [d.face for d in tray.dice] == [2, 3, 5, 4, 4]


@pytest.mark.parametrize("reduced, speed", [(True, 1.0), (False, 0.0)])
def test_reduced_motion_and_instant_speed_skip_the_throw(reduced: bool, speed: float) -> None:
    tray = _tray()
    tray.reduced_motion = reduced
    tray.roll(ROLL, ALL, speed)
    assert not tray.rolling
    assert [d.face for d in tray.dice] == list(ROLL)
    assert [(d.x, d.y) for d in tray.dice] == list(tray.row_slots)


def test_dice_in_the_air_cannot_be_clicked_and_a_landed_one_can() -> None:
    tray = _tray()
    tray.roll(ROLL, ALL, 1.0)
    for _ in range(40):
        tray.update(1 / 60)
    slot = tray.row_slots[3]
    assert tray.die_at((round(slot[0]), round(slot[1]))) is None
    tray.finish()
    assert not tray.rolling and tray.just_landed
    assert tray.die_at((round(slot[0]), round(slot[1]))) == 3


def test_tidy_dice_drift_to_the_row_and_untidy_ones_stay_where_they_fell() -> None:
    for tidy in (True, False):
        tray = _tray(tidy=tidy)
        tray.roll(ROLL, ALL, 1.0)
        _land(tray)
        fell = [(d.x, d.y) for d in tray.dice]
        for _ in range(240):
            tray.update(1 / 60)
        assert not tray.animating
        now = [(d.x, d.y) for d in tray.dice]
        if tidy:
            assert now == list(tray.row_slots)
            assert all(abs(d.heading) <= 6.0 + 1e-6 for d in tray.dice)
        else:
            for (x, y), (fx, fy) in zip(now, fell, strict=True):
                assert abs(x - fx) <= 0.5 and abs(y - fy) <= 0.5


@pytest.mark.parametrize("size", [(640, 480), (1280, 800), (3840, 2160)])
def test_the_tidy_slide_never_draws_one_die_through_another(size) -> None:
    """Wherever two dice's footprints meet on their way to the row, one rides above the other
    by a die's height at least (it hops over it); before, they slid through each other."""
    hopped = 0
    for seed in range(16):
        tray = _tray(size, seed=seed)
        tray.roll(ROLL, ALL, 1.0)
        _land(tray)
        half = tray.layout.die_size / 2
        for _i in range(60):
            tray.update(1 / 60)
            dice = tray.dice
            hopped += any(d.lift >= 1.0 for d in dice)
            for i in range(5):
                for j in range(i):
                    a, b = dice[i], dice[j]
                    met = squares_meet(
                        (a.x, a.y),
                        half,
                        -ori.heading(a.turn),
                        (b.x, b.y),
                        half,
                        -ori.heading(b.turn),
                    )
                    assert not met or abs(a.lift - b.lift) >= 1.0, (seed, i, j)
        assert not tray.animating
        assert all(d.lift == 0.0 for d in tray.dice)  # all back on the felt, in the row
    assert hopped  # (ways that cross are the rule: the dice land in no order)


def test_squares_meet_as_drawn() -> None:
    assert squares_meet((0, 0), 10, 0.0, (19, 0), 10, 0.0)
    assert not squares_meet((0, 0), 10, 0.0, (21, 0), 10, 0.0)
    # Turned a quarter of a right angle, a corner reaches past the side of the other.
    assert squares_meet((0, 0), 10, math.radians(45.0), (23, 0), 10, 0.0)
    assert not squares_meet((0, 0), 10, math.radians(45.0), (25, 0), 10, 0.0)
    assert not squares_meet((0, 0), 10, math.radians(45.0), (17, 17), 10, math.radians(45.0))


def test_hits_are_heard_as_they_happen_a_few_at_a_time() -> None:
    tray = _tray()
    tray.roll(ROLL, ALL, 1.0)
    heard = []
    while tray.rolling:
        tray.update(1 / 60)
        hits = tray.take_impacts()
        assert len(hits) <= MAX_SOUNDS and hits == sorted(hits, reverse=True)
        heard += hits
    assert len(heard) >= 5 and all(0.0 < h <= 1.0 for h in heard)
    assert tray.take_impacts() == []


def test_a_new_layout_mid_throw_lands_the_dice() -> None:
    tray = _tray()
    tray.roll(ROLL, ALL, 1.0)
    for _ in range(30):
        tray.update(1 / 60)
    tray.set_layout(table_layout((800, 600), 4))
    assert not tray.rolling
    assert [d.face for d in tray.dice] == list(ROLL)


@pytest.mark.parametrize("size", SIZES)
def test_the_felt_dice_land_on_keeps_off_the_cup_the_hold_row_and_the_card(size) -> None:
    lay = table_layout(size, 4)
    area = landing_area(lay)
    assert lay.tray.contains(area)
    assert not area.colliderect(lay.hold_strip) and not area.colliderect(lay.card)
    assert not area.colliderect(lay.cup_rect)
    assert area.width >= 2 * lay.die_size and area.height >= 1.5 * lay.die_size


def _footprint(tray: DiceTray, i: int, focus: int | None) -> pygame.mask.Mask:
    """What die i alone draws (with its ring and padlock)."""
    canvas = pygame.Surface(tray.layout.size, pygame.SRCALPHA)
    states = [d.state for d in tray.dice]
    for j, die in enumerate(tray.dice):
        die.state = states[j] if j == i else InCup()
    strip = (0, 0, 0, 0)
    hold = HoldRow(pygame.Surface((1, 1), pygame.SRCALPHA), strip, strip)
    tray.draw(canvas, TrayLook(STANDARD_DICE, focus), hold)
    for j, die in enumerate(tray.dice):
        die.state = states[j]
    return pygame.mask.from_surface(canvas, 8)


@pytest.mark.parametrize("size", SIZES)
def test_a_held_die_lies_inside_its_ring(size) -> None:
    """Seen from the table's middle, a held die's far side showed above its square ring; in
    its place in the hold row it is seen straight on, all of it inside the ring."""
    tray = _tray(size)
    tray.sync(ROLL, ALL)
    renderer = tray.renderer.dice
    cup = _footprint(tray, -1, None)
    for i, die in enumerate(tray.dice):
        drawn = _footprint(tray, i, None)
        drawn.erase(cup, (0, 0))
        ring = renderer.decoration(round(tray.size_of(i)), True, False, STANDARD_DICE)
        ring_mask = pygame.mask.from_surface(ring, 8)
        at = ring.get_rect(center=(round(die.x), round(die.y))).topleft
        # Down the middle of the die (clear of the padlock at its corner), nothing of it is
        # drawn above the ring's top edge or below its bottom.
        x = round(die.x)
        ring_rows = [y for y in range(ring.get_height()) if ring_mask.get_at((x - at[0], y))]
        drawn_rows = [y for y in range(drawn.get_size()[1]) if drawn.get_at((x, y))]
        assert min(drawn_rows) >= at[1] + min(ring_rows), (size, i)
        assert max(drawn_rows) <= at[1] + max(ring_rows), (size, i)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("focus", [None, 2])
def test_held_dice_and_their_padlocks_never_touch(size, focus) -> None:
    tray = _tray(size)
    tray.sync(ROLL, ALL)
    cup = pygame.mask.Mask(tray.layout.size)
    cup.draw(_footprint(tray, -1, None), (0, 0))  # the cup and shadows with no die at all
    masks = []
    for i in range(5):
        mask = _footprint(tray, i, focus)
        mask.erase(cup, (0, 0))
        masks.append(mask)
    for i in range(4):
        assert masks[i].overlap_area(masks[i + 1], (0, 0)) == 0, i


def test_key_hints_tag_each_die_with_its_number() -> None:
    tray = _tray()
    tray.sync(ROLL, (False, True, False, False, False))
    plain = pygame.Surface(tray.layout.size)
    tagged = pygame.Surface(tray.layout.size)
    labels = tuple(pygame.Surface((8, 10)) for _ in range(5))
    for label in labels:
        label.fill((200, 0, 0))
    strip = (0, 60, 0)
    hold = HoldRow(pygame.Surface((1, 1)), strip, strip)
    for palette in (STANDARD_DICE, HIGH_CONTRAST_DICE):
        tray.draw(plain, TrayLook(palette), hold)
        tray.draw(tagged, TrayLook(palette, key_labels=labels), hold)
        for i, die in enumerate(tray.dice):
            # The tag sits on the die's lower left corner, the label in its middle.
            corner = (round(die.x - tray.size_of(i) / 2), round(die.y + tray.size_of(i) / 2))
            assert tagged.get_at(corner) == (200, 0, 0)
            assert plain.get_at(corner) != (200, 0, 0), i


def test_untidy_dice_never_thrown_lie_in_the_row_not_on_each_other() -> None:
    tray = _tray(tidy=False)
    tray.sync(ROLL, (False,) * 5)  # a loaded game: no throw put them anywhere
    assert [(d.x, d.y) for d in tray.dice] == list(tray.row_slots)


# ----------------------------------------------------------------- the throw's pace and room


def _boxes(tray: DiceTray) -> list[tuple[float, float, float, float]]:
    """What each die on show draws, as drawn (sides in perspective and shadow)."""
    lay = tray.layout
    return [
        drawn_box((d.x, d.y), tray.size_of(i), d.turn, lay.tray.center)
        for i, d in enumerate(tray.dice)
        if d.face is not None and not d.held
    ]


def _all_apart(boxes, gap: float = 1.0) -> bool:
    return all(boxes_apart(a, b, gap) for k, a in enumerate(boxes) for b in boxes[:k])


@pytest.mark.parametrize("size", [(640, 480), (1280, 800), (3840, 2160)])
def test_the_first_die_is_out_of_the_cup_within_a_fifth_of_a_second(size) -> None:
    times = throw_times(20, size, seed=9)
    assert max(times.first_out) <= 0.2
    assert min(times.first_out) > 0.1  # after the shake, not at once


@pytest.mark.parametrize("size", [(640, 480), (3840, 2160)])
def test_the_cup_shakes_to_be_seen_before_it_tips(size) -> None:
    """Before the tip the cup swings to and fro (a few times, a fifth of a die or so, and
    tilting), not a twitch lost in the tip."""
    tray = _tray(size)
    tray.roll(ROLL, ALL, 1.0)
    xs, tilts = [], []
    while tray.model.flight is not None and tray.model.flight.time < TIP_FROM:
        tray.update(1 / 60)
        xs.append(tray.model.cup_offset()[0])
        tilts.append(tray.cup_angle())
    size_px = tray.layout.die_size
    assert len(xs) >= 5  # frames of shaking alone
    assert max(xs) - min(xs) >= 0.15 * size_px
    assert max(abs(t) for t in tilts) >= 3.0
    turns = sum(1 for a, b, c in zip(xs, xs[1:], xs[2:], strict=False) if (b - a) * (c - b) < 0)
    assert turns >= 2  # to and fro


@pytest.mark.parametrize("size", [(1280, 800), (3840, 2160)])
def test_the_result_is_told_within_a_second_and_the_dice_are_still_within_1_3(size) -> None:
    times = throw_times(60, size, seed=5)
    assert statistics.median(times.result) <= 1.0
    assert statistics.median(times.still) <= 1.3
    assert all(r < s for r, s in zip(times.result, times.still, strict=True))


@pytest.mark.parametrize("size", [(640, 480), (1280, 800)])
@pytest.mark.parametrize("tidy", [True, False])
def test_every_frame_of_a_throw_moves_something_until_the_dice_are_still(size, tidy) -> None:
    for seed in range(12):
        tray = _tray(size, seed=seed, tidy=tidy)
        tray.roll(ROLL, ALL, 1.0)
        frames = [drawn_state(tray.model)]
        for _ in range(240):
            tray.update(1 / 60)
            frames.append(drawn_state(tray.model))
        last = max(k for k in range(1, len(frames)) if frames[k] != frames[k - 1])
        dead = [k for k in range(1, last + 1) if frames[k] == frames[k - 1]]
        assert dead == [], (seed, dead)
        assert last < 240 - 60  # and then they are still


@pytest.mark.parametrize("dt", [1 / 60, 1 / 20])  # 1/20: the app's longest step, a busy machine
def test_the_cup_tips_over_in_a_motion_seen_over_several_frames(dt) -> None:
    tray = _tray()
    tray.roll(ROLL, ALL, 1.0)
    angles = []
    while tray.rolling and tray.cup_angle() > POUR_ANGLE + 0.5:
        tray.update(dt)
        angles.append(tray.cup_angle())
    between = [a for a in angles if POUR_ANGLE + 1.0 < a < -8.0]  # beyond any shake's tilt
    # (A brisk tip, so that the first die is out within 0.2 s of the key, after the shake.)
    assert len(between) >= (1 if dt > 0.04 else 4), angles
    assert between == sorted(between, reverse=True)  # one way: over, not back and forth


@pytest.mark.parametrize("seed", range(4))
def test_a_roll_right_after_a_hold_brings_the_held_die_home_before_any_die_leaves(seed) -> None:
    tray = _tray(seed=seed)
    tray.roll(ROLL, ALL, 1.0)
    tray.finish()
    for _ in range(60):
        tray.update(1 / 60)
    tray.set_held(1, True)
    for _ in range(12):  # Roll pressed 0.2 s after the hold: the die is on its way
        tray.update(1 / 60)
    assert tray.dice[1].lift > 0.0 or (tray.dice[1].x, tray.dice[1].y) != tray.model.target(1)
    rolled = (True, False, True, True, True)
    tray.roll((3, 5, 1, 1, 2), rolled, 1.0)
    home = tray.layout.hold_slots[1]
    while tray.rolling:
        tray.update(1 / 60)
        held = tray.dice[1]
        assert (held.x, held.y, held.lift) == (*home, 0.0)  # home, and stays there
    assert tray.dice[1].face == 5


@pytest.mark.parametrize("size", SIZES)
def test_resting_dice_never_touch_as_drawn_where_they_fell(size) -> None:
    # The start roll throws all five: with no tidying they lie where they fell, with felt
    # between them that reads as a gap at every size (two pixels look like touching at 640x480).
    for seed in range(8):
        tray = _tray(size, seed=seed, tidy=False)
        tray.roll(ROLL, ALL, 1.0)
        _land(tray)
        gap = FELT_GAP_SHARE * tray.layout.die_size - 1.0  # (boxes are on whole pixels)
        assert _all_apart(_boxes(tray), gap), (seed, _boxes(tray))


@pytest.mark.parametrize("size", SIZES)
def test_the_tidy_row_has_felt_between_its_dice_as_drawn(size) -> None:
    tray = _tray(size)
    tray.roll(ROLL, ALL, 1.0)
    _land(tray)
    for _ in range(120):
        tray.update(1 / 60)
    assert not tray.animating
    boxes = _boxes(tray)
    lay = tray.layout
    # A gap that reads as one: a tenth of a die where the tray has room (at 640x480 with four
    # cards, four pixels between 40 px dice, not the two that looked like touching).
    assert _all_apart(boxes, 0.09 * lay.die_size), boxes
    assert boxes[0][0] > lay.cup_rect.right and boxes[-1][2] < lay.tray.right


def test_dice_lying_where_they_fell_are_kept_apart_on_a_felt_of_a_new_shape() -> None:
    tray = _tray((3840, 2160), seed=2, tidy=False)
    tray.roll(ROLL, ALL, 1.0)
    _land(tray)
    tray.set_layout(table_layout((2560, 1080), 1))  # the flattest felt
    assert _all_apart(_boxes(tray))


@pytest.mark.parametrize("size", [(640, 480), (1280, 720), (3840, 2160)])
def test_the_dice_of_both_sizes_are_made_with_the_layout_not_at_the_first_hold(
    size, monkeypatch
) -> None:
    """A held die is smaller, and may be drawn with a coarser mesh (1-3 ms to build): made
    when the layout is, in a frame drawn whole, not in the frame of a game's first hold."""
    from game.ui import dice_3d

    built: list[int] = []
    build = dice_3d.build_mesh
    monkeypatch.setattr(dice_3d, "build_mesh", lambda steps: built.append(steps) or build(steps))
    dice_3d.mesh_of.cache_clear()
    tray = DiceTray(seed=1)
    try:
        tray.set_layout(table_layout(size, 4), STANDARD_DICE)
        made = len(built)
        tray.sync(ROLL, (True, False, True, False, False))
        tray.pieces(TrayLook(STANDARD_DICE))
        assert made > 0 and len(built) == made
    finally:
        tray.close()
        dice_3d.mesh_of.cache_clear()
