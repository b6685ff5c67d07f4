"""The player's settings: one frozen `Settings` value with defaults and per-field checks.

Change settings with `settings.replace(sound_volume=0.5)`, which validates and returns a new
value; save it with `Storage.save_settings`. Reading a file is forgiving field by field: a
field with a bad value falls back to its default (and the file is kept aside and reported by
the caller), an unknown key (from a newer version, or a typo) is ignored with a log note.
That is also how a retired setting leaves: older files' "music_volume" (the game has no
music) is read past and gone at the next save.

Key bindings map an intent to key *names* as `pygame.key.name()` gives them ("space", "1",
"left", "return", "f11"); this module never imports pygame, so names are only checked to be
short plain strings. The app turns them into key codes with `pygame.key.key_code(name)`.
"""

from __future__ import annotations

import dataclasses
import logging
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from types import MappingProxyType

from game.i18n.languages import LANGUAGES
from game.json_types import JsonMapping, JsonObject
from game.match.seats import CPU_PACES
from game.rules import Variant

# Handed on: the settings' importers read the defaults here.
from game.storage.bindings import DEFAULT_KEY_BINDINGS as DEFAULT_KEY_BINDINGS
from game.storage.bindings import DEFAULT_PAD_BINDINGS as DEFAULT_PAD_BINDINGS
from game.storage.bindings import INTENTS as INTENTS

log = logging.getLogger(__name__)

SETTINGS_FORMAT = 1

ANIMATION_SPEEDS = ("normal", "fast", "instant")
WIN_CHANCES = ("coach", "on", "off")  # with the coach (advice or grading on), always, never
VERIFY_MODES = ("zeros", "all", "off")  # confirm before writing: zeros only, every score, never
VARIANTS = tuple(v.value for v in Variant)  # "official", "free", "simple", "yatzy"
SPEECH_MODES = ("reader", "on", "off")  # speak only while a screen reader runs, always, never
SPEECH_VERBOSITIES = ("full", "brief")  # game.speech.VERBOSITIES
SPEECH_LEVEL = (-100, 100)  # speech-dispatcher's scale of rate, pitch and volume
MAX_VOICE_NAME = 100  # characters of a synthesis voice's name
LANGUAGE_CHOICES = ("", *LANGUAGES)  # "": the system's language (game.i18n.resolve)
# The card a first start offers, by the system's language: Scandinavia plays Yatzy.
FIRST_VARIANT = {"sv": "yatzy", "da": "yatzy", "nb": "yatzy"}
PALETTES = ("standard", "colour_blind")
WINDOW_WIDTH = (320, 7680)  # px
WINDOW_HEIGHT = (240, 4320)  # px
TEXT_SCALE = (0.75, 2.0)
GRADING_THRESHOLD = (0.0, 50.0)  # expected points
BIG_MISTAKE_THRESHOLD = (0.0, 200.0)  # expected points
MAX_KEY_NAME = 32
MAX_KEYS_PER_INTENT = 4

# The defaults of the key and pad bindings are read from game.storage.bindings' records.

# A game pad's buttons by SDL's game-controller names (by position: "a" is the bottom face
# button whatever is printed on it); the d-pad names also stand for the left stick. Pads SDL
# does not know (the joystick API) have numbered buttons past these: "button11" ...
PAD_BUTTONS = (
    "a",
    "b",
    "x",
    "y",
    "back",
    "guide",
    "start",
    "leftstick",
    "rightstick",
    "leftshoulder",
    "rightshoulder",
    "dpup",
    "dpdown",
    "dpleft",
    "dpright",
    "lefttrigger",
    "righttrigger",
)
MAX_PAD_BUTTON = 31  # "button31": the highest numbered joystick button kept in a binding


# ----------------------------------------------------------------------------- field checks
def _bool(value: object) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"must be true or false, got {value!r}")
    return value


def _number(low: float, high: float) -> Callable[[object], float]:
    def check(value: object) -> float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise ValueError(f"must be a number, got {type(value).__name__}")
        number = float(value)
        if not math.isfinite(number) or not low <= number <= high:
            raise ValueError(f"must be from {low} to {high}")
        return number

    return check


def _choice(options: tuple[str, ...]) -> Callable[[object], str]:
    def check(value: object) -> str:
        if value not in options or not isinstance(value, str):
            raise ValueError(f"must be one of {', '.join(options)}")
        return value

    return check


def _speech_level(value: object) -> int | None:
    """A speech rate, pitch or volume on speech-dispatcher's scale; None: the screen
    reader's (or the service's own)."""
    if value is None:
        return None
    low, high = SPEECH_LEVEL
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"must be a whole number from {low} to {high}, or null")
    return value


def _voice_name(value: object) -> str:
    """A synthesis voice's name as the speech service lists it ("" the screen reader's)."""
    if not isinstance(value, str) or len(value) > MAX_VOICE_NAME or not value.isprintable():
        raise ValueError(f"must be a voice's name of at most {MAX_VOICE_NAME} characters")
    return value


