"""The shape of the house: no import circle anywhere in game/, the arrows one way between
the layers, and no scene importing another scene.

Imports are read from the source (every `import` and `from ... import`, including those under
`if TYPE_CHECKING:` and inside functions), so a circle that only type checkers or a late
import would close still counts.
"""

from __future__ import annotations

import ast
from pathlib import Path

GAME = Path(__file__).resolve().parents[1] / "game"
# Layers, lowest first: a module may import its own layer and those below, never above.
LAYERS = (
    # gettext and locale formats, the shared caches, the child processes the game starts,
    # the name of JSON as the game keeps it, and work handed to a thread of its own
    (
        "game.i18n",
        "game.cache",
        "game.childenv",
        "game.children",
        "game.json_types",
        "game.newest",
    ),
    ("game.rules", "game.anim", "game.assets"),
    ("game.ai", "game.audio", "game.speech"),  # the AI reads the rules; sounds; speech
    ("game.match",),  # seats and a match being played: the rules and the CPU levels
    ("game.storage",),  # settings, saves and records: of matches, seats and levels
    ("game.net",),  # network play: a hosted match, its friends, their messages (headless)
    ("game.ui",),
    ("game.scenes",),
    ("game.app", "game.selftest"),  # the self-test is handed the App: no circle
    ("game.tools",),
)


def module_name(path: Path) -> str:
    parts = path.relative_to(GAME.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in GAME.rglob("*.py")}


