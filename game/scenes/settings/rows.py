"""The settings list's row model: a row is a setting's label and its control(s), or a section
heading, and `build_rows` makes every row of the screen, wired to the settings editor. The
controls are the form controls of game.ui.forms, plus the key caps (`KeySlot`) of the Keys
section. Also the words each setting's values and help are shown in. Where a row goes on
the screen is the layout's business (game.scenes.settings.layout), not the row's.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.rules import Variant
from game.scenes.settings.key_slot import KEY_SLOTS, KeySlot
from game.scenes.settings.keys import RESERVED_KEYS, intent_label, is_locked, key_label
from game.storage.settings import (
    ANIMATION_SPEEDS,
    CPU_PACES,
    DEFAULT_PAD_BINDINGS,
    INTENTS,
    VARIANTS,
    VERIFY_MODES,
    WIN_CHANCES,
)
from game.ui.forms import Cycler, FormButton, Slider, Toggle
from game.ui.input import CTRL_INTENTS
from game.ui.pads import button_glyph
from game.ui.rule_words import VARIANT_HELP

if TYPE_CHECKING:
    from game.scenes.context import Context
    from game.scenes.settings.editor import SettingsEditor

SPEED_LABELS = {"normal": "Normal", "fast": "Fast", "instant": "Instant"}
PACE_LABELS = {"slow": "Slow", "normal": "Normal", "fast": "Fast"}
VERIFY_LABELS = {"zeros": "Before a zero", "all": "Every score", "off": "Never"}
WIN_CHANCE_LABELS = {"coach": "With the coach", "on": "Always", "off": "Never"}
WIN_CHANCE_HELP = {
    "coach": "Each seat's chance to win, under its name, when advice or grading is on.",
    "on": "Each seat's chance to win, under its name, as if all played as the Expert.",
    "off": "A plain game: no chances shown.",
}
VERIFY_HELP = {
    "zeros": "Asks before you write a zero in a box.",
    "all": "Asks before every score is written.",
    "off": "Scores at once, without asking.",
}
GRADING_STEPS = (0.5, 1.0, 2.0, 3.0, 5.0, 8.0, 10.0, 15.0, 20.0)  # expected points
MISTAKE_STEPS = (3.0, 5.0, 8.0, 10.0, 15.0, 20.0, 30.0, 50.0)  # expected points


def points(value: float) -> str:
    text = f"{value:g}"
    return f"{text} point" if value == 1 else f"{text} points"


def stepped(presets: tuple[float, ...], current: float, step: int) -> float:
    """The next preset above (step +1) or below (-1) `current`, stopping at the ends; a value
    between presets (from a hand-edited file) steps to its neighbour."""
    if step > 0:
        return next((p for p in presets if p > current + 1e-9), presets[-1])
    return next((p for p in reversed(presets) if p < current - 1e-9), presets[0])


SettingControl = Cycler | Slider | Toggle | FormButton | KeySlot


@dataclass(frozen=True, eq=False)
class Row:
    """A line of the list: a setting's label and its control(s), or a section heading."""

    label: str
    controls: tuple[SettingControl, ...] = ()
    help: Callable[[], str] | str = ""
    heading: bool = False
    indent: bool = False  # a detail of the row above (a threshold under its switch)

    def describe(self) -> str:
        return self.help() if callable(self.help) else self.help


