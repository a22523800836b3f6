"""The layers below the window stay below it: the phone side and the card design import no
pygame and nothing of `ramigui.ui` (not even inside a function), so `ramigui host` serves its
phones without SDL; the court figures the table paints are the ones the phones get; and the
rules find a variant id only through the catalogue passed in (tests/test_purity.py checks
that they import nothing of it)."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

import pytest

import ramigui
from ramigui.art import courts
from ramigui.phone.court_svg import court_svg
from ramigui.rules.variant import Variant

PACKAGE = Path(ramigui.__file__).parent
BELOW_THE_WINDOW = sorted((PACKAGE / "phone").glob("*.py")) + sorted((PACKAGE / "art").glob("*.py"))


def imported_modules(path: Path) -> set[str]:
    """Every module `path` imports, anywhere in it (functions and `TYPE_CHECKING` included)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module)
    return found


def is_window_side(module: str) -> bool:
    return module.split(".")[0] == "pygame" or module == "ramigui.ui" or module.startswith("ramigui.ui.")


def test_the_scan_sees_imports_inside_functions(tmp_path: Path) -> None:
    source = tmp_path / "m.py"
    source.write_text("def f():\n    import pygame.font\n    from ramigui.ui import cardart\n", encoding="utf-8")
    assert {m for m in imported_modules(source) if is_window_side(m)} == {"pygame.font", "ramigui.ui"}


@pytest.mark.parametrize("path", BELOW_THE_WINDOW, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_phone_and_art_import_no_window_side(path: Path) -> None:
    assert sorted(m for m in imported_modules(path) if is_window_side(m)) == []


def test_statistics_read_a_finished_game_not_a_session() -> None:
    """`stats` imports nothing of `session`, type hints included: the session files a game
    in the statistics (`FinishedGame.of_game`), never the other way round."""
    assert not any(m == "ramigui.session" or m.startswith("ramigui.session.")
                   for m in imported_modules(PACKAGE / "stats.py"))


def test_one_settings_class() -> None:
    """The window reads the stored settings as they are: no second `Settings` in the package."""
    defined = [path.relative_to(PACKAGE).as_posix() for path in sorted(PACKAGE.rglob("*.py"))
               if any(isinstance(node, ast.ClassDef) and node.name == "Settings"
                      for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))))]
    assert defined == ["settings.py"]


HOST_SERVES_A_PHONE = """
import sys, urllib.request
from ramigui.cli import main
from ramigui.phone.host import PhoneHost

def serve_one_phone(host, linger=0.0):
    url = host.server.urls()[0]
    try:
        page = urllib.request.urlopen(url, timeout=10).read()
        state = urllib.request.urlopen(url.rstrip("/") + "/state", timeout=10).read()
        host.step(0.01)
    finally:
        host.server.stop()
    assert b"<html" in page.lower() and b'"seat"' in state, (page[:80], state[:80])
    return 0

PhoneHost.run = serve_one_phone  # the command as it is, up to its first page and state served
code = main(["host", "--variant", "rami51", "--players", "2", "--phones", "1", "--bind", "127.0.0.1", "--seed", "5"])
print(code, sorted(m for m in sys.modules if m.split(".")[0] == "pygame" or m.startswith("ramigui.ui")))
"""


def test_host_serves_its_phones_without_loading_pygame() -> None:
    done = subprocess.run([sys.executable, "-c", HOST_SERVES_A_PHONE], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "0 []"


@pytest.mark.parametrize("pattern", ["paris", "english"])
def test_the_phone_figure_is_the_table_figure(pattern: str) -> None:
    """Every shape of the table's figure is in the phone's SVG, in the same order."""
    for suit in "SHDC":
        for rank in (11, 12, 13):
            figure = courts.figure_for(pattern, suit, rank)
            colour = (200, 24, 40) if suit in "HD" else (28, 28, 34)
            shapes = courts.figure_shapes(figure, courts.palette(figure, colour, False), False)
            svg = court_svg(pattern, suit, rank)
            half = svg[svg.index('clip-path="url(#h)">'):svg.index("</g></g>")]
            drawn = re.findall(r"<(polygon|polyline|circle)", half)
            kinds = {"fill": "polygon", "dot": "circle"}
            expected = [kinds.get(s.kind, "polygon" if s.closed else "polyline") for s in shapes]
            assert drawn == expected and len(drawn) > 20


def test_the_rules_find_an_id_through_the_catalogue_passed_in(monkeypatch: pytest.MonkeyPatch) -> None:
    """`Game.new("id")` asks the lookup the catalogue passed in (`use_catalogue`), with the
    options; a Variant given is used as it is, without asking."""
    from ramigui.rules import Game
    from ramigui.rules import game as rules_game
    from ramigui.variants import get_variant

    asked: list[tuple[str, dict[str, object]]] = []

    def lookup(variant_id: str, options: Mapping[str, object]) -> Variant:
        asked.append((variant_id, dict(options)))
        return get_variant("gin")

    monkeypatch.setattr(rules_game, "_catalogue", [])
    rules_game.use_catalogue(lookup)
    assert Game.new("my_gin", 2, 1, {"oklahoma": True}).variant.id == "gin"
    assert Game.new(get_variant("rami51"), 2, 1).variant.id == "rami51"
    assert asked == [("my_gin", {"oklahoma": True})]
