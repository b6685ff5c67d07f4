"""game.cache: a Memo builds a value once per key, even when two threads ask for it at once;
a BoundedCache keeps the most recently used values up to its bound, and is the only one; a
Recent keeps the values of the last few keys, compared rather than hashed."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from game.cache import BoundedCache, Memo, Recent

GAME = Path(__file__).resolve().parents[1] / "game"

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


def test_a_bounded_cache_forgets_the_least_recently_used_first():
    cache: BoundedCache[str, int] = BoundedCache(2)
    cache.put("a", 1)
    cache.put("b", 2)
    assert cache.get("a") == 1  # "a" is now the more recently used
    cache.put("c", 3)
    assert "b" not in cache and cache.get("a") == 1 and cache.get("c") == 3
    assert len(cache) == 2 and cache.get("b") is None
    cache.put("a", 4)  # a new value for a kept key refreshes it
    cache.put("d", 5)
    assert cache.get("a") == 4 and "c" not in cache
    cache.clear()
    assert len(cache) == 0


def test_a_bounded_cache_makes_a_missing_value_once_and_refuses_no_room():
    cache: BoundedCache[int, list[int]] = BoundedCache(3)
    made: list[int] = []

    def make() -> list[int]:
        made.append(1)
        return [7]

    first = cache.get_or_make(1, make)
    assert cache.get_or_make(1, make) is first and made == [1]
    with pytest.raises(ValueError, match="at least one"):
        BoundedCache(0)


def test_threads_filling_a_bounded_cache_keep_it_within_its_bound():
    cache: BoundedCache[tuple[int, int], int] = BoundedCache(50)

    def fill(thread: int) -> None:
        for i in range(2000):
            cache.put((thread, i), i)
            cache.get((thread, i - 1))

    threads = [threading.Thread(target=fill, args=(n,)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(WAIT * 6)
    assert not any(thread.is_alive() for thread in threads)
    assert len(cache) == 50


def test_the_bounded_cache_is_the_one_copy_of_itself_in_the_game():
    """An OrderedDict trimmed by popitem(last=False) is the bounded cache written out again."""
    copies = [
        str(path.relative_to(GAME))
        for path in GAME.rglob("*.py")
        if path != GAME / "cache.py" and "popitem(last=False)" in path.read_text(encoding="utf-8")
    ]
    assert copies == []


def test_a_memo_by_variant_keeps_the_values_of_the_groups_asked_for_last():
    """The AI's memos keep the values of the two variants asked for last, every key of
    each; the rest is forgotten and built again when asked (issue 30: a storm through the
    settings loaded all four variants' tables, 200 MiB, and kept them)."""
    built: list[tuple[str, int]] = []

    def build(variant: str, level: int) -> tuple[str, int]:
        built.append((variant, level))
        return (variant, level)

    memo = Memo(build, groups=2)
    for key in [("official", 1), ("official", 2), ("yatzy", 1), ("official", 1), ("free", 1)]:
        assert memo.get(*key) == key
    assert built == [("official", 1), ("official", 2), ("yatzy", 1), ("free", 1)]
    memo.get("official", 2)  # official was asked for after yatzy: kept
    memo.get("yatzy", 1)  # forgotten when free came: built again
    assert built[4:] == [("yatzy", 1)]
    with pytest.raises(ValueError, match="at least one group"):
        Memo(build, groups=0)


def test_recent_keeps_the_last_few_keys_compared_not_hashed():
    made: list[object] = []

    def make(value):
        def build():
            made.append(value)
            return value

        return build

    recent = Recent[str](2)
    a, b, c = ({"k": 1}, [0]), ({"k": 2}, [0]), ({"k": 3}, [0])  # unhashable keys
    assert recent.get(a, make("A")) == "A"
    assert recent.get(b, make("B")) == "B"
    assert recent.get(({"k": 1}, [0]), make("A again")) == "A"  # an equal key: kept
    assert recent.get(c, make("C")) == "C"  # the least recent (b) is forgotten
    assert (recent.kept(a), recent.kept(b), recent.kept(c)) == ("A", None, "C")
    assert made == ["A", "B", "C"]
    recent.clear()
    assert recent.kept(c) is None
