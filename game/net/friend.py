"""A friend's end: the connection to a host's table, on an event loop of its own thread.

It makes the handshake (the table code proves itself without being sent: game.net.secure),
sends the join and the friend's intents, and hands everything the host says, checked message
by message, to whoever plays (the table's screen, or a headless bot) through `updates()`,
together with `Link` notes on the connection itself. A connection that drops is made again,
with the seat token, for `reconnect_for` seconds; so is one the host turned away as busy; a
host that says no for any other reason is never asked again.

    friend = Friend(Invite("192.168.1.20", 47000, "K7QM3XDA"), Join(1, "Ann", 3)).start()
    for update in friend.updates(timeout=0.1): ...
    friend.act(Roll(), at=follower.step)
    friend.close()
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import queue
import time
from collections.abc import Callable
from dataclasses import dataclass, replace

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from game.net import codec
from game.net import messages as m
from game.net.codes import Invite
from game.net.limits import Limits
from game.net.loop import LoopThread
from game.net.secure import FRIEND_ID, HOST_ID, FriendHandshake, Opener, Sealer
from game.net.version import game_version
from game.net.wire import ProtocolError
from game.rules import Action

log = logging.getLogger(__name__)
SEAL_OVERHEAD = 64
HANDSHAKE_SECONDS = 10.0
LOST = (OSError, ConnectionClosed, InvalidHandshake, TimeoutError, ProtocolError)
FIRST_RETRY = 0.5  # s before the first try again; doubled up to LAST_RETRY
LAST_RETRY = 4.0


@dataclass(frozen=True)
class Link:
    """How the connection stands: "joined" (the host has our join), "lost" (trying again),
    "denied" (the host said no: `reason`, and its versions when they differ), "closed"
    (the host closed the table, or took our seat away), "gave_up" (lost for too long)."""

    state: str
    reason: str | None = None
    host_protocol: int | None = None
    host_game: str | None = None


Update = m.HostMessage | Link


class DeniedError(Exception):
    def __init__(self, denied: m.Denied) -> None:
        super().__init__(denied.reason)
        self.denied = denied


class Friend:
    def __init__(
        self,
        invite: Invite,
        join: m.Join,
        *,
        reconnect_for: float = 120.0,
        limits: Limits | None = None,
        protocol: int = m.PROTOCOL,
    ) -> None:
        self.invite = invite
        self.protocol = protocol  # the protocol spoken (only the tests speak another)
        self.join = join
        self.reconnect_for = reconnect_for
        self.limits = limits or Limits()
        self.token: bytes | None = join.token
        self._updates: queue.Queue[Update] = queue.Queue()
        self._thread = LoopThread("net-friend")
        self._ids = itertools.count(1)
        self._outbox: asyncio.Queue[m.FriendMessage] | None = None
        self._done = False  # the host closed the table for us, or we left
        self._runner: asyncio.Task[None] | None = None

    # ----------------------------------------------------------------- from any thread
    def start(self) -> Friend:
        self._thread.start()
        self._thread.run(self._begin(), timeout=5.0)
        return self

    def updates(self, timeout: float = 0.0) -> list[Update]:
        """What came in, in order: waits up to `timeout` s for the first."""
        taken: list[Update] = []
        try:
            taken.append(
                self._updates.get(timeout=timeout) if timeout else self._updates.get_nowait()
            )
            while True:
                taken.append(self._updates.get_nowait())
        except queue.Empty:
            return taken

    def act(self, action: Action, at: int) -> int:
        return self._send(lambda i: m.Act(i, at, action))

    def undo(self, at: int) -> int:
        return self._send(lambda i: m.Undo(i, at))

    def react(self, reaction: str) -> int:
        return self._send(lambda i: m.React(i, reaction))

    def helped(self) -> int:
        return self._send(m.Helped)

    def sync(self) -> int:
        return self._send(m.Sync)

    def leave(self) -> None:
        self._done = True
        self._thread.loop.call_soon_threadsafe(self._queue, m.Leave())

    def send_raw(self, message: m.FriendMessage) -> None:
        """Send any message as it is (the tests' hostile friend)."""
        self._thread.loop.call_soon_threadsafe(self._queue, message)

    def close(self) -> None:
        """Hang up and stop the thread."""
        self._done = True
        if self._thread.thread.is_alive():
            with contextlib.suppress(Exception):
                self._thread.run(self._end(), timeout=5.0)
        self._thread.stop()

    def _send(self, make: Callable[[int], m.FriendMessage]) -> int:
        number = next(self._ids)
        message = make(number)
        self._thread.loop.call_soon_threadsafe(self._queue, message)
        return number

    # ----------------------------------------------------------------- on the loop
    async def _begin(self) -> None:
        self._outbox = asyncio.Queue()
        self._runner = asyncio.get_running_loop().create_task(self._run(), name="net-friend")

    async def _end(self) -> None:
        if self._runner is not None:
            self._runner.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._runner

    def _queue(self, message: m.FriendMessage) -> None:
        if self._outbox is not None:
            self._outbox.put_nowait(message)

    async def _run(self) -> None:
        lost_at: float | None = None
        wait = FIRST_RETRY
        while not self._done:
            try:
                joined = await self._connection()
            except DeniedError as no:
                d = no.denied
                if d.reason != "busy":  # busy passes: the host is asked again, later
                    self._updates.put(Link("denied", d.reason, d.protocol, d.game))
                    return
                log.info("the host is busy; trying again")
                joined = False
            except (
                OSError,
                ConnectionClosed,
                InvalidHandshake,
                TimeoutError,
                ProtocolError,
            ) as bad:
                log.info("the connection to the host failed: %s: %s", type(bad).__name__, bad)
                joined = False
            if self._done:
                return
            if joined:
                lost_at, wait = None, FIRST_RETRY
            now = time.monotonic()
            if lost_at is None:
                lost_at = now
                self._updates.put(Link("lost"))
            if now - lost_at > self.reconnect_for:
                self._updates.put(Link("gave_up"))
                return
            await asyncio.sleep(wait)
            wait = min(wait * 2, LAST_RETRY)

    async def _connection(self) -> bool:
        """One connection, until it ends; whether it got as far as a welcome."""
        lim = self.limits
        host = self.invite.host
        uri = (
            f"ws://[{host}]:{self.invite.port}/"
            if ":" in host
            else f"ws://{host}:{self.invite.port}/"
        )
        async with connect(
            uri,
            max_size=m.HOST_FRAME + SEAL_OVERHEAD,
            compression=None,
            open_timeout=HANDSHAKE_SECONDS,
            ping_interval=lim.ping_interval,
            ping_timeout=lim.ping_timeout,
            close_timeout=2.0,
            user_agent_header=None,
        ) as ws:
            async with asyncio.timeout(HANDSHAKE_SECONDS):
                sealer, opener = await self._handshake(ws)
            return await self._play(ws, sealer, opener)

    async def _handshake(self, ws: ClientConnection) -> tuple[Sealer, Opener]:
        shake = FriendHandshake(self.invite.code)
        hello = codec.encode(m.Hello(self.protocol, game_version(), shake.message))
        await ws.send(hello.decode())
        reply = _answer(await ws.recv())
        if not isinstance(reply, m.Pake):
            raise ProtocolError("the host's answer to a hello is its SPAKE2 message")
        keys = shake.finish(hello, reply.pake)
        await ws.send(codec.encode(m.Confirm(keys.proof(FRIEND_ID))).decode())
        proof = _answer(await ws.recv())
        if not isinstance(proof, m.Confirm) or not keys.check(HOST_ID, proof.mac):
            raise ProtocolError("the host could not prove it holds the table code")
        return keys.sealer(FRIEND_ID), keys.opener(HOST_ID)

    async def _play(self, ws: ClientConnection, sealer: Sealer, opener: Opener) -> bool:
        assert self._outbox is not None
        while not self._outbox.empty():  # intents from before: stale now
            self._outbox.get_nowait()
        join = replace(self.join, token=self.token) if self.token is not None else self.join
        await ws.send(sealer.seal(codec.encode(join)))
        self._updates.put(Link("joined"))
        writer = asyncio.get_running_loop().create_task(self._write(ws, sealer))
        welcomed = False
        try:
            async for frame in ws:
                if isinstance(frame, str):
                    raise ProtocolError("clear text after the handshake")
                update = codec.decode_host(opener.open(frame))
                if isinstance(update, m.Welcome):
                    welcomed = True
                    if update.token is not None:
                        self.token = update.token
                if isinstance(update, m.Closed):
                    self._done = update.reason != "host_quit" or not update.resumable
                    self._updates.put(Link("closed", update.reason))
                self._updates.put(update)
        finally:
            writer.cancel()
        return welcomed

    async def _write(self, ws: ClientConnection, sealer: Sealer) -> None:
        assert self._outbox is not None
        with contextlib.suppress(ConnectionClosed):
            while True:
                message = await self._outbox.get()
                await ws.send(sealer.seal(codec.encode(message)))
                if isinstance(message, m.Leave):
                    await ws.close()
                    return


def _answer(frame: str | bytes) -> m.Handshake:
    """The host's handshake answer; a denial raises DeniedError."""
    if not isinstance(frame, str):
        raise ProtocolError("handshake messages are text")
    answer = codec.decode_handshake(frame)
    if isinstance(answer, m.Denied):
        raise DeniedError(answer)
    return answer
