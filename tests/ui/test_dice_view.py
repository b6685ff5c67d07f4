"""Die and cup views: pips counted in the pixels, held shown by shape, rotation bounds, caches."""

from __future__ import annotations

import math
from collections import deque
from typing import Any

import numpy as np
import pygame
import pytest

from game.ui.cup_view import CupRenderer, cup_extent, cup_mouth
from game.ui.dice_view import DieRenderer
from game.ui.die_image import (
    BADGE_RADIUS,
    CORNER_RADIUS,
    DieStyle,
    pip_centres,
    pip_radius,
    sprite_extent,
)
from game.ui.palette import HIGH_CONTRAST_DICE, STANDARD_DICE, DicePalette
from game.ui.raster import SpriteCache, rounded_square_sdf

SIZES = (24, 64, 200)
FELT = (21, 96, 64)  # the standard theme's table
HIGH_CONTRAST_FELT = (0, 0, 0)


def rgba(surface: pygame.Surface) -> np.ndarray:
    """(h, w, 4) uint8 pixels."""
    w, h = surface.get_size()
    return np.frombuffer(pygame.image.tobytes(surface, "RGBA"), dtype=np.uint8).reshape(h, w, 4)


def on_cloth(surface: pygame.Surface, cloth: tuple[int, int, int]) -> np.ndarray:
    """Luminance (h, w) of the image laid on a plain `cloth` colour."""
    px = rgba(surface).astype(np.float64)
    a = px[..., 3:] / 255.0
    rgb = px[..., :3] * a + np.asarray(cloth, dtype=np.float64) * (1.0 - a)
    return rgb @ np.array([0.299, 0.587, 0.114])


def on_white(surface: pygame.Surface) -> np.ndarray:
    return on_cloth(surface, (255, 255, 255))


def blobs(mask: np.ndarray) -> int:
    """Count 4-connected groups of True pixels."""
    seen = np.zeros_like(mask)
    count = 0
    h, w = mask.shape
    for y0, x0 in zip(*np.nonzero(mask), strict=True):
        if seen[y0, x0]:
            continue
        count += 1
        seen[y0, x0] = True
        queue = deque([(y0, x0)])
        while queue:
            y, x = queue.popleft()
            for ny, nx in ((y + 1, x), (y - 1, x), (y, x + 1), (y, x - 1)):
                if 0 <= ny < h and 0 <= nx < w and mask[ny, nx] and not seen[ny, nx]:
                    seen[ny, nx] = True
                    queue.append((ny, nx))
    return count


@pytest.fixture
def renderer() -> DieRenderer:
    return DieRenderer()


# --- faces -----------------------------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("face", [0, 1, 2, 3, 4, 5, 6])
def test_the_pips_counted_in_the_pixels_match_the_face(
    renderer: DieRenderer, size: int, face: int
) -> None:
    lum = on_white(renderer.sprite(size, face))
    assert blobs(lum < 110.0) == face


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("face", [1, 2, 3, 4, 5, 6])
def test_every_pip_centre_is_dark_and_the_centre_only_for_odd_faces(
    renderer: DieRenderer, size: int, face: int
) -> None:
    sprite = renderer.sprite(size, face)
    lum = on_white(sprite)
    mid = sprite.get_width() / 2.0
    for cx, cy in pip_centres(face, size):
        assert lum[int(mid + cy), int(mid + cx)] < 90.0
    assert (lum[int(mid), int(mid)] < 90.0) == (face % 2 == 1)


def inside_die(size: int, inset: float, style: DieStyle | None = None) -> np.ndarray:
    """Mask of the sprite's pixels at least `inset` px inside the die's rounded square."""
    extent = sprite_extent(size, style)
    coords = np.arange(extent) + 0.5 - extent / 2.0
    x, y = np.meshgrid(coords, coords)
    return rounded_square_sdf(x, y, size / 2.0, CORNER_RADIUS * size) < -inset


