"""Where each round's shuffle comes from, and the deal code that names it.

Two schemes, recorded with every save and log (a record without one is seeded):

    seed    every round is shuffled by a generator seeded by `f"{seed}:{round}"`; its
            reshuffles by the same text with a suffix. Headless games (simulate, the
            ladder, tests) and every game from before keyed deals replay this way.
    keyed   the game draws a secret; round n's secret is HMAC-SHA256(game secret, n),
            cut to 58 bits; the round's shuffle, its reshuffles and its fingerprint nonce
            all come from that round secret alone. HMAC is one-way, so revealing a round's
            secret (its deal code, shown once the round is over) tells nothing of the
            game secret, hence nothing of any later round.

A round key is the number its deal code writes: below 2**58 a keyed round secret; from
2**58 on a seeded round (seed and round number), so an older game's rounds have codes too.
A code is 12 symbols of the phone tokens' alphabet (no 0, O, 1, l or i) and a check symbol.
A code shown to people (a round's proof, a log) starts with one more symbol, its table: the
family and the number of players the round was dealt for, since the same key deals other
cards to another table; the setup refuses a code for another table, saying which it is for.
"""

from __future__ import annotations

import hashlib
import hmac
import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

CODE_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz"
"""31 symbols: digits and small letters without 0, 1, i, l, o (the phone tokens' letters)."""
CODE_SYMBOLS = 12
"""Symbols that carry the key (31**12 > 2**59); a 13th is the check symbol."""
SECRET_BITS = 58
LEGACY = 1 << SECRET_BITS
SEED_BITS = 50
ROUND_BITS = 8
MAX_CODE_SEED = (1 << SEED_BITS) - 1
MAX_CODE_ROUND = (1 << ROUND_BITS) - 1
NONCE_BYTES = 16

SEEDED = "seed"
KEYED = "keyed"
SCHEMES = (SEEDED, KEYED)


class DealCodeError(ValueError):
    """A deal code that cannot be read: `reason` is a stable word the UI translates
    (length, symbol, check)."""

    def __init__(self, reason: str, text: str) -> None:
        self.reason = reason
        super().__init__(f"deal code {text!r}: {reason}")


TABLE_FAMILIES = ("rummy", "gin", "yami")
MAX_TABLE_PLAYERS = 9


@dataclass(frozen=True)
class Table:
    """What a round's deal depends on besides its key: the family and the player count."""

    family: str
    players: int

    def __post_init__(self) -> None:
        if self.family not in TABLE_FAMILIES or not 1 <= self.players <= MAX_TABLE_PLAYERS:
            raise ValueError(f"no table symbol for {self.family} with {self.players} players")

    @property
    def symbol(self) -> int:
        return TABLE_FAMILIES.index(self.family) * MAX_TABLE_PLAYERS + self.players - 1

    @classmethod
    def from_symbol(cls, symbol: int) -> Table:
        family, players = divmod(symbol, MAX_TABLE_PLAYERS)
        if family >= len(TABLE_FAMILIES):
            raise ValueError(f"symbol {symbol} names no table")
        return cls(TABLE_FAMILIES[family], players + 1)


class DealCodeForOtherTable(DealCodeError):
    """A good code, but for another game or player count (`table`)."""

    def __init__(self, table: Table, text: str) -> None:
        self.table = table
        super().__init__("other_table", text)


class SealedDeal(ValueError):
    """A keyed round whose secret is not known here (a log written during that round)."""

    def __init__(self, round_no: int) -> None:
        self.round_no = round_no
        super().__init__(f"round {round_no}'s deal is sealed: its code is written once the round ends")


