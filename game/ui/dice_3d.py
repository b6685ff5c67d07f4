"""Draw a die as a solid in perspective: a rounded cube turned any way, lit, with its pips.

The die is a mesh made once: each face of a unit cube is a grid whose outer rows are bent round
the edges and corners (a rounded cube of edge radius BEVEL), so the lit top, the shaded sides and
the rounded edges between them all follow the die's orientation. Each frame the mesh is turned,
seen from a camera above the table (nearer dice and lifted dice look larger, dice away from the
middle show a little of their sides), and drawn as filled polygons by SDL: exact at any size,
from a 24 px die to a 4K one, with no bitmap scaled. The outline is drawn anti-aliased.

Faces carry pips in the arrangement of game.anim.orientation.FACE_AXES (opposite faces sum to
seven), drawn on the face plane so the 2, 3 and 6 turn with the die.

    model = DieModel(steps_for(72))
    model.draw(screen, (400, 300), 72, turn, palette, view=(640, 360), lift=0.0)
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass

import numpy as np
import pygame

from game.anim import orientation as ori
from game.anim.orientation import Quat, Vec
from game.ui.die_image import DIM_DARKEN, DIM_DESATURATE, PIP_LAYOUT, PIP_OFFSET, PIP_RADIUS
from game.ui.palette import DicePalette
from game.ui.raster import Point, SpriteCache
from game.ui.stills import NEXT, NotMade, Stills

BEVEL = 0.1  # of the side: radius of the rounded edges
BEVEL_STEPS = 2  # polygons across each half of a rounded edge
SMALL_DIE = 96  # px: smaller dice use one polygon per half edge; the steps are too small to see
LARGE_DIE = 160  # px: larger dice use one more, or their rounded edges show as bands
PIP_SIDES = 18  # a pip's outline
ONE_PIP_SCALE = 1.3  # the single pip of a one is drilled larger, as on casino dice
PIP_FLOOR = 0.86  # of a pip's radius: its dark floor; the lit wall shows round it
PIP_SHIFT = 0.14  # of a pip's radius: how far the floor lies towards the light
CAMERA = 18.0  # die sizes from the felt up to the eye: far enough that sides show only a little
LIGHT = (-0.42, 0.62, 0.66)  # towards the light: top left of the screen, and above
SHININESS = 36.0
CACHE_SIZE = 40  # images of dice lying still: ten dice in two palettes, and room to spare
# A die lying still is drawn at this many times its size and scaled down smoothly, once, into
# its cached image: its outline and the seams of its rounded edges come out anti-aliased
# (drawn at its own size, polygon edges are stair-stepped and the bevels band). Dice in the
# air are drawn each frame at their own size, where the motion hides the steps.
SUPERSAMPLE = 3
STILL_STEPS = 4  # polygons across each half of a still die's rounded edge: no bands at 4K
MOVING_CACHE = 10  # images of dice in the air: the last frame's five, and the one before
AHEAD_CACHE = 20  # images of dice on their way made ahead: a landing's five for 3 frame
# times; the next frame's in the air, five for 2 frame times, and the frame's before


def _unit(v: object) -> np.ndarray:
    a = np.asarray(v, dtype=np.float64)
    unit: np.ndarray = a / np.linalg.norm(a, axis=-1, keepdims=True)
    return unit


# Two axes lying on each face, to place pips: (across, down) as PIP_LAYOUT reads them.
_FACE_FRAME: dict[Vec, tuple[Vec, Vec]] = {
    (0, 0, 1): ((1, 0, 0), (0, -1, 0)),
    (0, 0, -1): ((1, 0, 0), (0, 1, 0)),
    (1, 0, 0): ((0, 1, 0), (0, 0, -1)),
    (-1, 0, 0): ((0, -1, 0), (0, 0, -1)),
    (0, 1, 0): ((-1, 0, 0), (0, 0, -1)),
    (0, -1, 0): ((1, 0, 0), (0, 0, -1)),
}


@dataclass(frozen=True)
class Mesh:
    points: np.ndarray  # (n, 3) vertices on the rounded cube, die sizes about its centre
    quads: np.ndarray  # (m, 4) vertex indices, counter-clockwise seen from outside
    normals: np.ndarray  # (m, 3) outward normal at each quad's middle
    centres: np.ndarray  # (m, 3)
    edges: np.ndarray  # (e, 4): two vertices and the two quads either side
    pips: np.ndarray  # (21, PIP_SIDES, 3): every pip's outline, faces 1..6 in order
    pip_face: np.ndarray  # (21,) the quad at the middle of the pip's face
    face_quad: dict[int, int]  # face -> its flat middle quad


def _round(p: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Points on the cube's surface moved onto the rounded cube, with their normals."""
    inner = 0.5 - BEVEL
    core = np.clip(p, -inner, inner)
    normal = _unit(p - core)
    return core + BEVEL * normal, normal


