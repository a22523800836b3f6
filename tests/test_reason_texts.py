"""Every refusal reads in full in both languages: reason codes, their sub-codes (detail,
action, expected, where) and the second person for the viewer ("Vous avez posé")."""

from __future__ import annotations

import random
import string
from collections.abc import Iterator
from typing import Any

import pytest

from ramigui import i18n
from ramigui.bots import make_bot
from ramigui.cards import parse_cards
from ramigui.locale import en, fr
from ramigui.rules import Game, IllegalMove, Move
from ramigui.rules.errors import REASONS, SUB_CODES

LANGS = ("en", "fr")
SAMPLE: dict[str, Any] = {
    "text": "meld 7H", "card": "QH", "cards": "7H 8H 9H", "number": 2, "have": 34, "need": 51, "deadwood": 12,
    "limit": 10, "box": "full", "boxes": "paire brelan", "move": "pass", "family": "Yami", "suit": "H",
    "token": "9Q", "kind": "discard", "written": "meld 7H 8H 9H",
}


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def texts(error: IllegalMove) -> dict[str, str]:
    found = {}
    for lang in LANGS:
        i18n.set_language(lang)
        found[lang] = i18n.reason_text(error)
    return found


@pytest.mark.parametrize("table", sorted(SUB_CODES))
def test_every_sub_code_has_text_in_both_languages(table: str) -> None:
    for code, english in SUB_CODES[table].items():
        for catalogue in (en.CATALOGUE, fr.CATALOGUE):
            key = f"{table}.{code}"
            assert key in catalogue, key
            assert fields(catalogue[key]) <= fields(english), key  # the rules give every param it uses


@pytest.mark.parametrize("code", sorted(REASONS))
def test_every_reason_with_every_sub_code_reads_in_full(code: str) -> None:
    subs = [name for name in SUB_CODES if name in fields(REASONS[code])]
    choices = [[{}]] + [[{name: sub} for sub in SUB_CODES[name]] for name in subs]
    cases = [dict(SAMPLE)]
    for options in choices[1:]:
        cases = [{**case, **option} for case in cases for option in options][:400]
    for params in cases:
        for lang in LANGS:
            i18n.set_language(lang)
            text = i18n.reason_text(IllegalMove(code, **params))
            assert "{" not in text and "}" not in text, (lang, code, params, text)
            for name in subs:  # the sub-code's own words are in the sentence
                assert i18n.tr(f"{name}.{params[name]}", **params).split(" (")[0] in text, (lang, code, params, text)


PROBES = ("draw", "take", "pass", "done", "expose", "carte", "undo", "gin", "foo", "meld", "discard",
          "layoff 10H to x", "take 9Q from 1", "score nine", "score bonus", "cross full", "score k", "knock")


def refusals(variant: str, players: int, seed: int) -> Iterator[IllegalMove]:
    """Moves refused along a bot game: probes, and cards of the hand in the wrong shape."""
    game = Game.new(variant, players, seed)
    rng = random.Random(seed)
    bots = [make_bot(variant, "medium", s) for s in range(players)]
    for _ in range(160):
        if game.game_over:
            return
        if game.round_over:
            game.play("next")
            continue
        hand = game.hand(game.to_play)
        picks = [str(c) for c in rng.sample(hand, min(3, len(hand)))]
        tries = list(PROBES) + [
            f"meld {' '.join(picks)}",
            f"layoff {picks[0]} to 1",
            f"swap {picks[0]} for joker in 1",
            f"take {picks[0]} from 1",
            f"discard {picks[0]}",
            f"knock {picks[0]}",
            f"meld {picks[0]}",
        ]
        for move in tries:
            try:
                game.copy().play(move)
            except IllegalMove as error:
                yield error
        game.play(bots[game.to_play].choose(game.view(game.to_play)))


@pytest.mark.parametrize(
    ("variant", "players"), [("rami", 3), ("rami51", 2), ("rami_base", 2), ("gin", 2), ("yami", 2)]
)
def test_refusals_met_in_play_carry_sub_codes_and_read_in_both_languages(variant: str, players: int) -> None:
    seen: set[str] = set()
    for error in refusals(variant, players, 7):
        for name, table in SUB_CODES.items():
            if name in error.params:
                assert error.params[name] in table, (error.code, name, error.params[name])  # a code, never free text
        for lang, text in texts(error).items():
            assert "{" not in text and text != str(error.code), (lang, error.code, text)
        seen.add(error.code)
    assert len(seen) >= 5


