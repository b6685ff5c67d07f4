"""The key map's rules for the settings scene: what each action is called, how a key is named
to the player, and what binding or clearing a key does to the bindings (pure functions: the
scene applies what they return).

Key conflicts: a key already bound to another action is SWAPPED. The action that had it
takes the key being replaced, and the status line says so. When the slot being set is
empty (nothing to swap back) and the key is the other action's only key, the change is
refused instead, so no action is ever left without a key. Tab moves the focus and F11
toggles full screen everywhere: they cannot be bound, and Full screen's F11 stays.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from game.storage.settings import MAX_KEYS_PER_INTENT
from game.ui.input import CTRL_INTENTS, KEY_WORDS

RESERVED_KEYS = {
    "tab": "Tab always moves between controls",
    "f11": "F11 always toggles full screen",
}
LOCKED = ("fullscreen", "f11")  # the F11 that RESERVED_KEYS promises stays where it is

INTENT_LABELS = {
    "roll": "Roll the dice",
    "hold_1": "Hold die 1",
    "hold_2": "Hold die 2",
    "hold_3": "Hold die 3",
    "hold_4": "Hold die 4",
    "hold_5": "Hold die 5",
    "hint": "Hint",
    "undo": "Undo",
    "pause": "Pause / back",
    "confirm": "Choose / confirm",
    "up": "Move up",
    "down": "Move down",
    "left": "Move left",
    "right": "Move right",
    "fullscreen": "Full screen",
    "skip_cpu": "Skip a CPU turn",
    "speed_cpu": "Speed up CPU turns",
    "help": "Rules & help",
    "key_hints": "Show key hints",
}


def intent_label(intent: str) -> str:
    return INTENT_LABELS.get(intent, intent.replace("_", " ").capitalize())


def key_label(name: str, intent: str = "") -> str:
    """A key name as the player reads it, as InputMap.label shows it, except that the
    keypad's keys say so ("Keypad Enter" beside "Enter" for confirm)."""
    if name == "enter":
        text = "Keypad Enter"
    elif len(name) == 3 and name[0] == "[" and name[2] == "]":
        text = f"Keypad {name[1]}"
    else:
        text = KEY_WORDS.get(name, name.upper() if len(name) == 1 else name.title())
    return f"Ctrl+{text}" if intent in CTRL_INTENTS else text


def is_locked(bindings: Mapping[str, tuple[str, ...]], intent: str, slot: int) -> bool:
    keys = bindings.get(intent, ())
    return (intent, keys[slot] if slot < len(keys) else None) == LOCKED


@dataclass(frozen=True)
class Keymap:
    """What is being bound: keys (the default) or a pad's buttons. `label` names a key or
    button for messages, `reserved` may not be bound, `noun` is what one is called."""

    label: Callable[[str, str], str] = key_label
    reserved: Mapping[str, str] = field(default_factory=lambda: RESERVED_KEYS)
    noun: str = "key"
    locks: bool = True  # F11 stays Full screen's (keys only)

    def locked(self, bindings: Mapping[str, tuple[str, ...]], intent: str, slot: int) -> bool:
        return self.locks and is_locked(bindings, intent, slot)


KEYS = Keymap()


@dataclass(frozen=True)
class Remap:
    """What binding a key would do: the new bindings (None if refused) and why, in words.
    `conflict`: another action's key was taken (swapped or moved), worth pointing out."""

    bindings: Mapping[str, tuple[str, ...]] | None
    message: str
    conflict: bool = False

    @property
    def refused(self) -> bool:
        return self.bindings is None


def remap(
    bindings: Mapping[str, tuple[str, ...]],
    intent: str,
    slot: int,
    name: str,
    keymap: Keymap = KEYS,
) -> Remap:
    """Bind key `name` to `intent` in `slot` (0 the key, 1 the second key), swapping with an
    action that already has it, by the rule in the module docstring (a pad's buttons by the
    same rule, with `keymap` saying how they are named)."""
    label, noun = keymap.label, keymap.noun
    shown = label(name, "")
    if name in keymap.reserved:
        return Remap(None, f"{keymap.reserved[name]}; choose another {noun}.")
    if keymap.locked(bindings, intent, slot):
        return Remap(None, f"{RESERVED_KEYS['f11']}; set a second key beside it.")
    table = {i: list(keys) for i, keys in bindings.items()}
    mine = table.setdefault(intent, [])
    old = mine[slot] if slot < len(mine) else None
    what = intent_label(intent)
    if old == name:
        return Remap(None, f"{shown} is already {what}'s {noun}.")
    if name in mine:  # the action's other slot: the two keys change places
        other = mine.index(name)
        if old is None:
            return Remap(None, f"{shown} is already {what}'s {noun}.")
        mine[slot], mine[other] = name, old
        return Remap(_tidy(table), f"{what}: {shown} and {label(old, '')} changed places.")
    owner = next((i for i, keys in table.items() if i != intent and name in keys), None)
    message = f"{what} is now {label(name, intent)}."
    if owner is not None:
        theirs = table[owner]
        where = theirs.index(name)
        if keymap.locked(bindings, owner, where):  # (F11 is reserved already; belt and braces)
            return Remap(None, f"{RESERVED_KEYS['f11']}.")
        if old is None:
            if len(theirs) == 1:
                return Remap(
                    None,
                    f"{shown} is {intent_label(owner)}'s only {noun}: "
                    f"give it another {noun} first.",
                )
            del theirs[where]
            message = f"{shown} moved from {intent_label(owner)} to {what}."
        else:
            theirs[where] = old
            message = (
                f"Swapped: {what} is now {label(name, intent)}, "
                f"{intent_label(owner)} is now {label(old, owner)}."
            )
    if old is None:
        if len(mine) >= MAX_KEYS_PER_INTENT:
            return Remap(None, f"{what} has {MAX_KEYS_PER_INTENT} {noun}s already.")
        mine.append(name)
    else:
        mine[slot] = name
    return Remap(_tidy(table), message, conflict=owner is not None)


def clear_key(bindings: Mapping[str, tuple[str, ...]], intent: str, slot: int) -> Remap:
    """Take the key in `slot` away, unless it is the action's last (or a locked) key."""
    keys = list(bindings.get(intent, ()))
    if slot >= len(keys):
        return Remap(None, "There is no key there to clear.")
    if is_locked(bindings, intent, slot):
        return Remap(None, f"{RESERVED_KEYS['f11']}.")
    if len(keys) == 1:
        return Remap(None, f"{intent_label(intent)} needs a key; bind another to change it.")
    gone = keys.pop(slot)
    table = {i: list(k) for i, k in bindings.items()}
    table[intent] = keys
    return Remap(_tidy(table), f"{key_label(gone, intent)} no longer does {intent_label(intent)}.")


def _tidy(table: dict[str, list[str]]) -> dict[str, tuple[str, ...]]:
    return {i: tuple(dict.fromkeys(keys)) for i, keys in table.items()}
