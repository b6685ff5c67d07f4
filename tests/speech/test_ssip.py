"""The game's SSIP client against a real, private speech-dispatcher (tests/speech/conftest.py):
it speaks and hears each phrase's begin and end, queues the game's phrases one after another,
cancels only its own speech (a stand-in screen reader is never cut), applies a rate, and
survives the service going away and coming back."""

from __future__ import annotations

import time

import pytest

from game.speech.client import SpeechClient, Utterance, VoiceParams
from game.speech.ssip import Address, address
from game.tools.speechbed import SpeechBed, missing

LONG = "This is a long sentence, said slowly enough that a key can cut it off halfway."
READER = "The screen reader says a line of its own, which the game must never cut off."


def wait_until(condition, seconds: float = 20.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError("timed out")
        time.sleep(0.01)


def game_client(bed: SpeechBed, params: VoiceParams | None = None) -> SpeechClient:
    client = SpeechClient.open(address({"SPEECHD_ADDRESS": bed.address}), params or VoiceParams())
    assert client is not None
    return client


def test_a_phrase_is_spoken_in_real_time_with_its_begin_and_end(bed):
    client = game_client(bed)
    events: list[str] = []
    client.listener = lambda event, u: events.append(event)
    try:
        said = client.say("One, two, three, four, five.", important=True)
        assert client.busy
        wait_until(lambda: not client.busy)
        assert events == ["sent", "begin", "end"]
        assert said.begun is not None and said.ended is not None
        # espeak-ng at 170 words a minute takes over a second for it: played, not skipped.
        assert said.ended - said.begun > 1.0
        assert said.cut is None and not said.dropped
    finally:
        client.close()


def test_the_games_phrases_queue_and_none_cuts_another(bed):
    client = game_client(bed)
    try:
        said = [client.say(text) for text in ("First.", "Second.", "Third.")]
        wait_until(lambda: not client.busy)
        assert all(u.ended is not None and u.cut is None for u in said)
        for before, after in zip(said, said[1:], strict=False):
            assert before.ended is not None and after.begun is not None
            assert after.begun >= before.ended  # one after the other, each heard whole
    finally:
        client.close()


def test_an_interrupt_stops_only_the_games_own_speech(bed):
    client, reader = game_client(bed), bed.reader()
    try:
        long = client.say(LONG)
        wait_until(lambda: long.begun is not None)
        theirs = reader.say(READER)  # queued behind the game's: "message" never cuts
        time.sleep(0.3)
        answer = client.say("Key answer.", interrupt=True)
        wait_until(lambda: not client.busy and not reader.busy, 30)
        assert long.cut is not None and long.by_key  # the player's key cut it
        assert theirs.ended is not None and theirs.cut is None  # the reader's heard whole
        assert answer.ended is not None and answer.cut is None
    finally:
        client.close()
        reader.close()


def test_game_events_never_cut_the_screen_reader(bed):
    client, reader = game_client(bed), bed.reader()
    try:
        theirs = reader.say(READER)
        wait_until(lambda: theirs.begun is not None)
        ours = [client.say(text, important=True) for text in ("You rolled 6, 3, 1.", "Held 6.")]
        wait_until(lambda: not client.busy and not reader.busy, 30)
        assert theirs.ended is not None and theirs.cut is None
        assert all(u.ended is not None and u.cut is None for u in ours)
        # The game waited for the reader's phrase to end. The two notices come on two
        # connections, read by two threads, and are timed as they are read: on a loaded
        # machine one was read 0.17 and 0.3 s after the other. The reader's line takes over
        # 3 s, so speaking over it would still show as a begin seconds before its end.
        assert ours[0].begun is not None and ours[0].begun > theirs.ended - 0.6
    finally:
        client.close()
        reader.close()


def test_an_interruptible_phrase_not_yet_begun_gives_way_to_the_next(bed):
    client = game_client(bed)
    try:
        first = client.say("A first phrase, which takes a while.")
        stale = client.say("Roll: button", interruptible=True)
        fresh = client.say("Threes: open, scores 9", interruptible=True)
        wait_until(lambda: not client.busy)
        assert first.ended is not None
        assert stale.dropped == "newer" and stale.begun is None
        assert fresh.ended is not None
    finally:
        client.close()


def test_a_faster_rate_says_the_same_phrase_in_less_time(bed):
    def took(rate: int | None) -> float:
        client = game_client(bed, VoiceParams(rate=rate))
        try:
            said = client.say("Ones, twos, threes, fours, fives and sixes.")
            wait_until(lambda: not client.busy)
            assert said.begun is not None and said.ended is not None
            return said.ended - said.begun
        finally:
            client.close()

    normal, fast = took(None), took(60)
    assert fast < 0.8 * normal, (normal, fast)


def test_no_service_is_none_and_never_waits():
    nowhere = Address(path="/tmp/speech-none/no-such.sock")
    began = time.monotonic()
    assert SpeechClient.open(nowhere, VoiceParams()) is None
    assert time.monotonic() - began < 1.0


@pytest.mark.timeout(120)
def test_the_client_survives_the_service_going_away_and_coming_back():
    absent = missing()
    if absent:
        pytest.skip(f"no private speech-dispatcher here: {', '.join(absent)} not installed")
    own = SpeechBed().start()
    client = game_client(own)
    try:
        long = client.say(LONG)
        wait_until(lambda: long.begun is not None)
        own.stop(keep=True)  # the service goes away mid-phrase
        wait_until(lambda: not client.busy, 10)
        assert long.dropped == "lost" and long.ended is None
        began = time.monotonic()
        meanwhile: Utterance = client.say("Said while it is gone.")
        assert time.monotonic() - began < 0.05  # never blocks the game
        wait_until(lambda: meanwhile.done, 10)
        assert meanwhile.dropped == "lost" and not client.busy  # nothing to wait for
        own.start()  # back on the same socket
        wait_until(lambda: client.connected, 15)
        back = client.say("Back again.")
        wait_until(lambda: not client.busy)
        assert back.ended is not None and back.cut is None
    finally:
        client.close()
        own.stop()
