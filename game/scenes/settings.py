"""Settings: sound, animation, play, coach, display and keys, in headed groups in one
scrolling list. Every change takes effect at once and is saved.

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
Mouse: hover focuses, a click flips a switch, steps a value (left arrow back) or sets a
slider (drag it too); click a key to capture the next key press, right-click a second key
to clear it; the wheel or the scroll bar scrolls.

Key conflicts: a key already bound to another action is SWAPPED. The action that had it
takes the key being replaced, and the status line says so. When the slot being set is
empty (nothing to swap back) and the key is the other action's only key, the change is
refused instead, so no action is ever left without a key. Tab moves the focus and F11
toggles full screen everywhere: they cannot be bound, and Full screen's F11 stays.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from game.rules import Variant
from game.scenes.base import Scene
from game.scenes.pause import open_help
from game.storage.settings import (
    ANIMATION_SPEEDS,
    CPU_PACES,
    DEFAULT_KEY_BINDINGS,
    INTENTS,
    MAX_KEYS_PER_INTENT,
    TEXT_SCALE,
    VARIANTS,
    VERIFY_MODES,
    Settings,
)
from game.ui.focus_grid import FocusGrid
from game.ui.forms import Cycler, FormButton, Slider, Toggle, draw_focus_marker
from game.ui.input import CTRL_INTENTS, KEY_WORDS
from game.ui.menu_layout import menu_scale, title_image
from game.ui.scroll import ScrollView, clipped, viewport_in
from game.ui.status_line import NOTE, WARN, draw_status_line
from game.ui.text import ellipsize, fitted_px, wrap_text
from game.ui.widgets import FeltBackground, draw_panel

if TYPE_CHECKING:
    from game.context import Context
    from game.ui.fonts import Fonts
    from game.ui.theme import Theme

log = logging.getLogger(__name__)

UNDO_DEPTH = 50  # changes Ctrl+Z can take back
TEXT_STEP = 0.25
KEY_SLOTS = 2  # a key and a second key per action
RESERVED_KEYS = {
    "tab": "Tab always moves between controls",
    "f11": "F11 always toggles full screen",
}
LOCKED = ("fullscreen", "f11")  # the F11 that RESERVED_KEYS promises stays where it is
# Keys that only modify another: while a key is captured they are waited through, so
# Ctrl then Z binds Z (and undo reads Ctrl+Z).
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
# Navigation here never depends on the key map: these keys act even if rebound.
RAW_KEYS = {
    pygame.K_UP: "up",
    pygame.K_DOWN: "down",
    pygame.K_LEFT: "left",
    pygame.K_RIGHT: "right",
    pygame.K_RETURN: "confirm",
    pygame.K_KP_ENTER: "confirm",
    pygame.K_ESCAPE: "back",
    pygame.K_BACKSPACE: "back",
}

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
SPEED_LABELS = {"normal": "Normal", "fast": "Fast", "instant": "Instant"}
PACE_LABELS = {"slow": "Slow", "normal": "Normal", "fast": "Fast"}
VERIFY_LABELS = {"zeros": "Before a zero", "all": "Every score", "off": "Never"}
VERIFY_HELP = {
    "zeros": "Asks before you write a zero in a box.",
    "all": "Asks before every score is written.",
    "off": "Scores at once, without asking.",
}
GRADING_STEPS = (0.5, 1.0, 2.0, 3.0, 5.0, 8.0, 10.0, 15.0, 20.0)  # expected points
MISTAKE_STEPS = (3.0, 5.0, 8.0, 10.0, 15.0, 20.0, 30.0, 50.0)  # expected points


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


def points(value: float) -> str:
    text = f"{value:g}"
    return f"{text} point" if value == 1 else f"{text} points"


def stepped(presets: tuple[float, ...], current: float, step: int) -> float:
    """The next preset above (step +1) or below (-1) `current`, stopping at the ends; a value
    between presets (from a hand-edited file) steps to its neighbour."""
    if step > 0:
        return next((p for p in presets if p > current + 1e-9), presets[-1])
    return next((p for p in reversed(presets) if p < current - 1e-9), presets[0])


# ----------------------------------------------------------------------------- key remapping
def is_locked(bindings: Mapping[str, tuple[str, ...]], intent: str, slot: int) -> bool:
    keys = bindings.get(intent, ())
    return (intent, keys[slot] if slot < len(keys) else None) == LOCKED


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


def remap(bindings: Mapping[str, tuple[str, ...]], intent: str, slot: int, name: str) -> Remap:
    """Bind key `name` to `intent` in `slot` (0 the key, 1 the second key), swapping with an
    action that already has it. See the module docstring for the rule."""
    shown = key_label(name)
    if name in RESERVED_KEYS:
        return Remap(None, f"{RESERVED_KEYS[name]}; choose another key.")
    if is_locked(bindings, intent, slot):
        return Remap(None, f"{RESERVED_KEYS['f11']}; set a second key beside it.")
    table = {i: list(keys) for i, keys in bindings.items()}
    mine = table.setdefault(intent, [])
    old = mine[slot] if slot < len(mine) else None
    what = intent_label(intent)
    if old == name:
        return Remap(None, f"{shown} is already {what}'s key.")
    if name in mine:  # the action's other slot: the two keys change places
        other = mine.index(name)
        if old is None:
            return Remap(None, f"{shown} is already {what}'s key.")
        mine[slot], mine[other] = name, old
        return Remap(_tidy(table), f"{what}: {shown} and {key_label(old)} changed places.")
    owner = next((i for i, keys in table.items() if i != intent and name in keys), None)
    message = f"{what} is now {key_label(name, intent)}."
    if owner is not None:
        theirs = table[owner]
        where = theirs.index(name)
        if is_locked(bindings, owner, where):  # (F11 is reserved already; belt and braces)
            return Remap(None, f"{RESERVED_KEYS['f11']}.")
        if old is None:
            if len(theirs) == 1:
                return Remap(
                    None,
                    f"{shown} is {intent_label(owner)}'s only key: give it another key first.",
                )
            del theirs[where]
            message = f"{shown} moved from {intent_label(owner)} to {what}."
        else:
            theirs[where] = old
            message = (
                f"Swapped: {what} is now {key_label(name, intent)}, "
                f"{intent_label(owner)} is now {key_label(old, owner)}."
            )
    if old is None:
        if len(mine) >= MAX_KEYS_PER_INTENT:
            return Remap(None, f"{what} has {MAX_KEYS_PER_INTENT} keys already.")
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


@dataclass(eq=False)
class KeySlot:
    """One of an action's keys, shown as a key cap; Enter or a click captures the next key."""

    intent: str
    slot: int
    text: Callable[[], str]
    key: object = None
    lock: Callable[[], bool] = lambda: False
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    enabled: bool = True
    capturing: bool = False  # set by the scene while it waits for the key

    @property
    def locked(self) -> bool:
        return self.lock()

    def hit(self, pos: tuple[int, int]) -> bool:
        return self.enabled and self.rect.collidepoint(pos)

    def draw(self, surface: pygame.Surface, theme: Theme, fonts: Fonts, focused: bool) -> None:
        box = self.rect
        radius = max(4, box.height // 5)
        if self.capturing:
            fill, ink, text = theme.accent, theme.text_on_accent, "Press a key"
        else:
            fill, ink, text = theme.panel_alt, theme.text, self.text()
            if self.locked or not text:
                ink = theme.text_dim
            text = text or "\u2013"  # an empty second slot: a dash, not nothing
        # A key cap: a darker lip under the face.
        lip = max(2, box.height // 12)
        pygame.draw.rect(surface, theme.panel_edge, box, 0, radius)
        face = pygame.Rect(box.left, box.top, box.width, box.height - lip)
        pygame.draw.rect(surface, fill, face, 0, radius)
        pygame.draw.rect(surface, theme.panel_edge, box, 2, radius)
        font = fonts.get(fitted_px(fonts, box.height * 0.44), bold=bool(self.text()))
        shown = ellipsize(font, text, box.width - max(8, box.height // 3))
        image = font.render(shown, True, ink)
        surface.blit(image, image.get_rect(center=face.center))
        if focused or self.capturing:
            draw_focus_marker(surface, theme, box)


SettingControl = Cycler | Slider | Toggle | FormButton | KeySlot


@dataclass(eq=False)
class Row:
    """A line of the list: a setting's label and its control(s), or a section heading."""

    label: str
    controls: list[SettingControl] = field(default_factory=list)
    help: Callable[[], str] | str = ""
    heading: bool = False
    indent: bool = False  # a detail of the row above (a threshold under its switch)
    content: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    label_lines: list[tuple[str, int]] = field(default_factory=list)  # (text, y in content)
    label_width: int = 0  # px the label may take

    def describe(self) -> str:
        return self.help() if callable(self.help) else self.help


# ============================================================================= the scene
class SettingsScene(Scene):
    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.size = (0, 0)
        self.felt = FeltBackground()
        self.scroll = ScrollView()
        self.grid = FocusGrid()
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.title: tuple[pygame.Surface, pygame.Rect] | None = None
        self.status_rect = pygame.Rect(0, 0, 0, 0)
        self.rows: list[Row] = []
        self.content_rects: dict[int, pygame.Rect] = {}  # id(control) -> rect in content
        self.key_heads: list[tuple[str, int]] = []  # captions over the key columns: (text, x)
        self.marker_w = 12
        self.row_indent: dict[int, int] = {}  # id(row) -> label's x in the list
        # Fonts until the first layout measures the window (layout replaces them).
        self.body_px = 24.0
        self.body_font = ctx.fonts.get(self.body_px)
        self.head_font = ctx.fonts.get(self.body_px * 1.2, bold=True)
        self.status_font = ctx.fonts.get(19)
        self.message = ""
        self.level = ""  # of the message: "" a plain line, NOTE boxed, WARN a refusal
        self.capture: KeySlot | None = None
        self.dragging: Slider | None = None
        self.history: list[tuple[Settings, str]] = []
        self.back = FormButton("Back", self.close, key="back", help="Back to where you were.")
        self.reset_all = FormButton(
            "Reset all to defaults",
            self.ask_reset_all,
            key="reset_all",
            help="Every setting, keys included, back to how the game came.",
        )
        self._build()
        first = next(c for row in self.rows for c in row.controls)
        self.grid.set_rows([[first]], focus_key=first.key)

    # ----------------------------------------------------------------- the rows
    def _build(self) -> None:
        s = lambda: self.ctx.settings  # noqa: E731 - the settings in force, read when drawn
        rows: list[Row] = []

        def head(text: str) -> None:
            rows.append(Row(text, heading=True))

        def row(label: str, control: SettingControl, help, indent: bool = False) -> None:
            rows.append(Row(label, [control], help, indent=indent))

        def toggle(name: str, on_text: str = "On", off_text: str = "Off") -> Toggle:
            return Toggle(
                lambda: bool(getattr(s(), name)),
                lambda value: self.change(name, value),
                on_text,
                off_text,
                key=name,
            )

        def choice(name: str, options: tuple[str, ...], labels: Mapping[str, str]) -> Cycler:
            def step(n: int) -> None:
                current = options.index(getattr(s(), name))
                self.change(name, options[(current + n) % len(options)])

            return Cycler(lambda: labels[getattr(s(), name)], step, key=name)

        def threshold(name: str, presets: tuple[float, ...]) -> Cycler:
            return Cycler(
                lambda: points(getattr(s(), name)),
                lambda n: self.change(name, stepped(presets, getattr(s(), name), n)),
                key=name,
            )

        head("Sound")
        row(
            "Sound volume",
            Slider(lambda: s().sound_volume, self._volume("sound_volume"), key="sound_volume"),
            "Dice, scores and clicks. A click plays at the new level.",
        )
        row(
            "Music volume (no music yet)",
            Slider(lambda: s().music_volume, self._volume("music_volume"), key="music_volume"),
            "The game has no music yet; this level is kept for when it does.",
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
            "No shaking cup and no tumbling dice; the dice fade to their faces.",
        )
        row(
            "CPU pace",
            choice("cpu_pace", CPU_PACES, PACE_LABELS),
            "How long a CPU player's turn takes to watch (S skips one at the table).",
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

        head("Display")
        row(
            "Full screen",
            Toggle(lambda: s().fullscreen, self.set_fullscreen, key="fullscreen"),
            f"Fill the screen; {self.ctx.input.label('fullscreen')} toggles it anywhere.",
        )
        row(
            "Colour-blind-safe palette",
            Toggle(
                lambda: s().palette == "colour_blind",
                lambda on: self.change("palette", "colour_blind" if on else "standard"),
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
            Cycler(lambda: f"{round(s().text_scale * 100)}%", self.step_text, key="text_scale"),
            "The size of all text, from 75% to 200%.",
        )

        head("Keys")
        for intent in INTENTS:
            slots = []
            for slot in range(KEY_SLOTS):
                control = KeySlot(
                    intent,
                    slot,
                    self._slot_text(intent, slot),
                    key=("key", intent, slot),
                    lock=self._slot_lock(intent, slot),
                )
                slots.append(control)
            rows.append(Row(intent_label(intent), slots, self._key_help(intent)))
        rows.append(
            Row(
                "",
                [
                    FormButton(
                        "Reset keys to defaults",
                        self.reset_keys,
                        key="reset_keys",
                        help="Every key back to how the game came; other settings stay.",
                    )
                ],
                "Every key back to how the game came; other settings stay.",
            )
        )
        self.rows = rows

    def control(self, key: object) -> SettingControl:
        """The control with `key`: a setting's name, ("key", intent, slot), "reset_keys",
        "back" or "reset_all"."""
        for control in [c for r in self.rows for c in r.controls] + [self.back, self.reset_all]:
            if control.key == key:
                return control
        raise KeyError(key)

    def _slot_text(self, intent: str, slot: int) -> Callable[[], str]:
        def text() -> str:
            keys = self.ctx.settings.keys_for(intent)
            if slot >= len(keys):
                return ""
            # The first key as the key map names it everywhere else in the game.
            return self.ctx.input.label(intent) if slot == 0 else key_label(keys[slot], intent)

        return text

    def _slot_lock(self, intent: str, slot: int) -> Callable[[], bool]:
        return lambda: is_locked(self.ctx.settings.key_bindings, intent, slot)

    def _key_help(self, intent: str) -> Callable[[], str]:
        def text() -> str:
            focused = self.grid.focused
            if isinstance(focused, KeySlot) and focused.locked:
                return f"{RESERVED_KEYS['f11']}. Set a second key beside it if you like."
            extra = " Undo is Ctrl with this key." if intent in CTRL_INTENTS else ""
            return f"Enter or click, then press a key. Delete clears a second key.{extra}"

        return text

    def _volume(self, name: str) -> Callable[[float], None]:
        def set_level(value: float) -> None:
            self.change(name, value, record=self.dragging is None)
            if self.dragging is None:  # a drag clicks once, when it is let go
                self.click_level(name)

        return set_level

    # ----------------------------------------------------------------- changing settings
    def change(self, name: str, value: object, record: bool = True) -> bool:
        """Set one setting now and save it; False if it was refused or unchanged."""
        try:
            new = self.ctx.settings.replace(**{name: value})
        except ValueError as error:
            log.warning("setting %s refused: %s", name, error)
            self.say(f"That value cannot be used: {error}.", WARN)
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
        if (new.text_scale, new.palette, new.high_contrast) != (
            old.text_scale,
            old.palette,
            old.high_contrast,
        ):
            # New fonts or colours: everything is measured and drawn again.
            self.layout(self.size)
        if new.fullscreen != old.fullscreen and new.fullscreen != _display_fullscreen(old):
            self.ctx.toggle_fullscreen()
        return True

    def click_level(self, name: str) -> None:
        s = self.ctx.settings
        if name == "music_volume":
            # No music yet: the click plays at the music level (as far as the master allows).
            self.ctx.play(
                "click", min(1.0, s.music_volume / s.sound_volume) if s.sound_volume else 0
            )
        else:
            self.ctx.play("click")

    def set_fullscreen(self, on: bool) -> None:
        self.change("fullscreen", on)

    def step_text(self, n: int) -> None:
        low, high = TEXT_SCALE
        value = min(high, max(low, round(self.ctx.settings.text_scale / TEXT_STEP + n) * TEXT_STEP))
        if value == self.ctx.settings.text_scale:
            self.say("Text is as large as it goes." if n > 0 else "Text is as small as it goes.")
            return
        self.change("text_scale", value)

    def reset_keys(self) -> None:
        if self.commit(self.ctx.settings.replace(key_bindings=DEFAULT_KEY_BINDINGS), what="keys"):
            self.say("Every key is back to its default. Ctrl+Z takes it back.")
        else:
            self.say("The keys are already the defaults.")

    def ask_reset_all(self) -> None:
        from game.scenes.confirm import ConfirmScene

        self.ctx.stack.push(
            ConfirmScene(
                self.ctx,
                "Reset every setting?",
                self.do_reset_all,
                yes_label="Reset all",
                no_label="Cancel",
                detail="Sound, animation, play, coach, display and keys go back to their defaults.",
                focus_yes=False,
            )
        )

    def do_reset_all(self) -> None:
        # The window's remembered size is not a setting on this screen: it stays.
        fresh = Settings().replace(window_size=self.ctx.settings.window_size)
        if self.commit(fresh, what="everything"):
            self.say("Every setting is back to its default. Ctrl+Z takes it back.")
        else:
            self.say("Everything is already at its default.")

    def undo(self) -> None:
        if not self.history:
            self.say("Nothing to undo.")
            return
        old, what = self.history.pop()
        self.commit(old, record=False)
        self.say(f"Undone: {_what(what)}.")

    def say(self, text: str, level: str = "") -> None:
        self.message = text
        self.level = level

    # ----------------------------------------------------------------- keys
    def start_capture(self, slot: KeySlot) -> None:
        if slot.locked:
            self.say(f"{RESERVED_KEYS['f11']}; set a second key beside it.", WARN)
            return
        self.stop_capture()
        self.capture = slot
        slot.capturing = True
        self.message = ""
        self.ctx.play("click")

    def stop_capture(self) -> None:
        if self.capture is not None:
            self.capture.capturing = False
        self.capture = None

    def _handle_capture(self, event: pygame.event.Event) -> bool:
        slot = self.capture
        assert slot is not None
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.stop_capture()
            self.say("Key not changed.")
            return True
        if event.type != pygame.KEYDOWN:
            return event.type in (pygame.TEXTINPUT, pygame.KEYUP, pygame.MOUSEMOTION)
        if event.key in MODIFIER_KEYS:
            return True  # wait for the key it modifies
        self.stop_capture()
        if event.key == pygame.K_ESCAPE:
            self.say("Key not changed.")
            return True
        name = pygame.key.name(event.key)
        if not name or pygame.key.key_code(name) != event.key:
            self.say("That key has no name the game can keep; choose another.", WARN)
            return True
        self.bind(slot.intent, slot.slot, name)
        return True

    def bind(self, intent: str, slot: int, name: str) -> bool:
        """Bind key `name` by the conflict rule (swap, or refuse); True if bound."""
        result = remap(self.ctx.settings.key_bindings, intent, slot, name)
        if result.refused:
            self.say(result.message, WARN)
            self.ctx.play("click", 0.5)
            return False
        self.commit(self.ctx.settings.replace(key_bindings=result.bindings), what="keys")
        # A swap or a move changed another action too: boxed, so it is not missed.
        self.say(result.message, NOTE if result.conflict else "")
        self.ctx.play("click")
        return True

    def clear_slot(self, slot: KeySlot) -> None:
        result = clear_key(self.ctx.settings.key_bindings, slot.intent, slot.slot)
        if result.refused:
            self.say(result.message, WARN)
            return
        self.commit(self.ctx.settings.replace(key_bindings=result.bindings), what="keys")
        self.say(result.message)

    # ----------------------------------------------------------------- navigation
    def close(self) -> None:
        self.stop_capture()
        self.ctx.stack.pop()

    def enter(self) -> None:
        self._reconcile_fullscreen()

    def resume(self) -> None:
        # Back from the confirm or help: the theme or text may have changed underneath.
        self._reconcile_fullscreen()
        if self.size != (0, 0):
            self.layout(self.size)

    def update(self, dt: float) -> None:
        # F11 toggles full screen in the app without telling the settings; keep the switch
        # showing what the window really is.
        self._reconcile_fullscreen()

    def _reconcile_fullscreen(self) -> None:
        actual = _display_fullscreen(None)
        if actual is not None and actual != self.ctx.settings.fullscreen:
            self.ctx.apply_settings(self.ctx.settings.replace(fullscreen=actual))

    # ----------------------------------------------------------------- input
    def handle(self, event: pygame.event.Event) -> bool:
        if self.capture is not None:
            return self._handle_capture(event)
        if event.type == pygame.MOUSEMOTION:
            return self._motion(event)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.dragging is not None:
                name = self.dragging.key
                self.dragging = None
                if self.history and self.history[-1][0] == self.ctx.settings:
                    self.history.pop()  # the drag ended where it began: nothing to undo
                self.click_level(str(name))
                return True
            return self.scroll.handle(event, None)
        if event.type == pygame.MOUSEBUTTONDOWN:
            if event.button == 1:
                return self._click(event)
            if event.button == 3:
                control = self._control_at(event.pos)
                if isinstance(control, KeySlot):
                    self.grid.focus(control)
                    self.clear_slot(control)
                    return True
            return False
        if event.type == pygame.MOUSEWHEEL:
            self.scroll.handle(event, None)
            self._place()
            return True
        if event.type != pygame.KEYDOWN:
            return False
        return self._key(event)

    def _key(self, event: pygame.event.Event) -> bool:
        intent = self.ctx.input.intent(event)
        action = RAW_KEYS.get(event.key) if not event.mod & pygame.KMOD_CTRL else None
        action = action or intent
        focused = self.grid.focused
        if action in ("up", "down"):
            self._move(lambda: self.grid.move_vertical(-1 if action == "up" else 1))
        elif action in ("focus_next", "focus_prev"):
            self._move(lambda: self.grid.move_linear(1 if action == "focus_next" else -1))
        elif action in ("left", "right"):
            step = -1 if action == "left" else 1
            if isinstance(focused, (Cycler, Slider, Toggle)):
                focused.step(step)
            else:
                self._move(lambda: self.grid.move_horizontal(step))
        elif action == "confirm":
            self.activate(focused)
        elif action in ("back", "pause"):
            self.close()
        elif action == "undo":
            self.undo()
        elif action == "help":
            open_help(self.ctx)
        elif event.key == pygame.K_DELETE:
            if isinstance(focused, KeySlot):
                self.clear_slot(focused)
        elif event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_HOME, pygame.K_END):
            self._page(event)
        else:
            return False
        return True

    def activate(self, control: SettingControl | None) -> None:
        if isinstance(control, Toggle):
            control.flip()
        elif isinstance(control, Slider):
            self.say(
                f"{self.ctx.input.label('left')} / {self.ctx.input.label('right')} "
                "change the level."
            )
        elif isinstance(control, Cycler):
            control.step(1)
        elif isinstance(control, KeySlot):
            self.start_capture(control)
        elif isinstance(control, FormButton):
            control.on_press()

    def _move(self, move: Callable[[], None]) -> None:
        before = self.grid.focused
        move()
        if self.grid.focused is not before:
            self.say("")
        self._reveal(self.grid.focused)

    def _motion(self, event: pygame.event.Event) -> bool:
        if self.dragging is not None:
            self.dragging.drag_to(event.pos[0])
            return True
        if self.scroll.handle(event, None):
            self._place()
            return True
        control = self._control_at(event.pos)
        if control is not None and control is not self.grid.focused:
            self.grid.focus(control)
            return True
        return False

    def _click(self, event: pygame.event.Event) -> bool:
        if self.scroll.handle(event, None):  # the scroll bar
            self._place()
            return True
        pos = event.pos
        control = self._control_at(pos)
        if control is None:
            return False
        if control is not self.grid.focused:
            self.say("")
        self.grid.focus(control)
        self._reveal(control)
        if not control.rect.collidepoint(pos):  # the row's label: a switch flips, else focus
            if isinstance(control, Toggle):
                control.flip()
            return True
        if isinstance(control, Slider):
            self.history.append((self.ctx.settings, str(control.key)))
            self.dragging = control
            control.click(pos)
        elif isinstance(control, Cycler):
            control.click(pos)
        elif isinstance(control, Toggle):
            control.flip()
        elif isinstance(control, KeySlot):
            self.start_capture(control)
        elif isinstance(control, FormButton):
            control.on_press()
        return True

    def _control_at(self, pos: tuple[int, int]) -> SettingControl | None:
        """The control under the mouse: its own rect, or its row's label; footer buttons."""
        for button in (self.back, self.reset_all):
            if button.hit(pos):
                return button
        if not self.scroll.viewport.collidepoint(pos):
            return None
        for row in self.rows:
            if not row.controls:
                continue
            for control in row.controls:
                if control.rect.collidepoint(pos):
                    return control
            if self.scroll.to_screen(row.content).collidepoint(pos):
                return row.controls[0]  # the label: its row's (first) control
        return None

    def _page(self, event: pygame.event.Event) -> None:
        """PageUp/PageDown scroll a page and Home/End to an end; the keyboard focus follows
        into view (Home and End take it to the first or last row)."""
        self.scroll.handle(event, None)
        self._place()
        rows = [r for r in self.rows if r.controls]
        if event.key in (pygame.K_HOME, pygame.K_END):
            target = rows[0] if event.key == pygame.K_HOME else rows[-1]
        else:
            focused = self.grid.focused
            view = self.scroll.viewport
            if focused is not None and view.contains(focused.rect):
                return
            shown = [r for r in rows if view.contains(self.scroll.to_screen(r.content))]
            if not shown:
                return
            target = shown[0] if event.key == pygame.K_PAGEDOWN else shown[-1]
        self.grid.focus(target.controls[0], keyboard=True)
        self.say("")

    def _reveal(self, control: SettingControl | None) -> None:
        """Scroll so the focused row shows (with its heading, when it starts a section)."""
        if control is None or control in (self.back, self.reset_all):
            return
        index = next((i for i, r in enumerate(self.rows) if control in r.controls), None)
        if index is None:
            return
        top, bottom = self.rows[index].content.top, self.rows[index].content.bottom
        pad = self.scroll.line // 2
        view_h = self.scroll.viewport.height
        heading = self.rows[index - 1] if index > 0 and self.rows[index - 1].heading else None
        if heading is not None and bottom - heading.content.top + 2 * pad <= view_h:
            top = heading.content.top  # its section's name too, when both fit
        if top - pad < self.scroll.offset:
            self.scroll.scroll_to(top - pad)
        elif bottom + pad > self.scroll.offset + view_h:
            self.scroll.scroll_to(bottom + pad - view_h)
        self._place()

    # ----------------------------------------------------------------- layout
    def layout(self, size: tuple[int, int]) -> None:
        focus_key = getattr(self.grid.focused, "key", None)
        self.size = size
        w, h = size
        theme, fonts = self.ctx.theme, self.ctx.fonts
        scale = fonts.text_scale
        self.felt.fit(size, theme)
        unit, margin, gap = menu_scale(size)

        # The list's text is sized from the window, then scaled by the text size setting.
        body_px = max(18.0, 24 * unit)
        body = fonts.get(body_px)
        head_font = fonts.get(body_px * 1.2, bold=True)
        em = body.size("M")[0]
        line = body.get_linesize()
        self.body_font, self.head_font, self.body_px = body, head_font, body_px
        ch = max(22, round(body_px * scale * 1.75))  # a control's height
        self.marker_w = max(10, round(ch * 0.45))
        pad = max(6, round(16 * unit))
        bar_w = max(6, line // 2)
        label_need = max(body.size(r.label)[0] for r in self.rows if not r.heading)
        column_need = self.marker_w + label_need + em * 2 + max(round(em * 13), ch * 5)
        col_gap = round(em * 3)
        room = w - 2 * margin - 2 * pad - 2 * bar_w
        # Two columns (Keys on the right) when both fit whole, else one scrolling list;
        # either way no wider than reads well.
        columns = 2 if room >= 2 * column_need + col_gap else 1
        limit = em * (100 if columns == 2 else 58)
        panel_w = min(w - 2 * margin, round(limit) + 2 * pad + 2 * bar_w)
        left = (w - panel_w) // 2

        title = title_image(fonts, theme, "Settings", unit)
        self.title = (title, title.get_rect(topleft=(left, margin)))

        # The footer, under the panel's edges: Back, the status line, Reset all. Button text
        # follows the text size.
        button_h = max(30, round(44 * unit * max(1.0, scale)))
        label_font = fonts.get(button_h * 0.45 / max(1.0, scale), bold=True)
        # draw_button sizes the small key hint from the button's height and scales it by the
        # text size again: on a button already grown with the text it would cover the label.
        self.back.hint = self.ctx.input.label("pause") if scale <= 1.0 else ""
        widths = [label_font.size(b.label)[0] + button_h * 1.3 for b in (self.back, self.reset_all)]
        if sum(widths) > panel_w - gap:
            widths = [wd * (panel_w - gap) / sum(widths) for wd in widths]
        by = h - margin - button_h
        self.back.rect = pygame.Rect(left, by, round(widths[0]), button_h)
        self.reset_all.rect = pygame.Rect(0, by, round(widths[1]), button_h)
        self.reset_all.rect.right = left + panel_w
        self.status_font = fonts.get(max(14, 19 * unit))
        status_h = self.status_font.get_linesize() * 2
        between = self.reset_all.rect.left - self.back.rect.right - 2 * gap
        if between >= 20 * self.status_font.size("M")[0] and status_h <= button_h + gap:
            self.status_rect = pygame.Rect(self.back.rect.right + gap, by, between, button_h)
            bottom = by - gap
        else:
            self.status_rect = pygame.Rect(left, by - gap // 2 - status_h, panel_w, status_h)
            bottom = self.status_rect.top - gap // 2

        top = self.title[1].bottom + gap // 2
        self.panel = pygame.Rect(left, top, panel_w, max(40, bottom - top))
        viewport = viewport_in(self.panel, pad, bar_w)
        col_w = (viewport.width - (columns - 1) * col_gap) // columns
        keys_at = next(i for i, r in enumerate(self.rows) if r.heading and r.label == "Keys")
        self.content_rects = {}
        self.row_indent = {}
        self.key_heads = []
        bottoms = []
        for c in range(columns):
            if columns == 1:
                part = self.rows
            else:
                part = self.rows[:keys_at] if c == 0 else self.rows[keys_at:]
            x0 = c * (col_w + col_gap)
            bottoms.append(self._lay_column(part, x0, col_w, ch, em, line))
        self.scroll.set_content(viewport, max(bottoms) + pad // 2, max(line, ch // 2))
        self._place()

        grid_rows: list[list] = [list(r.controls) for r in self.rows if r.controls]
        grid_rows.append([self.back, self.reset_all])
        self.grid.set_rows(grid_rows, focus_key)
        self._reveal(self.grid.focused)

    def _lay_column(self, rows: list[Row], x0: int, width: int, ch: int, em: int, line: int) -> int:
        """Place `rows` in a column of the list's content; returns the column's bottom.

        Labels sit left of their controls, on up to two lines, when every label fits so;
        else (a narrow window at a large text size) each label goes above its control."""
        body = self.body_font
        rgap = max(3, round(ch * 0.2))
        control_w = min(width - self.marker_w, max(round(em * 13), ch * 5, round(width * 0.42)))

        def indent(row: Row) -> int:
            return self.marker_w + (em * 2 if row.indent else 0)

        label_room = width - control_w - em
        side = all(
            len(wrap_text(body, r.label, label_room - indent(r))) <= 2
            and body.size(max(r.label.split(), key=len, default=""))[0] <= label_room - indent(r)
            for r in rows
            if not r.heading
        )
        if side:
            control_x = x0 + width - control_w
        else:
            control_x, control_w = x0 + self.marker_w, width - self.marker_w
        slot_gap = max(4, round(em * 0.6))
        slot_w = (control_w - slot_gap) // KEY_SLOTS
        y = 0
        for i, row in enumerate(rows):
            if row.heading:
                y += 0 if i == 0 else round(line * 0.9)
                hh = self.head_font.get_linesize() + max(4, line // 3)
                row.content = pygame.Rect(x0, y, width, hh)
                if row.label == "Keys":
                    self.key_heads = [
                        ("Key", control_x + slot_w // 2),
                        ("Second key", control_x + slot_w + slot_gap + slot_w // 2),
                    ]
                y += hh + rgap
                continue
            left = indent(row)
            self.row_indent[id(row)] = x0 + left
            if side:
                row.label_width = label_room - left
                texts = wrap_text(body, row.label, row.label_width) if row.label else []
                row_h = max(ch, len(texts) * line)
                top = y + (row_h - len(texts) * line) // 2
                row.label_lines = [(t, top + k * line) for k, t in enumerate(texts)]
                control_top = y + (row_h - ch) // 2
            else:
                row.label_width = width - left
                texts = wrap_text(body, row.label, row.label_width) if row.label else []
                row.label_lines = [(t, y + k * line) for k, t in enumerate(texts)]
                control_top = y + len(texts) * line + (max(2, rgap // 2) if texts else 0)
                row_h = control_top - y + ch
            row.content = pygame.Rect(x0, y, width, row_h)
            if isinstance(row.controls[0], KeySlot):
                for k, control in enumerate(row.controls):
                    self.content_rects[id(control)] = pygame.Rect(
                        control_x + k * (slot_w + slot_gap), control_top, slot_w, ch
                    )
            else:
                for control in row.controls:
                    self.content_rects[id(control)] = pygame.Rect(
                        control_x, control_top, control_w, ch
                    )
            y += row_h + rgap
        return y - rgap

    def _place(self) -> None:
        """Put the list's controls where the scroll shows them (hit tests use these)."""
        for row in self.rows:
            for control in row.controls:
                rect = self.content_rects.get(id(control))
                if rect is not None:
                    control.rect = self.scroll.to_screen(rect)

    # ----------------------------------------------------------------- drawing
    def status(self) -> tuple[str, str]:
        """The status line and its level ("", NOTE or WARN): a message, else what the
        focused control does."""
        if self.capture is not None:
            name = intent_label(self.capture.intent)
            which = "second key" if self.capture.slot else "key"
            return f"Press the new {which} for {name}. Esc cancels.", ""
        if self.message:
            return self.message, self.level
        focused = self.grid.focused
        for row in self.rows:
            if focused in row.controls:
                return row.describe(), ""
        return getattr(focused, "help", ""), ""

    def draw(self, surface: pygame.Surface) -> None:
        theme, fonts = self.ctx.theme, self.ctx.fonts
        self.felt.draw(surface, theme)
        if self.title is not None:
            surface.blit(*self.title)
        draw_panel(surface, theme, self.panel)
        view = self.scroll.viewport
        # A little beyond the viewport, so a focus outline at its edge is not cut.
        with clipped(surface, view.inflate(8, 8).clip(self.panel)):
            self._draw_rows(surface, theme, fonts)
        self.scroll.draw_bar(surface, theme)
        focused = self.grid.focused
        for button in (self.back, self.reset_all):
            button.draw(surface, theme, fonts, button is focused)
        draw_status_line(surface, theme, self.status_font, self.status_rect, *self.status())

    def _draw_rows(self, surface: pygame.Surface, theme: Theme, fonts: Fonts) -> None:
        view = self.scroll.viewport
        dy = view.top - self.scroll.offset
        focused = self.grid.focused
        head_ink = theme.text if theme.high_contrast else theme.accent_dark
        small = fonts.get(self.body_px * 0.8)
        for row in self.rows:
            band = self.scroll.to_screen(row.content)
            if not self.scroll.shows(band):
                continue
            if row.heading:
                image = self.head_font.render(row.label, True, head_ink)
                surface.blit(image, (band.left, band.top))
                rule_y = band.bottom - max(2, band.height // 10)
                pygame.draw.line(
                    surface, theme.panel_edge, (band.left, rule_y), (band.right, rule_y), 2
                )
                if row.label == "Keys":
                    for text, x in self.key_heads:
                        cap = small.render(text, True, theme.text_dim)
                        rect = cap.get_rect(midbottom=(view.left + x, rule_y - 2))
                        if rect.left > band.left + image.get_width() + 8:
                            surface.blit(cap, rect)
                continue
            is_focused = focused in row.controls
            if is_focused:
                pygame.draw.rect(surface, theme.panel_alt, band.inflate(6, 4), 0, 6)
                self._draw_marker(surface, theme, row, band)
            x = view.left + self.row_indent.get(id(row), self.marker_w)
            for text, y in row.label_lines:
                shown = ellipsize(self.body_font, text, row.label_width)
                surface.blit(self.body_font.render(shown, True, theme.text), (x, y + dy))
            for control in row.controls:
                control.draw(surface, theme, fonts, control is focused)

    def _draw_marker(
        self, surface: pygame.Surface, theme: Theme, row: Row, band: pygame.Rect
    ) -> None:
        """A triangle at the focused row's left, level with its label (or its control):
        focus shown by shape, not colour alone."""
        r = max(4, self.marker_w // 3)
        x = band.left + r
        if row.label_lines:
            y = row.label_lines[0][1] + band.top - row.content.top
            y += self.body_font.get_linesize() // 2
        else:
            y = row.controls[0].rect.centery
        points = [(x - r + 1, y - r), (x + r, y), (x - r + 1, y + r)]
        pygame.draw.polygon(surface, theme.focus, points)
        pygame.draw.polygon(surface, theme.text, points, 1)


# ----------------------------------------------------------------------------- helpers
def _display_fullscreen(default: Settings | None) -> bool | None:
    """Whether the window is full screen now; `default`'s value (or None) if unknown."""
    try:
        if pygame.display.get_surface() is not None:
            return bool(pygame.display.is_fullscreen())
    except pygame.error:
        pass
    return default.fullscreen if default is not None else None


def _variant_help(value: str) -> str:
    try:
        from game.scenes.setup import VARIANT_HELP

        return "New games start with these rules. " + VARIANT_HELP[Variant(value)]
    except (ImportError, KeyError, ValueError):
        return "New games start with these rules."


def _what(name: str) -> str:
    return {
        "keys": "the key change",
        "everything": "the reset",
    }.get(name, name.replace("_", " "))
