"""Where speech goes: the player's screen reader if one is running, else a TTS engine, else
nowhere. Each backend is probed safely and never raises into the game.

Chosen for being the ones screen-reader users already run, and well kept:
- Linux: speech-dispatcher (its `speechd` Python module, else its `spd-say` client), the
  service Orca speaks through, so the game uses the player's voice, rate and synthesizer.
- Windows: `cytolk` (Tolk: NVDA, JAWS, and others, with SAPI as fallback), else
  `accessible_output3`; both optional extras.
- macOS: the system's `say` (VoiceOver users hear the system voice they set).
- Anywhere: `espeak-ng` (its command line), else `pyttsx3` when installed.
- `NullBackend` says nothing; `RecordingBackend` keeps every utterance (tests, the blind bot).

Screen-reader detection (`screen_reader_running`): Orca's process or AT-SPI's
ScreenReaderEnabled on Linux, Tolk's detection on Windows, VoiceOver's process on macOS.
"""

from __future__ import annotations

import contextlib
import logging
import os
import shutil
import subprocess
import sys
import threading
from collections.abc import Callable, Mapping
from typing import Any

log = logging.getLogger(__name__)

SPEAK_TIMEOUT = 2.0  # s to wait for a speech process to end when the game closes
MAX_LIVE = 4  # speech processes kept waiting at once (a voice with no sound never ends)


class Backend:
    """Says text; `interrupt` cuts off what it was still saying first."""

    name = "none"

    def speak(self, text: str, interrupt: bool = True) -> None:
        raise NotImplementedError

    def stop(self) -> None:
        """Silence now."""

    def close(self) -> None:
        """Free what the backend holds (a process, a connection)."""
        self.stop()


class NullBackend(Backend):
    name = "none"

    def speak(self, text: str, interrupt: bool = True) -> None:
        pass


class RecordingBackend(Backend):
    """Keeps every utterance in `spoken` (the tests and the blind bot read it)."""

    name = "recording"

    def __init__(self) -> None:
        self.spoken: list[str] = []
        self.interrupts = 0

    def speak(self, text: str, interrupt: bool = True) -> None:
        self.spoken.append(text)
        self.interrupts += interrupt


class ProcessBackend(Backend):
    """A command line that says its argument (`espeak-ng`, macOS `say`, `spd-say -w`): one
    process an utterance. An interrupt ends those still speaking and, for a service, starts
    its cancel command (never waited on: the game's frame does not stop for it). Every
    process started is kept until it has ended and been reaped; a voice that never finishes
    (a service with no sound device) is stopped once MAX_LIVE are waiting."""

    def __init__(self, name: str, command: list[str], cancel: list[str] | None = None) -> None:
        self.name = name
        self.command = command
        self.cancel = cancel  # a command that silences the service (spd-say --cancel)
        self.live: list[subprocess.Popen] = []  # started, not yet reaped

    @property
    def process(self) -> subprocess.Popen | None:
        """The utterance started last, while it is still kept."""
        return self.live[-1] if self.live else None

    def _start(self, args: list[str]) -> subprocess.Popen | None:
        try:
            process = subprocess.Popen(
                args, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
            )
        except OSError as error:
            log.warning("speech: %s failed (%s); speech is off", self.name, error)
            self.command = []
            return None
        self.live.append(process)
        return process

    def speak(self, text: str, interrupt: bool = True) -> None:
        if not self.command:
            return
        if interrupt:
            self.stop()
        self._reap()
        while len(self.live) >= MAX_LIVE:
            _end(self.live.pop(0))
        self._start([*self.command, text])

    def _reap(self) -> None:
        self.live = [p for p in self.live if p.poll() is None]

    def stop(self) -> None:
        kept, self.live = self.live, []
        speaking = [p for p in kept if p.poll() is None]
        for process in speaking:
            process.terminate()
        if self.cancel and speaking:  # the service may still be saying it: silence it
            self._start(self.cancel)
        for process in kept:
            _end(process)

    def close(self) -> None:
        # Let the last words finish (a closing game's last phrase), then make sure every
        # process is gone.
        for process in reversed(self.live):
            try:
                process.wait(SPEAK_TIMEOUT)
            except subprocess.TimeoutExpired:
                break
        for process in self.live:
            _end(process)
        self.live = []


def _end(process: subprocess.Popen) -> None:
    """Stop a process and reap it."""
    if process.poll() is None:
        process.terminate()
    try:
        process.wait(SPEAK_TIMEOUT)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


