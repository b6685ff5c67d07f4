"""The pygame-ce application: display, clock, scene stack and main loop."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    print("The table is not built yet: the rules engine is ready (python -m pytest).")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
