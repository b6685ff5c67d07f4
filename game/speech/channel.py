"""The speech channel: the Speaker collects what is to be said in a frame and says it.

`announce` (or `say`) queues a phrase (game.speech.announce); `flush()`, once a frame, hands
the frame's phrases to the backend as one utterance, after what is still being said: game
events queue, nothing the game says cuts off what came before. Only the player cuts: the app
calls `interrupt()` for each key, click or pad button, and the game's own stale speech stops
(never another program's). `busy` tells whether anything said is still to be heard; the
table waits on it where a sighted player would look (a CPU does not roll before the last
score was heard). Where speech is off nothing is ever busy, so nothing waits.

The last HISTORY_KEPT phrases (all but focus moves) are kept: `repeat()` says the newest
again, `step(-1)` / `step(1)` move back and forth through them.
"""

from __future__ import annotations

import logging
import time
from collections import deque

from game.speech.announce import Announcement, Told
from game.speech.backends import Backend, DeferredBackend, Manner, NullBackend
from game.speech.phrases import aloud

log = logging.getLogger(__name__)

BRIEF = "brief"  # the phrase itself: "Threes 6"
FULL = "full"  # with the detail: "Threes, open, scores 6", a CPU's reasons, the coach
VERBOSITIES = (BRIEF, FULL)
HISTORY_KEPT = 30  # phrases the player can step back through
SAID_KEPT = 2000  # phrases kept for the tests and the blind test to read
RETIRE_WAIT = 5.0  # s a voice replaced may go on saying its last words
MAX_PHRASE = 200  # characters: no phrase is longer (the tests hold every one to it)


class Speaker:
    def __init__(self, backend: Backend | None = None, verbosity: str = FULL) -> None:
        self.backend = backend or NullBackend()
        self.verbosity = verbosity
        self.history: deque[str] = deque(maxlen=HISTORY_KEPT)
        # The phrases handed on, in order, the latest SAID_KEPT (the tests read them).
        self.said: deque[Announcement] = deque(maxlen=SAID_KEPT)
        self.last = ""  # the last utterance
        self._pending: list[Announcement] = []
        self._reading: int | None = None  # where `step` is in the history (None: at its end)
        self._retiring: list[tuple[Backend, float]] = []  # replaced, still speaking; since

    @property
    def full(self) -> bool:
        return self.verbosity == FULL

    @property
    def on(self) -> bool:
        """Whether anything is said aloud (a backend still being found counts as on)."""
        if isinstance(self.backend, DeferredBackend):
            return not self.backend.silent
        return not isinstance(self.backend, NullBackend)

    @property
    def busy(self) -> bool:
        """Something said (or about to be) is still to be heard; never while speech is off."""
        return self.on and (bool(self._pending) or self.backend.busy)

    def say(self, text: str, told: Told = Told.ANSWER, seat: int | None = None) -> None:
        self.announce(Announcement(text, told, seat))

    def announce(self, announcement: Announcement) -> None:
        """Queue a phrase for this frame's utterance (a detail only at full verbosity)."""
        text = aloud(" ".join(announcement.text.split()))
        if not text or (announcement.detail and not self.full):
            return
        if any(a.text == text for a in self._pending):
            return  # the same phrase twice in a frame is said once
        if text != announcement.text:
            announcement = Announcement(text, announcement.told, announcement.seat)
        self._pending.append(announcement)

    def replace(self, backend: Backend) -> None:
        """Speak through `backend` from now on; the one before finishes its last words."""
        old, self.backend = self.backend, backend
        self._retiring.append((old, time.monotonic()))
        self._retire()

    def _retire(self) -> None:
        now = time.monotonic()
        for old, since in list(self._retiring):
            old.update()
            if not old.busy or now - since > RETIRE_WAIT:
                self._retiring.remove((old, since))
                old.close()

    def interrupt(self) -> None:
        """The player pressed something: the game's own speech still to come is stale."""
        self.backend.stop()

    def flush(self) -> str:
        """Say this frame's phrases as one utterance (where the focus is said last; a CPU's
        turn summed up is one of its own); returns what was said ("" if none)."""
        self.backend.update()
        if self._retiring:
            self._retire()
        if not self._pending:
            return ""
        phrases = sorted(self._pending, key=lambda a: a.told is Told.FOCUS)
        self._pending = []
        self.said.extend(phrases)
        kept = [a.text for a in phrases if a.told is not Told.FOCUS]
        if kept:
            self.history.extend(kept)
            self._reading = None
        said = []
        for group in _utterances(phrases):
            utterance = " ".join(_sentence(a.text) for a in group)
            log.debug("speech: %s", utterance)
            important = any(a.important for a in group)
            self.backend.speak(
                utterance, Manner(False, important, all(a.interruptible for a in group))
            )
            said.append(utterance)
        self.last = " ".join(said)
        return self.last

    def repeat(self) -> None:
        """Say the newest phrase of the history again."""
        self._reading = None
        if self.history:
            self.backend.speak(self.history[-1])

    def step(self, step: int) -> None:
        """Say the phrase `step` places older (-1) or newer (+1) in the history than the one
        said by the last step (at first: the newest); at either end, that end again."""
        if not self.history:
            return
        newest = len(self.history) - 1
        at = newest + 1 if self._reading is None else self._reading
        self._reading = max(0, min(newest, at + step))
        self.backend.speak(self.history[self._reading])

    def stop(self) -> None:
        self._pending.clear()
        self.backend.stop()

    def close(self) -> None:
        self._pending.clear()
        for old, _since in self._retiring:
            old.close()
        self._retiring = []
        self.backend.close()


def _utterances(phrases: list[Announcement]) -> list[list[Announcement]]:
    """A frame's phrases as the utterances to say, in order: one, but for a CPU's turn summed
    up (Brief), which is an utterance of its own, so that the turn is heard as one and what
    follows it (whose turn it is now) after it."""
    groups: list[list[Announcement]] = []
    for phrase in phrases:
        alone = phrase.told is Told.SUMMARY
        if alone or not groups or groups[-1][-1].told is Told.SUMMARY:
            groups.append([phrase])
        else:
            groups[-1].append(phrase)
    return groups


def _sentence(text: str) -> str:
    """A phrase ended as a sentence, so the voice pauses after it."""
    return text if text[-1] in ".!?:;," else text + "."
