"""The card design for the phone page, taken from the table's own (`ramigui.art`).

The page draws cards in SVG with the same paper, edge, colours, suit shapes, pip layout,
index letters and proportions as the table: it receives them here as data, so the design
lives in one place and the page never types a colour or a heart curve of its own.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

from ramigui import i18n
from ramigui.art import cards as card_design
from ramigui.art.table import FELTS, GOLD, SEAT_COLOURS, WHITE


def _number(value: float) -> str:
    return f"{value:.4f}".rstrip("0").rstrip(".")


def suit_svg(suit: str) -> list[dict[str, Any]]:
    """A suit symbol one unit tall centred on (0, 0), as SVG pieces: paths and circles."""
    pieces: list[dict[str, Any]] = []
    for shape in card_design.suit_shapes(suit):
        if shape.kind == "circle":
            (x, y), = shape.points
            pieces.append({"circle": [round(x, 4), round(y, 4), round(shape.radius, 4)]})
        else:
            head, *tail = shape.points
            path = f"M{_number(head[0])} {_number(head[1])}" + "".join(
                f"L{_number(x)} {_number(y)}" for x, y in tail) + "Z"
            pieces.append({"path": path})
    return pieces


def _hex(colour: tuple[int, int, int]) -> str:
    return "#{:02x}{:02x}{:02x}".format(*colour)


def card_look(four_colour: bool = False, back: str = "blue") -> dict[str, Any]:
    """Everything the page needs to draw a face or a back like the table does (the index
    font itself is served beside the page: `index_font_bytes`)."""
    dark, light = card_design.BACK_COLOURS.get(back, card_design.BACK_COLOURS["blue"])
    return {
        "ratio": card_design.RATIO,
        "paper": _hex(card_design.PAPER),
        "edge": _hex(card_design.EDGE),
        "gold": _hex(card_design.GOLD),
        "suit_colour": {suit: _hex(card_design.suit_colour(suit, four_colour)) for suit in "SHDC"},
        "joker": [_hex(card_design.RED), _hex(card_design.BLUE), _hex(card_design.GREEN)],
        "back": [_hex(dark), _hex(light)],
        "suits": {suit: suit_svg(suit) for suit in "SHDC"},
        "pips": {str(rank): rows for rank, rows in card_design.PIP_ROWS.items()},
        "letters": [i18n.tr(f"rank.{rank}") for rank in range(14)],
        "joker_index": i18n.tr("card.joker_index"),
    }


def table_look(felt_name: str = "green") -> dict[str, Any]:
    """The table's colours around the cards: the felt, the seats' colours, the gold of
    what is lit and the text's white."""
    centre, rim = FELTS.get(felt_name, FELTS["green"])
    return {"felt": [_hex(centre), _hex(rim)], "seats": [_hex(c) for c in SEAT_COLOURS],
            "lit": _hex(GOLD), "text": _hex(WHITE)}


INDEX_FONT = "freesansbold.ttf"
"""pygame's bundled bold sans (`pygame.font.get_default_font()`), the table's index font."""


def index_font_bytes() -> bytes:
    """The font of the card indices: the table's own, so the phone's 10, V, D, R look exactly
    like the table's. Read from pygame's package folder without importing pygame: a phone
    server needs no SDL."""
    spec = importlib.util.find_spec("pygame")
    if spec is None or not spec.submodule_search_locations:
        raise FileNotFoundError("pygame's bundled font: pygame is not installed")
    return (Path(next(iter(spec.submodule_search_locations))) / INDEX_FONT).read_bytes()
