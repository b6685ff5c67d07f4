"""What a player can bind to a key or a pad button: one record per intent.

An `Intent` is what a press means. Each bindable intent has one `Binding` in `BINDINGS`
holding everything the game knows of it: its default keys, its default pad buttons, its
name in the settings (marked, translated when shown), whether it needs Ctrl held, and
whether it is done at the table only (in a menu a key bound to it keeps its fixed meaning).
The settings' defaults, the input map's sets and the settings scene's labels are all read
from here, so a new bindable intent is one `Intent` member and one `Binding`
(tests/storage/test_bindings.py fails on one without the other).

Key names are as `pygame.key.name()` gives them ("space", "1", "return", "f11"), pad
buttons by SDL's game-controller names ("a", "dpup"); this module never imports pygame.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from game.i18n import N_


class Intent(enum.StrEnum):
    """What a key press means. The bindable ones are the settings' key-binding names (an
    Intent equals its name as a string, so the saved bindings stay plain text)."""

    ROLL = "roll"
    HOLD_1 = "hold_1"
    HOLD_2 = "hold_2"
    HOLD_3 = "hold_3"
    HOLD_4 = "hold_4"
    HOLD_5 = "hold_5"
    HINT = "hint"
    UNDO = "undo"
    PAUSE = "pause"
    CONFIRM = "confirm"
    UP = "up"
    DOWN = "down"
    LEFT = "left"
    RIGHT = "right"
    FULLSCREEN = "fullscreen"
    SKIP_CPU = "skip_cpu"
    SPEED_CPU = "speed_cpu"
    HELP = "help"
    KEY_HINTS = "key_hints"
    REACT = "react"  # a network table's reactions (game.scenes.network.reactions)
    READ_DICE = "read_dice"  # speech's read keys (game.speech)
    READ_BOX = "read_box"
    READ_CARD = "read_card"
    READ_OTHERS = "read_others"
    READ_SCORES = "read_scores"
    READ_TURN = "read_turn"
    CARD_UP = "card_up"  # the card chosen by F4 / F5 read box by box
    CARD_DOWN = "card_down"
    REPEAT_SPEECH = "repeat_speech"  # anywhere: the last phrase said again
    HISTORY_BACK = "history_back"  # anywhere: step back through the phrases said
    HISTORY_NEXT = "history_next"
    # Fixed keys, never rebound.
    FOCUS_NEXT = "focus_next"  # Tab
    FOCUS_PREV = "focus_prev"  # Shift+Tab
    BACK = "back"  # Esc or Backspace where nothing else is bound to them


# The intents no player binds: Tab, Shift+Tab and the menus' Esc and Backspace.
FIXED_INTENTS = frozenset({Intent.FOCUS_NEXT, Intent.FOCUS_PREV, Intent.BACK})


@dataclass(frozen=True)
class Binding:
    """One bindable intent. keys: its default key names (the app adds Ctrl itself when
    `ctrl`); pad: its default pad buttons (none: the player may give it one); label: its name
    in the settings, marked for translation; table: done at the table only; reads: a speech
    read key, which says a part of the table (game.speech)."""

    intent: Intent
    label: str
    keys: tuple[str, ...]
    pad: tuple[str, ...] = ()
    ctrl: bool = False
    table: bool = False
    reads: bool = False


# In the order the settings list them.
BINDINGS: tuple[Binding, ...] = (
    Binding(Intent.ROLL, N_("Roll the dice"), ("space", "r"), ("x",), table=True),
    Binding(Intent.HOLD_1, N_("Hold die 1"), ("1",), table=True),
    Binding(Intent.HOLD_2, N_("Hold die 2"), ("2",), table=True),
    Binding(Intent.HOLD_3, N_("Hold die 3"), ("3",), table=True),
    Binding(Intent.HOLD_4, N_("Hold die 4"), ("4",), table=True),
    Binding(Intent.HOLD_5, N_("Hold die 5"), ("5",), table=True),
    Binding(Intent.HINT, N_("Hint"), ("h",), ("y",), table=True),
    Binding(Intent.UNDO, N_("Undo"), ("z",), ("back",), ctrl=True),
    Binding(Intent.PAUSE, N_("Pause / back"), ("escape", "p"), ("start",)),
    Binding(Intent.CONFIRM, N_("Choose / confirm"), ("return", "enter"), ("a",)),
    Binding(Intent.UP, N_("Move up"), ("up",), ("dpup",)),
    Binding(Intent.DOWN, N_("Move down"), ("down",), ("dpdown",)),
    Binding(Intent.LEFT, N_("Move left"), ("left",), ("dpleft",)),
    Binding(Intent.RIGHT, N_("Move right"), ("right",), ("dpright",)),
    Binding(Intent.FULLSCREEN, N_("Full screen"), ("f11",)),
    Binding(Intent.SKIP_CPU, N_("Skip a CPU turn"), ("s",), ("rightshoulder",), table=True),
    Binding(Intent.SPEED_CPU, N_("Speed up CPU turns"), ("f",), ("leftshoulder",), table=True),
    Binding(Intent.HELP, N_("Rules & help"), ("f1",), ("leftstick",)),
    Binding(Intent.KEY_HINTS, N_("Show key hints"), ("k",), ("rightstick",), table=True),
    # Translators: key bindings: opens the reactions ("Nice!") at a table on the network.
    Binding(Intent.REACT, N_("Send a reaction"), ("e",), table=True),
    # Speech's read keys: F-keys, so the letters keep jumping to boxes; no pad button is free.
    Binding(Intent.READ_DICE, N_("Say the dice"), ("f2",), table=True, reads=True),
    Binding(Intent.READ_BOX, N_("Say the box in focus"), ("f3",), table=True, reads=True),
    Binding(Intent.READ_CARD, N_("Say my card"), ("f4",), table=True, reads=True),
    Binding(Intent.READ_OTHERS, N_("Say another card"), ("f5",), table=True, reads=True),
    Binding(Intent.READ_SCORES, N_("Say everyone's scores"), ("f6",), table=True, reads=True),
    Binding(Intent.READ_TURN, N_("Say whose turn"), ("f7",), table=True, reads=True),
    # Page Up / Page Down read the card F4 or F5 chose, box by box.
    # Translators: key bindings: Page Up and Page Down read a card box by box.
    Binding(Intent.CARD_UP, N_("Read the card upwards"), ("page up",), table=True, reads=True),
    Binding(
        Intent.CARD_DOWN, N_("Read the card downwards"), ("page down",), table=True, reads=True
    ),
    Binding(Intent.REPEAT_SPEECH, N_("Say that again"), ("f8",)),
    # Translators: key bindings: F9 and F10 step through the phrases said last.
    Binding(Intent.HISTORY_BACK, N_("Say the phrase before"), ("f9",)),
    Binding(Intent.HISTORY_NEXT, N_("Say the phrase after"), ("f10",)),
)
BINDING: Mapping[Intent, Binding] = MappingProxyType({b.intent: b for b in BINDINGS})

# Intent -> key names, and intent -> pad button names: the settings' defaults.
DEFAULT_KEY_BINDINGS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {b.intent.value: b.keys for b in BINDINGS}
)
DEFAULT_PAD_BINDINGS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {b.intent.value: b.pad for b in BINDINGS}
)
INTENTS: tuple[str, ...] = tuple(DEFAULT_KEY_BINDINGS)
CTRL_INTENTS = frozenset(b.intent for b in BINDINGS if b.ctrl)
TABLE_INTENTS = frozenset(b.intent for b in BINDINGS if b.table)
READ_INTENTS = frozenset(b.intent for b in BINDINGS if b.reads)
