"""The throw at the table, with real pygame events: a roll 0.2 s after a hold brings the held
die home before any die leaves the cup, and what the dice show is told within a second."""

from __future__ import annotations

import pygame

from tests.scenes.test_table import STEP, feed, key, settle, solo


def test_a_roll_a_moment_after_a_hold_brings_the_held_die_home_first(ctx):
    table = solo(ctx)
    feed(ctx, key(pygame.K_SPACE))
    settle(ctx)
    feed(ctx, key(pygame.K_2))
    tray, home = table.tray, table.lay.hold_slots[1]
    for _ in range(12):  # 0.2 s: the die is on its way to the hold row
        ctx.stack.update(STEP)
    assert (tray.dice[1].x, tray.dice[1].y) != home
    feed(ctx, key(pygame.K_SPACE))
    assert table.session.state.rolls == 2 and tray.rolling
    frames = 0
    while tray.rolling:
        die = tray.dice[1]
        assert (die.x, die.y, die.lift) == (*home, 0.0), frames  # home, never on the felt
        ctx.stack.update(STEP)
        ctx.stack.draw(pygame.display.get_surface())
        frames += 1
    assert tray.dice[1].face == table.session.state.dice[1]


def test_what_the_dice_show_is_told_within_a_second_of_the_key(ctx):
    table = solo(ctx)
    feed(ctx, key(pygame.K_SPACE))
    told = 0.0
    while table.board.presenter.after_landing is not None or table.tray.rolling:
        ctx.stack.update(STEP)
        told += STEP
        assert told < 1.2, "the result is not told yet"
    assert table.board.presenter.message and "..." not in table.board.presenter.message
