"""The settings scene driven by real pygame events: every kind of control changes its setting
at once and saves it (read back through a fresh Storage), keys are remapped by pressing them
and then drive their intent, conflicts swap or are refused, resets ask first, and the scene
lays out inside the window at any size, text size and theme.
"""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from game.match.seats import Seat
from game.match.session import Session
from game.rules import GameConfig
from game.scenes.confirm import ConfirmScene
from game.scenes.pause import PauseScene
from game.scenes.settings import SettingsScene
from game.scenes.settings.key_slot import KeySlot
from game.scenes.settings.keys import clear_key, key_label, remap
from game.scenes.title import TitleScene
from game.storage import Storage
from game.storage.settings import DEFAULT_KEY_BINDINGS, INTENTS, Settings
from game.ui.forms import Cycler, Slider, Toggle
from game.ui.status_line import NOTE, WARN
from tests.driver import ENTER, ESC, TAB, click, feed, hover, key, release, wheel

SIZES = [(640, 480), (800, 600), (1280, 800), (700, 1100), (1920, 1080), (3840, 2160)]
NOT_ON_SCREEN = {"window_size"}  # remembered by the app, not chosen here


# ----------------------------------------------------------------------------- helpers
def open_settings(ctx) -> SettingsScene:
    scene = SettingsScene(ctx)
    ctx.stack.push(scene)
    ctx.stack.apply_pending()
    return scene


def saved(tmp_path) -> Settings:
    """The settings as a fresh start of the game would read them from disk."""
    return Storage(tmp_path, environ={}).settings


def tab_to(ctx, scene: SettingsScene, target) -> None:
    """Tab through the controls (real key events) until `target` has the focus."""
    for _ in range(len(scene.grid.controls) + 1):
        if scene.grid.focused.key == target:
            return
        feed(ctx, TAB)
    raise AssertionError(f"Tab never reached {target!r}")


def in_view(ctx, scene: SettingsScene, target) -> object:
    """Scroll with the mouse wheel until the control is wholly in view; the control."""
    control = scene.control(target)
    view = scene.scroll.viewport
    for _ in range(200):
        if view.contains(control.rect):
            return control
        feed(ctx, wheel(-1 if control.rect.top > view.top else 1))
    raise AssertionError(f"the wheel never brought {target!r} into view")


def real_fullscreen(ctx) -> list[bool]:
    """A toggle that really switches the (dummy) display, as App.toggle_fullscreen does."""
    calls: list[bool] = []

    def toggle() -> None:
        full = not pygame.display.is_fullscreen()
        if full:
            pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            pygame.display.set_mode((1280, 800))
        calls.append(full)
        ctx.stack.layout(pygame.display.get_surface().get_size())

    ctx.toggle_fullscreen = toggle
    return calls


# ============================================================================= opening and back
def test_title_opens_settings_and_escape_returns(ctx):
    title = TitleScene(ctx)
    ctx.stack.push(title)
    ctx.stack.apply_pending()
    feed(ctx, key(pygame.K_s, "s"))
    assert isinstance(ctx.stack.top, SettingsScene)
    feed(ctx, ESC)
    assert ctx.stack.top is title


def test_pause_opens_settings_and_backspace_returns(ctx):
    session = Session.new(
        GameConfig(("Ann", "Bob")), [Seat("Ann", "person", 0), Seat("Bob", "person", 1)], seed=2
    )
    pause = PauseScene(ctx, session)
    ctx.stack.push(pause)
    ctx.stack.apply_pending()
    feed(ctx, key(pygame.K_s, "s"))
    assert isinstance(ctx.stack.top, SettingsScene)
    feed(ctx, key(pygame.K_BACKSPACE, "\b"))
    assert ctx.stack.top is pause


