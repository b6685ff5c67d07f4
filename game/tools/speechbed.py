"""A private speech-dispatcher that speaks in real time, for the tests and the blind test.

    python -m game.tools.speechbed [--seconds 60]   # start one, print its address, wait

speech-dispatcher with its espeak-ng module, its own configuration folder, socket and log
under a fresh /tmp/speech-* folder (never the system's default socket), and audio into a
PulseAudio null sink of its own: no sound card is needed, and yet an utterance takes as long
as it would on a speaker and an interrupt really cuts it, so what the service's begin, end
and cancel notices say is what a listener would have heard. The log (LogLevel 5) times every
message queued and every BEGIN / END / STOP with microseconds.

Each service runs in a process group of its own (game.children) and `stop` ends both groups;
`start` gives up after START_TIMEOUT. Debian's packages: speech-dispatcher,
speech-dispatcher-espeak-ng, pulseaudio (`.ci/run` installs them).
"""

from __future__ import annotations

import argparse
import contextlib
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path
from types import TracebackType

from game import children
from game.childenv import child_environ
from game.speech.client import SpeechClient, VoiceParams
from game.speech.ssip import address

START_TIMEOUT = 15.0  # s for both services to come up
STOP_GRACE = 2.0  # s each has to stop before it is killed
MODULE_DIRS = ("/usr/lib/speech-dispatcher-modules", "/usr/libexec/speech-dispatcher-modules")
NEEDED = ("speech-dispatcher", "pulseaudio")


class Unavailable(RuntimeError):
    """The programs the bed needs are not installed, or did not come up."""


def missing() -> list[str]:
    """What is missing to run a bed here (empty: all there)."""
    absent = [name for name in NEEDED if shutil.which(name) is None]
    if not any(Path(d, "sd_espeak-ng").exists() for d in MODULE_DIRS):
        absent.append("sd_espeak-ng (speech-dispatcher-espeak-ng)")
    return absent


