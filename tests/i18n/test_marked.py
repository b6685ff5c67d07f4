"""Every string a player may read is marked for translation (and figures and dates go through
the language's formats): a scan of the player-facing
modules' code (tests/i18n/unmarked.py says what counts as a word and where a literal is fine)
fails on a literal that is drawn or shown but not inside `_()`, `N_()`, `ngettext()` or
`pgettext()`.

ALLOWED lists, per module, the few literals that look like words but are not translated,
each with its reason. PENDING lists the modules whose owners are still marking them: their
test is an expected failure (strict: a module that becomes clean fails here until it is
taken off the list, and is guarded from then on).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from .unmarked import unmarked

ROOT = Path(__file__).resolve().parents[2]
PLAYER_FACING = (
    "game/scenes/**/*.py",
    "game/ui/**/*.py",
    "game/app.py",
    "game/storage/**/*.py",
    "game/rules/**/*.py",
    "game/ai/**/*.py",
    "game/match/**/*.py",
)
# Modules with nothing a player reads: their words go to the log or the terminal.
NOT_PLAYER_FACING = {
    "game/ai/tablemaker/cli.py": "the table builder's command line",
    "game/ai/tablemaker/spread.py": "the spread build's log and check",
    "game/ai/tablemaker/values.py": "the value tables' check",
    "game/ai/exact/tables.py": "a damaged value table is logged and rebuilt",
    "game/ai/winning/tables.py": "a missing spread table is logged, naming the build command",
}
ALLOWED: dict[str, dict[str, str]] = {
    "game/app.py": {
        "Yahtzee Table": "the game's name, the window's title",
    },
    "game/ui/display.py": {
        "Yahtzee Table found no display to open its window on (SDL chose the  driver). Start "
        "it from a desktop session, or check DISPLAY / WAYLAND_DISPLAY.": "printed to the "
        "terminal before there is a window (or a language)",
        "Yahtzee Table could not open a window with the video driver SDL_VIDEODRIVER= asks "
        "for (SDL: ). Start it from a desktop session, check DISPLAY / WAYLAND_DISPLAY, or "
        "unset SDL_VIDEODRIVER.": "printed to the terminal before there is a window (or a "
        "language)",
    },
    "game/scenes/title.py": {"Yahtzee Table": "the game's name, said as the title comes up"},
    "game/scenes/nav.py": {
        "next game": "a result's id, handed between scenes",
        "watch again": "a result's id, handed between scenes",
    },
    "game/match/seats.py": {
        name: "a CPU player's default name: a name, not a word"
        for name in ("Ada", "Max", "Zoe", "Ben", "Cat", "Dan", "Eve", "Kit", "Lou", "Sam")
    },
    "game/ui/pad_glyphs.py": {"wii u": "matched against a pad's device name"},
    "game/storage/profiles.py": {
        "CPU ": "a CPU level's profile name in the records (an id kept in the files)"
    },
    "game/storage/telling.py": {
        "no space": "matched against the system's own (English) error text",
        "read-only": "matched against the system's own (English) error text",
    },
    "game/storage/bindings.py": {
        "page up": "pygame's name of a key (shown through input.key_label, translated)",
        "page down": "pygame's name of a key (shown through input.key_label, translated)",
    },
    "game/storage/settings.py": {
        "key name": "a validation message's word: the reason stays in English",
        "pad button": "a validation message's word: the reason stays in English",
    },
}
# Modules their owners are marking now (issue 13): expected to fail until they are done.
PENDING: dict[str, str] = {}


def modules() -> list[str]:
    found = {
        path.relative_to(ROOT).as_posix()
        for pattern in PLAYER_FACING
        for path in ROOT.glob(pattern)
    }
    return sorted(found - set(NOT_PLAYER_FACING))


def cases():
    for module in modules():
        marks = []
        if module in PENDING:
            marks = [pytest.mark.xfail(reason=PENDING[module], strict=True)]
        yield pytest.param(module, marks=marks, id=module)


@pytest.mark.parametrize("module", list(cases()))
def test_every_word_a_player_reads_is_marked(module):
    allowed = ALLOWED.get(module, {})
    found = [
        str(f)
        for f in unmarked(ROOT / module, ROOT)
        if f.text.removeprefix("f").strip("'\"") not in allowed and f.text not in allowed
    ]
    assert found == [], "not marked for translation (wrap in _() or N_()):\n" + "\n".join(found)


def test_the_lists_name_real_modules():
    known = set(modules())
    assert set(ALLOWED) <= known | set(NOT_PLAYER_FACING)
    assert set(PENDING) <= known


def test_the_scan_finds_unmarked_words_and_passes_marked_ones(tmp_path):
    source = tmp_path / "sample.py"
    source.write_text(
        '''"""A docstring is not shown."""
import logging
from game.i18n import N_, _, ngettext
log = logging.getLogger(__name__)
LABELS = {"roll": N_("Roll the dice"), "hold": "Hold a die"}
def show(n, name):
    log.warning("a log line %s", name)
    if name == "Some Name":
        raise ValueError("a developer's message")
    text = _("{name} rolls").format(name=name) + ngettext("{n} roll", "{n} rolls", n)
    print("the terminal's")
    return f"{name} scored a point", "Enter", "official", "hold_1", "RGBA", LABELS["roll"]
''',
        "utf-8",
    )
    assert [(f.line, f.text) for f in unmarked(source, tmp_path)] == [
        (5, "Hold a die"),
        (12, "f' scored a point'"),
        (12, "Enter"),
    ]


SHOWN_FIGURES = (
    "game/scenes/**/*.py",
    "game/ui/**/*.py",
    "game/app.py",
    "game/ai/coach/reasons.py",
)


def _figure_formats(path: Path, root: Path = ROOT) -> list[str]:
    """strftime calls and format specs that group thousands, write a percentage or decimals:
    the language writes those its own way (game.i18n.format_number, format_percent,
    format_date, format_datetime)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Attribute) and node.attr == "strftime":
            found.append(f"{path.relative_to(root)}:{node.lineno}: strftime")
        elif isinstance(node, ast.FormattedValue) and node.format_spec is not None:
            spec = "".join(v.value for v in node.format_spec.values if isinstance(v, ast.Constant))
            if re.search(r",|_|%|\.[1-9]", spec):
                found.append(f"{path.relative_to(root)}:{node.lineno}: {{:{spec}}}")
    return found


def test_figures_and_dates_shown_are_written_the_languages_way():
    found = [
        line
        for pattern in SHOWN_FIGURES
        for path in sorted(ROOT.glob(pattern))
        for line in _figure_formats(path)
    ]
    assert found == [], "use game.i18n's format_* functions:\n" + "\n".join(found)


def test_the_figure_check_sees_english_formats(tmp_path):
    sample = tmp_path / "figures.py"
    sample.write_text(
        'a = f"{n:,} games {p:.1%} {x:.2f} {y:.0f} {z:>3}"\nb = day.strftime("%d %b")\n',
        "utf-8",
    )
    assert _figure_formats(sample, tmp_path) == [
        "figures.py:1: {:,}",
        "figures.py:1: {:.1%}",
        "figures.py:1: {:.2f}",
        "figures.py:2: strftime",
    ]
