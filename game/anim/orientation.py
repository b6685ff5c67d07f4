"""A die's orientation in 3D: unit quaternions, which face is up, and the cube's turns.

Pure math over tuples (no numpy, no pygame): a throw steps thousands of these per second, and
small tuples are faster in plain Python than small arrays.

World axes: x to the right of the screen, y up the screen, z up from the table towards the eye.
A die's own axes carry its faces: 1 on +z, 6 on -z, 2 on +x, 5 on -x, 3 on +y, 4 on -y, so
opposite faces sum to seven and 1, 2, 3 run counter-clockwise round their corner, as on Western
dice. A quaternion (w, x, y, z) turns the die's axes into the world's.
"""

from __future__ import annotations

import math

Vec = tuple[float, float, float]
Quat = tuple[float, float, float, float]

IDENTITY: Quat = (1.0, 0.0, 0.0, 0.0)
UP: Vec = (0.0, 0.0, 1.0)
FACE_AXES: dict[int, Vec] = {
    1: (0.0, 0.0, 1.0),
    6: (0.0, 0.0, -1.0),
    2: (1.0, 0.0, 0.0),
    5: (-1.0, 0.0, 0.0),
    3: (0.0, 1.0, 0.0),
    4: (0.0, -1.0, 0.0),
}
_FACE_ON_AXIS = ((5, 2), (4, 3), (6, 1))  # per die axis x, y, z: (face on -, face on +)


def multiply(a: Quat, b: Quat) -> Quat:
    """The turn `b` followed by the turn `a`."""
    aw, ax, ay, az = a
    bw, bx, by, bz = b
    return (
        aw * bw - ax * bx - ay * by - az * bz,
        aw * bx + ax * bw + ay * bz - az * by,
        aw * by - ax * bz + ay * bw + az * bx,
        aw * bz + ax * by - ay * bx + az * bw,
    )


def normalise(q: Quat) -> Quat:
    n = math.sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3])
    return (q[0] / n, q[1] / n, q[2] / n, q[3] / n)


def about(axis: Vec, angle: float) -> Quat:
    """The turn by `angle` radians about `axis` (any length but zero), right-handed."""
    n = math.sqrt(axis[0] ** 2 + axis[1] ** 2 + axis[2] ** 2)
    s = math.sin(angle / 2.0) / n
    return (math.cos(angle / 2.0), axis[0] * s, axis[1] * s, axis[2] * s)


def spin(q: Quat, omega: Vec, dt: float) -> Quat:
    """`q` after turning at angular velocity `omega` (rad/s, world axes) for `dt` seconds."""
    rate = math.sqrt(omega[0] ** 2 + omega[1] ** 2 + omega[2] ** 2)
    if rate * dt < 1e-12:
        return q
    return normalise(multiply(about(omega, rate * dt), q))


def rotate(q: Quat, v: Vec) -> Vec:
    """The die-axis vector `v` in world axes."""
    w, x, y, z = q
    # v + 2w(u x v) + 2u x (u x v), with u the quaternion's vector part.
    cx = y * v[2] - z * v[1]
    cy = z * v[0] - x * v[2]
    cz = x * v[1] - y * v[0]
    return (
        v[0] + 2.0 * (w * cx + y * cz - z * cy),
        v[1] + 2.0 * (w * cy + z * cx - x * cz),
        v[2] + 2.0 * (w * cz + x * cy - y * cx),
    )


def matrix(q: Quat) -> tuple[Vec, Vec, Vec]:
    """Rows of the 3x3 rotation matrix of `q`."""
    w, x, y, z = q
    return (
        (1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)),
        (2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)),
        (2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)),
    )


