"""The speech channel: one utterance a frame, most important first, stale speech cut off,
verbosity, repeat; backends that never raise and reap what they start; screen-reader
detection."""

from __future__ import annotations

import shutil
import sys
import threading

import pytest

from game.speech import BRIEF, FULL, Speaker
from game.speech import backends as bk
from game.speech.backends import NullBackend, ProcessBackend, RecordingBackend


def speaker(verbosity: str = FULL) -> tuple[Speaker, RecordingBackend]:
    rec = RecordingBackend()
    return Speaker(rec, verbosity), rec


def test_a_frame_is_one_utterance_events_before_focus():
    s, rec = speaker()
    s.say("Threes: open, scores 6", priority=2)
    s.say("You rolled 3, 3, 5, 6, 2: 2 rolls left", priority=0)
    assert rec.spoken == []  # nothing until the frame ends
    assert s.flush() == "You rolled 3, 3, 5, 6, 2: 2 rolls left. Threes: open, scores 6."
    assert rec.spoken == [s.last] and rec.interrupts == 1
    assert list(s.history) == ["You rolled 3, 3, 5, 6, 2: 2 rolls left", "Threes: open, scores 6"]
    assert s.flush() == ""  # an empty frame says nothing
    assert len(rec.spoken) == 1


def test_a_notice_does_not_cut_off_what_is_being_said():
    s, rec = speaker()
    s.say("Saved", interrupt=False)
    s.flush()
    assert rec.interrupts == 0
    s.say("Held 5")
    s.flush()
    assert rec.interrupts == 1


def test_detail_is_said_only_at_full_verbosity_and_repeats_are_said_once():
    s, rec = speaker(BRIEF)
    s.say("Ada: keep 6, 6 for Sixes", detail=True)
    s.say("Held 6")
    s.say("Held 6")
    s.say("   ")
    assert s.flush() == "Held 6."
    s.verbosity = FULL
    s.say("Ada: keep 6, 6 for Sixes", detail=True)
    assert s.flush() == "Ada: keep 6, 6 for Sixes."


def test_repeat_says_the_last_utterance_again():
    s, rec = speaker()
    s.repeat_last()  # nothing said yet: nothing to repeat
    assert rec.spoken == []
    s.say("Turn: You, roll")
    s.flush()
    s.repeat_last()
    assert rec.spoken == ["Turn: You, roll.", "Turn: You, roll."]


def test_the_null_backend_is_silent_and_the_default():
    s = Speaker()
    assert isinstance(s.backend, NullBackend) and not s.on
    s.say("Held 6")
    assert s.flush() == "Held 6."  # the history is kept even with no voice


def test_a_process_backend_is_interrupted_and_reaped():
    exe = shutil.which("sleep")
    if exe is None:
        pytest.skip("no sleep command")
    # "sleep 30" stands for a voice still speaking a long phrase.
    backend = ProcessBackend("sleep", [exe])
    backend.speak("30")
    first = backend.process
    backend.speak("30", interrupt=True)  # the new phrase cuts off the old
    assert first.poll() is not None  # ended and reaped
    second = backend.process
    backend.stop()
    assert second.poll() is not None and backend.process is None


def test_a_voice_that_never_ends_keeps_at_most_max_live_processes(monkeypatch):
    exe = shutil.which("sleep")
    if exe is None:
        pytest.skip("no sleep command")
    backend = ProcessBackend("sleep", [exe], cancel=[exe, "0"])
    commands: list[list[str]] = []
    start = backend._start

    def recorded(command: list[str]):
        commands.append(command)
        return start(command)

    monkeypatch.setattr(backend, "_start", recorded)
    started = []
    for _ in range(bk.MAX_LIVE + 3):  # notices, which do not interrupt
        backend.speak("30", interrupt=False)
        started.append(backend.process)
    assert len(backend.live) == bk.MAX_LIVE
    assert all(p.poll() is not None for p in started[:3])  # the oldest were stopped
    backend.speak("30")  # an interrupt: every one stopped, and the cancel command run
    assert all(p.poll() is not None for p in started)
    assert commands[-2:] == [[exe, "0"], [exe, "30"]]
    # The cancel may have ended and been reaped already; the new utterance is kept.
    assert [p.args for p in backend.live][-1] == [exe, "30"]
    backend.close()
    assert backend.live == [] and all(p.returncode is not None for p in started)


