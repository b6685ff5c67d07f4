"""A data folder that cannot be used, said as it is (issue 30, N12 and N13): a file in the
folder's place said to be a file (nothing claimed damaged), a read-only or a full folder
named as such with the remedy that fits, in a real read-only and a real full file system
where this machine can mount one. (N11, `--data-dir ""`: tests/test_app_options.py.)"""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from .conftest import SEATS, STARTED, open_storage, two_player_game

ROOT = Path(__file__).resolve().parents[2]


def test_a_data_folder_that_is_a_file_is_said_to_be_one_and_nothing_claimed_damaged(tmp_path):
    """N12: the game said the records were damaged and kept aside; nothing was."""
    folder = tmp_path / "data"
    folder.write_bytes(b"a file")
    storage = open_storage(folder)
    storage.list_history()
    storage.all_stats("american")
    assert not storage.record_finished(two_player_game(seed=3), SEATS, (), STARTED).saved
    assert not storage.save_game(two_player_game(seed=3, limit=5), SEATS, (), STARTED)
    with contextlib.suppress(ValueError):
        storage.create_profile("Ann")
    storage.save_settings(storage.settings)
    said = " ".join(storage.problems)
    assert "damaged" not in said and "kept as" not in said and "aside" not in said
    assert storage.problems[0] == (
        f"The data folder {folder} is a file, not a folder, so nothing can be saved; "
        "move that file or choose another folder with --data-dir."
    )
    assert folder.read_bytes() == b"a file"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["data"]


# ----------------------------------------------------------------------------- real file systems
@contextlib.contextmanager
def mounted(size: str):
    """A small tmpfs of our own (root only), unmounted at the end."""
    if sys.platform != "linux" or os.geteuid() != 0:
        pytest.skip("mounting a file system needs root on Linux")
    folder = Path(tempfile.mkdtemp(prefix="trust-mount-"))
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(folder)],
        capture_output=True,
    )
    if done.returncode != 0:
        folder.rmdir()
        pytest.skip("this machine does not let the tests mount a file system")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=False)
        folder.rmdir()


def remount(folder: Path, mode: str) -> None:
    subprocess.run(["mount", "-o", f"remount,{mode}", str(folder)], check=True)


READ_ONLY = (
    "The game records could not be saved: the folder takes no writes (read-only). Make it "
    "writable, or start the game with --data-dir and another folder."
)


def test_a_read_only_folder_says_read_only_not_a_disk_error():
    """N13: the notice said "(disk I/O error)", the question "Free some space"."""
    with mounted("4m") as folder:
        storage = open_storage(folder)
        storage.create_profile("Ann")
        first = storage.record_finished(two_player_game(seed=3), SEATS, (), STARTED)
        storage.close()
        remount(folder, "ro")
        again = open_storage(folder)
        assert [s.id for s in again.list_history()] == [first.history_id]  # still on show
        done = again.record_finished(two_player_game(seed=4), SEATS, (), STARTED)
        assert not done.saved
        assert READ_ONLY in again.problems
        assert all("I/O" not in said and "space" not in said for said in again.problems)
        assert again.refusal_kind() == "read_only"
        again.close()


def test_a_full_folder_says_full():
    with mounted("1m") as folder:
        storage = open_storage(folder)
        storage.record_finished(two_player_game(seed=3), SEATS, (), STARTED)
        with open(folder / "filler", "wb", buffering=0) as filler, contextlib.suppress(OSError):
            while True:  # the rest of the space
                filler.write(b"\0" * 4096)
        game = two_player_game(seed=4)
        done = storage.record_finished(game, SEATS, (), STARTED)
        assert not done.saved
        assert storage.refusal_kind() == "full"
        assert any("the disk is full" in said for said in storage.problems), storage.problems
        (folder / "filler").unlink()
        assert storage.file_unfiled() == 0 and len(storage.list_history()) == 2
        storage.close()
