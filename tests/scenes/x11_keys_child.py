"""Run by test_x11_keys.py in a process of its own, under Xvfb: the App in a real X11
window (640x480, German), saying on stdout each scene that comes on top and each letter key
as SDL gave it (`key n 'n'`: its key and the text it typed), until the app stops or a minute
passes. The parent presses the keys with xdotool.

    python -m tests.scenes.x11_keys_child DATA_DIR
"""

from __future__ import annotations

import sys
import time

import pygame

from game.app import App
from game.storage import Storage

FRAME = 1 / 60  # s
LIFETIME = 60.0  # s: a parent that stops pressing keys does not leave the window up


def main(data_dir: str) -> int:
    app = App(Storage(data_dir, environ={"LANGUAGE": "de"}), size=(640, 480), fullscreen=False)
    app.start()
    app.running = True
    shown = ""
    deadline = time.monotonic() + LIFETIME
    while app.running and time.monotonic() < deadline:
        events = pygame.event.get()
        for event in events:
            if event.type == pygame.KEYDOWN and pygame.key.name(event.key).isalpha():
                print(f"key {pygame.key.name(event.key)} {event.unicode!r}", flush=True)
        app._frame(events, FRAME)
        top = type(app.stack.top).__name__ if app.stack.top is not None else ""
        if top != shown:
            print(f"scene {top}", flush=True)
            shown = top
        time.sleep(FRAME / 2)
    print("stopped" if not app.running else "timed out", flush=True)
    app.shutdown()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1]))
