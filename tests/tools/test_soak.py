"""`python -m game.tools.soak`: whole games in one process, their memory and the records
against the games finished; and an input storm. (Heavy: a game takes half a minute.)"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.heavy import HEAVY_TIMEOUT

ROOT = Path(__file__).resolve().parents[2]
ENV = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}


def soak(*args: str) -> list[str]:
    done = subprocess.run(
        [sys.executable, "-m", "game.tools.soak", *args],
        cwd=ROOT,
        env=ENV,
        capture_output=True,
        text=True,
        timeout=HEAVY_TIMEOUT,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout.splitlines()


@pytest.mark.heavy
@pytest.mark.timeout(HEAVY_TIMEOUT)
def test_the_soak_files_every_game_it_plays_and_prints_its_memory():
    lines = soak("--games", "2", "--every", "1", "--animations", "instant")
    start = next(line for line in lines if line.startswith("start"))
    assert re.fullmatch(r"start +RSS +\d+\.\d MiB", start)
    for games in (1, 2):
        line = next(line for line in lines if line.startswith(f"games {games:4d}"))
        assert f"records {games:4d} of {games:4d} finished" in line
    assert re.fullmatch(r"end +RSS +\d+\.\d MiB  records 2 of 2 finished", lines[-1])


@pytest.mark.heavy
@pytest.mark.timeout(HEAVY_TIMEOUT)
def test_the_storm_goes_through_the_scenes_and_fails_no_frame():
    lines = soak("--storm", "6")
    assert lines[-1].endswith("(0 frames failing at the end)")
    assert any(line.startswith("idle") for line in lines)
