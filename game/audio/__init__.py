"""Sound: effects synthesized for this game (synth) and a player that is silent without a device."""

from __future__ import annotations

from pathlib import Path

SOUNDS_DIR = Path(__file__).resolve().parents[2] / "assets" / "sounds"
