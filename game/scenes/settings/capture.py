"""The settings screen's keyboard: the keys that navigate it whatever the key map says, and
capturing a key (or a pad's button) to bind. Raw key codes belong here: the key pressed is
what is chosen.

A capture waits through modifiers (so Ctrl then Z binds Z, and undo reads Ctrl+Z); Esc or a
click cancels it; a key with no name the settings file can keep is refused.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.i18n import _
from game.scenes.settings.key_slot import KeySlot
from game.scenes.settings.keys import f11_locked, intent_label
from game.ui.input import BACK_KEYS, CONFIRM_KEYS, Intent
from game.ui.pads import PAD_PRESS
from game.ui.status_line import WARN

if TYPE_CHECKING:
    from game.scenes.settings.editor import SettingsEditor
    from game.ui.input import InputMap

# Keys that only modify another: while a key is captured they are waited through.
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
# Navigation here never depends on the key map: these keys mean these intents even if
# rebound, so a bad mapping can always be undone.
FIXED_INTENTS: dict[int, Intent] = {
    pygame.K_UP: Intent.UP,
    pygame.K_DOWN: Intent.DOWN,
    pygame.K_LEFT: Intent.LEFT,
    pygame.K_RIGHT: Intent.RIGHT,
    **dict.fromkeys(CONFIRM_KEYS, Intent.CONFIRM),
    **dict.fromkeys(BACK_KEYS, Intent.BACK),
}

PAD_DIRECTIONS = {
    "dpup": Intent.UP,
    "dpdown": Intent.DOWN,
    "dpleft": Intent.LEFT,
    "dpright": Intent.RIGHT,
}


def menu_intent(event: pygame.event.Event, input_map: InputMap) -> Intent | None:
    """A key's intent on the settings screen: the fixed navigation keys first (without
    Ctrl), else what the key map says."""
    if event.type == PAD_PRESS:  # a pad's d-pad (and stick) here too, whatever is bound
        return PAD_DIRECTIONS.get(event.button) or input_map.menu_intent(event)
    fixed = None if event.mod & pygame.KMOD_CTRL else FIXED_INTENTS.get(event.key)
    return fixed or input_map.intent(event)


class KeyCapture:
    """The key slot waiting for a key press, if any; a press is bound through `editor`."""

    def __init__(self, editor: SettingsEditor, play: Callable[[str], None]) -> None:
        self.editor = editor
        self.play = play
        self.slot: KeySlot | None = None

    def status(self) -> str:
        """What the status line asks for while a key is awaited ("" when none is)."""
        if self.slot is None:
            return ""
        what = intent_label(self.slot.intent)
        if self.slot.pad:
            return _("Press the new button for {action} on a pad. Esc cancels.").format(action=what)
        if self.slot.slot:
            text = _("Press the new second key for {action}. Esc cancels (a pad button too).")
        else:
            text = _("Press the new key for {action}. Esc cancels (a pad button too).")
        return text.format(action=what)

    def start(self, slot: KeySlot) -> None:
        if slot.locked:
            self.editor.say(f11_locked(), WARN)
            return
        self.stop()
        self.slot = slot
        slot.capturing = True
        self.editor.say("")
        self.play("click")

    def stop(self) -> None:
        if self.slot is not None:
            self.slot.capturing = False
        self.slot = None

    def handle(self, event: pygame.event.Event) -> bool:
        """An event while a key is awaited; True when used (a capture takes every key)."""
        slot = self.slot
        assert slot is not None
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.stop()
            self.editor.say(_("Key not changed."))
            return True
        if event.type == PAD_PRESS:
            self.stop()
            if slot.pad:
                self.editor.bind_pad(slot.intent, slot.slot, event.button)
            else:  # a key is awaited: a pad's button leaves it as it was
                self.editor.say(_("Key not changed."))
            return True
        if slot.pad and event.type == pygame.KEYDOWN and event.key != pygame.K_ESCAPE:
            return True  # a button is awaited: keys other than Esc wait on
        if event.type != pygame.KEYDOWN:
            return event.type in (pygame.TEXTINPUT, pygame.KEYUP, pygame.MOUSEMOTION)
        if event.key in MODIFIER_KEYS:
            return True  # wait for the key it modifies
        self.stop()
        if event.key == pygame.K_ESCAPE:  # Esc cancels, whatever it is bound to
            self.editor.say(_("Button not changed.") if slot.pad else _("Key not changed."))
            return True
        name = pygame.key.name(event.key)
        if not name or pygame.key.key_code(name) != event.key:
            self.editor.say(_("That key has no name the game can keep; choose another."), WARN)
            return True
        self.editor.bind(slot.intent, slot.slot, name)
        return True
