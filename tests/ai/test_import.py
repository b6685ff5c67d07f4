"""game.ai is headless: importing it (and using it) never loads pygame."""

from __future__ import annotations

import subprocess
import sys


def test_game_ai_loads_no_pygame():
    code = (
        "import sys\n"
        "import game.ai.coach.advice, game.ai.levels.strategies, game.ai.winning.chances\n"
        "from game.ai.exact.options import option_values\n"
        "from game.rules import Scorecard\n"
        "option_values(Scorecard(), (1, 2, 3, 4, 6), 2)\n"
        "assert 'pygame' not in sys.modules, sorted(m for m in sys.modules if 'pygame' in m)\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=60)
