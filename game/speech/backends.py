"""Where speech goes: each backend says text, queued behind what it is still saying, and can
stop its own speech (the player's key) without touching any other program's. Which one is
used is found in game.speech.finding.

- `SsipBackend`: speech-dispatcher, the service Orca speaks through, by its own protocol
  (game.speech.client): one connection, the game's queue, begin/end notices.
- `ProcessBackend`: a command line that says its argument and ends when it has (espeak-ng,
  macOS say, spd-say -w): one process at a time, each in a process group of its own that an
  interrupt ends as a whole (game.children); spd-say is never asked to cancel (its cancel
  is every client's).
- `CallBackend`: a library with speak(text, interrupt) and silence() (Tolk, pyttsx3 ...).
- `NullBackend` says nothing; `RecordingBackend` keeps what it was given (tests).
- `DeferredBackend`: one being found on a thread, standing in meanwhile.
"""

from __future__ import annotations

import contextlib
import logging
import subprocess
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, replace

from game import children
from game.speech.client import SpeechClient, VoiceParams

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Manner:
    """How a text is said. interrupt: first stop what the game is still saying (the
    player's key); important: the player must hear it whole; interruptible: while queued
    and not yet begun, it gives way to the next text."""

    interrupt: bool = False
    important: bool = False
    interruptible: bool = False


PLAIN = Manner()
CUT_IN = Manner(interrupt=True)


class Backend:
    """Says text after what it is still saying, in a `Manner`."""

    name = "none"

    def speak(self, text: str, manner: Manner = PLAIN) -> None:
        raise NotImplementedError

    def stop(self) -> None:
        """Stop the game's own speech now, and drop what it had queued."""

    def update(self) -> None:
        """Once a frame: start what is queued (backends that need the game's clock)."""

    @property
    def busy(self) -> bool:
        """Something said is still to be heard (False where it cannot be told)."""
        return False

    def configure(self, params: VoiceParams) -> None:
        """Speak with `params` from now on (where the backend can)."""

    def voices(self) -> list[tuple[str, str]] | None:
        """The voices to choose from, (name, language) each, once known; else None."""
        return None

    def close(self) -> None:
        """Free what the backend holds; never waits long (a closing game)."""
        self.stop()


class NullBackend(Backend):
    name = "none"

    def speak(self, text: str, manner: Manner = PLAIN) -> None:
        pass


class RecordingBackend(Backend):
    """Keeps every utterance in `spoken` (the tests). `busy` is whatever a test sets."""

    name = "recording"

    def __init__(self) -> None:
        self.spoken: list[str] = []
        self.manners: list[Manner] = []
        self.stops = 0
        self.holding = False  # a test's stand-in for speech still being heard
        self.params: VoiceParams | None = None

    def speak(self, text: str, manner: Manner = PLAIN) -> None:
        if manner.interrupt:
            self.stop()
        self.spoken.append(text)
        self.manners.append(manner)

    def stop(self) -> None:
        self.stops += 1
        self.holding = False

    @property
    def busy(self) -> bool:
        return self.holding

    def configure(self, params: VoiceParams) -> None:
        self.params = params


class SsipBackend(Backend):
    """speech-dispatcher through the game's own SSIP client."""

    name = "speech-dispatcher"

    def __init__(self, client: SpeechClient) -> None:
        self.client = client

    def speak(self, text: str, manner: Manner = PLAIN) -> None:
        self.client.say(text, manner.interrupt, manner.important, manner.interruptible)

    def stop(self) -> None:
        self.client.cancel()

    @property
    def busy(self) -> bool:
        return self.client.busy

    def configure(self, params: VoiceParams) -> None:
        self.client.configure(params)

    def voices(self) -> list[tuple[str, str]] | None:
        found = self.client.voices()
        if found is None:
            self.client.want_voices()
        return found

    def close(self) -> None:
        self.client.close()  # what it is saying finishes in the service


Command = Callable[[VoiceParams, str], list[str]]  # the voice's settings, the text -> argv


