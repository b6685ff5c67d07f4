"""Images of a throw made ahead on the stills' thread (game.ui.stills): the lifted shadows a
throw will cast and the dice of its landing's frame are the very pixels the frames would make
themselves, kept in bounded caches, and a throw replaced mid-way shows no image of the old."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

import pygame
import pytest

from game.anim.die import Drifting, Flying
from game.anim.tray import TrayModel
from game.ui.dice_3d import AHEAD_CACHE, DieModel, steps_for
from game.ui.dice_tray import DiceTray
from game.ui.dice_view import GROWN_WISHES, DieRenderer
from game.ui.layout import table_layout
from game.ui.palette import STANDARD_DICE
from game.ui.stills import Stills
from game.ui.tray_view import TrayLook

ROLL = (2, 5, 5, 1, 6)
ALL = (True,) * 5
TURN = (0.96, 0.12, -0.2, 0.15)


@pytest.fixture(autouse=True)
def display():
    pygame.init()
    pygame.display.set_mode((8, 8))


def _pixels(image: pygame.Surface) -> bytes:
    return pygame.image.tobytes(image, "RGBA")


def _settle(stills: Stills) -> None:
    """Wait until the stills' thread has made all it was asked for."""
    end = time.monotonic() + 20
    while any(not future.done() for future, _keep in stills._pending.values()):
        assert time.monotonic() < end, "the stills' thread never finished"
        time.sleep(0.002)


def test_lifted_shadows_grown_ahead_are_those_grown_in_the_frame_lowest_first() -> None:
    stills = Stills()
    try:
        ahead, here = DieRenderer(stills=stills), DieRenderer()
        ahead.want_grown(150, STANDARD_DICE, lift=400.0)  # up to 1 + 400 * 0.004 = 2.6
        assert sorted(k[3] for k in stills._pending) == [1.1, 1.2, 1.3, 1.4][:GROWN_WISHES]
        _settle(stills)
        made = ahead.cache.renders  # the shadow grown from, made here
        for zoom in (1.1, 1.2, 1.3, 1.4):
            assert _pixels(ahead.grown(150, STANDARD_DICE, zoom)) == _pixels(
                here.grown(150, STANDARD_DICE, zoom)
            )
        assert ahead.cache.renders == made and stills.ahead == 4  # taken, none made again
        ahead.want_grown(150, STANDARD_DICE, lift=400.0)  # the next ones up
        assert sorted(k[3] for k in stills._pending) == [1.5, 1.6, 1.7, 1.8]
    finally:
        stills.close()


def test_a_moving_die_made_ahead_is_the_image_drawn_in_the_frame_and_they_are_bounded() -> None:
    stills = Stills()
    try:
        ahead, here = DieModel(steps_for(120), stills), DieModel(steps_for(120))
        args = ((400.0, 300.0), 120.0, TURN, STANDARD_DICE)
        ahead.prepare(*args, (640.0, 360.0), False, 0.4)
        _settle(stills)
        image, at = ahead.image(*args, view=(640.0, 360.0), lift=0.4)
        same, same_at = here.image(*args, view=(640.0, 360.0), lift=0.4)
        assert at == same_at and _pixels(image) == _pixels(same)
        assert ahead.moving.renders == 0 and stills.ahead == 1
        for k in range(AHEAD_CACHE + 10):
            ahead.prepare(*args, (640.0 + k, 360.0), False, 0.4)
            _settle(stills)
            ahead.image(*args, view=(640.0 + k, 360.0), lift=0.4)
        assert len(ahead.ahead) == AHEAD_CACHE and ahead.moving.renders == 0
    finally:
        stills.close()


def _made_in_frames(tray: DiceTray, look: TrayLook, going: Callable[[], bool]) -> list[int]:
    """Throw, and count the rings, shadows and cups each frame makes itself while `going`
    (the stills' thread let finish before each frame, as the other core would)."""
    tray.roll(ROLL, ALL, 1.0)
    made = []
    while going():
        _settle(tray.renderer.stills)
        before = tray.renderer.made[2]
        tray.update(1 / 60)
        tray.pieces(look)
        made.append(tray.renderer.made[2] - before)
    return made


def _film(tray: DiceTray, ahead: bool, replace_after: int | None = None) -> list[bytes]:
    """Every frame of a throw drawn at 1/60 s, the stills' thread let finish before each;
    `ahead`: as the game draws (images made ahead), else each made in its frame. With
    `replace_after`, the throw is undone after so many frames and another thrown."""
    surface = pygame.Surface((1280, 800))
    look = TrayLook(STANDARD_DICE, budget=1 if ahead else None)
    tray.roll(ROLL, ALL, 1.0)
    frames: list[bytes] = []
    for frame in range(400):
        if frame == replace_after:
            tray.sync((1, 1, 1, 1, 1), (False,) * 5)
            tray.roll((6, 6, 3, 3, 4), ALL, 1.0)
        _settle(tray.renderer.stills)
        tray.update(1 / 60)
        surface.fill((30, 90, 60))
        for piece in tray.pieces(look):
            piece.paint(surface)
        frames.append(_pixels(surface))
        if not tray.animating:
            return frames
    raise AssertionError("the dice never came to rest")


