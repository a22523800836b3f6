"""The translation layer: both catalogues complete, every rules reason translated."""

from __future__ import annotations

import re
import string

import pytest

from ramigui import i18n
from ramigui.cards import parse_cards
from ramigui.locale import en, fr
from ramigui.rules.errors import REASONS, IllegalMove


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_same_keys_in_every_language() -> None:
    assert set(fr.CATALOGUE) - set(en.CATALOGUE) == set(), "missing in English"
    assert set(en.CATALOGUE) - set(fr.CATALOGUE) == set(), "missing in French"


def test_french_uses_no_parameter_english_lacks() -> None:
    for key, text in fr.CATALOGUE.items():
        assert _fields(text) <= _fields(en.CATALOGUE[key]) | _fields(REASONS.get(key[7:], "")), key


@pytest.mark.parametrize("code", sorted(REASONS))
def test_every_rules_reason_is_translated(code: str) -> None:
    for catalogue in (fr.CATALOGUE, en.CATALOGUE):
        assert f"reason.{code}" in catalogue
        assert _fields(catalogue[f"reason.{code}"]) <= _fields(REASONS[code])


def test_reason_text_in_french_names_cards_the_french_way() -> None:
    i18n.set_language("fr")
    try:
        error = IllegalMove("card_not_in_hand", card=parse_cards("QH")[0])
        assert i18n.reason_text(error) == "vous n'avez pas D♥"
        short = IllegalMove("opening_short", have=34, need=51)
        assert "34" in i18n.reason_text(short) and "51" in i18n.reason_text(short)
    finally:
        i18n.set_language("en")
    assert i18n.reason_text(IllegalMove("card_not_in_hand", card=parse_cards("QH")[0])) == "you do not hold Q♥"


def test_unknown_reason_falls_back_to_the_rules_text() -> None:
    error = IllegalMove("brand_new_code", x=1)
    assert i18n.reason_text(error) == str(error)


def test_system_language(monkeypatch: pytest.MonkeyPatch) -> None:
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    assert i18n.system_language() == "fr"
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    assert i18n.system_language() == "en"
    monkeypatch.setenv("LANG", "fr_CA.UTF-8")
    assert i18n.set_language("de") == "fr", "a language the app does not speak: the system's"
    i18n.set_language("en")


def test_cards_given_in_notation_are_shown_the_players_way() -> None:
    i18n.set_language("fr")
    try:
        assert i18n.reason_text(IllegalMove("card_not_in_hand", card="KS")) == "vous n'avez pas R♠"
    finally:
        i18n.set_language("en")


def test_french_punctuation_never_starts_a_line() -> None:
    """« Carte ! » must not wrap with the "!" or the "»" alone on the next line."""
    from ramigui.i18n import NBSP

    i18n.set_language("fr")
    try:
        said = i18n.tr("move.carte", name="Ana")
    finally:
        i18n.set_language("en")
    assert said == f"Ana a annoncé «{NBSP}Carte{NBSP}!{NBSP}»"
    assert " !" not in said and " »" not in said


@pytest.mark.parametrize("variant_id", ["rami", "rami51", "gin", "yami"])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_key_help_names_every_button_key_and_each_sort_in_its_buttons_words(variant_id: str, lang: str) -> None:
    """The keyboard's reminder names the key of every button that has one (Rami familial's
    "C" for "Carte !" was missing), and names each sort button by its label: a newcomer read
    "S/R/A sort (suit, rank, melds)" under buttons saying "Melds, then suits" and "By
    melds", and could not tell which key was which button."""
    import pygame

    from ramigui.ui.families import screen_family
    from ramigui.variants import get_variant

    variant = get_variant(variant_id)
    family = screen_family(variant).table(variant)
    i18n.set_language(lang)
    try:
        items = family.key_items()
        named = {letter for item in items for letter in item.split(" ")[0].split("/") if re.fullmatch("[A-Z]", letter)}
        buttons = [button for row in family.button_rows() for button in row]
        for action, _, key in buttons:
            assert key is None or pygame.key.name(key).upper() in named, (action, items)
        said = " · ".join(items).lower()
        for action, label, _ in buttons:
            assert not action.startswith("sort") or i18n.tr(label).lower() in said, (i18n.tr(label), said)
        assert ("carte" in {action for action, _, _ in buttons}) == (variant_id == "rami")
    finally:
        i18n.set_language("en")


def test_numbers_and_the_bots_speed_read_as_french_writes_them() -> None:
    """A French family read "Manche moy. 15.8" and "Vitesse des robots : Normales": French
    writes 15,8, and the speed agrees with "Vitesse" (the animations keep the plural)."""
    from ramigui.ui.settings_screen import value_text

    try:
        i18n.set_language("fr")
        assert i18n.decimal_text(15.84) == "15,8"
        assert value_text("bot_speed", "normal") == "Normale" and value_text("animation_speed", "normal") == "Normales"
        i18n.set_language("en")
        assert i18n.decimal_text(15.84) == "15.8" and value_text("bot_speed", "fast") == "Fast"
    finally:
        i18n.set_language("en")


def test_a_queen_takes_la_and_an_ace_l_in_french() -> None:
    """A newcomer read the hint « jetez le D♠ »: a queen is « la dame », an ace « l'as »."""
    from ramigui.cards import parse_card

    i18n.set_language("fr")
    try:
        said = [i18n.tr("why.rummy.discard_loose", card=parse_card(card)) for card in ("QS", "AC", "KH", "10D")]
    finally:
        i18n.set_language("en")
    assert [line.split(":")[0].rstrip("\u00a0 ") for line in said] == [
        "jetez la D♠", "jetez l'A♣", "jetez le R♥", "jetez le 10♦"]
    assert i18n.french_articles("Le D♥ n'est pas là") == "La D♥ n'est pas là"
