"""The child processes the game starts: the system's environment (not a bundle's library
path), a process group of their own, and an end that takes the whole group within the grace
time, whatever the child does (issue 30, N9)."""

from __future__ import annotations

import os
import sys
import time

import pytest

from game import children
from game.childenv import child_environ
from tests.processes import gone, wait_for_members

pytestmark = pytest.mark.skipif(os.name != "posix", reason="process groups are POSIX")

# A child that ignores SIGTERM (so do its own children: an ignored signal is inherited) and
# starts two children of its own, then waits for them.
STUBBORN = ["sh", "-c", "trap '' TERM; sleep 30 & sleep 30 & echo started; wait"]


def test_a_child_that_ignores_sigterm_ends_with_its_children_within_the_grace():
    child = children.start(STUBBORN)
    assert os.getpgid(child.pid) == child.pid  # a group of its own
    assert len(wait_for_members(child.pid, 3)) == 3  # sh and its two sleeps
    began = time.monotonic()
    children.end(child)
    took = time.monotonic() - began
    assert took < 1.0, took  # grace 0.3 s, then SIGKILL to the group
    assert child.returncode is not None  # reaped
    assert gone(child.pid)  # its children too


def test_many_children_end_together_in_one_grace():
    started = [children.start(STUBBORN) for _ in range(4)]
    for child in started:
        wait_for_members(child.pid, 3)
    began = time.monotonic()
    children.end_all(started)
    assert time.monotonic() - began < 1.0
    assert all(gone(c.pid) for c in started)


def test_run_returns_the_output_or_none_and_a_slow_child_is_ended():
    assert children.run(["sh", "-c", "echo hello"], timeout=5) == "hello\n"
    assert children.run(["sh", "-c", "exit 3"], timeout=5) is None
    assert children.run(["/nonexistent/program"], timeout=5) is None
    began = time.monotonic()
    assert children.run(STUBBORN, timeout=0.3) is None
    assert time.monotonic() - began < 1.5


def test_a_child_gets_the_systems_library_path_back_from_a_bundle(monkeypatch):
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setenv("LD_LIBRARY_PATH", "/opt/yahtzee/_internal")
    monkeypatch.setenv("LD_LIBRARY_PATH_ORIG", "/usr/local/lib/audio")
    assert child_environ()["LD_LIBRARY_PATH"] == "/usr/local/lib/audio"
    assert "LD_LIBRARY_PATH_ORIG" not in child_environ()
    out = children.run(["sh", "-c", 'echo "$LD_LIBRARY_PATH|${LD_LIBRARY_PATH_ORIG-unset}"'], 5)
    assert out == "/usr/local/lib/audio|unset\n"
    monkeypatch.delenv("LD_LIBRARY_PATH_ORIG")  # the system had none: none for the child
    out = children.run(["sh", "-c", 'echo "${LD_LIBRARY_PATH-unset}"'], 5)
    assert out == "unset\n"


def test_outside_a_bundle_the_environment_is_passed_on(monkeypatch):
    monkeypatch.delattr(sys, "frozen", raising=False)
    monkeypatch.setenv("LD_LIBRARY_PATH", "/usr/lib/extra")
    out = children.run(["sh", "-c", 'echo "$LD_LIBRARY_PATH"'], 5)
    assert out == "/usr/lib/extra\n"


def test_the_environments_doctests_hold():
    import doctest

    from game import childenv

    result = doctest.testmod(childenv)
    assert result.attempted == 4 and result.failed == 0
