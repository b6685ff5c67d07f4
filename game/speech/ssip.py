"""Speech-dispatcher's protocol, SSIP, over its socket: where the service listens, and one
connection to it (commands and their replies, messages spoken, and the notices the service
sends of each message's begin, end and cancel).

Written from speech-dispatcher's documentation of SSIP (the "Speech Synthesis Interface
Protocol" manual): lines end in CR LF; a reply is lines "NNN-text" closed by one "NNN text";
SPEAK answers 230, then takes the text closed by a line holding one dot (a line of the text
starting with a dot gets a second one), and answers "225-<message id>" / "225 OK MESSAGE
QUEUED". With notifications on, the service sends "70x-<message id>" / "70x-<client id>" /
"70x EVENT" at any time between replies: 701 BEGIN, 702 END, 703 CANCELED (704 and 705 are
pause and resume, 700 an index mark). This module is used by one thread only (the client's,
game.speech.client); it blocks, with timeouts, and raises SsipError on anything unexpected.
"""

from __future__ import annotations

import os
import select
import socket
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

TIMEOUT = 5.0  # s for a reply (the service answers in milliseconds)
CONNECT_TIMEOUT = 2.0  # s
BEGIN, END, CANCELED = 701, 702, 703
EVENTS = {700: "index", 701: "begin", 702: "end", 703: "cancel", 704: "pause", 705: "resume"}


class SsipError(OSError):
    """The service went away, or said something unexpected: the connection is done for."""


class Refused(SsipError):
    """The service refused a command (an unknown voice, say); the connection is fine."""


@dataclass(frozen=True)
class Address:
    """Where the service listens: a Unix socket's path, or a host and port."""

    path: str = ""
    host: str = ""
    port: int = 0

    def __str__(self) -> str:
        return f"unix_socket:{self.path}" if self.path else f"inet_socket:{self.host}:{self.port}"


def default_socket(environ: Mapping[str, str]) -> str:
    """The socket a user's speech-dispatcher listens on by default (speechd.conf's
    "default"): in the runtime folder, else in the user's cache."""
    runtime = environ.get("XDG_RUNTIME_DIR")
    if runtime:
        return str(Path(runtime, "speech-dispatcher", "speechd.sock"))
    home = environ.get("HOME") or str(Path.home())
    return str(Path(home, ".cache", "speech-dispatcher", "speechd.sock"))


def address(environ: Mapping[str, str] | None = None) -> Address:
    """SPEECHD_ADDRESS ("unix_socket:/path", "inet_socket:host:port", or a method alone for
    its default), else the default socket.

    >>> address({"SPEECHD_ADDRESS": "unix_socket:/tmp/s.sock"})
    Address(path='/tmp/s.sock', host='', port=0)
    >>> address({"SPEECHD_ADDRESS": "inet_socket:localhost:6560"})
    Address(path='', host='localhost', port=6560)
    >>> address({"XDG_RUNTIME_DIR": "/run/user/1000"}).path
    '/run/user/1000/speech-dispatcher/speechd.sock'
    """
    env = os.environ if environ is None else environ
    method, _colon, rest = env.get("SPEECHD_ADDRESS", "").strip().partition(":")
    if method == "inet_socket":
        host, _colon, port = rest.rpartition(":")
        if not host:  # "inet_socket:localhost": the default port
            host, port = rest, ""
        return Address(host=host or "127.0.0.1", port=int(port) if port.isdigit() else 6560)
    if method == "unix_socket" and rest:
        return Address(path=rest)
    return Address(path=default_socket(env))


Notice = tuple[int, int]  # (event code 700..705, the service's message id)