def slerp(a: Quat, b: Quat, t: float) -> Quat:
    """The turn `t` (0..1) of the way from `a` to `b`, the short way round."""
    dot = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3]
    if dot < 0.0:
        b, dot = (-b[0], -b[1], -b[2], -b[3]), -dot
    if dot > 0.9995:  # nearly the same: a straight blend is exact enough and cannot divide by 0
        return normalise(
            (
                a[0] + (b[0] - a[0]) * t,
                a[1] + (b[1] - a[1]) * t,
                a[2] + (b[2] - a[2]) * t,
                a[3] + (b[3] - a[3]) * t,
            )
        )
    theta = math.acos(dot)
    sa, sb = math.sin((1.0 - t) * theta), math.sin(t * theta)
    s = math.sin(theta)
    return (
        (a[0] * sa + b[0] * sb) / s,
        (a[1] * sa + b[1] * sb) / s,
        (a[2] * sa + b[2] * sb) / s,
        (a[3] * sa + b[3] * sb) / s,
    )


def arc(frm: Vec, to: Vec) -> Quat:
    """The shortest turn taking unit vector `frm` onto unit vector `to`."""
    cross = (
        frm[1] * to[2] - frm[2] * to[1],
        frm[2] * to[0] - frm[0] * to[2],
        frm[0] * to[1] - frm[1] * to[0],
    )
    dot = frm[0] * to[0] + frm[1] * to[1] + frm[2] * to[2]
    if dot < -0.999999:  # opposite: any axis at right angles will do
        axis = (1.0, 0.0, 0.0) if abs(frm[0]) < 0.9 else (0.0, 1.0, 0.0)
        return about(axis, math.pi)
    return normalise((1.0 + dot, *cross))


def face_up(q: Quat) -> int:
    """The face nearest the top for a die turned by `q`."""
    w, x, y, z = q
    # How far up each die axis points: the bottom row of the rotation matrix.
    ups = (2.0 * (x * z - w * y), 2.0 * (y * z + w * x), 1.0 - 2.0 * (x * x + y * y))
    axis = max(range(3), key=lambda i: abs(ups[i]))
    return _FACE_ON_AXIS[axis][ups[axis] > 0.0]


def tilt(q: Quat) -> float:
    """Radians between the up face's normal and straight up: 0 when the die lies flat."""
    up = rotate(q, FACE_AXES[face_up(q)])
    return math.acos(max(-1.0, min(1.0, up[2])))


def laid_flat(q: Quat) -> Quat:
    """`q` tipped the least way onto its nearest face, keeping its heading."""
    up = rotate(q, FACE_AXES[face_up(q)])
    return normalise(multiply(arc(up, UP), q))


def heading(q: Quat) -> float:
    """Radians the die is turned about the vertical, in -pi/4..pi/4 (a cube looks the same
    every quarter turn), for a die lying flat."""
    for axis in FACE_AXES.values():
        v = rotate(q, axis)
        if abs(v[2]) < 0.5:  # a side face: its normal lies on the table
            angle = math.atan2(v[1], v[0])
            quarter = math.pi / 2.0
            return (angle + quarter / 2.0) % quarter - quarter / 2.0
    return 0.0


def _cube_turns() -> tuple[Quat, ...]:
    """The 24 turns that take a cube onto itself."""
    half = math.sqrt(0.5)
    turns: list[Quat] = []
    seeds = [IDENTITY]
    for axis in ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0)):
        x, y, z = axis
        seeds.append((half, half * x, half * y, half * z))  # a quarter turn about each axis
    frontier = [IDENTITY]
    while frontier:
        q = frontier.pop()
        if any(abs(sum(a * b for a, b in zip(q, t, strict=True))) > 0.999 for t in turns):
            continue
        turns.append(q)
        frontier.extend(normalise(multiply(s, q)) for s in seeds[1:])
    return tuple(turns)


CUBE_TURNS = _cube_turns()


def relabel(q: Quat, wanted: int) -> Quat:
    """A cube turn `p` such that a die turned by `q` then drawn as `q * p` shows `wanted` on the
    face that `q` has up. The cube looks the same after `p`; only its pips move, so a simulated
    throw keeps its motion and ends on the face the rules rolled."""
    if wanted not in FACE_AXES:
        raise ValueError(f"a die shows 1 to 6, got {wanted!r}")
    target = FACE_AXES[face_up(q)]
    for p in CUBE_TURNS:
        v = rotate(p, FACE_AXES[wanted])
        if sum(a * b for a, b in zip(v, target, strict=True)) > 0.999:
            return p
    raise AssertionError("every face can be turned onto every other")  # pragma: no cover