class SpeechdBackend(Backend):
    """speech-dispatcher through its Python client (`speechd`), one connection kept."""

    name = "speech-dispatcher"

    def __init__(self, client: Any) -> None:  # a speechd.SSIPClient
        self.client = client

    def speak(self, text: str, interrupt: bool = True) -> None:
        try:
            if interrupt:
                self.client.cancel()
            self.client.speak(text)
        except Exception as error:  # noqa: BLE001 - a dead service must not end the game
            log.warning("speech: speech-dispatcher failed (%s)", error)

    def stop(self) -> None:
        with contextlib.suppress(Exception):  # a dead service: nothing to stop
            self.client.cancel()

    def close(self) -> None:
        with contextlib.suppress(Exception):  # a dead service: nothing to stop
            self.client.close()


class CallBackend(Backend):
    """A library with speak(text, interrupt) and silence() (cytolk, accessible_output3,
    pyttsx3 wrapped)."""

    def __init__(
        self, name: str, speak: Callable[[str, bool], object], silence: Callable[[], object]
    ) -> None:
        self.name = name
        self._speak = speak
        self._silence = silence

    def speak(self, text: str, interrupt: bool = True) -> None:
        try:
            self._speak(text, interrupt)
        except Exception as error:  # noqa: BLE001
            log.warning("speech: %s failed (%s)", self.name, error)

    def stop(self) -> None:
        with contextlib.suppress(Exception):  # a dead service: nothing to stop
            self._silence()


# ----------------------------------------------------------------------------- probing
def _speechd(language: str) -> Backend | None:
    try:
        import speechd
    except ImportError:
        return None
    try:
        client = speechd.SSIPClient("yahtzee-table")
        if language:
            client.set_language(language)
        client.set_priority(speechd.Priority.MESSAGE)
    except Exception as error:  # noqa: BLE001 - no service running
        log.info("speech: speech-dispatcher not reachable (%s)", error)
        return None
    return SpeechdBackend(client)


def _spd_say(language: str) -> Backend | None:
    exe = shutil.which("spd-say")
    if exe is None:
        return None
    lang = ["-l", language] if language else []
    return ProcessBackend("spd-say", [exe, "-w", *lang, "--"], cancel=[exe, "-C"])


def _tolk() -> Backend | None:
    try:
        from cytolk import tolk
    except ImportError:
        return None
    try:
        tolk.try_sapi(True)  # no screen reader: the system voice (before load, as Tolk asks)
        tolk.load()
    except Exception as error:  # noqa: BLE001
        log.info("speech: Tolk did not load (%s)", error)
        return None
    return CallBackend("tolk", lambda t, i: tolk.output(t, i), tolk.silence)


def _accessible_output() -> Backend | None:
    try:
        from accessible_output3.outputs import auto
    except ImportError:
        return None
    try:
        out = auto.Auto()
    except Exception:  # noqa: BLE001
        return None
    return CallBackend(
        "accessible_output3", lambda t, i: out.output(t, interrupt=i), lambda: out.silence()
    )


def _mac_say() -> Backend | None:
    exe = shutil.which("say")
    return ProcessBackend("say", [exe]) if exe and sys.platform == "darwin" else None


def _espeak(language: str) -> Backend | None:
    exe = shutil.which("espeak-ng") or shutil.which("espeak")
    if exe is None:
        return None
    lang = ["-v", language] if language else []
    return ProcessBackend("espeak-ng", [exe, *lang, "--"])


def _pyttsx3() -> Backend | None:
    try:
        import pyttsx3
    except ImportError:
        return None
    try:
        engine = pyttsx3.init()
    except Exception:  # noqa: BLE001
        return None

    def speak(text: str, interrupt: bool) -> None:
        if interrupt:
            engine.stop()
        engine.say(text)
        engine.runAndWait()

    return CallBackend("pyttsx3", speak, engine.stop)


def find_backend(language: str = "", platform: str = sys.platform) -> Backend:
    """The best way to speak here: the screen reader's service, else a TTS engine, else
    NullBackend. Never raises."""
    if platform.startswith("win"):
        probes = [_tolk, _accessible_output, _pyttsx3]
    elif platform == "darwin":
        probes = [_mac_say, lambda: _espeak(language), _pyttsx3]
    else:
        probes = [
            lambda: _speechd(language),
            lambda: _spd_say(language),
            lambda: _espeak(language),
            _pyttsx3,
        ]
    for probe in probes:
        try:
            backend = probe()
        except Exception:  # a probe must never stop the game
            log.exception("speech: a backend probe failed")
            backend = None
        if backend is not None:
            log.info("speech: speaking through %s", backend.name)
            return backend
    log.info("speech: no speech backend found; speech is silent")
    return NullBackend()


