"""Tables on the local network, by name: DNS-SD over multicast DNS (python-zeroconf).

A host announces its table as a `_yahtzee-table._tcp` service: its name, address and port,
with the protocol and game versions and how many seats are open in its TXT record; never the
table code. A friend's `Browser` lists what it hears. Everything heard is a stranger's word:
names are checked as player names are, versions and counts as numbers, addresses as IP
addresses, and a table whose record does not check is left out.

Both run on an event loop of their own thread; `tables()` only copies what is known.

    advert = Advertiser("Ann's table", 47000, ["192.168.1.20"]).start()
    browser = Browser().start(); ...; browser.tables()   # [FoundTable(...)]
    advert.stop(); browser.stop()

`interfaces` limits both to some addresses ("127.0.0.1" in the tests: nothing leaves the
machine); by default every interface of the machine is used. IPv4 only.
"""

from __future__ import annotations

import ipaddress
import logging
import secrets
import socket
import threading
from dataclasses import dataclass

import ifaddr
from zeroconf import IPVersion, ServiceStateChange, Zeroconf
from zeroconf.asyncio import AsyncServiceBrowser, AsyncServiceInfo, AsyncZeroconf

from game.net.loop import LoopThread
from game.net.messages import MAX_TABLE_NAME, PROTOCOL
from game.net.version import game_version
from game.rules.names import check_name

log = logging.getLogger(__name__)
SERVICE = "_yahtzee-table._tcp.local."
RESOLVE_MS = 3000
MAX_TABLES = 64  # tables remembered at once (a flood of adverts cannot grow it further)


@dataclass(frozen=True)
class FoundTable:
    name: str
    address: str
    port: int
    protocol: int  # the host's; a different one cannot be joined (the handshake says why)
    game: str
    open_seats: int


def local_addresses() -> list[str]:
    """This machine's IPv4 addresses a friend could reach (for the invite): private ones first,
    never loopback or link-local."""
    found = set()
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if not ip.is_IPv4:
                continue
            address = ipaddress.IPv4Address(str(ip.ip))
            if not (address.is_loopback or address.is_link_local or address.is_unspecified):
                found.add(address)
    return [str(a) for a in sorted(found, key=lambda a: (not a.is_private, a))]


def _zeroconf(interfaces: list[str] | None) -> AsyncZeroconf:
    if interfaces is None:
        return AsyncZeroconf(ip_version=IPVersion.V4Only)
    return AsyncZeroconf(interfaces=interfaces, ip_version=IPVersion.V4Only)


def _label(name: str) -> str:
    """A DNS-SD instance label for a table's name (its exact text is in the TXT record)."""
    return "".join(c if c.isalnum() or c in " -_'" else "-" for c in name)[:MAX_TABLE_NAME]


class Advertiser:
    """Announces one table while it is open."""

    def __init__(
        self,
        name: str,
        port: int,
        addresses: list[str],
        *,
        open_seats: int = 0,
        interfaces: list[str] | None = None,
    ) -> None:
        self.name = name
        self.port = port
        self.addresses = [str(ipaddress.IPv4Address(a)) for a in addresses]
        self.open_seats = open_seats
        self.interfaces = interfaces
        self._thread = LoopThread("net-advert")
        self._zc: AsyncZeroconf | None = None
        self._info: AsyncServiceInfo | None = None
        # The host name its address is given under: this table's own. One shared by every
        # table of a machine (or of two machines with one name, "ubuntu") let a browser take
        # one table's address for another's, cached under that name.
        host = socket.gethostname()[:30] or "host"
        self.server = f"yahtzee-{host}-{secrets.token_hex(4)}.local."

    def _service(self) -> AsyncServiceInfo:
        properties = {
            "name": self.name,
            "v": str(PROTOCOL),
            "g": game_version(),
            "open": str(self.open_seats),
        }
        return AsyncServiceInfo(
            SERVICE,
            f"{_label(self.name)}.{SERVICE}",
            port=self.port,
            properties=properties,
            server=self.server,
            addresses=[socket.inet_aton(a) for a in self.addresses],
        )

    def start(self) -> Advertiser:
        self._thread.start()
        self._thread.run(self._register(), timeout=15.0)
        return self

    async def _register(self) -> None:
        self._zc = _zeroconf(self.interfaces)
        self._info = self._service()
        # Each call returns the task that sends the records: wait for it to be done.
        await (await self._zc.async_register_service(self._info, allow_name_change=True))

    def update(self, open_seats: int) -> None:
        """Say how many seats are open now."""
        self.open_seats = open_seats
        self._thread.run(self._update(), timeout=15.0)

    async def _update(self) -> None:
        if self._zc is not None and self._info is not None:
            info = self._service()
            if info.name != self._info.name:  # renamed as registered: the name was taken
                info = AsyncServiceInfo(
                    SERVICE,
                    self._info.name,
                    port=self.port,
                    properties=info.properties,
                    server=info.server,
                    addresses=info.addresses,
                )
            self._info = info
            await (await self._zc.async_update_service(info))

    def stop(self) -> None:
        if self._thread.thread.is_alive():
            try:
                self._thread.run(self._unregister(), timeout=10.0)
            except Exception:  # stopping goes on whatever the network says
                log.exception("the table's announcement did not end cleanly")
        self._thread.stop()

    async def _unregister(self) -> None:
        if self._zc is not None:
            if self._info is not None:
                await (await self._zc.async_unregister_service(self._info))
            await self._zc.async_close()


