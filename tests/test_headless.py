"""The headless packages never import pygame (checked in a fresh interpreter)."""

from __future__ import annotations

import subprocess
import sys

import pytest


@pytest.mark.parametrize(
    "package",
    ["game.rules", "game.net.host", "game.net.friend", "game.net.keep", "game.net.discovery"],
)
def test_package_loads_no_pygame(package):
    code = f"import sys, {package}; assert 'pygame' not in sys.modules, sorted(sys.modules)"
    subprocess.run([sys.executable, "-c", code], check=True, timeout=60)
