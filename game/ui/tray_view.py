"""How the dice tray looks: the hold row, the cup and the dice drawn from the tray model
(game.anim.tray) and the table's layout, changing neither. What it draws comes as `Piece`s,
each with its place and what it shows, so a frame can redraw only what moved.

Everything drawn comes from one `TrayRenderer`, handed in by whoever owns the screen: the
dice in 3D (game.ui.dice_3d), their rings and shadows (game.ui.dice_view) and the cup
(game.ui.cup_view), each with its caches.
"""

from __future__ import annotations

import copy
import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

import pygame

from game.anim import orientation as ori
from game.anim.die import Die, Drifting, Flying, InCup, Resting
from game.anim.drift import slide
from game.anim.landing import highest_lift
from game.anim.tray import TrayModel
from game.ui.cup_view import CupRenderer
from game.ui.dice_3d import STILL_STEPS, DieModel, Shown, mesh_of, steps_for
from game.ui.dice_view import CONTACT_FADE, DieRenderer
from game.ui.layout import TableLayout
from game.ui.palette import DicePalette
from game.ui.raster import Point, blit_faded, visible
from game.ui.stills import Stills

Colour = tuple[int, int, int]
LANDING_STEPS = 3  # frame times a landing's images are made ahead for
FLIGHT_STEPS = 2  # frame times the next frame's dice in the air are made ahead for (at 60
# Hz the game's clock gives 16 and 17 ms)


class TrayRenderer:
    """The images the tray draws, made and kept: dice in 3D by mesh, rings and shadows, cups;
    the images of still dice made ahead on a thread of their own (game.ui.stills)."""

    def __init__(self) -> None:
        self.stills = Stills()
        self.dice = DieRenderer(stills=self.stills)
        self.cups = CupRenderer(stills=self.stills)
        # The landing whose first drift poses are wished ahead, and for which steps.
        self.landing: tuple[object, set[float | None]] = (None, set())
        self._models: dict[int, DieModel] = {}
        # Each die's image as the last frame showed it, shown again by a frame with no time
        # to draw it on its way (see DieModel.image).
        self.shown: dict[int, Shown] = {}

    def close(self) -> None:
        """Stop the thread that makes still dice's images."""
        self.stills.close()

    @property
    def made(self) -> tuple[int, int, int, int]:
        """Images made so far, for benchmarks: of still dice (drawn large and smoothed), of
        dice drawn plain (in the air, one a frame each), and the rest (rings, shadows, cups);
        and, for want of time, dice on their way shown as a frame before showed them and
        lifted shadows shown grown less (see Stills.may_draw, DieRenderer.grown)."""
        models = self._models.values()
        rest = (self.dice.cache, self.dice.turned, self.dice.turns, self.cups.cache)
        return (
            sum(m.cache.renders for m in models),
            sum(m.moving.renders for m in models),
            sum(c.renders for c in rest),
            sum(m.late for m in models) + self.dice.late,
        )

    def model(self, size: float) -> DieModel:
        """The 3D die for dice of `size` px (its mesh as fine as that size needs)."""
        steps = steps_for(size)
        model = self._models.get(steps)
        if model is None:
            model = self._models[steps] = DieModel(steps, self.stills)
            mesh_of(STILL_STEPS)  # a still die's finer mesh: made now, not when one lands
        return model


@dataclass(frozen=True)
class TrayLook:
    """How the dice look this frame: their colours, the die with the keyboard focus and, when
    the player has key hints on, each die's key to wear."""

    palette: DicePalette
    focus: int | None = None
    key_labels: tuple[pygame.Surface, ...] | None = None
    # Still dice's images a frame may make itself, the rest being made ahead (game.ui.stills);
    # None: a frame that need not keep to time makes all it needs.
    budget: int | None = None


@dataclass(frozen=True)
class HoldRow:
    """The strip held dice sit in: its label above it, its felt and its edge."""

    label: pygame.Surface
    colour: Colour
    edge: Colour


@dataclass(frozen=True)
class Piece:
    """One thing drawn that may move from frame to frame: where it goes (its `rect`), what it
    shows (`token`: equal tokens in equal rects draw the same pixels) and how it is drawn."""

    rect: tuple[int, int, int, int]
    token: object
    paint: Callable[[pygame.Surface], object] = field(compare=False)

    @classmethod
    def blit(
        cls,
        image: pygame.Surface,
        rect: pygame.Rect,
        alpha: int = 255,
        shows: pygame.Rect | None = None,
    ) -> Piece:
        """`image` blitted at `rect`, at `alpha` times its own opacity (see blit_faded); only
        the part of it that `shows` (see raster.visible), when given: the rest would leave
        what is under it as it was."""
        at = rect if shows is None else shows.move(rect.topleft)
        return cls(
            (at.x, at.y, at.w, at.h),
            (image, alpha),
            lambda surface: blit_faded(surface, image, at, alpha, shows),
        )


