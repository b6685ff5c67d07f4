"""Tables listed by name on the local network (mDNS on the loopback interface only, so nothing
leaves the machine), and announcements that do not check are left out.

Another copy of the suite on this machine announces on the same loopback, and its ports may
be ours (an announcement holds no port), so each test knows its tables by a name no other
copy uses."""

from __future__ import annotations

import secrets
import time

import pytest

from game.net.discovery import Advertiser, Browser, local_addresses, read_service

from .conftest import port

pytestmark = pytest.mark.timeout(60)
LOOPBACK = ["127.0.0.1"]


def own_name(what: str) -> str:
    return f"{what} {secrets.token_hex(4)}"


def wait_until(condition, seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "not heard in time"
        time.sleep(0.05)


def test_a_table_is_found_by_name_its_open_seats_follow_and_it_goes_when_closed():
    number = port()
    name = own_name("Ann's table")
    browser = Browser(interfaces=LOOPBACK).start()
    advert = Advertiser(name, number, ["127.0.0.1"], open_seats=2, interfaces=LOOPBACK).start()
    try:
        mine = lambda: [t for t in browser.tables() if t.name == name]  # noqa: E731
        wait_until(lambda: mine())
        (table,) = mine()
        assert (table.name, table.address, table.protocol, table.open_seats) == (
            name, "127.0.0.1", 1, 2,
        )  # fmt: skip
        advert.update(1)
        wait_until(lambda: mine() and mine()[0].open_seats == 1)
        advert.stop()
        wait_until(lambda: not mine())
    finally:
        advert.stop()
        browser.stop()


def test_two_tables_of_one_machine_are_each_found_at_their_own_address():
    """Both once had the machine's one host name: a browser took one's address for the
    other's (a test saw its table at another test's 192.0.2.2)."""
    ports = (port(), port())
    names = [own_name("Table") for _ in ports]
    browser = Browser(interfaces=LOOPBACK).start()
    adverts = [
        Advertiser(name, n, [address], open_seats=1, interfaces=LOOPBACK).start()
        for name, n, address in zip(names, ports, ("127.0.0.1", "192.0.2.7"), strict=True)
    ]
    try:
        found = lambda: {t.port: t.address for t in browser.tables() if t.name in names}  # noqa: E731
        wait_until(lambda: len(found()) == 2)
        assert found() == {ports[0]: "127.0.0.1", ports[1]: "192.0.2.7"}
    finally:
        for advert in adverts:
            advert.stop()
        browser.stop()


@pytest.mark.parametrize(
    ("properties", "addresses", "port_"),
    [
        ({b"v": b"1", b"open": b"2"}, ["127.0.0.1"], 47000),  # no name
        ({b"name": b"x\x07", b"v": b"1", b"open": b"2"}, ["127.0.0.1"], 47000),
        ({b"name": b"A" * 60, b"v": b"1", b"open": b"2"}, ["127.0.0.1"], 47000),
        ({b"name": b"Ann", b"v": b"one", b"open": b"2"}, ["127.0.0.1"], 47000),
        ({b"name": b"Ann", b"v": b"1", b"open": b"99"}, ["127.0.0.1"], 47000),
        ({b"name": b"Ann", b"v": b"1", b"open": b"2"}, [], 47000),
        ({b"name": b"Ann", b"v": b"1", b"open": b"2"}, ["127.0.0.1"], 0),
        ({b"name": b"\xff\xfe", b"v": b"1", b"open": b"2"}, ["127.0.0.1"], 47000),
    ],
)
def test_an_announcement_that_does_not_check_is_left_out(properties, addresses, port_):
    assert read_service(properties, addresses, port_) is None


def test_a_good_announcement_is_read():
    good = {b"name": "Åsa's table".encode(), b"v": b"1", b"g": b"0.1.0", b"open": b"0"}
    table = read_service(good, ["fe80::1", "10.1.2.3"], 47000)
    assert table is not None and (table.name, table.address) == ("Åsa's table", "10.1.2.3")


def test_the_addresses_for_an_invite_are_never_loopback():
    addresses = local_addresses()
    assert all(not a.startswith(("127.", "169.254.")) for a in addresses)
    assert addresses == sorted(set(addresses), key=addresses.index)


def test_a_hosted_tables_open_seats_are_told_as_they_change():
    """The list of tables said "Ann (1 open)" all match long, the seat taken and the match
    begun (a tester could take none): the hosted table tells each new count, also one told
    while the announcement was still being made."""
    from game.net.authority import Authority
    from game.net.ends import HostedTable

    from .conftest import live_host, plan

    name = own_name("Table: Ann")
    browser = Browser(interfaces=LOOPBACK).start()
    with live_host(Authority(plan("open", "open", "hard", name=name))) as host:
        hosted = HostedTable(host, ["127.0.0.1"])
        try:
            mine = lambda: [t.open_seats for t in browser.tables() if t.name == name]  # noqa: E731
            hosted.advertise(2, interfaces=LOOPBACK)
            hosted.tell_open(1)  # (before the announcement is made, most likely)
            wait_until(lambda: mine() == [1])
            hosted.tell_open(0)  # the match began
            wait_until(lambda: mine() == [0])
        finally:
            hosted.close(resumable=False)
            browser.stop()