def _raw_imports(name: str, path: Path) -> list[tuple[str, str | None]]:
    """(module, imported name or None) for every import statement of a module."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: list[tuple[str, str | None]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(alias.name, None) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                anchor = parts[: len(parts) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            found += [(base, alias.name) for alias in node.names]
    return found


def graph() -> dict[str, set[str]]:
    """Module -> the game modules it imports. `from package import Name`, where the package's
    __init__ only hands Name on from a submodule, counts as importing that submodule (a
    package's face is no arrow of its own, as farm-studio draws it)."""
    mods = modules()
    known = set(mods)
    raw = {name: _raw_imports(name, path) for name, path in mods.items()}
    faces = {  # package -> {name it hands on: the submodule that defines it}
        name: {alias: base for base, alias in raw[name] if alias and base in known}
        for name, path in mods.items()
        if path.name == "__init__.py"
    }

    def resolve(base: str, alias: str | None) -> str | None:
        if alias and f"{base}.{alias}" in known:
            return f"{base}.{alias}"
        if alias and alias in faces.get(base, {}):
            return resolve(faces[base][alias], alias)
        while base and base not in known:
            base = base.rpartition(".")[0]
        return base or None

    edges: dict[str, set[str]] = {}
    for name, found in raw.items():
        targets = {resolve(base, alias) for base, alias in found}
        edges[name] = {t for t in targets if t and t != name}
    return edges


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def layer_of(name: str) -> int:
    for level, prefixes in enumerate(LAYERS):
        if any(name == p or name.startswith(p + ".") for p in prefixes):
            return level
    return -1  # game/__init__ and anything unplaced: checked by the test below


def scene_of(name: str) -> str | None:
    """The scene a module belongs to: game.scenes.<scene>[.<module>]; None for the shared
    scene modules (base, menu, list_screen, stack, nav) and the router."""
    parts = name.split(".")
    if len(parts) < 3 or parts[:2] != ["game", "scenes"]:
        return None
    return None if parts[2] in SHARED_SCENE_MODULES else parts[2]


SHARED_SCENE_MODULES = {"base", "menu", "list_screen", "context", "stack", "nav", "router"}


def test_the_import_graph_is_read():
    edges = graph()
    # `from game.rules import Game, GameConfig` reaches the modules that define them.
    assert {"game.rules.game", "game.rules.config", "game.match.seats"} <= edges[
        "game.match.session"
    ]
    # `from game.scenes.help import HelpScene` reaches the package's scene module.
    assert {"game.scenes.confirm", "game.scenes.help.scene"} <= edges["game.scenes.router"]


def test_the_cycle_finder_finds_a_circle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_circle_anywhere_in_game():
    assert cycles(graph()) == []


def test_every_module_sits_in_a_layer_and_imports_only_its_own_or_lower_layers():
    edges = graph()
    unplaced = [m for m in edges if layer_of(m) < 0 and m != "game"]
    assert unplaced == []
    upward = [(m, t) for m, targets in edges.items() for t in targets if layer_of(t) > layer_of(m)]
    assert upward == []


def test_no_scene_imports_another_scene():
    crossing = [
        (m, t)
        for m, targets in graph().items()
        if (own := scene_of(m)) is not None
        for t in targets
        if scene_of(t) not in (None, own)
    ]
    assert crossing == []


def test_only_the_router_knows_the_scenes():
    edges = graph()
    users = {
        m
        for m, targets in edges.items()
        if scene_of(m) is None and any(scene_of(t) for t in targets)
    }
    outside = {m for m in users if not m.startswith(("game.scenes", "game.tools"))}
    assert outside <= {"game.app"}  # the app opens the title, the first scene
    assert {m for m in users if m.startswith("game.scenes")} <= {"game.scenes.router"}


# The AI's parts, lowest first: a module of game.ai imports its own part and those before it.
AI_PARTS = (
    "game.ai.exact",  # the solver, the value tables, the choices
    "game.ai.winning",  # the win chances and the spread tables, read only
    "game.ai.levels",  # the CPU levels
    "game.ai.coach",  # hints, reasons, the review
    "game.ai.tablemaker",  # the table builder and the batch simulator: never run by the game
)
BUILD_TIME = ("game.ai.tablemaker", "game.tools")


def ai_part_of(name: str) -> int:
    for level, prefix in enumerate(AI_PARTS):
        if name == prefix or name.startswith(prefix + "."):
            return level
    return -1  # game.ai itself (its face imports nothing) or outside the AI


def closure(edges: dict[str, set[str]], start: str) -> set[str]:
    """Every module `start` imports, directly or through others (late imports too)."""
    seen: set[str] = set()
    todo = [start]
    while todo:
        for target in edges.get(todo.pop(), ()):
            if target not in seen:
                seen.add(target)
                todo.append(target)
    return seen


def test_every_ai_module_sits_in_a_part_and_imports_only_its_own_or_lower_parts():
    edges = graph()
    ai = [m for m in edges if m.startswith("game.ai.")]
    assert [m for m in ai if ai_part_of(m) < 0] == []
    assert {t for t in edges["game.ai"] if t.startswith("game.")} == set()
    upward = [(m, t) for m in ai for t in edges[m] if ai_part_of(t) > ai_part_of(m)]
    assert upward == []


def test_the_game_as_it_runs_never_imports_the_table_builder():
    """A missing table is an error naming the build command, never minutes of building while
    a player waits: nothing the game runs reaches game.ai.tablemaker (the batch simulator, the
    spread tables' builder), however late the import."""
    edges = graph()
    run_time = [m for m in edges if not m.startswith(BUILD_TIME)]
    assert {"game.app", "game.ai.winning.chances", "game.ai.winning.tables"} <= set(run_time)
    reached = {
        (m, t) for m in run_time for t in closure(edges, m) if t.startswith("game.ai.tablemaker")
    }
    assert reached == set()


def test_the_closure_check_would_see_the_simulator_imported_by_the_win_chances():
    edges = graph()
    assert "game.ai.winning.tables" in closure(edges, "game.app")
    edges["game.ai.winning.tables"] = edges["game.ai.winning.tables"] | {"game.ai.tablemaker.batch"}
    assert "game.ai.tablemaker.batch" in closure(edges, "game.app")
    assert ai_part_of("game.ai.tablemaker.batch") > ai_part_of("game.ai.winning.tables")
