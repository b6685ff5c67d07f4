"""The child processes the game starts (a speech command, a bus query): each in a process
group of its own, with the environment the system gave the game (game.childenv), and ended
as a whole group, so a child that ignores SIGTERM, or leaves children of its own behind,
never outlives the game nor holds up its closing.

`end` asks the group to stop (SIGTERM), gives it `grace` seconds, then kills what is left of
the group (SIGKILL) and reaps the child: at most `grace` and a few milliseconds, whatever the
child does. `end_all` does it for many at once, in the same time as for one.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import time
from collections.abc import Sequence

from game.childenv import child_environ

GRACE = 0.3  # s a group has between SIGTERM and SIGKILL
POSIX = os.name == "posix"
_POLL = 0.01  # s between looks at a child ending


def start(args: Sequence[str], capture: bool = False) -> subprocess.Popen[str]:
    """Start `args` in a new process group (POSIX: a new session; Windows: a new process
    group), stdin and stderr closed, stdout captured or closed. Raises OSError."""
    return subprocess.Popen(
        list(args),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE if capture else subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=child_environ(),
        text=True,
        start_new_session=POSIX,
        creationflags=0 if POSIX else getattr(subprocess, "CREATE_NEW_PROCESS_GROUP", 0),
    )


def run(args: Sequence[str], timeout: float) -> str | None:
    """Run `args` to its end and return what it printed; None if it could not start, failed
    or took longer than `timeout` seconds (its group is ended then)."""
    try:
        child = start(args, capture=True)
    except OSError:
        return None
    try:
        out, _err = child.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        end(child)
        return None
    return out if child.returncode == 0 else None


def end(child: subprocess.Popen[str], grace: float = GRACE) -> None:
    """Stop `child` and its whole group and reap it (see the module's docstring)."""
    end_all([child], grace)


def end_all(children: Sequence[subprocess.Popen[str]], grace: float = GRACE) -> None:
    """Stop every child's group: SIGTERM to each, up to `grace` seconds for the children to
    go, SIGKILL to what is left of each group, then each child reaped."""
    for child in children:
        ask_to_end(child)
    deadline = time.monotonic() + grace
    while any(not _exited(c) for c in children) and time.monotonic() < deadline:
        time.sleep(_POLL)
    for child in children:
        # The child is not reaped yet, so its group's id cannot be reused: this reaches
        # only the child's own group (a grandchild that ignored SIGTERM included).
        kill(child)


def ask_to_end(child: subprocess.Popen[str]) -> None:
    """SIGTERM to the child's group, without waiting: see `ended` and `kill`."""
    if child.returncode is None:
        _signal_group(child, signal.SIGTERM)


def ended(child: subprocess.Popen[str]) -> bool:
    """Whether the child has ended (not reaped on Linux: `kill` reaps it)."""
    return _exited(child)


def kill(child: subprocess.Popen[str]) -> None:
    """SIGKILL to what is left of the child's group, and the child reaped (a child reaped
    before is left alone: its id may be another process's by now)."""
    if child.returncode is not None:
        return
    _signal_group(child, signal.SIGKILL)
    with contextlib.suppress(subprocess.TimeoutExpired):
        child.wait(timeout=1.0)


def _signal_group(child: subprocess.Popen[str], sig: int) -> None:
    if not POSIX:
        with contextlib.suppress(OSError):
            child.kill() if sig != signal.SIGTERM else child.terminate()
        return
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(child.pid, sig)


def _exited(child: subprocess.Popen[str]) -> bool:
    """Whether the child has ended, without reaping it (so its group id stays its own)."""
    if child.returncode is not None:
        return True
    if not hasattr(os, "waitid"):  # Windows, macOS: poll (which reaps)
        return child.poll() is not None
    try:
        info = os.waitid(os.P_PID, child.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
    except ChildProcessError:
        return True
    return info is not None