def test_every_setting_has_a_control(ctx):
    scene = open_settings(ctx)
    for f in dataclasses.fields(Settings):
        if f.name in NOT_ON_SCREEN:
            continue
        if f.name == "key_bindings":
            for intent in INTENTS:
                assert isinstance(scene.control(("key", intent, 0)), KeySlot)
                assert isinstance(scene.control(("key", intent, 1)), KeySlot)
        elif f.name == "pad_bindings":
            for intent in INTENTS:
                assert scene.control(("pad", intent, 0)).pad
        else:
            scene.control(f.name)  # raises KeyError if the setting has no control


# ============================================================================= each kind of control
def test_toggle_by_enter_and_by_click_is_saved(ctx, tmp_path):
    scene = open_settings(ctx)
    tab_to(ctx, scene, "reduced_motion")
    feed(ctx, ENTER)
    assert ctx.settings.reduced_motion is True
    assert saved(tmp_path).reduced_motion is True
    switch = in_view(ctx, scene, "show_previews")
    assert isinstance(switch, Toggle)
    feed(ctx, hover(switch.rect.center), click(switch.rect.center))
    assert scene.grid.focused is switch  # the hover moved the one focus
    assert saved(tmp_path).show_previews is False


def test_clicking_a_row_label_flips_its_switch(ctx, tmp_path):
    scene = open_settings(ctx)
    switch = in_view(ctx, scene, "advice_overlay")
    label_x = scene.scroll.viewport.left + scene.lay.marker_w + 4
    feed(ctx, click((label_x, switch.rect.centery)))
    assert saved(tmp_path).advice_overlay is True


def test_left_right_step_a_choice_and_clicks_on_its_arrows_too(ctx, tmp_path):
    scene = open_settings(ctx)
    tab_to(ctx, scene, "animation_speed")
    feed(ctx, key(pygame.K_RIGHT))
    assert saved(tmp_path).animation_speed == "fast"
    feed(ctx, key(pygame.K_RIGHT))
    assert saved(tmp_path).animation_speed == "instant"
    cycler = in_view(ctx, scene, "cpu_pace")
    assert isinstance(cycler, Cycler)
    left_arrow = cycler.arrows[0].center
    feed(ctx, click(left_arrow))
    assert saved(tmp_path).cpu_pace == "slow"
    feed(ctx, click(cycler.rect.center))  # the value itself steps forward
    assert saved(tmp_path).cpu_pace == "normal"


@pytest.mark.parametrize(
    ("name", "before", "after"),
    [
        ("verify", "zeros", "all"),
        ("default_variant", "official", "free"),
        ("grading_threshold", 1.0, 2.0),
        ("big_mistake_threshold", 8.0, 10.0),
    ],
)
def test_play_and_coach_values_step_and_save(ctx, tmp_path, name, before, after):
    scene = open_settings(ctx)
    assert getattr(ctx.settings, name) == before
    tab_to(ctx, scene, name)
    feed(ctx, key(pygame.K_RIGHT))
    assert getattr(saved(tmp_path), name) == after
    feed(ctx, key(pygame.K_LEFT))
    assert getattr(saved(tmp_path), name) == before


def test_coach_switches_save(ctx, tmp_path):
    scene = open_settings(ctx)
    for name in ("hints_enabled", "grading", "confirm_big_mistakes", "cpu_reasons"):
        was = getattr(ctx.settings, name)
        tab_to(ctx, scene, name)
        feed(ctx, ENTER)
        assert getattr(saved(tmp_path), name) is (not was)


