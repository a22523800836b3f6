"""`ramigui simulate`: bot-vs-bot games, headless — strength, speed and rule checks.

Seats are given as bot levels (`--bots hard,medium,easy,random`, or one level for every
seat). Each deal (one game seed) is played once per seating: the levels rotate round the
table, so every level sits in every seat, deals first as often as the others and gets the
same cards — the luck of the deal cancels out. The report gives each level's win rate with
a 95% confidence interval — per game and per hand (a hand won is a round the level wins;
a void round is neither won nor lost) — its points per hand against the table with an
interval, its mean final score, turns per round, moves per second and the bots' decision
times in CPU time (median and p99), and any rule violation: a bot that raises, runs past
its time limit or answers a move the rules refuse is counted and reported once on stderr,
its seat plays a legal fallback move and the run goes on (`ramigui.match`), never a crash.
`--check` also checks, after every move, that each card of the pack is somewhere exactly
once and that the bot's move was one of the listed legal moves. The exit code is 1 when a
violation was found.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ramigui.bots import LEVELS, Bot, make_bot
from ramigui.bots.secret import bot_rng, derived_secret
from ramigui.cards import Card, make_deck
from ramigui.match import BotFault, BotSeats, FaultLog
from ramigui.rules import Game
from ramigui.rules.family import RoundResult
from ramigui.rules.variant import Variant
from ramigui.variants import get_variant

MAX_MOVES_PER_ROUND = 20_000
"""A round still going after this many moves is stuck: reported, and the game abandoned."""
MAX_VIOLATIONS_SHOWN = 20
BENCH_LEVELS = ("openspiel",)
"""Opponents for measurements only, never at the table: `openspiel` is OpenSpiel's
SimpleGinRummyBot (Gin only; needs the `bench` extra, `pip install -e '.[bench]'`)."""


@dataclass
class LevelStats:
    """What one level did over the whole run (summed over the seats it held)."""

    seats: int = 0
    wins: float = 0.0
    points: int = 0
    rounds: int = 0
    hands_won: int = 0
    hands_lost: int = 0
    margins: list[float] = field(default_factory=list)
    final: int = 0
    times: list[float] = field(default_factory=list)
    ended: int = 0
    undercuts: int = 0
    hand_left: int = 0
    ended_turns: int = 0


@dataclass
class RunStats:
    games: int = 0
    abandoned: int = 0
    rounds: int = 0
    turns: int = 0
    moves: int = 0
    seconds: float = 0.0
    levels: dict[str, LevelStats] = field(default_factory=dict)
    violations: list[str] = field(default_factory=list)
    violation_count: int = 0
    reasons: Counter[str] = field(default_factory=Counter)

    def violation(self, text: str) -> None:
        self.violation_count += 1
        if len(self.violations) < MAX_VIOLATIONS_SHOWN:
            self.violations.append(text)


# --- reading the arguments --------------------------------------------------------------------


def parse_options(items: Sequence[str]) -> dict[str, Any]:
    """`NAME=VALUE` options; values read as int or bool when they look like one."""
    options: dict[str, Any] = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep:
            raise ValueError(f"option {item!r}: write it as NAME=VALUE")
        options[name.strip()] = _option_value(value.strip())
    return options


def _option_value(text: str) -> Any:
    if text.lower() in ("true", "false"):
        return text.lower() == "true"
    try:
        return int(text)
    except ValueError:
        return text


def seat_levels(text: str, players: int | None, variant: Variant) -> tuple[list[str], int]:
    """The level of each seat and the number of players (one level: every seat)."""
    levels = [word.strip() for word in text.split(",") if word.strip()]
    allowed = set(LEVELS) | {"baseline", *BENCH_LEVELS}
    for level in levels:
        if level not in allowed:
            raise ValueError(f"unknown bot level {level!r} (one of {', '.join(sorted(allowed))})")
    if not levels:
        raise ValueError("--bots needs at least one level")
    if players is None:
        players = len(levels) if len(levels) > 1 else variant.players[0]
    if len(levels) == 1:
        levels = levels * players
    if len(levels) != players:
        raise ValueError(f"--bots gives {len(levels)} levels for {players} players")
    refused = variant.players_refused(players)
    if refused:
        raise ValueError(refused)
    return levels, players


def pack_of(variant: Variant, players: int) -> Counter[Card]:
    return Counter(make_deck(variant.deck, variant.decks_for(players), variant.jokers_for(players)))


# --- playing ----------------------------------------------------------------------------------


def rotation(levels: Sequence[str], shift: int) -> list[str]:
    """Levels moved `shift` seats round the table."""
    n = len(levels)
    return [levels[(seat - shift) % n] for seat in range(n)]


def play_game(variant: Variant, seating: list[str], seed: int, bot_secret: int, stats: RunStats, check: bool) -> None:
    """One game, every bot decision timed, every move checked as asked. The bots draw their
    randomness from `bot_secret`, as at the table, never from the deal's seed. Turns run
    through the match engine: a bot that raises, runs out of time or answers an illegal
    move is a violation, and its seat's fallback move is played."""
    players = len(seating)
    game = Game.new(variant, players, seed)
    bots = {seat: _bot(variant, level, bot_rng(bot_secret, seat)).choose for seat, level in enumerate(seating)}
    faults = _FaultCounter(stats, seed, seating)
    seats = BotSeats(bots, bot_rng(bot_secret, -1, "fallback"), report=faults)
    pack = pack_of(variant, players)
    round_moves = round_turns = 0
    try:
        while not game.game_over:
            if game.round_over:
                _count_round(game, seating, stats, round_turns)
                game.play("next")
                round_moves = round_turns = 0
                continue
            if round_moves >= MAX_MOVES_PER_ROUND:
                stats.violation(f"seed {seed}: round {game.round_no} still going after {round_moves} moves ({seating})")
                stats.abandoned += 1
                return
            round_turns += _bot_move(game, seats, seating, stats, check, seed)
            round_moves += 1
            if check and game.all_cards() != pack:
                stats.violation(f"seed {seed}: after {game.log[-1][1]} the cards are not the pack")
    finally:
        seats.close()
    _count_round(game, seating, stats, round_turns)
    _count_game(game, seating, stats)


