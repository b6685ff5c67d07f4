"""The settings list's row model: a row is a setting's label and its control(s), or a section
heading, and `build_rows` makes every row of the screen, wired to the scene's editor. The
controls are the form controls of game.ui.forms, plus the key cap (`KeySlot`) of the Keys
section. Also the words each setting's values and help are shown in.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from game.rules import Variant
from game.scenes.settings_keys import RESERVED_KEYS, intent_label, is_locked, key_label
from game.storage.settings import ANIMATION_SPEEDS, CPU_PACES, INTENTS, VARIANTS, VERIFY_MODES
from game.ui.forms import Cycler, FormButton, Slider, Toggle, draw_focus_marker
from game.ui.input import CTRL_INTENTS
from game.ui.rule_words import VARIANT_HELP
from game.ui.text import ellipsize, fitted_px

if TYPE_CHECKING:
    from game.context import Context
    from game.scenes.settings import SettingsScene
    from game.ui.fonts import Fonts
    from game.ui.theme import Theme

KEY_SLOTS = 2  # a key and a second key per action
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


def points(value: float) -> str:
    text = f"{value:g}"
    return f"{text} point" if value == 1 else f"{text} points"


def stepped(presets: tuple[float, ...], current: float, step: int) -> float:
    """The next preset above (step +1) or below (-1) `current`, stopping at the ends; a value
    between presets (from a hand-edited file) steps to its neighbour."""
    if step > 0:
        return next((p for p in presets if p > current + 1e-9), presets[-1])
    return next((p for p in reversed(presets) if p < current - 1e-9), presets[0])


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


def build_rows(scene: SettingsScene) -> list[Row]:
    """The list's rows, headings and all, their controls wired to the scene's editor."""
    editor = scene.editor
    s = lambda: scene.ctx.settings  # noqa: E731 - the settings in force, read when drawn
    rows: list[Row] = []

    def head(text: str) -> None:
        rows.append(Row(text, heading=True))

    def row(label: str, control: SettingControl, help, indent: bool = False) -> None:
        rows.append(Row(label, [control], help, indent=indent))

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
        Slider(lambda: s().sound_volume, _volume_setter(scene, "sound_volume"), key="sound_volume"),
        "Dice, scores and clicks. A click plays at the new level.",
    )
    row(
        "Music volume (no music yet)",
        Slider(lambda: s().music_volume, _volume_setter(scene, "music_volume"), key="music_volume"),
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
        Toggle(
            lambda: s().fullscreen, lambda on: editor.change("fullscreen", on), key="fullscreen"
        ),
        f"Fill the screen; {scene.ctx.input.label('fullscreen')} toggles it anywhere.",
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

    head("Keys")
    for intent in INTENTS:
        slots = []
        for slot in range(KEY_SLOTS):
            control = KeySlot(
                intent,
                slot,
                _slot_text(scene.ctx, intent, slot),
                key=("key", intent, slot),
                lock=_slot_lock(scene.ctx, intent, slot),
            )
            slots.append(control)
        rows.append(Row(intent_label(intent), slots, _key_help(scene, intent)))
    rows.append(
        Row(
            "",
            [
                FormButton(
                    "Reset keys to defaults",
                    editor.reset_keys,
                    key="reset_keys",
                    help="Every key back to how the game came; other settings stay.",
                )
            ],
            "Every key back to how the game came; other settings stay.",
        )
    )
    return rows


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


def _key_help(scene: SettingsScene, intent: str) -> Callable[[], str]:
    def text() -> str:
        focused = scene.grid.focused
        if isinstance(focused, KeySlot) and focused.locked:
            return f"{RESERVED_KEYS['f11']}. Set a second key beside it if you like."
        extra = " Undo is Ctrl with this key." if intent in CTRL_INTENTS else ""
        return f"Enter or click, then press a key. Delete clears a second key.{extra}"

    return text


def _volume_setter(scene: SettingsScene, name: str) -> Callable[[float], None]:
    def set_level(value: float) -> None:
        scene.editor.change(name, value, record=scene.dragging is None)
        if scene.dragging is None:  # a drag clicks once, when it is let go
            scene.editor.click_level(name)

    return set_level


def _variant_help(value: str) -> str:
    try:
        return "New games start with these rules. " + VARIANT_HELP[Variant(value)]
    except (ImportError, KeyError, ValueError):
        return "New games start with these rules."
