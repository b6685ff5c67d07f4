"""The game's voice through speech-dispatcher: one SSIP connection (game.speech.ssip), kept
by a thread of its own so that no frame ever waits on the service.

- One utterance is with the service at a time; the next is sent when the service says the
  last one ended (or was cancelled). The game's own queue is kept here, so a screen reader's
  speech gets its turn between two of the game's phrases, and `busy` tells the game whether
  anything it said is still to be heard (it waits on that where a sighted player would look).
- Every message goes at SSIP priority "message", the one Orca uses: messages of that
  priority queue behind each other and never cancel one another, so the game never cuts the
  screen reader (priority "text" would be cut by the reader's messages and cut its "text";
  "important" would cut the reader).
- `cancel` stops the game's own speech only (CANCEL self, never CANCEL ALL) and drops what it
  had queued: the player's key made it stale. It is sent on the same connection, before the
  next SPEAK, so it can never land after the new phrase and cancel it too.
- A lost service is looked for again every few seconds (RETRY); meanwhile what is said is
  dropped at once (`busy` is false: the game never waits on a voice that is not there). At
  the start, a service not running is started as speech-dispatcher's own clients do
  (`speech-dispatcher --spawn`), when the address is the default one.
- `listener(event, utterance)` hears each step ("sent", "begin", "end", "cut", "dropped"),
  with the times kept on the utterance (the blind test counts what was heard from these).
"""

from __future__ import annotations

import contextlib
import getpass
import logging
import re
import select
import shutil
import socket
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

from game import children
from game.speech.ssip import BEGIN, CANCELED, END, Address, Connection, Refused, SsipError

log = logging.getLogger(__name__)

NAME = "yahtzee-table"
RETRY = (0.5, 1.0, 2.0, 5.0)  # s between looks for a lost service, growing to the last
SPAWN_TIMEOUT = 5.0  # s for `speech-dispatcher --spawn` to start the service
WAIT_BEGIN = 20.0  # s an utterance may wait for its turn (a reader's long text) at most
PER_CHARACTER = 0.2  # s: a phrase is given at most this long a character to be said, and
SLACK = 3.0  # s more, before it counts as lost (a service that never says END)
CLOSE_WAIT = 0.5  # s close() waits for the thread


@dataclass(eq=False)
class Utterance:
    """One phrase said, and what became of it (monotonic times, None until it happened)."""

    text: str
    important: bool = False
    interruptible: bool = False  # gives way to a newer one while not yet sent
    queued: float = field(default_factory=time.monotonic)
    sent: float | None = None
    message: int | None = None  # the service's id
    begun: float | None = None
    ended: float | None = None  # heard whole
    cut: float | None = None  # cancelled while being said
    # Never said: "key" (the player's key), "newer" (an interruptible one given way), "lost"
    # (no service, or no end heard in time), "cancel" (cancelled before it began).
    dropped: str = ""
    by_key: bool = False  # stopped by the player's key (what `cancel` stops)

    @property
    def done(self) -> bool:
        return self.ended is not None or self.cut is not None or bool(self.dropped)


@dataclass(frozen=True)
class VoiceParams:
    """How the game's speech sounds: None (or "") leaves the service's own setting."""

    language: str = ""
    rate: int | None = None  # -100..100
    pitch: int | None = None  # -100..100
    volume: int | None = None  # -100..100
    voice: str = ""  # a synthesis voice's name, as the service lists them

    def commands(self) -> list[str]:
        said = [f"SET self LANGUAGE {self.language}"] if self.language else []
        for name, value in (("RATE", self.rate), ("PITCH", self.pitch), ("VOLUME", self.volume)):
            if value is not None:
                said.append(f"SET self {name} {max(-100, min(100, int(value)))}")
        if self.voice:
            said.append(f"SET self SYNTHESIS_VOICE {self.voice}")
        return said


Listener = Callable[[str, Utterance], None]


