"""The game beside a real screen reader: Orca itself, not a stand-in, on a private
speech-dispatcher that speaks in real time (game.tools.speechbed), the game's real window
under Xvfb, keys pressed with xdotool.

What a blind player needs of the two together, read off the service's own log (LogLevel 5:
every command each client sent, each message queued, and what the synthesizer was handed
and told to stop):
- the game finds Orca running and speaks (`--speech reader`), in the voice Orca's settings
  give (Orca's rate 10 is speech-dispatcher's -78 on Orca's connection and on the game's);
- the game cancels only its own speech: each CANCEL it sends is `CANCEL self`, and Orca's
  phrases are played whole, one of them while the game, at a key, cut its own.

Orca is started once, then replaced (`orca --replace`) while the game's title speaks: each
Orca says "Screen reader on." at its start, at the same priority as the game (message), so
it waits behind the game's phrase; Down pressed then makes the game cut its phrase for the
next button's, and Orca's is heard whole between them.

Debian's packages: orca, dbus, at-spi2-core, xvfb, xdotool, x11-utils and the speech bed's
(`.ci/run` installs them).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from game.speech.finding import process_names
from game.speech.orca import settings_path
from game.tools import speechbed
from tests.heavy import HEAVY_TIMEOUT
from tests.processes import focus_window, xvfb

ROOT = Path(__file__).resolve().parents[2]
AT_SPI = Path("/usr/libexec/at-spi-bus-launcher")
ORCA_RATE = 10  # in Orca's settings (0..99): speech-dispatcher's 2 * 10 - 98
SLOW = -78  # the rate both connections must set: slow, so that the phrases overlap
WITHIN = 60.0  # s for Orca or the game to come up and speak, on a loaded machine
QUIET = 3.0  # s all of Orca's phrases must stay ended (none new) before the log is judged

pytestmark = [
    pytest.mark.heavy,
    pytest.mark.timeout(HEAVY_TIMEOUT),
    pytest.mark.skipif(
        bool(speechbed.missing())
        or not AT_SPI.exists()
        or not all(
            shutil.which(tool) for tool in ("orca", "dbus-daemon", "Xvfb", "xdotool", "xwininfo")
        ),
        reason="needs Orca, D-Bus, AT-SPI, Xvfb, xdotool, x11-utils and the speech bed",
    ),
]

LINE = re.compile(r"^\[\w+ \w+ +\d+ (\d+):(\d+):(\d+) \d+ : (\d+)\] speechd: +(.*)$")
DATA = re.compile(r"^(\d+):DATA:\|(.*)$")


@dataclass
class Said:
    """One message a client queued, and what became of it."""

    client: str
    text: str
    queued: float  # s, the log's clock
    played: float | None = None  # when the synthesizer was handed it
    ended: float | None = None  # when its playing ended, whole or stopped
    stopped: bool = False  # a STOP reached the synthesizer while it played


@dataclass
class Log:
    """speech-dispatcher's log read: who connected, what each sent and said."""

    names: dict[str, str] = field(default_factory=dict)  # fd -> client name
    commands: list[tuple[float, str, str]] = field(default_factory=list)  # (t, client, command)
    said: list[Said] = field(default_factory=list)

    def by(self, client: str) -> list[Said]:
        return [s for s in self.said if s.client == client]

    def sent(self, client: str, prefix: str) -> list[tuple[float, str]]:
        return [(t, c) for t, who, c in self.commands if who == client and c.startswith(prefix)]


