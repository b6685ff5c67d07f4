"""The settings scene: language, sound, animation, play, coach, display, pads and keys."""

from game.scenes.settings.scene import SettingsScene

__all__ = ["SettingsScene"]
