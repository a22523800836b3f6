"""Statistics and the history of finished games, kept in `stats.json` in the data folder.

Records are kept per variant and per player name (games played and won, best and worst
final score in the variant's own sense), because scores of different variants do not
compare: a low total wins Rami 51, a high one wins Gin. The history keeps each finished
game's score sheet (points of every round, and a Yami game's final grilles); it is capped so the file stays small, while
the records keep counting.

A game abandoned for a new one (the player was asked first) is kept too, marked
unfinished: its score sheet so far goes to the history and each of its players' records
counts it as abandoned, never as played, won, best or worst.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import TYPE_CHECKING, Any

from ramigui import i18n
from ramigui.rules.public import YamiPublic
from ramigui.rules.yami_boxes import SHEET_BOXES
from ramigui.storage import (
    NOTICE_SAVE_FAILED,
    BrokenFile,
    Document,
    Schema,
    StorageError,
    Store,
    check_options,
    expect,
    expect_key,
    expect_list,
)

if TYPE_CHECKING:
    from ramigui.rules import Game

HISTORY_LIMIT = 1000
STATS_MAX_BYTES = 8_000_000


@dataclass(frozen=True)
class PlayerRecord:
    """One name's record in one variant: games, wins, best and worst final totals, and
    their rounds (how many, the points of all together, the best one) for the best and
    average round, and when they last played."""

    played: int = 0
    won: int = 0
    best: int | None = None
    worst: int | None = None
    abandoned: int = 0
    rounds: int = 0
    round_points: int = 0
    best_round: int | None = None
    last: str = ""

    def with_game(
        self, score: int, won: bool, lower_wins: bool, rounds: Sequence[int] = (), when: str = ""
    ) -> PlayerRecord:
        better, worse = (min, max) if lower_wins else (max, min)
        best_round = self.best_round
        for points in rounds:
            best_round = points if best_round is None else better(best_round, points)
        return PlayerRecord(
            played=self.played + 1,
            won=self.won + int(won),
            best=score if self.best is None else better(self.best, score),
            worst=score if self.worst is None else worse(self.worst, score),
            abandoned=self.abandoned,
            rounds=self.rounds + len(rounds),
            round_points=self.round_points + sum(rounds),
            best_round=best_round,
            last=max(self.last, when),
        )

    def with_abandoned(self, when: str = "") -> PlayerRecord:
        return replace(self, abandoned=self.abandoned + 1, last=max(self.last, when))

    @property
    def win_rate(self) -> int | None:
        """Games won in a hundred played, rounded (None before the first game)."""
        return round(100 * self.won / self.played) if self.played else None

    @property
    def average_round(self) -> float | None:
        """Points of an average round (None before the first round)."""
        return self.round_points / self.rounds if self.rounds else None

    def __add__(self, other: PlayerRecord) -> PlayerRecord:
        """Two variants' records together: counts add up; best and worst do not mix."""
        return PlayerRecord(
            self.played + other.played,
            self.won + other.won,
            abandoned=self.abandoned + other.abandoned,
            last=max(self.last, other.last),
        )

    def to_json(self) -> Document:
        body: Document = {"played": self.played, "won": self.won, "best": self.best, "worst": self.worst}
        if self.abandoned:
            body["abandoned"] = self.abandoned
        if self.rounds:
            body.update(rounds=self.rounds, round_points=self.round_points, best_round=self.best_round)
        if self.last:
            body["last"] = self.last
        return body

    @classmethod
    def from_json(cls, value: Any, where: str) -> PlayerRecord:
        body = expect(value, dict, where)
        played = expect_key(body, "played", int)
        won = expect_key(body, "won", int)
        if not 0 <= won <= played:
            raise BrokenFile("wrong_shape", f"{where}: won {won} of {played}")
        abandoned = expect(body.get("abandoned", 0), int, where)
        rounds = expect(body.get("rounds", 0), int, where)
        if abandoned < 0 or rounds < 0:
            raise BrokenFile("wrong_shape", f"{where}: abandoned {abandoned}, rounds {rounds}")
        return cls(played, won, _optional_int(body.get("best"), where), _optional_int(body.get("worst"), where),
                   abandoned, rounds, expect(body.get("round_points", 0), int, where),
                   _optional_int(body.get("best_round"), where), expect(body.get("last", ""), str, where))


