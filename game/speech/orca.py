"""The screen reader's voice: Orca's rate, pitch, volume and voice, read from its settings
file, as speech-dispatcher values. The game speaks with them unless the player set its own
(so a player who listens at Orca's rate 90 hears the game at that rate too).

Orca keeps its settings as JSON in $XDG_DATA_HOME/orca/user-settings.conf: a voice per
profile ("profiles" -> the starting profile -> "voices" -> "default") over the general one
("general" -> "voices" -> "default"), with "rate" 0..99, "average-pitch" 0..9, "gain" 0..9
and a "family" (a synthesis voice's "name" and "lang"). Orca hands them to speech-dispatcher
as rate 2r - 98, pitch 20p - 90, volume 15g - 35: the same is done here. The file is read
like any file the game did not write: a regular file, at most MAX_BYTES, nested JSON refused;
anything unreadable means "no screen reader's voice".
"""

from __future__ import annotations

import json
import logging
import os
import stat
from collections.abc import Mapping
from pathlib import Path

from game.json_types import JsonObject
from game.speech.client import VoiceParams

log = logging.getLogger(__name__)

MAX_BYTES = 1 << 20  # an Orca settings file is a few kilobytes


def settings_path(environ: Mapping[str, str]) -> Path:
    data = environ.get("XDG_DATA_HOME") or str(Path(environ.get("HOME", "~"), ".local", "share"))
    return Path(data).expanduser() / "orca" / "user-settings.conf"


def reader_voice(language: str, environ: Mapping[str, str] | None = None) -> VoiceParams:
    """Orca's voice as VoiceParams for the game's `language` (its voice's name only when
    that voice speaks the language); empty VoiceParams when Orca's settings cannot be read."""
    env = os.environ if environ is None else environ
    voice = _voice(_read(settings_path(env)))
    if voice is None:
        return VoiceParams(language=language)
    family = _table(voice.get("family"))
    name, lang = family.get("name"), family.get("lang")
    same = isinstance(lang, str) and lang.split("_")[0].split("-")[0] == language
    return VoiceParams(
        language=language,
        rate=_scaled(voice.get("rate"), 99, 2, -98),
        pitch=_scaled(voice.get("average-pitch"), 9, 20, -90),
        volume=_scaled(voice.get("gain"), 9, 15, -35),
        voice=name if same and isinstance(name, str) and name.isprintable() else "",
    )


def game_voice(
    language: str,
    rate: int | None,
    pitch: int | None,
    volume: int | None,
    voice: str,
    environ: Mapping[str, str] | None = None,
) -> VoiceParams:
    """The voice the game speaks with: the player's settings where set (not None, not ""),
    else the screen reader's (Orca's), else the speech service's own."""
    reader = reader_voice(language, environ)
    return VoiceParams(
        language=language,
        rate=reader.rate if rate is None else rate,
        pitch=reader.pitch if pitch is None else pitch,
        volume=reader.volume if volume is None else volume,
        voice=voice or reader.voice,
    )


def _scaled(value: object, high: int, times: int, plus: int) -> int | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return max(-100, min(100, int(times * max(0, min(high, value)) + plus)))


def _table(value: object) -> JsonObject:
    """`value` if it is a JSON object, else an empty one."""
    return value if isinstance(value, dict) else {}


def _voice(settings: object) -> JsonObject | None:
    """Orca's default voice: the starting profile's, else the general one."""
    general = _table(_table(settings).get("general"))
    starting = general.get("startingProfile") or general.get("activeProfile")
    profile_id = starting[1] if isinstance(starting, list) and len(starting) > 1 else "default"
    profiles = _table(_table(settings).get("profiles"))
    for holder in (_table(profiles.get(profile_id)), general):
        default = _table(_table(holder.get("voices")).get("default"))
        if default:
            return default
    return None


def _read(path: Path) -> object:
    """The JSON in `path`, or None (no file, not a regular file, too big, not JSON)."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError:
        return None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_BYTES:
            log.info("speech: %s is not a settings file; Orca's voice not used", path)
            return None
        with os.fdopen(fd, "rb") as file:
            fd = -1
            data = file.read(MAX_BYTES + 1)
    except OSError:
        return None
    finally:
        if fd >= 0:
            os.close(fd)
    if len(data) > MAX_BYTES:
        return None
    try:
        parsed: object = json.loads(data)  # narrowed field by field by _table
        return parsed
    except (ValueError, RecursionError):
        log.info("speech: %s could not be read; Orca's voice not used", path)
        return None
