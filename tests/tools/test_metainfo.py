"""The AppStream metainfo a software centre reads: real URLs at the project's planned home,
screenshots that are in the repository (small PNGs of the size it states), the release of
pyproject.toml's version with its date and notes, a content rating; and it validates."""

from __future__ import annotations

import re
import shutil
import struct
import subprocess
import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from game.ui.window_identity import APP_ID

ROOT = Path(__file__).resolve().parents[2]
METAINFO = ROOT / "packaging" / "linux" / f"{APP_ID}.metainfo.xml"
HOME = "https://github.com/yahtzee-table/yahtzee-table"  # the planned public repository
RAW = "https://raw.githubusercontent.com/yahtzee-table/yahtzee-table/"
MAX_SCREENSHOT = 300_000  # bytes


def component() -> ET.Element:
    return ET.parse(METAINFO).getroot()


def project_version() -> str:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"][
        "version"
    ]


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_every_url_is_the_projects_home_and_none_a_placeholder():
    text = METAINFO.read_text(encoding="utf-8")
    assert "example.invalid" not in text and "@" not in text.replace("<?xml", "")
    urls = {url.get("type"): url.text for url in component().iter("url") if url.get("type")}
    assert urls["homepage"] == HOME
    assert urls["bugtracker"] == f"{HOME}/issues"
    assert all(u.startswith(("https://github.com/yahtzee-table/", RAW)) for u in urls.values())


def test_the_screenshots_are_in_the_repository_small_and_of_the_size_stated():
    shots = list(component().iter("screenshot"))
    assert shots and shots[0].get("type") == "default"
    for shot in shots:
        image = shot.find("image")
        assert shot.findtext("caption")
        assert image.text.startswith(f"{RAW}v{project_version()}/")  # the release's own tree
        path = ROOT / image.text.removeprefix(f"{RAW}v{project_version()}/")
        assert path.is_file(), f"{path} is not in the repository"
        assert path.stat().st_size < MAX_SCREENSHOT
        assert png_size(path) == (int(image.get("width")), int(image.get("height")))


def test_the_newest_release_is_pyprojects_version_with_a_date_and_notes():
    releases = component().find("releases").findall("release")
    newest = releases[0]
    assert newest.get("version") == project_version()
    assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", newest.get("date"))
    assert len(newest.find("description").findall(".//li")) >= 3
    assert newest.find("url").text.endswith(f"/releases/tag/v{project_version()}")


def test_it_has_a_content_rating():
    rating = component().find("content_rating")
    assert rating.get("type") == "oars-1.1"  # no attribute: nothing to warn a parent of
    assert list(rating) == []


@pytest.mark.skipif(shutil.which("appstreamcli") is None, reason="no appstream tools")
def test_it_validates():
    # --no-net: this machine reaches no web site; the release workflow validates with the net.
    done = subprocess.run(
        ["appstreamcli", "validate", "--no-net", str(METAINFO)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stdout
