"""A frame that keeps to time and finds a die on its way not made ahead draws only so many
itself (game.ui.stills.PLAIN); the others show what they showed a frame ago, moved to where
they are, never two frames running. A lifted shadow not grown in time shows grown less. A
frame that need not keep to time (a film, a tool's picture) draws everything exactly."""

from __future__ import annotations

import itertools
import time

import pygame
import pytest

from game.ui.dice_3d import DieModel, Shown, steps_for
from game.ui.dice_tray import DiceTray
from game.ui.dice_view import DieRenderer
from game.ui.layout import table_layout
from game.ui.palette import STANDARD_DICE
from game.ui.stills import PLAIN, Stills
from game.ui.tray_view import TrayLook

ROLL = (2, 5, 5, 1, 6)
ALL = (True,) * 5
TURN = (0.96, 0.12, -0.2, 0.15)
VIEW = (640.0, 360.0)


pytestmark = pytest.mark.usefixtures("display")


def _throws(budget: int | None, monkeypatch) -> list[tuple[int, int, dict[int, bool]]]:
    """Two throws drawn frame by frame with nothing made ahead (the stills' thread far
    behind): for each frame, the dice it drew itself, how many it showed as a frame before,
    and for each die shown whether it was."""
    monkeypatch.setattr(Stills, "want", lambda *args, **kwargs: False)
    tray = DiceTray(seed=9)
    try:
        tray.set_layout(table_layout((1280, 720), 4), STANDARD_DICE)
        frames = []
        end = time.monotonic() + 60
        for roll in (ROLL, (3, 3, 4, 6, 1)):
            tray.roll(roll, ALL, 1.0)
            assert tray.model.landing is not None
            tray.model.landing.result()
            while tray.animating:
                assert time.monotonic() < end, "the dice never came to rest"
                drawn = tray.renderer.made[1]
                tray.update(1 / 60)
                tray.pieces(TrayLook(STANDARD_DICE, budget=budget))
                shown = {
                    i: tray.renderer.shown[i].late for i, die in enumerate(tray.dice) if die.shown
                }
                frames.append((tray.renderer.made[1] - drawn, sum(shown.values()), shown))
        return frames
    finally:
        tray.close()


def test_a_frame_draws_so_many_dice_itself_and_the_rest_show_as_a_frame_before(
    monkeypatch,
) -> None:
    frames = _throws(1, monkeypatch)
    late_frames = [f for f in frames if f[1] > 0]
    assert len(late_frames) > 20  # (the test sees it: five dice fly, one is drawn)
    drawn_then = [drawn for drawn, _late, _shown in late_frames]
    assert min(drawn_then) == PLAIN  # the allowance is used before any die is shown late
    for before, after in itertools.pairwise(frames):
        for i, now in after[2].items():
            # Never two frames running, and only as it was shown the frame before (a die
            # out of the cup shows nothing of the last turn).
            assert not now or before[2].get(i) is False


def test_a_frame_that_need_not_keep_to_time_draws_every_die(monkeypatch) -> None:
    frames = _throws(None, monkeypatch)
    assert len(frames) > 10
    assert all(late == 0 for _drawn, late, _shown in frames)
    assert max(drawn for drawn, _late, _shown in frames) > PLAIN


def test_a_die_shown_late_is_its_last_image_where_it_is_now() -> None:
    stills = Stills()
    try:
        model = DieModel(steps_for(120), stills)
        stills.frame(1)
        for k in range(PLAIN):  # the frame's allowance, spent on other dice
            model.image((300.0 + k, 300.0), 120.0, TURN, STANDARD_DICE, view=VIEW, lift=0.5)
        renders = model.moving.renders
        old = pygame.Surface((10, 12), pygame.SRCALPHA)
        before = Shown((round(120.0 * 8), STANDARD_DICE, False), old, (-5, -7), late=False)
        image, at = model.image(
            (400.4, 250.6), 120.0, TURN, STANDARD_DICE, view=VIEW, lift=0.4, before=before
        )
        assert image is old and at == (400 - 5, 251 - 7) and model.late == 1
        assert model.moving.renders == renders  # not drawn
        for other in (
            Shown(before.kind, old, (-5, -7), late=True),  # shown late a frame ago already
            Shown((round(110.0 * 8), STANDARD_DICE, False), old, (-5, -7), late=False),
            Shown((round(120.0 * 8), STANDARD_DICE, True), old, (-5, -7), late=False),
        ):
            drawn, _at = model.image(
                (400.0, 250.0), 120.0, TURN, STANDARD_DICE, view=VIEW, lift=0.4, before=other
            )
            assert drawn is not old
            model.moving.clear()
        assert model.late == 1 and model.moving.renders == renders + 3
    finally:
        stills.close()


def test_a_lifted_shadow_not_grown_in_time_shows_grown_less_and_is_grown_for_the_next() -> None:
    stills = Stills()
    try:
        ahead, here = DieRenderer(stills=stills), DieRenderer()
        stills.frame(None)
        lower = ahead.grown(150, STANDARD_DICE, 1.2)
        stills.frame(1)
        assert ahead.grown(150, STANDARD_DICE, 1.5) is lower  # the nearest kept below it
        assert ahead.grown(150, STANDARD_DICE, 1.1) is ahead.shadow(150, STANDARD_DICE)
        assert ahead.late == 2
        key = ("grown", 150, STANDARD_DICE, 1.5)
        assert stills.wished(key)
        end = time.monotonic() + 20
        while not stills._pending[key][0].done():
            assert time.monotonic() < end, "the stills' thread never grew it"
            time.sleep(0.002)
        stills.frame(1)
        grown = ahead.grown(150, STANDARD_DICE, 1.5)
        exact = here.grown(150, STANDARD_DICE, 1.5)
        assert ahead.late == 2
        assert pygame.image.tobytes(grown, "RGBA") == pygame.image.tobytes(exact, "RGBA")
    finally:
        stills.close()
