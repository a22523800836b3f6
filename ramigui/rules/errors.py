"""IllegalMove: the rules' "no", with a reason code the UI translates and an English text.

The rules never write player-facing text in a language of their own choosing: they raise a
stable `code` with named `params`; `ramigui.i18n` turns that into French or English. The
English text here is what `str(error)` gives in logs, tests and the command line. Finer
reasons (why cards make no meld, what to do instead) are sub-codes in params, each with its
English text here and its translations in the catalogues.
"""

from __future__ import annotations

from typing import Any

REASONS: dict[str, str] = {
    "bad_notation": "cannot read {text!r}: {detail}",
    "round_over": "the round is over",
    "game_over": "the game is over",
    "round_not_over": "the round is not over yet",
    "not_your_phase": "you cannot {action} now — {expected}",
    "card_not_in_hand": "you do not hold {card}",
    "no_such_meld": "there is no meld number {number}",
    "not_a_meld": "{cards} is not a valid meld — {detail}",
    "layoff_invalid": "{cards} cannot be added to meld {number} — {detail}",
    "too_many_melds": "only one new meld per turn in this game",
    "must_keep_discard": "you must keep one card to discard",
    "stock_empty": "the stock is empty",
    "discard_empty": "the discard pile is empty",
    "take_not_allowed": "you may not take the discard — {detail}",
    "take_from_meld_not_allowed": "you may not take a card from a meld — {detail}",
    "swap_not_allowed": "you may not take that joker — {detail}",
    "rediscard": "you may not discard {card}, the card you just took from the discard pile",
    "opening_short": "your opening melds total {have} points; {need} are needed (or go out in one turn)",
    "not_opened": "you must open (melds worth {need}) before laying off",
    "taken_card_unused": "{card}, which you took, must go {where} this turn",
    "all_at_once": "in this deal you may only put cards down when you lay your whole hand at once",
    "one_card_draw_only": "with one card left you may only draw from the stock",
    "no_undo": "there is nothing to take back this turn",
    "drawn_stays": "a card drawn from the stock stays in your hand: it has been seen",
    "carte_not_now": "announce “Carte !” when you are about to keep a single card",
    "unknown_move": "{move} is not a move of this game",
    "not_one_writing": "{move} is written {written}: a move object must be in its one writing",
    "wrong_family": "{move} is not a move of {family}",
    "discard_one_card": "{move}: discard one card only",
    "melds_then_knock": "you have laid melds out: knock or go gin (or take them back with undo)",
    "meld_no_knock": "laying {cards} out would leave no knock nor gin: melds are laid out only to knock",
    "knock_too_high": "after discarding {card} your deadwood would be {deadwood}; you may knock with {limit} at most",
    "knock_gin_only": "the upcard is an ace: this round only gin ends it",
    "knock_is_gin": "no deadwood is left after discarding {card}: that is gin (play gin {card})",
    "not_gin": "after discarding {card}, {deadwood} points of deadwood would be left: that is not gin",
    "big_gin_off": "Grand Gin is not played in this game: go gin by discarding a card",
    "not_big_gin": "your 11 cards do not all go into melds ({deadwood} points of deadwood)",
    "no_layoff_on_gin": "nothing may be laid off on a gin",
    "layoff_not_knocker": "meld {number} is not the knocker's: lay off only on the knocker's melds",
    "yami_cannot_expose": (
        "you cannot expose: your hand scores no brelan or carré in a free série box and no "
        "combination in a free combinaison box"
    ),
    "yami_no_such_box": "{box!r} is not a box of the sheet ({boxes})",
    "yami_bonus_box": "the BONUS box is earned by the séries total; it is never scored nor crossed out",
    "yami_box_used": "your {box} box is already filled or crossed out",
    "yami_exposer_series": "to score in the {box} série box when exposing you need a brelan or a carré of that rank",
    "yami_nothing_in_box": "your hand scores nothing in the {box} box",
    "yami_exposer_cross": "the player who exposes must score, not cross a box out",
    "yami_must_score": "you may only cross a box out when you have nothing to score; you can score: {boxes}",
}


