"""Hostile messages against a live host: every one must be refused (a refusal, a denial, or
the connection closed), and the host must go on answering.

Some attacks know nothing (garbage before the handshake, a wrong table code, a hello too old,
too new, too big or too deep, a handshake left hanging, too many connections); the rest know
the table code, as a friend turned cheat would: frames that do not open, text after the
handshake, malformed or oversized messages, intents before joining or for seats not theirs,
stolen tokens, floods. Seeded, so a run can be repeated.

    report = asyncio.run(fuzz(Invite("127.0.0.1", 47000, "K7QM3XDA"), rounds=3, seed=1))
    report.tried, report.refused, report.unexpected
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from game.net import codec
from game.net import messages as m
from game.net.codes import Invite
from game.net.secure import FRIEND_ID, HOST_ID, FriendHandshake, Opener, Sealer
from game.net.wire import ProtocolError, to_b64
from game.rules import Roll

WAIT = 5.0  # s for the host's answer to one attack
PACE = 0.25  # s between attacks: within the host's handshake rate, so each meets its own check
BUSY_TRIES = 15  # a second apart, for a sealed connection while the host is busy
FLOOD = 3000  # messages sent as fast as the socket takes them
Attack = Callable[[str, Awaitable[str | None], set[str]], Awaitable[None]]


class Turned(Exception):
    """The host turned the handshake away (the reason is the exception's text)."""


@dataclass
class FuzzReport:
    tried: Counter[str] = field(default_factory=Counter)
    refused: Counter[str] = field(default_factory=Counter)
    unexpected: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, object]:
        return {
            "tried": dict(self.tried),
            "refused": dict(self.refused),
            "unexpected": self.unexpected,
        }


class Sealed:
    """A connection that has made the handshake: it can send anything, sealed or not."""

    def __init__(self, ws: ClientConnection, sealer: Sealer, opener: Opener) -> None:
        self.ws, self.sealer, self.opener = ws, sealer, opener
        self.taken_seat = 0  # a seat not open to a friend (learnt by watching)

    async def send(self, data: bytes) -> None:
        await self.ws.send(self.sealer.seal(data))

    async def refusal(self) -> str | None:
        """The reason of the next refusal (skipping other updates), "closed" if the host hung
        up, None if neither came in time."""
        try:
            async with asyncio.timeout(WAIT):
                while True:
                    frame = await self.ws.recv()
                    if isinstance(frame, str):
                        return "text"
                    message = codec.decode_host(self.opener.open(frame))
                    if isinstance(message, (m.Refused, m.Closed)):
                        return message.reason
        except (ConnectionClosed, ProtocolError):
            return "closed"
        except TimeoutError:
            return None


def _uri(invite: Invite) -> str:
    return f"ws://{invite.host}:{invite.port}/"


async def _open(invite: Invite, code: str | None = None) -> Sealed:
    """A sealed connection, waiting while the host is too busy for a new one (the fuzzer's own
    attacks may have used up its handshakes for the moment)."""
    for _attempt in range(BUSY_TRIES):
        try:
            return await _handshake(invite, code)
        except Turned as no:
            if str(no) != "busy":
                raise
        await asyncio.sleep(1.0)
    raise Turned("busy")


async def _handshake(invite: Invite, code: str | None) -> Sealed:
    ws = await connect(
        _uri(invite), compression=None, open_timeout=WAIT, max_size=m.HOST_FRAME + 64
    )
    shake = FriendHandshake(code or invite.code)
    hello = codec.encode(m.Hello(m.PROTOCOL, "fuzz", shake.message))
    await ws.send(hello.decode())
    reply = codec.decode_handshake(await ws.recv())
    if isinstance(reply, m.Denied):
        await ws.close()
        raise Turned(reply.reason)
    if not isinstance(reply, m.Pake):
        raise ProtocolError(f"no SPAKE2 answer: {reply}")
    keys = shake.finish(hello, reply.pake)
    await ws.send(codec.encode(m.Confirm(keys.proof(FRIEND_ID))).decode())
    answer = codec.decode_handshake(await ws.recv())
    if isinstance(answer, m.Denied):
        await ws.close()
        raise Turned(answer.reason)
    if not isinstance(answer, m.Confirm):
        raise ProtocolError(f"no proof from the host: {answer}")
    return Sealed(ws, keys.sealer(FRIEND_ID), keys.opener(HOST_ID))


