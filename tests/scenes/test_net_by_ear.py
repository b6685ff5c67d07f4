"""A friend at a network table plays by ear, heard through a real speech service
(game.tools.speechbed: speech-dispatcher and espeak-ng, in real time). Each game of a
three-game match is played fast with the friend's speech off and its last round by ear; the
host presses Next game, and after the match Play again, as soon as the results are up, but
after the second game only once the friend, having heard the results, is reading the review.
The friend hears, whole and in order, the last round, the results with the sentence that says
who starts what comes next, in the review that the host began the next game, and then the
next game or the new match begin; nothing the game sent is cut or never begun, and a
stand-in screen reader speaking meanwhile is never stopped.
"""

from __future__ import annotations

import random
import time

import pytest

from game.match.session import fallback_action
from game.rules import Phase
from game.speech.backends import Backend, NullBackend, SsipBackend
from game.speech.client import SpeechClient, VoiceParams
from game.speech.ssip import address
from game.tools.blind_ear import Ears, Reader, tally
from game.tools.speechbed import SpeechBed, missing
from game.ui.spoken import FocusVoice
from tests.heavy import HEAVY_TIMEOUT

from .test_net_table import ENDED, frame, join, play, top_name, two, until

pytestmark = [pytest.mark.heavy, pytest.mark.timeout(HEAVY_TIMEOUT)]
__all__ = ["two"]  # the fixture, used by name
HEARD_WITHIN = 120.0  # s the test waits for a phrase at most (quiet: 25 s at the longest)


class Ear:
    """The friend's screen heard as the app runs it: each frame its scenes, their changes,
    what the top scene says (game.ui.spoken.FocusVoice), then the frame's speech sent."""

    def __init__(self, host, friend, bed: SpeechBed) -> None:
        self.host, self.friend, self.ears = host, friend, Ears()

        def voices(mode: str, params: VoiceParams) -> Backend:
            if mode == "off":
                return NullBackend()
            client = SpeechClient.open(address({"SPEECHD_ADDRESS": bed.address}), params)
            assert client is not None, "the speech bed could not be reached"
            client.listener = self.ears.listen
            return SsipBackend(client)

        friend.voices = voices
        self.voice = FocusVoice(friend.speech)
        self.speak(True)

    def speak(self, on: bool) -> None:
        """The friend turns speech on or off (the screen's own frames said nothing aloud
        meanwhile: what they queued is let go first)."""
        self.friend.speech.flush()
        self.friend.apply_settings(self.friend.settings.replace(speech="on" if on else "off"))

    def frame(self) -> None:
        frame(self.host, self.friend)
        self.voice.watch(self.friend.stack.top)
        self.friend.speech.flush()

    def until(self, test, what: str) -> None:
        deadline = time.monotonic() + HEARD_WITHIN
        while not test():
            last = self.ears.heard(0)[-12:]  # what came last, the rest of it before
            assert time.monotonic() < deadline, (what, last, self.unheard())
            self.frame()

    def unheard(self) -> list[tuple[str, str]]:
        """The utterances sent and not heard whole, with what became of each (a failure's
        account: never begun, cut, lost or still waiting)."""
        with self.ears.lock:
            sent = list(self.ears.utterances)
        return [
            (u.text[:60], u.dropped or ("cut" if u.cut else "begun" if u.begun else "waiting"))
            for u in sent
            if u.ended is None
        ]

    def heard(self, phrase: str, after: int = -1) -> int:
        """Frames run until `phrase` was heard whole after the phrase at `after`; where it
        lies in what was heard."""
        return self.heard_one(lambda said: said == phrase, phrase, after)

    def heard_one(self, test, what: str, after: int = -1) -> int:
        """Frames run until a phrase that passes `test` was heard whole after the phrase at
        `after`; where the first such lies in what was heard."""
        found = lambda: [i for i, p in enumerate(self.ears.heard(0)) if i > after and test(p)]  # noqa: E731
        self.until(found, what)
        return found()[0]

    def listened(self) -> None:
        """Frames run until the friend's screen has said all it had to say (a blind player
        hears it out before the next key)."""
        self.until(lambda: not self.friend.speech.busy, "all said")


def play_by_ear(ear: Ear, screens, done) -> None:
    """Each screen plays its own turns, the likely move: the host at once, the friend once
    all that was said was heard (a blind player acts on what they heard)."""
    rng = random.Random(8)
    deadline = time.monotonic() + HEARD_WITHIN * 3
    while not done():
        assert time.monotonic() < deadline, ("the last round", ear.ears.heard(0), ear.unheard())
        for scene, ctx in zip(screens, (ear.host, ear.friend), strict=True):
            state = scene.session.state
            ready = scene.net.ours() and not scene.net.waiting and not scene.tray.animating
            if ready and not (ctx is ear.friend and ctx.speech.busy):
                ctx.speech.interrupt()  # (as the app does for every key)
                action = fallback_action(state) or rng.choice(state.legal_actions())
                scene.act(action, confirmed=True)
        ear.frame()