def build_rows(
    ctx: Context,
    editor: SettingsEditor,
    focused: Callable[[], object],
    dragging: Callable[[], bool],
) -> list[Row]:
    """The list's rows, headings and all, their controls wired to `editor`. `focused` gives
    the control with the focus (the key rows' help reads it) and `dragging` whether a slider
    is being dragged (a drag clicks once, when it is let go)."""
    s = lambda: ctx.settings  # noqa: E731 - the settings in force, read when drawn
    rows: list[Row] = []

    def head(text: str) -> None:
        rows.append(Row(text, heading=True))

    def row(label: str, control: SettingControl, help, indent: bool = False) -> None:
        rows.append(Row(label, (control,), help, indent=indent))

    def toggle(name: str, on_text: str = "On", off_text: str = "Off") -> Toggle:
        return Toggle(
            lambda: bool(getattr(s(), name)),
            lambda value: editor.change(name, value),
            on_text,
            off_text,
            key=name,
        )

    def choice(name: str, options: tuple[str, ...], labels: Mapping[str, str]) -> Cycler:
        def step(n: int) -> None:
            current = options.index(getattr(s(), name))
            editor.change(name, options[(current + n) % len(options)])

        return Cycler(lambda: labels[getattr(s(), name)], step, key=name)

    def threshold(name: str, presets: tuple[float, ...]) -> Cycler:
        return Cycler(
            lambda: points(getattr(s(), name)),
            lambda n: editor.change(name, stepped(presets, getattr(s(), name), n)),
            key=name,
        )

    head("Sound")
    row(
        "Sound volume",
        Slider(
            lambda: s().sound_volume,
            _volume_setter(editor, dragging, "sound_volume"),
            key="sound_volume",
        ),
        "Dice, scores and clicks. A click plays at the new level.",
    )
    row(
        "Mute all sound",
        toggle("muted", "Muted", "Off"),
        lambda: "Silent: nothing plays." if s().muted else "Sounds play at their volume.",
    )

    head("Animation")
    row(
        "Animation speed",
        choice("animation_speed", ANIMATION_SPEEDS, SPEED_LABELS),
        lambda: {
            "normal": "Dice tumble and scores slide at their natural pace.",
            "fast": "Every animation at twice the speed.",
            "instant": "No animation: dice land and scores appear at once.",
        }[s().animation_speed],
    )
    row(
        "Reduced motion",
        toggle("reduced_motion"),
        "No shaking cup and no thrown dice: the dice are simply there, showing their faces.",
    )
    row(
        "Tidy dice",
        toggle("tidy_dice"),
        "Once thrown dice settle, they drift into a row that is easy to read and click.",
    )
    row(
        "CPU pace",
        choice("cpu_pace", CPU_PACES, PACE_LABELS),
        "How long a CPU player's turn takes to watch (S skips one at the table).",
    )
    row(
        "Fast CPU turns",
        toggle("fast_cpu"),
        "CPU turns play about three times quicker, at any pace; F switches it at the table.",
    )

    head("Play")
    row(
        "Check before scoring",
        choice("verify", VERIFY_MODES, VERIFY_LABELS),
        lambda: VERIFY_HELP[s().verify],
    )
    row(
        "Show score previews",
        toggle("show_previews"),
        "The points each open box would score appear in it, in a lighter ink.",
    )
    variants = {v: Variant(v).label for v in VARIANTS}
    row(
        "Default rules",
        choice("default_variant", VARIANTS, variants),
        lambda: _variant_help(s().default_variant),
    )

    head("Coach")
    row("Hints", toggle("hints_enabled"), "The hint key shows the best move now.")
    row(
        "Live grading",
        toggle("grading"),
        "Marks each choice that loses points against the best play.",
    )
    row(
        "Mark choices losing over",
        threshold("grading_threshold", GRADING_STEPS),
        "Live grading marks a choice that loses at least this many points on average.",
        indent=True,
    )
    row(
        "Ask before big mistakes",
        toggle("confirm_big_mistakes"),
        "Asks before a choice that throws many points away.",
    )
    row(
        "Big mistake means losing",
        threshold("big_mistake_threshold", MISTAKE_STEPS),
        "A choice losing at least this many points on average counts as a big mistake.",
        indent=True,
    )
    row(
        "Advice overlay",
        toggle("advice_overlay"),
        "Shows the best holds and boxes on the table as you play.",
    )
    row("CPU reasons", toggle("cpu_reasons"), "A line saying why each CPU player chose.")
    row(
        "Win chances",
        choice("win_chances", WIN_CHANCES, WIN_CHANCE_LABELS),
        lambda: WIN_CHANCE_HELP[s().win_chances],
    )

    head("Display")
    row(
        "Full screen",
        Toggle(
            lambda: s().fullscreen, lambda on: editor.change("fullscreen", on), key="fullscreen"
        ),
        f"Fill the screen; {ctx.input.label('fullscreen')} toggles it anywhere.",
    )
    row(
        "Colour-blind-safe palette",
        Toggle(
            lambda: s().palette == "colour_blind",
            lambda on: editor.change("palette", "colour_blind" if on else "standard"),
            key="palette",
        ),
        "Player colours told apart with every common colour-vision deficiency.",
    )
    row(
        "High contrast",
        toggle("high_contrast"),
        "Black, white and bright colours; it uses the colour-blind-safe player colours.",
    )
    row(
        "Text size",
        Cycler(lambda: f"{round(s().text_scale * 100)}%", editor.step_text, key="text_scale"),
        "The size of all text, from 75% to 200%.",
    )

    head("Pads")
    row(
        "Rumble",
        toggle("rumble"),
        "Pads that can rumble do on a Yahtzee and on the upper bonus.",
    )
    for intent in DEFAULT_PAD_BINDINGS:
        slot = KeySlot(intent, 0, _pad_text(ctx, intent), key=("pad", intent, 0), pad=True)
        rows.append(Row(f"Pad: {intent_label(intent).lower()}", (slot,), PAD_HELP))
    rows.append(
        Row(
            "",
            (
                FormButton(
                    "Reset pad buttons to defaults",
                    editor.reset_pad_buttons,
                    key="reset_pads",
                    help=PAD_RESET_HELP,
                ),
            ),
            PAD_RESET_HELP,
        )
    )

    head("Keys")
    for intent in INTENTS:
        slots = []
        for slot in range(KEY_SLOTS):
            control = KeySlot(
                intent,
                slot,
                _slot_text(ctx, intent, slot),
                key=("key", intent, slot),
                lock=_slot_lock(ctx, intent, slot),
            )
            slots.append(control)
        rows.append(Row(intent_label(intent), tuple(slots), _key_help(focused, intent)))
    rows.append(
        Row(
            "",
            (
                FormButton(
                    "Reset keys to defaults",
                    editor.reset_keys,
                    key="reset_keys",
                    help="Every key back to how the game came; other settings stay.",
                ),
            ),
            "Every key back to how the game came; other settings stay.",
        )
    )

    return rows


