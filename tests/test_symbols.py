"""Symbols in text are drawn as shapes, the same on every machine, and
fonts are found the platform's way.

pygame's own font — what a machine without DejaVu/Arial gets — has no ✓, no arrows, no
suits and no no-break spaces: it draws empty boxes. With that font forced, every text of a
busy table (rami 40 seat plates with ✓, keyboard help with ←→, last moves with suits, a
Yami sheet with ✗) goes through the font with none of those characters in it.
"""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from ui_helpers import open_app, table

from ramigui.rules import Game
from ramigui.ui import fonts, symbols
from ramigui.ui.widgets import (
    blit_text,
    ellipsized,
    forget_texts,
    text_surface,
    text_width,
    wrap_lines,
)

SAMPLES = ["✓ opened", "←→ choose · ↑↓ move", "7♥ 8♥ 9♥", "Q♠ Q♦ Q♣", "◀ 2 ▶", "✗",
           "Carte\u202f!", "«\u00a0Rami\u00a0»", "J♠ Q♠ ✓ → ✗"]


class RecordingFont(pygame.font.Font):
    """pygame's Font, noting every string handed to `render`."""

    rendered: list[str] = []

    def render(self, text: str | bytes | None, *args: object, **kwargs: object) -> pygame.Surface:  # type: ignore[override]
        RecordingFont.rendered.append(str(text))
        return super().render(text, *args, **kwargs)  # type: ignore[arg-type]


