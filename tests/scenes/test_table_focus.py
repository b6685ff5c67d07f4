"""The table's keyboard focus, moved by real keys over the one focus model."""

from __future__ import annotations

import pygame

from game.rules import CATEGORIES
from game.scenes.table import focus
from game.scenes.table.focus import BoxTarget, ButtonTarget, DieTarget
from tests.driver import feed, hover, key, settle
from tests.scenes.test_table import solo


def moves(ctx, table, *codes: int, mod: int = 0) -> list[tuple]:
    seen = []
    for code in codes:
        feed(ctx, key(code, mod=mod))
        seen.append(table.focus)
    return seen


def test_before_a_roll_left_and_right_go_round_the_buttons(ctx):
    table = solo(ctx)
    assert table.focus == focus.HOME
    assert moves(ctx, table, pygame.K_LEFT, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_RIGHT) == [
        ButtonTarget("menu"),
        ButtonTarget("undo"),
        ButtonTarget("menu"),
        ButtonTarget("roll"),
    ]


def test_with_dice_in_play_the_arrows_keep_to_their_rows(ctx):
    table = solo(ctx)
    feed(ctx, key(pygame.K_SPACE))
    settle(ctx)
    boxes = [BoxTarget(c) for c in focus.open_boxes(table.session.state)]
    assert len(boxes) == len(CATEGORIES)
    assert moves(ctx, table, pygame.K_LEFT, pygame.K_LEFT) == [DieTarget(4), DieTarget(3)]
    assert moves(ctx, table, pygame.K_UP, pygame.K_UP, pygame.K_DOWN) == [
        boxes[-1],
        boxes[-2],
        boxes[-1],
    ]
    assert moves(ctx, table, pygame.K_DOWN, pygame.K_RIGHT) == [boxes[0], DieTarget(0)]


def test_tab_goes_round_dice_buttons_and_boxes(ctx):
    table = solo(ctx)
    feed(ctx, key(pygame.K_SPACE))
    settle(ctx)
    boxes = [BoxTarget(c) for c in focus.open_boxes(table.session.state)]
    assert moves(ctx, table, *[pygame.K_TAB] * 4) == [
        ButtonTarget("hint"),
        ButtonTarget("undo"),
        ButtonTarget("menu"),
        boxes[0],
    ]
    assert moves(ctx, table, pygame.K_TAB, mod=pygame.KMOD_SHIFT) == [ButtonTarget("menu")]
    feed(ctx, key(pygame.K_UP))  # from a button, Up enters the boxes at the last
    assert moves(ctx, table, pygame.K_TAB, pygame.K_TAB) == [DieTarget(0), DieTarget(1)]


def test_the_hover_moves_the_same_focus_and_a_used_die_gives_it_back(ctx):
    table = solo(ctx)
    feed(ctx, key(pygame.K_SPACE))
    settle(ctx)
    x, y = table.lay.roll_slots[2]
    feed(ctx, hover((x, y)))
    assert table.focus == DieTarget(2)
    feed(ctx, key(pygame.K_RIGHT))
    assert table.focus == DieTarget(3)
    for _ in range(2):
        feed(ctx, key(pygame.K_SPACE))
        settle(ctx)
    assert table.session.state.rolls_left == 0
    assert table.focus == focus.HOME  # the dice are out of play: the focus went home
