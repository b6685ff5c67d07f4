"""The speech channel: the Speaker collects what is to be said in a frame and says it.

`say(text)` queues a phrase; `flush()` (the app calls it once a frame) hands the frame's
phrases, most important first, to the backend as one utterance. A frame with a phrase said
with `interrupt=True` (the default: a new roll, a focus move) first cuts off what was still
being said, so stale speech never queues up behind the game. `history` keeps every phrase
said (the tests and the blind bot read it); `repeat_last` says the last utterance again.
"""

from __future__ import annotations

import logging
from collections import deque

from game.speech.backends import Backend, DeferredBackend, NullBackend

log = logging.getLogger(__name__)

BRIEF = "brief"  # the phrase itself: "Threes 6"
FULL = "full"  # with the detail: "Threes, open, scores 6", a CPU's reasons, the coach
VERBOSITIES = (BRIEF, FULL)
HISTORY_KEPT = 2000  # phrases
MAX_PHRASE = 200  # characters: no phrase is longer (the tests hold every one to it)


class Speaker:
    def __init__(self, backend: Backend | None = None, verbosity: str = FULL) -> None:
        self.backend = backend or NullBackend()
        self.verbosity = verbosity
        self.history: deque[str] = deque(maxlen=HISTORY_KEPT)
        self.last = ""  # the last utterance, for repeat_last
        self._pending: list[tuple[int, str]] = []
        self._interrupt = False

    @property
    def full(self) -> bool:
        return self.verbosity == FULL

    @property
    def on(self) -> bool:
        """Whether anything is said aloud (a backend still being found counts as on)."""
        if isinstance(self.backend, DeferredBackend):
            return not self.backend.silent
        return not isinstance(self.backend, NullBackend)

    def say(
        self, text: str, interrupt: bool = True, detail: bool = False, priority: int = 1
    ) -> None:
        """Queue `text` for this frame's utterance. `detail` phrases are said only at full
        verbosity; a lower `priority` comes first (0: events, 1: the rest, 2: focus)."""
        text = " ".join(text.split())
        if not text or (detail and not self.full):
            return
        if any(t == text for _p, t in self._pending):
            return  # the same phrase twice in a frame is said once
        self._pending.append((priority, text))
        self._interrupt = self._interrupt or interrupt

    def flush(self) -> str:
        """Say this frame's phrases as one utterance; returns it ("" if none)."""
        if not self._pending:
            return ""
        phrases = [t for _p, t in sorted(self._pending, key=lambda pt: pt[0])]
        interrupt, self._pending, self._interrupt = self._interrupt, [], False
        self.history.extend(phrases)
        utterance = " ".join(p if p[-1] in ".!?:;," else p + "." for p in phrases)
        self.last = utterance
        log.debug("speech: %s", utterance)
        self.backend.speak(utterance, interrupt)
        return utterance

    def repeat_last(self) -> None:
        if self.last:
            self.history.append(self.last)
            self.backend.speak(self.last, True)

    def stop(self) -> None:
        self._pending.clear()
        self.backend.stop()

    def close(self) -> None:
        self.backend.close()