def test_a_missing_program_turns_speech_off_without_raising():
    backend = ProcessBackend("ghost", ["/nonexistent/speech-program"])
    backend.speak("Held 6")
    backend.speak("Held 5")
    assert backend.process is None


def test_finding_a_backend_never_raises(monkeypatch):
    def broken(*_args):
        raise RuntimeError("a probe that breaks")

    for name in ("_speechd", "_spd_say", "_espeak", "_pyttsx3", "_tolk", "_accessible_output"):
        monkeypatch.setattr(bk, name, broken)
    monkeypatch.setattr(bk, "_mac_say", broken)
    for platform in ("linux", "win32", "darwin"):
        assert isinstance(bk.find_backend("en", platform), NullBackend)


def found(backend: bk.Backend) -> bk.Backend | None:
    """What a chosen backend turned out to be, once found on its thread."""
    if isinstance(backend, bk.DeferredBackend):
        assert backend.ready.wait(10)
        return backend._backend
    return backend


def test_speech_mode_off_and_reader_without_a_screen_reader_are_silent(monkeypatch):
    monkeypatch.setattr(bk, "screen_reader_running", lambda: False)
    monkeypatch.setattr(bk, "find_backend", lambda language: RecordingBackend())
    env: dict[str, str] = {}
    assert isinstance(found(bk.choose_backend("off", environ=env)), NullBackend)
    assert isinstance(found(bk.choose_backend("reader", environ=env)), NullBackend)
    assert isinstance(found(bk.choose_backend("on", environ=env)), RecordingBackend)
    monkeypatch.setattr(bk, "screen_reader_running", lambda: True)
    assert isinstance(found(bk.choose_backend("reader", environ=env)), RecordingBackend)
    quiet = {"YAHTZEE_SPEECH": "off"}  # the tests' environment: never a real voice
    assert isinstance(found(bk.choose_backend("on", environ=quiet)), NullBackend)


def test_what_is_said_while_the_backend_is_found_is_said_once_it_is_there():
    """The screen reader is looked for on a thread (the desktop's bus can be slow): the
    window does not wait, and the title's first words are not lost."""
    release = threading.Event()
    recording = RecordingBackend()

    def slow_find() -> bk.Backend:
        release.wait(10)
        return recording

    backend = bk.DeferredBackend(slow_find)
    backend.speak("Yahtzee", True)
    backend.speak("Main menu", True)  # cuts off the first, which was never said
    backend.speak("New game: button", False)
    assert recording.spoken == [] and not backend.ready.is_set()
    release.set()
    assert backend.ready.wait(10)
    assert recording.spoken == ["Main menu", "New game: button"]
    backend.speak("Settings: button", True)
    assert recording.spoken[-1] == "Settings: button" and backend.name == "recording"


def test_a_backend_found_after_the_game_closed_is_closed_too():
    release, closed = threading.Event(), []

    class Voice(RecordingBackend):
        def close(self) -> None:
            closed.append(True)

    backend = bk.DeferredBackend(lambda: (release.wait(10), Voice())[1])
    backend.close()
    release.set()
    assert backend.ready.wait(10) and closed == [True] and backend.silent


def test_screen_reader_detection_by_process(monkeypatch):
    monkeypatch.setattr(bk, "_atspi_screen_reader", lambda: False)
    env: dict[str, str] = {}
    assert bk.screen_reader_running("linux", env, lambda: ["bash", "orca"])
    assert not bk.screen_reader_running("linux", env, lambda: ["bash", "xterm"])
    assert bk.screen_reader_running("darwin", env, lambda: ["Finder", "VoiceOver"])
    assert bk.screen_reader_running("linux", {"YAHTZEE_SCREEN_READER": "1"}, lambda: [])

    def fails() -> list[str]:
        raise OSError("no /proc")

    assert not bk.screen_reader_running("linux", env, fails)


@pytest.mark.skipif(sys.platform != "linux", reason="speech-dispatcher is Linux's")
def test_the_found_backend_on_this_machine_speaks_without_raising():
    backend = bk.find_backend("en")
    backend.speak("")  # whatever is installed here (or nothing), it must not raise
    backend.close()
