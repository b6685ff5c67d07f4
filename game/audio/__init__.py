"""Sound: effects synthesized for this game (synth) and a player that is silent without a device."""

from __future__ import annotations

from game import assets

SOUNDS_DIR = assets.path("sounds")
