"""The seats played on phones and their secret address tokens.

A seat's address carries a long random token, drawn afresh for every game: whoever holds
the address holds that seat's hand, and nobody else can guess it. Looking a token up
compares it with every seat's in constant time, so the answer's timing tells nothing.
"""

from __future__ import annotations

import hmac
import secrets
from collections.abc import Iterable

TOKEN_BYTES = 24
"""`secrets.token_urlsafe(24)`: 32 characters, 192 random bits."""


class PhoneSeats:
    """The phone seats of one game: seat number → its token (new tokens each game)."""

    def __init__(self, seats: Iterable[int], tokens: dict[int, str] | None = None) -> None:
        chosen = sorted(set(seats))
        given = tokens or {}
        self._tokens = {seat: given.get(seat) or secrets.token_urlsafe(TOKEN_BYTES) for seat in chosen}

    @property
    def seats(self) -> list[int]:
        return list(self._tokens)

    def __contains__(self, seat: object) -> bool:
        return seat in self._tokens

    def __len__(self) -> int:
        return len(self._tokens)

    def token(self, seat: int) -> str:
        return self._tokens[seat]

    def seat_of(self, token: str) -> int | None:
        """The seat whose token this is, or None. Every seat's token is compared, each in
        constant time, so neither which seat matched nor how much of it shows in timing."""
        found: int | None = None
        candidate = token.encode("utf-8", "replace")
        for seat, secret in self._tokens.items():
            if hmac.compare_digest(candidate, secret.encode("ascii")):
                found = seat
        return found

    def path(self, seat: int) -> str:
        """The seat's address path, `/<token>/` (what a phone opens)."""
        return f"/{self._tokens[seat]}/"