class LogReader:
    """speech-dispatcher's log read as it grows: each `read` takes only the lines written
    since the last (a whole read of the log, megabytes by the end, ten times a second, would
    load the machine the speech is timed on)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.log = Log()
        self._offset = 0
        self._speaking: dict[str, list[str]] = {}  # fd -> the lines of a SPEAK still coming
        self._waiting: list[Said] = []  # queued, not yet handed to the synthesizer
        self._playing: Said | None = None

    def read(self) -> Log:
        """The log as far as it is written in whole lines (what is not understood is passed
        over)."""
        with self.path.open("rb") as file:
            file.seek(self._offset)
            written = file.read()
        whole = written[: written.rfind(b"\n") + 1]
        self._offset += len(whole)
        for raw in whole.decode("utf-8", errors="replace").splitlines():
            line = LINE.match(raw)
            if line is not None:
                h, m, s, us, what = line.groups()
                self._line(int(h) * 3600 + int(m) * 60 + int(s) + int(us) / 1e6, what)
        return self.log

    def _line(self, t: float, what: str) -> None:
        log = self.log
        data = DATA.match(what)
        if data is not None:
            fd, text = data.groups()
            client = log.names.get(fd, fd)
            if fd in self._speaking:
                if text == ".":
                    said = Said(client, _plain(" ".join(self._speaking.pop(fd))), t)
                    log.said.append(said)
                    self._waiting.append(said)
                else:
                    self._speaking[fd].append(text)
                return
            if text.startswith("SET self CLIENT_NAME "):
                log.names[fd] = client = text.split()[-1].split(":")[1]
            if text == "SPEAK":
                self._speaking[fd] = []
            if text == "CANCEL self":  # the service drops what it had waiting of the client's
                self._waiting = [w for w in self._waiting if w.client != client]
            log.commands.append((t, client, text))
        elif what.startswith("Command sent to output module: |"):
            sent = _plain(what.removeprefix("Command sent to output module: |").rsplit("|", 1)[0])
            playing = self._playing
            if sent == "STOP" and playing is not None:  # (no end is reported for it)
                playing.stopped, playing.ended, self._playing = True, t, None
                return
            match = next((w for w in self._waiting if w.text == sent), None)
            if match is not None:
                self._waiting.remove(match)
                match.played, self._playing = t, match
        elif "playback thread reporting end" in what and self._playing is not None:
            self._playing.ended, self._playing = t, None


def _plain(text: str) -> str:
    """A message's words: its SSML tags taken out, its spaces made single."""
    return " ".join(re.sub(r"<[^>]*>", " ", text).split())


