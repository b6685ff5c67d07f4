"""One map from keys and pad buttons to intents, built from the player's (remappable) key
and pad bindings.

Scenes never test raw key codes: the table asks `InputMap.intent(event)` for an `Intent`,
menus ask `InputMap.menu_intent(event)`; a press is a KEYDOWN or a pad's PAD_PRESS
(`is_press`; game.ui.pads reads the pads). Undo needs Ctrl held (Ctrl+Z); Tab / Shift+Tab
always move the focus. In menus Enter always confirms and Esc and Backspace always go back,
even when the player has bound those keys to something done at the table (a roll, a hold):
such bindings mean nothing in a menu. A pad's A and B are its Enter and Esc. `is_back`
accepts BACK and the pause key. `label` names an intent's key, or its pad button (by the
pad's glyphs) while a pad was the device used last.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping

import pygame

from game.i18n import pgettext

# The intents and which need Ctrl or belong to the table: one record each, in storage.bindings.
from game.storage.bindings import CTRL_INTENTS as CTRL_INTENTS
from game.storage.bindings import READ_INTENTS as READ_INTENTS
from game.storage.bindings import TABLE_INTENTS as TABLE_INTENTS
from game.storage.bindings import Intent as Intent
from game.ui.pad_glyphs import button_glyph
from game.ui.pads import PAD_PRESS, Pads

log = logging.getLogger(__name__)


# What the app does with a key before any scene sees it (game.app.App.handle): a menu's
# letters keep clear of the keys bound to these.
ANYWHERE_INTENTS = (Intent.FULLSCREEN, Intent.REPEAT_SPEECH)
BACK_KEYS = (pygame.K_ESCAPE, pygame.K_BACKSPACE)
CONFIRM_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)
# A pad's Enter, Esc and Tab / Shift+Tab: what these buttons mean where nothing else claims
# them (in a menu, a button bound to a table action, as a key is).
PAD_FIXED = {
    "a": Intent.CONFIRM,
    "b": Intent.BACK,
    "rightshoulder": Intent.FOCUS_NEXT,
    "leftshoulder": Intent.FOCUS_PREV,
}


def is_press(event: pygame.event.Event) -> bool:
    """A key pressed, or a pad's button (or a held direction's repeat)."""
    return event.type in (pygame.KEYDOWN, PAD_PRESS)


def is_back(intent: Intent | None) -> bool:
    """Leave this menu: Esc, Backspace, or the pause key."""
    return intent in (Intent.BACK, Intent.PAUSE)


def is_confirm(intent: Intent | None) -> bool:
    return intent is Intent.CONFIRM


# Keys whose pygame name is not what players call them, translated when shown.
def _key_word(name: str) -> str | None:
    """What players call a key pygame names otherwise, in the language in use; else None."""
    words = {
        "return": pgettext("key", "Enter"),
        "enter": pgettext("key", "Keypad Enter"),
        "escape": pgettext("key", "Esc"),
        "space": pgettext("key", "Space"),
        "backspace": pgettext("key", "Backspace"),
        "tab": pgettext("key", "Tab"),
        "delete": pgettext("key", "Delete"),
        "end": pgettext("key", "End"),
        "home": pgettext("key", "Home"),
        "up": pgettext("key", "Up"),
        "down": pgettext("key", "Down"),
        "left": pgettext("key", "Left"),
        "right": pgettext("key", "Right"),
        "page up": pgettext("key", "Page Up"),
        "page down": pgettext("key", "Page Down"),
    }
    return words.get(name)


class InputMap:
    def __init__(
        self,
        bindings: Mapping[str, tuple[str, ...] | list[str]],
        pad_bindings: Mapping[str, tuple[str, ...] | list[str]] | None = None,
        pads: Pads | None = None,
    ) -> None:
        self._keys: dict[int, Intent] = {}
        for intent, names in bindings.items():
            for name in names:
                try:
                    code = pygame.key.key_code(name)
                except (ValueError, pygame.error):
                    log.warning("key %r for %s is not a key name; ignored", name, intent)
                    continue
                self._keys.setdefault(code, Intent(intent))
        self.bindings = {intent: tuple(names) for intent, names in bindings.items()}
        self.pad_bindings = {intent: tuple(names) for intent, names in (pad_bindings or {}).items()}
        self._buttons: dict[str, Intent] = {}
        for intent, names in self.pad_bindings.items():
            for name in names:
                self._buttons.setdefault(name, Intent(intent))
        self.pads = pads

    def intent(self, event: pygame.event.Event) -> Intent | None:
        """The intent of a KEYDOWN or PAD_PRESS event, or None."""
        if event.type == PAD_PRESS:
            return self._buttons.get(event.button) or PAD_FIXED.get(event.button)
        if event.type != pygame.KEYDOWN:
            return None
        if event.key == pygame.K_TAB:
            return Intent.FOCUS_PREV if event.mod & pygame.KMOD_SHIFT else Intent.FOCUS_NEXT
        intent = self._keys.get(event.key)
        ctrl = bool(event.mod & pygame.KMOD_CTRL)
        if intent in CTRL_INTENTS and not ctrl:
            return None
        if ctrl and intent not in CTRL_INTENTS:
            return None
        if intent is None and not ctrl:
            return _fixed(event.key)
        return intent

    def menu_intent(self, event: pygame.event.Event) -> Intent | None:
        """The intent of a KEYDOWN event in a menu: as `intent`, but a key bound to a table
        action keeps its fixed menu meaning (Enter confirms, Esc and Backspace go back)."""
        intent = self.intent(event)
        if intent in TABLE_INTENTS:
            if event.type == PAD_PRESS:
                return PAD_FIXED.get(event.button)
            return _fixed(event.key)
        return intent

    def letters(self, intents: Iterable[str]) -> frozenset[str]:
        """The letter keys (lower case, as typed) bound to `intents`: "p" for the pause
        key. A menu keeps them from its buttons' letters where the key must keep its job."""
        return frozenset(
            name
            for intent in intents
            for name in self.bindings.get(intent, ())
            if len(name) == 1 and "a" <= name <= "z"
        )

    @property
    def showing_pad(self) -> bool:
        """A pad was the device used last: hints show its buttons."""
        return self.pads is not None and self.pads.glyphs is not None

    def label(self, intent: str) -> str:
        """How to show the key of an intent in hints: 'Space', 'Ctrl+Z'; while a pad was used
        last, its button as that pad shows it: 'X', 'Square', 'Start' ('?' if none).
        "back" is the key or button that leaves a menu (the pause key; a pad's B)."""
        family = self.pads.glyphs if self.pads is not None else None
        if family is not None:  # a pad was the device used last
            buttons = self.pad_bindings.get(intent, ())
            if intent == Intent.BACK:
                buttons = ("b",)
            elif not buttons:
                buttons = tuple(b for b, i in PAD_FIXED.items() if i == intent)
            return button_glyph(buttons[0], family) if buttons else "?"
        if intent == Intent.BACK:
            intent = Intent.PAUSE
        names = self.bindings.get(intent, ())
        if not names:
            return "?"
        return key_label(names[0], intent in CTRL_INTENTS)


