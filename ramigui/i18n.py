"""The one translation layer: `tr(key, **params)` in French or English.

Player-facing text never lives in drawing code: it asks for a key here. The catalogues are
plain dicts in `ramigui/locale/{fr,en}.py` (a test checks both hold the same keys). The
rules raise `IllegalMove` with a stable `code` (and sub-codes for its finer parts);
`reason_text` turns it into the player's language, so the rules never choose a language.
"""

from __future__ import annotations

import locale
import os
import re
import threading
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from datetime import datetime
from typing import Any

from ramigui.cards import Card, CardParseError, parse_cards
from ramigui.locale import en, fr

LANGUAGES: dict[str, Mapping[str, str]] = {"fr": fr.CATALOGUE, "en": en.CATALOGUE}
DEFAULT_LANGUAGE = "en"
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}

_current = DEFAULT_LANGUAGE
_speaking = threading.local()
"""A language this thread speaks for a while (`speaking`): a phone's own, while its state is made."""


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
    """The language texts are made in now: this thread's `speaking` one, else the game's."""
    return getattr(_speaking, "lang", None) or _current


@contextmanager
def speaking(lang: str | None) -> Iterator[str]:
    """Texts made by this thread inside the block are in `lang` (None, or one we do not
    speak: the language in force), and the game's language is untouched: a phone's state
    is told in the phone's language while the table and the other threads go on in theirs."""
    before = getattr(_speaking, "lang", None)
    _speaking.lang = lang if lang in LANGUAGES else before
    try:
        yield language()
    finally:
        _speaking.lang = before


def has_key(key: str) -> bool:
    return key in LANGUAGES[language()]


def tr(key: str, **params: Any) -> str:
    """The text of `key` in the current language, with `params` filled in.

    Cards and lists of cards in params are written the way players read them (7♥, V♠).
    A key missing from the catalogue shows as itself, so a gap is visible, never a crash.
    When the sentence's subject (`name`) is the pronoun "You"/"Vous", the key's `.you`
    variant is used if there is one: "Vous avez posé", never "Vous a posé".
    """
    key = person_key(key, params.get("name"))
    lang = language()
    template = LANGUAGES[lang].get(key)
    if template is None:
        template = LANGUAGES[DEFAULT_LANGUAGE].get(key, key)
    shown = {name: _display(name, value) for name, value in params.items()}
    try:
        text = template.format(**shown)
    except (KeyError, IndexError, ValueError):
        text = template
    text = singular_counts(text, lang)
    return french_spacing(french_articles(text)) if lang == "fr" else text


_SINGULARS: dict[str, dict[str, str]] = {
    "en": {"points": "point", "cards": "card", "rounds": "round", "games": "game"},
    "fr": {"points non utilisés": "point non utilisé", "points": "point", "cartes": "carte", "manches": "manche",
           "parties": "partie"},
}
"""Plural nouns after a count, and their singular, per language."""
_SINGULAR_COUNTS = {
    lang: re.compile(r"(?<![\d.,−-])(" + ("[01]" if lang == "fr" else "1") + r") (" + "|".join(words) + r")\b")
    for lang, words in _SINGULARS.items()
}


def singular_counts(text: str, lang: str | None = None) -> str:
    """A count of one (and of zero in French) takes the singular, whatever the template
    says: "il vous manque 1 point", "1 card", "0 manche" — the catalogues write the plural.
    `lang`: the language the text is in (None: the one in force)."""
    lang = lang or language()
    pattern = _SINGULAR_COUNTS.get(lang)
    if pattern is None:
        return text
    singulars = _SINGULARS[lang]
    return pattern.sub(lambda m: f"{m.group(1)} {singulars[m.group(2)]}", text)


_FRENCH_ARTICLE = re.compile(r"\b([Ll])e (D|A)(?=[♠♥♦♣])")


def french_articles(text: str) -> str:
    """The catalogues write « jetez le {card} »: a queen takes « la » and an ace « l' »
    (« jetez la D♠ », « l'A♣ »), as a player says them; a newcomer read « le D♠ »."""
    return _FRENCH_ARTICLE.sub(lambda m: f"{m.group(1)}a {m.group(2)}" if m.group(2) == "D"
                               else f"{m.group(1)}'{m.group(2)}", text)


NBSP = "\u00a0"


def french_spacing(text: str) -> str:
    """French puts a space before ! ? : ; » and after «; it must not break there, or a line
    starts with a lone "»" or "!" — so those spaces become non-breaking ones."""
    text = re.sub(r" ([!?:;»])", NBSP + r"\1", text)
    return text.replace("« ", "«" + NBSP)


