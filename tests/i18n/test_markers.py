"""The marking functions take string literals only.

Babel's extractor reads the arguments of `_`, `N_`, `ngettext` and `pgettext` as written; an
expression there is either missed or, with another Babel, mined for whatever literal it holds
(2.19 extracted "f11" from `_(RESERVED_KEYS["f11"])`). Data labels are marked with N_ where
they are defined and shown with `translate()`, which the extractor does not read.
"""

from __future__ import annotations

import ast
from pathlib import Path

GAME = Path(__file__).resolve().parents[2] / "game"
LITERAL_ARGS = {"_": 1, "N_": 1, "ngettext": 2, "pgettext": 2}


def non_literal_markers(source: str) -> list[tuple[int, str]]:
    found = []
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
            continue
        count = LITERAL_ARGS.get(node.func.id)
        if count is None:
            continue
        args = node.args[:count]
        literal = len(args) == count and all(
            isinstance(a, ast.Constant) and isinstance(a.value, str) for a in args
        )
        if not literal:
            found.append((node.lineno, ast.unparse(node)))
    return found


def test_the_check_sees_an_expression_in_a_marker():
    source = 'x = _(KEYS["f11"])\ny = _("Roll")\nz = ngettext("a", plural, n)\n'
    assert non_literal_markers(source) == [(1, "_(KEYS['f11'])"), (3, "ngettext('a', plural, n)")]


def test_every_marker_in_the_game_takes_literals():
    offenders = []
    for path in sorted(GAME.rglob("*.py")):
        if path.parent.name == "i18n" and path.name == "__init__.py":
            continue  # where the markers are defined
        for line, call in non_literal_markers(path.read_text("utf-8")):
            offenders.append(f"{path.relative_to(GAME.parent)}:{line}: {call}")
    assert offenders == []
