"""The one translation layer: `tr(key, **params)` in French or English.

Player-facing text never lives in drawing code: it asks for a key here. The catalogues are
plain dicts in `ramigui/locale/{fr,en}.py` (a test checks both hold the same keys). The
rules raise `IllegalMove` with a stable `code`; `reason_text` turns it into the player's
language, so the rules never choose a language.
"""

from __future__ import annotations

import locale
import os
from collections.abc import Iterable, Mapping
from typing import Any

from ramigui.cards import Card, CardParseError, parse_cards
from ramigui.locale import en, fr

LANGUAGES: dict[str, Mapping[str, str]] = {"fr": fr.CATALOGUE, "en": en.CATALOGUE}
DEFAULT_LANGUAGE = "en"
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}

_current = DEFAULT_LANGUAGE


def system_language() -> str:
    """French when the system says French (LANGUAGE, LC_ALL, LC_MESSAGES, LANG), else English."""
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var, "")
        if value and value not in ("C", "POSIX") and not value.startswith("C."):
            return "fr" if value.lower().startswith("fr") else "en"
    try:
        code = locale.getlocale()[0] or ""
    except ValueError:
        code = ""
    return "fr" if code.lower().startswith("fr") else DEFAULT_LANGUAGE


def set_language(lang: str | None) -> str:
    """Choose the language (None: the system's). Returns the language now in force."""
    global _current
    _current = lang if lang in LANGUAGES else system_language()
    return _current


def language() -> str:
    return _current


def has_key(key: str) -> bool:
    return key in LANGUAGES[_current]


def tr(key: str, **params: Any) -> str:
    """The text of `key` in the current language, with `params` filled in.

    Cards and lists of cards in params are written the way players read them (7♥, V♠).
    A key missing from the catalogue shows as itself, so a gap is visible, never a crash.
    """
    template = LANGUAGES[_current].get(key)
    if template is None:
        template = LANGUAGES[DEFAULT_LANGUAGE].get(key, key)
    shown = {name: _display(name, value) for name, value in params.items()}
    try:
        return template.format(**shown)
    except (KeyError, IndexError, ValueError):
        return template


def rank_text(rank: int) -> str:
    """The index letter of a rank in the current language (V D R in French)."""
    return tr(f"rank.{rank}")


def card_text(card: Card) -> str:
    """A card as players write it: 10♥, D♠ (French), Q♠ (English), Joker."""
    if card.is_joker:
        return tr("card.joker")
    return rank_text(card.rank) + SUIT_SYMBOLS[card.suit]


def cards_text(cards: Iterable[Card]) -> str:
    return " ".join(card_text(card) for card in cards)


CARD_PARAMS = frozenset({"card", "cards"})
"""Params that hold cards, possibly in notation (`"QH"`, `"7H 8H 9H"`)."""


def _display(name: str, value: Any) -> Any:
    if name in CARD_PARAMS and isinstance(value, str):
        try:
            return cards_text(parse_cards(value))
        except CardParseError:
            return value
    if isinstance(value, Card):
        return card_text(value)
    if isinstance(value, (list, tuple)) and value and all(isinstance(v, Card) for v in value):
        return cards_text(value)
    if isinstance(value, str) and has_key(f"param.{value}"):
        return tr(f"param.{value}")
    return value


def reason_text(error: Any) -> str:
    """An IllegalMove in the player's language: its code translated, params filled in.

    Unknown codes fall back to the rules' own English text rather than hiding the reason.
    """
    code = getattr(error, "code", "")
    key = f"reason.{code}"
    if key not in LANGUAGES[_current]:
        return str(error)
    params = dict(getattr(error, "params", {}) or {})
    return tr(key, **params)


def variant_name(variant: Any) -> str:
    """A variant's name in the current language (variants.yaml holds both)."""
    names = getattr(variant, "name", {}) or {}
    return str(names.get(_current) or names.get(DEFAULT_LANGUAGE) or getattr(variant, "id", ""))