class Desktop:
    """Xvfb, a session bus with AT-SPI, Orca and the game, each in a process group of its
    own, all speaking to one speech bed."""

    def __init__(self, bed: speechbed.SpeechBed, display: str, home: Path) -> None:
        self.bed = bed
        self.reader = LogReader(bed.log)
        # (not the tests' YAHTZEE_SPEECH=off, which tests/scenes/conftest.py sets in the
        # worker that collected it)
        self.env = {
            k: v
            for k, v in os.environ.items()
            if k not in ("SDL_VIDEODRIVER", "LANGUAGE") and not k.startswith("YAHTZEE")
        }
        self.env |= {
            "DISPLAY": display,
            "HOME": str(home),
            "XDG_DATA_HOME": str(home / "data"),
            "XDG_CONFIG_HOME": str(home / "config"),
            "XDG_RUNTIME_DIR": str(home / "run"),
            "SPEECHD_ADDRESS": bed.address,
            "SDL_AUDIODRIVER": "dummy",
            "LANG": "C.UTF-8",
        }
        (home / "run").mkdir(mode=0o700, parents=True)
        settings = settings_path(self.env)
        settings.parent.mkdir(parents=True)
        voices = {"default": {"established": True, "rate": ORCA_RATE}}
        profile = {"profile": ["Default", "default"], "voices": voices}
        orca = {"general": {"voices": voices}, "profiles": {"default": profile}}
        settings.write_text(json.dumps(orca | {"keybindings": {}, "pronunciations": {}}))
        self.groups: list[subprocess.Popen[bytes]] = []
        self.bus_pid = 0

    def start_bus(self) -> None:
        """A session bus (its address in the environment) and AT-SPI's own bus on it."""
        out = subprocess.run(
            ["dbus-daemon", "--session", "--fork", "--print-address=1", "--print-pid=1"],
            env=self.env,
            capture_output=True,
            text=True,
            check=True,
            timeout=30,
        ).stdout.split()
        self.env["DBUS_SESSION_BUS_ADDRESS"], self.bus_pid = out[0], int(out[1])
        self.spawn([str(AT_SPI), "--launch-immediately"])

    def spawn(self, command: list[str]) -> subprocess.Popen[bytes]:
        """`command` started in a process group of its own, what it prints kept (`said`)."""
        out = Path(self.env["HOME"]) / f"out-{len(self.groups)}.txt"
        with out.open("wb") as file:
            child = subprocess.Popen(
                command,
                env=self.env,
                cwd=ROOT,
                stdout=file,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        self.groups.append(child)
        return child

    def said(self) -> str:
        """What each process started printed, its last lines (for a failure's message)."""
        outs = sorted(Path(self.env["HOME"]).glob("out-*.txt"))
        return "\n".join(f"{o.name}: {o.read_text(errors='replace')[-800:]}" for o in outs)

    def press(self, key: str) -> None:
        subprocess.run(["xdotool", "key", key], env=self.env, check=True, timeout=30)

    def close(self) -> None:
        """End every group started (the game's first, the bus last)."""
        for child in reversed(self.groups):
            if child.poll() is None:
                os.killpg(child.pid, signal.SIGKILL)
                child.wait(timeout=30)
        if self.bus_pid:
            os.kill(self.bus_pid, signal.SIGTERM)


@pytest.fixture
def desktop() -> Iterator[Desktop]:
    # A short home: the sockets made under it (AT-SPI's) have at most 108 bytes of path,
    # which a worker's tmp_path nearly fills.
    home = Path(tempfile.mkdtemp(prefix="orca-", dir="/tmp"))
    with speechbed.SpeechBed() as bed, xvfb() as display:
        running = Desktop(bed, display, home / "home")
        try:
            running.start_bus()
            yield running
        finally:
            running.close()
            shutil.rmtree(home, ignore_errors=True)


def wait_until(
    desktop: Desktop,
    what: str,
    ready: Callable[[Log], bool],
    within: float = WITHIN,
    hold: float = 0.0,
) -> Log:
    """Read the bed's log until `ready(log)` holds (and has held for `hold` s); fails after
    `within` s saying `what`."""
    deadline = time.monotonic() + within
    since: float | None = None
    while True:
        log = desktop.reader.read()
        now = time.monotonic()
        since = (since or now) if ready(log) else None
        if since is not None and now - since >= hold:
            return log
        assert now < deadline, f"{what} not within {within} s: {log.said}\n{desktop.said()}"
        time.sleep(0.1)


def orca_running() -> bool:
    """Whether an Orca runs on this machine already (a developer's own: `orca --replace`
    would end it)."""
    return "orca" in process_names()


def test_the_game_beside_a_real_orca_never_cuts_it_and_speaks_in_its_voice(desktop: Desktop):
    if orca_running():
        pytest.skip("an Orca runs here already: the test's `orca --replace` would end it")
    first = desktop.spawn(["orca"])
    wait_until(desktop, "Orca's first phrase played", lambda log: _played(log.by("Orca")))
    desktop.spawn(
        [sys.executable, "-m", "game.app", "--speech", "reader", "--size", "800x600",
         "--data-dir", str(Path(desktop.env["HOME"]) / "game")]
    )  # fmt: skip
    focus_window(desktop.env)
    wait_until(desktop, "the game's title played", lambda log: _played(log.by("yahtzee-table")))
    desktop.spawn(["orca", "--replace"])  # a new Orca, which says so, while the title speaks
    first.wait(timeout=WITHIN)  # ended by the new one, and reaped: it waits for that
    wait_until(desktop, "the new Orca's phrase", lambda log: len(log.by("Orca")) >= 2)
    desktop.press("Down")  # the game cuts its own phrase for the next button's
    log = wait_until(desktop, "all of Orca's played", _all_played, hold=QUIET)

    game, orca = log.by("yahtzee-table"), log.by("Orca")
    print(*timeline(log), sep="\n")  # (the figures of docs/play-by-ear.md, with -s)
    # The game spoke, in Orca's voice: the rate Orca's settings give, on both connections.
    assert len([s for s in game if s.played is not None]) >= 2, game
    for client in ("yahtzee-table", "Orca"):
        rates = {c for _t, c in log.sent(client, "SET self RATE")}
        assert rates == {f"SET self RATE {SLOW}"}, (client, rates)
    # The game cancelled only itself, and did so while Orca's phrase was still to be heard.
    cancels = log.sent("yahtzee-table", "CANCEL") + log.sent("yahtzee-table", "STOP")
    assert cancels and all(c == "CANCEL self" for _t, c in cancels), cancels
    assert any(
        s.queued < t and (s.ended is None or s.ended > t) for s in orca for t, _c in cancels
    ), (cancels, orca)
    # Every phrase of Orca's was played, and none was stopped.
    assert len(orca) >= 2 and all(s.played and not s.stopped for s in orca), orca


def timeline(log: Log) -> list[str]:
    """Each phrase: who said it, when it was queued, played and ended (s from the first
    queued), and whether it was stopped; then each cancel."""
    zero = log.said[0].queued

    def at(t: float | None) -> str:
        return "-" if t is None else f"{t - zero:6.2f}"

    lines = [
        f"{s.client:14} queued {at(s.queued)} played {at(s.played)} ended {at(s.ended)}"
        f"{' STOPPED' if s.stopped else ''}: {s.text}"
        for s in log.said
    ]
    cancels = log.sent("yahtzee-table", "CANCEL")
    return lines + [f"yahtzee-table  {c} at {at(t)}" for t, c in cancels]


def _played(said: list[Said]) -> bool:
    return any(s.played is not None for s in said)


def _all_played(log: Log) -> bool:
    """Orca's phrases all played to their end, and nothing playing."""
    orca = log.by("Orca")
    playing = any(s.played is not None and s.ended is None for s in log.said)
    return not playing and all(s.ended is not None for s in orca)
