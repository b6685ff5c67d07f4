"""Which backend speaks (game.speech.backends): the player's screen reader or its speech
service if there is one, else a TTS engine, else none. Each is probed safely and never
raises into the game; the probing runs on a thread of its own (DeferredBackend).

- Linux: speech-dispatcher, the service Orca speaks through, by the game's own SSIP client
  (started first, as its own clients do, when it is installed and not running); else
  `espeak-ng` itself; spd-say only as a last resort (one process a phrase, never cancelling).
- Windows: `cytolk` (Tolk: NVDA, JAWS, and others, with SAPI as fallback), else
  `accessible_output3`; both optional extras.
- macOS: the system's `say` (VoiceOver users hear the system voice they set).
- Anywhere: `pyttsx3` when installed.

Screen-reader detection (`screen_reader_running`): Orca's process or AT-SPI's
ScreenReaderEnabled on Linux, Tolk's detection on Windows, VoiceOver's process on macOS.
"""

from __future__ import annotations

import logging
import os
import shutil
import sys
from collections.abc import Callable, Mapping

from game import children
from game.speech import ssip
from game.speech.backends import (
    Backend,
    CallBackend,
    DeferredBackend,
    NullBackend,
    ProcessBackend,
    SsipBackend,
)
from game.speech.client import SpeechClient, VoiceParams

log = logging.getLogger(__name__)

BUS_TIMEOUT = 2.0  # s for the desktop's bus to say whether a screen reader is on
# espeak-ng's words a minute at speech-dispatcher's rates -100, 0 and 100 (its module's
# EspeakMinRate, EspeakNormalRate and EspeakMaxRate), so a rate sounds the same either way.
ESPEAK_WPM = (80, 170, 449)


def _ssip(params: VoiceParams, environ: Mapping[str, str]) -> Backend | None:
    where = ssip.address(environ)
    spawn = not environ.get("SPEECHD_ADDRESS")  # the user's own service, on its default socket
    client = SpeechClient.open(where, params, spawn)
    return None if client is None else SsipBackend(client)


def espeak_args(exe: str) -> Callable[[VoiceParams, str], list[str]]:
    def args(params: VoiceParams, text: str) -> list[str]:
        low, normal, high = ESPEAK_WPM
        rate = params.rate or 0
        wpm = normal + (high - normal if rate > 0 else normal - low) * rate / 100
        said = [exe, "-s", str(round(wpm))]
        if params.voice or params.language:
            said += ["-v", params.voice or params.language]
        if params.pitch is not None:
            said += ["-p", str(round((params.pitch + 100) / 2))]  # 0..100, 50 normal
        if params.volume is not None:
            said += ["-a", str(round(params.volume + 100))]  # 0..200, 100 normal
        return [*said, "--", text]

    return args


def spd_say_args(exe: str) -> Callable[[VoiceParams, str], list[str]]:
    def args(params: VoiceParams, text: str) -> list[str]:
        said = [exe, "-w"]  # waits until said, so the game knows when it was heard
        if params.language:
            said += ["-l", params.language]
        for flag, value in (("-r", params.rate), ("-p", params.pitch), ("-i", params.volume)):
            if value is not None:
                said += [flag, str(value)]
        if params.voice:
            said += ["-y", params.voice]
        return [*said, "--", text]

    return args


def _espeak(params: VoiceParams) -> Backend | None:
    exe = shutil.which("espeak-ng") or shutil.which("espeak")
    return ProcessBackend("espeak-ng", espeak_args(exe), params) if exe else None


def _spd_say(params: VoiceParams) -> Backend | None:
    exe = shutil.which("spd-say")
    return ProcessBackend("spd-say", spd_say_args(exe), params) if exe else None


def _mac_say(params: VoiceParams) -> Backend | None:
    exe = shutil.which("say")
    if exe is None or sys.platform != "darwin":
        return None
    return ProcessBackend("say", lambda p, text: [exe, " " + text], params)  # never an option


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


def find_backend(
    params: VoiceParams,
    platform: str = sys.platform,
    environ: Mapping[str, str] | None = None,
) -> Backend:
    """The best way to speak here (see the module's docstring), else NullBackend. Never
    raises; may take seconds (a service started): call it off the game's thread."""
    env = os.environ if environ is None else environ
    probes: list[Callable[[], Backend | None]]
    if platform.startswith("win"):
        probes = [_tolk, _accessible_output, _pyttsx3]
    elif platform == "darwin":
        probes = [lambda: _mac_say(params), lambda: _espeak(params), _pyttsx3]
    else:
        probes = [
            lambda: _ssip(params, env),
            lambda: _espeak(params),
            lambda: _spd_say(params),
            _pyttsx3,
        ]
    for probe in probes:
        try:
            backend = probe()
        except Exception:
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
        names = (processes or process_names)()
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


def process_names() -> list[str]:
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
    out = children.run(["ps", "-axco", "command"], BUS_TIMEOUT)
    return (out or "").split("\n")


def _atspi_screen_reader() -> bool:
    """GNOME's org.a11y.Status ScreenReaderEnabled, asked with gdbus if it is there."""
    exe = shutil.which("gdbus")
    if exe is None:
        return False
    out = children.run(
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
        BUS_TIMEOUT,
    )
    return "true" in (out or "")


def choose_backend(
    mode: str, params: VoiceParams, environ: Mapping[str, str] | None = None
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
        return find_backend(params)

    return DeferredBackend(find)
