"""Court cards: figures drawn from ramigui/art/courts.py, in the pattern the language asks.

No pixel goldens: the tests check what must hold whatever the drawing becomes — every court
is its own picture, the pattern follows the language, any size renders, and the figure
never touches the large corner index."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator

import pygame
import pytest

from ramigui import i18n
from ramigui.art import courts
from ramigui.art.cards import COURT_PATTERN
from ramigui.cards import Card, parse_cards
from ramigui.ui import cardart
from ramigui.ui.cardart import DeckStyle, card_height, court_pattern, rank_letters, render_face

COURTS = parse_cards("JS QS KS JH QH KH JD QD KD JC QC KC")


@pytest.fixture(autouse=True)
def display() -> Iterator[None]:
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((8, 8))
    yield
    i18n.set_language("en")
    pygame.display.quit()


def letters_in(language: str) -> tuple[str, ...]:
    i18n.set_language(language)
    return rank_letters(i18n.tr)


def digest(surface: pygame.Surface) -> str:
    return hashlib.sha256(pygame.image.tobytes(surface, "RGBA")).hexdigest()


def test_the_pattern_follows_the_language() -> None:
    french, english = letters_in("fr"), letters_in("en")
    assert court_pattern(french) == "paris" and french[11:14] == ("V", "D", "R")
    assert court_pattern(english) == "english" and english[11:14] == ("J", "Q", "K")
    assert court_pattern(english[:14]) == "english", "index texts alone fall back to English"


@pytest.mark.parametrize("four_colour", [False, True])
def test_every_court_is_its_own_picture_in_each_pattern(four_colour: bool) -> None:
    style = DeckStyle(four_colour)
    faces = {(language, card): digest(render_face(card, 120, style, letters_in(language)))
             for language in ("fr", "en") for card in COURTS}
    assert len(set(faces.values())) == len(faces) == 24
    for card in COURTS:  # the same card looks different in the two patterns
        assert faces[("fr", card)] != faces[("en", card)]


def test_the_pattern_not_the_letters_makes_the_figure() -> None:
    french = letters_in("fr")
    english_figures = french[:COURT_PATTERN] + ("english",)
    for card in COURTS:
        assert digest(render_face(card, 100, DeckStyle(), french)) != \
            digest(render_face(card, 100, DeckStyle(), english_figures))


def test_the_patterns_keep_their_traditions() -> None:
    paris = {card: courts.figure_for("paris", card.suit, card.rank) for card in COURTS}
    english = {card: courts.figure_for("english", card.suit, card.rank) for card in COURTS}
    assert [paris[c].name for c in parse_cards("KH QS JC KD")] == ["CHARLES", "PALLAS", "LANCELOT", "CÉSAR"]
    assert {c for c, f in english.items() if f.profile} == set(parse_cards("JS JH KD")), "one-eyed"
    assert english[parse_cards("KH")[0]].held == "sword_behind"
    assert english[parse_cards("KD")[0]].held == "axe"
    assert all(not f.name for f in english.values())


@pytest.mark.parametrize("width", [30, 640])
def test_a_court_renders_tiny_and_at_4k(width: int) -> None:
    letters = letters_in("fr")
    for card in parse_cards("KH QS JD"):
        face = render_face(card, width, DeckStyle(), letters)
        assert face.get_size() == (width, card_height(width))
        assert digest(face) != digest(index_alone(card, width, DeckStyle(), letters))


def index_alone(card: Card, width: int, style: DeckStyle, letters: tuple[str, ...]) -> pygame.Surface:
    """The card as it would be with its corner indices and nothing else."""
    w, h = width * cardart.SS, card_height(width) * cardart.SS
    blank = cardart._rounded_card(w, h, cardart.PAPER, cardart.EDGE)
    cardart._draw_index(blank, card, letters[card.rank], cardart.suit_colour(card.suit, style.four_colour))
    return cardart._opaque(pygame.transform.smoothscale(blank, (width, card_height(width))))


@pytest.mark.parametrize("language", ["fr", "en"])
def test_the_figure_never_touches_the_corner_index(language: str) -> None:
    """Both corners hold exactly the index drawn alone: same letter, suit, size and place."""
    letters = letters_in(language)
    width = 150
    height = card_height(width)
    corner = pygame.Rect(0, 0, int(width * 0.285), int(height * 0.4))
    far = corner.copy()
    far.bottomright = (width, height)
    for style in (DeckStyle(False), DeckStyle(True)):
        for card in COURTS:
            face = render_face(card, width, style, letters)
            alone = index_alone(card, width, style, letters)
            for box in (corner, far):
                assert digest(face.subsurface(box)) == digest(alone.subsurface(box)), (card, box)


def test_the_court_index_stays_large() -> None:
    """The rank letter is a quarter of the card's width tall, as on every other card."""
    width = 200
    face = render_face(parse_cards("KS")[0], width, DeckStyle(), letters_in("en"))
    letter = face.subsurface(pygame.Rect(0, 0, int(width * 0.285), int(card_height(width) * 0.22)))
    ink = pygame.mask.from_threshold(letter, (28, 28, 34, 255), (60, 60, 60, 255)).get_bounding_rects()
    tallest = max(rect.height for rect in ink)
    assert width * 0.22 <= tallest <= width * 0.28


@pytest.mark.parametrize("width", [40, 90, 230])
def test_every_card_is_opaque_within_its_edge(width: int) -> None:
    """In a fanned hand a card covers the one below it: the paper was left at alpha 253 by
    the scaling, and the card below showed through (its upside-down index, faintly)."""
    faces = [render_face(card, width, DeckStyle(), letters_in("en")) for card in parse_cards("8S AC KH 10D JK")]
    for surface in [*faces, cardart.render_back(width, "blue")]:
        w, h = surface.get_size()
        margin = max(2, w // 12)  # the rounded corners and the soft rim keep their alpha
        inside = {surface.get_at((x, y)).a for x in range(margin, w - margin, 3) for y in range(margin, h - margin, 3)}
        assert inside == {255}
