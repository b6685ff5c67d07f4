"""game.cache: a value is built once per key, even when two threads ask for it at once."""

from __future__ import annotations

import threading

import pytest

from game.cache import Memo

WAIT = 5.0  # s: a bound on each wait, so a broken memo fails the test instead of hanging it


def test_two_threads_asking_at_once_build_once_and_share_the_value():
    calls: list[int] = []
    building, release = threading.Event(), threading.Event()

    def build(key: int) -> list[int]:
        calls.append(key)
        building.set()
        release.wait(WAIT)
        return [key]

    memo = Memo(build)
    results: dict[str, list[int]] = {}
    first = threading.Thread(target=lambda: results.update(first=memo.get(7)))
    second = threading.Thread(target=lambda: results.update(second=memo.get(7)))
    first.start()
    assert building.wait(WAIT)
    second.start()  # asks while the first is still building
    second.join(0.2)
    assert second.is_alive()  # it waits for the first's value...
    assert calls == [7]  # ...rather than building its own
    release.set()
    first.join(WAIT)
    second.join(WAIT)
    assert calls == [7]
    assert results["first"] == [7]
    assert results["second"] is results["first"]
    assert memo.get(7) is results["first"]
    assert calls == [7]


def test_different_keys_build_separately_with_their_arguments():
    calls: list[tuple] = []

    def build(*key) -> tuple:
        calls.append(key)
        return key

    memo = Memo(build)
    assert memo.get("official", 0.5, 0.0) == ("official", 0.5, 0.0)
    assert memo.get("official", 1.0, 0.0) == ("official", 1.0, 0.0)
    assert memo.get("official", 0.5, 0.0) == ("official", 0.5, 0.0)
    assert calls == [("official", 0.5, 0.0), ("official", 1.0, 0.0)]


def test_a_failed_build_keeps_nothing_and_clear_forgets_every_value():
    calls: list[int] = []

    def build(key: int) -> object:
        calls.append(key)
        if len(calls) == 1:
            raise OSError("unreadable")
        return object()

    memo = Memo(build)
    with pytest.raises(OSError, match="unreadable"):
        memo.get(1)
    kept = memo.get(1)
    assert memo.get(1) is kept and calls == [1, 1]
    memo.clear()
    assert memo.get(1) is not kept and calls == [1, 1, 1]
