"""Confetti: pieces of coloured paper in the air, one model launched two ways.

`burst` throws them up from a point and lets gravity and drag bring them down, fading at the
end (the table's Yahtzee); `fall` lets them drift down over the whole window, swaying, each
after its own delay (the results). Either way they are `Piece`s that `Confetti.update` moves by
one law, `Confetti.cards` sees as parallelograms (pure math, no surface) and `draw` draws.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from game.ui.theme import Colour

GRAVITY = 900.0  # px/s² at unit scale, for a burst
BURST_DRAG = 1.6  # per second
BURST_LIFE = 2.6  # s
BURST_FADE = 0.3  # share of the life at its end over which a burst fades
FALL_LIFE = 4.5  # s until the last pieces have fallen past the bottom
FALL_TOP = -0.05  # share of the height where a falling piece first shows
SWING_RATE = 3.0  # radians per second of a falling piece's sway

Point = tuple[float, float]
Card = tuple[Point, Point, Point, Point]  # corners, in px


@dataclass
class Piece:
    """One piece of paper: where it is and how fast it moves, how far it has turned and how fast
    it turns, its colour and size. Units are its launch's: px for a burst; for a fall, shares of
    the window (size: of its shorter side), so a resized window keeps the fall in it."""

    x: float
    y: float
    vx: float  # per second
    vy: float
    turn: float  # radians
    spin: float  # radians per second
    colour: Colour
    width: float
    height: float
    sway: float = 0.0  # how far it swings side to side, in x's unit
    swing: float = 0.0  # where in its swing it is, radians


def card(centre: Point, across: Point, down: Point) -> Card:
    """The corners of a parallelogram: `centre` plus or minus half of each edge."""
    (x, y), (ax, ay), (dx, dy) = centre, across, down
    return (
        (x - ax - dx, y - ay - dy),
        (x + ax - dx, y + ay - dy),
        (x + ax + dx, y + ay + dy),
        (x - ax + dx, y - ay + dy),
    )


def thrown_card(p: Piece, fade: float) -> Card:
    """A burst's piece: turned in the screen's plane, fluttering as it turns, shrunk by `fade`."""
    c, s = math.cos(p.turn), math.sin(p.turn)
    hw = p.width / 2 * fade
    hh = (p.height / 2 * abs(math.sin(p.turn * 1.7)) + 0.5) * fade
    return card((p.x, p.y), (hw * c, hw * s), (-hh * s, hh * c))


def falling_card(p: Piece, size: tuple[int, int]) -> Card:
    """A fall's piece in a window of `size`: swaying, tipping over as it turns."""
    w, h = size
    half = p.width * min(w, h) / 2
    tip = half * math.cos(p.turn)
    centre = ((p.x + p.sway * math.sin(p.swing)) * w, p.y * h)
    return card(centre, (half, tip * 0.3), (0.0, tip * 0.7))


class Confetti:
    """Pieces in the air for `life` seconds, under `gravity` and `drag`; `seen` turns a piece
    into its card at an age, in a window of a size. Make one with `burst` or `fall`."""

    def __init__(
        self,
        pieces: list[Piece],
        life: float,
        seen: Callable[[Piece, float, tuple[int, int]], Card],
        gravity: float = 0.0,
        drag: float = 0.0,
    ) -> None:
        self.pieces = pieces
        self.life = life
        self.seen = seen
        self.gravity = gravity
        self.drag = drag
        self.age = 0.0

    @property
    def done(self) -> bool:
        return self.age >= self.life

    def update(self, dt: float) -> None:
        self.age += dt
        keep = math.exp(-self.drag * dt)
        for p in self.pieces:
            p.vx *= keep
            p.vy = p.vy * keep + self.gravity * dt
            p.x += p.vx * dt
            p.y += p.vy * dt
            p.turn += p.spin * dt
            p.swing += SWING_RATE * dt

    def cards(self, size: tuple[int, int]) -> list[tuple[Colour, Card]]:
        """Each piece's colour and corners now, in a window of `size`."""
        return [(p.colour, self.seen(p, self.age, size)) for p in self.pieces]

    def draw(self, surface: pygame.Surface) -> None:
        for colour, corners in self.cards(surface.get_size()):
            pygame.draw.polygon(surface, colour, corners)


def burst(
    origin: Point, colours: Sequence[Colour], rng: random.Random, count: int, scale: float = 1.0
) -> Confetti:
    """`count` pieces thrown up from `origin`, `scale` times the size and speed of unit scale."""
    pieces = []
    for _ in range(count):
        speed = rng.uniform(350, 900) * scale
        heading = rng.uniform(-math.pi * 0.95, -math.pi * 0.05)
        spin = math.radians(rng.uniform(-720, 720))
        turn = math.radians(rng.uniform(0, 360))
        colour = rng.choice(colours)
        width, height = rng.uniform(6, 12) * scale, rng.uniform(3, 6) * scale
        vx, vy = math.cos(heading) * speed, math.sin(heading) * speed
        pieces.append(Piece(*origin, vx, vy, turn, spin, colour, width, height))
    return Confetti(pieces, BURST_LIFE, _burst_seen, GRAVITY * scale, BURST_DRAG)


def _burst_seen(p: Piece, age: float, size: tuple[int, int]) -> Card:
    fade_from = BURST_LIFE * (1 - BURST_FADE)
    fade = max(0.0, 1 - max(0.0, age - fade_from) / (BURST_LIFE * BURST_FADE))
    return thrown_card(p, fade)


def fall(colours: Sequence[Colour], rng: random.Random, count: int) -> Confetti:
    """`count` pieces drifting down over the whole window, each after its own delay; a piece
    waiting for its delay is above the window, moving already, so it shows at FALL_TOP on time."""
    pieces = []
    for _ in range(count):
        x, delay = rng.random(), rng.uniform(0.0, 1.6)
        speed, sway = rng.uniform(0.35, 0.6), rng.uniform(0.005, 0.025)
        phase, spin = rng.uniform(0, math.tau), rng.uniform(0.6, 1.6) * math.tau
        colour, size = rng.choice(colours), rng.uniform(0.008, 0.016)
        y, turn = FALL_TOP - speed * delay, phase - spin * delay
        swing = phase - SWING_RATE * delay
        pieces.append(Piece(x, y, 0.0, speed, turn, spin, colour, size, size, sway, swing))
    return Confetti(pieces, FALL_LIFE, _fall_seen)


def _fall_seen(p: Piece, age: float, size: tuple[int, int]) -> Card:
    return falling_card(p, size)