def _bot(variant: Variant, level: str, rng: random.Random) -> Bot:
    """The bot of a level at this table: one of the app's, or a benchmark opponent."""
    if level == "openspiel":
        from ramigui.bots.openspiel_gin import OpenSpielGinBot
        from ramigui.rules.families import family_of
        from ramigui.rules.gin import GIN

        if family_of(variant) is not GIN:
            raise ValueError("the openspiel level plays Gin only")
        return OpenSpielGinBot(rng.getrandbits(63))
    return make_bot(variant.id, level, rng)


class _FaultCounter(FaultLog):
    """A bot's fault in a simulated game: a rule violation of the run, told once on stderr."""

    def __init__(self, stats: RunStats, seed: int, seating: list[str]) -> None:
        super().__init__()
        self.stats, self.seed, self.seating = stats, seed, seating

    def __call__(self, fault: BotFault) -> None:
        self.stats.violation(f"seed {self.seed}: {self.seating[fault.seat]} bot {fault.kind}: {fault.detail}")
        super().__call__(fault)


def _bot_move(game: Game, seats: BotSeats, seating: list[str], stats: RunStats, check: bool, seed: int) -> int:
    """Play the seat's move through the match engine; 1 when it ended a turn, else 0."""
    seat = game.to_play
    view = game.view(seat) if check else None
    started = time.process_time()
    move = seats.choose(game)
    stats.levels[seating[seat]].times.append(time.process_time() - started)
    before = game.to_play, game.round_no
    move = seats.play(game, move, game.play)
    if view is not None and move not in view.legal_moves:
        stats.violation(f"seed {seed}: {seating[seat]} bot played {move}, not a listed legal move")
    stats.moves += 1
    if (game.to_play, game.round_no) != before:
        stats.turns += 1
        return 1
    return 0


def _count_round(game: Game, seating: list[str], stats: RunStats, turns: int) -> None:
    """A round's points, who won it, and how each level played it: who ended it (went out or
    knocked) and in how many turns, an undercut suffered, the hand each was caught with."""
    result = game.last_result
    if result is None:
        return
    ender = _ender(result)
    if ender is not None:
        level = stats.levels[seating[ender]]
        level.ended += 1
        level.ended_turns += turns
        level.undercuts += result.reason == "undercut"
    for seat, name in enumerate(seating):
        stats.levels[name].hand_left += _hand_left(result, seat)
    stats.rounds += 1
    stats.reasons[result.reason] += 1
    sign = -1 if game.lower_wins else 1
    players = len(result.points)
    total = sum(result.points)
    for seat, points in enumerate(result.points):
        level = stats.levels[seating[seat]]
        level.points += points
        level.rounds += 1
        others = (total - points) / (players - 1) if players > 1 else 0.0
        level.margins.append(sign * (points - others))
        if result.winner == seat:
            level.hands_won += 1
        elif result.winner is not None:
            level.hands_lost += 1


def _ender(result: RoundResult) -> int | None:
    """The seat that ended the round: the knocker in Gin, whoever went out in rummy."""
    knocker = result.details.get("knocker")
    return knocker if isinstance(knocker, int) else result.winner if result.reason != "void" else None


def _hand_left(result: RoundResult, seat: int) -> int:
    """The points a seat was left holding when the round ended (rummy: its hand; Gin: its
    deadwood; Yami: none)."""
    details = result.details
    if "hand_points" in details:
        return int(details["hand_points"][seat])
    if "knocker" in details:
        return int(details["knocker_deadwood" if details["knocker"] == seat else "defender_deadwood"])
    return 0


