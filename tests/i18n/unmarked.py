"""Finding player-visible strings that are not marked for translation, by reading the code.

A string literal counts as text a player may read when it holds a word: two letters in a
row, and a space or a capital letter (so "official", "hold_1", "click" and "settings.json"
are ids, keys and file names, not words). It is fine where it is:
- inside `_()`, `N_()`, `ngettext()` or `pgettext()` (marked);
- a docstring, or a comment's neighbour (comments are not in the tree);
- in a call to the logging module (`log.warning(...)`, `logger.info`, `logging.debug`) or
  in `warnings.warn`: messages for developers;
- in `raise SomeError(...)` for an exception of Python's own (ValueError, TypeError ...):
  a developer's message (the rules' IllegalAction and the storage's refusals are not
  Python's own, so their texts must be marked);
- a dictionary key, a subscript, a comparison operand, an `in` test, a default of a
  function's parameter named like an id, or a keyword argument naming an id (`key=`,
  `name=`, `kind=` ...);
- an `assert`'s message, and anything under `if __name__ == "__main__"`;
- SQL (`.execute(...)`), `print(...)` and argparse's words (the terminal's, not the
  game's), a `__repr__`, an `__all__` list;
- an identifier: one word with capitals inside ("DataPaths", "RGBA", "SDL_VIDEODRIVER"),
  and SQL.
"""

from __future__ import annotations

import ast
import builtins
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

MARKERS = frozenset({"_", "N_", "ngettext", "pgettext", "npgettext"})
LOGGERS = frozenset({"log", "logger", "logging", "_log", "LOG", "warnings"})
PYTHON_ERRORS = frozenset(
    name
    for name in dir(builtins)
    if isinstance(getattr(builtins, name), type)
    and issubclass(getattr(builtins, name), BaseException)
)
ID_KEYWORDS = frozenset(
    {"key", "name", "kind", "id", "what", "sound", "intent", "encoding", "mode", "format",
     "style", "fmt", "errors", "prefix", "suffix", "dir", "focus_key", "section", "variant"}
)  # fmt: skip
QUIET_CALLS = frozenset(
    {"execute", "executescript", "executemany", "print", "add_argument", "ArgumentParser",
     "add_mutually_exclusive_group", "error", "exit", "getenv", "get", "setdefault"}
)  # fmt: skip
WORD = re.compile(r"[A-Za-z]{2}")
ONE_WORD = re.compile(r"[A-Z]?[a-z]+[.!?:]?")  # "Enter", "Roll.": a word a player reads


SQL = re.compile(r"\s*(CREATE|SELECT|INSERT|UPDATE|DELETE|PRAGMA|BEGIN|COMMIT|ROLLBACK)\b")


def is_words(text: str) -> bool:
    if not WORD.search(text) or SQL.match(text):
        return False
    if " " not in text.strip():
        return bool(ONE_WORD.fullmatch(text.strip())) and text.strip()[0].isupper()
    return True


@dataclass(frozen=True)
class Finding:
    path: str
    line: int
    text: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.text!r}"


def _name(node: ast.AST) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return ""


def _root(node: ast.AST) -> str:
    while isinstance(node, ast.Attribute):
        node = node.value
    return node.id if isinstance(node, ast.Name) else ""


class _Scan(ast.NodeVisitor):
    def __init__(self, path: str) -> None:
        self.path = path
        self.found: list[Finding] = []

    # Places whose strings are fine: not visited at all.
    def visit_Call(self, node: ast.Call) -> None:
        func = node.func
        if _name(func) in MARKERS or _name(func) in QUIET_CALLS:
            return
        if isinstance(func, ast.Attribute) and _root(func) in LOGGERS:
            return
        self.visit(func)
        for arg in node.args:
            self.visit(arg)
        for keyword in node.keywords:
            if keyword.arg in ID_KEYWORDS and isinstance(keyword.value, ast.Constant):
                continue
            self.visit(keyword.value)

    def visit_Raise(self, node: ast.Raise) -> None:
        exc = node.exc
        if isinstance(exc, ast.Call) and _name(exc.func) in PYTHON_ERRORS:
            return
        self.generic_visit(node)

    def visit_Assert(self, node: ast.Assert) -> None:
        self.visit(node.test)

    def visit_Compare(self, node: ast.Compare) -> None:
        return

    def visit_Subscript(self, node: ast.Subscript) -> None:
        self.visit(node.value)

    def visit_Dict(self, node: ast.Dict) -> None:
        for value in node.values:
            self.visit(value)

    def visit_If(self, node: ast.If) -> None:
        test = node.test
        if (
            isinstance(test, ast.Compare)
            and isinstance(test.left, ast.Name)
            and test.left.id == "__name__"
        ):
            return
        self.generic_visit(node)

    def _body(self, node) -> None:
        body = node.body
        if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
            body = body[1:]  # the docstring
        for statement in body:
            self.visit(statement)

    def visit_Module(self, node: ast.Module) -> None:
        self._body(node)

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        for decorator in node.decorator_list:
            self.visit(decorator)
        self._body(node)

    def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
        if node.name in ("__repr__", "__str__"):
            return
        for decorator in node.decorator_list:
            self.visit(decorator)
        self._body(node)  # defaults and annotations: ids and types, not words

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_Assign(self, node: ast.Assign) -> None:
        if any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets):
            return
        self.visit(node.value)

    def visit_AnnAssign(self, node: ast.AnnAssign) -> None:
        if node.value is not None:
            self.visit(node.value)

    def visit_Constant(self, node: ast.Constant) -> None:
        if isinstance(node.value, str) and is_words(node.value):
            self.found.append(Finding(self.path, node.lineno, node.value))

    def visit_JoinedStr(self, node: ast.JoinedStr) -> None:
        literal = "".join(
            v.value for v in node.values if isinstance(v, ast.Constant) and isinstance(v.value, str)
        )
        if is_words(literal):
            self.found.append(Finding(self.path, node.lineno, "f" + repr(literal)))
        for value in node.values:
            if isinstance(value, ast.FormattedValue):
                self.visit(value.value)


def unmarked(path: Path, root: Path) -> Iterator[Finding]:
    scan = _Scan(path.relative_to(root).as_posix())
    scan.visit(ast.parse(path.read_text("utf-8"), str(path)))
    yield from scan.found