def _joined(one: PlayerRecord, other: PlayerRecord, lower_wins: bool) -> PlayerRecord:
    """One name's two records of a variant as one (a person renamed to a name with games)."""
    better, worse = (min, max) if lower_wins else (max, min)

    def pick(a: int | None, b: int | None, choose: Any) -> int | None:
        return a if b is None else b if a is None else choose(a, b)

    return PlayerRecord(one.played + other.played, one.won + other.won, pick(one.best, other.best, better),
                        pick(one.worst, other.worst, worse), one.abandoned + other.abandoned, one.rounds + other.rounds,
                        one.round_points + other.round_points, pick(one.best_round, other.best_round, better),
                        max(one.last, other.last))


def _optional_int(value: Any, where: str) -> int | None:
    return None if value is None else expect(value, int, where)


@dataclass(frozen=True)
class YamiSheets:
    """Each player's Yami grille: box → points (None: crossed out), séries, bonus, totals.

    What the score sheet draws as the 16-box fiche, both at the table and for a finished
    game of the history (seed 002: "la grille avec ses 16 cases et le bonus").
    """

    marks: tuple[Mapping[str, int | None], ...]
    series: tuple[int, ...]
    bonus: tuple[int, ...]
    totals: tuple[int, ...]

    @classmethod
    def of_game(cls, game: Game) -> YamiSheets | None:
        """The grilles of a Yami game as they stand (None for a game without one)."""
        public = game.view(game.to_play).public
        if not isinstance(public, YamiPublic):
            return None
        return cls(tuple(dict(marks) for marks in public.sheets), public.series_totals, public.bonus,
                   public.sheet_totals)

    def to_json(self) -> Document:
        return {"marks": [dict(marks) for marks in self.marks], "series": list(self.series),
                "bonus": list(self.bonus), "totals": list(self.totals)}

    @classmethod
    def from_json(cls, value: Any, players: int) -> YamiSheets:
        body = expect(value, dict, "yami")
        marks = expect_list(expect_key(body, "marks", list), dict, "yami.marks")
        if len(marks) != players:
            raise BrokenFile("wrong_shape", f"yami.marks: {len(marks)} grilles for {players} players")
        return cls(
            tuple(_grille(sheet) for sheet in marks),
            _ints_for(body.get("series"), players, "yami.series"),
            _ints_for(body.get("bonus"), players, "yami.bonus"),
            _ints_for(body.get("totals"), players, "yami.totals"),
        )


def _grille(sheet: Mapping[str, Any]) -> dict[str, int | None]:
    """One stored grille, checked: known boxes only, each holding points or null (crossed)."""
    for box, points in sheet.items():
        if box not in SHEET_BOXES or not (points is None or (isinstance(points, int) and not isinstance(points, bool))):
            raise BrokenFile("wrong_shape", f"yami.marks: {box!r}: {points!r}")
    return dict(sheet)