@pytest.fixture
def builtin_font(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """pygame's bundled font forced, every render noted; caches emptied before and after."""
    monkeypatch.setenv(fonts.FONT_ENV, fonts.BUILTIN)
    monkeypatch.setattr(pygame.font, "Font", RecordingFont)
    RecordingFont.rendered = []
    pygame.font.init()
    _forget()
    yield RecordingFont.rendered
    _forget()


def _forget() -> None:
    fonts.forget_fonts()
    forget_texts()
    symbols.painted.cache_clear()


def test_the_fallback_font_really_lacks_the_symbols() -> None:
    """Why this module exists: pygame.freetype says which glyphs the bundled font has."""
    import os

    import pygame.freetype

    pygame.freetype.init()
    bundled = pygame.freetype.Font(os.path.join(os.path.dirname(pygame.__file__), pygame.font.get_default_font()), 20)
    missing = [char for char, metrics in zip("✓←→♠♥\u202f", bundled.get_metrics("✓←→♠♥\u202f"), strict=True)
               if metrics is None]
    assert missing == list("✓←→♠♥\u202f")


def test_symbols_never_reach_the_font(builtin_font: list[str]) -> None:
    pygame.display.init()
    surface = pygame.Surface((400, 60), pygame.SRCALPHA)
    for text in SAMPLES:
        drawn = blit_text(surface, text, 22, (250, 250, 250), (0, 0))
        assert drawn.width == text_width(text, 22) > 0
        wrap_lines(text, 22, 80)
        ellipsized(text, 22, 40)
    assert builtin_font, "nothing was rendered through the font"
    assert not [text for text in builtin_font if symbols.SYMBOLS & set(text)], builtin_font
    assert fonts.font_path(False) is None and fonts.font(20).get_height() > 0


def test_each_symbol_is_painted_visible_and_distinct() -> None:
    pygame.display.init()
    painted = {
        char: symbols.painted(char, 24, (255, 255, 255))
        for char in symbols.WIDTHS.keys() | symbols.SUITS.keys()
    }
    shapes = set()
    for char, surface in painted.items():
        inked = pygame.mask.from_surface(surface, 40)
        assert inked.count() > 24, char  # not an empty box: real ink
        assert inked.get_bounding_rects()[0].width < surface.get_width() + 1
        shapes.add(pygame.image.tobytes(surface, "RGBA"))
    assert len(shapes) == len(painted)


def test_width_matches_what_is_drawn_and_gaps_are_spaces() -> None:
    pygame.display.init()
    fnt = fonts.font(20)
    for text in SAMPLES:
        assert symbols.width(fnt, text) == symbols.render(fnt, text, (0, 0, 0)).get_width(), text
    assert symbols.split("7♥ ✓ ok") == ["7", "♥", " ", "✓", " ok"]
    space = fnt.size(" ")[0]
    assert symbols.width(fnt, "a\u00a0b") == fnt.size("a")[0] + space + fnt.size("b")[0]
    assert symbols.width(fnt, "a\u202fb") < symbols.width(fnt, "a\u00a0b")


def test_a_busy_table_draws_no_symbol_through_the_fallback_font(builtin_font: list[str]) -> None:
    """Rami 40 after an opening (✓ on the seat plate), the keyboard help (←→), last moves
    with suits; then a Yami table with a crossed-out box (✗) on the sheets."""
    rami = Game.from_position("rami40", hands=["7H 8H 9H KS QD", "2C 5D 9S 4C 6H", "3C 4D"],
                              stock="10H 4S 5S 6S", discard="5C", to_play=0,
                              melds=[(1, "JS QS KS AS"), (1, "5D 5H 5C")])
    with open_app((1280, 800)) as app:
        scene = table(app, rami)
        scene.play("draw")
        app.draw()
    yami = Game.from_position("yami", hands=["7H 8H 9D JC KS", "7C 8C 9C JD KD"], stock="AS AH QD",
                              discard="10C", to_play=0,
                              sheets=[{"quinte_floche": None, "7": 10}, {"paire": 5}])
    with open_app((1280, 800)) as app:
        table(app, yami)
        app.draw()
    shown = " ".join(builtin_font)
    assert "♥" not in shown and "Rami" in shown  # the table's texts went through the font …
    assert not [text for text in builtin_font if symbols.SYMBOLS & set(text)]  # … never a symbol
    assert symbols.painted.cache_info().currsize > 0  # the symbols were painted instead


def test_fonts_are_found_the_platform_way(monkeypatch: pytest.MonkeyPatch, tmp_path: object) -> None:
    """fontconfig first (where it is), then pygame's search (Windows, macOS), then the known
    paths; RAMIGUI_FONT forces a file or pygame's own font."""
    from pathlib import Path

    chosen = Path(str(tmp_path)) / "Some Sans.ttf"
    chosen.write_bytes(b"not read here")
    asked: list[list[str]] = []

    class Done:
        stdout = str(chosen)

    def fake_run(command: list[str], **kwargs: object) -> Done:
        asked.append(command)
        return Done()

    monkeypatch.delenv(fonts.FONT_ENV, raising=False)
    monkeypatch.setattr(fonts.sys, "platform", "linux")
    monkeypatch.setattr(fonts.shutil, "which", lambda name: "/usr/bin/fc-match")
    monkeypatch.setattr(fonts.subprocess, "run", fake_run)
    fonts.font_path.cache_clear()
    try:
        assert fonts.font_path(True) == str(chosen)
        assert asked == [["fc-match", "--format=%{file}", "DejaVu Sans:bold"]]
        monkeypatch.setattr(fonts.shutil, "which", lambda name: None)  # no fontconfig here
        monkeypatch.setattr(fonts.sys, "platform", "win32")
        monkeypatch.setattr(
            pygame.font,
            "match_font",
            lambda names, bold=False: str(chosen) if "arial" in names else None,
        )
        fonts.font_path.cache_clear()
        assert fonts.font_path(False) == str(chosen)
        monkeypatch.setattr(pygame.font, "match_font", lambda names, bold=False: None)
        monkeypatch.setattr(fonts, "_KNOWN_PATHS", {False: (), True: ()})
        fonts.font_path.cache_clear()
        assert fonts.font_path(False) is None  # pygame's own, and the game still runs
        monkeypatch.setenv(fonts.FONT_ENV, str(chosen))
        fonts.font_path.cache_clear()
        assert fonts.font_path(False) == str(chosen)
    finally:
        fonts.font_path.cache_clear()


def test_a_meld_and_a_meld_number_stay_on_one_line_when_they_fit() -> None:
    """The last moves, read from a sofa: "Robot 1 a posé R♠ / R♥ R♣" and "added Q♠ to meld
    / 1" (a newcomer's report) split what belongs together. A group of cards, and a number
    closing the line, now move to the next line whole; a run wider than a line still wraps
    between its cards, never inside one."""
    pygame.display.init()
    pygame.font.init()
    size = 16
    tight = text_width("Robot 1 a posé R♠ R♥", size) + 2
    assert wrap_lines("Robot 1 a posé R♠ R♥ R♣", size, tight) == ["Robot 1 a posé", "R♠ R♥ R♣"]
    tight = text_width("Bot 1 added Q♠ to meld", size) + 2
    assert wrap_lines("Bot 1 added Q♠ to meld 1", size, tight) == ["Bot 1 added Q♠ to", "meld 1"]
    run = "5♥ 6♥ 7♥ 8♥ 9♥ 10♥ V♥ D♥ R♥"
    narrow = text_width("5♥ 6♥ 7♥ 8♥", size) + 2
    lines = wrap_lines(f"Robot 2 a posé {run}", size, narrow)
    assert " ".join(lines) == f"Robot 2 a posé {run}" and len(lines) > 2
    words = [word for line in lines for word in line.split()]
    assert all(card in words for card in run.split()), lines
    assert all(text_width(line, size) <= narrow for line in lines)


@pytest.mark.parametrize("height", [10, 12, 14, 18, 23])
def test_a_club_in_text_does_not_read_as_a_spade(height: int) -> None:
    """In the last moves, "V♠ V♥ V♣" at 12 px: the card's club, filled between its lobes,
    had nearly a spade's outline (they differed in a tenth of its pixels). In text the club's
    three lobes stand apart, so the two outlines differ in more than a seventh."""
    spade = symbols.painted("♠", height, (255, 255, 255))
    club = symbols.painted("♣", height, (255, 255, 255))
    w, h = spade.get_size()
    pixels = [(x, y) for x in range(w) for y in range(h)]
    ink = sum(spade.get_at(p).a > 100 for p in pixels)
    differ = sum(abs(spade.get_at(p).a - club.get_at(p).a) > 100 for p in pixels)
    assert differ > ink / 7


def _index_suit_ink(suit: str, width: int) -> list[bool]:
    """The dark pixels of a 3's index suit (top-left corner, under the rank) on a card
    `width` pixels wide, drawn as the table draws it."""
    from ramigui.cards import card_of
    from ramigui.i18n import tr
    from ramigui.ui.cardart import DeckStyle, card_height, rank_letters, render_face

    face = render_face(card_of(3, suit), width, DeckStyle(), rank_letters(tr))
    height = card_height(width)
    top = int(0.045 * height + 0.27 * width)
    box = pygame.Rect(0, top, int(width * 0.32), int(0.24 * width) + 2)
    return [sum(face.get_at((x, y))[:3]) < 384 for y in range(box.top, box.bottom) for x in range(box.left, box.right)]


@pytest.mark.parametrize("width", range(28, 80, 3))
def test_a_small_cards_index_tells_spades_from_clubs(width: int) -> None:
    """Two newcomers read ♠ as ♣ on the replay's cards and on a bot's hand laid face up at
    1024×600 (cards 30 to 50 pixels wide, the index suit 6 to 10 tall): the card's spade and
    club both blurred into one dark blob (at 38 pixels wide they differed in one pixel in
    twenty). Small indices now draw the spade as a point and the club as three lobes apart:
    their outlines differ in more than a seventh of the ink, as in text."""
    pygame.display.init()
    spade, club = _index_suit_ink("S", width), _index_suit_ink("C", width)
    ink = sum(a or b for a, b in zip(spade, club, strict=True))
    differ = sum(a != b for a, b in zip(spade, club, strict=True))
    assert differ > ink / 7, (differ, ink)


@pytest.mark.parametrize("size", [12, 14, 16, 20, 24])
def test_a_suit_in_text_stands_as_tall_as_the_capitals(size: int) -> None:
    """In the last moves at 1024×600 a newcomer told ♠ from ♣ only on close inspection: they
    stood a size under the capitals (9 px beside a 10 px "H"). They are now as tall."""
    pygame.display.init()
    pygame.font.init()

    def ink_height(text: str) -> int:
        return text_surface(text, size, (255, 255, 255), False, None, "ink").get_bounding_rect(min_alpha=100).height

    capital = ink_height("H")
    assert all(ink_height(suit) >= capital for suit in "♠♣"), [ink_height(suit) for suit in "♠♣"]


def _pip_area_shapes(card: str, width: int) -> list[pygame.Rect]:
    """The separate dark shapes in the middle of a card `width` pixels wide (its pips or its
    one suit), as the table draws it: the index corners left out."""
    from ramigui.cards import parse_card
    from ramigui.i18n import tr
    from ramigui.ui.cardart import DeckStyle, card_height, rank_letters, render_face

    face = render_face(parse_card(card), width, DeckStyle(), rank_letters(tr))
    height = card_height(width)
    area = pygame.Rect(int(width * 0.32), int(height * 0.08), int(width * 0.36), int(height * 0.84))
    middle = face.subsurface(area).copy()
    mask = pygame.mask.from_threshold(middle, (20, 20, 30, 255), (110, 110, 110, 255))
    return [box for box in mask.get_bounding_rects() if box.width * box.height > 2]


@pytest.mark.parametrize("width", [30, 38, 46, 54, 62])
def test_a_small_card_shows_one_suit_that_reads_not_pips_that_do_not(width: int) -> None:
    """A newcomer read the replay's 9♠ and 10♠ as clubs: their pips, five pixels tall, were
    crosses. Where a pip would be under eight pixels, the card shows one suit in its middle,
    a third of its width tall; larger cards keep their pips."""
    pygame.display.init()
    for card in ("9S", "10C", "4S"):
        shapes = _pip_area_shapes(card, width)
        assert len(shapes) == 1 and shapes[0].height >= width * 0.28, (card, shapes)
    assert len(_pip_area_shapes("9S", 120)) == 9
