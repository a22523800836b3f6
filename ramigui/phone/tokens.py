"""The seats played on phones and their secret address tokens.

A seat's address carries a long random token, drawn afresh for every game (and kept with
that game's save, so a phone need not rescan when the app restarts): whoever holds the
address holds that seat's hand, and nobody else can guess it. Its letters are ones nobody
misreads when typing an address by hand (no I, l, 1, O or 0, no capitals). Looking a token
up compares it with every seat's in constant time, so the answer's timing tells nothing.
"""

from __future__ import annotations

import hmac
import secrets
from collections.abc import Iterable

from ramigui.rules.deals import CODE_ALPHABET as ALPHABET

# ALPHABET: 31 symbols, digits and small letters without 0, 1, i, l, o (deal codes use them too).
TOKEN_CHARS = 28
"""28 symbols of 31: 138 random bits."""


def new_token() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(TOKEN_CHARS))


def is_token(text: object) -> bool:
    """Whether `text` is a token this module could have drawn (a saved one is checked)."""
    return isinstance(text, str) and len(text) == TOKEN_CHARS and all(c in ALPHABET for c in text)


class PhoneSeats:
    """The phone seats of one game: seat number → its token (new tokens each game)."""

    def __init__(self, seats: Iterable[int], tokens: dict[int, str] | None = None) -> None:
        chosen = sorted(set(seats))
        given = tokens or {}
        self._tokens = {seat: given[seat] if is_token(given.get(seat)) else new_token() for seat in chosen}

    @property
    def seats(self) -> list[int]:
        return list(self._tokens)

    def __contains__(self, seat: object) -> bool:
        return seat in self._tokens

    def __len__(self) -> int:
        return len(self._tokens)

    def token(self, seat: int) -> str:
        return self._tokens[seat]

    def tokens(self) -> dict[int, str]:
        """Every seat's token, to keep with the game's save (never in a log)."""
        return dict(self._tokens)

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