class ProcessBackend(Backend):
    """A command line per utterance (see the module's docstring)."""

    def __init__(self, name: str, command: Command, params: VoiceParams) -> None:
        self.name = name
        self.command: Command | None = command
        self.params = params
        self.queue: deque[tuple[str, bool]] = deque()  # (text, interruptible)
        self.current: subprocess.Popen[str] | None = None
        self.ending: list[tuple[subprocess.Popen[str], float]] = []  # asked to end, when

    def speak(self, text: str, manner: Manner = PLAIN) -> None:
        if self.command is None:
            return
        if manner.interrupt:
            self.stop()
        if self.queue and self.queue[-1][1]:
            self.queue.pop()  # an interruptible phrase not begun gives way
        self.queue.append((text, manner.interruptible))
        self.update()

    def update(self) -> None:
        now = time.monotonic()
        still = []
        for child, asked in self.ending:
            if children.ended(child) or now - asked > children.GRACE:
                children.kill(child)
            else:
                still.append((child, asked))
        self.ending = still
        if self.current is not None and children.ended(self.current):
            children.kill(self.current)  # reaps it, and anything it left in its group
            self.current = None
        if self.current is None and self.queue and self.command is not None:
            text, _interruptible = self.queue.popleft()
            try:
                self.current = children.start(self.command(self.params, text))
            except OSError as error:
                log.warning("speech: %s failed (%s); speech is off", self.name, error)
                self.command = None
                self.queue.clear()

    @property
    def busy(self) -> bool:
        self.update()
        return self.current is not None or bool(self.queue)

    def stop(self) -> None:
        self.queue.clear()
        if self.current is not None:
            children.ask_to_end(self.current)  # the rest when it ends or its grace is up
            self.ending.append((self.current, time.monotonic()))
            self.current = None

    def configure(self, params: VoiceParams) -> None:
        self.params = params

    def close(self) -> None:
        self.queue.clear()
        live = [child for child, _asked in self.ending]
        if self.current is not None:
            live.append(self.current)
        self.current, self.ending = None, []
        children.end_all(live)  # within children.GRACE, whatever the children do


class CallBackend(Backend):
    """A library with speak(text, interrupt) and silence() (cytolk, accessible_output3,
    pyttsx3 wrapped)."""

    def __init__(
        self, name: str, speak: Callable[[str, bool], object], silence: Callable[[], object]
    ) -> None:
        self.name = name
        self._speak = speak
        self._silence = silence

    def speak(self, text: str, manner: Manner = PLAIN) -> None:
        try:
            self._speak(text, manner.interrupt)
        except Exception as error:  # noqa: BLE001
            log.warning("speech: %s failed (%s)", self.name, error)

    def stop(self) -> None:
        with contextlib.suppress(Exception):  # a dead service: nothing to stop
            self._silence()


class DeferredBackend(Backend):
    """A backend found on a thread of its own (`find()`: looking for a screen reader may ask
    the desktop's bus, and reaching the speech service may start it), so the window does not
    wait for it. What is said meanwhile is kept, in order (an interrupt drops what was kept
    before it), and said once the backend is there; from then on it is the backend."""

    def __init__(self, find: Callable[[], Backend]) -> None:
        self.name = "finding"
        self._lock = threading.Lock()
        self._backend: Backend | None = None
        self._kept: list[tuple[str, Manner]] = []
        self._params: VoiceParams | None = None
        self._closed = False
        self.ready = threading.Event()
        threading.Thread(target=self._find, args=(find,), name="speech-find", daemon=True).start()

    def _find(self, find: Callable[[], Backend]) -> None:
        try:
            backend = find()
        except Exception:
            log.warning("speech: no backend could be set up", exc_info=True)
            backend = NullBackend()
        with self._lock:
            if self._closed:
                backend.close()
                backend = NullBackend()
            if self._params is not None:
                backend.configure(self._params)
            self._backend, kept, self._kept = backend, self._kept, []
            self.name = backend.name
            for text, manner in kept:
                backend.speak(text, replace(manner, interrupt=False))
        self.ready.set()

    @property
    def found(self) -> Backend | None:
        return self._backend

    @property
    def silent(self) -> bool:
        """Found, and silent (no reader running with speech set to follow one, or no voice)."""
        return self.ready.is_set() and isinstance(self._backend, NullBackend)

    def speak(self, text: str, manner: Manner = PLAIN) -> None:
        with self._lock:
            if self._backend is None:
                if manner.interrupt:
                    self._kept.clear()
                self._kept.append((text, manner))
                return
        self._backend.speak(text, manner)

    def stop(self) -> None:
        with self._lock:
            self._kept.clear()
            backend = self._backend
        if backend is not None:
            backend.stop()

    def update(self) -> None:
        if self._backend is not None:
            self._backend.update()

    @property
    def busy(self) -> bool:
        with self._lock:
            if self._backend is None:
                return bool(self._kept)
        return self._backend.busy

    def configure(self, params: VoiceParams) -> None:
        with self._lock:
            self._params = params
            backend = self._backend
        if backend is not None:
            backend.configure(params)

    def voices(self) -> list[tuple[str, str]] | None:
        return None if self._backend is None else self._backend.voices()

    def close(self) -> None:
        with self._lock:
            self._closed, self._kept = True, []
            backend = self._backend
        if backend is not None:
            backend.close()
