"""python -m game.tools.netplay with three friends: a host and three headless friends as
separate processes play whole games with a CPU seat, cheats and a fuzzer thrown in, and the
tool prints its figures; no desync, every attack refused."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys

import pytest

from tests.heavy import HEAVY_TIMEOUT

pytestmark = [pytest.mark.heavy, pytest.mark.timeout(HEAVY_TIMEOUT)]


def test_three_friends_play_whole_games_with_no_desync_and_every_attack_refused():
    command = [sys.executable, "-m", "game.tools.netplay", "--clients", "3", "--games", "3",
               "--seed", "5", "--timeout", "600"]  # fmt: skip
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)  # fmt: skip
    try:
        out, err = proc.communicate(timeout=HEAVY_TIMEOUT - 60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)  # netplay and every process it started
            proc.wait()
    assert proc.returncode == 0, out + err
    assert "games played    3 of 3" in out
    assert "desyncs         0 " in out
    cheats = re.search(r"friends' cheats (\d+) of (\d+) refused; fuzzer (\d+) of (\d+)", out)
    assert cheats is not None and cheats[1] == cheats[2] and cheats[3] == cheats[4]
    assert int(cheats[2]) > 0 and int(cheats[4]) >= 40
    trip = re.search(r"round trip      median ([\d.]+) ms, p99 ([\d.]+) ms", out)
    assert trip is not None and float(trip[1]) <= float(trip[2])
