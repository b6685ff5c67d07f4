"""Settings: sound, animation, play, coach, display and keys, in headed groups in one
scrolling list. Every change takes effect at once and is saved.

Controls:
    Up / Down            move between rows (the arrow keys always work here, whatever
                         they are mapped to, so a bad mapping can be undone)
    Left / Right         change the focused value; on keys and buttons, move along the row
    Enter                flip a switch, step a value, press a button; on a key, capture:
                         the next key pressed is bound (Esc cancels)
    Delete               clear a second key
    Tab / Shift+Tab      next / previous control
    PageUp / PageDown, Home / End   scroll a page, to the top or the end
    Ctrl+Z               undo the last change
    Esc / Backspace      back to where you came from
    F1                   rules and help
Mouse: hover focuses, a click flips a switch, steps a value (left arrow back) or sets a
slider (drag it too); click a key to capture the next key press, right-click a second key
to clear it; the wheel or the scroll bar scrolls.

A key already bound to another action is swapped, or the change refused when it would leave
an action without a key (the rule is in game.scenes.settings_keys).

This module is the scene: its input and the key capture. The rows are made in
settings_rows, changes applied and undone by settings_editor, the screen laid out in
settings_layout and drawn in settings_draw.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.scenes.base import Scene
from game.scenes.settings_draw import draw_settings
from game.scenes.settings_editor import SettingsEditor, display_fullscreen
from game.scenes.settings_keys import RESERVED_KEYS, intent_label
from game.scenes.settings_layout import control_at, lay_out, place_controls, reveal
from game.scenes.settings_rows import KeySlot, SettingControl, build_rows
from game.ui.focus_grid import FocusGrid
from game.ui.forms import Cycler, FormButton, Slider, Toggle
from game.ui.scroll import ScrollView
from game.ui.status_line import WARN
from game.ui.widgets import FeltBackground

if TYPE_CHECKING:
    from game.context import Context

# Keys that only modify another: while a key is captured they are waited through, so
# Ctrl then Z binds Z (and undo reads Ctrl+Z).
MODIFIER_KEYS = frozenset(
    {
        pygame.K_LSHIFT,
        pygame.K_RSHIFT,
        pygame.K_LCTRL,
        pygame.K_RCTRL,
        pygame.K_LALT,
        pygame.K_RALT,
        pygame.K_LGUI,
        pygame.K_RGUI,
        pygame.K_MODE,
        pygame.K_CAPSLOCK,
        pygame.K_NUMLOCKCLEAR,
    }
)
# Navigation here never depends on the key map: these keys act even if rebound.
RAW_KEYS = {
    pygame.K_UP: "up",
    pygame.K_DOWN: "down",
    pygame.K_LEFT: "left",
    pygame.K_RIGHT: "right",
    pygame.K_RETURN: "confirm",
    pygame.K_KP_ENTER: "confirm",
    pygame.K_ESCAPE: "back",
    pygame.K_BACKSPACE: "back",
}


class SettingsScene(Scene):
    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.size = (0, 0)
        self.felt = FeltBackground()
        self.scroll = ScrollView()
        self.grid = FocusGrid()
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.title: tuple[pygame.Surface, pygame.Rect] | None = None
        self.status_rect = pygame.Rect(0, 0, 0, 0)
        self.content_rects: dict[int, pygame.Rect] = {}  # id(control) -> rect in content
        self.key_heads: list[tuple[str, int]] = []  # captions over the key columns: (text, x)
        self.marker_w = 12
        self.row_indent: dict[int, int] = {}  # id(row) -> label's x in the list
        # Fonts until the first layout measures the window (layout replaces them).
        self.body_px = 24.0
        self.body_font = ctx.fonts.get(self.body_px)
        self.head_font = ctx.fonts.get(self.body_px * 1.2, bold=True)
        self.status_font = ctx.fonts.get(19)
        self.editor = SettingsEditor(ctx, on_restyle=lambda: self.layout(self.size))
        self.capture: KeySlot | None = None
        self.dragging: Slider | None = None
        self.back = FormButton("Back", self.close, key="back", help="Back to where you were.")
        self.reset_all = FormButton(
            "Reset all to defaults",
            self.ask_reset_all,
            key="reset_all",
            help="Every setting, keys included, back to how the game came.",
        )
        self.rows = build_rows(self)
        first = next(c for row in self.rows for c in row.controls)
        self.grid.set_rows([[first]], focus_key=first.key)

    def control(self, key: object) -> SettingControl:
        """The control with `key`: a setting's name, ("key", intent, slot), "reset_keys",
        "back" or "reset_all"."""
        for control in [c for r in self.rows for c in r.controls] + [self.back, self.reset_all]:
            if control.key == key:
                return control
        raise KeyError(key)

    def status(self) -> tuple[str, str]:
        """The status line and its level ("", NOTE or WARN): a message, else what the
        focused control does."""
        if self.capture is not None:
            name = intent_label(self.capture.intent)
            which = "second key" if self.capture.slot else "key"
            return f"Press the new {which} for {name}. Esc cancels.", ""
        if self.editor.message:
            return self.editor.message, self.editor.level
        focused = self.grid.focused
        for row in self.rows:
            if focused in row.controls:
                return row.describe(), ""
        return getattr(focused, "help", ""), ""

    # ----------------------------------------------------------------- actions
    def ask_reset_all(self) -> None:
        self.ctx.nav.confirm(
            "Reset every setting?",
            self.editor.reset_all,
            yes_label="Reset all",
            no_label="Cancel",
            detail="Sound, animation, play, coach, display and keys go back to their defaults.",
            focus_yes=False,
        )

    # ----------------------------------------------------------------- keys
    def start_capture(self, slot: KeySlot) -> None:
        if slot.locked:
            self.editor.say(f"{RESERVED_KEYS['f11']}; set a second key beside it.", WARN)
            return
        self.stop_capture()
        self.capture = slot
        slot.capturing = True
        self.editor.say("")
        self.ctx.play("click")

    def stop_capture(self) -> None:
        if self.capture is not None:
            self.capture.capturing = False
        self.capture = None

    def _handle_capture(self, event: pygame.event.Event) -> bool:
        slot = self.capture
        assert slot is not None
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.stop_capture()
            self.editor.say("Key not changed.")
            return True
        if event.type != pygame.KEYDOWN:
            return event.type in (pygame.TEXTINPUT, pygame.KEYUP, pygame.MOUSEMOTION)
        if event.key in MODIFIER_KEYS:
            return True  # wait for the key it modifies
        self.stop_capture()
        if event.key == pygame.K_ESCAPE:
            self.editor.say("Key not changed.")
            return True
        name = pygame.key.name(event.key)
        if not name or pygame.key.key_code(name) != event.key:
            self.editor.say("That key has no name the game can keep; choose another.", WARN)
            return True
        self.editor.bind(slot.intent, slot.slot, name)
        return True

    # ----------------------------------------------------------------- navigation
    def close(self) -> None:
        self.stop_capture()
        self.ctx.stack.pop()

    def enter(self) -> None:
        self._reconcile_fullscreen()

    def resume(self, result: object = None) -> None:
        # Back from the confirm or help: the theme or text may have changed underneath.
        self._reconcile_fullscreen()
        if self.size != (0, 0):
            self.layout(self.size)

    def update(self, dt: float) -> None:
        # F11 toggles full screen in the app without telling the settings; keep the switch
        # showing what the window really is.
        self._reconcile_fullscreen()

    def _reconcile_fullscreen(self) -> None:
        actual = display_fullscreen(None)
        if actual is not None and actual != self.ctx.settings.fullscreen:
            self.ctx.apply_settings(self.ctx.settings.replace(fullscreen=actual))

    # ----------------------------------------------------------------- input
    def handle(self, event: pygame.event.Event) -> bool:
        if self.capture is not None:
            return self._handle_capture(event)
        if event.type == pygame.MOUSEMOTION:
            return self._motion(event)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.dragging is not None:
                name = self.dragging.key
                self.dragging = None
                if self.editor.history and self.editor.history[-1][0] == self.ctx.settings:
                    self.editor.history.pop()  # the drag ended where it began: nothing to undo
                self.editor.click_level(str(name))
                return True
            return self.scroll.handle(event, None)
        if event.type == pygame.MOUSEBUTTONDOWN:
            if event.button == 1:
                return self._click(event)
            if event.button == 3:
                control = control_at(self, event.pos)
                if isinstance(control, KeySlot):
                    self.grid.focus(control)
                    self.editor.clear(control.intent, control.slot)
                    return True
            return False
        if event.type == pygame.MOUSEWHEEL:
            self.scroll.handle(event, None)
            place_controls(self)
            return True
        if event.type != pygame.KEYDOWN:
            return False
        return self._key(event)

    def _key(self, event: pygame.event.Event) -> bool:
        intent = self.ctx.input.intent(event)
        action = RAW_KEYS.get(event.key) if not event.mod & pygame.KMOD_CTRL else None
        action = action or intent
        focused = self.grid.focused
        if action in ("up", "down"):
            self._move(lambda: self.grid.move_vertical(-1 if action == "up" else 1))
        elif action in ("focus_next", "focus_prev"):
            self._move(lambda: self.grid.move_linear(1 if action == "focus_next" else -1))
        elif action in ("left", "right"):
            step = -1 if action == "left" else 1
            if isinstance(focused, (Cycler, Slider, Toggle)):
                focused.step(step)
            else:
                self._move(lambda: self.grid.move_horizontal(step))
        elif action == "confirm":
            self.activate(focused)
        elif action in ("back", "pause"):
            self.close()
        elif action == "undo":
            self.editor.undo()
        elif action == "help":
            self.ctx.nav.help()
        elif event.key == pygame.K_DELETE:
            if isinstance(focused, KeySlot):
                self.editor.clear(focused.intent, focused.slot)
        elif event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_HOME, pygame.K_END):
            self._page(event)
        else:
            return False
        return True

    def activate(self, control: SettingControl | None) -> None:
        if isinstance(control, Toggle):
            control.flip()
        elif isinstance(control, Slider):
            self.editor.say(
                f"{self.ctx.input.label('left')} / {self.ctx.input.label('right')} "
                "change the level."
            )
        elif isinstance(control, Cycler):
            control.step(1)
        elif isinstance(control, KeySlot):
            self.start_capture(control)
        elif isinstance(control, FormButton):
            control.on_press()

    def _move(self, move: Callable[[], None]) -> None:
        before = self.grid.focused
        move()
        if self.grid.focused is not before:
            self.editor.say("")
        self._reveal(self.grid.focused)

    def _motion(self, event: pygame.event.Event) -> bool:
        if self.dragging is not None:
            self.dragging.drag_to(event.pos[0])
            return True
        if self.scroll.handle(event, None):
            place_controls(self)
            return True
        control = control_at(self, event.pos)
        if control is not None and control is not self.grid.focused:
            self.grid.focus(control)
            return True
        return False

    def _click(self, event: pygame.event.Event) -> bool:
        if self.scroll.handle(event, None):  # the scroll bar
            place_controls(self)
            return True
        pos = event.pos
        control = control_at(self, pos)
        if control is None:
            return False
        if control is not self.grid.focused:
            self.editor.say("")
        self.grid.focus(control)
        self._reveal(control)
        if not control.rect.collidepoint(pos):  # the row's label: a switch flips, else focus
            if isinstance(control, Toggle):
                control.flip()
            return True
        if isinstance(control, Slider):
            self.editor.history.append((self.ctx.settings, str(control.key)))
            self.dragging = control
            control.click(pos)
        elif isinstance(control, Cycler):
            control.click(pos)
        elif isinstance(control, Toggle):
            control.flip()
        elif isinstance(control, KeySlot):
            self.start_capture(control)
        elif isinstance(control, FormButton):
            control.on_press()
        return True

    def _page(self, event: pygame.event.Event) -> None:
        """PageUp/PageDown scroll a page and Home/End to an end; the keyboard focus follows
        into view (Home and End take it to the first or last row)."""
        self.scroll.handle(event, None)
        place_controls(self)
        rows = [r for r in self.rows if r.controls]
        if event.key in (pygame.K_HOME, pygame.K_END):
            target = rows[0] if event.key == pygame.K_HOME else rows[-1]
        else:
            focused = self.grid.focused
            view = self.scroll.viewport
            if focused is not None and view.contains(focused.rect):
                return
            shown = [r for r in rows if view.contains(self.scroll.to_screen(r.content))]
            if not shown:
                return
            target = shown[0] if event.key == pygame.K_PAGEDOWN else shown[-1]
        self.grid.focus(target.controls[0], keyboard=True)
        self.editor.say("")

    def _reveal(self, control: SettingControl | None) -> None:
        """Scroll so the focused row shows (with its heading, when it starts a section)."""
        reveal(self, control)

    # ----------------------------------------------------------------- layout and drawing
    def layout(self, size: tuple[int, int]) -> None:
        lay_out(self, size)

    def draw(self, surface: pygame.Surface) -> None:
        draw_settings(self, surface)