def _fixed(key: int) -> Intent | None:
    """What Enter, Esc and Backspace mean when nothing else claims them."""
    if key in CONFIRM_KEYS:
        return Intent.CONFIRM
    if key in BACK_KEYS:
        return Intent.BACK
    return None


def key_label(name: str, ctrl: bool = False) -> str:
    """A key name as players say it, in the language in use: 'Space', 'Esc', 'Keypad 4',
    'Ctrl+Z' ('Leertaste', 'Strg+Z' in German)."""
    if name.startswith("[") and name.endswith("]"):  # pygame names keypad keys "[4]"
        # Translators: a key of the numeric keypad; {key} is its digit or sign.
        text = pgettext("key", "Keypad {key}").format(key=name[1:-1])
    else:
        text = _key_word(name) or (name.upper() if len(name) == 1 else name.title())
    # Translators: a key pressed with Ctrl; say "Ctrl" as that language's keyboards do (Strg).
    return pgettext("key", "Ctrl+{key}").format(key=text) if ctrl else text


def menu_letter(event: pygame.event.Event, by_key: bool = False) -> str:
    """The lower-case letter a key typed, for first-letter shortcuts ('' if none). `by_key`:
    a key press that typed no text (one made by a program, or while text input is off)
    gives its key's letter."""
    if event.type != pygame.KEYDOWN or event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
        return ""
    text = getattr(event, "unicode", "") or ""
    if not text and by_key:
        text = pygame.key.name(event.key)
    return text.lower() if len(text) == 1 and text.isalpha() else ""
