"""game.anim is pure math: importing it must not import pygame (checked in a fresh interpreter)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_anim_never_imports_pygame() -> None:
    code = (
        "import sys, game.anim, game.anim.easing, game.anim.tween, game.anim.throw, "
        "game.anim.shake, game.anim.felt, game.anim.flight, game.anim.die, game.anim.tray, "
        "game.anim.throw_record; assert 'pygame' not in sys.modules, 'pygame was imported'"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