def tr_count(key: str, n: int, **params: Any) -> str:
    """`tr` for a sentence about `n` things, in its singular or plural form.

    The singular form is the key's `.one` variant; French takes it for 0 and 1 ("0 manche",
    "1 manche"), English for 1 only ("0 rounds", "1 round"). `n` is passed on as a param.
    """
    singular = n in (0, 1) if language() == "fr" else n == 1
    if singular and f"{key}.one" in LANGUAGES[language()]:
        key = f"{key}.one"
    return tr(key, n=n, **params)


def day_text(stamp: str) -> str:
    """A day the way the current language writes it (23 nov. 2026), from ISO text; text
    that is not a date is shown as it is."""
    try:
        day = datetime.fromisoformat(stamp.strip())
    except ValueError:
        return stamp
    return tr("date.day", day=day.day, month_name=tr(f"date.month.{day.month}"), year=day.year)


def date_text(stamp: str | datetime) -> str:
    """A date and time the way the current language writes it (23 nov. 2026 à 14:22, or
    23 Nov 2026, 14:22), from a datetime or its ISO text; text that is not a date is shown
    as it is, so an old record never hides its date."""
    if isinstance(stamp, str):
        try:
            stamp = datetime.fromisoformat(stamp.strip())
        except ValueError:
            return stamp
    return tr("date.datetime", day=stamp.day, month_name=tr(f"date.month.{stamp.month}"), year=stamp.year,
              hour=stamp.hour, minute=stamp.minute)


def is_you(name: Any) -> bool:
    """Whether a name is the pronoun the table calls the viewer (`table.you`, either language)."""
    return isinstance(name, str) and any(name == catalogue.get("table.you") for catalogue in LANGUAGES.values())


def person_key(key: str, name: Any) -> str:
    """The key for a sentence whose subject is `name`: its `.you` form (second person) when
    the subject is the viewer's pronoun and the catalogue has one, else `key` itself."""
    if is_you(name) and f"{key}.you" in LANGUAGES[language()]:
        return f"{key}.you"
    return key


def name_within(name: str) -> str:
    """A seat's name inside a sentence ("gagnée par vous"): the viewer's pronoun in lower
    case — "gagnée par Vous" read as a mistake — and any other name as `seat_name` says it."""
    return tr("table.you_within") if is_you(name) else seat_name(name)


DEFAULT_NAME_KEYS = ("table.you", "table.player", "table.bot_name", "setup.default_human", "setup.default_bot")
"""The names the game gives seats nobody named ("Player 1", "Robot 2", "You")."""


def seat_name(name: str) -> str:
    """A seat's name as shown now: a name the game gave (its default in either language,
    "Robot 2") is said in the current language ("Bot 2"), so switching language mid-game
    relabels every default name; a name a person typed is shown as typed."""
    found = _default_match(name)
    if found is None:
        return name
    key, match = found
    return tr(key, n=int(match.group(1))) if match.groups() else tr(key)


def canonical_name(name: str) -> str:
    """A name as the statistics keep it: a name the game gave in the default language ("Vous"
    and "You" are one person, seen twice in "Par joueur" after a change of language), any
    other name as typed."""
    found = _default_match(name)
    if found is None:
        return name
    key, match = found
    template = LANGUAGES[DEFAULT_LANGUAGE][key]
    return template.format(n=int(match.group(1))) if match.groups() else template


def player_number(name: str) -> int | None:
    """The number of a seat the game named "Player 2" ("Joueur 2"), else None: French says
    "au joueur 2" where it says "à Léa"."""
    found = _default_match(name)
    if found is None or found[0] not in ("table.player", "setup.default_human"):
        return None
    return int(found[1].group(1))


def is_default_name(name: str) -> bool:
    """True for a name the game gave ("Bot 1", "Joueur 2", "You") or none at all, false
    for one a person typed: only the former may be replaced by the game."""
    return not name.strip() or _default_match(name) is not None


def _default_match(name: str) -> tuple[str, re.Match[str]] | None:
    for key in DEFAULT_NAME_KEYS:
        for catalogue in LANGUAGES.values():
            match = _default_name_pattern(catalogue.get(key, "")).fullmatch(name)
            if match:
                return key, match
    return None


_PATTERNS: dict[str, re.Pattern[str]] = {}


def _default_name_pattern(template: str) -> re.Pattern[str]:
    """"Robot {n}" → a pattern matching "Robot 2" (the number captured)."""
    if template not in _PATTERNS:
        parts = template.split("{n}")
        _PATTERNS[template] = (
            re.compile(r"(\d+)".join(re.escape(part) for part in parts))
            if template
            else re.compile(r"(?!)")
        )
    return _PATTERNS[template]


def rank_text(rank: int) -> str:
    """The index letter of a rank in the current language (V D R in French)."""
    return tr(f"rank.{rank}")


