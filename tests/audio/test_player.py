"""SoundPlayer: plays with the dummy driver, goes quietly silent without a device, never raises."""

from __future__ import annotations

import logging
import shutil
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.audio import SOUNDS_DIR
from game.audio.player import SoundPlayer

NAMES = ("dice_rattle", "dice_land", "score", "yahtzee", "bonus", "click", "turn", "win")


@pytest.fixture
def player() -> Iterator[SoundPlayer]:
    pygame.mixer.quit()
    sounds = SoundPlayer(seed=1)
    yield sounds
    sounds.close()


def test_plays_every_game_sound_on_the_dummy_driver(player: SoundPlayer) -> None:
    assert player.available
    for name in NAMES:
        assert isinstance(player.play(name), pygame.mixer.Channel), name


def test_sounds_are_loaded_once(player: SoundPlayer, monkeypatch: pytest.MonkeyPatch) -> None:
    loads: list[Path] = []
    real = pygame.mixer.Sound

    def counting(path: Path) -> pygame.mixer.Sound:
        loads.append(path)
        return real(path)

    monkeypatch.setattr(pygame.mixer, "Sound", counting)
    for _ in range(5):
        player.play("click")
        player.play("dice_land")
    assert sorted(p.name for p in loads) == [
        "click.wav",
        "dice_land_1.wav",
        "dice_land_2.wav",
        "dice_land_3.wav",
    ]


def test_volume_is_master_times_call(player: SoundPlayer) -> None:
    player.set_volume(0.5)
    channel = player.play("click", volume=0.5)
    assert channel is not None
    assert channel.get_volume() == 0.25


def test_volume_is_clamped(player: SoundPlayer) -> None:
    player.set_volume(3.0)
    assert player.volume == 1.0
    player.set_volume(-1.0)
    assert player.volume == 0.0
    assert player.play("click") is None


def test_mute_and_unmute(player: SoundPlayer) -> None:
    player.mute()
    assert player.muted
    assert player.play("score") is None
    player.unmute()
    assert not player.muted
    assert player.play("score") is not None


def test_missing_file_is_named_once_and_silent(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    pygame.mixer.quit()
    shutil.copy(SOUNDS_DIR / "click.wav", tmp_path / "click.wav")
    sounds = SoundPlayer(tmp_path)
    try:
        with caplog.at_level(logging.ERROR, logger="game.audio.player"):
            assert sounds.play("fanfare") is None
            assert sounds.play("fanfare") is None
        errors = [r for r in caplog.records if r.levelno == logging.ERROR]
        assert len(errors) == 1
        assert str(tmp_path / "fanfare.wav") in errors[0].getMessage()
        assert sounds.play("click") is not None
    finally:
        sounds.close()


def test_a_corrupt_file_is_reported_not_raised(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    pygame.mixer.quit()
    (tmp_path / "broken.wav").write_bytes(b"RIFF not really a wave file")
    sounds = SoundPlayer(tmp_path)
    try:
        assert sounds.play("broken") is None
        assert "broken.wav" in caplog.text
    finally:
        sounds.close()


def test_unknown_driver_means_one_warning_and_silence(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    pygame.mixer.quit()
    monkeypatch.setenv("SDL_AUDIODRIVER", "no-such-driver")
    sounds = SoundPlayer()
    with caplog.at_level(logging.WARNING, logger="game.audio.player"):
        assert sounds.play("click") is None
        assert sounds.play("yahtzee", volume=0.3) is None
        sounds.preload("score")
        sounds.stop()
        sounds.set_volume(0.2)
        sounds.mute()
        sounds.unmute()
        assert not sounds.available
    warnings = [r for r in caplog.records if r.levelno == logging.WARNING]
    assert len(warnings) == 1
    assert "no-such-driver" in warnings[0].getMessage()
    sounds.close()


def test_mixer_errors_are_caught(
    player: SoundPlayer, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def no_device(*args: object, **kwargs: object) -> None:
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "init", no_device)
    with caplog.at_level(logging.WARNING, logger="game.audio.player"):
        assert player.play("click") is None
    assert "No available audio device" in caplog.text


def test_nothing_is_started_before_first_use() -> None:
    pygame.mixer.quit()
    SoundPlayer()
    assert not pygame.mixer.get_init()