@pytest.mark.parametrize("replace_after", [None, 30])
def test_a_throw_drawn_with_images_made_ahead_looks_the_same(replace_after) -> None:
    ahead, here = DiceTray(seed=4), DiceTray(seed=4)
    try:
        for tray in (ahead, here):
            tray.set_layout(table_layout((1280, 800), 4), STANDARD_DICE)
        filmed = _film(ahead, True, replace_after)
        assert filmed == _film(here, False, replace_after)
        assert ahead.renderer.stills.ahead > 5  # its landing's dice, shadows, still dice
    finally:
        ahead.close()
        here.close()


def _thrown(seed: int) -> list[tuple[str, int]]:
    """A throw at 1920x1080 drawn frame by frame as the game draws it (the stills' thread
    let finish before each frame, the throw known before the first): for each frame till
    all lie still, what the dice did and how many it drew itself."""
    tray = DiceTray(seed=seed)
    try:
        tray.set_layout(table_layout((1920, 1080), 4), STANDARD_DICE)
        look = TrayLook(STANDARD_DICE, budget=1)
        tray.roll(ROLL, ALL, 1.0)
        assert tray.model.landing is not None
        tray.model.landing.result()  # the throw known, as while the cup shakes
        frames = []
        while tray.animating:
            _settle(tray.renderer.stills)
            drawn, rolling = tray.renderer.made[1], tray.rolling
            tray.update(1 / 60)
            tray.pieces(look)
            flying = any(isinstance(d.state, Flying) for d in tray.dice)
            drifting = any(isinstance(d.state, Drifting) for d in tray.dice)
            doing = "in the air" if flying else "in the cup" if tray.rolling else "landing"
            if not rolling:
                doing = "drifting" if drifting else "lying still"
            frames.append((doing, tray.renderer.made[1] - drawn))
        return frames
    finally:
        tray.close()


def test_the_landing_frame_draws_no_die_itself() -> None:
    assert [f for f in _thrown(9) if f[0] == "landing"] == [("landing", 0)]


def test_dice_drifting_to_their_row_are_drawn_ahead_of_their_frames() -> None:
    drifting = [drawn for doing, drawn in _thrown(9) if doing == "drifting"]
    assert len(drifting) > 10 and sum(drifting) == 0


def test_dice_in_the_air_are_drawn_ahead_of_their_frames() -> None:
    in_the_air = [drawn for doing, drawn in _thrown(9) if doing == "in the air"]
    assert len(in_the_air) > 20 and sum(in_the_air) == 0


def test_a_change_foreseen_is_drawn_ahead_and_looks_the_same() -> None:
    """A CPU's move is known while its pause runs (DiceTray.foresee): the dice put away at
    its score are drawn ahead, where they lie and a step into their drift."""
    foreseen, here = DiceTray(seed=9), DiceTray(seed=9)
    surface = pygame.Surface((1920, 1080))
    # The one drawn ahead keeps to time; the other draws every die itself, exactly (a frame
    # that keeps to time draws only so many itself: game.ui.stills.PLAIN).
    looks = (TrayLook(STANDARD_DICE, budget=1), TrayLook(STANDARD_DICE))
    try:
        for tray, look in zip((foreseen, here), looks, strict=True):
            tray.set_layout(table_layout((1920, 1080), 4), STANDARD_DICE)
            tray.sync((1, 2, 3, 4, 5), (True, True, False, False, False))
            tray.update(1 / 60)
            tray.pieces(look)
        foreseen.foresee(TrayModel.put_away)
        assert foreseen.model.landing is not None and foreseen.model.landing.result()
        films: list[list[bytes]] = [[], []]
        drawn_here = []
        for frame in range(6):
            for k, tray in enumerate((foreseen, here)):
                _settle(tray.renderer.stills)
                drawn = tray.renderer.made[1]
                tray.update(1 / 60)
                if frame == 1:
                    tray.put_away()  # the CPU scores (after the dice's step, as the board)
                surface.fill((30, 90, 60))
                for piece in tray.pieces(looks[k]):
                    piece.paint(surface)
                films[k].append(_pixels(surface))
                if k == 0:
                    drawn_here.append(tray.renderer.made[1] - drawn)
        assert films[0] == films[1]
        assert here.renderer.made[1] > 0 and drawn_here == [0] * 6
    finally:
        foreseen.close()
        here.close()