def _window_size(value: object) -> tuple[int, int]:
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        raise ValueError("must be [width, height]")
    width, height = value
    for number, (low, high) in ((width, WINDOW_WIDTH), (height, WINDOW_HEIGHT)):
        if isinstance(number, bool) or not isinstance(number, int) or not low <= number <= high:
            raise ValueError(
                f"must be {WINDOW_WIDTH[0]}..{WINDOW_WIDTH[1]} by "
                f"{WINDOW_HEIGHT[0]}..{WINDOW_HEIGHT[1]} pixels"
            )
    return (width, height)


def is_key_name(value: object) -> bool:
    """A plausible pygame key name: a short printable string (pygame itself is not asked)."""
    return (
        isinstance(value, str)
        and 0 < len(value) <= MAX_KEY_NAME
        and value.isprintable()
        and value == value.strip()
    )


def _bindings(
    defaults: Mapping[str, tuple[str, ...]], is_name: Callable[[object], bool], what: str
) -> Callable[[object], Mapping[str, tuple[str, ...]]]:
    """The check of a bindings field (keys or pad buttons, `what` says which): known intents
    with valid lists of names; the rest from `defaults`. Unknown intents dropped."""

    def check(value: object) -> Mapping[str, tuple[str, ...]]:
        if not isinstance(value, Mapping):
            raise ValueError(f"must be an object of intent -> list of {what}s")
        bindings = dict(defaults)
        for intent, names in value.items():
            if intent not in defaults:
                log.info("ignoring %s binding for unknown intent %.40r", what, intent)
                continue
            if not isinstance(names, (list, tuple)) or len(names) > MAX_KEYS_PER_INTENT:
                raise ValueError(f"{intent} must list at most {MAX_KEYS_PER_INTENT} {what}s")
            if not all(is_name(n) for n in names):
                raise ValueError(f"{intent} holds something that is not a {what}")
            bindings[intent] = tuple(dict.fromkeys(names))  # drop repeats, keep order
        return MappingProxyType(bindings)

    return check


_key_bindings = _bindings(DEFAULT_KEY_BINDINGS, is_key_name, "key name")


def is_pad_button(value: object) -> bool:
    """A pad button name: one of PAD_BUTTONS, or a joystick's "button12" (up to MAX_PAD_BUTTON)."""
    if not isinstance(value, str):
        return False
    if value in PAD_BUTTONS:
        return True
    number = value.removeprefix("button")
    return number != value and number.isdigit() and int(number) <= MAX_PAD_BUTTON


_pad_bindings = _bindings(DEFAULT_PAD_BINDINGS, is_pad_button, "pad button")


_CHECKS: dict[str, Callable[[object], object]] = {
    "sound_volume": _number(0.0, 1.0),
    "muted": _bool,
    "animation_speed": _choice(ANIMATION_SPEEDS),
    "reduced_motion": _bool,
    "tidy_dice": _bool,
    "cpu_pace": _choice(CPU_PACES),
    "fast_cpu": _bool,
    "verify": _choice(VERIFY_MODES),
    "show_previews": _bool,
    "hints_enabled": _bool,
    "grading": _bool,
    "grading_threshold": _number(*GRADING_THRESHOLD),
    "confirm_big_mistakes": _bool,
    "big_mistake_threshold": _number(*BIG_MISTAKE_THRESHOLD),
    "advice_overlay": _bool,
    "cpu_reasons": _bool,
    "win_chances": _choice(WIN_CHANCES),
    "fullscreen": _bool,
    "window_size": _window_size,
    "default_variant": _choice(VARIANTS),
    "palette": _choice(PALETTES),
    "high_contrast": _bool,
    "text_scale": _number(*TEXT_SCALE),
    "key_bindings": _key_bindings,
    "pad_bindings": _pad_bindings,
    "rumble": _bool,
    "language": _choice(LANGUAGE_CHOICES),
    "speech": _choice(SPEECH_MODES),
    "speech_verbosity": _choice(SPEECH_VERBOSITIES),
    "speech_rate": _speech_level,
    "speech_pitch": _speech_level,
    "speech_volume": _speech_level,
    "speech_voice": _voice_name,
}