class SpeechBed:
    """One private speech-dispatcher and its null sink (see the module's docstring)."""

    def __init__(self, rate: int = 0, log_level: int = 5) -> None:
        self.rate = rate  # speech-dispatcher's DefaultRate: 0 is espeak-ng's 170 words a minute
        self.log_level = log_level
        self.root = Path(tempfile.mkdtemp(prefix="speech-bed-", dir="/tmp"))
        self.socket = self.root / "run" / "speechd.sock"
        self.pulse_socket = self.root / "pulse" / "native"
        self.log = self.root / "log" / "speech-dispatcher.log"
        self._children: list[subprocess.Popen[str]] = []

    @property
    def address(self) -> str:
        """SPEECHD_ADDRESS for a client of this bed."""
        return f"unix_socket:{self.socket}"

    def environ(self) -> dict[str, str]:
        """The environment the services run in: their own home and runtime folders."""
        env = child_environ()
        env.update(
            HOME=str(self.root),
            XDG_RUNTIME_DIR=str(self.root / "run"),
            XDG_CONFIG_HOME=str(self.root / "config"),
            PULSE_RUNTIME_PATH=str(self.root / "pulse"),
            PULSE_STATE_PATH=str(self.root / "pulse"),
            PULSE_SERVER=f"unix:{self.pulse_socket}",
        )
        return env

    def start(self) -> SpeechBed:
        absent = missing()
        if absent:
            raise Unavailable(f"not installed: {', '.join(absent)}")
        for sub in ("run", "pulse", "log", "conf/modules", "config"):
            (self.root / sub).mkdir(parents=True, exist_ok=True)
        for stale in (self.socket, self.pulse_socket):  # left by a run stopped to keep
            stale.unlink(missing_ok=True)
        self._write_config()
        deadline = time.monotonic() + START_TIMEOUT
        self._spawn(
            [
                "pulseaudio",
                "-n",  # no default script: only the two modules below
                "--daemonize=no",
                "--exit-idle-time=-1",
                "--use-pid-file=no",
                "--disable-shm=yes",
                "--log-target=stderr",
                "-L",
                "module-null-sink sink_name=bed",
                "-L",
                f"module-native-protocol-unix socket={self.pulse_socket} auth-anonymous=1",
            ]
        )
        self._wait_for(self.pulse_socket, deadline, "PulseAudio")
        self._spawn(
            [
                "speech-dispatcher",
                "--run-single",
                "--timeout",
                "0",
                "--config-dir",
                str(self.root / "conf"),
                "--socket-path",
                str(self.socket),
                "--pid-file",
                str(self.root / "run" / "speechd.pid"),
                "--log-level",
                str(self.log_level),
                "--log-dir",
                str(self.log.parent),
            ]
        )
        self._wait_for(self.socket, deadline, "speech-dispatcher")
        return self

    def reader(self, name: str = "orca") -> SpeechClient:
        """A stand-in screen reader: a second client of the bed, as Orca is one (priority
        message; a new phrase of its own cancels its last, and nothing else)."""
        where = address({"SPEECHD_ADDRESS": self.address})
        client = SpeechClient.open(where, VoiceParams(), name=name)
        if client is None:
            raise Unavailable("the stand-in reader could not reach the bed")
        return client

    def stop(self, keep: bool = False) -> None:
        """End both services (as process groups); their folder goes unless `keep` (a bed
        started again on the same socket: `start` after `stop(keep=True)`)."""
        children.end_all(self._children, STOP_GRACE)
        self._children = []
        if not keep:
            shutil.rmtree(self.root, ignore_errors=True)

    def __enter__(self) -> SpeechBed:
        return self.start()

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.stop()

    def _spawn(self, args: list[str]) -> None:
        log = open(self.root / "log" / f"{args[0]}.out", "w", encoding="utf-8")  # noqa: SIM115
        try:
            child = subprocess.Popen(
                args,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                env=self.environ(),
                text=True,
                start_new_session=True,
            )
        finally:
            log.close()
        self._children.append(child)

    def _wait_for(self, path: Path, deadline: float, what: str) -> None:
        """Until a connection to the socket at `path` is taken; Unavailable after `deadline`."""
        while time.monotonic() < deadline:
            if any(child.poll() is not None for child in self._children):
                break
            try:
                with socket.socket(socket.AF_UNIX) as probe:
                    probe.settimeout(1.0)
                    probe.connect(str(path))
                return
            except OSError:
                time.sleep(0.05)
        output = "".join(p.read_text("utf-8", "replace") for p in self.log.parent.glob("*.out"))
        self.stop()
        raise Unavailable(f"{what} did not come up: {output[-800:]}")

    def _write_config(self) -> None:
        modules = self.root / "conf" / "modules"
        system = Path("/etc/speech-dispatcher/modules/espeak-ng.conf")
        module_conf = system.read_text("utf-8") if system.exists() else ""
        (modules / "espeak-ng.conf").write_text(module_conf, "utf-8")
        (self.root / "conf" / "speechd.conf").write_text(
            "\n".join(
                [
                    f"LogLevel {self.log_level}",
                    f'LogDir "{self.log.parent}"',
                    "DefaultVolume 100",
                    f"DefaultRate {self.rate}",
                    'DefaultLanguage "en"',
                    'AudioOutputMethod "pulse"',
                    f'AudioPulseServer "unix:{self.pulse_socket}"',
                    'AddModule "espeak-ng" "sd_espeak-ng" "espeak-ng.conf"',
                    'DefaultModule "espeak-ng"',
                    "",
                ]
            ),
            "utf-8",
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=60.0, help="how long to keep it up")
    args = parser.parse_args(argv)
    with SpeechBed() as bed:
        print(f"SPEECHD_ADDRESS={bed.address}", flush=True)
        print(f"log: {bed.log}", flush=True)
        with contextlib.suppress(KeyboardInterrupt):
            time.sleep(args.seconds)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
