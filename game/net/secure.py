"""Joining with the table code, which is never sent: SPAKE2, then sealed frames.

The friend and the host each turn the table code into a SPAKE2 message (a password-
authenticated key exchange); each side's message alone tells nothing of the code, and both
together give the same 32-byte key only to two sides that used the same code. Each side then
proves it holds the key with a MAC over the handshake's transcript (the hello's exact bytes,
versions included, and both SPAKE2 messages): the friend first, so a wrong code is refused
before the host proves anything. From the key come two frame keys, one per direction; every
later message is sealed with ChaCha20-Poly1305, its nonce the frame's count in its direction.

So an eavesdropper on the wire sees message sizes and timing, never the table code, a seat
token or a move; it cannot try codes offline against what it recorded (a PAKE's point: each
guess needs a live handshake with the host, which the host limits); and a frame changed,
replayed, dropped or reordered fails to open, which ends the connection. (docs/network.md
has the whole threat model.)
"""

from __future__ import annotations

import hashlib
import hmac

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from spake2 import SPAKE2_A, SPAKE2_B

from game.net.wire import ProtocolError

FRIEND_ID = b"yahtzee-table friend"
HOST_ID = b"yahtzee-table host"
AAD = b"yahtzee-table sealed frame 1"
TAG_BYTES = 16


class Keys:
    """What a finished handshake gives: the proofs each side sends and the frame keys."""

    def __init__(self, shared: bytes, transcript: bytes) -> None:
        self._salt = hashlib.sha256(transcript).digest()
        self._shared = shared

    def _derive(self, label: bytes) -> bytes:
        hkdf = HKDF(algorithm=hashes.SHA256(), length=32, salt=self._salt, info=label)
        return hkdf.derive(self._shared)

    def proof(self, side: bytes) -> bytes:
        """The MAC `side` (FRIEND_ID or HOST_ID) sends to show it holds the key."""
        return hmac.new(self._derive(b"confirm " + side), self._salt, "sha256").digest()

    def check(self, side: bytes, mac: bytes) -> bool:
        return hmac.compare_digest(self.proof(side), mac)

    def sealer(self, side: bytes) -> Sealer:
        """Seals the frames `side` sends."""
        return Sealer(self._derive(b"frames from " + side))

    def opener(self, side: bytes) -> Opener:
        """Opens the frames `side` sends."""
        return Opener(self._derive(b"frames from " + side))


def _secret(code: str) -> bytes:
    return code.encode("utf-8")


class FriendHandshake:
    """The friend's side: `message` goes in the hello; `finish` takes the host's reply."""

    def __init__(self, code: str) -> None:
        self._spake = SPAKE2_A(_secret(code), idA=FRIEND_ID, idB=HOST_ID)
        self.message: bytes = self._spake.start()

    def finish(self, hello: bytes, host_message: bytes) -> Keys:
        shared = _finish(self._spake, host_message)
        return Keys(shared, hello + self.message + host_message)


class HostHandshake:
    """The host's side, for one friend's hello (`hello`: the frame's exact bytes)."""

    def __init__(self, code: str, hello: bytes, friend_message: bytes) -> None:
        self._spake = SPAKE2_B(_secret(code), idA=FRIEND_ID, idB=HOST_ID)
        self.message: bytes = self._spake.start()
        shared = _finish(self._spake, friend_message)
        self.keys = Keys(shared, hello + friend_message + self.message)


def _finish(spake: SPAKE2_A | SPAKE2_B, message: bytes) -> bytes:
    try:
        shared = spake.finish(message)
    except Exception as bad:  # noqa: BLE001 - any failure of a hostile message is a refusal
        raise ProtocolError(f"a SPAKE2 message that does not work: {type(bad).__name__}") from None
    if not isinstance(shared, bytes) or len(shared) != 32:
        raise ProtocolError("SPAKE2 gave no key")
    return shared


class Sealer:
    """Seals one direction's frames in order (the nonce is the frame's number)."""

    def __init__(self, key: bytes) -> None:
        self._aead = ChaCha20Poly1305(key)
        self._count = 0

    def seal(self, data: bytes) -> bytes:
        nonce = self._count.to_bytes(12, "big")
        self._count += 1
        return self._aead.encrypt(nonce, data, AAD)


class Opener:
    """Opens one direction's frames, in the order they were sealed and no other."""

    def __init__(self, key: bytes) -> None:
        self._aead = ChaCha20Poly1305(key)
        self._count = 0

    def open(self, frame: bytes) -> bytes:
        if len(frame) < TAG_BYTES:
            raise ProtocolError("a sealed frame too short to be one")
        try:
            data = self._aead.decrypt(self._count.to_bytes(12, "big"), frame, AAD)
        except InvalidTag:
            raise ProtocolError("a sealed frame that does not open (changed or replayed)") from None
        self._count += 1
        return data
