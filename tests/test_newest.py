"""game.newest: work on a thread of its own, the newest of what waits only."""

from __future__ import annotations

import logging
import threading

from game.newest import Newest


def test_what_was_handed_over_meanwhile_gives_way_to_the_newest():
    began, go = threading.Event(), threading.Event()
    done: list[tuple[int | None, str]] = []

    def work(item: int | None) -> None:
        if not began.is_set():
            began.set()
            go.wait(10)
        done.append((item, threading.current_thread().name))

    newest: Newest[int | None] = Newest(work, "test-newest")
    newest.hand(1)
    assert began.wait(10)  # 1 under way
    for item in (2, 3, None):  # waiting while 1 is worked on: only the last is kept
        newest.hand(item)
    go.set()
    newest.settle()
    assert [item for item, _thread in done] == [1, None]
    assert all(name.startswith("test-newest") for _item, name in done)
    newest.close()


def test_a_failing_item_is_logged_and_the_next_is_worked_on(caplog):
    done: list[int] = []

    def work(item: int) -> None:
        if item == 1:
            raise RuntimeError("boom")
        done.append(item)

    newest: Newest[int] = Newest(work, "test-failing")
    with caplog.at_level(logging.ERROR, logger="game.newest"):
        newest.hand(1)
        newest.settle()
        newest.hand(2)
        newest.settle()
    assert done == [2]
    assert any("test-failing failed" in r.getMessage() and r.exc_info for r in caplog.records)
    newest.close()


def test_close_finishes_the_work_and_stops_the_thread_and_a_later_item_starts_it_again():
    done: list[int] = []
    newest: Newest[int] = Newest(done.append, "test-close")
    newest.hand(1)
    newest.close()
    assert done == [1]
    assert not any(t.name.startswith("test-close") for t in threading.enumerate())
    newest.hand(2)
    newest.close()
    assert done == [1, 2]
    assert not any(t.name.startswith("test-close") for t in threading.enumerate())
