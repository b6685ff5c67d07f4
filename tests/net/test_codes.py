"""Table codes and invite codes: made, shown, typed back, pasted, and refused when wrong."""

from __future__ import annotations

import pytest

from game.net.codes import ALPHABET, CODE_LENGTH, Invite, new_code, read_code, read_invite


def test_a_new_code_is_eight_characters_of_the_alphabet_in_two_groups():
    code = new_code()
    assert len(code) == CODE_LENGTH + 1 and code[4] == "-"
    assert all(c in ALPHABET for c in code.replace("-", ""))
    assert len({new_code() for _i in range(50)}) == 50


def test_a_typed_code_ignores_case_spaces_dashes_and_reads_o_i_l_as_digits():
    assert read_code("k7qm-3xda") == "K7QM3XDA"
    assert read_code(" k7qm 3xda ") == "K7QM3XDA"
    assert read_code("O1IL-ABCD") == "0111ABCD"


@pytest.mark.parametrize("typed", ["", "K7QM-3XD", "K7QM-3XDAA", "K7QM-3XDU", "K7QM_3XDA", 7])
def test_a_code_that_is_not_one_is_refused(typed):
    with pytest.raises(ValueError):
        read_code(typed)


def test_an_invite_is_address_port_and_code_and_reads_back():
    invite = Invite("192.168.1.20", 47000, "K7QM3XDA")
    assert str(invite) == "yahtzee://192.168.1.20:47000/K7QM-3XDA"
    assert read_invite(f"  {invite}\n") == invite
    six = Invite("fe80::1", 47001, "K7QM3XDA")
    assert str(six) == "yahtzee://[fe80::1]:47001/K7QM-3XDA"
    assert read_invite(str(six)) == six
    assert read_invite("YAHTZEE://ann-laptop.local:47002/k7qm3xda").host == "ann-laptop.local"


@pytest.mark.parametrize(
    "text",
    [
        "http://192.168.1.20:47000/K7QM-3XDA",
        "yahtzee://192.168.1.20/K7QM-3XDA",
        "yahtzee://192.168.1.20:0/K7QM-3XDA",
        "yahtzee://192.168.1.20:65536/K7QM-3XDA",
        "yahtzee://192.168.1.20:４７/K7QM-3XDA",
        "yahtzee://192.168.1.20:47000",
        "yahtzee://192.168.1.20:47000/NOPE",
        "yahtzee://fe80::1:47000/K7QM-3XDA",
        "yahtzee://[10.0.0.1]:47000/K7QM-3XDA",
        "yahtzee://-bad-.local:47000/K7QM-3XDA",
        "yahtzee://999.1.1.1:47000/K7QM-3XDA",
        "yahtzee://a b:47000/K7QM-3XDA",
        "yahtzee://" + "a" * 300 + ":47000/K7QM-3XDA",
    ],
)
def test_an_invite_that_is_not_one_is_refused(text):
    with pytest.raises(ValueError):
        read_invite(text)