def _first_met(rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The distinct rows in the order first met: where each is first met, and each row's
    number among them."""
    _, first, inverse = np.unique(rows, axis=0, return_index=True, return_inverse=True)
    rank = np.empty(len(first), dtype=np.intp)
    rank[np.argsort(first, kind="stable")] = np.arange(len(first))
    return np.sort(first), rank[inverse.reshape(-1)]


def build_mesh(steps: int = BEVEL_STEPS) -> Mesh:
    """The rounded cube with `steps` polygons across each half of an edge, worked out with
    whole arrays: each face a grid of points moved onto the rounded cube, the points faces
    share numbered once (in the order first met), and each edge with the two quads either
    side."""
    # Grid lines across a face: the flat middle, then `steps` bands that bend through 45
    # degrees towards each edge (the next face bends the other 45).
    inner = 0.5 - BEVEL
    bend = [inner + BEVEL * math.tan(math.radians(45.0 * k / steps)) for k in range(1, 1 + steps)]
    lines = np.array([-b for b in reversed(bend)] + [-inner, inner] + bend)
    n = len(lines)
    middles = (lines[:-1] + lines[1:])[:, None, None]
    corners: list[np.ndarray] = []
    grids: list[np.ndarray] = []
    normals: list[np.ndarray] = []
    centres: list[np.ndarray] = []
    face_quad: dict[int, int] = {}
    for face, axis in ori.FACE_AXES.items():
        a = np.array(axis)
        u_axis, v_axis = (np.array(t, dtype=np.float64) for t in _FACE_FRAME[axis])
        if np.dot(np.cross(u_axis, v_axis), a) < 0:
            v_axis = -v_axis  # walk each face counter-clockwise seen from outside
        # The grid's points, row i along u and column j along v, and the quads' middles.
        points, _ = _round(a * 0.5 + u_axis * lines[:, None, None] + v_axis * lines[None, :, None])
        corners.append(points.reshape(-1, 3))
        mid = a * 0.5 + u_axis * middles / 2 + v_axis * middles.transpose(1, 0, 2) / 2
        centre, normal = _round(mid)
        face_quad[face] = len(face_quad) * (n - 1) ** 2 + ((n - 2) // 2) * n
        normals.append(normal.reshape(-1, 3))
        centres.append(centre.reshape(-1, 3))
        grids.append(len(grids) * n * n + np.arange(n * n).reshape(n, n))
    # Points the faces share are one vertex: numbered in the order they are first met.
    every = np.concatenate(corners)
    first, number = _first_met(np.round(every, 9) + 0.0)
    quads = np.concatenate(
        [
            np.stack([g[:-1, :-1], g[1:, :-1], g[1:, 1:], g[:-1, 1:]], axis=-1).reshape(-1, 4)
            for g in grids
        ]
    )
    quads = number[quads]
    # Each edge (its two ends, lower first) with the quads either side, in the order met.
    ends = np.stack([quads, np.roll(quads, -1, axis=1)], axis=-1).reshape(-1, 2)
    ends.sort(axis=1)
    seen, which = _first_met(ends)
    order = np.argsort(which, kind="stable")  # each edge's sides, in the order met
    counts = np.bincount(which)
    starts = np.concatenate([[0], np.cumsum(counts)[:-1]])
    two = np.nonzero(counts == 2)[0]
    sides = order[starts[two][:, None] + np.arange(2)] // 4
    edges = np.concatenate([ends[seen[two]], sides], axis=1)

    pips, pip_face = [], []
    angles = np.linspace(0.0, 2.0 * math.pi, PIP_SIDES, endpoint=False)
    ring = np.stack([np.cos(angles), np.sin(angles)], axis=1)
    for face in range(1, 7):
        axis = ori.FACE_AXES[face]
        u_axis, v_axis = (np.array(t, dtype=np.float64) for t in _FACE_FRAME[axis])
        radius = PIP_RADIUS * (ONE_PIP_SCALE if face == 1 else 1.0)
        for gx, gy in PIP_LAYOUT[face]:
            centre = np.array(axis) * 0.5005 + (u_axis * gx + v_axis * gy) * PIP_OFFSET
            pips.append(centre + radius * (ring[:, :1] * u_axis + ring[:, 1:] * v_axis))
            pip_face.append(face_quad[face])
    return Mesh(
        every[first],
        quads,
        np.concatenate(normals),
        np.concatenate(centres),
        edges,
        np.array(pips),
        np.array(pip_face),
        face_quad,
    )


def _palette_colours(palette: DicePalette, dimmed: bool) -> tuple[np.ndarray, ...]:
    colours = [
        np.array(c, dtype=np.float64)
        for c in (
            palette.body,
            palette.body_light,
            palette.body_dark,
            palette.pip,
            palette.edge,
            palette.pip_wall,
        )
    ]
    if dimmed:
        weights = np.array([0.299, 0.587, 0.114])
        colours = [(c + (c @ weights - c) * DIM_DESATURATE) * DIM_DARKEN for c in colours]
    return tuple(colours)


def _to_screen(world: np.ndarray, size: float) -> np.ndarray:
    """Points in die sizes about the point under the camera, seen in perspective, in px."""
    scale = (CAMERA - 1.0) / (CAMERA - world[..., 2]) * size
    return np.stack([world[..., 0] * scale, -world[..., 1] * scale], axis=-1)


class DieModel:
    """A die mesh and the drawing of it, turned any way, at any size."""

    def __init__(self, steps: int = BEVEL_STEPS, stills: Stills | None = None) -> None:
        self.mesh = mesh_of(steps)
        self.stills = stills  # still dice's images made ahead; None: each when first drawn
        self.light = _unit(LIGHT)
        self.half_way = _unit(self.light + np.array([0.0, 0.0, 1.0]))
        # How lit the top of a die lying flat is: that shade is the palette's body colour.
        self.top_light = float(self.light[2])
        # Each image with its top left corner's offset from where the view falls.
        self.cache: SpriteCache[tuple[pygame.Surface, tuple[int, int]]] = SpriteCache(CACHE_SIZE)
        self.moving: SpriteCache[tuple[pygame.Surface, tuple[int, int]]] = SpriteCache(MOVING_CACHE)
        # Images of dice on their way made ahead (`prepare`): a landing's, and the next
        # frame's in the air, kept apart (the second churns frame by frame).
        self.ahead: SpriteCache[tuple[pygame.Surface, tuple[int, int]]] = SpriteCache(AHEAD_CACHE)
        self.coming: SpriteCache[tuple[pygame.Surface, tuple[int, int]]] = SpriteCache(AHEAD_CACHE)
        self.late = 0  # dice on their way shown as they were a frame before (see `image`)

    def project(
        self,
        center: Point,
        size: float,
        turn: Quat,
        view: Point,
        lift: float = 0.0,
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """This model's mesh seen as `project` sees a mesh."""
        return project(self.mesh, center, size, turn, view, lift)

    def draw(
        self,
        surface: pygame.Surface,
        center: Point,
        size: float,
        turn: Quat,
        palette: DicePalette,
        view: Point,
        still: bool = False,
    ) -> pygame.Rect:
        """Draw the die turned by `turn` with its top (at rest) centred on `center`, seen from
        above `view` (see `image`). Returns the rectangle drawn over."""
        image, at = self.image(center, size, turn, palette, view=view, still=still)
        return surface.blit(image, at)

    def image(
        self,
        center: Point,
        size: float,
        turn: Quat,
        palette: DicePalette,
        *,
        view: Point,
        lift: float = 0.0,
        dimmed: bool = False,
        still: bool = False,
        before: Shown | None = None,
    ) -> tuple[pygame.Surface, tuple[int, int]]:
        """The die's image and where its top left goes on the screen: the die turned by
        `turn` with its top (at rest) centred on `center`, `lift` die sizes above the felt,
        seen from above `view` (the screen point under the camera). A `still` die's image is
        kept and given again while it stays as it is (with `stills`, made ahead when it can
        be, and shown plain until it is made when the frame has no time for it). A die to
        be drawn plain (on its way, or still and not made yet) over the frame's allowance
        (Stills.may_draw) shows what it showed `before`, moved to where it is now, if that
        was of this kind and not itself shown late (`_stand_in`)."""
        key, (dx, dy) = _image_key(center, size, turn, palette, view, dimmed)
        x0, y0 = round(center[0]) - dx, round(center[1]) - dy  # where the view falls, in px
        made: tuple[pygame.Surface, tuple[int, int]] | None = None
        if still:
            make = functools.partial(
                self.render, size, turn, palette, (dx, dy), lift, dimmed, SUPERSAMPLE
            )
            if self.stills is None:
                made = self.cache.get(key, make)
            else:
                made = self.stills.get(self.cache, key, make)
        if made is None and self.stills is not None:  # made ahead (`prepare`)?
            landing, soon = (*key, lift), ("soon", *key, lift)
            made = self.stills.ready(self.ahead, landing) or self.stills.ready(self.coming, soon)
        if made is None and self.stills is not None and self.stills.peeking:
            # A frame foreseen: an image kept for this key, or none (drawn here, from the
            # pose foreseen, it would be what the frame shows for any pose of that key).
            made = self.moving.peek((*key, lift))
            if made is None:
                raise NotMade((*key, lift), wished=False)
        if made is None:
            # A die in the air is drawn afresh, unless it lies as it did a frame ago (one that
            # came to rest while others still roll): the last few such images are kept apart.
            made = self.moving.peek((*key, lift))
        if made is None and self.stills is not None and not self.stills.may_draw():
            stand_in = self._stand_in(before, _kind(size, palette, dimmed))
            if stand_in is not None:
                self.late += 1
                cx, cy = round(center[0]), round(center[1])
                return stand_in.image, (cx + stand_in.corner[0], cy + stand_in.corner[1])
        if made is None:
            made = self.moving.put(
                (*key, lift), self.render(size, turn, palette, (dx, dy), lift, dimmed)
            )
        image, corner = made
        return image, (x0 + corner[0], y0 + corner[1])

    @staticmethod
    def _stand_in(before: Shown | None, kind: tuple[object, ...]) -> Shown | None:
        """What the die showed a frame ago, to show again instead of drawing it (the frame
        has drawn as many dice on their way as it may): when that image was of this kind
        and not itself shown late (none shows two frames late)."""
        if before is None or before.late or before.kind != kind:
            return None
        return before

    def prepare(
        self,
        center: Point,
        size: float,
        turn: Quat,
        palette: DicePalette,
        view: Point,
        dimmed: bool,
        lift: float | None = None,
        soon: bool = False,
    ) -> None:
        """The image of a die that will lie like this in a frame to come, made ahead (with
        `stills`): lying still (no `lift`), or on its way `lift` die sizes above the felt,
        drawn plain: in the next frame (`soon`: in the air or drifting, made before the
        images wished for later), or in a landing's."""
        if self.stills is None:
            return
        key, offset = _image_key(center, size, turn, palette, view, dimmed)
        if lift is None:
            still = functools.partial(
                self.render, size, turn, palette, offset, 0.0, dimmed, SUPERSAMPLE
            )
            self.stills.want(self.cache, key, still)
        else:
            moving = functools.partial(self.render, size, turn, palette, offset, lift, dimmed)
            if soon:
                self.stills.want(self.coming, ("soon", *key, lift), moving, NEXT)
            else:
                self.stills.want(self.ahead, (*key, lift), moving)

    def render(
        self,
        size: float,
        turn: Quat,
        palette: DicePalette,
        offset: tuple[int, int],
        lift: float = 0.0,
        dimmed: bool = False,
        supersample: int = 1,
    ) -> tuple[pygame.Surface, tuple[int, int]]:
        """The die's image, and where its top left lies from the point under the camera, for
        a die `offset` px from that point; drawn `supersample` times larger and scaled down
        smoothly (anti-aliased) when that is more than 1."""
        if supersample > 1:
            k = supersample
            big, (bx, by) = self._render(
                size * k, turn, palette, (offset[0] * k, offset[1] * k), lift, dimmed, k
            )
            small = pygame.transform.smoothscale(big, (big.get_width() // k, big.get_height() // k))
            return small, (bx // k, by // k)
        return self._render(size, turn, palette, offset, lift, dimmed, 1)

    def _render(
        self,
        size: float,
        turn: Quat,
        palette: DicePalette,
        offset: tuple[int, int],
        lift: float,
        dimmed: bool,
        grid: int,
    ) -> tuple[pygame.Surface, tuple[int, int]]:
        """The die's image at `size`, its corner and extent on multiples of `grid` px (so an
        image drawn `grid` times larger scales down onto whole pixels)."""
        mesh = self.mesh if grid == 1 else mesh_of(STILL_STEPS)
        screen, normals, facing = project(mesh, offset, size, turn, (0.0, 0.0), lift)
        rot = np.array(ori.matrix(turn))
        shown = facing[mesh.pip_face]
        place = np.array([offset[0] / size, -offset[1] / size, 0.5 + lift])
        world = mesh.pips[shown] @ rot.T + place
        # A pip is drilled: its floor, dark, lies towards the light, and the far wall, lit,
        # shows as a crescent on the side away from it.
        face_normals = normals[mesh.pip_face[shown]]
        middle = world.mean(axis=1, keepdims=True)
        across = self.light - (face_normals @ self.light)[:, None] * face_normals
        across /= np.linalg.norm(across, axis=1, keepdims=True) + 1e-9
        reach = np.linalg.norm(world[:, :1] - middle, axis=2, keepdims=True)
        floor = middle + (world - middle) * PIP_FLOOR + across[:, None, :] * reach * PIP_SHIFT
        corner = np.floor((screen.min(axis=0) - 2.0 * grid) / grid) * grid
        extent = np.ceil((screen.max(axis=0) - corner + 3.0 * grid) / grid) * grid
        screen = screen - corner
        pips, floors = (_to_screen(w, size) - corner for w in (world, floor))
        image = pygame.Surface((int(extent[0]), int(extent[1])), pygame.SRCALPHA)
        body, light, dark, pip, edge, wall = _palette_colours(palette, dimmed)

        lit = normals[facing] @ self.light
        t = lit - self.top_light
        colour = np.where(
            (t > 0.0)[:, None],
            body + (light - body) * np.clip(t / (1.0 - self.top_light), 0.0, 1.0)[:, None],
            body + (dark - body) * np.clip(-t / 0.9, 0.0, 1.0)[:, None] * 1.25,
        )
        shine = np.clip(normals[facing] @ self.half_way, 0.0, 1.0) ** SHININESS
        colour = colour + (255.0 - colour) * (shine * palette.gloss * 2.5)[:, None]
        colour = np.clip(colour, 0.0, 255.0).astype(int).tolist()
        polygons = screen[mesh.quads[facing]].tolist()
        for points, rgb in zip(polygons, colour, strict=True):
            pygame.draw.polygon(image, rgb, points)

        # Pips on the faces that look at the camera, shaded a little with their face: the
        # lit wall, the dark floor over it, and a dark rim. High contrast keeps them flat.
        face_lit = np.clip((face_normals @ self.light) / self.top_light, 0.55, 1.15)
        drilled = not palette.high_contrast
        for points, inner, k in zip(pips.tolist(), floors.tolist(), face_lit.tolist(), strict=True):
            shade = 0.6 + 0.4 * k
            rgb = [min(255, int(c * shade)) for c in pip]
            if drilled:
                pygame.draw.polygon(image, [min(255, int(c * shade)) for c in wall], points)
                pygame.draw.polygon(image, rgb, inner)
            else:
                pygame.draw.polygon(image, rgb, points)
            pygame.draw.aalines(image, rgb, True, points)

        # The outline: edges between a quad that faces the camera and one that does not.
        a, b, qa, qb = mesh.edges.T
        rim = facing[qa] != facing[qb]
        width = max(1, round(palette.edge_width * grid)) if palette.high_contrast else grid
        edge_rgb = [int(c) for c in (edge if palette.high_contrast else (edge + body) / 2)]
        segments = np.stack([screen[a[rim]], screen[b[rim]]], axis=1).tolist()
        for p, q in segments:
            if width > 1:
                pygame.draw.line(image, edge_rgb, p, q, width)
            pygame.draw.aaline(image, edge_rgb, p, q)
        return image, (int(corner[0]), int(corner[1]))


@dataclass(frozen=True)
class Shown:
    """A die's image as a frame showed it: of what kind (its size, palette and fading, as
    `_image_key` keeps them), and where its top left lay from the die's centre."""

    kind: tuple[object, ...]
    image: pygame.Surface
    corner: tuple[int, int]
    late: bool  # it was shown then as it was the frame before (see DieModel._stand_in)

    @classmethod
    def of(
        cls,
        image: pygame.Surface,
        at: tuple[int, int],
        center: Point,
        size: float,
        palette: DicePalette,
        dimmed: bool,
        late: bool,
    ) -> Shown:
        corner = (at[0] - round(center[0]), at[1] - round(center[1]))
        return cls(_kind(size, palette, dimmed), image, corner, late)


def _kind(size: float, palette: DicePalette, dimmed: bool) -> tuple[object, ...]:
    """What a die's image is of, whatever its pose: its size (to an eighth of a px), colours
    and fading."""
    return (round(size * 8), palette, dimmed)


def _image_key(
    center: Point, size: float, turn: Quat, palette: DicePalette, view: Point, dimmed: bool
) -> tuple[tuple[object, ...], tuple[int, int]]:
    """What a die's image is kept by (it looks the same for the same key), and its offset
    from the point under the camera in whole px."""
    dx, dy = round(center[0] - view[0]), round(center[1] - view[1])
    key = (*_kind(size, palette, dimmed), tuple(round(c, 5) for c in turn), dx, dy)
    return key, (dx, dy)


def project(
    mesh: Mesh, center: Point, size: float, turn: Quat, view: Point, lift: float = 0.0
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Screen points of `mesh`, its quads' outward normals in world axes and which quads face
    the camera, for a die of `size` px turned by `turn`, `lift` die sizes above the felt, seen
    from above `view`. `center` is where the top of a flat die at rest would be drawn."""
    rot = np.array(ori.matrix(turn))
    offset = np.array([(center[0] - view[0]) / size, -(center[1] - view[1]) / size, 0.5 + lift])
    world = mesh.points @ rot.T + offset
    scale = (CAMERA - 1.0) / (CAMERA - world[:, 2])  # the top of a resting die: 1
    screen = np.empty((len(world), 2))
    screen[:, 0] = view[0] + world[:, 0] * scale * size
    screen[:, 1] = view[1] - world[:, 1] * scale * size
    normals = mesh.normals @ rot.T
    centres = mesh.centres @ rot.T + offset
    to_eye = np.array([0.0, 0.0, CAMERA]) - centres
    facing = np.einsum("ij,ij->i", normals, to_eye) > 0.0
    return screen, normals, facing


@functools.cache
def mesh_of(steps: int) -> Mesh:
    """The rounded cube with `steps` polygons across each half of an edge, built once."""
    return build_mesh(steps)


def steps_for(size: float) -> int:
    """The polygons across each half of a rounded edge for a die of `size` px: dice under
    SMALL_DIE get one, a third of the polygons to draw each frame, with no visible loss; dice
    from LARGE_DIE up one more, whose rounded edges show no bands (8% more time)."""
    if size < SMALL_DIE:
        return 1
    return BEVEL_STEPS + 1 if size >= LARGE_DIE else BEVEL_STEPS


def mesh_for(size: float) -> Mesh:
    """The mesh a die of `size` px is drawn with."""
    return mesh_of(steps_for(size))
