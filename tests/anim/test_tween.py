"""Tweens and waits: exact ends, left-over time, delays, callbacks."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from game.anim import Tween, Wait, easing


@dataclass
class Sprite:
    x: float = 0.0
    pos: tuple[float, float] = (0.0, 0.0)


def test_reaches_the_end_value_exactly_whatever_the_steps() -> None:
    sprite = Sprite()
    tween = Tween(sprite, "x", 1.0 / 3.0, duration=0.7, easing=easing.out_cubic)
    for _ in range(43):  # 43 frames of 1/60 s overshoot 0.7 s by most of a frame
        tween.update(1 / 60)
    assert tween.done
    assert sprite.x == 1.0 / 3.0


def test_midpoint_follows_the_easing() -> None:
    box = {"alpha": 0.0}
    tween = Tween(box, "alpha", 200.0, duration=2.0, easing=easing.out_quad)
    tween.update(1.0)
    assert box["alpha"] == 150.0
    assert not tween.done


def test_tuples_are_tweened_component_wise() -> None:
    sprite = Sprite(pos=(10.0, 100.0))
    tween = Tween(sprite, "pos", (20.0, 0.0), duration=1.0)
    tween.update(0.25)
    assert sprite.pos == (12.5, 75.0)
    tween.update(1.0)
    assert sprite.pos == (20.0, 0.0)


def test_mismatched_shapes_are_refused() -> None:
    sprite = Sprite(pos=(1.0, 2.0))
    with pytest.raises(ValueError, match="cannot tween 'pos'"):
        Tween(sprite, "pos", (1.0, 2.0, 3.0), 1.0).update(0.1)


def test_update_returns_the_time_left_over() -> None:
    tween = Tween({"v": 0.0}, "v", 1.0, duration=0.5)
    assert tween.update(0.2) == 0.0
    assert tween.update(0.5) == pytest.approx(0.2)


def test_delay_holds_the_start_and_reads_it_late() -> None:
    box = {"v": 0.0}
    tween = Tween(box, "v", 10.0, duration=1.0, delay=0.5)
    tween.update(0.25)
    assert box["v"] == 0.0
    box["v"] = 4.0  # moved by someone else during the delay: the tween starts from here
    tween.update(0.75)
    assert box["v"] == 7.0


def test_on_done_is_called_once() -> None:
    calls: list[str] = []
    tween = Tween({"v": 0.0}, "v", 1.0, 0.1, on_done=lambda: calls.append("done"))
    tween.update(0.2)
    tween.update(0.2)
    tween.finish()
    assert calls == ["done"]


def test_zero_duration_jumps_at_once() -> None:
    box = {"v": 3.0}
    tween = Tween(box, "v", 9.0, duration=0.0)
    assert tween.update(0.0) == 0.0
    assert box["v"] == 9.0 and tween.done


def test_negative_duration_is_refused() -> None:
    with pytest.raises(ValueError, match="must be >= 0"):
        Tween({"v": 0.0}, "v", 1.0, duration=-1.0)


def test_a_wait_takes_its_time_and_hands_back_the_rest() -> None:
    wait = Wait(0.5)
    assert wait.update(0.2) == 0.0 and not wait.done
    assert wait.update(0.5) == pytest.approx(0.2) and wait.done
    with pytest.raises(ValueError):
        Wait(-1.0)
