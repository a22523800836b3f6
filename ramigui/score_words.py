"""A round's points in words, and who leads by which rule: written once, read by the
end-of-round panel and the score sheet alike.

The parts come from the round's result (`RoundResult.details`, per family) and the
variant's scoring rules, never from the drawing code:

* rummy — "33 in hand + 100 never laid down", "(…) × 2 rami sec", "+ 10 rami", and for
  the winner of a "winner scores" game "45 in the others' hands";
* gin — "25 gin bonus + 30 deadwood", "42 − 12 deadwood", "… + 20 undercut bonus",
  "× 2 (spade upcard)" in Oklahoma;
* Yami — the box and what filled it: "box 7: 3 × 7", "Full house", "Straight crossed out",
  "+ 50 bonus".

A seat that scored nothing this round gets no parts (the winner of a penalty round). Each
family's words (`rummy_words`, `gin_words`, `yami_words`) are found by `points_parts`. Plain
text, no pygame: the table's panels and the phones' round end say the same words.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from ramigui import i18n
from ramigui.rules.variant import RummyRules
from ramigui.rules.yami_boxes import SERIES, SERIES_RANKS


@dataclass(frozen=True)
class RoundFacts:
    """What one seat's words are made from: the round's result, the seat, its points."""

    result: Any
    seat: int
    points: int
    details: Mapping[str, Any]

    @classmethod
    def of(cls, result: Any, seat: int) -> RoundFacts:
        details: Mapping[str, Any] = getattr(result, "details", {}) or {}
        return cls(result, seat, result.points[seat] if seat < len(result.points) else 0, details)


ScoreWords = Callable[[RoundFacts, Any, bool, Sequence[str] | None], str]
"""A family's words for a seat's points (`ui.families.points_parts`): the facts, the
variant (None: a finished game whose variant is gone), `plain`, the seats' names."""


def rummy_words(facts: RoundFacts, variant: Any, plain: bool, names: Sequence[str] | None) -> str:
    rules = getattr(variant, "rummy", None)
    parts = _rummy_parts(facts.result, facts.seat, facts.points, facts.details, rules)
    hands = facts.details.get("hand_points", ())
    if (not plain and facts.seat < len(hands) and facts.points == hands[facts.seat]
            and getattr(rules, "scoring", "penalty") == "penalty"):
        return ""
    return parts


def hand_note(result: Any, variant: Any) -> str:
    """For a Rami round's score sheet line: why the others' plain points are what they
    are ("the others: the points of the cards left in their hand") — said once for the
    round rather than per seat; "" when no seat's points are only that."""
    rules = getattr(variant, "rules", None)
    if result is None or not isinstance(rules, RummyRules) or rules.scoring != "penalty":
        return ""
    details: Mapping[str, Any] = getattr(result, "details", {}) or {}
    hands = details.get("hand_points", ())
    plain = [seat for seat, points in enumerate(result.points)
             if seat != result.winner and points and seat < len(hands) and points == hands[seat]]
    return i18n.tr("score.others_in_hand") if plain else ""


def gin_words(facts: RoundFacts, variant: Any, plain: bool, names: Sequence[str] | None) -> str:
    return _gin_parts(facts.result, facts.seat, facts.details, names)


def yami_words(facts: RoundFacts, variant: Any, plain: bool, names: Sequence[str] | None) -> str:
    return _yami_parts(facts.details, facts.seat, facts.points)


def _rummy_parts(result: Any, seat: int, points: int, details: Mapping[str, Any], rules: Any) -> str:
    hands = details.get("hand_points", ())
    if seat >= len(hands):
        return ""
    cards = hands[seat]
    rami = result.reason in ("rami", "rami_sec")
    bonus = getattr(rules, "rami_bonus", "none") if rules is not None else "none"
    if getattr(rules, "scoring", "penalty") == "winner_takes":
        if seat != result.winner or not points:
            return ""
        if result.winner is None:
            return ""
        others = sum(v for s, v in enumerate(hands) if s != seat)
        parts = i18n.tr("score.others_cards", n=others)
        return _rami_factor(parts, result.reason, bonus, rami, points, others)
    if seat == result.winner or not points:
        return ""
    put_down = details.get("put_down", ())
    penalty = getattr(rules, "never_down_penalty", 0) if rules is not None else 0
    base = i18n.tr("score.in_hand", n=cards)  # "2 in hand" beside one card read as a count of cards
    plain = cards
    if seat < len(put_down) and not put_down[seat] and penalty:
        base = f"{base} {i18n.tr('score.never_down', n=penalty)}"
        plain = cards + penalty
    return _rami_factor(base, result.reason, bonus, rami, points, plain)


