"""The package's modules form layers: no module imports, even lazily inside a function, a
module that imports it back (`app.py` knows no scene, scenes push the scenes
below them, `session` and `stats` do not need each other).

Imports under `if TYPE_CHECKING:` are only for type hints and do not count."""

from __future__ import annotations

import ast
from pathlib import Path

import ramigui

PACKAGE = Path(ramigui.__file__).parent


def _module_name(path: Path, package: Path) -> str:
    parts = path.relative_to(package.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _type_checking_only(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or \
        (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imported(tree: ast.AST, modules: set[str]) -> set[str]:
    """The package's modules `tree` imports anywhere (functions included, type hints not)."""
    found: set[str] = set()
    pending: list[ast.AST] = [tree]
    while pending:
        node = pending.pop()
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _type_checking_only(child):
                pending.extend(child.orelse)
                continue
            if isinstance(child, ast.Import):
                found.update(alias.name for alias in child.names)
            elif isinstance(child, ast.ImportFrom) and child.module and not child.level:
                found.add(child.module)
                found.update(f"{child.module}.{alias.name}" for alias in child.names)
            pending.append(child)
    return found & modules


def import_graph(package: Path = PACKAGE) -> dict[str, set[str]]:
    """Module → the package's modules it imports."""
    sources = {_module_name(path, package): path for path in package.rglob("*.py")}
    names = set(sources)
    return {name: _imported(ast.parse(path.read_text(encoding="utf-8")), names) - {name}
            for name, path in sources.items()}


def _reachable(graph: dict[str, set[str]], start: str) -> set[str]:
    seen: set[str] = set()
    pending = [start]
    while pending:
        for nxt in graph[pending.pop()]:
            if nxt not in seen:
                seen.add(nxt)
                pending.append(nxt)
    return seen


def import_cycles(graph: dict[str, set[str]]) -> list[set[str]]:
    """The groups of modules that import each other round a circle (strongly connected)."""
    reach = {name: _reachable(graph, name) for name in graph}
    groups: list[set[str]] = []
    for name in sorted(graph):
        if name in reach[name] and not any(name in group for group in groups):
            groups.append({other for other in reach[name] if name in reach[other]})
    return groups


def test_the_import_graph_is_seen() -> None:
    graph = import_graph()
    assert "ramigui.ui.menu" in graph["ramigui.ui.launch"]
    assert "ramigui.ui.app" in graph["ramigui.ui.menu"]
    assert "ramigui.ui.pile_view" in graph["ramigui.ui.table"]  # imported inside a function
    assert "ramigui.ui.table" not in graph["ramigui.ui.table_pointer"]  # a type hint only
    assert import_cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [{"a", "b", "c"}]


def test_no_module_imports_a_module_that_imports_it_back() -> None:
    cycles = import_cycles(import_graph())
    assert cycles == [], "import circles: " + "; ".join(" ↔ ".join(sorted(group)) for group in cycles)
