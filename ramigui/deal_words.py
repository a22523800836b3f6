"""A deal's fingerprint as four words a person can read aloud, in the player's language.

Each word list (`assets/words/<language>.txt`) holds 256 short, concrete words a child
knows, none sounding like another: each of the fingerprint's first four bytes picks one
word. The words are for people comparing a table with a phone or a log; the full
fingerprint (64 hexadecimal digits) is what a log keeps and `ramigui verify` checks.
"""

from __future__ import annotations

from functools import cache

from ramigui import i18n
from ramigui.resources import asset_path

WORDS_SHOWN = 4
LIST_SIZE = 256


@cache
def word_list(language: str) -> tuple[str, ...]:
    """The 256 words of `language` (English for a language without a list)."""
    try:
        path = asset_path(f"words/{language}.txt")
    except FileNotFoundError:
        path = asset_path("words/en.txt")
    words = tuple(line.strip() for line in path.read_text(encoding="utf-8").splitlines() if line.strip())
    if len(words) != LIST_SIZE or len(set(words)) != LIST_SIZE:
        raise ValueError(f"{path} must hold {LIST_SIZE} different words, not {len(words)}")
    return words


def fingerprint_words(fingerprint: bytes, language: str | None = None) -> str:
    """The fingerprint's four words, in `language` (default: the player's)."""
    words = word_list(language or i18n.language())
    return " ".join(words[byte] for byte in fingerprint[:WORDS_SHOWN])


def fingerprint_words_everywhere(fingerprint: bytes) -> str:
    """The four words in every language the game speaks, English first, e.g. "canoe olive
    lobster cherry / castor poney orange chemise": a log is checked by anyone, who saw the
    words at a table or on a phone in their own language."""
    languages = ["en", *sorted(language for language in i18n.LANGUAGES if language != "en")]
    return " / ".join(fingerprint_words(fingerprint, language) for language in languages)
