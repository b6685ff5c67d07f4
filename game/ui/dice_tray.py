"""The five dice on the table and the cup: a roll shakes the cup, then the rolled dice tumble
out along seeded paths and settle on the faces the rules decided. Held dice slide down to the
hold row, in their own column, so they stay where the player expects.

The rules decide the dice first; this only reveals them. Cosmetic randomness (shake phase,
tumble paths) comes from its own RNG, so the game is the same at any frame rate.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

import pygame

from game.anim import Shake, TumblePath
from game.ui.cup_view import cup_mouth, draw_cup
from game.ui.dice_view import default_renderer, draw_die
from game.ui.layout import TableLayout
from game.ui.palette import DicePalette

SHAKE_TIME = 0.4  # s the cup shakes before the dice come out
TUMBLE_TIME = 0.75  # s from the cup's mouth to rest
APPEAR_TIME = 0.18  # s: with reduced motion, dice fade in where they land
SLIDE_RATE = 16.0  # 1/s: how fast a held die slides to its row (exponential approach)
SETTLED = 0.5  # px: a slide closer than this is over
POUR_ANGLE = -55.0  # degrees the cup tips as the dice pour out
LANDED_GRACE = 0.35  # s after the dice land in which presses are not taken as choices
TUMBLE_LIFT = 0.6  # peak height of a throw, in die sizes: the dice stay over the tray


@dataclass
class DieSprite:
    face: int | None = None  # None: in the cup, not shown
    x: float = 0.0
    y: float = 0.0
    angle: float = 0.0
    lift: float = 0.0
    held: bool = False
    path: TumblePath | None = None
    rest_angle: float = 0.0


class DiceTray:
    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.dice = [DieSprite() for _ in range(5)]
        self.layout: TableLayout | None = None
        self.shake: Shake | None = None
        self.time = 0.0  # s into the current roll (shake, then tumble)
        self.shake_time = SHAKE_TIME
        self.tumble_time = TUMBLE_TIME
        self.reduced_motion = False
        self.rolling = False
        self.settling = 0.0  # s left in which dice that just landed are only being looked at
        self.dim = False  # the dice of a finished turn, shown faded

    # ----------------------------------------------------------------- geometry
    def set_layout(self, layout: TableLayout, palette: DicePalette | None = None) -> None:
        self.layout = layout
        if palette is not None:
            # Render every face now, so the first hold mid-game does not stall a frame.
            default_renderer().prewarm(round(layout.die_size), palette)
        for i, die in enumerate(self.dice):
            die.x, die.y = self._slot(i, die.held)

    def _slot(self, i: int, held: bool) -> tuple[float, float]:
        assert self.layout is not None
        return (self.layout.hold_slots if held else self.layout.roll_slots)[i]

    def die_at(self, pos: tuple[int, int]) -> int | None:
        """The die under the pointer (its resting place counts too, so a click on a die that
        is still landing still holds it)."""
        if self.layout is None:
            return None
        half = self.layout.die_size * 0.6
        for i, die in enumerate(self.dice):
            if die.face is None:
                continue
            sx, sy = self._slot(i, die.held)
            for x, y in ((die.x, die.y), (sx, sy)):
                if abs(pos[0] - x) <= half and abs(pos[1] - y) <= half:
                    return i
        return None

    # ----------------------------------------------------------------- changes
    def sync(self, dice: tuple[int, ...] | None, held: tuple[bool, ...]) -> None:
        """Show exactly this, with no animation (after undo, skip, load or resize)."""
        self.rolling = False
        self.settling = 0.0
        if dice is not None:
            self.dim = False  # dice in play (an undone score gives the turn back) are not faded
        self.shake = None
        for i, die in enumerate(self.dice):
            die.face = None if dice is None else dice[i]
            die.held = bool(held[i]) if dice is not None else False
            die.path = None
            die.lift = 0.0
            if self.layout is not None:
                die.x, die.y = self._slot(i, die.held)
            die.angle = die.rest_angle

    def roll(self, dice: tuple[int, ...], rolled: tuple[bool, ...], speed: float) -> None:
        """Animate a roll: the dice in `rolled` go into the cup, it shakes, they tumble out."""
        self.dim = False
        if speed <= 0 or self.layout is None:
            for i, die in enumerate(self.dice):
                if rolled[i]:
                    die.rest_angle = self.rng.uniform(-8, 8)
            self.sync(dice, tuple(d.held and not rolled[i] for i, d in enumerate(self.dice)))
            return
        self.shake_time = 0.0 if self.reduced_motion else SHAKE_TIME * speed
        self.tumble_time = (APPEAR_TIME if self.reduced_motion else TUMBLE_TIME) * speed
        size = self.layout.die_size
        self.shake = (
            None
            if self.reduced_motion
            else Shake(
                self.shake_time, amplitude=size * 0.12, frequency=16, seed=self.rng.randrange(2**30)
            )
        )
        mouth = cup_mouth(self.layout.cup, self.layout.cup_height, POUR_ANGLE)
        for i, die in enumerate(self.dice):
            if not rolled[i]:
                continue
            die.held = False
            end = self._slot(i, False)
            jitter = (self.rng.uniform(-0.12, 0.12) * size, self.rng.uniform(-0.18, 0.18) * size)
            end = (end[0] + jitter[0], end[1] + jitter[1])
            die.path = TumblePath(
                mouth,
                end,
                self.rng.randrange(2**30),
                final_face=dice[i],
                duration=self.tumble_time,
                height=size * TUMBLE_LIFT,
            )
            die.rest_angle = die.path.rest_angle
            die.face = None  # in the cup until the shake is over
            die.x, die.y = mouth
        self.time = 0.0
        self.rolling = True
        self._final = dice

    def set_held(self, i: int, held: bool) -> None:
        self.dice[i].held = held

    def put_away(self) -> None:
        """The turn is over: the dice stay on show, faded, until the next roll."""
        self.dim = True
        for die in self.dice:
            die.held = False

    def finish(self) -> None:
        """Jump every animation to its end."""
        if self.rolling:
            for i, die in enumerate(self.dice):
                if die.path is not None:
                    die.face = self._final[i]
                    die.path = None
            self.rolling = False
            self.shake = None
            self.settling = LANDED_GRACE
        for i, die in enumerate(self.dice):
            if self.layout is not None:
                die.x, die.y = self._slot(i, die.held)
            die.lift = 0.0
            die.angle = die.rest_angle

    # ----------------------------------------------------------------- time
    @property
    def just_landed(self) -> bool:
        """The dice came to rest moments ago: a press now is a double tap, not a choice made
        after seeing them (the table takes no action until this is over)."""
        return self.settling > 0

    @property
    def animating(self) -> bool:
        if self.rolling or self.just_landed:
            return True
        if self.layout is None:
            return False
        return any(
            math.dist((d.x, d.y), self._slot(i, d.held)) > SETTLED
            for i, d in enumerate(self.dice)
            if d.face is not None
        )

    def update(self, dt: float) -> None:
        if self.rolling:
            self.time += dt
            if self.shake is not None:
                self.shake.update(dt)
            t = self.time - self.shake_time
            if t >= 0:
                landed = True
                for die in self.dice:
                    if die.path is None:
                        continue
                    if self.reduced_motion:
                        pose_done = t >= die.path.duration
                        die.face = die.path.face_sequence[-1]
                        die.x, die.y = die.path.end
                        die.angle, die.lift = die.path.rest_angle, 0.0
                        landed &= pose_done
                        continue
                    pose = die.path.pose(min(t, die.path.duration))
                    die.face = pose.face
                    die.x, die.y, die.angle, die.lift = pose.x, pose.y, pose.angle, pose.lift
                    landed &= t >= die.path.duration
                if landed:
                    for die in self.dice:
                        if die.path is not None:
                            die.face = die.path.face_sequence[-1]
                            die.x, die.y = die.path.end
                            die.angle, die.lift = die.path.rest_angle, 0.0
                            die.path = None
                    self.rolling = False
                    self.shake = None
                    self.settling = LANDED_GRACE
            return
        self.settling = max(0.0, self.settling - dt)
        if self.layout is None:
            return
        k = 1 - math.exp(-SLIDE_RATE * dt)
        for i, die in enumerate(self.dice):
            tx, ty = self._slot(i, die.held)
            if abs(die.x - tx) > SETTLED or abs(die.y - ty) > SETTLED:
                die.x += (tx - die.x) * k
                die.y += (ty - die.y) * k
            else:
                die.x, die.y = tx, ty

    @property
    def landing(self) -> bool:
        """True on the frame the dice come out of the cup (for the rattle/land sounds)."""
        return self.rolling and self.time >= self.shake_time

    # ----------------------------------------------------------------- drawing
    def draw(
        self,
        surface: pygame.Surface,
        palette: DicePalette,
        hold_label: pygame.Surface,
        focus: int | None,
        strip_colour,
        strip_edge,
    ) -> None:
        layout = self.layout
        if layout is None:
            return
        strip = layout.hold_strip
        pygame.draw.rect(surface, strip_colour, strip, border_radius=max(6, strip.height // 6))
        pygame.draw.rect(
            surface, strip_edge, strip, width=2, border_radius=max(6, strip.height // 6)
        )
        surface.blit(hold_label, hold_label.get_rect(midbottom=(strip.centerx, strip.top - 2)))
        dx, dy, tilt = self.shake.current if self.shake is not None else (0.0, 0.0, 0.0)
        cup_angle = tilt
        if self.rolling and self.time >= self.shake_time:
            # Tip the cup towards the tray as the dice pour out, then set it back.
            t = (self.time - self.shake_time) / max(1e-6, self.tumble_time)
            cup_angle = POUR_ANGLE * math.sin(min(1.0, t * 2.2) * math.pi)
        draw_cup(
            surface, (layout.cup[0] + dx, layout.cup[1] + dy), layout.cup_height, cup_angle, palette
        )
        size = layout.die_size
        order = sorted(range(5), key=lambda i: self.dice[i].lift)  # airborne dice on top
        for i in order:
            die = self.dice[i]
            if die.face is None:
                continue
            draw_die(
                surface,
                (die.x, die.y - die.lift),
                size,
                die.face,
                angle=die.angle,
                held=die.held,
                focused=(focus == i),
                palette=palette,
                dimmed=self.dim,
                lift=die.lift,
            )