@pytest.mark.parametrize("face", [1, 2, 3, 4, 5, 6])
def test_pips_read_in_high_contrast_too(renderer: DieRenderer, face: int) -> None:
    size = 64
    lum = on_white(renderer.sprite(size, face, DieStyle(palette=HIGH_CONTRAST_DICE)))
    # Inside the black outline, which is a dark ring of its own.
    assert blobs((lum < 110.0) & inside_die(size, 3.0)) == face
    mid = sprite_extent(size) // 2
    assert lum[mid, mid - size // 2] < 60.0  # the outline is there, and black


def test_a_bad_face_is_refused(renderer: DieRenderer) -> None:
    with pytest.raises(ValueError, match="1 to 6"):
        renderer.sprite(64, 7)


def test_rendering_is_deterministic() -> None:
    a = DieRenderer().sprite(64, 4, DieStyle(held=True))
    b = DieRenderer().sprite(64, 4, DieStyle(held=True))
    assert pygame.image.tobytes(a, "RGBA") == pygame.image.tobytes(b, "RGBA")


# --- styles ----------------------------------------------------------------------------------


def drawn(renderer: DieRenderer, size: int, face: int, **style: Any) -> pygame.Surface:
    """The die drawn without shadow on clear glass twice its size, centred at (size, size)."""
    canvas = pygame.Surface((2 * size, 2 * size), pygame.SRCALPHA)
    renderer.draw(canvas, (size, size), size, face, DieStyle(shadow=False, **style))
    return canvas


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("palette", [STANDARD_DICE, HIGH_CONTRAST_DICE])
def test_held_changes_the_silhouette_not_just_colours(
    renderer: DieRenderer, size: int, palette: DicePalette
) -> None:
    plain = rgba(drawn(renderer, size, 3, palette=palette))[..., 3]
    held = rgba(drawn(renderer, size, 3, held=True, palette=palette))[..., 3]
    # The ring: opaque just outside the die's left edge, where a free die leaves the cloth bare.
    ring_x = int(size - size / 2.0 - max(0.05 * size, 1.6) - max(0.055 * size, 1.6) / 2.0)
    assert plain[size, ring_x] == 0
    assert held[size, ring_x] == 255
    # The padlock badge sits on the top-right corner, outside the rounded corner of the die.
    corner_x, corner_y = size + size // 2 - 1, size - size // 2
    assert plain[corner_y, corner_x] == 0
    assert held[corner_y, corner_x] == 255
    # Seen in grey alone on the table's cloth, the held die still stands out over a good area.
    felt = HIGH_CONTRAST_FELT if palette.high_contrast else FELT
    grey_plain = on_cloth(drawn(renderer, size, 3, palette=palette), felt)
    grey_held = on_cloth(drawn(renderer, size, 3, held=True, palette=palette), felt)
    assert np.count_nonzero(np.abs(grey_held - grey_plain) > 60) > 0.1 * size * size


def test_held_keeps_every_pip_visible(renderer: DieRenderer) -> None:
    size = 64
    style = DieStyle(held=True)
    extent = sprite_extent(size, style)
    ys, xs = np.mgrid[0:extent, 0:extent] + 0.5 - extent / 2.0
    # The badge covers only the die's rounded corner: outside it, every pip is whole.
    reach = BADGE_RADIUS * size * 1.2
    off_badge = np.hypot(xs - size / 2.0, ys + size / 2.0) > reach
    for face in range(1, 7):
        lum = on_white(renderer.sprite(size, face, style))
        assert blobs((lum < 110.0) & inside_die(size, 2.0, style) & off_badge) == face
        for cx, cy in pip_centres(face, size):
            gap = math.hypot(cx - size / 2.0, cy + size / 2.0) - pip_radius(face, size)
            assert gap > reach


def test_focus_draws_a_ring_outside_the_held_ring(renderer: DieRenderer) -> None:
    size = 64
    both = rgba(drawn(renderer, size, 2, focused=True, held=True))[..., 3]
    focused = rgba(drawn(renderer, size, 2, focused=True))[..., 3]
    plain = rgba(drawn(renderer, size, 2))[..., 3]
    focus_x = int(size - size / 2.0 - 0.13 * size - 0.05 * size / 2.0)
    held_x = int(size - size / 2.0 - 0.05 * size - 0.055 * size / 2.0)
    assert plain[size, focus_x] == 0
    assert focused[size, focus_x] == 255 and both[size, focus_x] == 255
    assert focused[size, held_x] < 255 and both[size, held_x] == 255


def test_plain_dice_carry_no_room_for_rings() -> None:
    # A tumbling die is rotozoomed every frame: its image must be no bigger than it needs.
    assert sprite_extent(64) <= 64 + 8
    assert sprite_extent(64, DieStyle(held=True)) > 64 + 2 * 0.2 * 64


def test_ghost_is_a_translucent_blank(renderer: DieRenderer) -> None:
    ghost = renderer.sprite(64, 5, DieStyle(ghost=True))
    alpha = rgba(ghost)[..., 3]
    assert 0 < alpha.max() <= round(255 * STANDARD_DICE.ghost_alpha)
    assert blobs(on_white(ghost) < 110.0) == 0


# --- rotation and drawing ----------------------------------------------------------------------


def drawn_extent(angle: float, size: int = 100) -> np.ndarray:
    """Draw one die (no shadow) on clear glass and return the mask of what was drawn."""
    canvas = pygame.Surface((300, 300), pygame.SRCALPHA)
    DieRenderer().draw(canvas, (150, 150), size, 6, DieStyle(angle=angle, shadow=False))
    return rgba(canvas)[..., 3] > 127


@pytest.mark.parametrize("angle", [0.0, 17.0, 45.0, -30.0, 90.0, 200.0])
def test_rotation_keeps_the_die_inside_its_rotated_bounds(angle: float) -> None:
    size = 100
    mask = drawn_extent(angle, size)
    ys, xs = np.nonzero(mask)
    half, radius = size / 2.0, CORNER_RADIUS * size
    rad = math.radians(angle)
    # Half-width of a rounded square turned by `angle`: the corner circles' centres, plus r.
    expected = (half - radius) * (abs(math.cos(rad)) + abs(math.sin(rad))) + radius
    for coords in (xs, ys):
        assert coords.min() >= 150 - expected - 1.5
        assert coords.max() <= 150 + expected + 1.5
        assert coords.max() - coords.min() + 1 == pytest.approx(2 * expected, abs=2.5)
    # Everything drawn is within the circle through the rounded corners.
    assert np.max(np.hypot(xs + 0.5 - 150, ys + 0.5 - 150)) <= expected * math.sqrt(2) + 1.5


def test_draw_returns_the_blitted_rect_centred_on_the_die() -> None:
    canvas = pygame.Surface((300, 300))
    rect = DieRenderer().draw(canvas, (120, 140), 64, 3, DieStyle(angle=30.0))
    assert rect.center == (120, 140)


def test_a_lifted_die_casts_its_shadow_on_the_table_below_and_looks_nearer() -> None:
    def lowest_and_rightmost(lift: float) -> tuple[int, int]:
        canvas = pygame.Surface((400, 400), pygame.SRCALPHA)
        DieRenderer().draw(canvas, (150, 150), 64, 1, DieStyle(lift=lift))
        ys, xs = np.nonzero(rgba(canvas)[..., 3])
        return int(ys.max()), int(xs.max())

    ground = lowest_and_rightmost(0.0)
    raised = lowest_and_rightmost(60.0)
    assert raised[0] >= ground[0] + 60 + 0.3 * 60  # the table is `lift` below, plus the slant
    assert raised[1] >= ground[1] + 0.3 * 60
    canvas = pygame.Surface((300, 300), pygame.SRCALPHA)
    rect = DieRenderer().draw(canvas, (150, 150), 64, 1, DieStyle(lift=80.0, shadow=False))
    assert rect.width > DieRenderer().sprite(64, 1).get_width()
    assert rect.center == (150, 150)  # the die itself is drawn where it is asked


def test_dimmed_dice_are_darker_but_keep_their_shape_and_pips(renderer: DieRenderer) -> None:
    plain = rgba(renderer.sprite(64, 4))
    dimmed = rgba(renderer.sprite(64, 4, DieStyle(dimmed=True)))
    assert np.array_equal(plain[..., 3], dimmed[..., 3])
    mid = plain.shape[0] // 2
    assert dimmed[mid, mid, :3].astype(int).sum() < 0.8 * plain[mid, mid, :3].astype(int).sum()
    assert blobs(on_white(renderer.sprite(64, 4, DieStyle(dimmed=True))) < 80.0) == 4


# --- caches ----------------------------------------------------------------------------------


def test_die_cache_is_bounded_and_reuses_images() -> None:
    renderer = DieRenderer(max_entries=5)
    for face in range(1, 7):
        for held in (False, True):
            renderer.sprite(32, face, DieStyle(held=held))
    assert len(renderer) == 5
    renders = renderer.cache.renders
    again = renderer.sprite(32, 6, DieStyle(held=True))
    assert renderer.cache.renders == renders
    assert again is renderer.sprite(32, 6, DieStyle(held=True, angle=30.0, lift=9.0))


def test_prewarmed_rings_and_shadows_render_nothing_new_at_the_first_hold() -> None:
    renderer = DieRenderer()
    renderer.prewarm_decorations(72)
    renders = renderer.cache.renders
    for held, focused in ((True, False), (False, True), (True, True)):
        renderer.decoration(72, held, focused)
    renderer.shadow_images((150, 150), 72, 0.0, 0.0, STANDARD_DICE)
    assert renderer.cache.renders == renders == 5


def test_warmed_shadows_serve_a_die_turned_any_way() -> None:
    renderer = DieRenderer()
    assert renderer.warm_shadows(72, STANDARD_DICE, 10) == 10
    assert renderer.warm_shadows(72, STANDARD_DICE, 100) == 2 * 29 - 10  # 3 degree steps
    assert renderer.warm_shadows(72, STANDARD_DICE, 100) == 0
    turned = renderer.turned.renders
    for angle in range(-180, 360, 7):
        renderer.shadow_images((150, 150), 72, float(angle), 0.0, STANDARD_DICE)
    assert renderer.turned.renders == turned == 58
    # A quarter turn looks the same: the shadow at 90 degrees is the one at 0.
    ninety = renderer.shadow_images((150, 150), 72, 90.0, 0.0, STANDARD_DICE)
    assert ninety[0][0] is renderer.shadow(72, STANDARD_DICE, soft=True)


def test_a_warmed_cup_pours_without_turning_anything_new() -> None:
    cups = CupRenderer()
    pour = range(0, -56, -1)
    assert cups.warm(120, STANDARD_DICE, pour, 20) == 20
    assert cups.warm(120, STANDARD_DICE, pour, 100) == 55 - 20  # 0 degrees needs no turn
    assert cups.warm(120, STANDARD_DICE, pour, 100) == 0
    made = cups.cache.renders
    canvas = pygame.Surface((400, 400))
    for tenth in range(0, -550, -3):
        cups.draw(canvas, (200, 200), 120, tenth / 10.0, STANDARD_DICE)
    assert cups.cache.renders == made


def test_cache_drops_the_least_recently_used() -> None:
    cache = SpriteCache(2)
    made: list[str] = []

    def make(name: str) -> pygame.Surface:
        made.append(name)
        return pygame.Surface((1, 1))

    cache.get("a", lambda: make("a"))
    cache.get("b", lambda: make("b"))
    cache.get("a", lambda: make("a"))  # a is now the most recent
    cache.get("c", lambda: make("c"))  # evicts b
    cache.get("a", lambda: make("a"))
    cache.get("b", lambda: make("b"))
    assert made == ["a", "b", "c", "b"]
    with pytest.raises(ValueError, match="at least one"):
        SpriteCache(0)


def test_drawing_many_frames_renders_each_image_once() -> None:
    renderer = DieRenderer()
    canvas = pygame.Surface((400, 400))
    for frame in range(60):
        for i in range(5):
            style = DieStyle(angle=frame * 7.0, lift=frame % 9)
            renderer.draw(canvas, (60 + 70 * i, 200), 56, 1 + i, style)
    # Five faces plus the two shadows at one size.
    assert renderer.cache.renders == 7


# --- the cup ---------------------------------------------------------------------------------


@pytest.mark.parametrize("height", [40, 120, 320])
def test_cup_is_solid_in_the_middle_and_clear_at_the_corners(height: int) -> None:
    cup = CupRenderer().sprite(height)
    assert cup.get_size() == cup_extent(height)
    alpha = rgba(cup)[..., 3]
    h, w = alpha.shape
    assert alpha[h // 2, w // 2] == 255
    assert alpha[h - 1, 0] == 0 and alpha[h - 1, w - 1] == 0  # it tapers towards the base
    # The base is narrower than the mouth.
    row_width = lambda y: int(np.count_nonzero(alpha[y] > 127))  # noqa: E731
    assert row_width(int(h * 0.8)) < row_width(int(h * 0.25))


def test_cup_mouth_is_dark_and_at_the_top() -> None:
    height = 200
    cup = CupRenderer().sprite(height)
    w, h = cup.get_size()
    mouth = cup_mouth((w / 2.0, h / 2.0), height)
    assert mouth[0] == w / 2.0 and mouth[1] < h * 0.2
    r, g, b, a = cup.get_at((int(mouth[0]), int(mouth[1])))
    assert a == 255 and max(r, g, b) < 70


def test_cup_mouth_turns_with_the_cup() -> None:
    x, y = cup_mouth((0.0, 0.0), 200, angle=90.0)  # counter-clockwise: the mouth points left
    assert x < -60 and abs(y) < 1e-9


def test_tilted_cup_draws_and_its_cache_is_bounded() -> None:
    renderer = CupRenderer(max_entries=3)
    canvas = pygame.Surface((600, 600))
    canvas.fill(FELT)
    for angle in range(-40, 41, 5):
        rect = renderer.draw(canvas, (300, 300), 200, float(angle))
        assert rect.center == (300, 300)
    assert len(renderer) <= 3
    CupRenderer().draw(canvas, (300, 300), 150, -20.0, HIGH_CONTRAST_DICE)
    assert canvas.get_at((300, 300))[:3] != FELT