def decimal_text(value: float, places: int = 1) -> str:
    """A number with `places` decimals as the language writes it: 15.8, in French 15,8."""
    text = f"{value:.{places}f}"
    return text.replace(".", ",") if language() == "fr" else text


def card_text(card: Card) -> str:
    """A card as players write it: 10♥, D♠ (French), Q♠ (English), Joker."""
    if card.is_joker:
        return tr("card.joker")
    return rank_text(card.rank) + SUIT_SYMBOLS[card.suit]


def cards_text(cards: Iterable[Card]) -> str:
    return " ".join(card_text(card) for card in cards)


CARD_PARAMS = frozenset({"card", "cards"})
"""Params that hold cards, possibly in notation (`"QH"`, `"7H 8H 9H"`)."""
BOX_PARAMS = frozenset({"box", "other"})
"""Params that name a box of the Yami sheet, as the rules write it (`K`, `double_paire`)."""
_SERIES_BOX_RANKS = {"7": 7, "8": 8, "9": 9, "10": 10, "J": 11, "Q": 12, "K": 13, "A": 1}


def box_text(word: str) -> str:
    """A Yami box as the sheet labels it: a série by its rank letter (R in French), a
    combinaison by its name (Double paire); an unknown word as it was written."""
    rank = _SERIES_BOX_RANKS.get(word.upper())
    if rank is not None:
        return rank_text(rank)
    key = f"yami.box.{word.lower()}"
    return tr(key) if has_key(key) else word


def _display(name: str, value: Any) -> Any:
    if name in BOX_PARAMS and isinstance(value, str):
        return box_text(value)
    if name in CARD_PARAMS and isinstance(value, str):
        try:
            return cards_text(parse_cards(value))
        except CardParseError:
            return value
    if name == "suit" and value in SUIT_SYMBOLS:
        return SUIT_SYMBOLS[value]
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
    if key not in LANGUAGES[language()]:
        return str(error)
    params = dict(getattr(error, "params", {}) or {})
    if params.get("card") == "JK" and f"{key}.joker" in LANGUAGES[language()]:
        key = f"{key}.joker"  # French: « le joker que vous avez pris », not « Joker, que vous avez prise »
    for name in SUB_CODE_PARAMS:  # sub-codes first, so each is filled with the same params
        value = params.get(name)
        if isinstance(value, str) and has_key(f"{name}.{value}"):
            params[name] = tr(f"{name}.{value}", **params)
    return tr(key, **params)


SUB_CODE_PARAMS = ("detail", "action", "expected", "where")
"""Params of a reason that hold a sub-code (`detail.<code>`, … in the catalogues)."""


def variant_name(variant: Any) -> str:
    """A variant's name in the current language (variants.yaml holds both)."""
    names = getattr(variant, "name", {}) or {}
    return str(names.get(language()) or names.get(DEFAULT_LANGUAGE) or getattr(variant, "id", ""))


def variant_problem_text(error: Any) -> str:
    """A VariantError (a variants.yaml problem) in the player's language: what is wrong and
    what to write instead. Unknown codes fall back to the English text."""
    return _variant_problem(getattr(error, "code", ""), dict(getattr(error, "params", {}) or {}),
                            str(getattr(error, "message", error)))


def _variant_problem(code: str, params: dict[str, Any], fallback: str) -> str:
    if code == "when_option":  # the problem met with one house-rule value, itself translated
        inner = {name[len("problem_"):]: value for name, value in params.items() if name.startswith("problem_")}
        params["problem"] = _variant_problem(str(params.get("problem", "")), inner, fallback)
    kind = params.get("kind")
    if isinstance(kind, str) and has_key(f"variant_kind.{kind}"):
        params["kind"] = tr(f"variant_kind.{kind}", **params)
    key = f"variant_error.{code}"
    return tr(key, **params) if has_key(key) else fallback


def variant_problem_place(error: Any) -> str:
    """Where in the file a problem is: "line 3, variant mine, field ace_value" (the file itself
    is named once, above the list)."""
    parts = []
    if getattr(error, "line", None) is not None:
        parts.append(tr("variant_place.line", line=error.line))
    if getattr(error, "variant", ""):
        parts.append(tr("variant_place.variant", variant=error.variant))
    if getattr(error, "field_name", ""):
        parts.append(tr("variant_place.field", field=error.field_name))
    return ", ".join(parts)


def text_in(lang: str, key: str) -> str:
    """A fixed text (no fields) in a given language, the one in force unchanged: for a
    phone's own language (its request's Accept-Language), from any thread."""
    lang = lang if lang in LANGUAGES else DEFAULT_LANGUAGE
    text = LANGUAGES[lang].get(key) or LANGUAGES[DEFAULT_LANGUAGE].get(key, key)
    return french_spacing(text) if lang == "fr" else text
