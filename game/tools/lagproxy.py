"""A TCP relay that makes a fast network slow: every chunk waits `delay` seconds each way, and a
share `loss` of them are "lost" and stall the stream for a retransmission, as TCP does.

TCP turns packet loss into delay: the lost segment is sent again after the retransmission
timeout (on Linux at least 200 ms over the round trip), and everything behind it waits, in
order. So a lost chunk here holds back itself and all that follows by `stall` seconds (by
default the round trip plus 200 ms). Used where netem is missing (this machine's kernel has no
sch_netem): `python -m game.tools.netplay --delay-ms 150 --loss 0.05` and tests/net.

    proxy = LagProxy(("127.0.0.1", 47001), 47002, delay=0.15, loss=0.05).start()
    ... friends connect to 127.0.0.1:47002 ...
    proxy.stop()
"""

from __future__ import annotations

import asyncio
import contextlib
import random

from game.net.loop import LoopThread

CHUNK = 65536
MIN_RTO = 0.2  # s: Linux's least retransmission timeout


class LagProxy:
    def __init__(
        self,
        target: tuple[str, int],
        port: int,
        *,
        delay: float,
        loss: float = 0.0,
        stall: float | None = None,
        seed: int = 0,
        bind: str = "127.0.0.1",
    ) -> None:
        self.target = target
        self.port = port
        self.bind = bind
        self.delay = delay  # s, one way
        self.loss = loss
        self.stall = stall if stall is not None else 2 * delay + MIN_RTO
        self.random = random.Random(seed)
        self.connections = 0  # relayed to the target
        self.chunks = 0
        self.lost = 0
        self._thread = LoopThread("net-lagproxy")
        self._server: asyncio.Server | None = None
        self._tasks: set[asyncio.Task[None]] = set()

    def start(self) -> LagProxy:
        self._thread.start()
        self._thread.run(self._open(), timeout=5.0)
        return self

    def stop(self) -> None:
        if self._thread.thread.is_alive():
            with contextlib.suppress(Exception):
                self._thread.run(self._close(), timeout=5.0)
        self._thread.stop()

    async def _open(self) -> None:
        self._server = await asyncio.start_server(self._relay, self.bind, self.port)

    async def _close(self) -> None:
        if self._server is not None:
            self._server.close()
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)

    async def _relay(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        assert task is not None
        self._tasks.add(task)
        try:
            up_reader, up_writer = await asyncio.open_connection(*self.target)
        except OSError:
            writer.close()
            self._tasks.discard(task)
            return
        self.connections += 1
        try:
            await asyncio.gather(self._pipe(reader, up_writer), self._pipe(up_reader, writer))
        finally:
            for w in (writer, up_writer):
                w.close()
            self._tasks.discard(task)

    async def _pipe(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        loop = asyncio.get_running_loop()
        queue: asyncio.Queue[tuple[float, bytes]] = asyncio.Queue()
        sender = loop.create_task(self._send(queue, writer))
        last = 0.0
        try:
            while data := await reader.read(CHUNK):
                self.chunks += 1
                due = max(loop.time() + self.delay, last)
                if self.random.random() < self.loss:
                    self.lost += 1
                    due += self.stall
                last = due
                queue.put_nowait((due, data))
        finally:
            queue.put_nowait((last, b""))
            with contextlib.suppress(Exception):
                await sender

    @staticmethod
    async def _send(
        queue: asyncio.Queue[tuple[float, bytes]], writer: asyncio.StreamWriter
    ) -> None:
        loop = asyncio.get_running_loop()
        while True:
            due, data = await queue.get()
            await asyncio.sleep(max(0.0, due - loop.time()))
            if not data:
                with contextlib.suppress(OSError):
                    writer.write_eof()
                return
            writer.write(data)
            await writer.drain()
