"""The title is drawn before the rest of the game is loaded.

`game.scenes.router` imports a scene's module when that scene is first opened, and
`preload()` loads them all on a thread once the title is on screen. Importing the app must
not pull in the table, the AI, numpy or pymunk (about 0.8 s of imports when it did).
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

from game.scenes import router

ROOT = Path(__file__).resolve().parents[2]
NOT_BEFORE_THE_TITLE = ("numpy", "pymunk", "game.ai", "game.scenes.table", "game.scenes.setup")
# The CPU levels' records are data the seats read (game.ai.levels.spec, no numpy): those, and
# the two packages' faces they sit in (empty on purpose), are all of the AI the title loads.
THE_LEVEL_RECORDS = ["game.ai", "game.ai.levels", "game.ai.levels.spec"]


def test_importing_the_app_loads_no_scene_the_title_does_not_need():
    # What pygame itself loads is not the game's to save (pygame-ce 2.5.0 imports numpy).
    code = (
        "import sys, pygame\n"
        "before = set(sys.modules)\n"
        "import game.app\n"
        "print(sorted(m for m in set(sys.modules) - before"
        f" if m.startswith({NOT_BEFORE_THE_TITLE!r})))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().splitlines()[-1] == repr(THE_LEVEL_RECORDS)


def test_preload_covers_every_scene_the_router_opens():
    tree = ast.parse(Path(router.__file__).read_text("utf-8"))
    methods = [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)]
    opened = {
        node.module
        for method in methods
        for node in ast.walk(method)
        if isinstance(node, ast.ImportFrom) and node.module and node.module != "game.scenes.title"
    }
    assert opened == set(router.SCENE_MODULES)


def test_preload_imports_every_scene_module():
    code = (
        "import sys\nfrom game.scenes import router\nrouter.preload().join(60)\n"
        "print(all(m in sys.modules for m in router.SCENE_MODULES))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=90
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().splitlines()[-1] == "True"


def test_the_cpu_driver_is_headless_as_its_docstring_says():
    code = "import sys, game.scenes.table.cpu; print('pygame' in sys.modules)"
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().splitlines()[-1] == "False"


def test_the_title_is_drawn_before_numpy_and_its_dice_join_it_after():
    """The logo's dice are drawn with numpy (0.1 s to import): the first frame of the title
    goes without them, and they join it from a thread once the frame is up."""
    code = (
        "import os, sys, tempfile, time\n"
        "os.environ.update(SDL_VIDEODRIVER='dummy', SDL_AUDIODRIVER='dummy')\n"
        "import pygame\n"
        "before = set(sys.modules)\n"
        "from pathlib import Path\n"
        "from game.app import App\n"
        "from game.storage import Storage\n"
        "app = App(Storage(Path(tempfile.mkdtemp()), environ={}), size=(1280, 800),"
        " fullscreen=False)\n"
        "app.start()\n"
        "app.draw()\n"
        "title = app.stack.top\n"
        "first = sorted(m for m in set(sys.modules) - before"
        " if m.startswith(('numpy', 'game.ui.dice_view')))\n"
        "drawn_first = title._dice_drawn\n"
        "end = time.monotonic() + 30\n"
        "while not title._dice_drawn and time.monotonic() < end:\n"
        "    app.step(0.016)\n"
        "    time.sleep(0.01)\n"
        "print(first, drawn_first, title._dice_drawn, title.animating)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=90
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().splitlines()[-1] == "[] False True True"  # a frame to show them
