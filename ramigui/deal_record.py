"""A game's deal scheme as a save and a log keep it, and the log's per-round deal lines.

The save (in the user's private data folder, like the phones' tokens) keeps a keyed
game's secret, so a resumed game deals its next rounds as it would have. A log may be
shared while the game goes on: it holds each round's fingerprint from its deal on, and
the round's code, nonce and points only once the round is over — never the game secret.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Mapping
from typing import Any

from ramigui.deal_words import fingerprint_words
from ramigui.rules import Game
from ramigui.rules.deals import (
    KEYED,
    SCHEMES,
    SEEDED,
    SEEDED_DEALS,
    DealCodeError,
    Deals,
    RoundKey,
    Table,
    read_code,
    read_code_for,
    read_table_code,
    write_code,
)
from ramigui.storage import BrokenFile

SECRET_BYTES = 32
ROUND_LINE = re.compile(r"round (\d{1,4}) (fingerprint|code|nonce|points|totals)")


class DealLineError(ValueError):
    """A deal line of a log that cannot be read, with its line number."""

    def __init__(self, line: int | None, message: str) -> None:
        self.line = line
        super().__init__(message)


def fresh_deals() -> Deals:
    """A keyed scheme with a new game secret (a person's new game)."""
    return Deals(KEYED, secrets.token_bytes(SECRET_BYTES))


def redeal_deals(code: str, table: Table) -> Deals:
    """A new keyed game at `table` whose round 1 is the round `code` names (DealCodeError
    if the code is misread or was dealt for another table); its later rounds are fresh."""
    key = read_code_for(code, table)
    return Deals(KEYED, secrets.token_bytes(SECRET_BYTES), {1: key}, redeal=write_code(key, table))


def deals_to_json(deals: Deals) -> dict[str, Any]:
    body: dict[str, Any] = {"scheme": deals.scheme, "secret": deals.secret.hex()}
    if deals.keys:
        body["keys"] = {str(round_no): key.code for round_no, key in deals.keys.items()}
    if deals.redeal:
        body["redeal"] = deals.redeal
    return body


def deals_from_json(body: Any) -> Deals:
    """The scheme a save holds; a save from before keyed deals is seeded."""
    if body is None:
        return SEEDED_DEALS
    if not isinstance(body, dict) or body.get("scheme") not in SCHEMES:
        raise BrokenFile("wrong_shape", "deals: not a deal scheme")
    if body["scheme"] == SEEDED:
        return SEEDED_DEALS
    try:
        secret = bytes.fromhex(str(body.get("secret", "")))
        keys = {int(round_no): read_code(str(code)) for round_no, code in dict(body.get("keys", {})).items()}
        redeal = str(body.get("redeal", ""))
    except (ValueError, TypeError) as error:
        raise BrokenFile("wrong_shape", f"deals: {error}") from None
    if len(secret) != SECRET_BYTES:
        raise BrokenFile("wrong_shape", "deals: the game secret is not 32 bytes")
    return Deals(KEYED, secret, keys, redeal)


def round_fields(header: Mapping[str, tuple[int, str]]) -> dict[int, dict[str, tuple[int, str]]]:
    """The log's `round N field: value` lines, by round then field."""
    rounds: dict[int, dict[str, tuple[int, str]]] = {}
    for key, (line, value) in header.items():
        found = ROUND_LINE.fullmatch(key)
        if found:
            rounds.setdefault(int(found[1]), {})[found[2]] = (line, value)
    return rounds


def deals_from_log(header: Mapping[str, tuple[int, str]]) -> Deals:
    """The scheme a log's header gives: seeded (no `deals:` line), or keyed with the keys
    of the rounds it reveals (their codes) and a re-deal's first round."""
    if "deals" not in header:
        return SEEDED_DEALS
    line, scheme = header["deals"]
    if scheme != KEYED:
        raise DealLineError(line, f"deals: {scheme!r} is not a deal scheme (keyed)")
    keys: dict[int, RoundKey | None] = {}
    for round_no, fields in round_fields(header).items():
        try:  # a misread code leaves its round sealed: replay and verify name it there
            keys[round_no] = read_code(fields["code"][1]) if "code" in fields else None
        except DealCodeError:
            keys[round_no] = None
    redeal = ""
    if "redeal" in header:
        key, table = _code(*header["redeal"])
        redeal = write_code(key, table)
        keys.setdefault(1, key)
    return Deals(KEYED, b"", {n: key for n, key in keys.items() if key is not None}, redeal)


def _code(line: int, text: str) -> tuple[RoundKey, Table | None]:
    try:
        return read_table_code(text)
    except DealCodeError as error:
        raise DealLineError(line, str(error)) from None


def round_lines(game: Game, given_up: bool = False) -> list[str]:
    """The deal lines of a log written now: every dealt round's fingerprint; a finished
    round's code, nonce, points and running totals (a round being played shows nothing
    more than its fingerprint). A game `given_up` (abandoned, never to be played on) shows
    the code and nonce of the round it stopped in, without points: nobody scored it."""
    lines: list[str] = []
    totals = [0] * game.players
    for round_no in range(1, game.round_no + 1):
        shown = game.fingerprint(round_no)
        lines.append(f"round {round_no} fingerprint: {shown.hex()}")
        lines.append(f"# round {round_no} fingerprint in words: {fingerprint_words(shown)}")
        revealed = game.revealed_key(round_no, given_up)
        if revealed is None:
            continue
        code, nonce = revealed
        if code:
            lines.append(f"round {round_no} code: {code}")
        lines.append(f"round {round_no} nonce: {nonce.hex()}")
        if round_no > len(game.results):
            continue
        points = game.results[round_no - 1].points
        totals = [t + p for t, p in zip(totals, points, strict=True)]
        lines.append(f"round {round_no} points: {' '.join(map(str, points))}")
        lines.append(f"round {round_no} totals: {' '.join(map(str, totals))}")
    return lines
