"""Play the game's sound effects by name; silent, never raising, when there is no sound device.

`SoundPlayer` starts pygame.mixer on first use, not at import, so the title screen is not held up
and headless runs never touch audio until something plays. If the mixer cannot start (no device, a
driver name SDL does not know) it logs one warning and every later call does nothing. A missing
file is logged once, naming the path, and that sound stays silent. A name with numbered variants
on disk (dice_land_1.wav, dice_land_2.wav, ...) plays one of them at random per call, from the
player's own RNG, so five dice landing together do not sound like one.
"""

from __future__ import annotations

import logging
import os
import random
from pathlib import Path

import pygame

from game.audio import SOUNDS_DIR

log = logging.getLogger(__name__)

MIXER_RATE = 44100  # Hz, the rate the WAVs are made at, so SDL need not resample
MIXER_BUFFER = 512  # samples: about 12 ms, short enough that a click feels instant
MIXER_CHANNELS = 16  # voices: five dice landing at once plus music cues
MAX_VARIANTS = 9  # name_1 .. name_9 are looked for


class SoundPlayer:
    """Loads sounds once from `directory` and plays them at `volume` (0..1) unless muted."""

    def __init__(
        self,
        directory: Path | str = SOUNDS_DIR,
        *,
        volume: float = 1.0,
        muted: bool = False,
        seed: int | None = None,
    ) -> None:
        self.directory = Path(directory)
        self._volume = _clamp(volume)
        self._muted = muted
        self._mixer_ok: bool | None = None  # None: not tried yet
        self._owns_mixer = False
        self._cache: dict[str, list[pygame.mixer.Sound]] = {}
        self._rng = random.Random(seed)  # cosmetic only: which variant of a sound plays

    # --- settings ---------------------------------------------------------------------------

    @property
    def volume(self) -> float:
        return self._volume

    def set_volume(self, volume: float) -> None:
        """Master volume, clamped to 0..1; applies to sounds played from now on."""
        self._volume = _clamp(volume)

    @property
    def muted(self) -> bool:
        return self._muted

    def mute(self) -> None:
        self._muted = True
        self.stop()

    def unmute(self) -> None:
        self._muted = False

    @property
    def available(self) -> bool:
        """Whether sound can be heard at all: the mixer started (tries to start it)."""
        return self._ensure_mixer()

    # --- playing ------------------------------------------------------------------------------

    def play(self, name: str, volume: float = 1.0) -> pygame.mixer.Channel | None:
        """Play `name` (file `name.wav`, or one of `name_N.wav`) at `volume` times the master.

        Returns the channel it plays on, or None when silent for any reason.
        """
        if self._muted or self._volume == 0.0 or not self._ensure_mixer():
            return None
        variants = self._load(name)
        if not variants:
            return None
        sound = variants[0] if len(variants) == 1 else self._rng.choice(variants)
        try:
            channel = sound.play()
        except pygame.error as exc:
            log.warning("could not play sound %r: %s", name, exc)
            return None
        if channel is not None:  # None when every voice is busy: dropping one clack is fine
            channel.set_volume(self._volume * _clamp(volume))
        return channel

    def preload(self, *names: str) -> None:
        """Load sounds now (e.g. behind a title screen) so the first play does not read a file."""
        if self._ensure_mixer():
            for name in names:
                self._load(name)

    def stop(self) -> None:
        """Stop everything playing now."""
        if self._mixer_ok:
            pygame.mixer.stop()

    def close(self) -> None:
        """Release the cached sounds and the mixer, if this player started it."""
        self._cache.clear()
        if self._owns_mixer and pygame.mixer.get_init():
            pygame.mixer.quit()
        self._owns_mixer = False
        self._mixer_ok = None

    # --- internals ----------------------------------------------------------------------------

    def _ensure_mixer(self) -> bool:
        if self._mixer_ok is not None:
            return self._mixer_ok
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=MIXER_RATE, size=-16, channels=2, buffer=MIXER_BUFFER)
                self._owns_mixer = True
            pygame.mixer.set_num_channels(MIXER_CHANNELS)
        except (pygame.error, NotImplementedError) as exc:
            # NotImplementedError: a pygame built without the mixer module.
            driver = os.environ.get("SDL_AUDIODRIVER", "default")
            log.warning("no sound (audio driver %s): %s; playing silently", driver, exc)
            self._mixer_ok = False
            return False
        self._mixer_ok = True
        return True

    def _load(self, name: str) -> list[pygame.mixer.Sound]:
        cached = self._cache.get(name)
        if cached is not None:
            return cached
        single = self.directory / f"{name}.wav"
        paths = [single] if single.is_file() else []
        if not paths:
            numbered = (self.directory / f"{name}_{i}.wav" for i in range(1, MAX_VARIANTS + 1))
            paths = [p for p in numbered if p.is_file()]
        sounds = []
        if not paths:
            log.error("missing sound %r: no file %s (nor %s_N.wav)", name, single, name)
        for path in paths:
            try:
                sounds.append(pygame.mixer.Sound(path))
            except (pygame.error, FileNotFoundError) as exc:
                log.error("could not load sound file %s: %s", path, exc)
        # Failures are cached too, so a missing file is reported once, not on every play.
        self._cache[name] = sounds
        return sounds


def _clamp(volume: float) -> float:
    return min(max(float(volume), 0.0), 1.0)
