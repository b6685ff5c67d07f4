"""What the tests look at of processes: the live members of a process group (from /proc);
and an X server of a test's own to open the game's windows on, and the keyboard given to one."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import time
from collections.abc import Iterator


def group_members(pgid: int) -> list[int]:
    """The live (not zombie) processes of the process group `pgid`."""
    members = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
                fields = stat.read().rpartition(")")[2].split()
        except OSError:
            continue
        state, group = fields[0], int(fields[2])
        if group == pgid and state != "Z":
            members.append(int(pid))
    return members


def gone(pgid: int, seconds: float = 0.5) -> bool:
    """Whether the group has no live member, given `seconds` for the killed to be reaped."""
    deadline = time.monotonic() + seconds
    while group_members(pgid):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.01)
    return True


def wait_for_members(pgid: int, count: int, seconds: float = 5.0) -> list[int]:
    """The group's live members, once there are `count` (or `seconds` passed)."""
    deadline = time.monotonic() + seconds
    while len(group_members(pgid)) < count and time.monotonic() < deadline:
        time.sleep(0.02)
    return group_members(pgid)


@contextlib.contextmanager
def xvfb(screen: str = "1024x768x24") -> Iterator[str]:
    """An Xvfb server of the test's own, on a display number it chose free (`-displayfd`):
    its DISPLAY (":3"), until the block ends, when the server's process group is ended."""
    read, write = os.pipe()
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-screen", "0", screen, "-nolisten", "tcp"],
        pass_fds=(write,),
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    os.close(write)
    try:
        with os.fdopen(read) as pipe:
            number = pipe.readline().strip()
        yield f":{number}"
    finally:
        if server.poll() is None:
            os.killpg(server.pid, signal.SIGTERM)
            server.wait(timeout=30)


def focus_window(env: dict[str, str], title: str = "Yahtzee Table") -> None:
    """Wait for the window named `title` on env's DISPLAY and give it the keyboard (no
    window manager does)."""
    for _ in range(300):
        tree = subprocess.run(
            ["xwininfo", "-root", "-tree"], env=env, capture_output=True, text=True, timeout=30
        ).stdout
        found = [line.split()[0] for line in tree.splitlines() if f'"{title}"' in line]
        if found:
            command = ["xdotool", "windowfocus", "--sync", found[0]]
            subprocess.run(command, env=env, check=True, timeout=30)
            return
        time.sleep(0.1)
    raise AssertionError(f"the window {title!r} never appeared")
