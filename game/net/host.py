"""The host's end: a WebSocket server on an event loop of its own thread, in front of the
`Authority` (the table's rules), which it alone touches.

Why WebSocket (the `websockets` library, asyncio): it frames messages (no stream parsing of
our own), enforces a size limit on every message before it is buffered, answers pings (the
heartbeat: a peer silent for `ping_timeout` is gone), closes with a reason, and is well kept
and typed. Everything a peer sends is hostile until checked: the handshake has a time limit
and a cap on how many run at once; a wrong table code, a message too fast, too big, malformed,
out of turn or replayed is refused and logged, and the game goes on; a frame that does not
open, or a peer too slow to read what it is sent, ends that one connection.

    host = Host(authority, code, bind="0.0.0.0", port=47000).start()
    host.invite("192.168.1.20")     # yahtzee://192.168.1.20:47000/K7QM-3XDA
    host.command(lambda table: table.remove(2))
    host.close()                    # tells everyone, saves nothing new: every move was saved
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import itertools
import logging
import queue
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import TypeVar

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from game.net import codec
from game.net import messages as m
from game.net.authority import EVERYONE, Authority, Out, left_out
from game.net.codes import Invite
from game.net.cpu import CpuPlayers
from game.net.limits import Bucket, Buckets, Limits
from game.net.loop import LoopThread
from game.net.secure import FRIEND_ID, HOST_ID, HostHandshake, Opener, Sealer
from game.net.version import game_version
from game.net.wire import ProtocolError
from game.rules import NextGame, Phase

log = logging.getLogger(__name__)
T = TypeVar("T")
DEFAULT_PORT = 47474  # a table's port unless the host chooses another (a router forwards it)
SEAL_OVERHEAD = 64  # the AEAD's tag and a margin, over the largest friend's message
CLOSE_WAIT = 2.0  # s to flush what is owed to a peer before its connection is dropped


@dataclass
class HostStats:
    """What the host refused and why: counted for netplay, the tests and the log."""

    denied: Counter[str] = field(default_factory=Counter)  # handshakes turned away
    dropped: Counter[str] = field(default_factory=Counter)  # connections ended by the host
    joined: int = 0  # handshakes that succeeded

    def refused(self, authority: Authority) -> dict[str, int]:
        return dict(authority.refusals)


@dataclass(eq=False)
class Peer:
    id: int
    ws: ServerConnection
    address: str
    sealer: Sealer
    opener: Opener
    limits: Limits
    outbox: asyncio.Queue[bytes | None] = field(init=False)
    messages: Bucket = field(init=False)
    reactions: Bucket = field(init=False)
    syncs: Bucket = field(init=False)
    too_fast: int = 0

    def __post_init__(self) -> None:
        lim = self.limits
        self.outbox = asyncio.Queue(lim.outbox)
        self.messages = Bucket(lim.messages_per_second, lim.message_burst)
        self.reactions = Bucket(lim.reactions_per_second, lim.reaction_burst)
        self.syncs = Bucket(lim.syncs_per_minute / 60.0, lim.sync_burst)


class Host:
    def __init__(
        self,
        authority: Authority,
        code: str,
        *,
        bind: str = "127.0.0.1",
        port: int = DEFAULT_PORT,
        limits: Limits | None = None,
        cpu_delay: float = 0.5,
        next_game_after: float | None = None,
    ) -> None:
        self.authority = authority
        self.code = code
        self.bind = bind
        self.port = port
        self.limits = limits or Limits()
        self.cpu_delay = cpu_delay  # s before each CPU action (friends watch it happen)
        self.next_game_after = next_game_after  # s after a game of a match ends, or never
        self.stats = HostStats()
        self._thread = LoopThread("net-host")
        self._server: Server | None = None
        self._peers: dict[int, Peer] = {}
        self._ids = itertools.count(1)
        self._handshaking = 0
        self._handshakes = Bucket(self.limits.handshakes_per_second, self.limits.handshake_burst)
        self._wrong_codes = Buckets(
            self.limits.wrong_codes_per_minute / 60.0, self.limits.wrong_codes_burst
        )
        self._all_wrong = Bucket(self.limits.all_wrong_codes_per_minute / 60.0, 30)
        self._woken: asyncio.Event | None = None
        self._cpu = CpuPlayers()
        self._cpu_pool = ThreadPoolExecutor(1, thread_name_prefix="net-cpu")
        self._feed: queue.Queue[m.HostMessage] | None = None  # to the host's own screen

    # ----------------------------------------------------------------- from any thread
    def start(self) -> Host:
        """Listen (OSError if the port is taken) and play the CPU seats; returns self."""
        self._thread.start()
        try:
            self._thread.run(self._open(), timeout=10.0)
        except BaseException:
            self._thread.stop()
            raise
        return self

    def invite(self, address: str) -> Invite:
        return Invite(address, self.port, self.code)

    def command(
        self, change: Callable[[Authority], list[Out]], *, wait: bool = True, timeout: float = 10.0
    ) -> None:
        """Change the table on the network thread (the host's own moves, removing a seat,
        starting), and send what it says to whom. `wait=False` returns at once (a frame never
        waits for the network); an error is then only logged."""

        async def run() -> None:
            try:
                self._send(change(self.authority))
            except Exception:
                if wait:
                    raise
                log.exception("the host's command failed")

        future = self._thread.submit(run())
        if wait:
            future.result(timeout)

    def query(self, read: Callable[[Authority], T], timeout: float = 10.0) -> T:
        """Read the table on the network thread (waits for it: not for a frame's drawing)."""

        async def run() -> T:
            return read(self.authority)

        return self._thread.run(run(), timeout)

    def follow(self) -> m.Welcome:
        """The table as the host's own screen starts from; `updates()` then gives what the
        friends are sent from then on (the same events drive every screen)."""

        async def run() -> m.Welcome:
            self._feed = queue.Queue()
            table, auth = self.authority.table(), self.authority
            return m.Welcome(None, None, table, auth.match_view() if auth.playing else None)

        return self._thread.run(run(), 10.0)

    def updates(self) -> list[m.HostMessage]:
        """What was sent to every friend since the last call (never waits)."""
        taken: list[m.HostMessage] = []
        feed = self._feed
        while feed is not None and not feed.empty():
            taken.append(feed.get_nowait())
        return taken

    def close(self, resumable: bool = True) -> None:
        """Tell everyone the table closes (it can be resumed: the match is saved after every
        move), end every connection, stop listening and stop the threads."""
        if self._thread.thread.is_alive():
            with contextlib.suppress(concurrent.futures.TimeoutError, RuntimeError):
                self._thread.run(self._close(resumable), timeout=CLOSE_WAIT + 3.0)
        self._thread.stop()
        self._cpu_pool.shutdown(wait=True, cancel_futures=True)

    # ----------------------------------------------------------------- on the loop
    async def _open(self) -> None:
        lim = self.limits
        self._woken = asyncio.Event()
        self._server = await serve(
            self._connection,
            self.bind,
            self.port,
            max_size=m.FRIEND_FRAME + SEAL_OVERHEAD,
            max_queue=4,
            compression=None,
            ping_interval=lim.ping_interval,
            ping_timeout=lim.ping_timeout,
            close_timeout=CLOSE_WAIT,
            open_timeout=lim.handshake_seconds,
            server_header=None,
            logger=logging.getLogger("game.net.ws"),
        )
        self.port = self._server.sockets[0].getsockname()[1]
        asyncio.get_running_loop().create_task(self._drive(), name="net-host-cpu")
        log.info("hosting %r on %s:%d", self.authority.table().name, self.bind, self.port)

    async def _close(self, resumable: bool) -> None:
        over = self.authority.session is not None and self.authority.session.state.is_over
        self._send([(EVERYONE, m.Closed("host_quit", resumable and not over))])
        for peer in list(self._peers.values()):
            self._hang_up(peer)
        if self._server is not None:
            self._server.close()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._server.wait_closed(), CLOSE_WAIT + 1.0)

    async def _connection(self, ws: ServerConnection) -> None:
        address = str(ws.remote_address[0]) if ws.remote_address else "?"
        lim = self.limits
        if len(self._peers) + self._handshaking >= lim.max_connections:
            await self._deny(ws, address, "busy")
            return
        if self._handshaking >= lim.max_handshakes or not self._handshakes.take():
            await self._deny(ws, address, "busy")
            return
        self._handshaking += 1
        try:
            async with asyncio.timeout(lim.handshake_seconds):
                peer = await self._handshake(ws, address)
        except (TimeoutError, ConnectionClosed, ProtocolError) as failed:
            log.warning("handshake with %s failed: %s", address, type(failed).__name__)
            self.stats.denied[_failure(failed)] += 1
            with contextlib.suppress(Exception):
                await ws.close(1008, "handshake failed")
            return
        finally:
            self._handshaking -= 1
        if peer is None:
            return
        self._peers[peer.id] = peer
        self.stats.joined += 1
        writer = asyncio.get_running_loop().create_task(self._write(peer))
        try:
            await self._read(peer)
        finally:
            self._peers.pop(peer.id, None)
            self._send(self.authority.leave(peer.id, gone=True))
            with contextlib.suppress(asyncio.QueueFull):
                peer.outbox.put_nowait(None)
            with contextlib.suppress(asyncio.TimeoutError, ConnectionClosed):
                await asyncio.wait_for(writer, CLOSE_WAIT)
            self._wake()

    async def _handshake(self, ws: ServerConnection, address: str) -> Peer | None:
        raw = await ws.recv()
        if not isinstance(raw, str):
            raise ProtocolError("a hello is text")
        hello = codec.decode_handshake(raw)
        if not isinstance(hello, m.Hello):
            raise ProtocolError("the first message is a hello")
        if hello.protocol != m.PROTOCOL:
            await self._deny(ws, address, "version")
            return None
        if not self._wrong_codes.peek(address) or not self._all_wrong.peek():
            await self._deny(ws, address, "busy")
            return None
        shake = HostHandshake(self.code, raw.encode(), hello.pake)
        await ws.send(codec.encode(m.Pake(shake.message)).decode())
        confirm = codec.decode_handshake(_text(await ws.recv()))
        if not isinstance(confirm, m.Confirm) or not shake.keys.check(FRIEND_ID, confirm.mac):
            self._wrong_codes.take(address)
            self._all_wrong.take()
            await self._deny(ws, address, "code")
            return None
        await ws.send(codec.encode(m.Confirm(shake.keys.proof(HOST_ID))).decode())
        keys = shake.keys
        sealer, opener = keys.sealer(HOST_ID), keys.opener(FRIEND_ID)
        return Peer(next(self._ids), ws, address, sealer, opener, self.limits)

    async def _deny(self, ws: ServerConnection, address: str, reason: str) -> None:
        self.stats.denied[reason] += 1
        log.warning("turned %s away: %s", address, reason)
        denied = m.Denied(reason, m.PROTOCOL, game_version())
        with contextlib.suppress(Exception):
            await ws.send(codec.encode(denied).decode())
            await ws.close(1008, reason)

    async def _read(self, peer: Peer) -> None:
        with contextlib.suppress(ConnectionClosed):
            async for frame in peer.ws:
                if not self._take(peer, frame):
                    return

    def _take(self, peer: Peer, frame: str | bytes) -> bool:
        """Handle one frame; False when the connection must end."""
        if isinstance(frame, str):
            return self._drop(peer, "clear text after the handshake")
        try:
            data = peer.opener.open(frame)
        except ProtocolError as bad:
            return self._drop(peer, str(bad))
        if not peer.messages.take():
            peer.too_fast += 1
            if peer.too_fast == 1:  # once a burst: the count is in the refusals
                log.warning("connection %d (%s) sends too fast", peer.id, peer.address)
            if peer.too_fast >= self.limits.too_many_before_closing:
                self._send([(peer.id, m.Closed("flood", False))])
                return self._drop(peer, "flood")
            self._refuse(peer, "too_fast")
            return True
        peer.too_fast = 0
        try:
            intent = codec.decode_friend(data)
        except ProtocolError as bad:
            log.warning("connection %d (%s) sent a bad message: %s", peer.id, peer.address, bad)
            self._refuse(peer, "bad_message")
            return True
        if (isinstance(intent, m.React) and not peer.reactions.take()) or (
            isinstance(intent, m.Sync) and not peer.syncs.take()
        ):
            self._refuse(peer, "too_fast", intent.id)
            return True
        try:
            out = self.authority.intent(peer.id, intent)
        except Exception:  # no message may bring the host down
            log.exception("connection %d's %s failed", peer.id, type(intent).__name__)
            self._refuse(peer, "bad_message")
            return True
        self._send(out)
        self._wake()
        return True

    def _refuse(self, peer: Peer, reason: str, reply: int | None = None) -> None:
        refusals = self.authority.refusals
        refusals[reason] = refusals.get(reason, 0) + 1
        self._send([(peer.id, m.Refused(reply, reason))])

    def _drop(self, peer: Peer, why: str) -> bool:
        log.warning("dropped connection %d (%s): %s", peer.id, peer.address, why)
        self.stats.dropped[why.split(":")[0][:40]] += 1
        return False

    async def _write(self, peer: Peer) -> None:
        with contextlib.suppress(ConnectionClosed):
            while (frame := await peer.outbox.get()) is not None:
                await peer.ws.send(frame)
        with contextlib.suppress(Exception):
            await peer.ws.close()

    def _send(self, out: list[Out]) -> None:
        for to, message in out:
            data = codec.encode(message)
            if to >= 0:
                targets = [self._peers[to]] if to in self._peers else []
            else:
                but = left_out(to)
                joined = self.authority.joined
                targets = [p for p in self._peers.values() if p.id in joined and p.id != but]
                if self._feed is not None:
                    self._feed.put(message)
            for peer in targets:
                try:
                    peer.outbox.put_nowait(peer.sealer.seal(data))
                except asyncio.QueueFull:
                    self._drop(peer, "too slow to read")
                    self._hang_up(peer)
            if isinstance(message, m.Closed) and to >= 0 and to in self._peers:
                self._hang_up(self._peers[to])

    def _hang_up(self, peer: Peer) -> None:
        """End a connection once what it is owed is sent."""
        with contextlib.suppress(asyncio.QueueFull):
            peer.outbox.put_nowait(None)
        if peer.outbox.full():
            peer.ws.transport.abort()

    def _wake(self) -> None:
        if self._woken is not None:
            self._woken.set()

    async def _drive(self) -> None:
        """Play the CPU seats (and the friends' stand-ins) and start a match's next game."""
        assert self._woken is not None
        while True:
            self._woken.clear()
            try:
                acted = await self._cpu_turn()
            except Exception:  # the table goes on; the error is in the log
                log.exception("a CPU move failed")
                acted = False
            if not acted:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._woken.wait(), 0.5)

    async def _cpu_turn(self) -> bool:
        """One CPU move (or a match's next game) if one is due; whether one was."""
        authority = self.authority
        session = authority.session
        due = authority.cpu_due()
        if due is not None and session is not None:
            await asyncio.sleep(self.cpu_delay)
            state = session.state
            player, level = due
            action = await asyncio.get_running_loop().run_in_executor(
                self._cpu_pool, self._cpu.decide, session, player, level, state
            )
            self._send(authority.cpu_act(player, state, action))
            return True
        if session is not None and session.state.phase is Phase.GAME_OVER:
            if self.next_game_after is None:
                return False
            await asyncio.sleep(self.next_game_after)
            if session is authority.session and session.state.phase is Phase.GAME_OVER:
                self._send(authority.local_act(0, NextGame()))
            return True
        return False


def _text(frame: str | bytes) -> str:
    if not isinstance(frame, str):
        raise ProtocolError("handshake messages are text")
    return frame


def _failure(failed: BaseException) -> str:
    if isinstance(failed, TimeoutError):
        return "slow_handshake"
    if isinstance(failed, ConnectionClosed):
        return "hung_up"
    return "bad_handshake"