async def _clear_answer(invite: Invite, frames: list[str | bytes]) -> str:
    """Send frames in clear to a fresh connection: the denial's reason, or "closed"."""
    try:
        async with connect(_uri(invite), compression=None, open_timeout=WAIT) as ws:
            for frame in frames:
                await ws.send(frame)
            async with asyncio.timeout(WAIT + 11.0):
                answer = await ws.recv()
            if isinstance(answer, str):
                message = codec.decode_handshake(answer)
                return message.reason if isinstance(message, m.Denied) else "answered"
            return "answered"
    except (ConnectionClosed, InvalidHandshake, OSError, ProtocolError):
        return "closed"
    except TimeoutError:
        return "timeout"


async def _raw_tcp(invite: Invite, data: bytes) -> str:
    """Bytes that are not WebSocket at all: the host must hang up."""
    reader, writer = await asyncio.open_connection(invite.host, invite.port)
    try:
        writer.write(data)
        await writer.drain()
        async with asyncio.timeout(WAIT + 11.0):
            while await reader.read(4096):
                pass
        return "closed"
    except (OSError, TimeoutError):
        return "timeout"
    finally:
        writer.close()


def _hello(
    protocol: int, pake: bytes = b"\x01" * 33, extra: dict[str, object] | None = None
) -> str:
    data: dict[str, object] = {
        "t": "hello",
        "protocol": protocol,
        "game": "fuzz",
        "pake": to_b64(pake),
    }
    data.update(extra or {})
    return json.dumps(data)


def _bad_messages(rng: random.Random) -> list[bytes]:
    """Malformed intents: the host refuses each as a bad message and keeps the connection."""
    deep = "[" * 200 + "]" * 200
    samples: list[object] = [
        {"t": "act", "id": 10**30, "at": 0, "action": ["roll"]},
        {"t": "act", "id": 5, "at": -1, "action": ["roll"]},
        {"t": "act", "id": 5, "at": 0, "action": ["hold", 9]},
        {"t": "act", "id": 5, "at": 0, "action": ["score", "NOT_A_BOX"]},
        {"t": "act", "id": 5, "at": 0, "action": "roll"},
        {"t": "act", "id": True, "at": 0, "action": ["roll"]},
        {"t": "act", "id": 5, "at": 0, "action": ["roll"], "dice": [6, 6, 6, 6, 6]},
        {"t": "roll", "dice": [6, 6, 6, 6, 6]},
        {"t": "react", "id": 5, "reaction": "you are a cheat " * 4},
        {"t": "join", "seat": 0, "name": "\u0007bell", "colour": 0, "token": None, "watch": False},
        {"t": "join", "seat": 0, "name": "x" * 100, "colour": 0, "token": None, "watch": False},
        {"t": "join", "seat": 99, "name": "Eve", "colour": 99, "token": None, "watch": False},
        {"t": "join", "seat": 0, "name": "Eve", "colour": 0, "token": "!!", "watch": False},
        {"t": "sync"},
        [],
        "leave",
    ]
    out = [json.dumps(s).encode() for s in samples]
    out += [b"not json", b"{", deep.encode(), b'{"t":"act","id":NaN}', os.urandom(64)]
    out.append(rng.randbytes(200))
    return out


