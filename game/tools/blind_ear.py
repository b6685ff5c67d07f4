"""What the blind test hears, and what it counts: every utterance the game sent to the speech
service, with the begin, end and cancel the service itself noticed (game.speech.client's
listener), the player's keys, and a stand-in screen reader (a second client of the service)
whose speech the game must never stop.

Counted: utterances; important ones cut, or never said, by the game (not by a key); ones
sent and never begun; the time from each key to the voice that answered it; the stand-in
reader's phrases stopped by anyone but itself; the speech a CPU's turn took.
"""

from __future__ import annotations

import re
import statistics
import threading
import time
from dataclasses import dataclass, field

from game.speech.client import SpeechClient, Utterance

# How a frame's phrases are joined into one utterance (game.speech.channel), undone.
SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
POSITION = re.compile(r", \d+ \w+ \d+$")  # "New game: button, 1 of 6": the place in a menu
KEY_ANSWER = 2.0  # s: a voice later than this is not the key's answer


def phrases(utterance: str) -> list[str]:
    """The phrases of an utterance, as said (a phrase's closing full stop dropped)."""
    said = []
    for part in SENTENCE_END.split(utterance.strip()):
        part = part.strip()
        if part.endswith(".") and not part.endswith("..."):
            part = part[:-1]
        if part:
            said.append(part)
    return said


class Ears:
    """The game's voice as a listener gets it (see the module's docstring)."""

    def __init__(self) -> None:
        self.lock = threading.Condition()
        self.utterances: list[Utterance] = []  # every one sent to the service, in order
        self.whole: list[str] = []  # the phrases heard whole, in order
        self.speaking: Utterance | None = None
        self.silent_since = time.monotonic()
        self.keys: list[tuple[float, str]] = []  # (when, which key)

    def listen(self, event: str, utterance: Utterance) -> None:
        """The game's client's listener (on the client's thread)."""
        now = time.monotonic()
        with self.lock:
            if event == "sent":
                self.utterances.append(utterance)
            elif event == "begin":
                self.speaking = utterance
            elif self.speaking is utterance or self.speaking is None:
                self.speaking = None
                self.silent_since = now
            if event == "end":
                self.whole += [POSITION.sub("", p) for p in phrases(utterance.text)]
            self.lock.notify_all()

    def key(self, name: str) -> None:
        with self.lock:
            self.keys.append((time.monotonic(), name))

    def quiet_for(self) -> float:
        """Seconds the voice has been silent (0 while it speaks)."""
        with self.lock:
            return 0.0 if self.speaking is not None else time.monotonic() - self.silent_since

    def heard(self, since: int) -> list[str]:
        with self.lock:
            return list(self.whole[since:])

    @property
    def count(self) -> int:
        with self.lock:
            return len(self.whole)


@dataclass
class Reader:
    """A stand-in screen reader: a second client of the service, as Orca is (priority
    message, its own new phrase cancelling its own last), speaking every `every` seconds."""

    client: SpeechClient
    every: float = 25.0
    said: list[Utterance] = field(default_factory=list)
    stop: threading.Event = field(default_factory=threading.Event)

    def start(self) -> None:
        threading.Thread(target=self._run, name="reader", daemon=True).start()

    def _run(self) -> None:
        n = 0
        while not self.stop.wait(self.every):
            n += 1
            self.said.append(self.client.say(f"Screen reader, notice {n}.", interrupt=True))

    def close(self) -> None:
        self.stop.set()
        deadline = time.monotonic() + 10
        while self.client.busy and time.monotonic() < deadline:
            time.sleep(0.05)
        self.client.close()

    @property
    def stopped(self) -> list[Utterance]:
        """Its phrases stopped by anyone but itself (never by the game, it must be)."""
        return [u for u in self.said if (u.cut or u.dropped == "cancel") and not u.by_key]


@dataclass(frozen=True)
class Tally:
    utterances: int
    phrases: int
    important: int
    important_cut: list[Utterance]  # by the game, not a key
    never_begun: list[Utterance]  # sent, no begin, no key to blame
    cut_by_keys: int
    latencies: list[float]  # s from a key to the voice that answered it
    behind_reader: list[float]  # the same, for keys answered after the reader's speech
    in_game: list[float]  # s from a key to the game's answer handed to the service
    reader_phrases: int
    reader_stopped: int

    def lines(self) -> list[str]:
        late = self.latencies
        p50, p90 = _median(late), _p90(late)
        return [
            f"utterances sent: {self.utterances} ({self.phrases} phrases heard whole)",
            f"important utterances: {self.important}; cut by the game: {len(self.important_cut)}",
            f"utterances never begun (no key to blame): {len(self.never_begun)}",
            f"utterances cut by the player's keys: {self.cut_by_keys}",
            f"key to voice: median {p50 * 1000:.0f} ms, p90 {p90 * 1000:.0f} ms "
            f"({len(late)} keys answered with the reader silent)",
            f"  of which in the game (key to the phrase sent): median "
            f"{_median(self.in_game) * 1000:.0f} ms, p90 {_p90(self.in_game) * 1000:.0f} ms; "
            "the rest is the service and the synthesizer",
            f"  and {len(self.behind_reader)} keys answered after the reader's own speech "
            f"(it is never cut): median {_median(self.behind_reader) * 1000:.0f} ms",
            f"stand-in reader: {self.reader_phrases} phrases, stopped by the game: "
            f"{self.reader_stopped}",
        ]


def _median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def _p90(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))] if ordered else float("nan")


def tally(ears: Ears, reader: Reader | None) -> Tally:
    with ears.lock:
        sent = [u for u in ears.utterances if u.sent is not None]
        keys = [when for when, _name in ears.keys]
        whole = len(ears.whole)
    theirs = [(u.begun, u.ended or u.cut or u.begun) for u in (reader.said if reader else [])]
    latencies: list[float] = []
    behind: list[float] = []
    to_sent: list[float] = []  # the part of the latency in the game (key to SPEAK)
    for i, when in enumerate(keys):
        upto = keys[i + 1] if i + 1 < len(keys) else float("inf")
        answer = next((u for u in sent if when <= (u.sent or 0) < upto), None)
        if answer is None or answer.begun is None or answer.begun - when >= KEY_ANSWER:
            continue
        # A key pressed while the screen reader spoke: the game's answer waits its turn.
        waited = any(
            b is not None and e is not None and b <= answer.begun and e > when for b, e in theirs
        )
        (behind if waited else latencies).append(answer.begun - when)
        if not waited and answer.sent is not None:
            to_sent.append(answer.sent - when)
    game_cut = [u for u in sent if u.important and not u.by_key and (u.cut or u.dropped)]
    return Tally(
        utterances=len(sent),
        phrases=whole,
        important=sum(u.important for u in sent),
        important_cut=game_cut,
        never_begun=[u for u in sent if u.begun is None and not u.by_key],
        cut_by_keys=sum(1 for u in sent if u.by_key and u.cut),
        latencies=latencies,
        behind_reader=behind,
        in_game=to_sent,
        reader_phrases=len(reader.said) if reader else 0,
        reader_stopped=len(reader.stopped) if reader else 0,
    )
