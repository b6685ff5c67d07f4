"""The settings list's row model: a row is a setting's label and its control(s), or a section
heading, and `build_rows` makes every row of the screen, wired to the settings editor. The
controls are the form controls of game.ui.forms, plus the key caps (`KeySlot`) of the Keys
section; the words of their values are in game.scenes.settings.words. Where a row goes on
the screen is the layout's business (game.scenes.settings.layout), not the row's.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.i18n import N_, _, format_percent, translate
from game.match.seats import CPU_PACES
from game.rules import Variant
from game.scenes.settings.key_slot import KEY_SLOTS, KeySlot, pad_text, slot_lock, slot_text
from game.scenes.settings.keys import RESERVED_KEYS, intent_label
from game.scenes.settings.words import (
    SPEECH_HELP,
    SPEECH_LABELS,
    SPEED_HELP,
    SPEED_LABELS,
    VERBOSITY_LABELS,
    VERIFY_HELP,
    VERIFY_LABELS,
    WIN_CHANCE_HELP,
    WIN_CHANCE_LABELS,
    language_help,
    language_name,
    points,
    speech_level,
    variant_line,
    voice_name,
)
from game.storage.settings import (
    ANIMATION_SPEEDS,
    DEFAULT_PAD_BINDINGS,
    INTENTS,
    LANGUAGE_CHOICES,
    SPEECH_MODES,
    SPEECH_VERBOSITIES,
    TEXT_SCALE,
    VARIANTS,
    VERIFY_MODES,
    WIN_CHANCES,
    Settings,
)
from game.ui.forms import Cycler, FormButton, Slider, Toggle
from game.ui.input import CTRL_INTENTS
from game.ui.seat_words import PACE_LABELS

if TYPE_CHECKING:
    from game.scenes.context import Context
    from game.scenes.settings.editor import SettingsEditor

GRADING_STEPS = (0.5, 1.0, 2.0, 3.0, 5.0, 8.0, 10.0, 15.0, 20.0)  # expected points
# A speech rate, pitch or volume: the screen reader's (None), then speech-dispatcher's scale.
SPEECH_STEPS: tuple[int | None, ...] = (None, *range(-100, 101, 10))
MISTAKE_STEPS = (3.0, 5.0, 8.0, 10.0, 15.0, 20.0, 30.0, 50.0)  # expected points


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
    section: str = ""  # a heading's id ("keys", "pads"): its label is in the player's language

    def describe(self) -> str:
        return self.help() if callable(self.help) else self.help


def build_rows(
    ctx: Context,
    editor: SettingsEditor,
    focused: Callable[[], object],
    dragging: Callable[[], bool],
) -> list[Row]:
    """The list's rows, headings and all, their controls wired to `editor`, in the language
    in use (the scene builds them again when it changes). `focused` gives the control with
    the focus (the key rows' help reads it) and `dragging` whether a slider is being dragged
    (a drag clicks once, when it is let go)."""
    rows = _Rows(ctx, editor, focused, dragging)
    for section in (
        rows.language,
        rows.sound,
        rows.speech,
        rows.animation,
        rows.play,
        rows.coach,
        rows.display,
        rows.keys,
        rows.pads,
    ):
        section()
    return rows.rows


class _Rows:
    """The settings' rows as they are made, section by section, and the controls' makers:
    each control reads the settings in force when it is drawn and changes them through the
    editor."""

    def __init__(
        self,
        ctx: Context,
        editor: SettingsEditor,
        focused: Callable[[], object],
        dragging: Callable[[], bool],
    ) -> None:
        self.ctx, self.editor, self.focused, self.dragging = ctx, editor, focused, dragging
        self.rows: list[Row] = []

    def s(self) -> Settings:  # the settings in force, read when drawn
        return self.ctx.settings

    def head(self, text: str, section: str) -> None:
        self.rows.append(Row(text, heading=True, section=section))

    def row(
        self,
        label: str,
        control: SettingControl,
        help: Callable[[], str] | str,
        indent: bool = False,
    ) -> None:
        self.rows.append(Row(label, (control,), help, indent=indent))

    def toggle(self, name: str, on_text: str = N_("On"), off_text: str = N_("Off")) -> Toggle:
        return Toggle(
            lambda: bool(getattr(self.s(), name)),
            lambda value: self.editor.change(name, value),
            on_text,
            off_text,
            key=name,
        )

    def choice(
        self, name: str, options: tuple[str, ...], label: Callable[[str], str] | Mapping[str, str]
    ) -> Cycler:
        """A value stepped through `options`; `label` names one (a mapping holds marked
        words, translated when shown)."""
        name_of = label if callable(label) else lambda value: translate(label[value])

        def step(n: int) -> None:
            current = options.index(getattr(self.s(), name))
            self.editor.change(name, options[(current + n) % len(options)])

        return Cycler(lambda: name_of(getattr(self.s(), name)), step, key=name)

    def level(self, name: str) -> Cycler:
        """A speech rate, pitch or volume: the screen reader's, or -100 to 100 by tens (from
        the screen reader's the arrows go to +10 or -10; below -100 is the screen reader's
        again; the arrows stop at the ends)."""

        def step(n: int) -> None:
            current = getattr(self.s(), name)
            if current is None:  # from the screen reader's: a step from the voice's normal
                self.editor.change(name, 10 * n)
                return
            at = SPEECH_STEPS.index(current) if current in SPEECH_STEPS else 0
            self.editor.change(name, SPEECH_STEPS[max(0, min(len(SPEECH_STEPS) - 1, at + n))])

        return Cycler(lambda: speech_level(getattr(self.s(), name)), step, key=name)

    def step_voice(self, n: int) -> None:
        """The next voice the speech service has for the language in use ("" first: the
        screen reader's)."""
        voices = [""] + self.ctx.speech_voices()
        current = self.s().speech_voice
        if current not in voices:
            voices.append(current)
        self.editor.change("speech_voice", voices[(voices.index(current) + n) % len(voices)])

    def threshold(self, name: str, presets: tuple[float, ...]) -> Cycler:
        return Cycler(
            lambda: points(getattr(self.s(), name)),
            lambda n: self.editor.change(name, stepped(presets, getattr(self.s(), name), n)),
            key=name,
        )

    def language(self) -> None:
        self.head(_("Language"), "language")
        self.row(
            _("Game language"),
            self.choice("language", LANGUAGE_CHOICES, lambda code: language_name(self.ctx, code)),
            lambda: language_help(self.ctx),
        )

    def sound(self) -> None:
        self.head(_("Sound"), "sound")
        self.row(
            _("Sound volume"),
            Slider(
                lambda: self.s().sound_volume,
                _volume_setter(self.editor, self.dragging, "sound_volume"),
                key="sound_volume",
            ),
            _("Dice, scores and clicks. A click plays at the new level."),
        )
        self.row(
            _("Mute all sound"),
            # TRANSLATORS: "Muted" is the state of the sound (all sound off), shown as the value.
            self.toggle("muted", N_("Muted"), N_("Off")),
            lambda: (
                _("Silent: nothing plays.") if self.s().muted else _("Sounds play at their volume.")
            ),
        )

    def speech(self) -> None:
        self.head(_("Speech"), "speech")
        self.row(
            _("Speak the game"),
            self.choice("speech", SPEECH_MODES, SPEECH_LABELS),
            lambda: translate(SPEECH_HELP[self.s().speech]),
        )
        self.row(
            _("Speech says"),
            self.choice("speech_verbosity", SPEECH_VERBOSITIES, VERBOSITY_LABELS),
            _("Brief: the values alone. Everything: also the CPUs' reasons and the coach."),
            indent=True,
        )
        reader_help = _(
            "Screen reader's: as Orca is set, where its settings can be read, else as the speech "
            "service speaks."
        )
        for name, label in (
            # Translators: settings rows, said aloud with their values as the focus reaches them.
            ("speech_rate", _("Speech rate")),
            ("speech_pitch", _("Speech pitch")),
            ("speech_volume", _("Speech volume")),
        ):
            self.row(label, self.level(name), reader_help, indent=True)
        self.row(
            # Translators: the settings row of the speech's voice (a synthesis voice's name).
            _("Voice"),
            Cycler(lambda: voice_name(self.s().speech_voice), self.step_voice, key="speech_voice"),
            _("The voices the speech service has for the game's language."),
            indent=True,
        )

    def animation(self) -> None:
        self.head(_("Animation"), "animation")
        self.row(
            _("Animation speed"),
            self.choice("animation_speed", ANIMATION_SPEEDS, SPEED_LABELS),
            lambda: translate(SPEED_HELP[self.s().animation_speed]),
        )
        self.row(
            _("Reduced motion"),
            self.toggle("reduced_motion"),
            _("No shaking cup and no thrown dice: the dice are simply there, showing their faces."),
        )
        self.row(
            _("Tidy dice"),
            self.toggle("tidy_dice"),
            _("Once thrown dice settle, they drift into a row that is easy to read and click."),
        )
        self.row(
            _("CPU pace"),
            self.choice("cpu_pace", CPU_PACES, PACE_LABELS),
            _("How long a CPU player's turn takes to watch ({key} skips one at the table).").format(
                key=self.ctx.input.label("skip_cpu")
            ),
        )
        self.row(
            _("Fast CPU turns"),
            self.toggle("fast_cpu"),
            _(
                "CPU turns play about three times quicker, at any pace; {key} switches it at "
                "the table."
            ).format(key=self.ctx.input.label("speed_cpu")),
        )

    def play(self) -> None:
        self.head(_("Play"), "play")
        self.row(
            _("Check before scoring"),
            self.choice("verify", VERIFY_MODES, VERIFY_LABELS),
            lambda: translate(VERIFY_HELP[self.s().verify]),
        )
        self.row(
            _("Show score previews"),
            self.toggle("show_previews"),
            _("The points each open box would score appear in it, in a lighter ink."),
        )
        self.row(
            _("Default rules"),
            self.choice("default_variant", VARIANTS, lambda value: translate(Variant(value).label)),
            lambda: variant_line(self.s().default_variant),
        )

    def coach(self) -> None:
        self.head(_("Coach"), "coach")
        self.row(
            _("Hints"), self.toggle("hints_enabled"), _("The hint key shows the best move now.")
        )
        self.row(
            _("Live grading"),
            self.toggle("grading"),
            _("Marks each choice that loses points against the best play."),
        )
        self.row(
            _("Mark choices losing over"),
            self.threshold("grading_threshold", GRADING_STEPS),
            _("Live grading marks a choice that loses at least this many points on average."),
            indent=True,
        )
        self.row(
            _("Ask before big mistakes"),
            self.toggle("confirm_big_mistakes"),
            _("Asks before a choice that throws many points away."),
        )
        self.row(
            _("Big mistake means losing"),
            self.threshold("big_mistake_threshold", MISTAKE_STEPS),
            _("A choice losing at least this many points on average counts as a big mistake."),
            indent=True,
        )
        self.row(
            _("Advice overlay"),
            self.toggle("advice_overlay"),
            _("Shows the best holds and boxes on the table as you play."),
        )
        self.row(
            _("CPU reasons"),
            self.toggle("cpu_reasons"),
            _("A line saying why each CPU player chose."),
        )
        self.row(
            _("Win chances"),
            self.choice("win_chances", WIN_CHANCES, WIN_CHANCE_LABELS),
            lambda: translate(WIN_CHANCE_HELP[self.s().win_chances]),
        )

    def display(self) -> None:
        self.head(_("Display"), "display")
        self.row(
            _("Full screen"),
            Toggle(
                lambda: self.s().fullscreen,
                lambda on: self.editor.change("fullscreen", on),
                key="fullscreen",
            ),
            _("Fill the screen; {key} toggles it anywhere.").format(
                key=self.ctx.input.label("fullscreen")
            ),
        )
        self.row(
            _("Colour-blind-safe palette"),
            Toggle(
                lambda: self.s().palette == "colour_blind",
                lambda on: self.editor.change("palette", "colour_blind" if on else "standard"),
                key="palette",
            ),
            _("Player colours told apart with every common colour-vision deficiency."),
        )
        self.row(
            _("High contrast"),
            self.toggle("high_contrast"),
            _("Black, white and bright colours; it uses the colour-blind-safe player colours."),
        )
        self.row(
            _("Text size"),
            Cycler(
                lambda: format_percent(self.s().text_scale), self.editor.step_text, key="text_scale"
            ),
            _("The size of all text, from {smallest} to {largest}.").format(
                smallest=format_percent(TEXT_SCALE[0]), largest=format_percent(TEXT_SCALE[1])
            ),
        )

    def keys(self) -> None:
        self.head(_("Keys"), "keys")
        for intent in INTENTS:
            slots = []
            for slot in range(KEY_SLOTS):
                control = KeySlot(
                    intent,
                    slot,
                    slot_text(self.ctx, intent, slot),
                    key=("key", intent, slot),
                    lock=slot_lock(self.ctx, intent, slot),
                )
                slots.append(control)
            self.rows.append(
                Row(intent_label(intent), tuple(slots), _key_help(self.focused, intent))
            )
        keys_reset_help = _("Every key back to how the game came; other settings stay.")
        self.rows.append(
            Row(
                "",
                (
                    FormButton(
                        _("Reset keys to defaults"),
                        self.editor.reset_keys,
                        key="reset_keys",
                        help=keys_reset_help,
                    ),
                ),
                keys_reset_help,
            )
        )

    def pads(self) -> None:
        self.head(_("Pads"), "pads")
        self.row(
            _("Rumble"),
            self.toggle("rumble"),
            _("Pads that can rumble do on a Yahtzee and on the upper bonus."),
        )
        pad_help = _(
            "Choose or click, then press a button on a pad. A pad's A and B always choose and go "
            "back in menus."
        )
        for intent in DEFAULT_PAD_BINDINGS:
            pad = KeySlot(intent, 0, pad_text(self.ctx, intent), key=("pad", intent, 0), pad=True)
            # TRANSLATORS: a row of the game pad's buttons; {action} is what the button does.
            label = _("Pad: {action}").format(action=intent_label(intent))
            self.rows.append(Row(label, (pad,), pad_help))
        pad_reset_help = _(
            "Every pad button back to how the game came; keys and other settings stay."
        )
        self.rows.append(
            Row(
                "",
                (
                    FormButton(
                        _("Reset pad buttons to defaults"),
                        self.editor.reset_pad_buttons,
                        key="reset_pads",
                        help=pad_reset_help,
                    ),
                ),
                pad_reset_help,
            )
        )


def _key_help(focused: Callable[[], object], intent: str) -> Callable[[], str]:
    def text() -> str:
        control = focused()
        if isinstance(control, KeySlot) and control.locked:
            return _("{reason}. Set a second key beside it if you like.").format(
                reason=translate(RESERVED_KEYS["f11"])
            )
        if intent in CTRL_INTENTS:
            return _(
                "Enter or click, then press a key. Delete clears a second key. Undo is Ctrl "
                "with this key."
            )
        return _("Enter or click, then press a key. Delete clears a second key.")

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
