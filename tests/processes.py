"""What the tests look at of processes: the live members of a process group (from /proc)."""

from __future__ import annotations

import os
import time


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