DETAILS: dict[str, str] = {
    # why cards make no meld, or do not fit one (melds.py, gin.py): `detail` of not_a_meld,
    # layoff_invalid, swap_not_allowed, take_from_meld_not_allowed
    "too_few": "a meld needs at least 3 cards",
    "all_jokers": "a meld needs at least one card that is not a joker",
    "run_one_suit": "a run is all of one suit",
    "run_jokers": "a run may hold at most {limit} joker(s)",
    "run_twice": "a run cannot hold the same card twice",
    "run_too_long": "a run has at most 13 cards",
    "not_consecutive": "the cards are not consecutive",
    "not_consecutive_low": "the cards are not consecutive (the ace is low only: A-2-3, not Q-K-A)",
    "not_consecutive_high_or_low": (
        "the cards are not consecutive (an ace is low or high, never both: K-A-2 is not a run)"
    ),
    "set_one_rank": "a set is all of one rank",
    "set_same_suit": "a set never holds two cards of the same suit",
    "set_too_big": "a set has at most 4 cards",
    "set_jokers": "a set may hold at most {limit} joker(s)",
    "no_cards": "no cards to add",
    "run_suit": "this run is in {suit}",
    "not_extending": "the cards do not extend the run at either end",
    "no_joker": "this meld has no joker",
    "swap_one_card": "put in exactly the card the joker stands for",
    "joker_not_for": "no joker in this run stands for {card}",
    "swap_set_cards": "put in cards of the set's rank and of the suits it lacks",
    "swap_suits_differ": "the cards put in must be of different suits",
    "swap_need": "put in {need} card(s) to take this joker",
    "take_keeps_three": "at least 3 cards must stay in the meld",
    "take_joker": "a joker is taken by putting in the card it stands for (swap)",
    "take_not_in_meld": "{card} is not in this meld",
    "take_run_end": "from a run only an end card may be taken",
    "card_twice": "a card appears twice",
    "gin_shape": "3 or 4 cards of one rank, or 3 or more consecutive cards of one suit (the ace is low only)",
    "gin_set_layoff": "a set takes only the missing card of its rank",
    "gin_run_layoff": "a run takes only the next cards of its suit at either end",
    # why a card may not be taken now (rummy.py): take_not_allowed, take_from_meld_not_allowed, swap_not_allowed
    "not_in_game": "not in this game",
    "after_opening": "only once you have put a meld down, on an earlier turn: draw from the stock for now",
    "one_card_draw_only": "with one card left you may only draw from the stock",
    "keep_joker_open": "open this turn or go out to keep a joker taken from the table",
    "taken_alone": "{card}, which you took, never goes on the table alone: lay it with cards of your hand",
    "joker_no_meld": ("the joker would have to go into a new meld this turn, and your other cards make none "
                      "with it (keeping one to discard)"),
    "joker_no_place": ("the joker would have to go onto the table this turn, and your cards give it no place "
                       "(keeping one to discard)"),
    # why a move cannot be read (moves.py): bad_notation
    "bad_card": "{token!r} is not a card (expected e.g. AS, 10H, QC, JK)",
    "bad_meld_number": "{token!r} is not a meld number",
    "not_text": "a move is written as text",
    "empty": "empty move",
    "nothing_after": "{kind} takes nothing after it",
    "needs_cards": "{kind} needs cards",
    "one_box": "{kind} names one box",
    "write_layoff": "write it as: layoff 10H to 2",
    "write_swap": "write it as: swap 9H for joker in 2",
    "write_take": "write it as: take 10H from 2",
    "unknown_kind": "unknown move {kind!r}",
}
"""Sub-codes of a reason: its `detail` param names one of these, translated like the reasons
(`detail.<code>` in the catalogues), filled with the same params."""

ACTIONS: dict[str, str] = {
    "draw": "draw",
    "take": "take the discard",
    "take_upcard": "take the upcard",
    "take_meld": "take a card from a meld",
    "swap": "take a joker",
    "meld": "meld",
    "layoff": "lay off",
    "carte": "announce",
    "discard": "discard",
    "pass": "pass",
    "knock": "knock",
    "gin": "go gin",
    "done": "finish the showdown",
    "expose": "expose",
    "score": "score a box",
    "cross": "cross a box out",
}
"""The `action` of not_your_phase: what the player tried (`action.<code>` in the catalogues)."""

EXPECTED: dict[str, str] = {
    "draw_first": "draw first",
    "already_drawn": "you have already drawn",
    "swap_instead_of_draw": ("a joker is won back instead of drawing or taking the discard, with a card already "
                             "in your hand (you have already taken a card this turn)"),
    "joker_was_the_draw": "the joker you won back this turn took the place of the draw",
    "stock_only": "draw from the stock (both players passed the upcard)",
    "take_or_pass": "take the upcard or pass",
    "draw_or_take": "draw or take the discard first",
    "discard_knock_gin": "discard, knock or go gin",
    "showdown": "lay melds, lay off or say done",
    "round_over": "the round is over",
    "draw_take_expose": "draw, take or expose",
    "discard_card": "discard a card",
    "score_exposed": "score the exposed hand in a box",
    "score_or_cross": "score a box or cross one out",
}
"""The `expected` of not_your_phase: what the player should do instead (`expected.<code>`)."""

WHERE: dict[str, str] = {
    "new_meld": "into a new meld",
    "table": "onto the table (in a meld, or laid off with a card of your hand)",
    "on_table": "onto the table",
}
"""The `where` of taken_card_unused: where the taken card must go (`where.<code>`)."""

SUB_CODES: dict[str, dict[str, str]] = {"detail": DETAILS, "action": ACTIONS, "expected": EXPECTED, "where": WHERE}
"""Params whose value is a sub-code, and the English text of each code."""


def english(code: str, params: dict[str, Any]) -> str:
    """The English text of a reason: its template, each sub-code param written out."""
    shown = dict(params)
    for name, table in SUB_CODES.items():
        value = params.get(name)
        if isinstance(value, str) and value in table:
            shown[name] = _filled(table[value], params)
    try:
        return REASONS.get(code, code).format(**shown)
    except (KeyError, IndexError, ValueError):
        return f"{code} {params}"


def detail_text(code: str, **params: Any) -> str:
    """The English text of a `detail` sub-code (what `str(MeldError)` gives)."""
    return _filled(DETAILS.get(code, code), params)


def _filled(template: str, params: dict[str, Any]) -> str:
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError):
        return template


class IllegalMove(Exception):
    """A move the rules refuse. The game state is unchanged when this is raised.

    `code` names the reason (REASONS); `params` fill it, and the params `detail`, `action`,
    `expected` and `where` hold sub-codes (SUB_CODES), never free text, so every part of a
    refusal can be put in the player's language.
    """

    def __init__(self, code: str, **params: Any) -> None:
        self.code = code
        self.params = params
        super().__init__(english(code, params))

    @property
    def reason(self) -> str:
        return str(self)