def last_round_by_ear(ear: Ear, screens, seed: int) -> None:
    """The game played fast with the friend's speech off, its last round by ear, until
    both screens show the results."""
    ear.speak(False)
    last_round = lambda: all(s.session.state.turn >= 24 for s in screens)  # noqa: E731
    play(screens, last_round, ear.host, ear.friend, rng=random.Random(seed))
    ear.speak(True)
    ended = lambda: all(s.session.state.phase in ENDED for s in screens)  # noqa: E731
    play_by_ear(ear, screens, ended)
    both = lambda: top_name(ear.host) == top_name(ear.friend) == "ResultsScene"  # noqa: E731
    ear.until(both, "both screens at the results")


def press_at_results(ear: Ear, press, told: str) -> tuple[int, float]:
    """The host presses `press` as soon as the results are up; once the friend is back at
    the table and heard the results' sentence `told` whole: where it lies in what was heard,
    and how many seconds after the press."""
    pressed = time.monotonic()
    press()
    ear.until(lambda: top_name(ear.friend) == "TableScene", "the friend at the table")
    return ear.heard(told), time.monotonic() - pressed


def review_as_the_host_begins(ear: Ear, after: int) -> tuple[int, int, int]:
    """The friend hears the results out and opens the review; the host begins the next game
    meanwhile. The friend hears so in the review, hears it out, and goes back (Esc) to the
    table, hearing where its game stands and nothing of the results passed on the way:
    where the results' sentence, the notice and the table's first phrase lie in what was
    heard."""
    told = ear.heard_one(lambda p: p.startswith("The next game begins when"), "who starts", after)
    ear.listened()
    ear.friend.speech.interrupt()  # (as the app does for every key)
    ear.friend.stack.top.review()
    ear.until(lambda: top_name(ear.friend) == "ReviewScene", "the friend in the review")
    ear.host.stack.top.next_net_game()
    began = ear.heard("Ann began the next game", after=told)
    assert ear.heard("Game 3 of 3", after=told) < began  # the table under them, then the notice
    assert top_name(ear.friend) == "ReviewScene"  # not taken from what they read
    ear.listened()
    back = ear.ears.count
    ear.friend.speech.interrupt()
    ear.friend.stack.pop()
    ear.until(lambda: top_name(ear.friend) == "TableScene", "the friend back at the table")
    table = ear.heard_one(lambda p: p.startswith("Turn: "), "the table", back - 1)
    assert "Results" not in ear.ears.heard(back)
    return told, began, table


def test_a_friend_hears_the_results_and_what_the_host_starts_next(two):
    absent = missing()
    if absent:
        pytest.skip(f"no private speech-dispatcher here: {', '.join(absent)} not installed")
    host, friend = two
    with SpeechBed() as bed:
        reader = Reader(bed.reader(), every=4.0)
        try:
            join(host, friend, games=3)
            host.stack.top.start()
            until(lambda: top_name(host) == top_name(friend) == "TableScene", host, friend)
            ear = Ear(host, friend, bed)
            reader.start()
            last_round_by_ear(ear, [host.stack.top, friend.stack.top], seed=7)
            told = "The next game begins when Ann is ready"
            between, between_after = press_at_results(ear, host.stack.top.next_net_game, told)
            state = friend.stack.top.session.state
            assert state.game_index == 1 and state.phase is Phase.TURN
            second = ear.heard("Game 2 of 3")
            last_round_by_ear(ear, [host.stack.top, friend.stack.top], seed=9)
            told_in_review, began, third = review_as_the_host_begins(ear, after=second)
            last_round_by_ear(ear, [host.stack.top, friend.stack.top], seed=10)
            told = "Ann may start a new match at this table"
            after, after_after = press_at_results(ear, host.stack.top.play_net_again, told)
            state = friend.stack.top.session.state
            assert state.game_index == 0 and state.turn == 0
            again = ear.heard("Ann started a new match at this table")
        finally:
            reader.close()
            friend.speech.close()
        outcome = tally(ear.ears, reader)
        whole = ear.ears.heard(0)
    print(f"heard whole: {whole}")
    print(*outcome.lines(), sep="\n")
    print(f"heard whole {between_after:.1f} s and {after_after:.1f} s after the results came up")
    # The last round, the results, who starts the next game, then that game.
    assert whole.index("Your turn") < whole.index("Results") < between < second
    assert second < told_in_review < began < third < after < again
    assert outcome.important_cut == [] and outcome.never_begun == []
    assert outcome.reader_phrases > 0 and outcome.reader_stopped == 0