PAD_HELP = (
    "Choose or click, then press a button on a pad. A pad's A and B always choose and go back "
    "in menus."
)
PAD_RESET_HELP = "Every pad button back to how the game came; keys and other settings stay."


def _pad_text(ctx: Context, intent: str) -> Callable[[], str]:
    def text() -> str:
        buttons = ctx.settings.pad_bindings.get(intent, ())
        return button_glyph(buttons[0], ctx.pads.glyphs or "xbox") if buttons else ""

    return text


def _slot_text(ctx: Context, intent: str, slot: int) -> Callable[[], str]:
    def text() -> str:
        keys = ctx.settings.keys_for(intent)
        if slot >= len(keys):
            return ""
        # The first key as the key map names it everywhere else in the game.
        return ctx.input.label(intent) if slot == 0 else key_label(keys[slot], intent)

    return text


def _slot_lock(ctx: Context, intent: str, slot: int) -> Callable[[], bool]:
    return lambda: is_locked(ctx.settings.key_bindings, intent, slot)


def _key_help(focused: Callable[[], object], intent: str) -> Callable[[], str]:
    def text() -> str:
        control = focused()
        if isinstance(control, KeySlot) and control.locked:
            return f"{RESERVED_KEYS['f11']}. Set a second key beside it if you like."
        extra = " Undo is Ctrl with this key." if intent in CTRL_INTENTS else ""
        return f"Enter or click, then press a key. Delete clears a second key.{extra}"

    return text


def _volume_setter(
    editor: SettingsEditor, dragging: Callable[[], bool], name: str
) -> Callable[[float], None]:
    def set_level(value: float) -> None:
        held = dragging()
        editor.change(name, value, record=not held)
        if not held:  # a drag clicks once, when it is let go
            editor.click_level(name)

    return set_level


def _variant_help(value: str) -> str:
    try:
        return "New games start with these rules. " + VARIANT_HELP[Variant(value)]
    except (ImportError, KeyError, ValueError):
        return "New games start with these rules."
