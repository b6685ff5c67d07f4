"""The settings scene: sound, animation, play, coach, display and keys."""

from game.scenes.settings.scene import SettingsScene

__all__ = ["SettingsScene"]
