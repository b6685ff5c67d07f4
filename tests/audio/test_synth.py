"""The synthesized sound effects: deterministic, well-formed, small, matching the committed WAVs."""

from __future__ import annotations

import wave
from pathlib import Path

import numpy as np
import pytest

from game.audio import SOUNDS_DIR, synth

EXPECTED = {
    "dice_rattle",
    "dice_land_1",
    "dice_land_2",
    "dice_land_3",
    "score",
    "yahtzee",
    "bonus",
    "click",
    "hold",
    "release",
    "zero",
    "turn",
    "win",
}
SIZE_BUDGET = 1_500_000  # bytes for all the committed WAVs


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("sounds")
    synth.build(out)
    return out


def read(path: Path) -> tuple[wave._wave_params, np.ndarray]:
    with wave.open(str(path), "rb") as wav:
        params = wav.getparams()
        samples = np.frombuffer(wav.readframes(params.nframes), dtype="<i2")
    return params, samples


def test_every_sound_is_built(built: Path) -> None:
    assert {p.stem for p in built.glob("*.wav")} == EXPECTED
    assert set(synth.SOUNDS) == EXPECTED


def test_rebuilding_gives_the_same_bytes(built: Path, tmp_path: Path) -> None:
    synth.build(tmp_path)
    for name in EXPECTED:
        assert (tmp_path / f"{name}.wav").read_bytes() == (built / f"{name}.wav").read_bytes(), name


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_header_is_16_bit_mono_44k(built: Path, name: str) -> None:
    raw = (built / f"{name}.wav").read_bytes()
    assert raw[:4] == b"RIFF" and raw[8:16] == b"WAVEfmt "
    params, samples = read(built / f"{name}.wav")
    assert (params.nchannels, params.sampwidth, params.framerate) == (1, 2, 44100)
    assert params.comptype == "NONE"
    assert len(samples) == params.nframes > 0
    assert len(raw) == 44 + 2 * params.nframes  # a plain header and nothing after the data


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_sounds_start_and_end_silent_and_never_clip(built: Path, name: str) -> None:
    _, samples = read(built / f"{name}.wav")
    assert samples[0] == 0 and samples[-1] == 0
    peak = int(np.max(np.abs(samples.astype(np.int32))))
    assert peak == round(synth.SOUNDS[name][1] * 32767)


@pytest.mark.parametrize(
    ("name", "shortest", "longest"),
    [
        ("click", 0.02, 0.08),
        ("hold", 0.05, 0.12),
        ("release", 0.05, 0.12),
        ("zero", 0.3, 1.0),
        ("dice_land_1", 0.1, 0.4),
        ("dice_rattle", 0.5, 0.8),
        ("score", 0.5, 1.2),
        ("turn", 0.5, 1.2),
        ("yahtzee", 1.3, 1.8),
        ("bonus", 0.9, 1.8),
        ("win", 2.0, 3.2),
    ],
)
def test_lengths_suit_their_use(built: Path, name: str, shortest: float, longest: float) -> None:
    params, _ = read(built / f"{name}.wav")
    assert shortest <= params.nframes / params.framerate <= longest


def test_dice_land_variants_differ(built: Path) -> None:
    takes = {(built / f"dice_land_{i}.wav").read_bytes() for i in (1, 2, 3)}
    assert len(takes) == 3


def test_committed_files_match_the_synthesizer(built: Path) -> None:
    for name in EXPECTED:
        committed_params, committed = read(SOUNDS_DIR / f"{name}.wav")
        fresh_params, fresh = read(built / f"{name}.wav")
        assert committed_params == fresh_params, name
        # One step of rounding slack: another CPU's FFT may differ in the last bit of a float.
        assert int(np.max(np.abs(committed.astype(np.int32) - fresh))) <= 1, name


def test_committed_sounds_are_small_and_licensed() -> None:
    total = sum(p.stat().st_size for p in SOUNDS_DIR.glob("*.wav"))
    assert total < SIZE_BUDGET
    licence = (SOUNDS_DIR / "LICENSE.txt").read_text(encoding="utf-8")
    assert "game/audio/synth.py" in licence and "CC0" in licence


def test_main_refuses_options(caplog: pytest.LogCaptureFixture) -> None:
    assert synth.main(["--help"]) == 2
    assert "usage: python -m game.audio.synth" in caplog.text


def test_main_writes_into_the_given_folder(tmp_path: Path) -> None:
    assert synth.main([str(tmp_path / "out")]) == 0
    assert {p.stem for p in (tmp_path / "out").glob("*.wav")} == EXPECTED