class Connection:
    """One SSIP connection (see the module's docstring). `on_notice(code, message id)` is
    called for each notice read: by `poll` or `deliver`, never inside a command (a message's
    BEGIN may come before SPEAK's own reply names the message)."""

    def __init__(self, where: Address, on_notice: Callable[[int, int], None]) -> None:
        self.on_notice = on_notice
        family = socket.AF_UNIX if where.path else socket.AF_INET
        self.sock = socket.socket(family, socket.SOCK_STREAM)
        self.sock.settimeout(CONNECT_TIMEOUT)
        try:
            self.sock.connect(where.path if where.path else (where.host, where.port))
        except OSError as error:
            self.sock.close()
            raise SsipError(f"cannot reach speech-dispatcher at {where}: {error}") from None
        self.sock.settimeout(TIMEOUT)
        self._buffer = b""
        self._held: list[tuple[int, int]] = []  # notices read while waiting for a reply
        self.closed = False

    def fileno(self) -> int:
        return self.sock.fileno()

    def close(self) -> None:
        """QUIT and close (what the service was saying is left to finish)."""
        if self.closed:
            return
        self.closed = True
        try:
            self.sock.settimeout(0.2)
            self.sock.sendall(b"QUIT\r\n")
        except OSError:
            pass
        finally:
            self.sock.close()

    # ----------------------------------------------------------------- commands
    def command(self, line: str) -> tuple[int, list[str]]:
        """Send one command; (the reply's code, its lines' texts). SsipError on a 3xx-5xx."""
        if "\n" in line or "\r" in line:
            raise SsipError("a command is one line")
        self._send(line.encode("utf-8") + b"\r\n")
        return self._reply()

    def speak(self, text: str) -> int:
        """Queue `text` (plain text) with the service; its message id."""
        self.command("SPEAK")
        lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
        body = "\r\n".join("." + ln if ln.startswith(".") else ln for ln in lines)
        self._send(body.encode("utf-8") + b"\r\n.\r\n")
        code, texts = self._reply()
        if code != 225 or not texts or not texts[0].isdigit():
            raise SsipError(f"SPEAK answered {code} {texts}")
        return int(texts[0])

    def deliver(self) -> None:
        """Hand on the notices read while a command waited for its reply."""
        held, self._held = self._held, []
        for code, message in held:
            self.on_notice(code, message)

    def poll(self, timeout: float) -> None:
        """Read what the service sent within `timeout` seconds (notices), if anything."""
        self.deliver()
        if self._buffer:
            self._take_notices()
        ready, _w, _x = select.select([self.sock], [], [], max(0.0, timeout))
        if ready:
            self._receive()
            self._take_notices()

    # ----------------------------------------------------------------- the wire
    def _send(self, data: bytes) -> None:
        try:
            self.sock.sendall(data)
        except OSError as error:
            raise SsipError(f"speech-dispatcher went away ({error})") from None

    def _receive(self) -> None:
        try:
            data = self.sock.recv(65536)
        except OSError as error:
            raise SsipError(f"speech-dispatcher went away ({error})") from None
        if not data:
            raise SsipError("speech-dispatcher closed the connection")
        self._buffer += data

    def _line(self) -> str | None:
        """The next whole line in the buffer, or None."""
        end = self._buffer.find(b"\r\n")
        if end < 0:
            return None
        raw, self._buffer = self._buffer[:end], self._buffer[end + 2 :]
        return raw.decode("utf-8", "replace")

    def _block(self) -> list[str] | None:
        """The next whole reply or notice in the buffer (its lines), or None."""
        lines: list[str] = []
        rest = self._buffer
        while True:
            line = self._line()
            if line is None:
                self._buffer = rest  # not whole yet: put it all back
                return None
            lines.append(line)
            if len(line) < 4 or line[3] != "-":
                return lines

    def _take_notices(self) -> None:
        """Hand on every whole notice at the front of the buffer."""
        while self._buffer.startswith(b"7"):
            block = self._block()
            if block is None:
                return
            self._notice(block)

    def _notice(self, block: list[str], hold: bool = False) -> None:
        code = _code(block[-1])
        message = block[0][4:] if len(block) >= 2 else ""
        if code in EVENTS and message.isdigit():
            if hold:
                self._held.append((code, int(message)))
            else:
                self.on_notice(code, int(message))

    def _reply(self) -> tuple[int, list[str]]:
        """The reply to the command just sent; notices read meanwhile are handed on."""
        while True:
            block = self._block()
            if block is None:
                self._receive()
                continue
            code = _code(block[-1])
            if 700 <= code < 800:
                self._notice(block, hold=True)
                continue
            if 400 <= code < 600:
                raise Refused(f"speech-dispatcher answered {block[-1]!r}")
            if not 200 <= code < 300:
                raise SsipError(f"speech-dispatcher answered {block[-1]!r}")
            return code, [line[4:] for line in block]


def _code(line: str) -> int:
    head = line[:3]
    if not head.isdigit():
        raise SsipError(f"not an SSIP line: {line[:40]!r}")
    return int(head)
