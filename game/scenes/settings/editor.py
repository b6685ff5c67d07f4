"""Changes made on the settings screen: each one is applied and saved at once, can be taken
back with Ctrl+Z (up to UNDO_DEPTH of them), and leaves a message for the status line
saying what happened (a refusal as WARN, a key swap worth a look as NOTE)."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.i18n import _
from game.scenes.settings.keys import Keymap, Remap, clear_key, remap
from game.storage.settings import (
    DEFAULT_KEY_BINDINGS,
    DEFAULT_PAD_BINDINGS,
    TEXT_SCALE,
    Settings,
)
from game.ui.pad_glyphs import button_glyph
from game.ui.status_line import NOTE, WARN

if TYPE_CHECKING:
    from game.scenes.context import Context

log = logging.getLogger(__name__)

UNDO_DEPTH = 50  # changes Ctrl+Z can take back
TEXT_STEP = 0.25


class SettingsEditor:
    """The settings in force, changed one step at a time. `on_restyle` is called when a change
    brings new fonts, colours or words, so the screen is made, measured and drawn again;
    `label_of` names a setting as its row does (for "Undone: Sound volume.")."""

    def __init__(
        self,
        ctx: Context,
        on_restyle: Callable[[], None],
        label_of: Callable[[str], str] = lambda name: name,
    ) -> None:
        self.ctx = ctx
        self.on_restyle = on_restyle
        self.label_of = label_of
        self.history: list[tuple[Settings, str]] = []  # (settings before, what changed)
        self.message = ""
        self.level = ""  # of the message: "" a plain line, NOTE boxed, WARN a refusal

    def say(self, text: str, level: str = "") -> None:
        self.message = text
        self.level = level

    def change(self, name: str, value: object, record: bool = True) -> bool:
        """Set one setting now and save it; False if it was refused or unchanged."""
        try:
            new = self.ctx.settings.replace(**{name: value})
        except ValueError as error:
            log.warning("setting %s refused: %s", name, error)
            self.say(_("That value cannot be used."), WARN)
            return False
        return self.commit(new, record=record, what=name)

    def commit(self, new: Settings, record: bool = True, what: str = "") -> bool:
        old = self.ctx.settings
        if new == old:
            return False
        if record:
            self.history.append((old, what))
            del self.history[:-UNDO_DEPTH]
        self.ctx.apply_settings(new)
        self.say("")  # a new change: the last message is old news
        if new.muted != old.muted and not new.muted:
            self.ctx.play("click")  # sound is back: let it be heard
        if (new.text_scale, new.palette, new.high_contrast, new.language) != (
            old.text_scale,
            old.palette,
            old.high_contrast,
            old.language,
        ):
            # New fonts, colours or words: everything is made and measured again.
            self.on_restyle()
        if new.fullscreen != old.fullscreen and new.fullscreen != display_fullscreen(old):
            self.ctx.toggle_fullscreen()
        return True

    def undo(self) -> None:
        if not self.history:
            self.say(_("Nothing to undo."))
            return
        old, what = self.history.pop()
        self.commit(old, record=False)
        self.say(_("Undone: {change}.").format(change=self._what(what)))

    def start_drag(self, name: str) -> None:
        """A slider's drag begins: the settings before it are what undo goes back to (the
        drag's own changes are not recorded one by one)."""
        self.history.append((self.ctx.settings, name))

    def end_drag(self, name: str) -> None:
        """The drag is let go: it is heard at its level, and one that ended where it began
        leaves nothing to undo."""
        if self.history and self.history[-1][0] == self.ctx.settings:
            self.history.pop()
        self.click_level(name)

    def click_level(self, name: str) -> None:
        """The click that lets a volume be heard at its new level."""
        self.ctx.play("click")

    def step_text(self, n: int) -> None:
        low, high = TEXT_SCALE
        value = min(high, max(low, round(self.ctx.settings.text_scale / TEXT_STEP + n) * TEXT_STEP))
        if value == self.ctx.settings.text_scale:
            self.say(
                _("Text is as large as it goes.") if n > 0 else _("Text is as small as it goes.")
            )
            return
        self.change("text_scale", value)

    def reset_keys(self) -> None:
        if self.commit(self.ctx.settings.replace(key_bindings=DEFAULT_KEY_BINDINGS), what="keys"):
            self.say(_("Every key is back to its default. Ctrl+Z takes it back."))
        else:
            self.say(_("The keys are already the defaults."))

    def reset_pad_buttons(self) -> None:
        fresh = self.ctx.settings.replace(pad_bindings=DEFAULT_PAD_BINDINGS)
        if self.commit(fresh, what="pad_buttons"):
            self.say(_("Every pad button is back to its default. Ctrl+Z takes it back."))
        else:
            self.say(_("The pad buttons are already the defaults."))

    def reset_all(self) -> None:
        # The window's remembered size is not a setting on this screen: it stays. So does the
        # language: a reset must not leave the player with words they cannot read.
        # The defaults are those the game came with on this system (Yatzy's card in Sweden).
        kept = self.ctx.settings
        fresh = Settings.first(self.ctx.storage.system_language).replace(
            window_size=kept.window_size, language=kept.language
        )
        if self.commit(fresh, what="everything"):
            self.say(_("Every setting is back to its default. Ctrl+Z takes it back."))
        else:
            self.say(_("Everything is already at its default."))

    def _what(self, name: str) -> str:
        """A change as "Undone: ..." names it."""
        if name == "keys":
            return _("the key change")
        if name == "pad_buttons":
            return _("the pad button change")
        if name == "everything":
            return _("the reset")
        return self.label_of(name)

    # ----------------------------------------------------------------- keys
    def bind(self, intent: str, slot: int, name: str) -> bool:
        """Bind key `name` by the conflict rule (swap, or refuse); True if bound."""
        return self._bound(remap(self.ctx.settings.key_bindings, intent, slot, name), "keys")

    def bind_pad(self, intent: str, slot: int, button: str) -> bool:
        """Bind a pad button by the keys' conflict rule (swap, or refuse); True if bound."""
        pads = Keymap(label=self._button_label, reserved={}, noun="button", locks=False)
        result = remap(self.ctx.settings.pad_bindings, intent, slot, button, pads)
        return self._bound(result, "pad_buttons")

    def _bound(self, result: Remap, what: str) -> bool:
        """Use a remap's new key bindings (`what` "keys") or pad bindings, or say why not."""
        if result.refused:
            self.say(result.message, WARN)
            self.ctx.play("click", 0.5)
            return False
        field = "key_bindings" if what == "keys" else "pad_bindings"
        self.commit(self.ctx.settings.replace(**{field: result.bindings}), what=what)
        # A swap or a move changed another action too: boxed, so it is not missed.
        self.say(result.message, NOTE if result.conflict else "")
        self.ctx.play("click")
        return True

    def _button_label(self, button: str, intent: str = "") -> str:
        return button_glyph(button, self.ctx.pads.glyphs or "xbox")

    def clear(self, intent: str, slot: int) -> None:
        """Take a key away from an action (refused for its last key)."""
        result = clear_key(self.ctx.settings.key_bindings, intent, slot)
        if result.refused:
            self.say(result.message, WARN)
            return
        self.commit(self.ctx.settings.replace(key_bindings=result.bindings), what="keys")
        self.say(result.message)


def display_fullscreen(default: Settings | None) -> bool | None:
    """Whether the window is full screen now; `default`'s value (or None) if unknown."""
    try:
        if pygame.display.get_surface() is not None:
            return bool(pygame.display.is_fullscreen())
    except pygame.error:
        pass
    return default.fullscreen if default is not None else None
