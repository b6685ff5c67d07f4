"""The speech channel: one utterance a frame, where the focus is said last, nothing cut but by
the player; verbosity; the history of the last phrases; backends that queue, stop only their
own speech, never raise and end what they start as a whole process group; screen-reader
detection and the voice's settings."""

from __future__ import annotations

import os
import threading
import time

import pytest

from game.speech import BRIEF, FULL, Speaker, Told
from game.speech import finding as fd
from game.speech.backends import (
    CUT_IN,
    PLAIN,
    Backend,
    DeferredBackend,
    Manner,
    NullBackend,
    ProcessBackend,
    RecordingBackend,
)
from game.speech.channel import HISTORY_KEPT
from game.speech.client import VoiceParams
from tests.processes import gone


def speaker(verbosity: str = FULL) -> tuple[Speaker, RecordingBackend]:
    rec = RecordingBackend()
    return Speaker(rec, verbosity), rec


def test_a_frame_is_one_utterance_with_the_focus_last():
    s, rec = speaker()
    s.say("Threes: open, scores 6", Told.FOCUS)
    s.say("You rolled 3, 3, 5, 6, 2: 2 rolls left", Told.ROLLED)
    assert rec.spoken == []  # nothing until the frame ends
    assert s.flush() == "You rolled 3, 3, 5, 6, 2: 2 rolls left. Threes: open, scores 6."
    assert rec.spoken == [s.last] and rec.manners == [Manner(important=True)]
    assert rec.stops == 0  # a game event never cuts what came before
    assert list(s.history) == ["You rolled 3, 3, 5, 6, 2: 2 rolls left"]  # no focus moves
    assert s.flush() == ""  # an empty frame says nothing
    assert len(rec.spoken) == 1


def test_a_cpus_turn_summed_up_is_an_utterance_of_its_own():
    """At Brief a CPU's turn is one phrase, heard as one: whose turn comes next (said in the
    same frame) follows it as an utterance of its own, so the turn is not made longer."""
    s, rec = speaker(BRIEF)
    s.say("Ada, 3 rolls: 4 2 6 4 6; 22 in Chance, total 65", Told.SUMMARY)
    s.say("Turn: Max", Told.TURN)
    s.say("Roll: button", Told.FOCUS)
    said = s.flush()
    assert rec.spoken == [
        "Ada, 3 rolls: 4 2 6 4 6; 22 in Chance, total 65.",
        "Turn: Max. Roll: button.",
    ]
    assert said == " ".join(rec.spoken)
    assert all(m.important for m in rec.manners)


def test_only_the_player_interrupts():
    s, rec = speaker()
    s.say("Ada scored 18 in Sixes", Told.SCORED)
    s.flush()
    s.say("Saved", Told.NOTICE)
    s.flush()
    assert rec.stops == 0
    s.interrupt()  # a key, a click, a pad's button
    assert rec.stops == 1


def test_detail_is_said_only_at_full_verbosity_and_repeats_are_said_once():
    s, rec = speaker(BRIEF)
    s.say("Ada: keep 6, 6 for Sixes", Told.REASON)
    s.say("Held 6", Told.HOLD)
    s.say("Held 6", Told.HOLD)
    s.say("   ")
    assert s.flush() == "Held 6."
    s.verbosity = FULL
    s.say("Ada: keep 6, 6 for Sixes", Told.REASON)
    assert s.flush() == "Ada: keep 6, 6 for Sixes."


def test_the_busy_voice_is_the_backends_and_what_waits_for_the_frame():
    s, rec = speaker()
    assert not s.busy
    s.say("Ada rolls...", Told.THROW)
    assert s.busy  # said this frame: not heard yet
    s.flush()
    assert not s.busy  # the recording says all at once
    rec.holding = True  # a voice still speaking
    assert s.busy
    s.interrupt()
    assert not s.busy


