"""Speech: everything a sighted player reads at the table, said aloud for players who cannot
see it. Headless (no pygame): the Speaker (channel.py) collects a frame's phrases and hands
them to a backend (backends.py: the screen reader, else a TTS engine, else nothing); the
phrases for focus targets and the read keys are made in phrases.py."""

from game.speech.channel import BRIEF, FULL, VERBOSITIES, Speaker

__all__ = ["BRIEF", "FULL", "VERBOSITIES", "Speaker"]
