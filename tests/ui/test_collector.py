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
    assert gc.get_threshold()[2] == collector.FULL_AFTER
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
