"""Table codes and invite codes.

A table code is eight characters from Crockford's base 32 (digits and capitals without I, L,
O and U, so nothing reads as another), shown in two groups: "K7QM-3XDA", 40 random bits. Typed
back, case, spaces and dashes do not matter, and O, I and L are read as 0, 1 and 1.

An invite is the address, the port and the code in one string a host can paste to a friend:
"yahtzee://192.168.1.20:47000/K7QM-3XDA" (an IPv6 address in brackets, or a host name).
"""

from __future__ import annotations

import ipaddress
import re
import secrets
from dataclasses import dataclass

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
CODE_LENGTH = 8
SCHEME = "yahtzee://"
MAX_INVITE = 300
_READ_AS = str.maketrans({"O": "0", "I": "1", "L": "1"})
_LABEL = r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
_HOST_NAME = re.compile(rf"^{_LABEL}(?:\.{_LABEL})*\.?$")


def new_code() -> str:
    """A fresh table code, as shown: "K7QM-3XDA"."""
    raw = "".join(secrets.choice(ALPHABET) for _i in range(CODE_LENGTH))
    return show_code(raw)


def show_code(code: str) -> str:
    half = CODE_LENGTH // 2
    return f"{code[:half]}-{code[half:]}"


def read_code(typed: str) -> str:
    """The code as typed, normalised ("k7qm 3xda" -> "K7QM3XDA"); ValueError if it is not one."""
    if not isinstance(typed, str) or len(typed) > 40:
        raise ValueError("a table code is eight letters and digits")
    code = "".join(c for c in typed.upper() if c not in " -\t").translate(_READ_AS)
    if len(code) != CODE_LENGTH or any(c not in ALPHABET for c in code):
        raise ValueError("a table code is eight letters and digits")
    return code


@dataclass(frozen=True)
class Invite:
    host: str  # an IP address or a host name
    port: int
    code: str  # normalised (read_code)

    def __str__(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{SCHEME}{host}:{self.port}/{show_code(self.code)}"


def check_host(host: str) -> str:
    """An IP address or a host name, as given; ValueError otherwise."""
    if not isinstance(host, str) or not host or len(host) > 253:
        raise ValueError("no address")
    try:
        return str(ipaddress.ip_address(host))
    except ValueError:
        pass
    if not _HOST_NAME.match(host) or host.replace(".", "").isdigit():
        raise ValueError(f"not an address or a host name: {host[:60]!r}")
    return host


def check_port(port: object) -> int:
    if isinstance(port, bool) or not isinstance(port, int) or not 1 <= port <= 65535:
        raise ValueError("a port is a whole number from 1 to 65535")
    return port


def read_invite(text: str) -> Invite:
    """An invite pasted by a player (spaces around it do not matter); ValueError says why not."""
    if not isinstance(text, str) or len(text) > MAX_INVITE:
        raise ValueError("not an invite")
    text = text.strip()
    if not text.lower().startswith(SCHEME):
        raise ValueError(f"an invite starts with {SCHEME}")
    rest = text[len(SCHEME) :]
    where, slash, code = rest.partition("/")
    if not slash:
        raise ValueError("an invite ends with the table code")
    if where.startswith("["):
        host, bracket, port_text = where[1:].partition("]")
        if not bracket or not port_text.startswith(":"):
            raise ValueError("an IPv6 address in an invite is [address]:port")
        port_text = port_text[1:]
        if ":" not in host:
            raise ValueError("only an IPv6 address goes in brackets")
    else:
        host, colon, port_text = where.rpartition(":")
        if not colon or ":" in host:
            raise ValueError("an invite names the address and the port: address:port")
    if not (port_text.isascii() and port_text.isdigit()) or len(port_text) > 5:
        raise ValueError("a port is a whole number from 1 to 65535")
    return Invite(check_host(host), check_port(int(port_text)), read_code(code))
