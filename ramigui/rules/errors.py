"""IllegalMove: the rules' "no", with a reason code the UI translates and an English text.

The rules never write player-facing text in a language of their own choosing: they raise a
stable `code` with named `params`; `ramigui.i18n` turns that into French or English. The
English text here is what `str(error)` gives in logs, tests and the command line.
"""

from __future__ import annotations

from typing import Any

REASONS: dict[str, str] = {
    "bad_notation": "cannot read {text!r}: {detail}",
    "round_over": "the round is over",
    "game_over": "the game is over",
    "round_not_over": "the round is not over yet",
    "not_your_phase": "you cannot {action} now: {expected}",
    "card_not_in_hand": "you do not hold {card}",
    "no_such_meld": "there is no meld number {number}",
    "not_a_meld": "{cards} is not a valid meld: {detail}",
    "layoff_invalid": "{cards} cannot be added to meld {number}: {detail}",
    "too_many_melds": "only one new meld per turn in this game",
    "must_keep_discard": "you must keep one card to discard",
    "stock_empty": "the stock is empty",
    "discard_empty": "the discard pile is empty",
    "take_not_allowed": "you may not take the discard: {detail}",
    "take_from_meld_not_allowed": "you may not take a card from a meld: {detail}",
    "swap_not_allowed": "you may not take that joker: {detail}",
    "rediscard": "you may not discard {card}, the card you just took from the discard pile",
    "opening_short": "your opening melds total {have} points; {need} are needed (or go out in one turn)",
    "not_opened": "you must open (melds worth {need}) before laying off",
    "taken_card_unused": "{card}, which you took, must go {where} this turn",
    "all_at_once": "in this deal you may only put cards down when you lay your whole hand at once",
    "one_card_draw_only": "with one card left you may only draw from the stock",
    "no_undo": "there is nothing to take back this turn",
    "carte_not_now": "announce “Carte !” when you are about to keep a single card",
    "unknown_move": "{move} is not a move of this game",
    "wrong_family": "{move} is not a move of {family}",
    "gin_one_card": "{move} names exactly one card",
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
    "yami_cannot_expose": "you cannot expose: your hand scores no brelan or carré in a free série box and no combination in a free combinaison box",
    "yami_no_such_box": "{box!r} is not a box of the sheet ({boxes})",
    "yami_bonus_box": "the BONUS box is earned by the séries total; it is never scored nor crossed out",
    "yami_box_used": "your {box} box is already filled or crossed out",
    "yami_exposer_series": "to score in the {box} série box when exposing you need a brelan or a carré of that rank",
    "yami_nothing_in_box": "your hand scores nothing in the {box} box",
    "yami_exposer_cross": "the player who exposes must score, not cross a box out",
    "yami_must_score": "you may only cross a box out when you have nothing to score; you can score: {boxes}",
}


class IllegalMove(Exception):
    """A move the rules refuse. The game state is unchanged when this is raised."""

    def __init__(self, code: str, **params: Any) -> None:
        self.code = code
        self.params = params
        template = REASONS.get(code, code)
        try:
            text = template.format(**params)
        except (KeyError, IndexError, ValueError):
            text = f"{code} {params}"
        super().__init__(text)

    @property
    def reason(self) -> str:
        return str(self)
