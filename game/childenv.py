"""The environment a child process of the game gets: the one the system gave the game.

Inside a PyInstaller bundle (`sys.frozen`) the bootloader points the dynamic loader's search
path at the bundle's own libraries, and keeps what the variable held before as `NAME_ORIG`.
A program the game starts (spd-say, espeak-ng, gdbus, speech-dispatcher) must load the
system's libraries, never the bundle's (an older libc++ or libpulse from the bundle breaks
it), so each such variable is given back its `_ORIG` value, or removed when there was none,
and the `_ORIG` copies go. Outside a bundle the environment is passed on as it is.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping

# The loader variables PyInstaller's bootloader rewrites (Linux, AIX, macOS), each saved as
# NAME_ORIG first.
BUNDLE_REWRITES = ("LD_LIBRARY_PATH", "LIBPATH", "DYLD_LIBRARY_PATH", "DYLD_FRAMEWORK_PATH")


def child_environ(
    environ: Mapping[str, str] | None = None, frozen: bool | None = None
) -> dict[str, str]:
    """The environment for a child process: `environ` (the game's own by default), with the
    bundle's rewrites undone when the game runs frozen (`frozen`: sys.frozen by default).

    >>> env = {"LD_LIBRARY_PATH": "/opt/game/_internal", "LD_LIBRARY_PATH_ORIG": "/usr/local/lib"}
    >>> child_environ(env, frozen=True)
    {'LD_LIBRARY_PATH': '/usr/local/lib'}
    >>> child_environ({"LD_LIBRARY_PATH": "/opt/game/_internal", "HOME": "/h"}, frozen=True)
    {'HOME': '/h'}
    >>> child_environ({"LD_LIBRARY_PATH": "/usr/lib/extra"}, frozen=False)
    {'LD_LIBRARY_PATH': '/usr/lib/extra'}
    """
    env = dict(os.environ if environ is None else environ)
    if not (getattr(sys, "frozen", False) if frozen is None else frozen):
        return env
    for name in BUNDLE_REWRITES:
        original = env.pop(f"{name}_ORIG", None)
        if original:
            env[name] = original
        else:
            env.pop(name, None)
    return env