def draw(
    surface: pygame.Surface,
    pieces: list[Piece],
    layout: TableLayout,
    hold: HoldRow,
) -> None:
    """The hold row, then the tray's `pieces` (as `pieces` gave them for this frame)."""
    draw_hold_row(surface, layout.hold_strip, hold)
    for piece in pieces:
        piece.paint(surface)


def draw_hold_row(surface: pygame.Surface, strip: pygame.Rect, hold: HoldRow) -> None:
    """The strip held dice sit in, and its label above it."""
    radius = max(6, strip.height // 6)
    pygame.draw.rect(surface, hold.colour, strip, border_radius=radius)
    pygame.draw.rect(surface, hold.edge, strip, width=2, border_radius=radius)
    label = hold.label
    surface.blit(label, hold_label_rect(strip, label))


def hold_label_rect(strip: pygame.Rect, label: pygame.Surface) -> pygame.Rect:
    return label.get_rect(midbottom=(strip.centerx, strip.top - 2))


def hold_row_rect(strip: pygame.Rect, label: pygame.Surface) -> pygame.Rect:
    """All the hold row draws: its strip and its label."""
    return strip.union(hold_label_rect(strip, label))


def pieces(
    model: TrayModel, layout: TableLayout, renderer: TrayRenderer, look: TrayLook
) -> list[Piece]:
    """What the tray draws over its hold row, in order: the cup, every die's shadows, the
    dice, their rings and key tags. Each says where it goes and what it shows, so a frame
    can tell what moved since the last one and redraw only there."""
    renderer.stills.frame(look.budget)
    drawn = laid(model, layout, renderer, look)
    if look.budget is not None:
        prepare(model, layout, renderer, look.palette)
    return drawn


def laid(
    model: TrayModel, layout: TableLayout, renderer: TrayRenderer, look: TrayLook
) -> list[Piece]:
    """The pieces `pieces` gives, made of the images kept or made ahead (else made now),
    without the frame's bookkeeping: also for a frame foreseen (DiceTray.foreseen)."""
    palette, focus = look.palette, look.focus
    dx, dy = model.cup_offset()
    # The cup and the shadows: only the part of each that shows (a third of a shadow's
    # image, or more, is its blur's transparent margin, blended and laid with felt for
    # nothing: at 4K, with the dice in the air, a million pixels a frame).
    drawn = [
        Piece.blit(image, rect, shows=visible(image))
        for image, rect in renderer.cups.images(
            (layout.cup[0] + dx, layout.cup[1] + dy),
            layout.cup_height,
            model.cup_angle(),
            palette,
        )
    ]
    view = layout.tray.center
    flying = model.flight is not None
    dice = model.dice
    order = [
        i
        for i in sorted(range(len(dice)), key=lambda i: (dice[i].lift, dice[i].y))
        if dice[i].shown
    ]
    for i in order:  # every shadow on the felt first: a die flies above the others' shadows
        die, size = dice[i], model.size_of(i)
        for image, rect, alpha in renderer.dice.shadow_images(
            (die.x, die.y), round(size), die.heading, die.lift * size, palette
        ):
            drawn.append(Piece.blit(image, rect, alpha, visible(image)))
    if not renderer.stills.peeking:  # (dice not shown now show nothing of then, later)
        for i in set(renderer.shown) - set(order):
            del renderer.shown[i]
    for i in order:
        die, size = dice[i], model.size_of(i)
        heading = die.heading
        # A die in its place in the hold row is seen straight on, its sides hidden, so its
        # square ring and padlock frame all of it (seen from the table's middle, its far side
        # showed above the ring).
        placed = model.placed(i)
        seen_from = (die.x, die.y) if die.held and placed else view
        model_3d = renderer.model(size)
        late = model_3d.late
        image, at = model_3d.image(
            (die.x, die.y),
            size,
            die.turn,
            palette,
            view=seen_from,
            lift=die.lift,
            dimmed=model.dim,
            # (A die held or let go a moment ago is on its way: drawn plain until it lies.)
            still=placed and not isinstance(die.state, Flying) and die.lift == 0.0,
            before=renderer.shown.get(i),
        )
        if not renderer.stills.peeking:  # (a frame foreseen shows nothing yet)
            renderer.shown[i] = Shown.of(
                image, at, (die.x, die.y), size, palette, model.dim, model_3d.late > late
            )
        drawn.append(Piece.blit(image, image.get_rect(topleft=at)))
        if die.held or focus == i:
            ring = renderer.dice.decoration(round(size), die.held, focus == i, palette)
            # Kept only once the die lies still: a die drifting into its place turns a
            # little every frame, and its rings would push out what is worth keeping.
            keep = not flying and placed
            turned = renderer.dice.turn(ring, heading, 1.0, keep=keep)
            rect = turned.get_rect(center=(round(die.x), round(die.y)))
            drawn.append(Piece.blit(turned, rect))
        if look.key_labels is not None and not flying:
            corner = (die.x - size * 0.5, die.y + size * 0.5)
            drawn.append(_tag(look.key_labels[i], corner, palette, i))
    return drawn


def prepare(
    model: TrayModel, layout: TableLayout, renderer: TrayRenderer, palette: DicePalette
) -> None:
    """Have images made ahead: the lifted shadows of dice in the air and drifting; of
    still dice, those on their way to rest, where they will lie, and of dice lying in play,
    faded, as they will show when the turn is over."""
    view = layout.tray.center
    high = highest_lift(model)
    for size in (layout.die_size, layout.die_size * model.held_scale):  # free dice and held
        renderer.dice.want_grown(size, palette, high * size)
    prepare_flight(model, renderer, palette, view)
    prepare_drifts(model, renderer, palette, view)
    prepare_landing(model, renderer, palette, view)
    for i, at, turn in model.coming_rests():
        size = model.size_of(i)
        seen_from = at if model.dice[i].held else view
        renderer.model(size).prepare(at, size, turn, palette, seen_from, model.dim)
    if model.dim or model.flight is not None:
        return
    for i, die in enumerate(model.dice):
        if die.shown and not die.held and isinstance(die.state, Resting) and model.placed(i):
            size = model.size_of(i)
            renderer.model(size).prepare((die.x, die.y), size, die.turn, palette, view, True)


def prepare_flight(
    model: TrayModel, renderer: TrayRenderer, palette: DicePalette, view: Point
) -> None:
    """Have the images of the next frame's dice in the air made ahead: where the throw's
    record puts each die after each of the last frames' steps from now (the next frame
    most likely takes one of them: one that takes another draws its dice itself)."""
    flight, places, landing = model.flight, model.places, model.landing
    known = landing is not None and landing.done()  # (the throw simulated with it)
    if flight is None or places is None or not (flight.simulated or known):
        return
    throw, size, felt = flight.throw, places.die_size, places.felt
    for dt in recent(model.recent_steps, FLIGHT_STEPS):
        t = flight.throw_time_at(flight.time + dt)
        if t < 0 or t >= flight.end:
            continue  # still in the cup, or landed (prepare_landing)
        for i, die in enumerate(model.dice):
            state = die.state
            if not isinstance(state, InCup | Flying) or state.throw is None:
                continue
            if throw.out(state.throw, t):
                pose = throw.pose(state.throw, t)
                at = (felt.left + pose.x * size, felt.top + pose.y * size)
                side = model.size_of(i)
                if pose.z < CONTACT_FADE:  # on the felt, or nearly: its shadows turned
                    heading = math.degrees(ori.heading(pose.turn))
                    renderer.dice.want_shadows(round(side), palette, heading, pose.z * side)
                model_3d = renderer.model(side)
                model_3d.prepare(at, side, pose.turn, palette, view, model.dim, pose.z, soon=True)


def prepare_drifts(
    model: TrayModel, renderer: TrayRenderer, palette: DicePalette, view: Point
) -> None:
    """Have the images of the next frame's drifting dice made ahead: each a step further on
    its drift (planned, hops and all, as it started) for each of the last frames' steps."""
    if model.flight is not None or model.places is None:
        return
    size = model.places.die_size
    for dt in recent(model.recent_steps, FLIGHT_STEPS):
        for i, die in enumerate(model.dice):
            if not die.shown or not isinstance(die.state, Drifting):
                continue
            moved = copy.copy(die)
            slide(moved, die.state, dt, size)
            if isinstance(moved.state, Drifting):  # (at rest: a still image, see `prepare`)
                at = (moved.x, moved.y)
                seen_from = at if moved.held and model.placed(i, moved) else view
                side = model.size_of(i)
                _want_rings(renderer, moved, size * moved.scale, palette)
                model_3d = renderer.model(side)
                model_3d.prepare(
                    at, side, moved.turn, palette, seen_from, model.dim, moved.lift, True
                )


def prepare_landing(
    model: TrayModel, renderer: TrayRenderer, palette: DicePalette, view: Point
) -> None:
    """Have the images of the landing's frame made ahead (or of the frame of a change
    foreseen, see DiceTray.foresee): once its drifts are planned (game.anim.landing), each
    drifting die's first pose for each of the last frames' steps (that frame most likely
    takes one of them: a frame that takes another draws them)."""
    landing = model.landing
    if landing is None or not landing.done():
        return
    plan = landing.result()
    if plan is None:
        return
    if renderer.landing[0] is not plan:
        renderer.landing = (plan, set())
    wished = renderer.landing[1]  # (the steps; None: the frame of the change itself)
    for dt in recent(model.recent_steps, LANDING_STEPS):
        if dt in wished:
            continue  # (its images are kept, or under way)
        wished.add(dt)
        for die in plan.dice:
            if isinstance(die.state, Drifting):
                moved = copy.copy(die)
                slide(moved, die.state, dt, plan.size)
                size = plan.size * moved.scale
                at = (moved.x, moved.y)
                _want_rings(renderer, moved, size, palette)
                model_3d = renderer.model(size)
                model_3d.prepare(at, size, moved.turn, palette, view, plan.dim, moved.lift)
    if model.flight is None and not wished.intersection((None,)):
        wished.add(None)  # a change foreseen: the frame it is made in shows its dice where
        for die in plan.dice:  # they lie, no longer in their places
            if isinstance(die.state, Drifting):
                size = plan.size * die.scale
                _want_rings(renderer, die, size, palette)
                model_3d = renderer.model(size)
                model_3d.prepare((die.x, die.y), size, die.turn, palette, view, plan.dim, die.lift)


def _want_rings(renderer: TrayRenderer, die: Die, size: float, palette: DicePalette) -> None:
    """Have a held die's rings turned ahead as a coming frame shows them on its way (as
    `pieces` turns them, unkept, for a die not yet lying in its place), before its die's
    image (a ring is turned in a third of the time); a person's focus ring is not known
    ahead (only a CPU's moves are foreseen), and is turned in the frame."""
    if die.held:
        ring = renderer.dice.decoration(round(size), True, False, palette)
        renderer.dice.want_turn(ring, die.heading)


def recent(steps: Iterable[float], count: int) -> list[float]:
    """The last `count` different values of `steps`, the latest first."""
    found: list[float] = []
    for step in reversed(list(steps)):
        if step not in found:
            found.append(step)
            if len(found) == count:
                break
    return found


def _tag(label: pygame.Surface, at: Point, palette: DicePalette, i: int) -> Piece:
    """A die's key number on a dark round tag at its lower left corner."""
    radius = max(label.get_width(), label.get_height()) * 0.62
    centre = (round(at[0]), round(at[1]))

    def paint(surface: pygame.Surface) -> None:
        pygame.draw.circle(surface, palette.pip, centre, round(radius))
        pygame.draw.circle(
            surface, palette.body, centre, round(radius), width=max(1, round(radius / 8))
        )
        surface.blit(label, label.get_rect(center=centre))

    reach = max(round(radius), label.get_width() // 2 + 1, label.get_height() // 2 + 1) + 1
    rect = (centre[0] - reach, centre[1] - reach, 2 * reach + 1, 2 * reach + 1)
    # The label is drawn afresh every frame: it is told by the die, its place and its size.
    return Piece(rect, ("tag", i, centre, label.get_size(), palette), paint)


DrawnDie = tuple[int | None, int, int, int, tuple[float, ...]]


def drawn_state(model: TrayModel) -> tuple[int, int, int, tuple[DrawnDie, ...]]:
    """What the tray draws, in whole pixels and whole degrees of the cup (as it is drawn) and
    the dice's turns to a thousandth: two frames with equal states look the same."""
    dx, dy = model.cup_offset()
    size = model.places.die_size if model.places is not None else 1.0
    dice = tuple(
        (
            d.face if d.shown else None,
            round(d.x),
            round(d.y),
            round(d.lift * size),
            tuple(round(q, 3) for q in d.turn),
        )
        for d in model.dice
    )
    return (round(model.cup_angle()), round(dx), round(dy), dice)
