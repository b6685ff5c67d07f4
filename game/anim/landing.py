"""A throw's landing worked out before its frame, from the throw's record: the dice's drifts
to their row after it, with their hops, and how high the dice go on their way. Pure math: no
pygame.

The frame the dice land in starts their drift to the row (game.anim.tray), and planning the
drift's hops over one another takes 1 to 2 ms in Python: the busiest frame of a throw. Yet
where each die comes to rest is known once the throw is simulated (on the tray's thread, while
the cup shakes), so the tray's thread plans the landing then, on a copy of the model landed
there (`plan_landing`). The landing's frame takes the plan if the dice are as the plan was
made for (`hop_inputs` equal), and plans afresh if anything changed meanwhile (a die held, a
new window size): what is drawn is the same either way.
"""

from __future__ import annotations

import copy
import math
import random
from collections import deque
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol, TypeVar

from game.anim.die import Die, Drifting, Flying, InCup
from game.anim.drift import DRIFT_LIFT, plan_hops

if TYPE_CHECKING:
    from concurrent.futures import Future

    from game.anim.flight import Flight
    from game.anim.throw import Throw


class Places(Protocol):
    """What a landing reads of the table's places (game.anim.tray.TrayPlaces)."""

    @property
    def die_size(self) -> float: ...


class Model(Protocol):
    """What a landing reads and changes of the tray's model (game.anim.tray.TrayModel,
    which imports this module)."""

    dice: list[Die]
    landing: Future[LandingPlan | None] | None
    recent_steps: deque[float]
    rng: random.Random

    @property
    def places(self) -> Places | None: ...

    @property
    def flight(self) -> Flight | None: ...

    @property
    def dim(self) -> bool: ...

    def land(self, throw: Throw) -> list[int]: ...

    def start_drifts(self) -> list[int]: ...

    def size_of(self, i: int) -> float: ...


M = TypeVar("M", bound=Model)


@dataclass(frozen=True)
class LandingPlan:
    """The dice as they start to drift after a landing (or another change foreseen: see
    `plan_change`), their states with their hops, and what the hops were planned from."""

    inputs: tuple[object, ...]
    dice: tuple[Die, ...]
    size: float  # px of a free die
    high: float  # die sizes: the highest a thrown die goes in the air
    dim: bool  # the dice are a finished turn's


def hop_inputs(
    dice: Sequence[Die], sizes: Sequence[float], starting: Collection[int]
) -> tuple[object, ...]:
    """All that plan_hops reads of the dice: equal inputs, equal hops."""
    return tuple(
        (d.shown, d.x, d.y, d.lift, d.turn, d.state, sizes[i], i in starting)
        for i, d in enumerate(dice)
    )


def plan_landing(ghost: M, throw: Callable[[], Throw]) -> LandingPlan | None:
    """The drifts after `throw` lands, worked out on `ghost` (a copy of the model as the roll
    left it, see `ghost_of`, changed here); None if the throw leaves nothing to plan."""
    played = throw()
    high = max(z for samples in played.samples for _x, _y, z, _q in samples)
    return plan_change(ghost, lambda model: model.land(played), high)


def plan_change(ghost: M, change: Callable[[M], object], high: float = 0.0) -> LandingPlan | None:
    """The drifts that `change` (a landing, a die held or let go, the dice put away) starts,
    worked out on `ghost` (see `ghost_of`); None if it starts none."""
    places = ghost.places
    if places is None:
        return None
    change(ghost)
    starting = ghost.start_drifts()
    if not starting:
        return None
    sizes = [ghost.size_of(i) for i in range(len(ghost.dice))]
    inputs = hop_inputs(ghost.dice, sizes, starting)
    plan_hops(ghost.dice, sizes, starting, places.die_size)
    return LandingPlan(inputs, tuple(ghost.dice), places.die_size, high, ghost.dim)


def take_plan(model: Model, sizes: Sequence[float], starting: Collection[int]) -> bool:
    """The dice `starting` to drift get their hops from the plan made ahead, if it was made
    for the dice as they are (True); the plan is used up either way."""
    landing, model.landing = model.landing, None
    plan = landing.result() if landing is not None else None
    if plan is None or plan.inputs != hop_inputs(model.dice, sizes, starting):
        return False
    for i in starting:
        model.dice[i].state = plan.dice[i].state
    return True


def ghost_of(model: M) -> M:
    """A copy of `model` to land a throw on (or change) away from the frames (its dice its
    own)."""
    ghost = copy.copy(model)
    ghost.dice = [copy.copy(die) for die in model.dice]
    ghost.landing, ghost.recent_steps = None, deque()
    # A landing draws nothing at random: a generator of its own keeps the model's (the game's
    # look) untouched. Seeded with a number, not from the system (0.4 ms in a frame).
    ghost.rng = random.Random(0)
    return ghost


def highest_lift(model: Model) -> float:
    """How high (die sizes above the felt) the dice on their way will be at most: in the air
    (once their throw is known), drifting to the row after they land (once the landing is
    planned) and drifting now; for images made ahead."""
    high = 0.0
    flight, landing, places = model.flight, model.landing, model.places
    if places is None:
        return high
    plan = landing.result() if landing is not None and landing.done() else None
    if plan is not None:
        high = plan.high  # known while the cup still shakes
    elif flight is not None and flight.simulated:
        throw = flight.throw
        for die in model.dice:
            state = die.state
            if isinstance(state, InCup | Flying) and state.throw is not None:
                high = max(high, max(z for _x, _y, z, _q in throw.samples[state.throw]))
    for die in (*model.dice, *(plan.dice if plan is not None else ())):
        if isinstance(die.state, Drifting):
            drift = die.state  # its height: DRIFT_LIFT of the way left, and its hop
            way = math.dist(drift.origin, drift.goal) / places.die_size
            high = max(high, DRIFT_LIFT * way + drift.hop.height)
    return high
