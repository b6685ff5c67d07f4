"""The screen reader's voice: Orca's rate, pitch, volume and voice read from its settings file
as speech-dispatcher values (as Orca hands them on), under the player's own settings; and a
settings file that is not one (a FIFO, a device, too big, too deep, not JSON) is no voice,
never a hang or a crash."""

from __future__ import annotations

import json
import os

import pytest

from game.speech.client import VoiceParams
from game.speech.orca import MAX_BYTES, game_voice, reader_voice, settings_path


def write(home, data) -> None:
    path = settings_path({"HOME": str(home)})
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(data), "utf-8")


ORCA = {
    "general": {
        "startingProfile": ["Default", "default"],
        "voices": {"default": {"rate": 50, "average-pitch": 5.0, "gain": 10.0}},
    },
    "profiles": {
        "default": {
            "voices": {
                "default": {
                    "rate": 90,
                    "average-pitch": 6.0,
                    "gain": 8.0,
                    "family": {"name": "English (Great Britain)", "lang": "en", "dialect": "gb"},
                }
            }
        }
    },
}


def test_orcas_voice_as_orca_hands_it_to_speech_dispatcher(tmp_path):
    write(tmp_path, ORCA)
    env = {"HOME": str(tmp_path)}
    # rate 2r - 98, pitch 20p - 90, volume 15g - 35: Orca's own mapping.
    assert reader_voice("en", env) == VoiceParams("en", 82, 30, 85, "English (Great Britain)")
    # Its voice speaks English: for a German game only the rate, pitch and volume are taken.
    assert reader_voice("de", env) == VoiceParams("de", 82, 30, 85, "")


def test_the_players_settings_come_before_orcas(tmp_path):
    write(tmp_path, ORCA)
    env = {"HOME": str(tmp_path)}
    assert game_voice("en", 10, None, None, "", env) == VoiceParams(
        "en", 10, 30, 85, "English (Great Britain)"
    )
    assert game_voice("en", None, -20, 0, "English (America)", env) == VoiceParams(
        "en", 82, -20, 0, "English (America)"
    )


def test_no_orca_is_the_services_own_voice(tmp_path):
    env = {"HOME": str(tmp_path)}
    assert reader_voice("sv", env) == VoiceParams("sv")
    assert game_voice("sv", None, None, None, "", env) == VoiceParams("sv")


@pytest.mark.skipif(os.name != "posix", reason="FIFOs and /dev are POSIX")
@pytest.mark.timeout(10)
@pytest.mark.parametrize("kind", ["fifo", "zero", "huge", "deep", "garbage", "list"])
def test_a_file_that_is_not_a_settings_file_is_no_voice(tmp_path, kind):
    path = settings_path({"HOME": str(tmp_path)})
    path.parent.mkdir(parents=True)
    if kind == "fifo":
        os.mkfifo(path)  # nobody writes: a plain open would wait for ever
    elif kind == "zero":
        path.symlink_to("/dev/zero")  # endless: never read whole
    elif kind == "huge":
        path.write_text(json.dumps({"pad": "x" * (MAX_BYTES + 10)}), "utf-8")
    elif kind == "deep":
        path.write_text("[" * 100_000 + "]" * 100_000, "utf-8")
    elif kind == "garbage":
        path.write_bytes(b"\xff\xfe not json")
    else:
        path.write_text("[1, 2, 3]", "utf-8")
    assert reader_voice("en", {"HOME": str(tmp_path)}) == VoiceParams("en")
