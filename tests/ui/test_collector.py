"""The collector's policy: what lives at a scene change is kept out of the full passes, what
was kept out before and has died since is still collected, and a full pass is made when due."""

from __future__ import annotations

import gc
import weakref

import pytest

from game.ui import collector


class Node:
    def __init__(self) -> None:
        self.me = self  # a reference cycle: only the collector frees it


@pytest.fixture(autouse=True)
def restore_collector():
    threshold = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*threshold)


def test_a_scene_change_keeps_what_lives_out_of_full_passes_and_frees_what_died():
    node = Node()
    alive = weakref.ref(node)
    collector.settle()
    assert gc.get_freeze_count() > 0
    assert gc.get_threshold()[2] > collector.DUE  # the loop's pass comes before Python's own
    del node
    gc.collect()
    assert alive() is not None  # frozen: a full pass does not look at it
    collector.settle()  # the next scene change lets the frozen go first
    assert alive() is None


def test_a_full_pass_is_made_only_when_due():
    collector.settle()
    old = Node()
    gone = weakref.ref(old)
    gc.collect(1)  # it outlives the young generations: only a full pass looks at it now
    del old
    assert gc.get_count()[2] < collector.DUE
    assert not collector.collect_if_due()
    assert gone() is not None
    for _ in range(collector.DUE):
        gc.collect(1)  # each pass of the middle generation counts towards a full one
    assert gone() is not None
    assert collector.collect_if_due()
    assert gone() is None
    assert not collector.collect_if_due()  # just made: not due again


def test_the_app_settles_once_a_scene_change_is_shown_and_collects_only_with_time_to_spare(
    tmp_path,
):
    import pygame

    from game.app import App
    from game.storage import Storage

    pygame.init()
    app = App(Storage(tmp_path, environ={}), size=(1280, 800), fullscreen=False)
    app.start()
    try:
        app.ctx.nav.help()
        app.step(1 / 60)
        assert app.settle_due  # the change is in this frame: settled once it is shown
        gc.unfreeze()
        assert app.after_frame(spare=False)
        assert gc.get_freeze_count() > 0
        assert not app.settle_due
        for _ in range(collector.DUE):
            gc.collect(1)
        assert not app.after_frame(spare=False)  # due, but the frame left no time
        assert app.after_frame(spare=True)
        assert not app.after_frame(spare=True)  # made: not due again
    finally:
        for scene in reversed(app.stack.scenes):
            scene.exit()
