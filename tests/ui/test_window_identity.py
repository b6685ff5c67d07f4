"""The window's class and icon (game.ui.window_identity)."""

from __future__ import annotations

import pygame
import pytest

from game.ui import window_identity


def test_the_class_replaces_the_script_name_import_pygame_sets(monkeypatch):
    monkeypatch.setattr("sys.argv", ["/somewhere/main.py", "--windowed"])
    environ = {"SDL_VIDEO_X11_WMCLASS": "main.py"}  # what `import pygame` sets under X11
    window_identity.claim_class(environ)
    assert environ["SDL_VIDEO_X11_WMCLASS"] == "yahtzee-table"


def test_the_class_is_claimed_for_x11_and_wayland_unless_already_named():
    environ = {"SDL_VIDEO_WAYLAND_WMCLASS": "mine"}
    window_identity.claim_class(environ)
    assert environ == {
        "SDL_VIDEO_X11_WMCLASS": "yahtzee-table",
        "SDL_VIDEO_WAYLAND_WMCLASS": "mine",
    }


@pytest.mark.parametrize("size", window_identity.ICON_SIZES)
def test_the_icon_is_a_die_on_a_clear_ground_at_every_size(size):
    icon = window_identity.draw_icon(size)
    assert icon.get_size() == (size, size)
    assert icon.get_at((0, 0)).a == 0  # the corner outside the rounded die
    middle = icon.get_at((size // 2, size // 2))  # the five's centre pip: ivory, opaque
    assert middle.a == 255 and min(middle.r, middle.g, middle.b) > 200
    face = icon.get_at((size // 2, size * 3 // 8 if size >= 32 else size // 2 - size // 5))
    assert face.a == 255


def test_an_icon_too_small_to_draw_is_refused():
    with pytest.raises(ValueError, match="at least 8 px"):
        window_identity.draw_icon(4)


def test_the_icons_are_written_as_a_hicolor_tree(tmp_path):
    paths = window_identity.write_icons(tmp_path, (16, 48))
    name = f"{window_identity.ICON_NAME}.png"
    assert paths == [tmp_path / "16x16" / "apps" / name, tmp_path / "48x48" / "apps" / name]
    assert pygame.image.load(str(paths[1])).get_size() == (48, 48)
