"""The metainfo's screenshots, taken by the snapshot renderer and kept in the repository
(packaging/linux/screenshots/), where the metainfo's URLs point once the repository is public.

    python -m game.tools.bundle.screenshots      # after a visible change, before a release
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from game.tools.bundle import ROOT

FOLDER = ROOT / "packaging" / "linux" / "screenshots"
SHOTS = ("table", "title")  # game.tools.snapshot's scenes, the first the default screenshot
SIZE = (1280, 720)  # 16:9, as software centres show them


def take() -> list[Path]:
    """Renders the shots and keeps them as FOLDER/<scene>.png; returns their paths."""
    with tempfile.TemporaryDirectory(prefix="yahtzee-shots-") as out:
        command = [
            sys.executable,
            "-m",
            "game.tools.snapshot",
            out,
            "--size",
            "x".join(map(str, SIZE)),
        ]
        command += ["--only", ",".join(SHOTS)]
        subprocess.run(command, check=True, cwd=ROOT, capture_output=True, timeout=600)
        FOLDER.mkdir(parents=True, exist_ok=True)
        kept = []
        for scene in SHOTS:
            target = FOLDER / f"{scene}.png"
            shutil.copyfile(Path(out) / f"{scene}-{SIZE[0]}x{SIZE[1]}.png", target)
            kept.append(target)
    return kept


if __name__ == "__main__":
    for path in take():
        print(f"{path} ({path.stat().st_size / 1e3:.0f} kB)")