def test_a_refused_meld_says_why_in_french() -> None:
    game = Game.from_position("rami_base", hands=["4S 6S 7S KD 2C", "2H 3H 5D 8C 9C"], stock="QC 5H", discard="3C")
    game.play("draw")
    with pytest.raises(IllegalMove) as caught:
        game.play("meld 4S 6S 7S")
    said = texts(caught.value)
    assert (
        said["en"]
        == "4♠ 6♠ 7♠ is not a valid meld — the cards are not consecutive (the ace is low only: A-2-3, not Q-K-A)"
    )
    # « ne forme pas » read wrong with several cards (a newcomer): no verb to agree
    assert said["fr"] == ("4♠ 6♠ 7♠\u00a0: pas une combinaison valable — les cartes ne se suivent pas "
                          "(l'as est bas seulement\u00a0: A-2-3, pas D-R-A)")  # no break before ":"
    assert (
        str(caught.value)
        == "4S 6S 7S is not a valid meld — the cards are not consecutive (the ace is low only: A-2-3, not Q-K-A)"
    )


def test_the_viewer_is_spoken_to_in_the_second_person() -> None:
    cards = parse_cards("7H 8H 9H")
    i18n.set_language("fr")
    assert i18n.tr("move.meld", name=i18n.tr("table.you"), cards=cards) == "Vous avez posé 7♥ 8♥ 9♥"
    assert i18n.tr("move.meld", name="Ana", cards=cards) == "Ana a posé 7♥ 8♥ 9♥"
    assert i18n.tr("round.winner", name="Vous") == "Vous gagnez la manche"
    assert i18n.tr("round.yami.exposed_by", name="Vous") == "Vous avez exposé"  # was "Vous a exposé"
    others_only = {"table.waiting", "table.gin.layoff", "table.gin.after_gin", "table.yami.reply",
                   "table.yami.cross", "score.seat_parts", "phone.gin.layoff", "phone.yami.reply"}  # never the viewer
    third_person = [key for key, text in fr.CATALOGUE.items() if text.startswith("{name} ")
                    and not key.endswith(".you") and key not in others_only and f"{key}.you" not in fr.CATALOGUE]
    assert not third_person, "a sentence whose subject may be the viewer needs its .you form"
    i18n.set_language("en")
    assert i18n.tr("move.expose", name="You") == "You exposed your hand"
    assert i18n.tr("round.winner", name="You") == "You win the round"
    for key in (k for k in en.CATALOGUE if k.endswith(".you") and k != "table.you"):
        base = key[: -len(".you")]
        assert base in en.CATALOGUE and key in fr.CATALOGUE, key


@pytest.mark.parametrize("text", ["discard 3H 7H", "discard 3H 7H 9S", "knock 3H 7H", "gin 3H 7H"])
def test_several_cards_to_discard_are_refused_in_a_players_words(text: str) -> None:
    """A phone sent "discard 3H 7H" (several cards chosen, the pile tapped): it was refused in
    move notation, “cannot read “discard 3H 7H”: “discard” names exactly one card"."""
    with pytest.raises(IllegalMove) as refused:
        Move.parse(text)
    said = texts(refused.value)
    assert refused.value.code == "discard_one_card"
    assert said == {"en": "discard one card only", "fr": "défaussez une seule carte"}
    assert str(refused.value) == f"{text}: discard one card only"  # the log keeps the move


def test_a_gin_move_of_several_cards_made_in_code_says_the_same() -> None:
    game = Game.new("gin", 2, 3)
    while game.view(game.to_play).public.phase != "discard":
        game.play(next(m for m in game.view(game.to_play).legal_moves if m.kind in ("pass", "draw")))
    cards = tuple(game.hand(game.to_play)[:2])
    with pytest.raises(IllegalMove) as refused:
        game.play(Move("discard", cards))
    assert texts(refused.value)["en"] == "discard one card only"


def test_a_phone_sending_several_cards_to_discard_reads_why() -> None:
    from phone_helpers import post_move, running_host

    i18n.set_language("fr")
    with running_host("rami51", players=2, phones=2, seed=7) as host:
        url = host.server.url(host.game.to_play)
        played = len(host.game.log)
        status, body = post_move(url, "discard 3H 7H")
        assert (status, body["error"], body["message"]) == (400, "discard_one_card",
                                                           "Refusé\u00a0: défaussez une seule carte")
        assert len(host.game.log) == played
