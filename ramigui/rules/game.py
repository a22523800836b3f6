"""Game: one whole game of any variant — rounds, the move log, undo, totals and views.

This is the one checked path for every move: the table, the keyboard, bots, saves and
tests all call `Game.play`. The family (rummy, gin, yami) says what is legal and what a
move does; Game keeps what every family shares. Round states are immutable, so undo is
a stack of earlier states and a copy of a Game is cheap.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ramigui.cards import Card
from ramigui.rules.deal_proof import DealProof, fingerprint, layout_of, prove
from ramigui.rules.deals import SEEDED_DEALS, Deals, Table, deal_nonce, round_code
from ramigui.rules.errors import IllegalMove
from ramigui.rules.families import family_of
from ramigui.rules.family import RoundResult
from ramigui.rules.frozen import detached
from ramigui.rules.moves import Move, as_move
from ramigui.rules.seat_copies import SeatCopies
from ramigui.rules.variant import Variant
from ramigui.rules.view import PlayerView, Said

UNDO = Move("undo")
NEXT = Move("next")


@dataclass(frozen=True)
class PublicMove:
    """One move as the table may tell it: who played what, in which round, and the card a
    `take` lifted from the discard pile (it lay face up there; None otherwise)."""

    round_no: int
    seat: int
    move: Move
    taken: Card | None = None
    restocked: bool = False
    """The stock was empty and this move's draw first made a new one of the discard pile
    (seeds 000, 003: as often as needed), which everyone at the table sees happen."""
    penalty: int = 0
    """The cards the mover had to draw with this discard (seed 000: one card kept without
    announcing "Carte !" costs two), which everyone sees the hand grow by."""


VariantLookup = Callable[[str, Mapping[str, Any]], Variant]
"""Finds a variant by its id, with these option values."""

_catalogue: list[VariantLookup] = []


def use_catalogue(lookup: VariantLookup) -> None:
    """Let the rules find variants by id through `lookup`. The variant catalogue
    (`ramigui.variants`, which reads variants.yaml) passes its own in when it is imported,
    so `Game.new("rami51", …)` works for callers outside the rules while the rules read no
    file and import nothing of the catalogue."""
    _catalogue[:] = [lookup]


@dataclass(frozen=True)
class Seen:
    """What one observer may see of the table (`Game.seen_by`): the round's state as it is
    shown to them (read only through the family's `hand` and `public`, for what they may
    see), each hand's size, the round's history, the game's record, and the meld numbers
    (from 1) the observer laid or changed this turn, which do not stand yet."""

    state: Any
    hand_counts: tuple[int, ...]
    history: tuple[Said, ...]
    record: tuple[PublicMove, ...]
    pending: tuple[int, ...] = ()


def _changed_melds(before: Any, after: Any) -> tuple[int, ...]:
    """The meld numbers (from 1) laid or changed between two states of one turn."""
    old: tuple[Any, ...] = getattr(before, "melds", ())
    new: tuple[Any, ...] = getattr(after, "melds", ())
    return tuple(n for n, meld in enumerate(new, start=1) if n > len(old) or meld != old[n - 1])


def resolve_variant(variant: str | Variant, options: Mapping[str, Any] | None = None) -> Variant:
    """A Variant as given, or the catalogue's variant of this id with these options."""
    if isinstance(variant, Variant):
        return variant
    if not _catalogue:
        raise LookupError(f"no variant catalogue to find {variant!r} in: pass a Variant "
                          "(ramigui.variants.get_variant) or import ramigui.variants first")
    return _catalogue[0](variant, options or {})


def first_dealer(players: int, seed: int) -> int:
    """The first round's dealer, drawn from the game's seed.

    Seed 003: "Le premier donneur est choisi au hasard"; seed 001: "un donneur est choisi
    (au hasard par exemple)"; seeds 000, 002 and 004 do not say, and every game of the
    family is drawn the same way (see variants.yaml). A generator of its own, so the deals
    stay what the seed shuffles, whoever deals them.
    """
    return random.Random(f"{seed}:first_dealer").randrange(players)


