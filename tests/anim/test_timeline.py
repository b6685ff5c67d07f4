"""Timelines: ordering, leftover time, finish() running everything in order."""

from __future__ import annotations

import pytest

from game.anim import Call, Parallel, Sequence, Tween, Wait, stagger


def test_one_big_dt_completes_several_steps_in_order() -> None:
    log: list[str] = []
    box = {"v": 0.0}
    timeline = Sequence(
        Call(lambda: log.append("start")),
        Tween(box, "v", 10.0, 0.5),
        Call(lambda: log.append(f"moved {box['v']}")),
        Wait(0.25),
        Call(lambda: log.append("waited")),
        Wait(1.0),
        Call(lambda: log.append("never yet")),
    )
    assert timeline.update(1.0) == 0.0
    assert log == ["start", "moved 10.0", "waited"]
    assert not timeline.done
    assert timeline.update(1.0) == pytest.approx(0.25)
    assert log[-1] == "never yet"
    assert timeline.done


def test_each_step_gets_only_the_time_left_after_the_previous() -> None:
    box = {"a": 0.0, "b": 0.0}
    timeline = Sequence(Tween(box, "a", 1.0, 0.3), Tween(box, "b", 1.0, 1.0))
    timeline.update(0.8)
    assert box["a"] == 1.0
    assert box["b"] == pytest.approx(0.5)


def test_a_tween_in_a_sequence_starts_from_where_the_previous_left_it() -> None:
    box = {"v": 0.0}
    timeline = Sequence(Tween(box, "v", 10.0, 1.0), Tween(box, "v", 20.0, 1.0))
    timeline.update(1.5)
    assert box["v"] == 15.0


def test_parallel_finishes_with_its_longest_step() -> None:
    log: list[str] = []
    group = Parallel(
        Sequence(Wait(0.2), Call(lambda: log.append("short"))),
        Sequence(Wait(0.6), Call(lambda: log.append("long"))),
    )
    assert group.update(0.5) == 0.0
    assert log == ["short"]
    assert group.update(0.5) == pytest.approx(0.4)
    assert log == ["short", "long"]
    assert group.done


def test_parallel_inside_sequence_passes_the_leftover_on() -> None:
    log: list[str] = []
    timeline = Sequence(
        Parallel(Wait(0.3), Wait(0.1)),
        Call(lambda: log.append("after")),
        Wait(1.0),
    )
    timeline.update(0.35)
    assert log == ["after"]
    timeline.update(0.9)
    assert not timeline.done
    timeline.update(0.05)
    assert timeline.done


def test_finish_runs_everything_left_in_order() -> None:
    log: list[str] = []
    box = {"v": 0.0}
    timeline = Sequence(
        Call(lambda: log.append("roll")),
        Wait(0.8),
        Tween(box, "v", 3.0, 0.5, on_done=lambda: log.append("tween done")),
        Parallel(Call(lambda: log.append("hold a")), Call(lambda: log.append("hold b"))),
        Call(lambda: log.append("score")),
    )
    timeline.update(0.1)
    timeline.finish()
    assert log == ["roll", "tween done", "hold a", "hold b", "score"]
    assert box["v"] == 3.0
    assert timeline.done
    timeline.finish()  # finishing twice changes nothing
    assert log == ["roll", "tween done", "hold a", "hold b", "score"]


def test_zero_dt_still_fires_leading_calls() -> None:
    log: list[str] = []
    timeline = Sequence(Call(lambda: log.append("now")), Wait(0.0), Call(lambda: log.append("too")))
    assert timeline.update(0.0) == 0.0
    assert log == ["now", "too"]
    assert timeline.done


def test_a_call_that_finishes_its_own_timeline_runs_once() -> None:
    log: list[str] = []
    timeline = Sequence()
    timeline.then(Call(lambda: (log.append("skip"), timeline.finish())))
    timeline.then(Call(lambda: log.append("end")))
    timeline.update(0.1)
    assert log == ["skip", "end"]


def test_stagger_offsets_each_step() -> None:
    box = {"a": 0.0, "b": 0.0, "c": 0.0}
    group = stagger([Tween(box, k, 1.0, 1.0) for k in "abc"], gap=0.25)
    group.update(0.5)
    assert (box["a"], box["b"], box["c"]) == (0.5, 0.25, 0.0)
    assert group.update(1.0) == pytest.approx(0.0)
    assert group.done


def test_negative_wait_is_refused() -> None:
    with pytest.raises(ValueError, match="negative"):
        Wait(-0.1)