def test_the_history_steps_back_and_forth_and_repeats_the_newest():
    s, rec = speaker()
    s.repeat()  # nothing said yet: nothing to repeat
    s.step(-1)
    assert rec.spoken == []
    for n in range(HISTORY_KEPT + 5):
        s.say(f"Phrase {n}")
        s.flush()
    rec.spoken.clear()
    s.repeat()
    s.step(-1)  # the newest first, then older
    s.step(-1)
    s.step(1)
    assert rec.spoken == [f"Phrase {HISTORY_KEPT + 4}"] * 2 + [f"Phrase {HISTORY_KEPT + 3}"] + [
        f"Phrase {HISTORY_KEPT + 4}"
    ]
    for _ in range(HISTORY_KEPT + 3):
        s.step(-1)
    assert rec.spoken[-1] == "Phrase 5"  # the oldest kept, and no further
    assert len(s.history) == HISTORY_KEPT
    s.say("New")
    s.flush()
    s.step(-1)  # a new phrase: stepping starts again from the newest
    assert rec.spoken[-1] == "New"


def test_the_null_backend_is_silent_and_the_default():
    s = Speaker()
    assert isinstance(s.backend, NullBackend) and not s.on and not s.busy
    s.say("Held 6")
    assert s.flush() == "Held 6."  # the history is kept even with no voice


def test_a_voice_replaced_says_its_last_words_then_closes():
    s, old = speaker()
    closed: list[str] = []
    old.close = lambda: closed.append("old")  # type: ignore[method-assign]
    old.holding = True  # still speaking
    new = RecordingBackend()
    s.replace(new)
    assert closed == [] and s.backend is new
    old.holding = False
    s.flush()
    assert closed == ["old"]


# ----------------------------------------------------------------------------- processes
def sh(script: str):
    """A 'voice' command: sh running `script`, with the phrase as $1."""
    return lambda params, text: ["sh", "-c", script, "voice", text]


@pytest.mark.skipif(os.name != "posix", reason="process groups are POSIX")
def test_a_process_voice_queues_and_an_interrupt_ends_its_group():
    backend = ProcessBackend("sh", sh("sleep 30"), VoiceParams())
    backend.speak("one")
    backend.speak("two")  # queued behind the first, not started
    first = backend.current
    assert first is not None and backend.busy and len(backend.queue) == 1
    backend.speak("three", CUT_IN)  # the player's key: the old ones go
    assert backend.current is not None and backend.current is not first
    deadline = time.monotonic() + 2
    while backend.ending and time.monotonic() < deadline:
        backend.update()
        time.sleep(0.01)
    assert first.returncode is not None and gone(first.pid)
    backend.close()
    assert backend.current is None and not backend.busy


@pytest.mark.skipif(os.name != "posix", reason="process groups are POSIX")
def test_closing_takes_under_a_second_whatever_a_voice_does():
    """Issue 30, N9: a speech command that ignores SIGTERM and has children of its own."""
    stubborn = sh("trap '' TERM; sleep 30 & sleep 30 & wait")
    backend = ProcessBackend("stubborn", stubborn, VoiceParams())
    s = Speaker(backend)
    s.say("Held 6")
    s.flush()
    child = backend.current
    assert child is not None
    time.sleep(0.2)  # its children are up
    began = time.monotonic()
    s.close()
    assert time.monotonic() - began < 1.0
    assert child.returncode is not None and gone(child.pid)


def test_a_missing_program_turns_speech_off_without_raising():
    backend = ProcessBackend(
        "ghost", lambda p, t: ["/nonexistent/speech-program", t], VoiceParams()
    )
    backend.speak("Held 6")
    backend.speak("Held 5")
    assert backend.current is None and not backend.busy


def test_the_command_lines_carry_the_voice():
    params = VoiceParams(language="de", rate=50, pitch=-20, volume=0, voice="German+Alex")
    spd = fd.spd_say_args("spd-say")(params, "-5 Punkte")
    assert spd == ["spd-say", "-w", "-l", "de", "-r", "50", "-p", "-20", "-i", "0"] + [
        "-y",
        "German+Alex",
        "--",
        "-5 Punkte",
    ]
    espeak = fd.espeak_args("espeak-ng")(params, "Hallo")
    assert espeak == ["espeak-ng", "-s", "310", "-v", "German+Alex", "-p", "40", "-a", "100"] + [
        "--",
        "Hallo",
    ]
    assert fd.espeak_args("espeak-ng")(VoiceParams(), "Hi") == [
        "espeak-ng",
        "-s",
        "170",
        "--",
        "Hi",
    ]


