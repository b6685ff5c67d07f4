"""Print pip constraints pinning every dependency to the lowest version pyproject.toml allows.

`.ci/run` installs the project with these (`pip install -c`) in a second fresh environment and
runs the suite there too, so the minimum versions the project declares are ones it was tested
with, beside the newest releases that the first environment gets.
"""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path

LOWER_BOUND = re.compile(r"^\s*([A-Za-z0-9_.\-]+)\s*(?:\[[^\]]*\])?\s*[^;]*?>=\s*([0-9][^,;\s]*)")


def lowest(requirements: list[str]) -> list[str]:
    """`name==version` for each requirement with a `>=` bound, in the order given."""
    pins = []
    for requirement in requirements:
        match = LOWER_BOUND.match(requirement)
        if match:
            pins.append(f"{match.group(1)}=={match.group(2)}")
    return pins


def main(extras: list[str]) -> None:
    project = tomllib.loads((Path(__file__).resolve().parent.parent / "pyproject.toml").read_text())
    wanted = list(project["project"]["dependencies"])
    for extra in extras:
        wanted += project["project"]["optional-dependencies"][extra]
    print("\n".join(lowest(wanted)))


if __name__ == "__main__":
    main(sys.argv[1:])
