"""Tweens and the Tweener: exact ends, replacement, speed, skip."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from game.anim import Tween, Tweener


@dataclass
class Sprite:
    x: float = 0.0
    pos: tuple[float, float] = (0.0, 0.0)


def test_reaches_the_end_value_exactly_whatever_the_steps() -> None:
    sprite = Sprite()
    tween = Tween(sprite, "x", 1.0 / 3.0, duration=0.7, easing="out_back")
    for _ in range(43):  # 43 frames of 1/60 s overshoot 0.7 s by most of a frame
        tween.update(1 / 60)
    assert tween.done
    assert sprite.x == 1.0 / 3.0


def test_midpoint_follows_the_easing() -> None:
    box = {"alpha": 0.0}
    tween = Tween(box, "alpha", 200.0, duration=2.0, easing="in_quad")
    tween.update(1.0)
    assert box["alpha"] == 50.0
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


def test_retweening_the_same_attribute_replaces_the_running_tween() -> None:
    sprite = Sprite()
    tweener = Tweener()
    calls: list[str] = []
    tweener.tween(sprite, "x", 100.0, 1.0, on_done=lambda: calls.append("first"))
    tweener.update(0.5)
    assert sprite.x == 50.0
    tweener.tween(sprite, "x", 0.0, 1.0, on_done=lambda: calls.append("second"))
    assert len(tweener) == 1
    tweener.update(0.5)
    assert sprite.x == 25.0  # from 50 (where the first stopped) half way to 0
    tweener.update(0.5)
    assert sprite.x == 0.0
    assert calls == ["second"]
    assert not tweener.active


def test_other_attributes_and_targets_run_side_by_side() -> None:
    a, b = Sprite(), Sprite()
    tweener = Tweener()
    tweener.tween(a, "x", 10.0, 1.0)
    tweener.tween(a, "pos", (10.0, 10.0), 1.0)
    tweener.tween(b, "x", 10.0, 1.0)
    assert len(tweener) == 3
    tweener.update(1.0)
    assert (a.x, a.pos, b.x) == (10.0, (10.0, 10.0), 10.0)


def test_speed_factor_scales_time() -> None:
    sprite = Sprite()
    tweener = Tweener(speed=2.0)
    tweener.tween(sprite, "x", 100.0, 1.0)
    tweener.update(0.25)
    assert sprite.x == 50.0
    with pytest.raises(ValueError, match="speed must be > 0"):
        tweener.speed = 0.0


def test_finish_all_jumps_to_the_end_and_runs_chained_callbacks() -> None:
    sprite = Sprite()
    tweener = Tweener()
    order: list[str] = []

    def chain() -> None:
        order.append("first")
        tweener.tween(sprite, "pos", (5.0, 5.0), 3.0, on_done=lambda: order.append("chained"))

    tweener.tween(sprite, "x", 100.0, 2.0, on_done=chain)
    tweener.finish_all()
    assert sprite.x == 100.0
    assert sprite.pos == (5.0, 5.0)
    assert order == ["first", "chained"]
    assert not tweener.active


def test_a_callback_replacing_a_tween_mid_frame_stops_the_old_one() -> None:
    sprite = Sprite()
    tweener = Tweener()
    box = {"v": 0.0}
    tweener.tween(box, "v", 1.0, 0.1, on_done=lambda: tweener.tween(sprite, "x", -1.0, 1.0))
    tweener.tween(sprite, "x", 100.0, 1.0)
    tweener.update(0.5)
    # The replacement was made during this frame: it starts next frame; the old one stopped.
    assert sprite.x == 0.0
    tweener.update(0.5)
    assert sprite.x == -0.5


def test_cancel_leaves_the_value_where_it_is() -> None:
    sprite = Sprite()
    tweener = Tweener()
    tweener.tween(sprite, "x", 10.0, 1.0)
    tweener.update(0.3)
    tweener.cancel(sprite)
    tweener.update(1.0)
    assert sprite.x == pytest.approx(3.0)
    assert not tweener.is_tweening(sprite)


def test_tweener_runs_any_step() -> None:
    from game.anim import Sequence, Wait

    tweener = Tweener()
    box = {"v": 0.0}
    tweener.add(Sequence(Wait(1.0), Tween(box, "v", 1.0, 1.0)))
    tweener.update(1.5)
    assert box["v"] == 0.5