@dataclass(frozen=True)
class FinishedGame:
    """One game of the history, with its score sheet (and, for Yami, the final grilles)."""

    game_id: str
    finished: str
    variant: str
    options: Mapping[str, Any]
    names: tuple[str, ...]
    bots: tuple[str | None, ...]
    rounds: tuple[tuple[int, ...], ...]
    reasons: tuple[str, ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    lower_wins: bool
    yami: YamiSheets | None = None
    unfinished: bool = False
    """Abandoned before its end: the scores are those it had, nobody won it."""
    round_winners: tuple[int | None, ...] = ()
    """Who won each round (None: nobody did, as in a void round), so that its sheet can say
    "Ana: went out" once its log is gone; empty in games kept before it was recorded."""
    log: str = ""
    """The file name of its log in the data folder's `logs/` ("" if none was written)."""
    redeal: str = ""
    """The deal code the game was dealt from ("" for a fresh deal): a re-deal is kept in the
    history but counts apart, never in the players' records."""

    @classmethod
    def of_game(cls, game: Game, game_id: str, names: Sequence[str], bots: Sequence[str | None],
                unfinished: bool = False, log: str = "") -> FinishedGame:
        """The history's entry for `game` as it stands (over, or given up when `unfinished`),
        played by `names`, each a person (None in `bots`) or a bot of that level; `log`: its kept log's file name."""
        return cls(
            game_id=game_id,
            finished=datetime.now().isoformat(timespec="seconds"),
            variant=game.variant.id,
            options=dict(game.variant.chosen),
            names=tuple(names),
            bots=tuple(bots),
            rounds=tuple(tuple(result.points) for result in game.results),
            reasons=tuple(result.reason for result in game.results),
            round_winners=tuple(result.winner for result in game.results),
            totals=tuple(game.scores),
            winners=() if unfinished else tuple(game.winners),
            lower_wins=game.lower_wins,
            yami=YamiSheets.of_game(game),
            unfinished=unfinished,
            log=log,
            redeal=game.deals.redeal,
        )

    def to_json(self) -> Document:
        body: Document = {
            "game_id": self.game_id,
            "finished": self.finished,
            "variant": self.variant,
            "options": dict(self.options),
            "names": list(self.names),
            "bots": list(self.bots),
            "rounds": [list(points) for points in self.rounds],
            "reasons": list(self.reasons),
            "round_winners": list(self.round_winners),
            "totals": list(self.totals),
            "winners": list(self.winners),
            "lower_wins": self.lower_wins,
        }
        if self.yami is not None:
            body["yami"] = self.yami.to_json()
        if self.unfinished:
            body["unfinished"] = True
        if self.log:
            body["log"] = self.log
        if self.redeal:
            body["redeal"] = self.redeal
        return body

    @classmethod
    def from_json(cls, value: Any) -> FinishedGame:
        body = expect(value, dict, "history")
        names = tuple(expect_list(expect_key(body, "names", list), str, "names"))
        players = len(names)
        totals = _ints_for(body.get("totals"), players, "totals")
        rounds = tuple(_ints_for(points, players, "rounds") for points in expect_key(body, "rounds", list))
        winners = tuple(expect_list(expect_key(body, "winners", list), int, "winners"))
        if any(not 0 <= seat < players for seat in winners):
            raise BrokenFile("wrong_shape", f"winners {winners} of {players} players")
        bots = tuple(None if bot is None else expect(bot, str, "bots") for bot in expect_key(body, "bots", list))
        if len(bots) != players:
            raise BrokenFile("wrong_shape", "one bot level (or null) per player")
        return cls(
            game_id=expect_key(body, "game_id", str),
            finished=expect_key(body, "finished", str),
            variant=expect_key(body, "variant", str),
            options=check_options(body.get("options", {})),
            names=names,
            bots=bots,
            rounds=rounds,
            reasons=tuple(expect_list(body.get("reasons", []), str, "reasons")),
            round_winners=_round_winners(body.get("round_winners", []), players),
            totals=totals,
            winners=winners,
            lower_wins=expect_key(body, "lower_wins", bool),
            yami=YamiSheets.from_json(body["yami"], players) if body.get("yami") is not None else None,
            unfinished=expect(body.get("unfinished", False), bool, "unfinished"),
            log=_log_name(body.get("log", "")),
            redeal=expect(body.get("redeal", ""), str, "redeal"),
        )


def _round_winners(value: Any, players: int) -> tuple[int | None, ...]:
    """Each round's winner, a seat or null (nobody won it)."""
    winners = expect(value, list, "round_winners")
    for index, seat in enumerate(winners):
        if seat is not None and (type(seat) is not int or not 0 <= seat < players):
            raise BrokenFile("wrong_shape", f"round_winners[{index}] {seat!r} is no seat of {players} players")
    return tuple(winners)


def _log_name(value: Any) -> str:
    """A kept log's file name: a bare name (never a path that could lead out of `logs/`)."""
    name = expect(value, str, "log")
    if "/" in name or "\\" in name or name.startswith("."):
        raise BrokenFile("wrong_shape", f"log {name!r} is not a file name")
    return name


def _ints_for(value: Any, players: int, where: str) -> tuple[int, ...]:
    numbers = expect_list(value, int, where)
    if len(numbers) != players:
        raise BrokenFile("wrong_shape", f"{where}: {len(numbers)} numbers for {players} players")
    return tuple(numbers)


@dataclass(frozen=True)
class Stats:
    """Records by variant then name, games played by variant, and the history (oldest first)."""

    records: Mapping[str, Mapping[str, PlayerRecord]] = field(default_factory=dict)
    games: Mapping[str, int] = field(default_factory=dict)
    history: tuple[FinishedGame, ...] = ()
    redeals: Mapping[str, int] = field(default_factory=dict)
    """Games dealt from a deal code, by variant: counted apart from the records."""

    def with_game(self, game: FinishedGame) -> Stats:
        """These statistics with one more finished game (a game id already held is ignored).
        A re-deal goes to the history and the re-deal count only: its cards were chosen."""
        if game.game_id and any(old.game_id == game.game_id for old in self.history):
            return self
        game = replace(game, names=tuple(i18n.canonical_name(name) for name in game.names))
        if game.redeal:
            redeals = dict(self.redeals)
            redeals[game.variant] = redeals.get(game.variant, 0) + 1
            return replace(self, redeals=redeals, history=(*self.history, game)[-HISTORY_LIMIT:])
        records = {variant: dict(names) for variant, names in self.records.items()}
        table = records.setdefault(game.variant, {})
        for seat, name in enumerate(game.names):
            old = table.get(name, PlayerRecord())
            table[name] = old.with_abandoned(game.finished) if game.unfinished else \
                old.with_game(game.totals[seat], seat in game.winners, game.lower_wins,
                              [points[seat] for points in game.rounds], game.finished)
        games = dict(self.games)
        if not game.unfinished:
            games[game.variant] = games.get(game.variant, 0) + 1
        history = (*self.history, game)[-HISTORY_LIMIT:]
        return replace(self, records=records, games=games, history=history)

    def played(self, variant: str) -> int:
        return self.games.get(variant, 0)

    def record(self, variant: str, name: str) -> PlayerRecord:
        return self.records.get(variant, {}).get(i18n.canonical_name(name), PlayerRecord())

    def names(self) -> list[str]:
        """Every player name with a record, sorted."""
        return sorted({name for names in self.records.values() for name in names})

    def bot_names(self) -> set[str]:
        """Names that only ever sat as a bot in the history (bots are not people)."""
        bots = {name for game in self.history for name, bot in zip(game.names, game.bots, strict=True) if bot}
        people = {name for game in self.history for name, bot in zip(game.names, game.bots, strict=True) if not bot}
        return bots - people

    def overall(self, name: str) -> PlayerRecord:
        """Games played and won by a name over all variants (no best/worst: they do not mix)."""
        name = i18n.canonical_name(name)
        return sum((names[name] for names in self.records.values() if name in names), PlayerRecord())

    def renamed(self, old: str, new: str) -> Stats:
        """These statistics with a person renamed: their records (joined with any the new
        name already had, counts added) and their seats in the history."""
        return self._moved(i18n.canonical_name(old), i18n.canonical_name(new))

    def _moved(self, old: str, new: str) -> Stats:
        """The records and the seats kept under `old`, under `new` (joined with any there)."""
        records: dict[str, dict[str, PlayerRecord]] = {}
        for variant, names in self.records.items():
            table = {name: record for name, record in names.items() if name != old}
            if old in names:
                mine = names[old]
                lower = all(game.lower_wins for game in self.history if game.variant == variant)
                table[new] = _joined(table[new], mine, lower) if new in table else mine
            records[variant] = table
        history = tuple(replace(game, names=tuple(new if name == old else name for name in game.names))
                        for game in self.history)
        return replace(self, records=records, history=history)

    def to_json(self) -> Document:
        return {
            "records": {
                variant: {name: record.to_json() for name, record in names.items()}
                for variant, names in self.records.items()
            },
            "games": dict(self.games),
            "history": [game.to_json() for game in self.history],
            **({"redeals": dict(self.redeals)} if self.redeals else {}),
        }

    @classmethod
    def from_json(cls, body: Document) -> Stats:
        records: dict[str, dict[str, PlayerRecord]] = {}
        for variant, names in expect_key(body, "records", dict).items():
            table = expect(names, dict, f"records.{variant}")
            records[variant] = {
                name: PlayerRecord.from_json(value, f"records.{variant}.{name}") for name, value in table.items()
            }
        games = {
            variant: expect(count, int, f"games.{variant}")
            for variant, count in expect_key(body, "games", dict).items()
        }
        history = tuple(FinishedGame.from_json(game) for game in expect_key(body, "history", list))
        redeals = {variant: expect(count, int, f"redeals.{variant}")
                   for variant, count in expect(body.get("redeals", {}), dict, "redeals").items()}
        return cls(records, games, history, redeals).canonical()

    def canonical(self) -> Stats:
        """These statistics with every name the game gave in one language (records kept under
        "Vous" and "You" joined): files written before names were kept so."""
        stats = self
        seen = {name for names in self.records.values() for name in names} | {
            name for game in self.history for name in game.names}
        for name in sorted(seen):
            if i18n.canonical_name(name) != name:
                stats = stats._moved(name, i18n.canonical_name(name))
        return stats


def _stats_v0_to_v1(body: Document) -> Document:
    """Version 0 kept only a list of games: {variant, players: [names], scores, winner}.

    The records and the per-variant counts are rebuilt from it; those games had no score
    sheet, so their rounds stay empty.
    """
    stats = Stats()
    for index, old in enumerate(expect_key(body, "games", list)):
        old = expect(old, dict, "games")
        names = tuple(expect_list(expect_key(old, "players", list), str, "players"))
        scores = tuple(expect_list(expect_key(old, "scores", list), int, "scores"))
        winner = expect_key(old, "winner", int)
        if len(scores) != len(names) or not 0 <= winner < len(names):
            raise ValueError(f"game {index}: {len(names)} players, {len(scores)} scores, winner {winner}")
        stats = stats.with_game(
            FinishedGame(
                game_id=f"v0-{index}",
                finished=str(old.get("date", "")),
                variant=expect_key(old, "variant", str),
                options={},
                names=names,
                bots=(None,) * len(names),
                rounds=(),
                reasons=(),
                totals=scores,
                winners=(winner,),
                lower_wins=scores[winner] == min(scores),
            )
        )
    return stats.to_json()


STATS_SCHEMA = Schema("stats", 1, {0: _stats_v0_to_v1}, max_bytes=STATS_MAX_BYTES)


def load_stats(store: Store) -> Stats:
    """The statistics on disk; empty ones if absent or set aside (a notice says why)."""
    return store.load(store.stats_path, STATS_SCHEMA, Stats.from_json) or Stats()


def save_stats(store: Store, stats: Stats) -> bool:
    return store.save(store.stats_path, STATS_SCHEMA, stats.to_json())


def update_stats(store: Store, change: Callable[[Stats], Stats]) -> Stats | None:
    """Change the statistics on disk in one step — read, change, write — under the records'
    lock: the window and `ramigui host` add their games to the same file, and neither may
    write over a game the other has just added. The new statistics, or None when they were
    not written (read-only, or the lock or the write failed: a notice says why)."""
    if store.read_only:
        return None
    try:
        with store.records_lock():
            changed = change(load_stats(store))
            return changed if save_stats(store, changed) else None
    except (OSError, StorageError) as error:
        store.notify(NOTICE_SAVE_FAILED, file=store.stats_path.name, reason=str(error))
        return None


def add_game(store: Store, game: FinishedGame) -> bool:
    """File a finished or abandoned game in the statistics on disk; False if not written."""
    return update_stats(store, lambda stats: stats.with_game(game)) is not None


def reset_stats(store: Store) -> Stats:
    """Forget every record and the history (the UI asks for confirmation first)."""
    update_stats(store, lambda _: Stats())
    return Stats()


def totals_over_rounds(game: FinishedGame) -> list[list[int]]:
    """Each player's running total after each round (the score sheet's chart)."""
    running = [0] * len(game.names)
    table: list[list[int]] = []
    for points in game.rounds:
        running = [total + p for total, p in zip(running, points, strict=True)]
        table.append(list(running))
    return table