class SpeechClient:
    """See the module's docstring. Made by `open`, which returns None when no service can be
    reached; from then on the client keeps itself connected."""

    def __init__(
        self,
        where: Address,
        params: VoiceParams,
        conn: Connection | None = None,
        name: str = NAME,
    ) -> None:
        self.where = where
        self.params = params
        self.name = name
        self.listener: Listener | None = None
        self._lock = threading.Lock()
        self._requests: deque[tuple[str, object]] = deque()
        self._open = 0  # utterances said and not yet done
        self._voices: list[tuple[str, str]] | None = None
        self._closing = False
        self._wake_r, self._wake_w = socket.socketpair()
        self._conn = conn
        if conn is not None:
            conn.on_notice = self._notice
        self._queue: deque[Utterance] = deque()
        self._current: Utterance | None = None
        self._by_id: dict[int, Utterance] = {}
        self._retry = 0
        self._thread = threading.Thread(target=self._run, name="speech", daemon=True)
        self._thread.start()

    @classmethod
    def open(
        cls, where: Address, params: VoiceParams, spawn: bool = False, name: str = NAME
    ) -> SpeechClient | None:
        """A client connected to the service at `where` (started first with `spawn`, if it
        is not running), or None; `name` is the client's name there. Blocks up to a few
        seconds: call it off the game's thread."""
        try:
            conn = _connect(where, params, name)
        except SsipError as error:
            if not spawn or not _spawn(where):
                log.info("speech: %s", error)
                return None
            try:
                conn = _connect(where, params, name, patience=3.0)
            except SsipError as again:
                log.info("speech: %s", again)
                return None
        return cls(where, params, conn, name)

    # ----------------------------------------------------------------- the game's side
    def say(
        self,
        text: str,
        interrupt: bool = False,
        important: bool = False,
        interruptible: bool = False,
    ) -> Utterance:
        """Queue `text`; with `interrupt`, first stop and drop what the game was saying."""
        utterance = Utterance(text, important, interruptible)
        with self._lock:
            if interrupt:
                self._requests.append(("cancel", None))
            self._requests.append(("say", utterance))
            self._open += 1
        self._wake()
        return utterance

    def cancel(self) -> None:
        """Stop the game's own speech and drop what it had queued (never another client's)."""
        with self._lock:
            self._requests.append(("cancel", None))
        self._wake()

    def configure(self, params: VoiceParams) -> None:
        with self._lock:
            self._requests.append(("params", params))
        self._wake()

    def want_voices(self) -> None:
        """Ask the service for its voices (read later with `voices`)."""
        with self._lock:
            self._requests.append(("voices", None))
        self._wake()

    def voices(self) -> list[tuple[str, str]] | None:
        """(name, language) of each synthesis voice, once asked and answered; else None."""
        with self._lock:
            return None if self._voices is None else list(self._voices)

    @property
    def busy(self) -> bool:
        """Something the game said is still to be heard (queued, or being said)."""
        with self._lock:
            return self._open > 0

    @property
    def connected(self) -> bool:
        return self._conn is not None

    def close(self) -> None:
        """Leave the service (what it is saying finishes there); returns within CLOSE_WAIT."""
        with self._lock:
            self._closing = True
        self._wake()
        self._thread.join(CLOSE_WAIT)

    def _wake(self) -> None:
        with contextlib.suppress(OSError):
            self._wake_w.send(b"!")

    # ----------------------------------------------------------------- the thread
    def _run(self) -> None:
        try:
            while not self._closing:
                if self._conn is None:
                    self._reconnect()
                    continue
                try:
                    self._serve()
                except Refused as refusal:
                    log.warning("speech: %s", refusal)
                except SsipError as error:
                    log.warning("speech: %s; looking for it again", error)
                    self._lose()
        finally:
            if self._conn is not None:
                self._conn.close()
            self._drop_all("lost")
            self._wake_r.close()
            self._wake_w.close()

    def _serve(self) -> None:
        conn = self._conn
        assert conn is not None
        self._take_requests(conn)
        current = self._current
        if current is not None and time.monotonic() > self._deadline(current):
            log.warning("speech: no end heard for %r; going on", current.text[:40])
            self._finish(current, "lost")
        if self._current is None and self._queue:
            self._send(conn, self._queue.popleft())
        ready, _w, _x = select.select([conn.sock, self._wake_r], [], [], 0.25)
        if self._wake_r in ready:
            with contextlib.suppress(OSError):
                self._wake_r.recv(4096)
        conn.poll(0.0)  # what came meanwhile, and what came with a command's reply

    def _take_requests(self, conn: Connection) -> None:
        with self._lock:
            requests, self._requests = list(self._requests), deque()
        for kind, value in requests:
            if kind == "say":
                assert isinstance(value, Utterance)
                if self._queue and self._queue[-1].interruptible:
                    self._finish(self._queue.pop(), "newer")
                self._queue.append(value)
            elif kind == "cancel":
                for waiting in self._queue:
                    waiting.by_key = True
                    self._finish(waiting, "key")
                self._queue.clear()
                if self._current is not None:
                    self._current.by_key = True
                    conn.command("CANCEL self")
                    self._current = None  # its CANCELED notice comes; the next may go now
            elif kind == "params":
                assert isinstance(value, VoiceParams)
                self.params = value
                _apply(conn, value)
            elif kind == "voices":
                _code, lines = conn.command("LIST SYNTHESIS_VOICES")
                found = [tuple(ln.split("\t")[:2]) for ln in lines[:-1] if "\t" in ln]
                with self._lock:
                    self._voices = [(name, lang) for name, lang in found]

    def _send(self, conn: Connection, utterance: Utterance) -> None:
        self._current = utterance
        utterance.sent = time.monotonic()
        message = conn.speak(utterance.text)
        utterance.message = message
        self._by_id[message] = utterance
        self._tell("sent", utterance)
        conn.deliver()  # its BEGIN may have come with SPEAK's reply

    def _notice(self, code: int, message: int) -> None:
        utterance = self._by_id.get(message)
        if utterance is None:
            return
        now = time.monotonic()
        if code == BEGIN:
            utterance.begun = now
            self._tell("begin", utterance)
        elif code == END:
            utterance.ended = now
            self._close_out(utterance, "end")
        elif code == CANCELED:
            if utterance.begun is not None:
                utterance.cut = now
                self._close_out(utterance, "cut")
            else:
                self._finish(utterance, utterance.dropped or "cancel")

    def _close_out(self, utterance: Utterance, event: str) -> None:
        if utterance.message is not None:
            self._by_id.pop(utterance.message, None)
        if self._current is utterance:
            self._current = None
        self._count_done(utterance)
        self._tell(event, utterance)

    def _finish(self, utterance: Utterance, why: str) -> None:
        """Never heard: dropped for `why`."""
        already = utterance.done
        utterance.dropped = utterance.dropped or why
        if utterance.message is not None:
            self._by_id.pop(utterance.message, None)
        if self._current is utterance:
            self._current = None
        if not already:
            self._count_done(utterance)
            self._tell("dropped", utterance)

    def _count_done(self, utterance: Utterance) -> None:
        """One more utterance done (each reaches here once: see _close_out and _finish)."""
        with self._lock:
            self._open -= 1

    def _tell(self, event: str, utterance: Utterance) -> None:
        listener = self.listener
        if listener is not None:
            try:
                listener(event, utterance)
            except Exception:
                log.exception("speech: a listener failed")

    @staticmethod
    def _deadline(utterance: Utterance) -> float:
        if utterance.begun is None:
            return (utterance.sent or utterance.queued) + WAIT_BEGIN
        return utterance.begun + SLACK + PER_CHARACTER * len(utterance.text)

    def _drop_all(self, why: str) -> None:
        with self._lock:
            requests, self._requests = list(self._requests), deque()
        for kind, value in requests:
            if kind == "say" and isinstance(value, Utterance):
                self._queue.append(value)
        for utterance in [*self._queue, *([self._current] if self._current else [])]:
            self._finish(utterance, why)
        self._queue.clear()
        for utterance in list(self._by_id.values()):
            self._finish(utterance, why)

    def _lose(self) -> None:
        if self._conn is not None:
            self._conn.close()
        self._conn = None
        self._drop_all("lost")

    def _reconnect(self) -> None:
        """Wait a while (or until closed), then try the service again."""
        pause = RETRY[min(self._retry, len(RETRY) - 1)]
        deadline = time.monotonic() + pause
        while not self._closing and time.monotonic() < deadline:
            self._drop_all("lost")  # what is said meanwhile is not waited for
            ready, _w, _x = select.select([self._wake_r], [], [], deadline - time.monotonic())
            if ready:
                with contextlib.suppress(OSError):
                    self._wake_r.recv(4096)
        if self._closing:
            return
        try:
            self._conn = _connect(self.where, self.params, self.name)
            self._conn.on_notice = self._notice
            self._retry = 0
            log.info("speech: speech-dispatcher is back")
        except SsipError:
            self._retry += 1