def test_volume_slider_by_keys_clicks_and_drag(ctx, tmp_path):
    scene = open_settings(ctx)
    assert scene.grid.focused.key == "language"  # the first row, then Sound
    feed(ctx, key(pygame.K_DOWN))
    assert scene.grid.focused.key == "sound_volume"
    feed(ctx, key(pygame.K_LEFT))
    assert saved(tmp_path).sound_volume == 0.75
    assert ctx.sound.played == ["click"]  # the player hears the new level
    slider = scene.control("sound_volume")
    assert isinstance(slider, Slider)
    track = slider.track
    feed(ctx, click((track.left, track.centery)))
    assert ctx.settings.sound_volume == 0.0
    feed(ctx, hover((track.left + track.width // 2, track.centery)))
    assert ctx.settings.sound_volume == 0.5
    feed(ctx, hover((track.right + 50, track.centery)), release((track.right, track.centery)))
    assert saved(tmp_path).sound_volume == 1.0
    assert ctx.sound.played == ["click", "click"]  # a drag clicks once, when let go


def test_mute_and_no_music_row(ctx, tmp_path):
    scene = open_settings(ctx)
    labels = [row.label for row in scene.rows]
    assert not any("music" in label.casefold() for label in labels)  # the game has none
    assert labels.index("Mute all sound") == labels.index("Sound volume") + 1
    tab_to(ctx, scene, "muted")
    feed(ctx, ENTER)
    assert saved(tmp_path).muted is True


def test_text_size_steps_by_a_quarter_and_lays_out_again(ctx, tmp_path):
    scene = open_settings(ctx)
    tab_to(ctx, scene, "text_scale")
    height = scene.control("text_scale").rect.height
    feed(ctx, key(pygame.K_RIGHT))
    assert saved(tmp_path).text_scale == 1.25
    assert ctx.fonts.text_scale == 1.25  # the whole interface's fonts
    assert scene.control("text_scale").rect.height > height
    assert scene.grid.focused.key == "text_scale"  # the focus stays on it
    for _ in range(6):
        feed(ctx, key(pygame.K_RIGHT))
    assert saved(tmp_path).text_scale == 2.0
    assert "as large as it goes" in scene.status()[0]
    for _ in range(8):
        feed(ctx, key(pygame.K_LEFT))
    assert saved(tmp_path).text_scale == 0.75


def test_palette_and_high_contrast_change_the_theme_now(ctx, tmp_path):
    scene = open_settings(ctx)
    tab_to(ctx, scene, "palette")
    feed(ctx, ENTER)
    assert saved(tmp_path).palette == "colour_blind"
    assert ctx.theme.player_name(0) == "Orange"
    tab_to(ctx, scene, "high_contrast")
    feed(ctx, ENTER)
    assert saved(tmp_path).high_contrast is True
    assert ctx.theme.high_contrast is True


def test_fullscreen_switch_toggles_the_window_at_once(ctx, tmp_path):
    calls = real_fullscreen(ctx)
    scene = open_settings(ctx)
    tab_to(ctx, scene, "fullscreen")
    feed(ctx, ENTER)
    assert calls == [True]
    assert pygame.display.is_fullscreen()
    assert saved(tmp_path).fullscreen is True
    assert scene.size == pygame.display.get_surface().get_size()  # laid out for the new size
    feed(ctx, ENTER)
    assert calls == [True, False]
    assert saved(tmp_path).fullscreen is False


def test_f11_elsewhere_is_reflected_by_the_switch(ctx, tmp_path):
    real_fullscreen(ctx)
    open_settings(ctx)
    ctx.toggle_fullscreen()  # what F11 does in the app, without telling the settings
    feed(ctx)
    assert ctx.settings.fullscreen is True
    assert saved(tmp_path).fullscreen is True


# ============================================================================= keys
def test_remap_by_key_press_drives_the_intent(ctx, tmp_path):
    scene = open_settings(ctx)
    tab_to(ctx, scene, ("key", "roll", 0))
    feed(ctx, ENTER)
    assert scene.capture.slot is scene.control(("key", "roll", 0))
    feed(ctx, key(pygame.K_q, "q"))
    assert scene.capture.slot is None
    assert saved(tmp_path).key_bindings["roll"] == ("q", "r")
    assert ctx.input.intent(key(pygame.K_q, "q")) == "roll"
    assert ctx.input.intent(key(pygame.K_SPACE, " ")) is None
    assert scene.control(("key", "roll", 0)).text() == "Q"


def test_remap_by_mouse_into_the_second_slot(ctx, tmp_path):
    scene = open_settings(ctx)
    slot = in_view(ctx, scene, ("key", "hint", 1))
    feed(ctx, click(slot.rect.center))
    assert scene.capture.slot is slot
    feed(ctx, key(pygame.K_F12))
    assert saved(tmp_path).key_bindings["hint"] == ("h", "f12")
    assert ctx.input.intent(key(pygame.K_F12)) == "hint"
    assert slot.text() == "F12"


def test_a_key_used_elsewhere_is_swapped_and_reported(ctx, tmp_path):
    scene = open_settings(ctx)
    tab_to(ctx, scene, ("key", "roll", 0))
    feed(ctx, ENTER, key(pygame.K_h, "h"))
    bindings = saved(tmp_path).key_bindings
    assert bindings["roll"] == ("h", "r")
    assert bindings["hint"] == ("space",)
    assert ctx.input.intent(key(pygame.K_h, "h")) == "roll"
    assert ctx.input.intent(key(pygame.K_SPACE, " ")) == "hint"
    assert scene.status() == ("Swapped: Roll the dice is now H, Hint is now Space.", NOTE)


def test_an_action_is_never_left_without_a_key(ctx, tmp_path):
    scene = open_settings(ctx)
    tab_to(ctx, scene, ("key", "hint", 1))  # empty: nothing to swap back to Hold die 1
    feed(ctx, ENTER, key(pygame.K_1, "1"))
    assert saved(tmp_path).key_bindings == DEFAULT_KEY_BINDINGS
    assert scene.status() == ("1 is the only key for Hold die 1: give it another key first.", WARN)
    # A second key can move, though: R leaves Roll (which keeps Space) for Hint.
    feed(ctx, ENTER, key(pygame.K_r, "r"))
    bindings = saved(tmp_path).key_bindings
    assert bindings["roll"] == ("space",) and bindings["hint"] == ("h", "r")


def test_reserved_keys_and_escape_while_capturing(ctx, tmp_path):
    scene = open_settings(ctx)
    tab_to(ctx, scene, ("key", "roll", 0))
    feed(ctx, ENTER, TAB)
    assert "Tab always moves" in scene.status()[0]
    feed(ctx, ENTER, key(pygame.K_F11))
    assert "F11 always toggles full screen" in scene.status()[0]
    feed(ctx, ENTER, ESC)
    assert scene.capture.slot is None
    assert isinstance(ctx.stack.top, SettingsScene)  # Esc cancelled; it did not leave
    assert saved(tmp_path).key_bindings == DEFAULT_KEY_BINDINGS
    # Full screen's F11 cannot be replaced, only joined by a second key.
    tab_to(ctx, scene, ("key", "fullscreen", 0))
    feed(ctx, ENTER)
    assert scene.capture.slot is None


def test_modifiers_are_waited_through_so_ctrl_z_binds_z(ctx, tmp_path):
    scene = open_settings(ctx)
    tab_to(ctx, scene, ("key", "undo", 0))
    feed(ctx, ENTER, key(pygame.K_LCTRL, mod=pygame.KMOD_LCTRL))
    assert scene.capture.slot is not None
    feed(ctx, key(pygame.K_u, "\x15", mod=pygame.KMOD_LCTRL))
    assert saved(tmp_path).key_bindings["undo"] == ("u",)
    assert ctx.input.intent(key(pygame.K_u, mod=pygame.KMOD_LCTRL)) == "undo"
    assert scene.control(("key", "undo", 0)).text() == "Ctrl+U"


def test_delete_clears_a_second_key_but_not_the_last(ctx, tmp_path):
    scene = open_settings(ctx)
    tab_to(ctx, scene, ("key", "roll", 1))
    feed(ctx, key(pygame.K_DELETE))
    assert saved(tmp_path).key_bindings["roll"] == ("space",)
    tab_to(ctx, scene, ("key", "roll", 0))
    feed(ctx, key(pygame.K_DELETE))
    assert saved(tmp_path).key_bindings["roll"] == ("space",)
    assert scene.status()[1] == WARN  # refused


def test_reset_keys_button(ctx, tmp_path):
    scene = open_settings(ctx)
    tab_to(ctx, scene, ("key", "roll", 0))
    feed(ctx, ENTER, key(pygame.K_q, "q"))
    assert saved(tmp_path).key_bindings["roll"] == ("q", "r")
    button = in_view(ctx, scene, "reset_keys")
    feed(ctx, click(button.rect.center))
    assert saved(tmp_path).key_bindings == DEFAULT_KEY_BINDINGS
    assert ctx.input.intent(key(pygame.K_SPACE, " ")) == "roll"


def test_arrows_still_move_here_when_rebound(ctx):
    scene = open_settings(ctx)
    tab_to(ctx, scene, ("key", "roll", 0))
    feed(ctx, ENTER, key(pygame.K_DOWN))  # Down now rolls; Move down takes Space
    assert ctx.input.intent(key(pygame.K_DOWN)) == "roll"
    feed(ctx, key(pygame.K_DOWN))
    assert scene.grid.focused.key == ("key", "hold_1", 0)


# ============================================================================= resets and undo
def test_reset_all_asks_first(ctx, tmp_path):
    ctx.apply_settings(
        ctx.settings.replace(muted=True, text_scale=1.5, cpu_pace="fast", window_size=(900, 700))
    )
    scene = open_settings(ctx)
    feed(ctx, click(scene.reset_all.rect.center))
    assert isinstance(ctx.stack.top, ConfirmScene)
    feed(ctx, key(pygame.K_n, "n"))
    assert ctx.stack.top is scene
    assert saved(tmp_path).muted is True
    feed(ctx, click(scene.reset_all.rect.center))
    feed(ctx, key(pygame.K_y, "y"))
    assert ctx.stack.top is scene
    assert saved(tmp_path) == Settings(window_size=(900, 700))  # the window's size stays
    assert ctx.fonts.text_scale == 1.0


def test_ctrl_z_undoes_the_last_change(ctx, tmp_path):
    scene = open_settings(ctx)
    tab_to(ctx, scene, "animation_speed")
    feed(ctx, key(pygame.K_RIGHT))
    assert saved(tmp_path).animation_speed == "fast"
    feed(ctx, key(pygame.K_z, "\x1a", mod=pygame.KMOD_LCTRL))
    assert saved(tmp_path).animation_speed == "normal"
    assert scene.status()[0] == "Undone: Animation speed."


# ============================================================================= focus and scrolling
def test_page_keys_scroll_and_the_focus_follows(ctx):
    scene = open_settings(ctx)
    assert scene.scroll.max_offset > 0
    feed(ctx, key(pygame.K_PAGEDOWN))
    assert scene.scroll.offset > 0
    assert scene.scroll.viewport.contains(scene.grid.focused.rect)
    feed(ctx, key(pygame.K_END))
    assert scene.grid.focused.key == "reset_pads"  # the pads' rows come last
    assert scene.scroll.offset == scene.scroll.max_offset
    feed(ctx, key(pygame.K_HOME))
    assert scene.grid.focused.key == "language" and scene.scroll.offset == 0


@pytest.mark.parametrize(("size", "scale"), [((1280, 800), 1.0), ((640, 480), 2.0)])
def test_keyboard_focus_scrolls_into_view(ctx, size, scale):
    ctx.apply_settings(ctx.settings.replace(text_scale=scale))
    ctx.stack.layout(size)
    scene = open_settings(ctx)
    for _ in range(len(scene.grid.controls)):
        feed(ctx, TAB)
        focused = scene.grid.focused
        if focused in (scene.back, scene.reset_all):
            continue
        assert scene.scroll.viewport.contains(focused.rect), focused.key


def test_wheel_scrolls(ctx):
    scene = open_settings(ctx)
    feed(ctx, wheel(-1))
    assert scene.scroll.offset > 0
    feed(ctx, wheel(5))
    assert scene.scroll.offset == 0


def test_focus_is_drawn_as_an_outline(ctx):
    scene = open_settings(ctx)
    surface = pygame.Surface(ctx.stack.size)
    ctx.stack.draw(surface)
    rect = scene.grid.focused.rect
    width = max(2, rect.height // 14)
    assert surface.get_at((rect.centerx, rect.top - width))[:3] == ctx.theme.focus


# ============================================================================= layout
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(
    "changes",
    [
        {"text_scale": 0.75},
        {},
        {"text_scale": 2.0},
        {"text_scale": 2.0, "palette": "colour_blind"},
        {"text_scale": 1.5, "high_contrast": True},
    ],
)
def test_layout_stays_inside_the_window(ctx, size, changes):
    ctx.apply_settings(ctx.settings.replace(**changes))
    scene = open_settings(ctx)
    ctx.stack.layout(size)
    window = pygame.Rect((0, 0), size)
    surface = pygame.Surface(size)
    for target in (("key", "roll", 0), "text_scale", "reset_keys", "sound_volume"):
        scene.grid.focus_key(target)
        scene._reveal(scene.grid.focused)
        ctx.stack.draw(surface)
    lay = scene.lay
    for rect in (lay.panel, lay.status_rect, scene.back.rect, scene.reset_all.rect):
        assert window.contains(rect)
    assert window.contains(lay.title_rect)
    assert lay.panel.contains(scene.scroll.viewport)
    assert not scene.back.rect.colliderect(scene.reset_all.rect)
    assert lay.panel.bottom <= min(scene.back.rect.top, lay.status_rect.top)
    view = scene.scroll.viewport
    for row, place in zip(scene.rows, lay.rows, strict=True):
        for control in row.controls:
            assert view.left <= control.rect.left and control.rect.right <= view.right
            assert control.rect.height >= 20
            # The label never runs into its control.
            x = place.label_x + view.left
            for _text, y in place.label_lines:
                label = pygame.Rect(x, y, place.label_width, lay.body_font.get_linesize())
                label.move_ip(0, view.top - scene.scroll.offset)
                assert not label.colliderect(control.rect), row.label
    # Scrolled to the end, the last control is wholly in view.
    feed(ctx, key(pygame.K_END))
    assert view.contains(scene.control("reset_pads").rect)


def test_the_key_bindings_come_before_the_pad_rows(ctx):
    """Key bindings sat below some 25 pad rows (issue 33): a keyboard player's keys first."""
    scene = open_settings(ctx)
    sections = [row.section for row in scene.rows if row.section]
    assert sections.index("keys") < sections.index("pads")
    keys = [
        i
        for i, row in enumerate(scene.rows)
        if any(
            getattr(c, "key", None) and c.key[0] == "key"
            for c in row.controls
            if isinstance(getattr(c, "key", None), tuple)
        )
    ]
    pads = [
        i
        for i, row in enumerate(scene.rows)
        if any(
            isinstance(getattr(c, "key", None), tuple) and c.key[0] == "pad" for c in row.controls
        )
    ]
    assert keys and pads and max(keys) < min(pads)


# ============================================================================= the remap rule
def test_remap_rule_cases():
    d = DEFAULT_KEY_BINDINGS
    assert remap(d, "roll", 0, "r").bindings["roll"] == ("r", "space")  # its own keys swap
    assert remap(d, "roll", 0, "space").refused
    assert remap(d, "roll", 0, "tab").refused
    assert remap(d, "fullscreen", 0, "f12").refused
    moved = remap(d, "fullscreen", 1, "f12")
    assert moved.bindings["fullscreen"] == ("f11", "f12") and not moved.conflict
    swapped = remap(d, "confirm", 0, "p")
    assert swapped.conflict
    assert swapped.bindings["confirm"] == ("p", "enter")
    assert swapped.bindings["pause"] == ("escape", "return")
    assert clear_key(d, "fullscreen", 0).refused
    assert clear_key(d, "confirm", 1).bindings["confirm"] == ("return",)
    assert key_label("[4]") == "Keypad 4" and key_label("z", "undo") == "Ctrl+Z"
