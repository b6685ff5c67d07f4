"""A throw as a record of plain numbers: what one machine simulated, another plays back exactly,
with no physics run there (a host throws for the table; every other machine shows that throw).

The record is a dict that JSON carries as is (floats survive a JSON round trip exactly):

    {
      "version": 1,
      "step": 0.025,                       # s between samples (game.anim.throw.STEP)
      "area": [6.56, 4.1],                 # the felt it was thrown onto, in die sizes
      "faces": [2, 5, 5, 1, 6],            # what each die shows at rest
      "born": [0.0, 0.05, ...],            # s after the pour each die leaves the cup
      "samples": [[[x, y, z, w, i, j, k], ...], ...],  # per die, per step: its place in
                                           # die sizes from the felt's top left, its height
                                           # and its turn (a unit quaternion), as simulated
      "pips": [[w, i, j, k], ...],         # per die: the cube turn that puts its face on top
      "impacts": [[t, strength], ...]      # the hits heard, s after the pour, 0..1
    }

A record from elsewhere is checked whole before it is played (`from_record`): every number
finite and in range, every turn a unit quaternion, each die resting flat on the face it says.
Anything else is refused with a ThrowRecordError saying what is wrong.

    record = to_record(model.throw)          # on the host
    model.roll(dice, rolled, speed, throw=from_record(json.loads(text)))   # anywhere
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from game.anim import orientation as ori
from game.anim.felt import Area
from game.anim.orientation import Quat
from game.anim.throw import MAX_DICE, MAX_TIME, STEP, Impact, Sample, Throw

VERSION = 1
KEYS = ("version", "step", "area", "faces", "born", "samples", "pips", "impacts")
MAX_SAMPLES = 200  # per die: a throw stops at MAX_TIME (120 steps), then eases apart
MAX_IMPACTS = 1000
MAX_AREA = 100.0  # die sizes: no table's felt is larger
REACH = 1.0  # die sizes a die's middle may be past the felt's edge (its walls' thickness)
MAX_HEIGHT = 20.0  # die sizes above the felt
UNIT = 1e-6  # how far from 1 the length of a turn may be
FLAT = 1e-6  # how far from flat (see orientation.tilt) a die may rest


class ThrowRecordError(ValueError):
    """A record that is not a throw this game can play."""


def to_record(throw: Throw) -> dict[str, object]:
    """The throw as plain numbers (see the module's docstring)."""
    return {
        "version": VERSION,
        "step": STEP,
        "area": [throw.area.width, throw.area.height],
        "faces": list(throw.faces),
        "born": list(throw.born),
        "samples": [[[x, y, z, *q] for x, y, z, q in die] for die in throw.samples],
        "pips": [list(q) for q in throw.pips],
        "impacts": [[hit.time, hit.strength] for hit in throw.impacts],
    }


def from_record(record: object) -> Throw:
    """The throw a record holds, checked whole; ThrowRecordError if it is not one."""
    if not isinstance(record, dict) or sorted(record) != sorted(KEYS):
        raise ThrowRecordError(f"a throw record has exactly the keys {', '.join(KEYS)}")
    if record["version"] != VERSION or isinstance(record["version"], bool):
        raise ThrowRecordError(f"a throw record of version {VERSION} was expected")
    if _number(record["step"], "step", 0.0, 1.0) != STEP:
        raise ThrowRecordError(f"the throw's step must be {STEP} s")
    width, height = _numbers(record["area"], "area", 2, 2)
    if not (2.0 <= width <= MAX_AREA and 1.5 <= height <= MAX_AREA):
        raise ThrowRecordError(f"the throw's felt of {width} x {height} die sizes is refused")
    area = Area(width, height)
    faces = _faces(record["faces"])
    n = len(faces)
    born = tuple(_number(b, "born", 0.0, MAX_TIME) for b in _list(record["born"], "born", n, n))
    samples = tuple(_samples(die, area) for die in _list(record["samples"], "samples", n, n))
    pips = tuple(_turn(q, "pips") for q in _list(record["pips"], "pips", n, n))
    impacts = tuple(_impact(hit) for hit in _list(record["impacts"], "impacts", 0, MAX_IMPACTS))
    for k, (die, pip, face) in enumerate(zip(samples, pips, faces, strict=True)):
        rest = ori.multiply(die[-1][3], pip)
        if ori.face_up(rest) != face or ori.tilt(rest) > FLAT or die[-1][2] != 0.0:
            raise ThrowRecordError(f"die {k + 1} of the throw does not rest flat showing {face}")
    return Throw(area, faces, born, samples, pips, impacts)


def _list(value: object, name: str, least: int, most: int) -> list[object]:
    if not isinstance(value, list) or not least <= len(value) <= most:
        raise ThrowRecordError(f"the throw's {name} must be a list of {least} to {most} items")
    return value


def _number(value: object, name: str, low: float, high: float) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ThrowRecordError(f"the throw's {name} holds {value!r}, not a number")
    number = float(value)
    if not (math.isfinite(number) and low <= number <= high):
        raise ThrowRecordError(f"the throw's {name} holds {number}, outside {low}..{high}")
    return number


def _numbers(value: object, name: str, least: int, most: int) -> tuple[float, ...]:
    return tuple(_number(v, name, -math.inf, math.inf) for v in _list(value, name, least, most))


def _faces(value: object) -> tuple[int, ...]:
    faces = _list(value, "faces", 1, MAX_DICE)
    if not all(isinstance(f, int) and not isinstance(f, bool) and 1 <= f <= 6 for f in faces):
        raise ThrowRecordError("a die of the throw shows 1 to 6")
    return tuple(f for f in faces if isinstance(f, int))


def _turn(value: object, name: str) -> Quat:
    w, x, y, z = _numbers(value, name, 4, 4)
    if abs(math.sqrt(w * w + x * x + y * y + z * z) - 1.0) > UNIT:
        raise ThrowRecordError(f"a turn in the throw's {name} is not a unit quaternion")
    return (w, x, y, z)


def _samples(value: object, area: Area) -> tuple[Sample, ...]:
    samples = []
    for sample in _list(value, "samples", 1, MAX_SAMPLES):
        numbers: Sequence[object] = _list(sample, "samples", 7, 7)
        x = _number(numbers[0], "samples", -REACH, area.width + REACH)
        y = _number(numbers[1], "samples", -REACH, area.height + REACH)
        z = _number(numbers[2], "samples", 0.0, MAX_HEIGHT)
        samples.append((x, y, z, _turn(list(numbers[3:]), "samples")))
    return tuple(samples)


def _impact(value: object) -> Impact:
    time, strength = _list(value, "impacts", 2, 2)
    return Impact(
        _number(time, "impacts", 0.0, MAX_TIME + 1.0), _number(strength, "impacts", 0.0, 1.0)
    )
