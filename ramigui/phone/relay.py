"""The owner thread's side of the phones: take their moves, play them, tell every phone.

Whoever owns the game (the table's pygame loop, or `ramigui host`'s loop) calls
`PhoneRelay.serve(play)` when woken and `publish()` after any move of anyone. A phone's
move is checked on a copy of the game first, so a refusal changes nothing and shows
nothing on the big screen (a reason may speak of the mover's own cards); an accepted
one goes to `play`, the owner's own path (the table's `play`, a session that saves), and
through it to `Game.play`. Each phone's state is made from `Game.view(seat)` only, and its
last moves from `Game.public_record(seat)`, both read from `Game.seen_by(seat)`: never a
move taken back, never what another player may still take back (its own shows as not laid
yet).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from typing import Any, Protocol

from ramigui import i18n
from ramigui.movetext import record_lines
from ramigui.phone import texts
from ramigui.phone.bridge import Bridge, MoveRequest
from ramigui.phone.tokens import PhoneSeats
from ramigui.phone.viewjson import state_bytes, view_json
from ramigui.rules import Game, IllegalMove, Move, PlayerView
from ramigui.rules.game import PublicMove
from ramigui.score_words import points_parts, round_summary

LAST_MOVES = 6
Play = Callable[[int, Move], Any]
"""The owner's way to play a phone's move for a seat (raises IllegalMove if refused)."""


GUIDE_SHOW = "show me"
"""What a phone sends for a lesson guide's Show me (or Next): not a move, the table plays it."""


class PhoneGuide(Protocol):
    """A lesson's guide as the phones see it (the table's lesson scene)."""

    def guide_for(self, seat: int) -> dict[str, Any] | None:
        """The guide's state for this seat (None: no guide for it)."""

    def guide_refusal(self, seat: int, move: Move) -> str | None:
        """Why the guide refuses this move now, in words (None: the guide lets it through)."""

    def show_me(self) -> None:
        """Play the step's move, or go on after a note."""