def _count_game(game: Game, seating: list[str], stats: RunStats) -> None:
    stats.games += 1
    winners = game.winners
    scores = game.scores
    for seat, level in enumerate(seating):
        entry = stats.levels[level]
        entry.seats += 1
        entry.final += scores[seat]
        if seat in winners:
            entry.wins += 1 / len(winners)


# --- the report -------------------------------------------------------------------------------


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if n == 0:
        return (0.0, 0.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_interval(values: Sequence[float], z: float = 1.96) -> tuple[float, float, float]:
    """The mean of `values` and its 95% interval (normal approximation: the samples are many)."""
    n = len(values)
    if n == 0:
        return (0.0, 0.0, 0.0)
    mean = statistics.fmean(values)
    half = z * statistics.stdev(values) / math.sqrt(n) if n > 1 else 0.0
    return (mean, mean - half, mean + half)


def _percentile(times: list[float], share: float) -> float:
    if not times:
        return 0.0
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def build_report(
    variant: Variant, players: int, levels: list[str], args: argparse.Namespace, stats: RunStats
) -> dict[str, Any]:
    """The whole report as plain data (printed as text, or as JSON with --json)."""
    per_level: dict[str, Any] = {}
    for level, entry in stats.levels.items():
        low, high = wilson(entry.wins, entry.seats)
        decided = entry.hands_won + entry.hands_lost
        hand_low, hand_high = wilson(entry.hands_won, decided)
        margin, margin_low, margin_high = mean_interval(entry.margins)
        per_level[level] = {
            "seats": entry.seats,
            "wins": round(entry.wins, 2),
            "win_rate": round(entry.wins / entry.seats, 4) if entry.seats else 0.0,
            "ci95": [round(low, 4), round(high, 4)],
            "points_per_round": round(entry.points / entry.rounds, 2) if entry.rounds else 0.0,
            "hands": entry.rounds,
            "hands_won": entry.hands_won,
            "hands_lost": entry.hands_lost,
            "hand_win_rate": round(entry.hands_won / decided, 4) if decided else 0.0,
            "hand_ci95": [round(hand_low, 4), round(hand_high, 4)],
            "margin_per_hand": round(margin, 2),
            "margin_ci95": [round(margin_low, 2), round(margin_high, 2)],
            "final_score": round(entry.final / entry.seats, 2) if entry.seats else 0.0,
            "decisions": len(entry.times),
            "decision_ms_median": round(1000 * statistics.median(entry.times), 3) if entry.times else 0.0,
            "decision_ms_p99": round(1000 * _percentile(entry.times, 0.99), 3),
            "ended_rate": round(entry.ended / entry.rounds, 4) if entry.rounds else 0.0,
            "undercut_rate": round(entry.undercuts / entry.ended, 4) if entry.ended else 0.0,
            "hand_left": round(entry.hand_left / entry.rounds, 2) if entry.rounds else 0.0,
            "turns_to_end": round(entry.ended_turns / entry.ended, 2) if entry.ended else 0.0,
        }
    return {
        "variant": variant.id,
        "players": players,
        "bots": levels,
        "games": stats.games,
        "abandoned": stats.abandoned,
        "seed": args.seed,
        "options": parse_options(args.option),
        "lower_wins": bool(Game.new(variant, players, 0).lower_wins),
        "rounds": stats.rounds,
        "round_ends": dict(stats.reasons),
        "void_rounds": stats.reasons.get("void", 0),
        "turns_per_round": round(stats.turns / stats.rounds, 2) if stats.rounds else 0.0,
        "moves": stats.moves,
        "seconds": round(stats.seconds, 2),
        "moves_per_second": round(stats.moves / stats.seconds, 1) if stats.seconds else 0.0,
        "levels": per_level,
        "violations": stats.violation_count,
        "violation_examples": stats.violations,
        "checked": bool(args.check),
    }


def format_report(report: dict[str, Any]) -> str:
    lines = [
        f"ramigui simulate — {report['variant']}, {report['players']} players, bots {','.join(report['bots'])}",
        f"games {report['games']} (abandoned {report['abandoned']}), seed {report['seed']}, "
        f"options {report['options'] or 'default'}",
        f"rounds {report['rounds']} ({', '.join(f'{k} {v}' for k, v in sorted(report['round_ends'].items()))}), "
        f"turns per round {report['turns_per_round']}",
        f"moves {report['moves']} in {report['seconds']} s: {report['moves_per_second']} moves/s",
        f"{'lowest' if report['lower_wins'] else 'highest'} total wins",
        f"{'level':9} {'seats':>6} {'win rate':>9} {'95% CI':>17} {'hands won':>10} {'95% CI':>17} "
        f"{'pts/round':>10} {'margin/hand':>12} {'final':>8} {'median ms':>10} {'p99 ms':>8}",
    ]
    for level, entry in report["levels"].items():
        low, high = entry["ci95"]
        hand_low, hand_high = entry["hand_ci95"]
        lines.append(
            f"{level:9} {entry['seats']:>6} {entry['win_rate']:>9.1%} {f'[{low:.1%}, {high:.1%}]':>17} "
            f"{entry['hand_win_rate']:>10.1%} {f'[{hand_low:.1%}, {hand_high:.1%}]':>17} "
            f"{entry['points_per_round']:>10} {entry['margin_per_hand']:>+12.2f} {entry['final_score']:>8} "
            f"{entry['decision_ms_median']:>10} {entry['decision_ms_p99']:>8}"
        )
    lines.append(f"{'level':9} {'ends':>6} {'undercut':>9} {'hand left':>10} {'turns':>6}")
    for level, entry in report["levels"].items():
        lines.append(
            f"{level:9} {entry['ended_rate']:>6.1%} {entry['undercut_rate']:>9.1%} "
            f"{entry['hand_left']:>10} {entry['turns_to_end']:>6}"
        )
    lines.append("ends: rounds it ended (went out or knocked); undercut: of its knocks; hand left: points held at "
                 "a round's end; turns: length of the rounds it ended")
    lines.append(
        "hands won: of the rounds someone won (void rounds left out); "
        "margin: points per hand against the table; times: CPU"
    )
    lines.append(f"rule violations: {report['violations']}" + (" (every move checked)" if report["checked"] else ""))
    lines += [f"  {text}" for text in report["violation_examples"]]
    return "\n".join(lines)


def simulate(args: argparse.Namespace, jobs: int = 1) -> dict[str, Any]:
    """Play the games the arguments ask for and return the report; with `jobs` > 1 the games
    are shared among that many processes (each game's deal and bot secret come from its
    index, so the figures are those of one process; only the seconds differ)."""
    variant = get_variant(args.variant, **parse_options(args.option))
    levels, players = seat_levels(args.bots, args.players, variant)
    started = time.perf_counter()
    jobs = max(1, min(jobs, args.games))
    if jobs == 1:
        stats = play_games(args, range(args.games))
    else:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(jobs) as pool:
            parts = list(pool.map(play_games, [args] * jobs, [range(j, args.games, jobs) for j in range(jobs)]))
        stats = merge_stats(parts)
    stats.seconds = time.perf_counter() - started
    return build_report(variant, players, levels, args, stats)


def play_games(args: argparse.Namespace, indices: Sequence[int]) -> RunStats:
    """The games of the given indices (game i: deal i // players, levels shifted i % players)."""
    variant = get_variant(args.variant, **parse_options(args.option))
    levels, players = seat_levels(args.bots, args.players, variant)
    stats = RunStats(levels={level: LevelStats() for level in dict.fromkeys(levels)})
    distinct = len(set(levels)) > 1
    for index in indices:
        shift = index % players if distinct else 0
        deal = index // players if distinct else index
        seed = random.Random(f"{args.seed}:{deal}").randrange(2**31)
        secret = derived_secret("simulate", args.seed, index)  # reproducible from --seed, unrelated to the deal
        play_game(variant, rotation(levels, shift), seed, secret, stats, bool(args.check))
    return stats


def merge_stats(parts: Sequence[RunStats]) -> RunStats:
    """One run's figures from runs over disjoint games: counts added, samples joined."""
    total = RunStats(levels={level: LevelStats() for part in parts for level in part.levels})
    for part in parts:
        for name in ("games", "abandoned", "rounds", "turns", "moves", "violation_count"):
            setattr(total, name, getattr(total, name) + getattr(part, name))
        total.violations += part.violations
        total.reasons += part.reasons
        for level, entry in part.levels.items():
            into = total.levels[level]
            for name in (
                "seats",
                "wins",
                "points",
                "rounds",
                "hands_won",
                "hands_lost",
                "final",
                "ended",
                "undercuts",
                "hand_left",
                "ended_turns",
            ):
                setattr(into, name, getattr(into, name) + getattr(entry, name))
            into.margins += entry.margins
            into.times += entry.times
    del total.violations[MAX_VIOLATIONS_SHOWN:]
    return total


def run_simulate(args: argparse.Namespace) -> int:
    """The `ramigui simulate` command: 0 when no rule violation was found, 1 otherwise."""
    try:
        report = simulate(args)
    except (ValueError, KeyError) as error:  # --bots, or --players for this game: a usage error
        print(f"ramigui simulate: {error}", file=sys.stderr)
        return 2
    print(json.dumps(report, indent=2) if args.json else format_report(report))
    return 1 if report["violations"] else 0