def _rami_factor(parts: str, reason: str, bonus: str, rami: bool, points: int, plain: int) -> str:
    """The rami's effect on the parts: doubled, or ten more."""
    if not rami:
        return parts
    word = i18n.tr(f"round.reason_short.{reason}")
    if bonus == "double" and points == 2 * plain:  # "51 in hand + 100 never laid down × 2" read as 51 + 200
        return i18n.tr("score.doubled_by", parts=f"({parts})" if " + " in parts else parts, why=word)
    if bonus == "plus10" and points == plain + 10:
        return i18n.tr("score.plus10_by", parts=parts, why=word)
    return parts


def _gin_parts(result: Any, seat: int, details: Mapping[str, Any], names: Sequence[str] | None = None) -> str:
    """The winner's points in parts; the other seat's deadwood on its own row. With names,
    each deadwood says whose it is."""
    if result.reason == "void":
        return ""
    own = int(details.get("knocker_deadwood", 0))
    other = int(details.get("defender_deadwood", 0))
    knocker = int(details.get("knocker", result.winner if result.winner is not None else 0))
    if seat != result.winner:
        if names is None or seat >= len(names):
            return ""
        return i18n.tr("score.deadwood_left", n=own if seat == knocker else other)
    bonus = int(details.get("bonus", 0))
    reason = result.reason
    named = names is not None and len(names) == 2
    whose = {}
    if named:
        assert names is not None
        whose = {"own_name": i18n.seat_name(names[knocker]), "other_name": i18n.seat_name(names[1 - knocker])}
    suffix = ".named" if named else ""
    if reason == "gin":
        parts = i18n.tr(f"score.gin{suffix}", bonus=bonus, n=other, **whose)
    elif reason == "big_gin":
        parts = i18n.tr(f"score.big_gin{suffix}", bonus=bonus, n=other, **whose)
    elif reason == "undercut":
        parts = i18n.tr(f"score.undercut{suffix}", own=own, other=other, bonus=bonus, **whose)
    else:
        parts = i18n.tr(f"score.knock{suffix}", own=own, other=other, **whose)
    if details.get("doubled"):
        parts = i18n.tr("score.oklahoma", parts=parts)
    return parts