async def fuzz(invite: Invite, *, rounds: int = 1, seed: int = 0) -> FuzzReport:
    """Run every attack `rounds` times against the host at `invite`."""
    rng = random.Random(seed)
    report = FuzzReport()

    async def attack(kind: str, run: Awaitable[str | None], wanted: set[str]) -> None:
        await asyncio.sleep(PACE)
        report.tried[kind] += 1
        try:
            answer = await run
        except (OSError, ConnectionClosed, InvalidHandshake, ProtocolError, Turned) as bad:
            answer = f"error:{type(bad).__name__}"
        if answer in wanted:
            report.refused[kind] += 1
        else:
            report.unexpected.append(f"{kind}: {answer}")

    # A denial as busy is a refusal too: the fuzzer's own speed can use up the host's
    # handshakes for a moment.
    closed = {"closed", "busy"}
    for _round in range(rounds):
        await attack("tcp_garbage", _raw_tcp(invite, rng.randbytes(300)), closed | {"timeout"})
        await attack(
            "http_not_ws",
            _raw_tcp(invite, b"GET / HTTP/1.1\r\nHost: x\r\n\r\n"),
            closed | {"timeout"},
        )
        await attack("binary_hello", _clear_answer(invite, [b"\x00" * 40]), closed)
        await attack("hello_not_json", _clear_answer(invite, ["{nope"]), closed)
        await attack("hello_huge", _clear_answer(invite, ["x" * 100_000]), closed)
        await attack("hello_deep", _clear_answer(invite, ["[" * 1000 + "]" * 1000]), closed)
        await attack("hello_older", _clear_answer(invite, [_hello(0)]), {"version"})
        await attack(
            "hello_newer",
            _clear_answer(invite, [_hello(m.PROTOCOL + 1, extra={"new": 1})]),
            {"version"},
        )
        await attack(
            "hello_bad_point",
            _clear_answer(invite, [_hello(m.PROTOCOL, b"\x00" + rng.randbytes(32))]),
            closed,
        )
        await attack("wrong_code", _wrong_code(invite), {"code", "busy"})
        await attack("silent", _clear_answer(invite, []), closed | {"timeout"})
        try:
            sealed = await _open(invite)
        except (OSError, ConnectionClosed, InvalidHandshake, ProtocolError, Turned) as bad:
            report.unexpected.append(f"a sealed connection failed: {type(bad).__name__}")
        else:
            await _as_a_cheat(sealed, invite, rng, attack)
        await attack("flood", _flood(invite), closed | {"flood"})
        await attack("tampered", _tampered(invite, rng), closed)
        await attack("text_after", _text_after(invite), closed)
    await attack("too_many", _too_many(invite), {"busy"})
    return report


async def _as_a_cheat(sealed: Sealed, invite: Invite, rng: random.Random, attack: Attack) -> None:
    """The attacks of one who knows the table code, on one sealed connection."""
    try:
        for data in _bad_messages(rng):
            await attack("bad_message", _sealed_refusal(sealed, data), {"bad_message"})
        act = codec.encode(m.Act(1, 0, Roll()))
        await attack("act_unseated", _sealed_refusal(sealed, act), {"not_seated"})
        token = codec.encode(m.Join(None, "", 0, os.urandom(32)))
        await attack("stolen_token", _sealed_refusal(sealed, token), {"token"})
        watch = codec.encode(m.Join(None, "", 0, None, True))
        await attack("watch_then_act", _watch_then_act(sealed, watch), {"not_seated"})
        taken = codec.encode(m.Join(sealed.taken_seat, "Eve", 7))
        await attack("join_twice", _sealed_refusal(sealed, taken), {"joined"})
        await attack(
            "taken_seat", _taken_seat(invite, sealed.taken_seat), {"seat_taken", "started"}
        )
        react = codec.encode(m.React(10, "nice"))
        await attack("react_watching", _sealed_refusal(sealed, react), {"not_seated"})
        await attack(
            "oversized", _sealed_refusal(sealed, b" " * (m.FRIEND_FRAME + 500)), {"closed"}
        )
    finally:
        await sealed.ws.close()


async def _sealed_refusal(sealed: Sealed, data: bytes) -> str | None:
    with contextlib.suppress(ConnectionClosed):
        await sealed.send(data)
    return await sealed.refusal()


