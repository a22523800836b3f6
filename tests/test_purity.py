"""`ramigui/rules` is pure: no pygame, no platformdirs, no file I/O (STYLE.md: "ramigui/rules
imports no pygame, no platformdirs, no file I/O — a test enforces it").

Two checks: a static one on the source (imports and calls), and a live one in a fresh
interpreter (importing and playing the rules loads none of those modules)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

import ramigui

RULES = Path(ramigui.__file__).parent / "rules"
SOURCES = sorted(RULES.glob("*.py")) + [RULES.parent / "cards.py"]

FORBIDDEN_MODULES = {
    "pygame", "platformdirs", "os", "io", "pathlib", "shutil", "tempfile", "glob", "yaml",
    "json", "pickle", "shelve", "sqlite3", "socket", "subprocess", "urllib", "http",
    "logging", "ramigui.ui", "ramigui.storage", "ramigui.session", "ramigui.settings",
    "ramigui.stats", "ramigui.paths", "ramigui.variants", "ramigui.user_variants",
}
FORBIDDEN_CALLS = {"open", "input", "print", "exec", "eval", "__import__"}


def _forbidden(module: str) -> bool:
    """A module of the list, or any of the package outside the rules and the cards (the
    variant catalogue included: callers outside the rules turn ids into Variants)."""
    outside = module.split(".")[0] == "ramigui" and not module.startswith(("ramigui.rules", "ramigui.cards"))
    return outside or any(module == bad or module.startswith(bad + ".") for bad in FORBIDDEN_MODULES)


class _Scan(ast.NodeVisitor):
    def __init__(self, name: str) -> None:
        self.name = name
        self.found: list[str] = []

    def _module(self, module: str, line: int) -> None:
        if _forbidden(module):
            self.found.append(f"{self.name}:{line} imports {module}")

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            self._module(alias.name, node.lineno)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        self._module(node.module or "", node.lineno)

    def visit_Call(self, node: ast.Call) -> None:
        if isinstance(node.func, ast.Name) and node.func.id in FORBIDDEN_CALLS:
            self.found.append(f"{self.name}:{node.lineno} calls {node.func.id}()")
        if isinstance(node.func, ast.Attribute) and node.func.attr in {
            "read_text", "write_text", "read_bytes", "write_bytes", "open",
        }:
            self.found.append(f"{self.name}:{node.lineno} calls .{node.func.attr}()")
        self.generic_visit(node)


@pytest.mark.parametrize("path", SOURCES, ids=[p.name for p in SOURCES])
def test_source_has_no_io_nor_gui(path: Path) -> None:
    scan = _Scan(path.name)
    scan.visit(ast.parse(path.read_text(encoding="utf-8")))
    assert scan.found == []


def test_the_scan_catches_what_it_should() -> None:
    scan = _Scan("x.py")
    scan.visit(ast.parse("import pygame\nfrom pathlib import Path\nopen('f')\nimport os.path\n"
                         "from ramigui.variants import get_variant\nfrom ramigui import paths\n"
                         "from ramigui.rules.melds import Meld\n"))
    assert len(scan.found) == 6


LIVE = r"""
import sys
import ramigui.rules, ramigui.rules.rummy, ramigui.rules.melds, ramigui.rules.moves
import ramigui.rules.game, ramigui.rules.variant, ramigui.rules.view, ramigui.rules.family
from ramigui.rules import Game
from ramigui.rules.variant_build import build_variant
variant = build_variant("pure", {
    "family": "rummy", "players": [2, 4], "deck": 52, "decks": 1, "jokers": 2, "deal": 7,
    "rounds": 1, "upcard": True, "stock_reuse": "never",
})
try:
    Game.new("rami51", players=2)
except LookupError as error:
    assert "ramigui.variants" in str(error), error
else:
    raise AssertionError("the rules found a variant id without the catalogue")
game = Game.new(variant, players=2, seed=3)
while not game.round_over:
    game.play(game.legal_moves()[0])
bad = sorted(m for m in sys.modules
             if m.split(".")[0] in {"pygame", "platformdirs", "yaml"}
             or m.startswith(("ramigui.ui", "ramigui.variants", "ramigui.storage")))
assert not bad, bad
assert "pygame" not in sys.modules
print("pure")
"""


def test_rules_load_no_gui_nor_io_modules() -> None:
    done = subprocess.run(
        [sys.executable, "-c", "import ramigui.rules.rummy, sys; "
         "assert 'pygame' not in sys.modules; assert 'platformdirs' not in sys.modules"],
        capture_output=True, text=True, timeout=60,
    )
    assert done.returncode == 0, done.stderr


def test_a_whole_round_runs_without_gui_nor_io_modules() -> None:
    done = subprocess.run([sys.executable, "-c", LIVE], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "pure"