# ----------------------------------------------------------------------------- finding
def test_finding_a_backend_never_raises(monkeypatch):
    def broken(*_args):
        raise RuntimeError("a probe that breaks")

    for name in ("_ssip", "_spd_say", "_espeak", "_pyttsx3", "_tolk", "_accessible_output"):
        monkeypatch.setattr(fd, name, broken)
    monkeypatch.setattr(fd, "_mac_say", broken)
    for platform in ("linux", "win32", "darwin"):
        assert isinstance(fd.find_backend(VoiceParams(), platform, {}), NullBackend)


def test_speech_dispatcher_comes_first_and_spd_say_last(monkeypatch):
    tried: list[str] = []

    def probe(name: str, answer: Backend | None):
        def run(*_args):
            tried.append(name)
            return answer

        return run

    monkeypatch.setattr(fd, "_ssip", probe("ssip", None))
    monkeypatch.setattr(fd, "_espeak", probe("espeak", None))
    monkeypatch.setattr(fd, "_spd_say", probe("spd-say", RecordingBackend()))
    assert isinstance(fd.find_backend(VoiceParams(), "linux", {}), RecordingBackend)
    assert tried == ["ssip", "espeak", "spd-say"]


def found(backend: Backend) -> Backend | None:
    """What a chosen backend turned out to be, once found on its thread."""
    if isinstance(backend, DeferredBackend):
        assert backend.ready.wait(10)
        return backend.found
    return backend


def test_speech_mode_off_and_reader_without_a_screen_reader_are_silent(monkeypatch):
    monkeypatch.setattr(fd, "screen_reader_running", lambda: False)
    monkeypatch.setattr(fd, "find_backend", lambda params: RecordingBackend())
    env: dict[str, str] = {}
    voice = VoiceParams()
    assert isinstance(found(fd.choose_backend("off", voice, env)), NullBackend)
    assert isinstance(found(fd.choose_backend("reader", voice, env)), NullBackend)
    assert isinstance(found(fd.choose_backend("on", voice, env)), RecordingBackend)
    monkeypatch.setattr(fd, "screen_reader_running", lambda: True)
    assert isinstance(found(fd.choose_backend("reader", voice, env)), RecordingBackend)
    quiet = {"YAHTZEE_SPEECH": "off"}  # the tests' environment: never a real voice
    assert isinstance(found(fd.choose_backend("on", voice, quiet)), NullBackend)


def test_what_is_said_while_the_backend_is_found_is_said_once_it_is_there():
    """The screen reader is looked for on a thread (the desktop's bus can be slow): the
    window does not wait, and the title's first words are not lost."""
    release = threading.Event()
    recording = RecordingBackend()

    def slow_find() -> Backend:
        release.wait(10)
        return recording

    backend = DeferredBackend(slow_find)
    backend.speak("Yahtzee")
    backend.speak("Main menu", CUT_IN)  # cuts off the first, which was never said
    backend.speak("New game: button", Manner(important=True))
    assert recording.spoken == [] and not backend.ready.is_set() and backend.busy
    backend.configure(VoiceParams(rate=40))
    release.set()
    assert backend.ready.wait(10)
    assert recording.spoken == ["Main menu", "New game: button"]
    assert recording.manners == [PLAIN, Manner(important=True)]
    assert recording.params == VoiceParams(rate=40)
    backend.speak("Settings: button", CUT_IN)
    assert recording.spoken[-1] == "Settings: button" and backend.name == "recording"


def test_a_backend_found_after_the_game_closed_is_closed_too():
    release, closed = threading.Event(), []

    class Voice(RecordingBackend):
        def close(self) -> None:
            closed.append(True)

    backend = DeferredBackend(lambda: (release.wait(10), Voice())[1])
    backend.close()
    release.set()
    assert backend.ready.wait(10) and closed == [True] and backend.silent


def test_screen_reader_detection_by_process(monkeypatch):
    monkeypatch.setattr(fd, "_atspi_screen_reader", lambda: False)
    env: dict[str, str] = {}
    assert fd.screen_reader_running("linux", env, lambda: ["bash", "orca"])
    assert not fd.screen_reader_running("linux", env, lambda: ["bash", "xterm"])
    assert fd.screen_reader_running("darwin", env, lambda: ["Finder", "VoiceOver"])
    assert fd.screen_reader_running("linux", {"YAHTZEE_SCREEN_READER": "1"}, lambda: [])

    def fails() -> list[str]:
        raise OSError("no /proc")

    assert not fd.screen_reader_running("linux", env, fails)
