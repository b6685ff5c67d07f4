"""Synthesize the sound effects: `python -m game.audio.synth [OUT_DIR]` (default assets/sounds).

Every sound is made here from numpy arithmetic and written with the stdlib `wave` module as 16-bit
mono 44.1 kHz WAV, so the project owns its audio outright (see assets/sounds/LICENSE.txt). Noise
comes from a generator seeded by the sound's name, so running this again writes byte-identical
files and the committed WAVs can be checked against their source.

Design notes: the dice are wood-on-wood clacks (a few damped resonant modes and a short noise
burst), the rattle is dozens of tiny clicks bunched on the strokes of a shaken leather cup, and the
musical cues are soft bell and brass tones in C major with a little synthetic room reverb.
"""

from __future__ import annotations

import logging
import sys
import wave
import zlib
from collections.abc import Callable, Iterable
from pathlib import Path

import numpy as np

from game.audio import SOUNDS_DIR

log = logging.getLogger(__name__)

RATE = 44100  # Hz
SAMPLE_WIDTH = 2  # bytes: 16-bit
PEAK = 0.89  # of full scale (about -1 dBFS): loud enough, never clipping after rounding
FADE_IN = 0.0005  # s: short, so a clack's transient survives; the sounds have their own attacks
FADE_OUT = 0.004  # s: so no sound stops with a click
TRIM_LEVEL = 0.001  # of the peak (-60 dB): a reverb tail below this is inaudible, cut it
NOTE_RELEASE = 0.03  # s: every struck tone fades over its last 30 ms

Signal = np.ndarray
Rng = np.random.Generator

# Equal-tempered pitches used by the musical cues (Hz).
NOTE = {
    "G3": 196.00,
    "C4": 261.63,
    "E4": 329.63,
    "G4": 392.00,
    "A4": 440.00,
    "B4": 493.88,
    "C5": 523.25,
    "D5": 587.33,
    "E5": 659.26,
    "F5": 698.46,
    "G5": 783.99,
    "A5": 880.00,
    "B5": 987.77,
    "C6": 1046.50,
    "D6": 1174.66,
    "E6": 1318.51,
    "G6": 1567.98,
    "C7": 2093.00,
}


# --- building blocks ---------------------------------------------------------------------------


def silence(seconds: float) -> Signal:
    return np.zeros(int(round(seconds * RATE)), dtype=np.float64)


def times(seconds: float) -> Signal:
    return np.arange(int(round(seconds * RATE)), dtype=np.float64) / RATE


def mix_at(out: Signal, sound: Signal, at: float, gain: float = 1.0) -> None:
    """Add `sound` into `out` starting `at` seconds in, cut at the end of `out`."""
    start = int(round(at * RATE))
    if start >= len(out):
        return
    n = min(len(sound), len(out) - start)
    out[start : start + n] += gain * sound[:n]


def modes(seconds: float, partials: Iterable[tuple[float, float, float]], attack: float) -> Signal:
    """A struck object: a sum of (frequency Hz, amplitude, decay s) damped sines, soft attack."""
    t = times(seconds)
    out = np.zeros_like(t)
    for freq, amp, decay in partials:
        if freq >= RATE / 2:
            continue  # above Nyquist it would alias into a wrong, harsh pitch
        out += amp * np.sin(2.0 * np.pi * freq * t) * np.exp(-t / decay)
    if attack > 0.0:
        out *= np.minimum(1.0, t / attack)
    # Fade out over the last bit: a tone cut while still ringing clicks audibly.
    release = min(NOTE_RELEASE, seconds / 4.0)
    out *= np.clip((seconds - t) / release, 0.0, 1.0)
    return out


def bell(freq: float, seconds: float, decay: float = 0.6, brightness: float = 1.0) -> Signal:
    """A soft glockenspiel-like tone; upper partials die faster so the ring is pure at the end."""
    return modes(
        seconds,
        [
            (freq, 1.0, decay),
            (freq * 2.0, 0.32 * brightness, decay * 0.45),
            (freq * 3.0, 0.12 * brightness, decay * 0.25),
            (freq * 4.2, 0.06 * brightness, decay * 0.12),  # slightly inharmonic: metal
        ],
        attack=0.004,
    )