class Game:
    """A game in progress. `play(move)` is the only way its state changes."""

    def __init__(
        self,
        variant: Variant,
        players: int,
        seed: int,
        state: Any,
        round_no: int = 1,
        first_dealer: int | None = None,
        deals: Deals = SEEDED_DEALS,
    ) -> None:
        self.variant = variant
        self.deals = deals
        self.players = players
        self.seed = seed
        self.family = family_of(variant)
        self.state = state
        self.round_no = round_no
        # Who dealt round 1: what a save or a log needs, besides the seed, to replay the game.
        self.first_dealer = (
            (int(state.dealer) - (round_no - 1)) % players if first_dealer is None else first_dealer
        )
        self.log: list[tuple[int, Move]] = []
        self.round_log: list[tuple[int, Move]] = []
        self._history: list[Said] = []
        self.results: list[RoundResult] = []
        self.totals: list[int] = [0] * players
        self._undo: list[tuple[Any, int, int]] = []
        self._record: list[PublicMove] = []
        self._dealt: dict[int, tuple[int, bytes]] = {}  # round -> (its dealer, its fingerprint)
        # The family's moves of one state, by identity: states are immutable and replaced by
        # every move, and the same position is asked for its moves by the view, the bot's
        # check and the table, each once a frame or a decision.
        self._listed: tuple[Any, tuple[Move, ...]] | None = None
        # seat -> the copies its views handed out, kept from view to view (a view copies what
        # is new since that seat's last view, not the whole table and history).
        self._seat_copies: dict[int, SeatCopies] = {}

    # --- creating ------------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        variant: str | Variant,
        players: int,
        seed: int = 0,
        options: Mapping[str, Any] | None = None,
        dealer: int | None = None,
        deals: Deals = SEEDED_DEALS,
    ) -> Game:
        """A new game, first round dealt by `dealer` (default: drawn from the seed, see
        `first_dealer`); the seat after the dealer plays first. `deals`: where each round's
        shuffle comes from (default: the seed, see `ramigui.rules.deals`)."""
        chosen = resolve_variant(variant, options)
        refused = chosen.players_refused(players)
        if refused:
            raise ValueError(refused)
        if dealer is None:
            dealer = first_dealer(players, seed)
        elif not 0 <= dealer < players:
            raise ValueError(f"seat {dealer} cannot deal: seats are 0 to {players - 1}")
        state = family_of(chosen).deal(chosen, players, 1, dealer, deals.key(seed, 1))
        game = cls(chosen, players, seed, state, first_dealer=dealer, deals=deals)
        game._note_deal()
        return game

    @classmethod
    def from_position(cls, variant: str | Variant, options: Mapping[str, Any] | None = None, **position: Any) -> Game:
        """A game set up in the middle of a round (see the family's `from_position`)."""
        chosen = resolve_variant(variant, options)
        family = family_of(chosen)
        state = family.from_position(chosen, **position)  # type: ignore[attr-defined]
        game = cls(chosen, len(state.hands), 0, state, getattr(state, "round_no", 1))
        # A family whose totals live in the position (Yami's score sheets) says what they are.
        start_totals = getattr(family, "start_totals", None)
        if start_totals is not None:
            game.totals = list(start_totals(state))
        game._note_deal(provable=False)
        return game

    @classmethod
    def replay(
        cls,
        variant: str | Variant,
        players: int,
        seed: int,
        moves: Sequence[str | Move],
        options: Mapping[str, Any] | None = None,
        dealer: int | None = None,
        deals: Deals = SEEDED_DEALS,
    ) -> Game:
        """A game rebuilt from its seed, first dealer and move list (saves, logs, bug reports)."""
        game = cls.new(variant, players, seed, options, dealer, deals)
        for move in moves:
            game.play(move)
        return game

    def copy(self) -> Game:
        twin = Game(self.variant, self.players, self.seed, self.state, self.round_no, self.first_dealer, self.deals)
        twin._dealt = dict(self._dealt)
        twin.log = list(self.log)
        twin.round_log = list(self.round_log)
        twin._history = list(self._history)
        twin.results = list(self.results)
        twin.totals = list(self.totals)
        twin._undo = list(self._undo)
        twin._record = list(self._record)
        twin._listed = self._listed
        return twin

    # --- reading ---------------------------------------------------------------------------

    @property
    def to_play(self) -> int:
        return int(self.state.to_play)

    @property
    def round_over(self) -> bool:
        return bool(self.family.round_over(self.state))

    @property
    def game_over(self) -> bool:
        if not self.round_over:
            return False
        # Rounds played: the round number, so a position set up in a late round ends on time.
        played = max(len(self.results), self.round_no)
        return bool(self.family.game_over(self.variant, self.totals, played, self.state))

    @property
    def round_scores(self) -> list[int]:
        """Points of the last finished round, one per seat (zeros before any round ends)."""
        return list(self.results[-1].points) if self.results else [0] * self.players

    @property
    def last_result(self) -> RoundResult | None:
        return self.results[-1] if self.results else None

    @property
    def scores(self) -> list[int]:
        """Game totals so far; once the game is over, with the family's game-end bonuses."""
        if self.game_over:
            return list(self.family.standings(self.variant, self.totals, self.results))
        return list(self.totals)

    @property
    def lower_wins(self) -> bool:
        return bool(self.family.lower_wins(self.variant))

    @property
    def winners(self) -> list[int]:
        """The seats with the best total (several on a tie); empty before the game ends."""
        if not self.game_over:
            return []
        scores = self.scores
        best = min(scores) if self.lower_wins else max(scores)
        return [seat for seat, score in enumerate(scores) if score == best]

    @property
    def dealer(self) -> int:
        return int(self.state.dealer)

    def hand(self, seat: int) -> list[Card]:
        return list(self.family.hand(self.state, seat))

    def all_cards(self) -> Counter[Card]:
        return self.family.all_cards(self.state)

    def legal_moves(self) -> list[Move]:
        """Every legal move now, `undo` and `next` included when they apply."""
        if self.round_over:
            return [] if self.game_over else [NEXT]
        listed = self._listed
        if listed is None or listed[0] is not self.state:
            listed = self._listed = (self.state, tuple(self.family.legal_moves(self.state)))
        moves = list(listed[1])
        if self._undo:
            moves.append(UNDO)
        return moves

    def canonical(self, move: Move | str) -> Move:
        """`move` (a Move or notation) in its one writing, the one `legal_moves` lists and the
        log, history and saves keep: `meld 3S JK 4S` is `meld 3S 4S JK`, the meld it lays.
        The reader of what a person wrote or chose (text, cards picked in hand order): old
        saves and logs written another way replay the same, read through this."""
        parsed = as_move(move)
        if parsed.kind in ("undo", "next") or self.round_over:
            return parsed
        return self.family.canonical(self.state, parsed)

    def _one_writing(self, move: Move | str) -> Move:
        """The move `play` plays: notation read in any writing (`canonical`); a `Move` taken
        as written, so it must be its one writing (IllegalMove "not_one_writing" naming
        it). So `move in legal_moves()` holds exactly when `is_legal(move)`."""
        one = self.canonical(move)
        if isinstance(move, Move) and one != move:
            raise IllegalMove("not_one_writing", move=str(move), written=str(one))
        return one

    def is_legal(self, move: Move | str) -> bool:
        """Whether `play(move)` would be accepted (tries it on a copy): for a `Move`, exactly
        whether it is in `legal_moves()`; notation is read in any writing."""
        try:
            self.copy().play(move)
        except IllegalMove:
            return False
        return True

    def seen_by(self, observer: int | None) -> Seen:
        """What `observer` may see of the table now: the one answer the table, its last-moves
        lines, the phones and `host` all read.

        `observer` is a seat, or None for everyone at once (the shared screen while no seat's
        player sits at it). What may still be taken back this turn is the mover's alone: the
        seat playing sees the table as it is, the melds it laid or changed marked `pending`;
        every other observer sees it as it stands — as it was before the open turn's first
        move that `undo` can still take back (a meld, a lay-off, a swap, a take in the rummy
        family; the knocker's melds and the defender's melds and lay-offs in Gin). So a meld
        laid to read the opening total and taken back is told to nobody, and the turn's melds
        are told when its discard (or going out) makes them stand. A move that cannot be
        taken back stands at once and is told at once (a draw, a knock, a Yami exposure). A
        hand count follows the same table: a try-out meld lowers the mover's count only in
        the mover's own view."""
        standing = self._standing()
        if observer is not None and observer == self.to_play and not self.round_over:
            state, said, told = self.state, len(self._history), len(self._record)
            pending = _changed_melds(standing[0], self.state)
        else:
            (state, said, told), pending = standing, ()
        return Seen(
            state=state,
            hand_counts=tuple(len(self.family.hand(state, s)) for s in range(self.players)),
            history=tuple(self._history[:said]),
            record=tuple(self._record[:told]),
            pending=pending,
        )

    def _standing(self) -> tuple[Any, int, int]:
        """The state that stands, with how many lines of the round's history and moves of the
        record stand: before the first move `undo` can still take back, else now."""
        if self._undo:
            return self._undo[0]
        return self.state, len(self._history), len(self._record)

    def public_record(self, viewer: int | None = None) -> tuple[PublicMove, ...]:
        """The game's moves as the table may tell them to `viewer` (see `seen_by`): every
        move that stands, and the moves `undo` may still take back only to the seat playing
        them. Built from what stands, never from what happened: a move taken back,
        and the `undo` itself, are not in it."""
        return self.seen_by(viewer).record

    def view(self, seat: int, *, shared: bool = False) -> PlayerView:
        """What `seat` may see: its hand, the table, the public history.

        `shared`: the table as the shared screen shows it to everyone (`seen_by(None)`), for
        a screen that draws the table while a phone's player is in the middle of a turn."""
        seen = self.seen_by(None if shared else seat)
        own_turn = seat == self.to_play and not self.round_over and not shared
        copies: dict[int, Any] = {}  # built from copies: nothing in a view is the game's
        own = self._copies_for(seat)
        lasting = own.lasting
        return PlayerView(
            variant=own.variant(self.variant),
            seat=seat,
            players=self.players,
            to_play=self.to_play,
            hand=detached(self.family.hand(seen.state, seat), copies, lasting),
            hand_counts=seen.hand_counts,
            round_no=self.round_no,
            dealer=self.dealer,
            scores=tuple(self.totals),
            round_over=self.round_over,
            game_over=self.game_over,
            history=own.history(seen.history),
            legal_moves=own.moves(self.legal_moves()) if own_turn else (),
            public=detached(self.family.public(seen.state, seat), copies, lasting),
            pending=seen.pending,
            deal_print=self.fingerprint(),
        )

    def _copies_for(self, seat: int) -> SeatCopies:
        """`seat`'s copies kept from view to view."""
        copies = self._seat_copies.get(seat)
        if copies is None:
            copies = self._seat_copies[seat] = SeatCopies()
        return copies

    # --- playing ---------------------------------------------------------------------------

    def play(self, move: Move | str) -> Move:
        """Apply a move given as a Move (in its one writing) or in notation (any writing).
        Raises IllegalMove, changing nothing. The move played, in its one writing."""
        move = self._one_writing(move)
        if self.game_over:
            raise IllegalMove("game_over")
        seat = self.to_play
        if move.kind == "next":
            self._next_round()
        elif self.round_over:
            raise IllegalMove("round_over")
        elif move.kind == "undo":
            self._take_back()
        else:
            self._apply(move)
        self.log.append((seat, move))
        return move

    def _apply(self, move: Move) -> None:
        before = self.state
        after = self.family.apply(before, move)
        turn_ends = after.turn != before.turn or self.family.round_over(after)
        if turn_ends:
            self._undo.clear()
        elif self.family.is_undoable(before, move):
            self._undo.append((before, len(self.round_log), len(self._record)))
        else:
            self._undo.clear()
        self.round_log.append((before.to_play, move))
        self._history.append(Said(before.to_play, move))
        restocked = len(after.stock) > len(before.stock)  # no move but a rebuild adds to the stock
        self._record.append(PublicMove(self.round_no, before.to_play, move, self._taken(before, move), restocked,
                                       self._penalty(before, after, move)))
        self.state = after
        if self.family.round_over(after):
            result = self.family.round_result(after)
            self.results.append(result)
            self.totals = [t + p for t, p in zip(self.totals, result.points, strict=True)]

    def _take_back(self) -> None:
        if not self._undo:
            last = self.round_log[-1] if self.round_log else None
            if last is not None and last[0] == self.state.to_play and last[1].kind == "draw":
                raise IllegalMove("drawn_stays")  # a newcomer read "nothing to take back" after drawing
            raise IllegalMove("no_undo")
        self.state, kept, recorded = self._undo.pop()
        del self.round_log[kept:]
        del self._history[kept:]
        del self._record[recorded:]

    def _penalty(self, before: Any, after: Any, move: Move) -> int:
        """The cards a discard made its player draw (a discard only ever lowers a hand
        otherwise): what a forgotten "Carte !" costs."""
        if move.kind != "discard":
            return 0
        seat = before.to_play
        kept = len(self.family.hand(before, seat)) - len(move.cards)
        return max(0, len(self.family.hand(after, seat)) - kept)

    def _taken(self, before: Any, move: Move) -> Card | None:
        """The face-up card a take from the discard pile lifted (for the public record)."""
        if move.kind != "take" or move.target is not None or move.cards:
            return None
        pile = self.family.public(before, before.to_play).discard
        return pile[-1] if pile else None

    def _next_round(self) -> None:
        if not self.round_over:
            raise IllegalMove("round_not_over")
        key = self.deals.key(self.seed, self.round_no + 1)  # SealedDeal before anything changes
        self.round_no += 1
        dealer = (self.dealer + 1) % self.players
        # A family that carries state from deal to deal (Yami's score sheets) offers
        # `next_round(previous_state, variant, players, round_no, dealer, seed)`.
        carry = getattr(self.family, "next_round", None)
        if carry is not None:
            self.state = carry(self.state, self.variant, self.players, self.round_no, dealer, key)
        else:
            self.state = self.family.deal(self.variant, self.players, self.round_no, dealer, key)
        self._note_deal()
        self.round_log = []
        self._history = []
        for copies in self._seat_copies.values():
            copies.new_round()
        self._undo.clear()

    # --- the deal's fingerprint and proof -------------------------------------------------------

    def _note_deal(self, provable: bool = True) -> None:
        """Keep the fingerprint of the round just dealt (what the table shows before play).
        A position set up by hand was dealt by nobody: its round has no proof (dealer -1)."""
        key = self.deals.key(self.seed, self.round_no)
        layout = layout_of(self.family, self.state, self.players)
        dealer = self.dealer if provable else -1
        self._dealt[self.round_no] = (dealer, fingerprint(layout, deal_nonce(key, self.round_no)))

    def fingerprint(self, round_no: int | None = None) -> bytes:
        """The fingerprint of round `round_no`'s deal (default: this round's), public from
        the deal on; it reveals nothing of the cards (see `ramigui.rules.deal_proof`)."""
        chosen = self.round_no if round_no is None else round_no
        if chosen not in self._dealt:  # a game built from a state mid-round: its position as dealt
            self._note_deal(provable=False)
        return self._dealt[chosen][1]

    def deal_proof(self, round_no: int | None = None) -> DealProof | None:
        """The proof of a finished round (default: this one): the deal made again from the
        round's key, its nonce, code, and the fingerprint check. None while the round is
        being played: nothing of its order or its nonce may be known before its end."""
        chosen = self.round_no if round_no is None else round_no
        if chosen not in self._dealt or (chosen == self.round_no and not self.round_over):
            return None
        dealer, shown = self._dealt[chosen]
        if dealer < 0:
            return None
        key = self.deals.key(self.seed, chosen)
        return prove(self.family, self.variant, self.players, chosen, dealer, key, shown)

    def revealed_key(self, round_no: int, given_up: bool = False) -> tuple[str, bytes] | None:
        """A finished round's code and nonce (what its proof reveals), or None while it
        is being played. A game given up (`given_up`: it will never be played on) reveals
        the round it stopped in too, so its log replays to its last move."""
        being_played = round_no == self.round_no and not self.round_over and not given_up
        if round_no > self.round_no or being_played:
            return None
        key = self.deals.key(self.seed, round_no)
        return round_code(key, round_no, self.table), deal_nonce(key, round_no)

    @property
    def table(self) -> Table:
        """The family and player count a deal code names with its key."""
        return Table(self.variant.family, self.players)

    def moves_text(self) -> list[str]:
        """The whole game's moves in notation, in order (what a save or a log stores)."""
        return [str(move) for _, move in self.log]