async def _watch_then_act(sealed: Sealed, watch: bytes) -> str | None:
    """Watch (the welcome names a seat already taken, for the next attacks), then act."""
    await sealed.send(watch)
    async with asyncio.timeout(WAIT):
        while True:
            frame = await sealed.ws.recv()
            if isinstance(frame, bytes):
                welcome = codec.decode_host(sealed.opener.open(frame))
                if isinstance(welcome, m.Welcome):
                    break
    seats = welcome.table.seats
    sealed.taken_seat = next(i for i, s in enumerate(seats) if s.kind != "open")
    await sealed.send(codec.encode(m.Act(3, 0, Roll())))
    return await sealed.refusal()


async def _taken_seat(invite: Invite, seat: int) -> str | None:
    sealed = await _open(invite)
    try:
        return await _sealed_refusal(sealed, codec.encode(m.Join(seat, "Eve", 7)))
    finally:
        await sealed.ws.close()


async def _wrong_code(invite: Invite) -> str:
    try:
        sealed = await _open(invite, code="00000000" if invite.code != "00000000" else "11111111")
    except Turned as no:
        return str(no)
    await sealed.ws.close()
    return "joined"


async def _flood(invite: Invite) -> str | None:
    sealed = await _open(invite)
    try:
        data = codec.encode(m.React(1, "wow"))
        with contextlib.suppress(ConnectionClosed):
            for _i in range(FLOOD):
                await sealed.send(data)
        while True:
            answer = await sealed.refusal()
            if answer in (None, "closed", "flood"):
                return answer
    finally:
        await sealed.ws.close()


async def _tampered(invite: Invite, rng: random.Random) -> str | None:
    sealed = await _open(invite)
    frame = bytearray(sealed.sealer.seal(codec.encode(m.Leave())))
    frame[rng.randrange(len(frame))] ^= 0x40
    with contextlib.suppress(ConnectionClosed):
        await sealed.ws.send(bytes(frame))
    return await sealed.refusal()


async def _text_after(invite: Invite) -> str | None:
    sealed = await _open(invite)
    with contextlib.suppress(ConnectionClosed):
        await sealed.ws.send('{"t":"leave"}')
    return await sealed.refusal()


async def _too_many(invite: Invite) -> str:
    """More connections at once than the host takes: those over its limits are turned away
    as busy. Opened together: opened one after another on a slow machine (40 in over two
    seconds), the first were closed for their handshakes' time before the last came, and
    those were let in."""
    opened: list[ClientConnection] = []
    try:
        tries = await asyncio.gather(
            *(connect(_uri(invite), compression=None, open_timeout=WAIT) for _i in range(40)),
            return_exceptions=True,
        )
        opened = [ws for ws in tries if isinstance(ws, ClientConnection)]
        answers = await asyncio.gather(*(_denial_of(ws) for ws in opened))
        if "busy" in answers:
            return "busy"
        failed = [f"error:{type(t).__name__}" for t in tries if isinstance(t, BaseException)]
        return ",".join([*(str(a) for a in answers[-4:]), *failed[:4]])
    finally:
        await asyncio.gather(*(ws.close() for ws in opened), return_exceptions=True)


async def _denial_of(ws: ClientConnection) -> str | None:
    """Why the host turned this connection away: its denial, or, when the connection closed
    before that was read (seen in CI at the lowest websockets allowed, the host's log
    saying "busy" 32 times), the reason its closing frame gives (the host closes a denied
    connection with the denial's reason); None if it was not turned away."""
    try:
        async with asyncio.timeout(WAIT):
            answer = await ws.recv()
        message = codec.decode_handshake(answer)
        return message.reason if isinstance(message, m.Denied) else None
    except ConnectionClosed as closed:
        return closed.rcvd.reason if closed.rcvd is not None and closed.rcvd.reason else None
    except (TimeoutError, ProtocolError):
        return None
