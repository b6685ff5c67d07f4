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

from game.i18n import N_, _, ngettext, translate
from game.storage.settings import MAX_KEYS_PER_INTENT
from game.ui.input import CTRL_INTENTS
from game.ui.input import key_label as input_key_label

# Marked here, translated when shown.
RESERVED_KEYS = {
    "tab": N_("Tab always moves between controls"),
    "f11": N_("F11 always toggles full screen"),
}
LOCKED = ("fullscreen", "f11")  # the F11 that RESERVED_KEYS promises stays where it is

INTENT_LABELS = {
    "roll": N_("Roll the dice"),
    "hold_1": N_("Hold die 1"),
    "hold_2": N_("Hold die 2"),
    "hold_3": N_("Hold die 3"),
    "hold_4": N_("Hold die 4"),
    "hold_5": N_("Hold die 5"),
    "hint": N_("Hint"),
    "undo": N_("Undo"),
    "pause": N_("Pause / back"),
    "confirm": N_("Choose / confirm"),
    "up": N_("Move up"),
    "down": N_("Move down"),
    "left": N_("Move left"),
    "right": N_("Move right"),
    "fullscreen": N_("Full screen"),
    "skip_cpu": N_("Skip a CPU turn"),
    "speed_cpu": N_("Speed up CPU turns"),
    "help": N_("Rules & help"),
    "key_hints": N_("Show key hints"),
    "read_dice": N_("Say the dice"),
    "read_box": N_("Say the box in focus"),
    "read_card": N_("Say my card"),
    "read_others": N_("Say another card"),
    "read_scores": N_("Say everyone's scores"),
    "read_turn": N_("Say whose turn"),
    "repeat_speech": N_("Say that again"),
}


def intent_label(intent: str) -> str:
    """An action's name in the language in use."""
    return translate(INTENT_LABELS[intent]) if intent in INTENT_LABELS else intent


def key_label(name: str, intent: str = "") -> str:
    """A key name as the player reads it, as InputMap.label shows it ("Keypad Enter" beside
    "Enter" for confirm), with Ctrl for the intents that need it."""
    return input_key_label(name, intent in CTRL_INTENTS)


def is_locked(bindings: Mapping[str, tuple[str, ...]], intent: str, slot: int) -> bool:
    keys = bindings.get(intent, ())
    return (intent, keys[slot] if slot < len(keys) else None) == LOCKED


@dataclass(frozen=True)
class Keymap:
    """What is being bound: keys (the default) or a pad's buttons. `label` names a key or
    button for messages, `reserved` may not be bound, `noun` is what one is called."""

    label: Callable[[str, str], str] = key_label
    reserved: Mapping[str, str] = field(default_factory=lambda: RESERVED_KEYS)
    noun: str = "key"  # or "button": which of the sentences below are said
    locks: bool = True  # F11 stays Full screen's (keys only)

    def say(self, which: str, **values: object) -> str:
        """Sentence `which` of NOUN_SENTENCES for this keymap's noun, filled in."""
        return translate(NOUN_SENTENCES[self.noun][which]).format(**values)

    def full(self, action: str) -> str:
        n = MAX_KEYS_PER_INTENT
        if self.noun == "button":
            text = ngettext(
                "{action} has {count} button already.", "{action} has {count} buttons already.", n
            )
        else:
            text = ngettext(
                "{action} has {count} key already.", "{action} has {count} keys already.", n
            )
        return text.format(action=action, count=n)

    def locked(self, bindings: Mapping[str, tuple[str, ...]], intent: str, slot: int) -> bool:
        return self.locks and is_locked(bindings, intent, slot)


KEYS = Keymap()

# The sentences that name what is bound: whole sentences for keys and for pad buttons, so
# each language words them its own way.
NOUN_SENTENCES = {
    "key": {
        "reserved": N_("{reason}; choose another key."),
        "already": N_("{key} is already the key for {action}."),
        "only": N_("{key} is the only key for {other}: give it another key first."),
    },
    "button": {
        "reserved": N_("{reason}; choose another button."),
        "already": N_("{key} is already the button for {action}."),
        "only": N_("{key} is the only button for {other}: give it another button first."),
    },
}


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
    label = keymap.label
    shown = label(name, "")
    if name in keymap.reserved:
        return Remap(None, keymap.say("reserved", reason=translate(keymap.reserved[name])))
    if keymap.locked(bindings, intent, slot):
        return Remap(None, f11_locked())
    table = {i: list(keys) for i, keys in bindings.items()}
    mine = table.setdefault(intent, [])
    old = mine[slot] if slot < len(mine) else None
    what = intent_label(intent)
    if old == name:
        return Remap(None, keymap.say("already", key=shown, action=what))
    if name in mine:  # the action's other slot: the two keys change places
        other = mine.index(name)
        if old is None:
            return Remap(None, keymap.say("already", key=shown, action=what))
        mine[slot], mine[other] = name, old
        return Remap(
            _tidy(table),
            _("{action}: {key} and {other_key} changed places.").format(
                action=what, key=shown, other_key=label(old, "")
            ),
        )
    owner = next((i for i, keys in table.items() if i != intent and name in keys), None)
    message = _("{action} is now {key}.").format(action=what, key=label(name, intent))
    if owner is not None:
        theirs = table[owner]
        where = theirs.index(name)
        if keymap.locked(bindings, owner, where):  # (F11 is reserved already; belt and braces)
            return Remap(None, _("{reason}.").format(reason=translate(RESERVED_KEYS["f11"])))
        if old is None:
            if len(theirs) == 1:
                return Remap(None, keymap.say("only", key=shown, other=intent_label(owner)))
            del theirs[where]
            message = _("{key} moved from {other} to {action}.").format(
                key=shown, other=intent_label(owner), action=what
            )
        else:
            theirs[where] = old
            message = _("Swapped: {action} is now {key}, {other} is now {other_key}.").format(
                action=what,
                key=label(name, intent),
                other=intent_label(owner),
                other_key=label(old, owner),
            )
    if old is None:
        if len(mine) >= MAX_KEYS_PER_INTENT:
            return Remap(None, keymap.full(what))
        mine.append(name)
    else:
        mine[slot] = name
    return Remap(_tidy(table), message, conflict=owner is not None)


def clear_key(bindings: Mapping[str, tuple[str, ...]], intent: str, slot: int) -> Remap:
    """Take the key in `slot` away, unless it is the action's last (or a locked) key."""
    keys = list(bindings.get(intent, ()))
    if slot >= len(keys):
        return Remap(None, _("There is no key there to clear."))
    if is_locked(bindings, intent, slot):
        return Remap(None, _("{reason}.").format(reason=translate(RESERVED_KEYS["f11"])))
    if len(keys) == 1:
        return Remap(
            None,
            _("{action} needs a key; bind another to change it.").format(
                action=intent_label(intent)
            ),
        )
    gone = keys.pop(slot)
    table = {i: list(k) for i, k in bindings.items()}
    table[intent] = keys
    return Remap(
        _tidy(table),
        _("{key} no longer does {action}.").format(
            key=key_label(gone, intent), action=intent_label(intent)
        ),
    )


def _tidy(table: dict[str, list[str]]) -> dict[str, tuple[str, ...]]:
    return {i: tuple(dict.fromkeys(keys)) for i, keys in table.items()}


def f11_locked() -> str:
    """Why F11 cannot be changed on Full screen's first key."""
    return _("{reason}; set a second key beside it.").format(reason=translate(RESERVED_KEYS["f11"]))
