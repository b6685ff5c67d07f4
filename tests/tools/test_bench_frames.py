"""The frames bench's profile of its slow frames (`--profile`)."""

import cProfile
from collections.abc import Callable

from game.tools.bench.frames import Frame, profile_report


def _busy() -> int:
    total = 0  # a loop in the function itself: all its time is its own (no generator)
    for i in range(200_000):
        total += i * i
    return total


def _idle() -> int:
    return 1


def _profiled(work: Callable[[], int], cpu: float) -> Frame:
    profiler = cProfile.Profile()
    profiler.runcall(work)
    return Frame(wall=cpu, cpu=cpu, profile=profiler)


def test_the_slow_frames_costliest_function_is_named_first() -> None:
    frames = [_profiled(_busy, 50.0)]  # the first frame (the scene change) is left out
    frames += [_profiled(_idle, 1.0) for _ in range(20)]
    frames += [_profiled(_busy, 5.0) for _ in range(3)]
    lines = profile_report(frames, 1)
    assert lines[0].startswith("frames: profile of the 3 frames over twice the median")
    own = lines[lines.index("  most own time:") + 1]
    assert "_busy" in own, own
    under = lines[lines.index("  most time under:") + 1]
    assert "_busy" in under and "1.0 calls" in under, under
    assert not any("_idle" in line for line in lines)


def test_no_slow_frame_is_said_so() -> None:
    frames = [_profiled(_idle, 1.0) for _ in range(5)]
    assert profile_report(frames, 3) == ["frames: profile: no slow frame profiled"]