@dataclass(frozen=True)
class Settings:
    """Everything the player can set. Frozen: use `replace` to change it."""

    sound_volume: float = 0.8  # 0..1
    muted: bool = False
    animation_speed: str = "normal"  # ANIMATION_SPEEDS
    reduced_motion: bool = False
    tidy_dice: bool = True  # thrown dice drift to a row once they settle
    cpu_pace: str = "normal"  # CPU_PACES
    fast_cpu: bool = False  # CPU turns sped up (F at the table), on top of the pace
    verify: str = "zeros"  # VERIFY_MODES: confirm before writing a zero (seed 003's verify)
    show_previews: bool = True  # points each open box would score
    hints_enabled: bool = True
    grading: bool = False  # grade each choice against the optimal one
    grading_threshold: float = 1.0  # expected points lost before a choice is marked
    confirm_big_mistakes: bool = False
    big_mistake_threshold: float = 8.0  # expected points lost that count as a big mistake
    advice_overlay: bool = False
    cpu_reasons: bool = True  # show why a CPU made its choice
    win_chances: str = "coach"  # WIN_CHANCES: each seat's chance to win, over its column
    fullscreen: bool = False
    window_size: tuple[int, int] = (1280, 800)  # px, windowed
    default_variant: str = "official"  # VARIANTS
    palette: str = "standard"  # PALETTES
    high_contrast: bool = False
    text_scale: float = 1.0  # 0.75..2
    key_bindings: Mapping[str, tuple[str, ...]] = field(
        default_factory=lambda: DEFAULT_KEY_BINDINGS
    )
    pad_bindings: Mapping[str, tuple[str, ...]] = field(
        default_factory=lambda: DEFAULT_PAD_BINDINGS
    )
    rumble: bool = True  # pads that can rumble do on a Yahtzee and on the upper bonus
    language: str = ""  # LANGUAGE_CHOICES: "" follows the system's locale
    speech: str = "reader"  # SPEECH_MODES: said aloud (game.speech) while a screen reader runs
    speech_verbosity: str = "full"  # SPEECH_VERBOSITIES
    # How the game's speech sounds, on speech-dispatcher's -100..100 scale; None (and "" for
    # the voice): the screen reader's (Orca's settings), else the speech service's own.
    speech_rate: int | None = None
    speech_pitch: int | None = None
    speech_volume: int | None = None
    speech_voice: str = ""

    def __post_init__(self) -> None:
        # Validate and normalise every field (ints become floats, lists tuples), so a
        # Settings value is always one the game can use, however it was made.
        for f in fields(self):
            try:
                normal = _CHECKS[f.name](getattr(self, f.name))
            except ValueError as bad:
                raise ValueError(f"{f.name} {bad}") from None
            object.__setattr__(self, f.name, normal)

    def __hash__(self) -> int:
        # The generated hash would choke on the bindings mapping; settings make good cache keys.
        mappings = ("key_bindings", "pad_bindings")
        return hash(tuple(getattr(self, f.name) for f in fields(self) if f.name not in mappings))

    def replace(self, **changes: object) -> Settings:
        """A copy with `changes`; ValueError names the first bad field."""
        unknown = set(changes) - set(_CHECKS)
        if unknown:
            raise ValueError(f"no such setting: {', '.join(sorted(unknown))}")
        # Each value is checked in __post_init__ (a bad one raises ValueError naming it).
        return dataclasses.replace(self, **changes)  # type: ignore[arg-type]

    @classmethod
    def first(cls, system_language: str) -> Settings:
        """The settings of a first start (no settings file yet) on a system speaking
        `system_language`: the defaults, with the rules its players know (Yatzy in
        Swedish, Danish and Norwegian). Saved once changed, they are the player's."""
        variant = FIRST_VARIANT.get(system_language, cls.default_variant)
        return cls(default_variant=variant if variant in VARIANTS else cls.default_variant)

    def keys_for(self, intent: str) -> tuple[str, ...]:
        """The key names bound to an intent (empty for an unknown one)."""
        return self.key_bindings.get(intent, ())

    def intents_by_key(self) -> dict[str, list[str]]:
        """Key name -> intents, for the app's input map (a key may serve several)."""
        table: dict[str, list[str]] = {}
        for intent, keys in self.key_bindings.items():
            for key in keys:
                table.setdefault(key, []).append(intent)
        return table

    def to_dict(self) -> JsonObject:
        data: JsonObject = {"format": SETTINGS_FORMAT}
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "window_size":
                value = list(value)
            elif f.name in ("key_bindings", "pad_bindings"):
                value = {intent: list(keys) for intent, keys in value.items()}
            data[f.name] = value
        return data

    @classmethod
    def from_dict(cls, data: JsonMapping) -> Settings:
        """The settings in `data`; a bad field takes its default (logged), unknown keys are
        ignored. See `parse` to learn which fields were bad."""
        settings, bad = cls.parse(data)
        for problem in bad:
            log.warning("setting %s: default used", problem)
        return settings

    @classmethod
    def parse(cls, data: JsonMapping) -> tuple[Settings, list[str]]:
        """The settings in `data` and the fields that were bad (those take their defaults).

        Unknown keys are ignored (logged). The caller decides what a bad field means for the
        file; `Storage` keeps such a file aside and reports it.
        """
        values: dict[str, object] = {}
        bad: list[str] = []
        for key, value in data.items():
            if key == "format":
                continue
            check = _CHECKS.get(key) if isinstance(key, str) else None
            if check is None:
                log.info("ignoring unknown setting %.40r", key)
                continue
            try:
                values[key] = check(value)
            except ValueError as why:
                bad.append(f"{key} {why}")
        return cls(**values), bad  # type: ignore[arg-type]  # each value checked just above
