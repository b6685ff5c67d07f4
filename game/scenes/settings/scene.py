"""Settings: language, sound, animation, play, coach, display, pads and keys, in headed
groups in one scrolling list. Every change takes effect at once and is saved.

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
A game pad: the d-pad (or stick) moves and changes values, A chooses (on a pad button's
slot, the next button pressed is bound), B goes back; RB / LB are Tab / Shift+Tab.
Mouse: hover focuses, a click flips a switch, steps a value (left arrow back) or sets a
slider (drag it too); click a key to capture the next key press, right-click a second key
to clear it; the wheel or the scroll bar scrolls.

A key already bound to another action is swapped, or the change refused when it would leave
an action without a key (the rule is in game.scenes.settings.keys).

This module is the scene: its state and input. The rows are made in `rows`, changes
applied and undone by `editor`, keys captured in `capture`, the screen laid out in `layout`
(a frozen SettingsLayout the scene keeps) and drawn by `draw`; none of them reads or writes
the scene.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.i18n import _, language
from game.scenes.base import Scene
from game.scenes.nav import Question
from game.scenes.settings.capture import KeyCapture, menu_intent
from game.scenes.settings.draw import draw_settings
from game.scenes.settings.editor import SettingsEditor, display_fullscreen
from game.scenes.settings.key_slot import KeySlot
from game.scenes.settings.layout import (
    SettingsLayout,
    control_at,
    reveal_offset,
    rows_in_view,
    settings_layout,
)
from game.scenes.settings.rows import SettingControl, build_rows
from game.ui.focus_grid import FocusGrid
from game.ui.forms import Cycler, FormButton, Slider, Toggle
from game.ui.input import Intent, is_back, is_confirm, is_press
from game.ui.scroll import ScrollView
from game.ui.widgets import FeltBackground

if TYPE_CHECKING:
    from game.scenes.context import Context

PAGE_KEYS = (pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_HOME, pygame.K_END)


class SettingsScene(Scene):
    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.size = (0, 0)
        self.lay: SettingsLayout | None = None  # None until the window's size is known
        self.felt = FeltBackground()
        self.scroll = ScrollView()
        self.grid: FocusGrid[SettingControl] = FocusGrid()
        self.editor = SettingsEditor(
            ctx, on_restyle=lambda: self.layout(self.size), label_of=self._label_of
        )
        self.capture = KeyCapture(self.editor, ctx.play)
        self.dragging: Slider | None = None
        self._build()
        first = next(c for row in self.rows for c in row.controls)
        self.grid.set_rows([[first]], focus_key=first.key)

    def _build(self) -> None:
        """The rows and the footer, in the language in use (made again when it changes)."""
        self.language = language()
        self.back = FormButton(_("Back"), self.close, key="back", help=_("Back to where you were."))
        self.reset_all = FormButton(
            _("Reset all to defaults"),
            self.ask_reset_all,
            key="reset_all",
            help=_("Every setting, keys included, back to how the game came."),
        )
        self.footer = (self.back, self.reset_all)
        self.rows = build_rows(
            self.ctx, self.editor, lambda: self.grid.focused, lambda: self.dragging is not None
        )

    def _label_of(self, key: str) -> str:
        """The row label of the setting `key` names (for the editor's messages)."""
        for row in self.rows:
            if any(c.key == key for c in row.controls):
                return row.label
        return key

    def focus_grid(self) -> FocusGrid[SettingControl]:
        return self.grid

    def spoken_screen(self) -> str:
        return _("Settings")

    def spoken_label(self, control: object) -> str:
        """A control's row label, said with its value (game.ui.spoken)."""
        return next((row.label for row in self.rows if control in row.controls), "")

    def control(self, key: object) -> SettingControl:
        """The control with `key`: a setting's name, ("key", intent, slot), "reset_keys",
        "back" or "reset_all"."""
        for control in [c for r in self.rows for c in r.controls] + list(self.footer):
            if control.key == key:
                return control
        raise KeyError(key)

    def status(self) -> tuple[str, str]:
        """The status line and its level ("", NOTE or WARN): a message, else what the
        focused control does."""
        if self.capture.slot is not None:
            return self.capture.status(), ""
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
            Question(
                _("Reset every setting?"),
                self.editor.reset_all,
                yes_label=_("Reset all"),
                no_label=_("Cancel"),
                detail=_(
                    "Sound, animation, play, coach, display, pads and keys go back to their "
                    "defaults; the language stays."
                ),
                focus_yes=False,
            )
        )

    # ----------------------------------------------------------------- navigation
    def close(self) -> None:
        self.capture.stop()
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
        if self.capture.slot is not None:
            return self.capture.handle(event)
        if event.type == pygame.MOUSEMOTION:
            return self._motion(event)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.dragging is not None:
                name = str(self.dragging.key)
                self.dragging = None
                self.editor.end_drag(name)
                return True
            return self.scroll.handle(event, None)
        if event.type == pygame.MOUSEBUTTONDOWN:
            if event.button == 1:
                return self._click(event)
            if event.button == 3:
                control = self._control_at(event.pos)
                if isinstance(control, KeySlot):
                    self.grid.focus(control)
                    self.editor.clear(control.intent, control.slot)
                    return True
            return False
        if event.type == pygame.MOUSEWHEEL:
            self.scroll.handle(event, None)
            self._place_controls()
            return True
        if not is_press(event):
            return False
        return self._key(event)

    def _key(self, event: pygame.event.Event) -> bool:
        intent = menu_intent(event, self.ctx.input)
        focused = self.grid.focused
        if intent in (Intent.UP, Intent.DOWN):
            self._move(lambda: self.grid.move_vertical(-1 if intent is Intent.UP else 1))
        elif intent in (Intent.FOCUS_NEXT, Intent.FOCUS_PREV):
            self._move(lambda: self.grid.move_linear(1 if intent is Intent.FOCUS_NEXT else -1))
        elif intent in (Intent.LEFT, Intent.RIGHT):
            step = -1 if intent is Intent.LEFT else 1
            if isinstance(focused, (Cycler, Slider, Toggle)):
                focused.step(step)
            else:
                self._move(lambda: self.grid.move_horizontal(step))
        elif is_confirm(intent):
            self.activate(focused)
        elif is_back(intent):
            self.close()
        elif intent is Intent.UNDO:
            self.editor.undo()
        elif intent is Intent.HELP:
            self.ctx.nav.help()
        elif event.key == pygame.K_DELETE:  # no intent: Delete only clears a key here
            if isinstance(focused, KeySlot):
                self.editor.clear(focused.intent, focused.slot)
        elif event.key in PAGE_KEYS:
            self._page(event)
        else:
            return False
        return True

    def activate(self, control: SettingControl | None) -> None:
        if isinstance(control, Toggle):
            control.flip()
        elif isinstance(control, Slider):
            self.editor.say(
                # Translators: said aloud on a slider; {left} and {right} are key names.
                _("{left} or {right} changes the level.").format(
                    left=self.ctx.input.label("left"), right=self.ctx.input.label("right")
                )
            )
        elif isinstance(control, Cycler):
            control.step(1)
        elif isinstance(control, KeySlot):
            self.capture.start(control)
        elif isinstance(control, FormButton):
            control.on_press()

    def _move(self, move: Callable[[], object]) -> None:
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
            self._place_controls()
            return True
        control = self._control_at(event.pos)
        if control is not None and control is not self.grid.focused:
            self.grid.focus(control)
            return True
        return False

    def _click(self, event: pygame.event.Event) -> bool:
        if self.scroll.handle(event, None):  # the scroll bar
            self._place_controls()
            return True
        pos = event.pos
        control = self._control_at(pos)
        if control is None:
            return False
        if not self.grid.has_focus(control):
            self.editor.say("")
        self.grid.focus(control)
        self._reveal(control)
        if not control.rect.collidepoint(pos):  # the row's label: a switch flips, else focus
            if isinstance(control, Toggle):
                control.flip()
            return True
        if isinstance(control, Slider):
            self.editor.start_drag(str(control.key))
            self.dragging = control
            control.click(pos)
        elif isinstance(control, Cycler):
            control.click(pos)
        elif isinstance(control, Toggle):
            control.flip()
        elif isinstance(control, KeySlot):
            self.capture.start(control)
        elif isinstance(control, FormButton):
            control.on_press()
        return True

    def _page(self, event: pygame.event.Event) -> None:
        """PageUp/PageDown scroll a page and Home/End to an end; the keyboard focus follows
        into view (Home and End take it to the first or last row)."""
        self.scroll.handle(event, None)
        self._place_controls()
        rows = [r for r in self.rows if r.controls]
        if event.key in (pygame.K_HOME, pygame.K_END):
            target = rows[0] if event.key == pygame.K_HOME else rows[-1]
        else:
            focused = self.grid.focused
            if focused is not None and self.scroll.viewport.contains(focused.rect):
                return
            assert self.lay is not None  # keys arrive after the first layout
            shown = rows_in_view(self.lay, self.rows, self.scroll)
            if not shown:
                return
            target = shown[0] if event.key == pygame.K_PAGEDOWN else shown[-1]
        self.grid.focus(target.controls[0], keyboard=True)
        self.editor.say("")

    def _reveal(self, control: SettingControl | None) -> None:
        """Scroll so the focused row shows (with its heading, when it starts a section)."""
        if self.lay is None:
            return
        offset = reveal_offset(self.lay, self.rows, control, self.scroll)
        if offset is not None:
            self.scroll.scroll_to(offset)
        self._place_controls()

    def _control_at(self, pos: tuple[int, int]) -> SettingControl | None:
        if self.lay is None:
            return None
        return control_at(self.lay, self.rows, self.footer, self.scroll, pos)

    def _place_controls(self) -> None:
        """Put the list's controls where the scroll shows them (hit tests use these)."""
        if self.lay is None:
            return
        for row, place in zip(self.rows, self.lay.rows, strict=True):
            for control, rect in zip(row.controls, place.controls, strict=True):
                control.rect = self.scroll.to_screen(rect)

    # ----------------------------------------------------------------- layout and drawing
    def layout(self, size: tuple[int, int]) -> None:
        focus_key = getattr(self.grid.focused, "key", None)
        anchor = self._anchor()
        if self.language != language():
            # Another language: every word is made again; the focus stays on its control.
            self.capture.stop()
            self._build()
            anchor = None
        self.size = size
        theme, fonts = self.ctx.theme, self.ctx.fonts
        self.felt.fit(size, theme)
        back_key = self.ctx.input.label("back")
        lay = settings_layout(size, theme, fonts, self.rows, self.footer, back_key)
        self.lay = lay
        # The hint follows the device in use (a key, or a pad's button), unless the layout
        # has no room for one.
        self.back.hint = (lambda: self.ctx.input.label("back")) if lay.back_hint else ""
        self.back.rect = pygame.Rect(lay.back)
        self.reset_all.rect = pygame.Rect(lay.reset_all)
        self.scroll.set_content(lay.viewport, lay.content_height, lay.scroll_line)
        self._place_controls()
        grid_rows: list[list[SettingControl]] = [list(r.controls) for r in self.rows if r.controls]
        grid_rows.append(list(self.footer))
        self.grid.set_rows(grid_rows, focus_key)
        if anchor is None or not self._hold_in_place(*anchor):
            self._reveal(self.grid.focused)

    def _anchor(self) -> tuple[float, float] | None:
        """Where the focused control is on the screen before the list is laid out again: the
        y to hold (the pointer's, when it is on the control) and how far down the control
        that y is (0 top, 1 bottom); None when it is not in view."""
        control = self.grid.focused
        if self.lay is None or control is None or not self.scroll.viewport.contains(control.rect):
            return None
        rect = control.rect
        x, y = self.ctx.pointer()
        if not rect.collidepoint(x, y):
            y = rect.centery
        return y, (y - rect.top) / max(1, rect.height)

    def _hold_in_place(self, y: float, fraction: float) -> bool:
        """Scroll so the focused control is where it was, the same part of it at `y` (a
        larger text size grows the rows above it: a click on the text size arrow must not
        move the page under the pointer), as near as it can be wholly shown. False if it
        cannot be (the list begins or ends first)."""
        control = self.grid.focused
        if control is None:
            return False
        view = self.scroll.viewport
        top = y - fraction * control.rect.height
        top = max(view.top, min(top, view.bottom - control.rect.height))  # wholly in view
        self.scroll.scroll_to(self.scroll.offset + control.rect.top - top)
        self._place_controls()
        return view.contains(control.rect)

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.ctx.theme
        self.felt.draw(surface, theme)
        if self.lay is None:
            return
        focused, status = self.grid.focused, self.status()
        lay, rows, scroll, footer = self.lay, self.rows, self.scroll, self.footer
        draw_settings(surface, theme, self.ctx.fonts, lay, rows, scroll, focused, footer, status)
