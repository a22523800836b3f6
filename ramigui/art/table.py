"""The table's colours around the cards, as data: the felts, the seats' colours, the gold of
what is lit and the text's white. The window paints them (`ramigui.ui`); the phone page
receives them (`ramigui.phone.look.table_look`)."""

from __future__ import annotations

Colour = tuple[int, int, int]

FELTS: dict[str, tuple[Colour, Colour]] = {
    "green": ((40, 122, 74), (14, 64, 38)),
    "blue": ((40, 92, 140), (14, 40, 70)),
    "red": ((140, 44, 52), (70, 16, 22)),
}
"""Each felt's centre and rim colours."""
SEAT_COLOURS: tuple[Colour, ...] = ((236, 196, 92), (120, 200, 255), (255, 150, 170), (140, 230, 170),
                                    (200, 170, 255), (255, 180, 110))
"""One colour a seat, on its name, its melds and its phone."""
WHITE: Colour = (246, 244, 236)
GOLD: Colour = (236, 196, 92)
