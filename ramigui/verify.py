"""`ramigui verify LOG`: check every round of a game's log, one line per round.

For each round: the fingerprint the log wrote at the deal is the fingerprint of the deal
its code (or, for a seeded game, its seed) makes, hashed with the nonce the code gives
and the log reveals; every move is legal and played by the seat whose turn it was; the
round's points and the running totals are what the rules score. A round still being
played is checked as far as it can be (a keyed round's deal stays sealed until its end).
Exit status 0 when every round checks out, 1 otherwise (the failing round is named).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

from ramigui.arguments import Parser
from ramigui.cards import shorten
from ramigui.deal_record import round_fields
from ramigui.deal_words import fingerprint_words_everywhere
from ramigui.rules import Game, IllegalMove
from ramigui.rules.deals import SealedDeal, read_code, read_table_code
from ramigui.session import LogError, ParsedLog, parse_log

EXIT_OK, EXIT_FAILED = 0, 1
Fields = Mapping[str, tuple[int, str]]


@dataclass
class RoundCheck:
    """What was checked of one round, and what failed (`problems` empty: it checks out)."""

    round_no: int
    moves: int = 0
    facts: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems

    def line(self) -> str:
        if self.ok:
            return f"round {self.round_no}: ok — " + ", ".join(self.facts)
        return f"round {self.round_no}: FAILED — " + "; ".join(self.problems)


def _moves(count: int) -> str:
    """"1 legal move", "12 legal moves"."""
    return f"{count} legal move{'' if count == 1 else 's'}"


def _is_hex(text: str) -> bool:
    return len(text) == 64 and all(c in "0123456789abcdef" for c in text.lower())


def _numbers(text: str) -> list[int] | None:
    try:
        return [int(word) for word in text.split()]
    except ValueError:
        return None


class Verifier:
    """Replays a parsed log round by round, checking each round when it ends."""

    def __init__(self, parsed: ParsedLog) -> None:
        self.parsed = parsed
        self.rounds = round_fields(parsed.header)
        self.game: Game | None = None
        self.checks: list[RoundCheck] = []
        self.totals: list[int] = [0] * len(parsed.record.seats)
        self.keyed = parsed.record.deals.is_keyed

    def run(self) -> list[RoundCheck]:
        check = RoundCheck(1)
        self.checks.append(check)
        try:
            self.game = self.parsed.record.new_game()
        except SealedDeal:
            self._sealed(check)
            return self.checks
        except ValueError as error:
            check.problems.append(f"cannot set up the game: {error}")
            return self.checks
        self._fingerprint(check)
        for move, seat, line in zip(self.parsed.record.moves, self.parsed.movers, self.parsed.lines, strict=True):
            if move == "next" and self.game.round_over:
                self._close(check)
                check = RoundCheck(check.round_no + 1)
                self.checks.append(check)
            if not self._play(check, move, seat, line):
                return self.checks
            if move == "next":
                self._fingerprint(check)
        self._close(check)
        return self.checks

    def _play(self, check: RoundCheck, move: str, seat: int, line: int) -> bool:
        game = self.game
        assert game is not None
        if seat != game.to_play:
            check.problems.append(
                f"line {line}: seat {seat + 1} played {shorten(move)!r} on seat {game.to_play + 1}'s turn"
            )
            return False
        try:
            game.play(move)
        except SealedDeal:
            self._sealed(check)
            return False
        except IllegalMove as error:
            check.problems.append(f"line {line}: {shorten(move)!r} is not legal: {error}")
            return False
        if move not in ("next", "undo"):
            check.moves += 1
        return True

    def _sealed(self, check: RoundCheck) -> None:
        """A keyed round without its code: the log was written while it was played. Only
        the last round of a log may be so, and its fingerprint must be there."""
        fields = self.rounds.get(check.round_no, {})
        if any(round_no > check.round_no for round_no in self.rounds) or "code" in fields:
            check.problems.append("no code for this round, yet the log goes on past it")
        elif "fingerprint" not in fields:
            check.problems.append("no fingerprint in the log")
        else:
            written = fields["fingerprint"][1].split()[0]
            words = fingerprint_words_everywhere(bytes.fromhex(written)) if _is_hex(written) else shorten(written)
            check.facts.append(f"fingerprint {words} written at the deal; being played when the log was "
                               "written, its deal stays sealed until it ends")

    def _close(self, check: RoundCheck) -> None:
        """Check round `check.round_no` once its moves are played."""
        game = self.game
        assert game is not None
        fields = self.rounds.get(check.round_no, {})
        over = check.round_no < game.round_no or game.round_over
        if not over and "code" in fields:
            check.facts.append(f"abandoned after {_moves(check.moves)} (its code {fields['code'][1]}, "
                               "revealed once the game was given up, deals it)")
            return
        if not over:
            check.facts.append(f"being played, {_moves(check.moves)} so far")
            return
        self._proof(check, fields)
        check.facts.append(_moves(check.moves))
        self._points(check, fields)

    def _fingerprint(self, check: RoundCheck) -> None:
        """The fingerprint written when the round was dealt is the deal's (checked first)."""
        assert self.game is not None
        fields = self.rounds.get(check.round_no, {})
        dealt = self.game.fingerprint(check.round_no)
        if "fingerprint" not in fields:
            if self.keyed or self.rounds:
                check.problems.append("no fingerprint in the log")
            else:
                check.facts.append("no fingerprint (a log from before fingerprints)")
            return
        line, written = fields["fingerprint"]
        if written.split()[0].lower() != dealt.hex():
            check.problems.append(f"line {line}: the fingerprint written at the deal is not the deal's "
                                  f"({fingerprint_words_everywhere(dealt)})")
        else:
            check.facts.append(f"fingerprint {fingerprint_words_everywhere(dealt)} matches the deal")

    def _proof(self, check: RoundCheck, fields: Fields) -> None:
        assert self.game is not None
        proof = self.game.deal_proof(check.round_no)
        if proof is None:
            return
        if not proof.matches:
            check.problems.append("the deal made again from its code does not give the fingerprint")
        if "code" in fields:
            line, code = fields["code"]
            try:
                key, table = read_table_code(code)  # a code from before tables were written: its key alone
                same = key == read_code(proof.code) and table in (None, read_table_code(proof.code)[1])
            except ValueError as error:
                same, code = False, str(error)
            if not same:
                check.problems.append(f"line {line}: code {shorten(code)!r} is not this round's")
            else:
                check.facts.append(f"code {proof.code}")
        elif self.keyed:
            check.problems.append("no code in the log for a finished round")
        if "nonce" in fields:
            line, nonce = fields["nonce"]
            if nonce.lower() != proof.nonce.hex():
                check.problems.append(f"line {line}: the nonce is not the one the round's code gives")
        elif self.keyed or self.rounds:
            check.problems.append("no nonce in the log for a finished round")

    def _points(self, check: RoundCheck, fields: Fields) -> None:
        assert self.game is not None
        scored = list(self.game.results[check.round_no - 1].points)
        self.totals = [t + p for t, p in zip(self.totals, scored, strict=True)]
        for name, right in (("points", scored), ("totals", self.totals)):
            if name not in fields:
                if self.rounds:
                    check.problems.append(f"no {name} in the log")
                continue
            line, text = fields[name]
            if _numbers(text) != right:
                check.problems.append(f"line {line}: {name} {shorten(text)!r}, but the rules score "
                                      f"{' '.join(map(str, right))}")
        check.facts.append(f"points {' '.join(map(str, scored))}")


def verify_text(text: str) -> list[RoundCheck]:
    """The checks of every round of a log (LogError for a log that cannot be read)."""
    return Verifier(parse_log(text)).run()


def _parser() -> argparse.ArgumentParser:
    parser = Parser(prog="ramigui verify", description="Check every round of a game's log: each deal against "
                    "the fingerprint written before it was played, every move, the points and the totals. "
                    "Exit status 0 when every round checks out, 1 otherwise.")
    parser.add_argument("file", metavar="LOG", help="a game log (ramigui keeps them in its data folder's logs/)")
    return parser


def verify_main(argv: Sequence[str], out: TextIO | None = None) -> int:
    from ramigui.replay import read_log

    out = out or sys.stdout
    args = _parser().parse_args(list(argv))
    try:
        checks = verify_text(read_log(Path(args.file)))
    except LogError as error:
        print(f"{Path(args.file).name}: cannot be read: {error}", file=out)
        return EXIT_FAILED
    for check in checks:
        print(check.line(), file=out)
    failed = [check.round_no for check in checks if not check.ok]
    if failed:
        print(f"FAILED: round {', '.join(map(str, failed))}", file=out)
        return EXIT_FAILED
    print("every round checks out", file=out)
    return EXIT_OK
