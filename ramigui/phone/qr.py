"""The QR code of a phone seat's address, as a matrix the table draws itself.

segno (pure Python, no dependencies, well kept) computes the code; the table paints its
modules with pygame at whatever size the screen allows, so no image library is needed.
Error correction M (15 %): a code on a TV across a room still scans with a smudge.
"""

from __future__ import annotations

import segno

QUIET_ZONE = 4
"""Blank modules around the code that readers need (the standard's minimum)."""


def qr_modules(text: str) -> tuple[tuple[bool, ...], ...]:
    """The code's dark (True) and light modules, row by row, without the quiet zone."""
    code = segno.make_qr(text, error="m", boost_error=False)
    return tuple(tuple(bool(module) for module in row) for row in code.matrix)
