"""No import circle in `ramigui/`: imports run one way.

Every import counts — at the top of a module, under `TYPE_CHECKING`, inside a function —
because a circle hidden in any of them is still two modules that each need the other
(a part that takes the whole scene it belongs to). The analysis reads the source with
`ast`; nothing is imported.
"""

from __future__ import annotations

import ast
from collections.abc import Collection, Iterator
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "ramigui"

def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def all_modules() -> dict[str, Path]:
    return {module_name(path): path for path in PACKAGE.rglob("*.py")}


def imported(source: str, name: str, is_package: bool, modules: Collection[str]) -> Iterator[str]:
    """The package's modules that module `name` imports anywhere in its `source`:
    `from a.b import c` names the module a.b.c when there is one, else the package a.b."""
    package = name if is_package else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names if alias.name in modules)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                anchor = parts[: len(parts) - (node.level - 1)]
                base = ".".join([*anchor, *([base] if base else [])])
            for alias in node.names:
                child = f"{base}.{alias.name}"
                if child in modules:
                    yield child
                elif base in modules:
                    yield base


def import_graph() -> dict[str, set[str]]:
    modules = all_modules()
    return {name: set(imported(path.read_text(encoding="utf-8"), name, path.name == "__init__.py", modules)) - {name}
            for name, path in modules.items()}


def circles(graph: dict[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[frozenset[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph.get(node, ())):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.add(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(frozenset(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_the_analysis_sees_every_kind_of_import() -> None:
    """The test would be blind without these: a circle under TYPE_CHECKING, one inside a
    function, one through `from package import module`, one through a relative import."""
    modules = {"p", "p.a", "p.b", "p.c"}
    sources = {
        "p.a": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from p.b import B\n",
        "p.b": "def f():\n    from p import c\n",
        "p.c": "from . import a\n",
    }

    def edges(name: str) -> set[str]:
        return set(imported(sources[name], name, False, modules))

    graph = {name: edges(name) for name in sources}
    assert graph == {"p.a": {"p.b"}, "p.b": {"p.c"}, "p.c": {"p.a"}}
    assert circles(graph) == [frozenset({"p.a", "p.b", "p.c"})]


def test_no_import_circle_in_the_package() -> None:
    found = sorted(sorted(group) for group in circles(import_graph()))
    assert not found, f"import circles (TYPE_CHECKING and local imports count): {found}"


def test_the_table_parts_never_import_the_scene() -> None:
    """A part of the table gets what it needs (its hand state, a frame to draw, intents to
    return), never the whole scene."""
    graph = import_graph()
    parts = sorted(name for name in graph if name.startswith("ramigui.ui.table_"))
    assert parts
    assert [name for name in parts if "ramigui.ui.table" in graph[name]] == []