def _client_name(name: str) -> str:
    """SSIP's user:application:component, each part letters, digits, - and _ only."""
    try:
        user = getpass.getuser()
    except (OSError, KeyError):
        user = "user"
    return ":".join(re.sub(r"[^A-Za-z0-9_-]", "_", part) or "x" for part in (user, name, "main"))


def _apply(conn: Connection, params: VoiceParams) -> None:
    for line in params.commands():
        try:
            conn.command(line)
        except Refused as refusal:  # an unknown voice or language: the service's default
            log.info("speech: %s", refusal)


def _connect(
    where: Address, params: VoiceParams, name: str = NAME, patience: float = 0.0
) -> Connection:
    """A connection set up for the game: its name, notices on, priority message, `params`.
    With `patience`, tries again for that many seconds (a service just started)."""
    deadline = time.monotonic() + patience
    while True:
        try:
            conn = Connection(where, lambda code, message: None)
            break
        except SsipError:
            if time.monotonic() >= deadline:
                raise
            time.sleep(0.1)
    try:
        conn.command(f"SET self CLIENT_NAME {_client_name(name)}")
        conn.command("SET self NOTIFICATION all on")
        conn.command("SET self PRIORITY message")
        _apply(conn, params)
    except SsipError:
        conn.close()
        raise
    return conn


def _spawn(where: Address) -> bool:
    """Start the user's speech-dispatcher on the default socket, as its own clients do."""
    exe = shutil.which("speech-dispatcher")
    if exe is None or not where.path:
        return False
    args = [exe, "--spawn", "--communication-method", "unix_socket", "--socket-path", where.path]
    return children.run(args, SPAWN_TIMEOUT) is not None
