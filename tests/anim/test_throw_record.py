"""A throw as a record of plain numbers: JSON carries it exactly, and a record that is not a
throw this game can play (a hostile or broken peer's) is refused whole, saying why."""

from __future__ import annotations

import copy
import json
import math
from typing import Any

import pytest

from game.anim.felt import Area
from game.anim.throw import simulate
from game.anim.throw_record import ThrowRecordError, from_record, to_record

AREA, MOUTH = Area(6.56, 4.1), (-0.24, 2.09)


@pytest.fixture(scope="module")
def record() -> dict[str, Any]:
    return to_record(simulate(AREA, MOUTH, (2, 5, 5, 1, 6), seed=4))


@pytest.mark.parametrize("seed", range(6))
def test_a_throw_survives_json_exactly(seed: int) -> None:
    faces = tuple(1 + (seed + k) % 6 for k in range(1 + seed % 6))
    throw = simulate(AREA, MOUTH, faces, seed)
    again = from_record(json.loads(json.dumps(to_record(throw))))
    assert again == throw
    assert [again.pose(k, 0.3) for k in range(len(faces))] == [
        throw.pose(k, 0.3) for k in range(len(faces))
    ]


def _broken(record: dict[str, Any], path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    bad = copy.deepcopy(record)
    target = bad
    for step in path[:-1]:
        target = target[step]
    if value is KeyError:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return bad


@pytest.mark.parametrize(
    ("path", "value", "said"),
    [
        (("version",), 2, "version 1"),
        (("version",), True, "version 1"),
        (("step",), 0.5, "step must be"),
        (("area",), KeyError, "exactly the keys"),
        (("extra",), 1, "exactly the keys"),
        (("area",), [1e9, 4.0], "is refused"),
        (("area", 0), math.nan, "outside"),
        (("faces",), [2, 5, 5, 1], "list of 4 to 4"),
        (("faces", 0), 7, "1 to 6"),
        (("faces", 0), True, "1 to 6"),
        (("faces",), [1] * 7, "list of 1 to 6"),
        (("born", 1), -1.0, "outside"),
        (("born", 1), "0.05", "not a number"),
        (("samples", 0), [], "list of 1 to 200"),
        (("samples", 0), [[1.0, 1.0, 0.0, 1.0, 0.0, 0.0, 0.0]] * 5000, "list of 1 to 200"),
        (("samples", 0, 3, 0), math.inf, "outside"),
        (("samples", 0, 3, 0), 1e300, "outside"),
        (("samples", 0, 3, 2), 50.0, "outside"),
        (("samples", 0, 3, 3), 2.0, "unit quaternion"),
        (("samples", 0, 3), [1.0, 1.0], "list of 7 to 7"),
        (("pips", 0), [0.0, 0.0, 0.0, 0.0], "unit quaternion"),
        (("pips", 0), [0.5, 0.5, 0.5, 0.5], "does not rest flat showing"),
        (("impacts",), [[0.1, 0.5]] * 5000, "list of 0 to 1000"),
        (("impacts", 0), [0.1, 2.0], "outside"),
        (("impacts", 0), {"time": 0.1}, "list of 2 to 2"),
    ],
)
def test_a_record_that_is_not_a_playable_throw_is_refused(
    record: dict[str, Any], path: tuple[Any, ...], value: Any, said: str
) -> None:
    with pytest.raises(ThrowRecordError, match=said):
        from_record(_broken(record, path, value))


def test_a_record_that_says_other_faces_than_its_dice_show_is_refused(
    record: dict[str, Any],
) -> None:
    with pytest.raises(ThrowRecordError, match="die 1 of the throw does not rest flat showing 3"):
        from_record(_broken(record, ("faces", 0), 3))


@pytest.mark.parametrize("thing", [None, [], "throw", 3, {"version": 1}])
def test_what_is_not_a_record_at_all_is_refused(thing: object) -> None:
    with pytest.raises(ThrowRecordError):
        from_record(thing)
