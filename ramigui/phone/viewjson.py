"""A seat's `PlayerView` as the JSON its phone receives: built from the view and nothing else.

The view already holds only what the seat may see (its own hand, the public table, the
public history, its legal moves on its turn), so nothing built from it can leak another
hand or the stock's order. What the page needs on top is computed here from the same view:
the prompt in the game's language, and the family's helpers that the table shows too (the
gin deadwood and the knock it would choose, Yami's boxes with their points).

Cards are written in the move notation (`QH`, `10S`, `JK`), moves in notation too, so the
page sends back exactly what `Game.play` reads. The melds this seat laid or changed in its
open turn carry `pending: true`: they stand (and the other phones see them) only once the
turn ends.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from ramigui import i18n
from ramigui.cards import Card
from ramigui.deal_words import fingerprint_words
from ramigui.phone import texts
from ramigui.rules import Move, PlayerView
from ramigui.rules.families import family_of
from ramigui.rules.melds import Meld
from ramigui.rules.public import GinPublic, RummyPublic, YamiPublic


def plain(value: Any) -> Any:
    """A value of a view as JSON: cards as notation, melds as objects, tuples as lists,
    mappings with text keys; anything else unknown as its text."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, Move):
        return str(value)
    if isinstance(value, Meld):
        return {"kind": value.kind, "cards": [str(card) for card in value.cards], "owner": value.owner,
                "jokers": joker_labels(value), "joker_cards": joker_cards(value)}
    if isinstance(value, Mapping):
        return {str(key): plain(item) for key, item in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        return [plain(item) for item in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    return str(value)


def joker_labels(meld: Meld) -> list[str | None]:
    """Per card of a meld, what its joker stands for, as the table's badge says it ("V♦"; a
    set's joker: its rank and the suits it may be, "V ♦/♣", the slash an "or" a newcomer
    missed in "V ♦♣"), None for a card that is no joker: on a phone "V♠ V♥ Joker" did not
    say which jack the joker was."""
    return [None if stand is None else _stand_text(*stand) for stand in meld.joker_stands()]


def joker_cards(meld: Meld) -> list[str]:
    """The natural cards a joker of the meld stands for (`Meld.joker_naturals`), in notation:
    the page reads a tap of such a card alone on the meld as a swap."""
    return [str(card) for card in meld.joker_naturals()]


def _stand_text(stood: Card | None, rank: int, suits: tuple[str, ...]) -> str:
    if stood is not None:
        return i18n.card_text(stood)
    return f"{i18n.rank_text(rank)} {'/'.join(i18n.SUIT_SYMBOLS[suit] for suit in suits)}".strip()


def view_json(
    view: PlayerView,
    names: Sequence[str],
    *,
    last_moves: Sequence[str] = (),
    extra_legal: Sequence[str] = (),
    guide: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """The phone's state of `view.seat`. `names` are every seat's public names;
    `last_moves` public lines about the latest moves, oldest first (as the table's panel
    and `history`); `extra_legal` moves the table accepts
    from this phone besides the rules' (`next` once a round is over); `guide`: a lesson's
    guide for this seat (its sentence, the cards it lights, whether Show me or Next is
    offered, the lone-move buttons it holds back), None outside a lesson."""
    family = view.variant.family
    phone_family = PHONE_FAMILIES[family]
    held_back = set(guide.get("held_back", ())) if guide is not None else set()  # greyed: the page lights the legal
    state: dict[str, Any] = {
        "seat": view.seat,
        "players": view.players,
        "names": list(names),
        "variant": {"id": view.variant.id, "family": family, "name": i18n.variant_name(view.variant)},
        "to_play": view.to_play,
        "my_turn": view.my_turn,
        "round_no": view.round_no,
        "dealer": view.dealer,
        "scores": list(view.scores),
        "running_scores": list(view.running_scores),
        "lower_wins": _lower_wins(view),
        "hand_counts": list(view.hand_counts),
        "round_over": view.round_over,
        "game_over": view.game_over,
        "hand": [str(card) for card in view.hand],
        "legal": [str(move) for move in view.legal_moves if move.kind not in held_back] + list(extra_legal),
        "history": [[seat, str(move)] for seat, move in view.history[-60:]],
        "last_moves": list(last_moves),
        "public": _marked_pending(plain(view.public), view.pending),
        "pending": list(view.pending),
        "prompt": texts.prompt(view, names, phone_family.prompt),
        "deal_print": fingerprint_words(view.deal_print) if view.deal_print else "",
    }
    state["help"] = phone_family.helpers(view)
    state["page"] = phone_family.page(str(getattr(view.public, "phase", "")))
    state["guide"] = dict(guide) if guide is not None else None
    return state


def _marked_pending(table: dict[str, Any], pending: Sequence[int]) -> dict[str, Any]:
    """The table with each meld this seat laid or changed this turn flagged `pending: true`: the page
    shows it as not laid yet (nobody else sees it before the turn ends)."""
    for number in pending:
        melds = table.get("melds") or []
        if 1 <= number <= len(melds) and isinstance(melds[number - 1], dict):
            melds[number - 1]["pending"] = True
    return table


def _lower_wins(view: PlayerView) -> bool:
    return family_of(view.variant).lower_wins(view.variant)


def _gin_help(view: PlayerView) -> dict[str, Any]:
    from ramigui.rules.gin_melds import best_finish, laid_out_by_melds, shown_deadwood

    public = view.public_as(GinPublic)
    finish = {kind: str(move) for kind in ("knock", "gin")
              if (move := best_finish(view.hand, view.legal_moves, kind)) is not None}
    return {
        "deadwood": shown_deadwood(view.hand, view.my_turn and public.phase == "discard", public.taken),
        "knock_limit": public.knock_limit,
        "by_melds": [str(card) for card in laid_out_by_melds(view.hand)],
        "finish": finish,
    }


def _yami_help(view: PlayerView) -> dict[str, Any]:
    from ramigui.rules.yami_boxes import box_choices

    exposing = view.public_as(YamiPublic).exposer == view.seat
    return {"boxes": [
        {"box": box, "label": i18n.box_text(box), "move": str(move), "points": points}
        for box, move, points in box_choices(view.hand, view.legal_moves, exposing, view.variant.yami)
    ]}


def _rummy_help(view: PlayerView) -> dict[str, Any]:
    return {"opening": _opening(view)}


def _opening(view: PlayerView) -> dict[str, int] | None:
    """The opening counter ("34 / 51") while this seat has not opened, as on the table."""
    public = view.public_as(RummyPublic)
    need = public.opening_minimum
    opened = public.opened
    if not need or (view.seat < len(opened) and opened[view.seat]):
        return None
    return {"have": public.turn_points, "need": need}


@dataclass(frozen=True)
class PhoneButton:
    """A button of the family's row on the page, for one kind of move: enabled while that
    kind is legal, its label the page's `button.<kind>`."""

    kind: str
    lit: bool = True
    """Lit while legal (a move the turn waits for), rather than only enabled."""
    finish: bool = False
    """A knock or gin: played with the selected card, else the best one (`help.finish`)."""
    only_when_legal: bool = False
    """Shown only while legal (Carte !), instead of greyed out."""


@dataclass(frozen=True)
class PhoneFamily:
    """What a phone shows its own way for one family of games."""

    prompt: texts.TurnPrompt
    """What to do on the player's turn."""
    helpers: Callable[[PlayerView], dict[str, Any]]
    """What the table shows beside the hand (the opening counter, the gin deadwood, Yami's
    boxes), worked out from the view with the rules' own helpers."""
    sorts: tuple[str, ...]
    """The hand's orders the page's sort button goes through."""
    buttons: Mapping[str, tuple[PhoneButton, ...]]
    """The family's buttons in each phase of a turn ("*": in every phase)."""

    def page(self, phase: str) -> dict[str, Any]:
        """What the page draws its own way for this family in `phase` (`page` of the
        state): it tests no family's name."""
        buttons = self.buttons.get(phase, self.buttons.get("*", ()))
        return {"sorts": list(self.sorts), "buttons": [dataclasses.asdict(button) for button in buttons]}


_FINISHES = (PhoneButton("knock", finish=True), PhoneButton("gin", finish=True))

PHONE_FAMILIES: Mapping[str, PhoneFamily] = MappingProxyType({
    "rummy": PhoneFamily(texts.rummy_prompt, _rummy_help, ("suit", "rank"),
                         {"*": (PhoneButton("carte", only_when_legal=True),)}),
    "gin": PhoneFamily(texts.gin_prompt, _gin_help, ("suit", "rank", "melds"),
                       {"offer": (PhoneButton("take"), PhoneButton("pass", lit=False)),
                        "showdown": (PhoneButton("done"),), "draw": _FINISHES, "discard": _FINISHES}),
    "yami": PhoneFamily(texts.yami_prompt, _yami_help, ("suit", "rank"), {"*": (PhoneButton("expose"),)}),
})
"""The phones' one table of families, by family id (the ids of `rules.families.FAMILIES`)."""


def state_bytes(state: Mapping[str, Any]) -> bytes:
    return json.dumps(state, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
