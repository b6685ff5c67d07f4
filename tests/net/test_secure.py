"""The table code's handshake (SPAKE2) and the sealed frames after it."""

from __future__ import annotations

import pytest

from game.net.secure import FRIEND_ID, HOST_ID, FriendHandshake, HostHandshake
from game.net.wire import ProtocolError

HELLO = b'{"t":"hello"}'


def shake(friend_code: str, host_code: str):
    friend = FriendHandshake(friend_code)
    host = HostHandshake(host_code, HELLO, friend.message)
    return friend.finish(HELLO, host.message), host.keys


def test_the_same_code_gives_both_sides_the_proofs_and_frames_of_one_key():
    friend, host = shake("K7QM3XDA", "K7QM3XDA")
    assert host.check(FRIEND_ID, friend.proof(FRIEND_ID))
    assert friend.check(HOST_ID, host.proof(HOST_ID))
    sealed = friend.sealer(FRIEND_ID).seal(b"roll")
    assert b"roll" not in sealed
    assert host.opener(FRIEND_ID).open(sealed) == b"roll"


def test_the_code_is_in_no_message_and_each_handshake_differs():
    first, second = FriendHandshake("K7QM3XDA"), FriendHandshake("K7QM3XDA")
    assert b"K7QM3XDA" not in first.message and first.message != second.message
    assert len(first.message) == 33


def test_a_wrong_code_fails_the_friends_proof():
    friend, host = shake("K7QM3XDA", "K7QM3XDB")
    assert not host.check(FRIEND_ID, friend.proof(FRIEND_ID))
    assert not friend.check(HOST_ID, host.proof(HOST_ID))


def test_a_proof_is_bound_to_the_hello_it_answers():
    friend = FriendHandshake("K7QM3XDA")
    host = HostHandshake("K7QM3XDA", HELLO, friend.message)
    keys = friend.finish(b'{"t":"hello","protocol":0}', host.message)  # a hello changed on the way
    assert not host.keys.check(FRIEND_ID, keys.proof(FRIEND_ID))


def test_a_frame_changed_replayed_reordered_or_from_the_other_side_does_not_open():
    friend, host = shake("K7QM3XDA", "K7QM3XDA")
    sealer, opener = friend.sealer(FRIEND_ID), host.opener(FRIEND_ID)
    one, two = sealer.seal(b"one"), sealer.seal(b"two")
    changed = bytes([one[0] ^ 1]) + one[1:]
    with pytest.raises(ProtocolError):
        opener.open(changed)
    with pytest.raises(ProtocolError):
        opener.open(two)  # out of order
    assert opener.open(one) == b"one"
    with pytest.raises(ProtocolError):
        opener.open(one)  # replayed
    with pytest.raises(ProtocolError):
        host.opener(HOST_ID).open(host.sealer(FRIEND_ID).seal(b"x"))  # a reflection
    with pytest.raises(ProtocolError):
        opener.open(b"short")


def test_a_hostile_spake2_message_is_a_protocol_error():
    for message in (b"", b"\x00" * 33, b"A" + b"\xff" * 32, b"B" * 33):
        with pytest.raises(ProtocolError):
            HostHandshake("K7QM3XDA", HELLO, message)