def _yami_parts(details: Mapping[str, Any], seat: int, points: int) -> str:
    marks = [(box, scored) for s, box, scored in details.get("marks", ()) if s == seat]
    if not marks:
        return ""
    box, scored = marks[-1]
    if scored is None:
        parts = i18n.tr("score.yami_crossed", box=box)
    elif box in SERIES:
        rank = SERIES_RANKS[SERIES.index(box)]
        hands = details.get("hands", ())
        same = [card for card in hands[seat] if card.rank == rank] if seat < len(hands) else []
        count = len(same) if seat < len(hands) else scored // 5
        parts = i18n.tr("score.yami_series", box=box, count=min(count, scored // 5 or count), rank=i18n.rank_text(rank))
        if len(set(same)) < len(same):  # two J♦ from the two decks: the rule counts them once
            parts = f"{parts} {i18n.tr('score.yami_once')}"
    else:
        parts = i18n.tr("score.yami_box", box=box)
    extra = points - (scored or 0)
    if extra > 0:
        parts = f"{parts} {i18n.tr('score.yami_bonus', n=extra)}"
    return parts


def round_summary(result: Any, names: Sequence[str], short: bool = False) -> str:
    """Who won the round and how, one line: "Bob wins the round — went out" (`short`, for
    the score sheet's rows: "Bob: went out")."""
    if result is None:
        return ""
    if result.reason == "exposed" and len(result.points) == len(names):
        return _yami_summary(result, names)
    reason = i18n.tr(f"round.reason.{result.reason}")
    if result.winner is None or result.winner >= len(names):
        return i18n.tr("score.seat_parts", name=i18n.tr("round.nobody"), parts=reason) if short else \
            f"{i18n.tr('round.nobody')} — {reason}"
    name = i18n.seat_name(names[result.winner])
    if short:
        return i18n.tr("score.seat_parts", name=name, parts=reason)
    return f"{i18n.tr(i18n.person_key('round.winner', names[result.winner]), name=name)} — {reason}"


def _yami_summary(result: Any, names: Sequence[str]) -> str:
    """A Yami deal: who scored the most in it (or the tie: "Tie: Ann & Bob, 5 points
    each"), and who exposed — exposing is not winning the deal."""
    best = max(result.points)
    tops = [seat for seat, points in enumerate(result.points) if points == best]
    if len(tops) > 1:
        lead = i18n.tr("round.yami.tie", names=" & ".join(i18n.seat_name(names[s]) for s in tops), n=best)
    else:
        lead = i18n.tr(i18n.person_key("round.winner", names[tops[0]]), name=i18n.seat_name(names[tops[0]]))
    exposer = result.winner
    if exposer is None or exposer >= len(names):
        return lead
    return f"{lead} — {i18n.tr('round.yami.exposed_by', name=i18n.seat_name(names[exposer]))}"


def rule_text(lower_wins: bool, target: int = 0, rounds: int = 0, played: int | None = None) -> str:
    """How the game is won: "after 16 deals, the highest total wins", "the game ends at 100
    points; the lowest total wins"; with `played` rounds, how far the game is ("2 of 5
    rounds played")."""
    rule = i18n.tr("score.lower_wins" if lower_wins else "score.higher_wins")
    if target:
        return i18n.tr("score.rule_target", n=target, rule=rule)
    if rounds:
        if played is not None and 0 < played < rounds:  # "2 of 5 rounds played: …"
            return i18n.tr_count("score.rule_rounds_played", played, total=rounds, rule=rule)
        return i18n.tr_count("score.rule_rounds", rounds, rule=rule)
    return rule[:1].upper() + rule[1:]


def leaders(totals: Sequence[int], lower_wins: bool) -> tuple[int, ...]:
    """The seats ahead (all of them tied at the best total); none before anyone scores."""
    if not totals or not any(totals):
        return ()
    best = min(totals) if lower_wins else max(totals)
    return tuple(seat for seat, total in enumerate(totals) if total == best)


def leader_text(names: Sequence[str], totals: Sequence[int], lower_wins: bool, over: bool,
                winners: Sequence[int] = ()) -> str:
    """"In the lead: Bob, 45 points" — or, once over, who won; "" before anyone scores."""
    seats = tuple(winners) if over and winners else leaders(totals, lower_wins)
    if not seats:
        return ""
    who = ", ".join(i18n.seat_name(names[seat]) for seat in seats if seat < len(names))
    total = totals[seats[0]] if seats[0] < len(totals) else 0
    if len(seats) > 1:  # a tie: never "Bot 1, Bot 2 wins the game", nor "In the lead: Bot 1, You"
        return i18n.tr_count("score.winners" if over else "score.leaders", total, name=who)
    return i18n.tr_count("score.winner" if over else "score.leader", total, name=who)


@dataclass(frozen=True)
class FamilyWords:
    """How one family's round points are said."""

    words: ScoreWords
    result_mark: str
    """A key only this family's round results carry in their details: the words of a
    finished game whose variant is gone are found by it."""


FAMILY_WORDS: Mapping[str, FamilyWords] = MappingProxyType({
    "rummy": FamilyWords(rummy_words, "hand_points"),
    "gin": FamilyWords(gin_words, "knocker"),
    "yami": FamilyWords(yami_words, "marks"),
})
"""Every family's score words, by family id (the ids of `rules.families.FAMILIES`)."""


def points_parts(result: Any, seat: int, variant: Any, plain: bool = True,
                 names: Sequence[str] | None = None) -> str:
    """How `seat`'s points of this round are made up, in words ("" when they need no
    words), by the words of the variant's family. `plain` False leaves out points that are
    only the cards left in hand (the score sheet, where a line per round names only what is
    more than that). With the seats' `names`, gin says whose deadwood is whose ("19
    deadwood (Bot) − 7 (Ann)"). `variant` None: a finished game whose variant is gone, whose
    family is read off the result."""
    if result is None:
        return ""
    facts = RoundFacts.of(result, seat)
    family = FAMILY_WORDS.get(getattr(variant, "family", ""))
    if family is None:
        family = next((f for f in FAMILY_WORDS.values() if f.result_mark in facts.details), None)
    return family.words(facts, variant, plain, names) if family is not None else ""
