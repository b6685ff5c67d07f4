"""A die on the table, as the tray model (game.anim.tray) keeps it: its state (in the cup,
flying, drifting or resting), what it shows and where it is drawn; what happens to the dice
as events; and the turns of a die lying flat. Pure data: no pygame.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from game.anim import orientation as ori
from game.anim.hops import Hop
from game.anim.orientation import Quat

Point = tuple[float, float]


# ----------------------------------------------------------------- a die's state
@dataclass(frozen=True)
class InCup:
    """Not on show: before the first roll, or (`throw` its index there) waiting to pour out."""

    throw: int | None = None


@dataclass(frozen=True)
class Flying:
    """Out of the cup, moved by the throw in the air (die `throw` of it)."""

    throw: int


@dataclass(frozen=True)
class Drifting:
    """On its way from `origin` to `goal` (px), turning from `turn` to `want`, hopping over
    the dice in its way (`hop`)."""

    origin: Point
    turn: Quat
    goal: Point
    want: Quat
    time: float = 0.0  # s under way
    hop: Hop = Hop()


@dataclass(frozen=True)
class Resting:
    """Lying where it is (in its place, unless its place has just moved)."""


DieState = InCup | Flying | Drifting | Resting


# ----------------------------------------------------------------- what happens
@dataclass(frozen=True)
class PouredOut:
    """Die `die` left the cup."""

    die: int


@dataclass(frozen=True)
class ImpactHeard:
    """A hit (die on felt, wall or die), `strength` 0..1: how loud."""

    strength: float


@dataclass(frozen=True)
class Landed:
    """Die `die` lies where the throw put it: the throw is over."""

    die: int


TrayEvent = PouredOut | ImpactHeard | Landed


@dataclass
class Die:
    """One die: its state, what it shows and where it is drawn."""

    state: DieState = field(default_factory=InCup)
    face: int = 0  # what it shows once on show (0: it has shown nothing yet)
    x: float = 0.0  # px: where its top is drawn (the table point under it when lifted)
    y: float = 0.0
    lift: float = 0.0  # die sizes above the felt
    turn: Quat = ori.IDENTITY  # die axes to world axes: which face is up and how it is turned
    held: bool = False
    # Where it came to rest, as shares of the landing area; None: never thrown (a loaded
    # game), so it lies in its place in the row.
    fell: Point | None = None
    rest_turn: float = 0.0  # degrees: its slight turn in the tidy row
    scale: float = 1.0  # of the places' die size: held dice are a little smaller

    @property
    def shown(self) -> bool:
        return not isinstance(self.state, InCup)

    @property
    def heading(self) -> float:
        """Degrees the die is turned about the vertical, counter-clockwise on screen."""
        return math.degrees(ori.heading(self.turn))


def flat_turn(face: int, degrees: float) -> Quat:
    """A die lying flat showing `face`, turned `degrees` counter-clockwise."""
    return ori.multiply(ori.about(ori.UP, math.radians(degrees)), ori.relabel(ori.IDENTITY, face))


def squared(turn: Quat, degrees: float) -> Quat:
    """`turn` laid flat and turned the least way to `degrees` from square (the pips keep their
    places on the face, so a die drifting into the row turns a little, never a quarter)."""
    flat = ori.laid_flat(turn)
    return ori.multiply(ori.about(ori.UP, math.radians(degrees) - ori.heading(flat)), flat)
