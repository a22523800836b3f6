"""What every `ramigui` command does with its arguments: checked values, one-line errors.

A mistyped argument ends the command with one line on stderr naming it and exit status 2
(never a traceback, never a value quietly changed into another): `--players 9`, `--games
-1`, `--size banana`, `--variant nosuch` (the known ids are listed). The parsers of every
command are `Parser`s and take their value types from here.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from ramigui.cards import shorten

if TYPE_CHECKING:
    from ramigui.rules.variant import Variant

MAX_SEED = 2**63 - 1
"""Seeds are stored in saves and logs as 64-bit whole numbers."""
MAX_WINDOW_SIDE = 16384
"""The largest window side SDL draws into."""


class Parser(argparse.ArgumentParser):
    """An ArgumentParser whose usage errors are one line: `ramigui simulate: argument
    --games: -1 is not a whole number from 1 to 10000000 (see ramigui simulate --help)`."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (see {self.prog} --help)\n")


def whole(low: int, high: int, what: str = "a whole number") -> Callable[[str], int]:
    """An argument type: a whole number from `low` to `high` (ASCII digits, a sign allowed)."""

    def check(text: str) -> int:
        digits = text.strip().lstrip("+-")
        if not (digits.isascii() and digits.isdigit() and len(digits) <= 20):
            raise argparse.ArgumentTypeError(f"{_quoted(text)} is not {what}")
        value = int(text)
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{value} is not {what} from {low} to {high}")
        return value

    check.__name__ = what  # argparse names the type in some messages
    return check


def seconds(high: float, *, zero: bool = True) -> Callable[[str], float]:
    """An argument type: a number of seconds from 0 (above 0 if not `zero`) to `high`;
    never `inf` or `nan`, which a clock's wait cannot take."""

    def check(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{_quoted(text)} is not a number of seconds") from None
        low_ok = value >= 0 if zero else value > 0
        if not (math.isfinite(value) and low_ok and value <= high):
            span = f"from 0 to {high:g}" if zero else f"above 0, up to {high:g}"
            raise argparse.ArgumentTypeError(f"{_quoted(text)} is not a number of seconds {span}")
        return value

    check.__name__ = "a number of seconds"
    return check


def seed(text: str) -> int:
    """`--seed`: a whole number from 0 to MAX_SEED."""
    return whole(0, MAX_SEED, "a seed")(text)


def window_size(text: str) -> str:
    """`--size WxH`: a window the table can be laid out in, as `1920x1080` (what the
    window code's `parse_size` reads)."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # stdout is the command's
    from ramigui.ui.window import MIN_SIZE

    parts = text.lower().split("x")
    if len(parts) != 2 or not all(p.isascii() and p.isdigit() and len(p) <= 6 for p in parts):
        raise argparse.ArgumentTypeError(f"{_quoted(text)} is not a window size WIDTHxHEIGHT, e.g. 1280x800")
    width, height = int(parts[0]), int(parts[1])
    low_w, low_h = MIN_SIZE
    if not (low_w <= width <= MAX_WINDOW_SIDE and low_h <= height <= MAX_WINDOW_SIDE):
        raise argparse.ArgumentTypeError(
            f"{width}x{height} is not a window size from {low_w}x{low_h} to {MAX_WINDOW_SIDE}x{MAX_WINDOW_SIDE}")
    return f"{width}x{height}"


def file_to_write(text: str) -> str:
    """A file the command will write (`ramigui screenshot OUT`): checked before any work is
    done, so a folder, a missing folder or a read-only file is a usage error, not a
    traceback after the drawing. An existing file is opened for appending, nothing written."""
    path = Path(text)
    if not text.strip():
        raise argparse.ArgumentTypeError("give the name of the file to write")
    if path.is_dir():
        raise argparse.ArgumentTypeError(
            f"{_quoted_path(text)} is a folder: name a file in it, e.g. {_quoted_path(str(path / 'table.png'))}"
        )
    if not path.parent.is_dir():
        raise argparse.ArgumentTypeError(f"{_quoted_path(text)}: there is no folder {_quoted_path(str(path.parent))}")
    if path.exists() and not path.is_file():
        raise argparse.ArgumentTypeError(f"{_quoted_path(text)} is not a plain file: name another")
    try:
        if path.exists():
            os.close(os.open(path, os.O_WRONLY | os.O_APPEND | os.O_NONBLOCK))
        elif not os.access(path.parent, os.W_OK | os.X_OK):
            raise PermissionError(0, "permission denied")
    except OSError as error:
        raise argparse.ArgumentTypeError(
            f"{_quoted_path(text)} cannot be written ({error.strerror or error})"
        ) from None
    return text


def variant_ids() -> list[str]:
    """Every variant id a command accepts: the built-in ones and the user's own."""
    from ramigui.variants import catalogue

    return catalogue().ids()


def known_variant(parser: argparse.ArgumentParser, variant_id: str, options: dict[str, Any] | None = None) -> Variant:
    """The variant `--variant` names (with `options`), or a usage error listing the ids."""
    from ramigui.rules.variant import VariantError
    from ramigui.variants import catalogue

    if variant_id not in variant_ids():
        parser.error(f"unknown variant {_quoted(variant_id)}; known: {', '.join(variant_ids())}")
    try:
        return catalogue().get(variant_id, **(options or {}))
    except VariantError as error:
        parser.error(f"variant {variant_id}: {error}")


def check_players(parser: argparse.ArgumentParser, variant: Variant, players: int | None) -> int:
    """`players` if the variant is played by that many (None: the variant's usual count)."""
    low, high = variant.players
    if players is None:
        return min(high, max(low, 4))
    refused = variant.players_refused(players)
    if refused:
        parser.error(f"argument --players: {refused}")
    return players


def _quoted(text: str) -> str:
    """A bad value as an error quotes it: cut short, repr-quoted (one line)."""
    return repr(shorten(text))


def _quoted_path(text: str) -> str:
    """A path as an error quotes it: its end is what tells it apart, so a long one loses its start."""
    return repr(text if len(text) <= 200 else "…" + text[-199:])


def fail(prog: str, message: str) -> int:
    """A problem found after parsing, said the same way; the exit status to return."""
    print(f"{prog}: {message}", file=sys.stderr)
    return 2