def test_a_roll_knows_every_angle_its_frames_turn_the_cup_to_in_their_order() -> None:
    tray = DiceTray(seed=3)
    try:
        tray.set_layout(table_layout((1920, 1080), 4), STANDARD_DICE)
        tray.roll(ROLL, ALL, 1.0)
        flight, landing = tray.model.flight, tray.model.landing
        assert flight is not None and landing is not None
        shaking = flight.cup_angles(1 / 60, known=False)  # before the throw is known
        landing.result()
        angles = flight.cup_angles(1 / 60, known=True)
        drawn = []
        while tray.rolling:
            tray.update(1 / 60)
            drawn.append(tray.cup_angle())
        assert angles == drawn[: len(angles)] and set(drawn[len(angles) :]) == {0.0}
        assert len(set(map(round, angles))) > 20 and min(angles) == -55.0  # and the righting
        assert shaking == angles[: len(shaking)] and min(shaking) > -13
    finally:
        tray.close()


def test_a_games_first_throw_at_4k_turns_no_cup_and_no_shadow_in_its_frames() -> None:
    """A table just opened has warmed nothing yet: the roll wishes the cup's angles, the
    dice's lifted shadows and, the frame before a die touches the felt, its turned shadows
    (the stills' thread let finish before each frame, as the other core would)."""
    tray = DiceTray(seed=9)
    try:
        tray.set_layout(table_layout((3840, 2160), 4), STANDARD_DICE)
        look = TrayLook(STANDARD_DICE, budget=1)
        tray.pieces(TrayLook(STANDARD_DICE))  # the table's first frame: the upright cup
        made = _made_in_frames(tray, look, lambda: tray.rolling)
        assert len(made) > 30 and made == [0] * len(made)
    finally:
        tray.close()


@pytest.mark.parametrize("seed", [1, 2])
def test_a_held_dies_rings_are_turned_once_while_the_others_fly(monkeypatch, seed) -> None:
    """A held die lies in the hold row a hair off square (1e-14 degrees, as its turn was
    squared) while the others fly: its rings were turned anew in every frame of the throw
    (at that very angle, unkept), to the same pixels."""
    tray = DiceTray(seed=seed)
    turned: list[float] = []
    rotozoom = pygame.transform.rotozoom

    def counted(image: pygame.Surface, angle: float, zoom: float) -> pygame.Surface:
        if threading.current_thread() is threading.main_thread() and abs(angle) < 0.5:
            turned.append(angle)  # (a cup is turned by whole degrees: not these)
        return rotozoom(image, angle, zoom)

    try:
        tray.set_layout(table_layout((1920, 1080), 4), STANDARD_DICE)
        look = TrayLook(STANDARD_DICE, budget=1)
        tray.roll((1, 2, 3, 4, 6), ALL, 1.0)
        while tray.animating:
            tray.update(1 / 60)
        for i in range(4):
            tray.set_held(i, True)
        while tray.animating:
            tray.update(1 / 60)
        monkeypatch.setattr(pygame.transform, "rotozoom", counted)
        tray.roll((1, 2, 3, 4, 5), (False,) * 4 + (True,), 1.0)
        tray.update(1 / 60)
        off = [d.heading for d in tray.dice if d.held and d.heading != 0.0]
        assert off and all(abs(h) < 1e-12 for h in off)
        frames = 0
        while tray.rolling:
            tray.pieces(look)
            tray.update(1 / 60)
            frames += 1
        assert frames > 30 and len(turned) == len(set(off))  # (the same rings: once)
    finally:
        tray.close()


def test_a_table_warms_its_throws_images_at_every_size_and_then_stops() -> None:
    """At 720p a cup turned or a shadow made is a few tenths of a millisecond against a
    median frame under one: quiet frames warm them there too, until all are made, and then
    look for none (each look a tenth of a millisecond of every quiet frame)."""
    tray = DiceTray(seed=2)
    try:
        tray.set_layout(table_layout((1280, 720), 4), STANDARD_DICE)
        look = TrayLook(STANDARD_DICE, budget=1)
        tray.pieces(TrayLook(STANDARD_DICE))  # the table's first frame
        for _quiet in range(200):
            _settle(tray.renderer.stills)
            tray.update(1 / 60)
            tray.pieces(look)
        _settle(tray.renderer.stills)
        tray.update(1 / 60)
        assert not tray.renderer.stills.busy  # all made: nothing more wished
        made = _made_in_frames(tray, look, lambda: tray.animating)
        assert len(made) > 30 and made == [0] * len(made)
    finally:
        tray.close()