class Browser:
    """Lists the tables announced on the local network."""

    def __init__(self, *, interfaces: list[str] | None = None) -> None:
        self.interfaces = interfaces
        self._thread = LoopThread("net-browse")
        self._zc: AsyncZeroconf | None = None
        self._browser: AsyncServiceBrowser | None = None
        self._found: dict[str, FoundTable] = {}
        self._lock = threading.Lock()

    def start(self) -> Browser:
        self._thread.start()
        self._thread.run(self._browse(), timeout=15.0)
        return self

    def tables(self) -> list[FoundTable]:
        with self._lock:
            return sorted(self._found.values(), key=lambda t: (t.name.casefold(), t.address))

    async def _browse(self) -> None:
        self._zc = _zeroconf(self.interfaces)
        self._browser = AsyncServiceBrowser(self._zc.zeroconf, SERVICE, handlers=[self._changed])

    def _changed(
        self, zeroconf: Zeroconf, service_type: str, name: str, state_change: ServiceStateChange
    ) -> None:
        if state_change is ServiceStateChange.Removed:
            with self._lock:
                self._found.pop(name, None)
            return
        self._thread.loop.create_task(self._resolve(name))

    async def _resolve(self, name: str) -> None:
        if self._zc is None or len(name) > 255:
            return
        info = AsyncServiceInfo(SERVICE, name)
        if not await info.async_request(self._zc.zeroconf, RESOLVE_MS):
            return
        table = read_service(info.properties, info.parsed_addresses(), info.port)
        if table is None:
            log.info("left out a table whose announcement does not check: %.80r", name)
            return
        with self._lock:
            if name in self._found or len(self._found) < MAX_TABLES:
                self._found[name] = table

    def stop(self) -> None:
        if self._thread.thread.is_alive():
            try:
                self._thread.run(self._close(), timeout=10.0)
            except Exception:  # stopping goes on whatever the network says
                log.exception("browsing for tables did not end cleanly")
        self._thread.stop()

    async def _close(self) -> None:
        if self._browser is not None:
            await self._browser.async_cancel()
        if self._zc is not None:
            await self._zc.async_close()


def read_service(
    properties: dict[bytes, bytes | None], addresses: list[str], port: int | None
) -> FoundTable | None:
    """A table from what its announcement says, or None if any of it does not check."""
    try:
        text = {
            k.decode("utf-8"): (v or b"").decode("utf-8")
            for k, v in properties.items()
            if isinstance(k, bytes)
        }
        name = check_name(text["name"][:MAX_TABLE_NAME]) if len(text["name"]) <= 40 else ""
        address = next(str(ipaddress.IPv4Address(a)) for a in addresses if "." in a)
        protocol, open_seats = int(text["v"]), int(text["open"])
        game = text.get("g", "?")
    except (KeyError, ValueError, StopIteration, UnicodeDecodeError, TypeError):
        return None
    if not name or not 0 < protocol < 10**6 or not 0 <= open_seats <= 8 or len(game) > 32:
        return None
    if not isinstance(port, int) or not 1 <= port <= 65535:
        return None
    return FoundTable(name, address, port, protocol, game, open_seats)