def screen_reader_running(
    platform: str = sys.platform,
    environ: Mapping[str, str] | None = None,
    processes: Callable[[], list[str]] | None = None,
) -> bool:
    """Whether a screen reader is on: Orca (or AT-SPI's ScreenReaderEnabled) on Linux,
    VoiceOver on macOS, what Tolk detects on Windows. False when it cannot be told."""
    environ = os.environ if environ is None else environ
    if environ.get("YAHTZEE_SCREEN_READER") == "1":  # a player's (or test's) say-so
        return True
    try:
        if platform.startswith("win"):
            return _tolk_detects()
        names = (processes or _process_names)()
        if platform == "darwin":
            return "VoiceOver" in names
        return "orca" in names or _atspi_screen_reader()
    except Exception:
        log.info("speech: could not tell whether a screen reader runs", exc_info=True)
        return False


def _tolk_detects() -> bool:
    try:
        from cytolk import tolk
    except ImportError:
        return False
    tolk.load()
    return tolk.detect_screen_reader() not in (None, "SAPI")  # SAPI is a voice, not a reader


def _process_names() -> list[str]:
    """The names of the running processes (Linux: /proc; macOS: ps)."""
    if os.path.isdir("/proc"):
        names = []
        for pid in os.listdir("/proc"):
            if pid.isdigit():
                try:
                    with open(f"/proc/{pid}/comm", encoding="utf-8") as comm:
                        names.append(comm.read().strip())
                except OSError:
                    continue
        return names
    out = subprocess.run(["ps", "-axco", "command"], capture_output=True, text=True, timeout=2)
    return out.stdout.split("\n")


def _atspi_screen_reader() -> bool:
    """GNOME's org.a11y.Status ScreenReaderEnabled, asked with gdbus if it is there."""
    exe = shutil.which("gdbus")
    if exe is None:
        return False
    out = subprocess.run(
        [
            exe,
            "call",
            "--session",
            "--dest",
            "org.a11y.Bus",
            "--object-path",
            "/org/a11y/bus",
            "--method",
            "org.freedesktop.DBus.Properties.Get",
            "org.a11y.Status",
            "ScreenReaderEnabled",
        ],
        capture_output=True,
        text=True,
        timeout=2,
    )
    return "true" in out.stdout


class DeferredBackend(Backend):
    """A backend found on a thread of its own (`find()`: looking for a screen reader may ask
    the desktop's bus, and finding a voice may start processes), so the window does not
    wait for it. What is said meanwhile is kept, in order (an interrupt drops what was kept
    before it), and said once the backend is there; from then on it is the backend."""

    def __init__(self, find: Callable[[], Backend]) -> None:
        self.name = "finding"
        self._lock = threading.Lock()
        self._backend: Backend | None = None
        self._kept: list[tuple[str, bool]] = []
        self._closed = False
        self.ready = threading.Event()
        threading.Thread(target=self._find, args=(find,), name="speech-find", daemon=True).start()

    def _find(self, find: Callable[[], Backend]) -> None:
        try:
            backend = find()
        except Exception:  # no voice is no reason to stop the game
            log.warning("speech: no backend could be set up", exc_info=True)
            backend = NullBackend()
        with self._lock:
            if self._closed:
                backend.close()
                backend = NullBackend()
            self._backend, kept, self._kept = backend, self._kept, []
            self.name = backend.name
            for text, interrupt in kept:
                backend.speak(text, interrupt)
        self.ready.set()

    @property
    def silent(self) -> bool:
        """Found, and silent (no reader running with speech set to follow one, or no voice)."""
        return self.ready.is_set() and isinstance(self._backend, NullBackend)

    def speak(self, text: str, interrupt: bool = True) -> None:
        with self._lock:
            if self._backend is None:
                if interrupt:
                    self._kept.clear()
                self._kept.append((text, interrupt))
                return
        self._backend.speak(text, interrupt)

    def stop(self) -> None:
        with self._lock:
            self._kept.clear()
            backend = self._backend
        if backend is not None:
            backend.stop()

    def close(self) -> None:
        with self._lock:
            self._closed, self._kept = True, []
            backend = self._backend
        if backend is not None:
            backend.close()


def choose_backend(
    mode: str, language: str = "", environ: Mapping[str, str] | None = None
) -> Backend:
    """The backend for the speech setting `mode`: "off" says nothing, "on" speaks through
    the best backend found, "reader" (the default) only while a screen reader runs. Found
    on a thread (DeferredBackend): the first frame does not wait for the desktop's bus.
    YAHTZEE_SPEECH=off in the environment silences it whatever the setting (the tests)."""
    environ = os.environ if environ is None else environ
    if environ.get("YAHTZEE_SPEECH") == "off" or mode == "off":
        return NullBackend()

    def find() -> Backend:
        if mode == "reader" and not screen_reader_running():
            return NullBackend()
        return find_backend(language)

    return DeferredBackend(find)
