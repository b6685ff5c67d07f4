"""One map from keys to intents, built from the player's (remappable) key bindings.

Scenes never test raw key codes for game controls: they ask `InputMap.intent(event)`.
Undo needs Ctrl held (Ctrl+Z); Tab / Shift+Tab always move the focus.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping

import pygame

log = logging.getLogger(__name__)

CTRL_INTENTS = frozenset({"undo"})
KEY_WORDS = {
    "return": "Enter",
    "enter": "Keypad Enter",
    "escape": "Esc",
    "space": "Space",
    "backspace": "Backspace",
}


class InputMap:
    def __init__(self, bindings: Mapping[str, tuple[str, ...] | list[str]]) -> None:
        self._keys: dict[int, str] = {}
        for intent, names in bindings.items():
            for name in names:
                try:
                    code = pygame.key.key_code(name)
                except (ValueError, pygame.error):
                    log.warning("key %r for %s is not a key name; ignored", name, intent)
                    continue
                self._keys.setdefault(code, intent)
        self.bindings = {intent: tuple(names) for intent, names in bindings.items()}

    def intent(self, event: pygame.event.Event) -> str | None:
        """The intent of a KEYDOWN event, or None."""
        if event.type != pygame.KEYDOWN:
            return None
        if event.key == pygame.K_TAB:
            return "focus_prev" if event.mod & pygame.KMOD_SHIFT else "focus_next"
        intent = self._keys.get(event.key)
        ctrl = bool(event.mod & pygame.KMOD_CTRL)
        if intent in CTRL_INTENTS and not ctrl:
            return None
        if ctrl and intent not in CTRL_INTENTS:
            return None
        return intent

    def label(self, intent: str) -> str:
        """How to show the key(s) of an intent in hints: 'Space', 'Ctrl+Z'."""
        names = self.bindings.get(intent, ())
        if not names:
            return "?"
        return key_label(names[0], intent in CTRL_INTENTS)


def key_label(name: str, ctrl: bool = False) -> str:
    """A key name as players say it: 'Space', 'Esc', 'Keypad 4', 'Ctrl+Z'."""
    if name.startswith("[") and name.endswith("]"):  # pygame names keypad keys "[4]"
        text = f"Keypad {name[1:-1]}"
    else:
        text = KEY_WORDS.get(name, name.upper() if len(name) == 1 else name.title())
    return f"Ctrl+{text}" if ctrl else text


def menu_letter(event: pygame.event.Event) -> str:
    """The lower-case letter a key typed, for first-letter shortcuts ('' if none)."""
    if event.type != pygame.KEYDOWN or event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
        return ""
    text = getattr(event, "unicode", "") or ""
    return text.lower() if len(text) == 1 and text.isalpha() else ""