def marimba(freq: float, seconds: float, decay: float = 0.35) -> Signal:
    """A warm mallet tone: the bar's 4x and 10x overtones, quickly gone."""
    return modes(
        seconds,
        [(freq, 1.0, decay), (freq * 3.93, 0.25, decay * 0.18), (freq * 9.9, 0.05, decay * 0.06)],
        attack=0.003,
    )


def brass(freq: float, seconds: float, release: float = 0.12, vibrato: float = 0.0) -> Signal:
    """A soft brass-like note: harmonics at 1/n, brightening as it swells, with optional vibrato."""
    t = times(seconds)
    swell = np.minimum(1.0, t / 0.035)
    tail = np.clip((seconds - t) / release, 0.0, 1.0)
    wobble = 1.0 + vibrato * np.sin(2.0 * np.pi * 5.5 * t) * np.minimum(1.0, t / 0.25)
    phase = 2.0 * np.pi * freq * np.cumsum(wobble) / RATE
    out = np.zeros_like(t)
    for n in range(1, 9):
        if freq * n >= RATE / 2:
            break
        # Higher harmonics enter with the swell: the "blat" of a brass attack, kept gentle.
        out += (1.0 / n) * np.sin(n * phase) * swell ** (1.0 + 0.35 * n)
    return out * swell * tail * (0.85 + 0.15 * np.exp(-t / 0.3))


def band(signal: Signal, low: float, high: float, soft: float = 0.25) -> Signal:
    """Band-pass by shaping the spectrum: a raised-cosine window from `low` to `high` Hz."""
    n = len(signal)
    spectrum = np.fft.rfft(signal)
    freqs = np.fft.rfftfreq(n, 1.0 / RATE)
    gain = np.ones_like(freqs)
    lo_edge, hi_edge = low * (1.0 - soft), high * (1.0 + soft)
    below = freqs < low
    gain[below] = np.where(
        freqs[below] <= lo_edge,
        0.0,
        0.5 - 0.5 * np.cos(np.pi * (freqs[below] - lo_edge) / max(low - lo_edge, 1e-9)),
    )
    above = freqs > high
    gain[above] = np.where(
        freqs[above] >= hi_edge,
        0.0,
        0.5 + 0.5 * np.cos(np.pi * (freqs[above] - high) / max(hi_edge - high, 1e-9)),
    )
    return np.fft.irfft(spectrum * gain, n)


def convolve(a: Signal, b: Signal) -> Signal:
    n = len(a) + len(b) - 1
    size = 1 << (n - 1).bit_length()
    return np.fft.irfft(np.fft.rfft(a, size) * np.fft.rfft(b, size), size)[:n]


def room(signal: Signal, rng: Rng, wet: float = 0.18, seconds: float = 0.45) -> Signal:
    """A small warm room: convolve with decaying, darkened noise; returns the sound plus tail."""
    t = times(seconds)
    impulse = band(rng.standard_normal(len(t)), 200.0, 5000.0) * np.exp(-t / (seconds / 5.0))
    impulse /= np.sqrt(np.sum(impulse**2)) + 1e-12
    tail = convolve(signal, impulse)
    out = np.zeros(len(tail))
    out[: len(signal)] += signal
    return out + wet * tail