@dataclass(frozen=True)
class RoundKey:
    """One round's deal, as its code writes it (see the module's docstring). Its repr
    hides the value: an error message or a log line never shows a deal by accident."""

    value: int

    def __post_init__(self) -> None:
        if not 0 <= self.value < LEGACY + (1 << (SEED_BITS + ROUND_BITS)):
            raise ValueError("a round key is a number of at most 59 bits")

    def __repr__(self) -> str:
        return "RoundKey(sealed)"

    @classmethod
    def seeded(cls, seed: int, round_no: int) -> RoundKey:
        """The key of round `round_no` of a seeded game (its code names seed and round)."""
        if not (0 <= seed <= MAX_CODE_SEED and 1 <= round_no <= MAX_CODE_ROUND):
            raise ValueError(f"seed {seed} round {round_no} has no deal code")
        return cls(LEGACY | round_no << SEED_BITS | seed)

    @property
    def is_seeded(self) -> bool:
        return self.value >= LEGACY

    @property
    def seed_and_round(self) -> tuple[int, int]:
        """A seeded key's game seed and round number."""
        return self.value & MAX_CODE_SEED, (self.value >> SEED_BITS) & MAX_CODE_ROUND

    def digest(self, purpose: str) -> bytes:
        """HMAC-SHA256 keyed by the round secret: one independent stream per purpose."""
        return hmac.new(self.value.to_bytes(8, "big"), purpose.encode(), hashlib.sha256).digest()

    @property
    def code(self) -> str:
        return write_code(self)


DealSeed = int | RoundKey
"""What a family's `deal` receives: a game's seed (the seeded scheme) or a round key."""


def round_rng(seed: DealSeed, round_no: int, suffix: str = "") -> random.Random:
    """The generator of a round's shuffle (`suffix` "") or of one of its reshuffles (the
    family's own suffix, e.g. ":reuse1"). A seeded game's generators are exactly the ones
    it always had, so its saves, logs and simulations replay unchanged."""
    if isinstance(seed, RoundKey):
        if seed.is_seeded:
            game_seed, dealt_round = seed.seed_and_round
            return random.Random(f"{game_seed}:{dealt_round}{suffix}")
        return random.Random(seed.digest("shuffle" + suffix))
    return random.Random(f"{seed}:{round_no}{suffix}")


def deal_nonce(seed: DealSeed, round_no: int) -> bytes:
    """The round's fingerprint nonce: from the round secret (keyed) or from seed and round
    (seeded, so every log can be verified; the seed gives the deal away anyway)."""
    if isinstance(seed, RoundKey) and not seed.is_seeded:
        return seed.digest("nonce")[:NONCE_BYTES]
    if isinstance(seed, RoundKey):
        seed, round_no = seed.seed_and_round
    return hashlib.sha256(f"ramigui-nonce:{seed}:{round_no}".encode()).digest()[:NONCE_BYTES]


def round_secret(game_secret: bytes, round_no: int) -> RoundKey:
    """Round `round_no`'s key in a keyed game: one-way from the game secret."""
    digest = hmac.new(game_secret, f"ramigui-round:{round_no}".encode(), hashlib.sha256).digest()
    return RoundKey(int.from_bytes(digest[:8], "big") >> (64 - SECRET_BITS))


def round_code(seed: DealSeed, round_no: int, table: Table | None = None) -> str:
    """The code of a round dealt from `seed` ("" for a seeded game whose seed or round is
    too large for a code), starting with its table's symbol when `table` is given."""
    if isinstance(seed, RoundKey):
        return write_code(seed, table)
    try:
        return write_code(RoundKey.seeded(seed, round_no), table)
    except ValueError:
        return ""


