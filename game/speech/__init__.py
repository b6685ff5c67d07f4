"""Speech: everything a sighted player reads at the table, said aloud for players who cannot
see it. Headless (no pygame): phrases are typed announcements (announce.py) made from the
game's values (phrases.py); the Speaker (channel.py) queues them, paced to the voice, and
hands them to a backend (backends.py, chosen in finding.py: speech-dispatcher through the
game's own SSIP client (ssip.py, client.py), else a TTS engine, else nothing), speaking with
the player's voice settings, or the screen reader's (orca.py)."""

from game.speech.announce import Announcement, Told
from game.speech.channel import BRIEF, FULL, VERBOSITIES, Speaker

__all__ = ["BRIEF", "FULL", "VERBOSITIES", "Announcement", "Speaker", "Told"]
