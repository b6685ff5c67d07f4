"""The game's command line, as a player types it (issue 30, N11)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("option", [["--data-dir", ""], ["--data-dir="], ["--data-dir", "  "]])
def test_an_empty_data_dir_is_refused_with_a_message(tmp_path, option):
    """N11: it silently kept everything in the current working folder."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", HOME=str(tmp_path))
    done = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), *option],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert "--data-dir" in done.stderr and "empty" in done.stderr
    assert sorted(p.name for p in tmp_path.iterdir() if not p.name.startswith(".")) == []