@dataclass(frozen=True)
class Deals:
    """A game's deal scheme. `secret`: the keyed game's secret; `keys`: rounds whose key
    is given instead (a re-deal's round 1, the rounds a log reveals); `redeal`: the code a
    re-dealt game was started from ("" for a game dealt fresh)."""

    scheme: str = SEEDED
    secret: bytes = field(default=b"", repr=False)
    keys: Mapping[int, RoundKey] = field(default_factory=lambda: MappingProxyType({}))
    redeal: str = ""

    def __post_init__(self) -> None:
        if self.scheme not in SCHEMES:
            raise ValueError(f"deal scheme {self.scheme!r} is not one of {', '.join(SCHEMES)}")
        object.__setattr__(self, "keys", MappingProxyType(dict(self.keys)))

    @property
    def is_keyed(self) -> bool:
        return self.scheme == KEYED

    def key(self, seed: int, round_no: int) -> DealSeed:
        """What round `round_no` is dealt from. Raises SealedDeal for a keyed round whose
        secret is not here."""
        if round_no in self.keys:
            return self.keys[round_no]
        if self.scheme == SEEDED:
            return seed
        if not self.secret:
            raise SealedDeal(round_no)
        return round_secret(self.secret, round_no)


SEEDED_DEALS = Deals()


# --- deal codes -------------------------------------------------------------------------------


def _check_symbol(digits: list[int]) -> int:
    """The symbol that makes the sum of every symbol times its place (1, 2, … 13 or 14) a multiple
    of 31. As 31 is prime, any one wrong symbol and any two neighbours swapped break it."""
    base = len(CODE_ALPHABET)
    total = sum(place * digit for place, digit in enumerate(digits, start=1))
    return (-total * pow(len(digits) + 1, -1, base)) % base


def write_code(key: RoundKey, table: Table | None = None) -> str:
    """`key` as 13 symbols in groups of 4, 4 and 5 (`k7m2-q9rt-xw4hz`); with its table's
    symbol first, 14 symbols in groups of 4, 5 and 5 (`gk7m-2q9rt-xw4hz`)."""
    base = len(CODE_ALPHABET)
    digits = []
    value = key.value
    for _ in range(CODE_SYMBOLS):
        value, digit = divmod(value, base)
        digits.append(digit)
    digits.reverse()
    if table is not None:
        digits.insert(0, table.symbol)
    digits.append(_check_symbol(digits))
    text = "".join(CODE_ALPHABET[d] for d in digits)
    cut = 4 if table is None else 5
    return f"{text[:4]}-{text[4:4 + cut]}-{text[4 + cut:]}"


def read_code(text: str) -> RoundKey:
    """The key a code names (with or without its table symbol); spaces, dashes and capitals
    are allowed. Raises DealCodeError."""
    return read_table_code(text)[0]


def read_table_code(text: str) -> tuple[RoundKey, Table | None]:
    """The key a code names and the table it was dealt for (None: a code without one)."""
    cleaned = "".join(text.split()).replace("-", "").lower()
    if len(cleaned) not in (CODE_SYMBOLS + 1, CODE_SYMBOLS + 2):
        raise DealCodeError("length", text)
    if any(symbol not in CODE_ALPHABET for symbol in cleaned):
        raise DealCodeError("symbol", text)
    digits = [CODE_ALPHABET.index(symbol) for symbol in cleaned]
    if _check_symbol(digits[:-1]) != digits[-1]:
        raise DealCodeError("check", text)
    table = None
    if len(digits) == CODE_SYMBOLS + 2:
        try:
            table = Table.from_symbol(digits.pop(0))
        except ValueError:
            raise DealCodeError("check", text) from None
    value = 0
    for digit in digits[:-1]:
        value = value * len(CODE_ALPHABET) + digit
    try:
        key = RoundKey(value)
    except ValueError:
        raise DealCodeError("check", text) from None
    if key.is_seeded and key.seed_and_round[1] == 0:
        raise DealCodeError("check", text)
    return key, table


def read_code_for(text: str, table: Table) -> RoundKey:
    """The key of a code typed to deal again at `table`: a code carries its table, and one
    for another family or player count is refused (the same key deals other cards there)."""
    key, written = read_table_code(text)
    if written is None:
        raise DealCodeError("length", text)
    if written != table:
        raise DealCodeForOtherTable(written, text)
    return key
