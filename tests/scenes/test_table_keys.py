"""The table's keys as a player meets them (issue 33): a box chosen while the dice still tidy
is taken, and Undo looks disabled exactly when it would refuse."""

from __future__ import annotations

import pygame

from game.rules import Category, Roll
from game.scenes.table.focus import BoxTarget
from tests.driver import STEP, feed, key, settle

from .test_table import solo


def test_a_box_chosen_while_the_dice_tidy_is_taken(ctx):
    """The line said "choose a box" while the dice slid into their row, and the choice (the
    box's letter, then Enter) was swallowed as part of a burst of presses."""
    ctx.settings = ctx.settings.replace(tidy_dice=True)
    table = solo(ctx, seed=1)
    for _roll in range(2):
        feed(ctx, key(pygame.K_SPACE))
        settle(ctx)
    feed(ctx, key(pygame.K_SPACE))
    while table.tray.rolling:  # the last roll lands on its own
        ctx.stack.update(STEP)
    assert table.tray.just_landed and table.tray.animating  # still tidying
    assert table.board.presenter.message.endswith("choose a box")
    feed(ctx, key(pygame.K_c))
    assert table.focus == BoxTarget(Category.CHANCE)
    feed(ctx, key(pygame.K_RETURN))
    assert table.session.state.cards[0][Category.CHANCE] is not None


def test_a_burst_of_rolls_still_lands_the_dice_and_never_scores(ctx):
    table = solo(ctx, seed=1)
    feed(ctx, *[key(pygame.K_SPACE)] * 3)
    assert table.session.state.rolls == 1
    card = table.session.state.cards[0]
    assert all(card[box] is None for box in table.session.config.card.boxes)


def undo_face(ctx, table) -> tuple[int, int, int]:
    """The colour of the Undo button's face, just inside its left edge, as drawn."""
    surface = pygame.display.get_surface()
    ctx.stack.draw(surface)
    rect = table.lay.buttons["undo"]
    return tuple(surface.get_at((rect.left + rect.height // 3, rect.centery)))[:3]


def test_undo_is_drawn_disabled_when_it_would_refuse(ctx):
    table = solo(ctx, seed=2, kinds=("person", "medium"))
    feed(ctx, key(pygame.K_SPACE))
    settle(ctx)
    feed(ctx, key(pygame.K_1))  # a hold: the person's own, undoable
    settle(ctx)
    assert table.session.can_undo()
    enabled = undo_face(ctx, table)
    assert enabled == ctx.theme.panel[:3]
    table.score(Category.CHANCE)
    while table.session.is_cpu_turn:  # the CPU plays its turn
        settle(ctx)
    assert table.session.undo_refusal() == "CPU moves cannot be undone"
    disabled = undo_face(ctx, table)
    assert disabled != enabled and disabled != ctx.theme.panel_alt[:3]  # see-through, flat
    feed(ctx, key(pygame.K_z, mod=pygame.KMOD_LCTRL))
    assert table.board.presenter.message == "CPU moves cannot be undone"


def test_the_turn_banner_is_gone_once_the_roll_starts(ctx):
    from game.match.seats import Seat
    from game.match.session import Session
    from game.rules import GameConfig, StartOrder
    from game.scenes.table import TableScene

    seats = [Seat("Ann", colour=0), Seat("Bob", colour=1)]
    session = Session.new(GameConfig(("Ann", "Bob"), start=StartOrder.SEATED), seats, seed=3)
    table = TableScene(ctx, session)
    ctx.stack.push(table)
    ctx.stack.apply_pending()
    feed(ctx, key(pygame.K_SPACE))
    settle(ctx)
    table.score(Category.CHANCE)
    presenter = table.board.presenter
    assert presenter.banner is not None and "Bob" in presenter.banner.text
    table.act(Roll())  # as a pad, the cup or the button does
    ctx.stack.update(STEP)
    assert table.tray.rolling and presenter.banner is None