class PhoneRelay:
    """Phone seats of one game: their moves in, their states out. Owner thread only."""

    def __init__(self, game: Game, names: Sequence[str], seats: PhoneSeats, bridge: Bridge,
                 *, accept_next: bool = True, guide: PhoneGuide | None = None) -> None:
        self.game = game
        self.guide = guide
        self.names = list(names)
        self.seats = seats
        self.bridge = bridge
        self.accept_next = accept_next
        self._seen = len(game.log)
        self._published: dict[int, bytes] = {}
        self.version = 0  # counts publishes: a phone keeps the newest state it got
        self._told_in: dict[int, str] = {}  # the phones' languages at the last publish
        self.paused = False

    # --- out: every phone's state ---------------------------------------------------------

    def publish(self) -> None:
        """Every phone seat's state after whatever was played since the last publish."""
        self.version += 1
        self._told_in = self.bridge.languages()
        views = {seat: self.game.view(seat) for seat in self.seats.seats}
        self._seen = len(self.game.log)
        self._published = {seat: state_bytes(self._state(view)) for seat, view in views.items()}
        self.bridge.publish(self._published, self._told_in)

    def stale(self) -> bool:
        """Moves were played since the last publish (the phones have not heard of them)."""
        return len(self.game.log) != self._seen

    def state(self, seat: int) -> dict[str, Any]:
        """The JSON state of one phone seat, from its view."""
        return self._state(self.game.view(seat))

    def shown_names(self) -> list[str]:
        """The seats' names as said in the language being spoken: a name the game gave
        ("Joueur 1") in the phone's words ("Player 1"), a typed one as typed."""
        return [i18n.seat_name(name) for name in self.names]

    def _speaking(self, seat: int) -> AbstractContextManager[str]:
        """Texts for `seat`'s phone are made in the language it had asked for at the last
        publish (else the game's): the language its states are marked with (`Bridge.publish`)."""
        return i18n.speaking(self._told_in.get(seat))

    def _state(self, view: PlayerView) -> dict[str, Any]:
        with self._speaking(view.seat):
            return self._state_words(view)

    def _state_words(self, view: PlayerView) -> dict[str, Any]:
        seat = view.seat
        extra = ["next"] if self.accept_next and view.round_over and not view.game_over else []
        you = i18n.tr("table.you")
        names = self.shown_names()
        sheets = view.public.score_sheets()
        this_round = [entry for entry in self.game.public_record(seat) if entry.round_no == view.round_no]
        lines = record_lines(this_round[-LAST_MOVES:],  # round 2's list began with round 1's last discard
                             lambda other: you if other == seat else names[other], sheets,
                             self.game.variant)
        guide = self.guide.guide_for(seat) if self.guide is not None else None
        state = view_json(view, names, last_moves=lines, extra_legal=extra, guide=guide)
        state["round_points"] = list(self.game.round_scores) if view.round_over else []
        state["round_end"] = self._round_end(seat) if view.round_over else None
        state["paused"] = self.paused
        state["version"] = self.version
        state["penalty"] = _penalty(this_round, seat, you)
        return state

    def _round_end(self, seat: int) -> dict[str, Any]:
        """The round's end as the table's panel says it: who won it and how, and how each
        score is made up ("You: 90 points in hand + 100 never laid down")."""
        result, variant = self.game.last_result, self.game.variant
        you = i18n.tr("table.you")
        seen = [you if other == seat else name for other, name in enumerate(self.shown_names())]
        parts = [points_parts(result, other, variant, names=seen) for other in range(len(seen))]
        return {"summary": round_summary(result, seen),
                "lines": [*(i18n.tr("score.seat_parts", name=seen[other], parts=text)
                            for other, text in enumerate(parts) if text),
                          i18n.tr("phone.round_points_note")]}  # the legend of the seats' "(+N)"

    # --- in: their moves ------------------------------------------------------------------

    def serve(self, play: Play) -> int:
        """Answer every waiting phone move; returns how many were played."""
        played = 0
        for request in self.bridge.take_requests():
            played += self.handle(request, play)
        if self.bridge.languages() != self._told_in:  # a phone asked for its own language
            self.publish()
        return played

    def handle(self, request: MoveRequest, play: Play) -> bool:
        """Check one phone move, play it through `play`, answer the phone. True if played."""
        seat = request.seat
        try:
            if self.guide is not None and request.text == GUIDE_SHOW and self.guide.guide_for(seat) is not None:
                self.guide.show_me()
                self.publish()
                self.bridge.answer(request, 200, self._published.get(seat) or state_bytes(self.state(seat)))
                return True
            move = self.game.canonical(request.text)
            with self._speaking(seat):
                self._check(seat, move)
            play(seat, move)  # the table's own words stay in the game's language
        except IllegalMove as error:
            with self._speaking(seat):
                body = {"error": error.code, "reason": i18n.reason_text(error), "message": texts.refusal(error)}
            self.bridge.answer(request, 400, json.dumps(body, ensure_ascii=False).encode("utf-8"))
            return False
        except PhoneRefusal as refusal:
            body = {"error": refusal.code, "reason": refusal.text, "message": refusal.text}
            self.bridge.answer(request, 400, json.dumps(body, ensure_ascii=False).encode("utf-8"))
            return False
        if self.stale():  # the owner's play may have told every phone already
            self.publish()
        self.bridge.answer(request, 200, self._published.get(seat) or state_bytes(self.state(seat)))
        return True

    def _check(self, seat: int, move: Move) -> None:
        """Refuse what this phone may not play now; the rules judge the rest, on a copy."""
        game = self.game
        if self.paused:
            raise PhoneRefusal("paused", i18n.tr("phone.paused"))
        if move.kind == "next" and self.accept_next:
            game.copy().play(move)  # the rules say whether a round is over to deal the next
            return
        if game.game_over:
            raise IllegalMove("game_over")
        if game.round_over:
            raise IllegalMove("round_over")
        if seat != game.to_play:
            raise PhoneRefusal("not_your_turn", i18n.tr("table.waiting", name=self.shown_names()[game.to_play]))
        game.copy().play(move)
        refused = self.guide.guide_refusal(seat, move) if self.guide is not None else None
        if refused is not None:
            raise PhoneRefusal("guide", refused)


class PhoneRefusal(Exception):
    """A phone's move refused by the table, not by the rules (not its turn, paused)."""

    def __init__(self, code: str, text: str) -> None:
        super().__init__(text)
        self.code = code
        self.text = text


def _penalty(this_round: Sequence[PublicMove], seat: int, you: str) -> dict[str, Any] | None:
    """A forgotten "Carte !"'s penalty, until the seat's next move (seed 000): how many cards
    it cost, said as the table says it, and at which of the round's moves, so that the page
    says it once and marks the cards it brought, as the table does."""
    own = [index for index, entry in enumerate(this_round) if entry.seat == seat]
    if not own or not this_round[own[-1]].penalty:
        return None
    entry = this_round[own[-1]]
    return {"cards": entry.penalty, "at": f"{entry.round_no}:{own[-1]}",
            "line": i18n.tr("move.carte_penalty", name=you, n=entry.penalty)}