def finish(signal: Signal, peak: float = PEAK) -> Signal:
    """Trim trailing near-silence, fade the edges and normalize to `peak`."""
    signal = signal - np.mean(signal)  # no DC offset: it would thump on start and stop
    top = np.max(np.abs(signal))
    if top == 0.0:
        return signal
    audible = np.nonzero(np.abs(signal) > TRIM_LEVEL * top)[0]
    signal = signal[: audible[-1] + 1].copy()
    fade_in = min(int(FADE_IN * RATE), len(signal) // 2)
    fade_out = min(int(FADE_OUT * RATE), len(signal) // 2)
    signal[:fade_in] *= np.linspace(0.0, 1.0, fade_in)
    signal[len(signal) - fade_out :] *= np.linspace(1.0, 0.0, fade_out)
    # Normalized last so the fades cannot pull the loudest sample below its mark.
    normalised: np.ndarray = signal * (peak / np.max(np.abs(signal)))
    return normalised


def to_pcm16(signal: Signal) -> bytes:
    samples = np.clip(np.round(signal * 32767.0), -32768, 32767).astype("<i2")
    return samples.tobytes()


def write_wav(path: Path, signal: Signal) -> int:
    """Write 16-bit mono 44.1 kHz; returns the file size in bytes."""
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(SAMPLE_WIDTH)
        out.setframerate(RATE)
        out.writeframes(to_pcm16(signal))
    return path.stat().st_size


# --- the sounds ----------------------------------------------------------------------------------


def clack(rng: Rng, pitch: float = 1.0, hardness: float = 1.0) -> Signal:
    """One die striking the table: a bright click over a short woody knock."""
    seconds = 0.12

    def jitter() -> float:
        return rng.uniform(0.92, 1.08)  # each strike rings slightly differently

    knock = modes(
        seconds,
        [
            (2250.0 * pitch * jitter(), 1.0, 0.010),
            (3580.0 * pitch * jitter(), 0.7, 0.007),
            (5240.0 * pitch * jitter(), 0.45 * hardness, 0.005),
            (7900.0 * pitch * jitter(), 0.25 * hardness, 0.003),
            (420.0 * pitch * jitter(), 0.5, 0.018),  # the table's thud under it
        ],
        attack=0.0004,
    )
    t = times(seconds)
    tick = band(rng.standard_normal(len(t)), 1800.0, 9000.0) * np.exp(-t / 0.0025)
    return knock + 0.9 * hardness * tick


def dice_land(rng: Rng) -> Signal:
    """A die landing: a main clack, a smaller bounce clack and a faint settle."""
    out = silence(0.32)
    pitch = rng.uniform(0.9, 1.12)
    mix_at(out, clack(rng, pitch), 0.0)
    bounce_at = rng.uniform(0.05, 0.08)
    mix_at(out, clack(rng, pitch * rng.uniform(1.0, 1.06), 0.7), bounce_at, 0.38)
    mix_at(out, clack(rng, pitch * 1.05, 0.5), bounce_at + rng.uniform(0.035, 0.05), 0.14)
    return room(out, rng, wet=0.10, seconds=0.18)


def dice_rattle(rng: Rng) -> Signal:
    """Five dice shaken in a leather cup: clicks bunched on each stroke, over a muffled thump."""
    seconds = 0.56
    out = silence(seconds)
    strokes = [0.02, 0.15, 0.28, 0.40]  # s: the hand's back-and-forth
    for i, stroke in enumerate(strokes):
        strength = 1.0 - 0.12 * i
        for _ in range(int(rng.integers(9, 14))):
            at = stroke + abs(rng.normal(0.0, 0.03))
            # Inside a cup the dice hit leather as much as each other: duller and higher-pitched.
            click = clack(rng, pitch=rng.uniform(1.25, 1.7), hardness=rng.uniform(0.3, 0.7))
            mix_at(out, click, at, strength * rng.uniform(0.15, 0.5))
        # The cup's body: a low, muffled thump as the dice hit its wall at the end of a stroke.
        thump = modes(0.08, [(170.0 * rng.uniform(0.95, 1.05), 1.0, 0.02)], attack=0.002)
        mix_at(out, thump, stroke + 0.04, 0.35 * strength)
    t = times(seconds)
    out *= np.clip((seconds - t) / 0.1, 0.0, 1.0)
    return room(out, rng, wet=0.12, seconds=0.12)


def score(rng: Rng) -> Signal:
    """A soft, pleasant ding for writing a score: two bell notes a fifth apart, gently."""
    out = silence(0.8)
    mix_at(out, bell(NOTE["G5"], 0.8, decay=0.35, brightness=0.6), 0.0, 0.55)
    mix_at(out, bell(NOTE["C6"], 0.75, decay=0.4, brightness=0.7), 0.06)
    return room(out, rng, wet=0.2, seconds=0.4)


def click(rng: Rng) -> Signal:
    """A button press: a tiny dry wooden tick."""
    out = modes(0.045, [(1650.0, 1.0, 0.006), (3300.0, 0.35, 0.003)], attack=0.0008)
    t = times(0.045)
    out += 0.25 * band(rng.standard_normal(len(t)), 2000.0, 7000.0) * np.exp(-t / 0.0015)
    return out


def _ticks(rng: Rng, pitches: tuple[float, float]) -> Signal:
    """Two tiny wooden ticks 45 ms apart at `pitches` (Hz): rising or falling, heard as a
    direction without a word."""
    out = silence(0.09)
    for i, pitch in enumerate(pitches):
        tick = modes(0.04, [(pitch, 1.0, 0.006), (pitch * 2.0, 0.3, 0.003)], attack=0.0008)
        t = times(0.04)
        tick += 0.2 * band(rng.standard_normal(len(t)), 2000.0, 7000.0) * np.exp(-t / 0.0015)
        mix_at(out, tick, 0.045 * i, 0.7 + 0.3 * i)
    return out


def hold(rng: Rng) -> Signal:
    """A die held: two ticks rising (a player who cannot see the dice hears which it was)."""
    return _ticks(rng, (1400.0, 2100.0))


def release(rng: Rng) -> Signal:
    """A die released: two ticks falling."""
    return _ticks(rng, (2100.0, 1400.0))


def zero(rng: Rng) -> Signal:
    """A zero written: a soft falling third, low, so it is not mistaken for a score."""
    out = silence(0.6)
    mix_at(out, marimba(NOTE["E4"], 0.45, decay=0.25), 0.0, 0.8)
    mix_at(out, marimba(NOTE["C4"], 0.5, decay=0.3), 0.12, 0.7)
    return room(out, rng, wet=0.15, seconds=0.3)


def turn(rng: Rng) -> Signal:
    """Your turn: a rising two-note marimba chime, unhurried."""
    out = silence(0.75)
    mix_at(out, marimba(NOTE["E5"], 0.6, decay=0.3), 0.0, 0.8)
    mix_at(out, marimba(NOTE["A5"], 0.6, decay=0.38), 0.13)
    mix_at(out, bell(NOTE["A5"] * 2.0, 0.5, decay=0.25, brightness=0.3), 0.13, 0.12)
    return room(out, rng, wet=0.22, seconds=0.5)


def bonus(rng: Rng) -> Signal:
    """Upper-section bonus: a quick bright arpeggio up to a held octave with a sparkle."""
    out = silence(1.15)
    for i, name in enumerate(("G5", "B5", "D6", "G6")):
        mix_at(out, bell(NOTE[name], 0.9, decay=0.45, brightness=0.8), i * 0.075, 0.75 + 0.08 * i)
    mix_at(out, marimba(NOTE["G4"], 0.9, decay=0.5), 0.225, 0.5)
    for i in range(6):
        # A sparkle: tiny high bells scattered after the last note.
        pitch = NOTE["G6"] * float(rng.choice([1.5, 2.0, 2.5, 3.0]))
        mix_at(out, bell(pitch, 0.3, decay=0.08, brightness=0.2), 0.3 + 0.06 * i, 0.12)
    return room(out, rng, wet=0.25, seconds=0.6)


def yahtzee(rng: Rng) -> Signal:
    """A Yahtzee: a short brass fanfare (da-da-da DAAA) over a C major chord, with bells on top."""
    out = silence(1.3)
    melody = [("G4", 0.0, 0.11), ("C5", 0.12, 0.11), ("E5", 0.24, 0.11), ("G5", 0.36, 0.85)]
    for name, at, length in melody:
        mix_at(out, brass(NOTE[name], length, release=0.25, vibrato=0.004), at, 0.6)
    for name in ("C4", "E4", "G4", "C5"):
        # The held chord under the last note: the band joining in.
        mix_at(out, brass(NOTE[name], 0.85, release=0.3, vibrato=0.003), 0.36, 0.22)
    for i, name in enumerate(("C6", "E6", "G6", "C7")):
        mix_at(out, bell(NOTE[name], 0.8, decay=0.4, brightness=0.5), 0.36 + 0.07 * i, 0.22)
    return room(out, rng, wet=0.28, seconds=0.45)


def win(rng: Rng) -> Signal:
    """The game is won: a longer fanfare that resolves, bells ringing and a last shimmer."""
    out = silence(2.3)
    melody = [
        ("C5", 0.0, 0.14),
        ("C5", 0.16, 0.08),
        ("C5", 0.26, 0.08),
        ("E5", 0.36, 0.22),
        ("D5", 0.60, 0.14),
        ("F5", 0.76, 0.14),
        ("E5", 0.92, 0.14),
        ("G5", 1.08, 1.0),
    ]
    for name, at, length in melody:
        mix_at(out, brass(NOTE[name], length, release=0.2, vibrato=0.004), at, 0.6)
    for name, at, length in (("C4", 0.0, 0.5), ("G3", 0.6, 0.46), ("C4", 1.08, 1.0)):
        for ratio in (1.0, 1.26, 1.5):  # a major triad on each bass note
            mix_at(out, brass(NOTE[name] * ratio, length, release=0.25), at, 0.16)
    for i in range(10):
        pitch = NOTE["C6"] * float(rng.choice([1.0, 1.26, 1.5, 2.0]))
        mix_at(out, bell(pitch, 0.7, decay=0.3, brightness=0.5), 1.08 + 0.08 * i, 0.15)
    return room(out, rng, wet=0.3, seconds=0.9)


DICE_LAND_VARIANTS = 3

# name -> (maker, peak): clacks sit a little below the music so a five-dice landing does not shout.
SOUNDS: dict[str, tuple[Callable[[Rng], Signal], float]] = {
    "dice_rattle": (dice_rattle, 0.75),
    **{f"dice_land_{i}": (dice_land, 0.8) for i in range(1, DICE_LAND_VARIANTS + 1)},
    "score": (score, 0.7),
    "yahtzee": (yahtzee, PEAK),
    "bonus": (bonus, 0.8),
    "click": (click, 0.5),
    "hold": (hold, 0.5),
    "release": (release, 0.5),
    "zero": (zero, 0.6),
    "turn": (turn, 0.7),
    "win": (win, PEAK),
}


def seed_for(name: str) -> int:
    # crc32, not hash(): str hashes change per process, and the files must not.
    return zlib.crc32(name.encode("utf-8"))


def render(name: str) -> Signal:
    """The finished float signal for the sound called `name`."""
    maker, peak = SOUNDS[name]
    return finish(maker(np.random.default_rng(seed_for(name))), peak)


def build(out_dir: Path | str = SOUNDS_DIR) -> dict[str, int]:
    """Write every sound into `out_dir`; returns file name -> size in bytes."""
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    sizes = {}
    for name in SOUNDS:
        path = out_dir / f"{name}.wav"
        sizes[path.name] = write_wav(path, render(name))
        log.info("wrote %s (%d bytes)", path, sizes[path.name])
    return sizes


def main(argv: list[str]) -> int:
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    if len(argv) > 1 or (argv and argv[0].startswith("-")):
        log.error("usage: python -m game.audio.synth [OUT_DIR]")
        return 2
    sizes = build(argv[0] if argv else SOUNDS_DIR)
    log.info("%d sounds, %.1f kB in all", len(sizes), sum(sizes.values()) / 1024)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
