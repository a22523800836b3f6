"""One language at a time: a game begun in French and switched to English mid-game
says everything in English — the last moves, every default name ("Robot 2" → "Bot 2"),
Yami's boxes — and the other way round. Every screen is drawn and what it says is read
off the drawing (screen_texts), then scanned for the other language's words."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from screen_texts import drawn_texts
from ui_helpers import open_menus_app

from ramigui import i18n
from ramigui.bots import make_bot
from ramigui.session import GameSession, GameSetup, Seat
from ramigui.storage import Store
from ramigui.ui.app import App
from ramigui.ui.game_screen import PauseMenu, SessionTable, start_table
from ramigui.ui.menu import MainMenu
from ramigui.ui.overlays import RoundEndScene
from ramigui.ui.scoresheet import ScoreSheetScene, SheetData
from ramigui.ui.screen import Context
from ramigui.ui.settings_screen import SettingsScreen
from ramigui.ui.setup_screen import SetupScreen

FRENCH_ONLY = ("Robot", "Joueur", "Vous", "Série", "Séries", "brelan", "Brelan", "carré", "Carré", "manche",
               "Manche", "pioche", "Pioche", "défausse", "Défausse", "combinaison", "frappe", "entame",
               "non utilisé", "Conseil", "Trier", "Annuler", "Partie", "rien posé", "en main", "gagne", "Exposer",
               "Paire", "Quinte", "Couleur", "Total général", "séries", "rami sec", "rami")
ENGLISH_ONLY = ("Bot", "Player", "You", "deadwood", "Round", "round", "Stock", "Discard", "Hint", "Undo", "Sort",
                "in hand", "never laid", "wins", "lead", "Series", "Pair", "Straight", "Flush", "Expose",
                "Last moves", "Knock")
VARIANTS = ("rami51", "gin", "yami")


def words_of(lang: str) -> tuple[str, ...]:
    """The other language's words to look for in a screen of `lang`."""
    return FRENCH_ONLY if lang == "en" else ENGLISH_ONLY


def mixed(texts: list[str], lang: str) -> list[tuple[str, str]]:
    found = []
    for text in texts:
        for word in words_of(lang):
            if re.search(rf"(?<![\w]){re.escape(word)}(?![\w])", text):
                found.append((word, text))
    return found


@pytest.fixture
def app(store: Store) -> Iterator[App]:
    with open_menus_app(store, (1024, 600), lang="fr") as made:
        yield made


def ctx_of(app: App) -> Context:
    scene = app.scenes[0]
    assert isinstance(scene, MainMenu)
    return scene.ctx


def said(app: App) -> list[str]:
    with drawn_texts() as drawn:
        app.draw()
    return [d.text for d in drawn]


def game_in_french(app: App, variant: str, store: Store, moves: int = 24) -> SessionTable:
    """A game set up in French (its default names are French), played a little by bots."""
    players = 2 if variant == "gin" else 3
    seats = (Seat(i18n.tr("setup.default_human", n=1)),) + tuple(
        Seat(i18n.tr("setup.default_bot", n=k), "easy") for k in range(1, players))
    session = GameSession.new(GameSetup(variant, seats), None, seed=5)
    bots = [make_bot(variant, "easy", seat) for seat in range(players)]
    for _ in range(moves):
        game = session.game
        if game.round_over:
            break
        session.play(bots[game.to_play].choose(game.view(game.to_play)))
    table = start_table(app, ctx_of(app), session)
    return table


@pytest.mark.parametrize("variant", VARIANTS)
def test_switching_language_mid_game_relabels_every_line_and_name(app: App, store: Store, variant: str) -> None:
    assert i18n.language() == "fr"
    table = game_in_french(app, variant, store)
    for _ in range(3):
        app.step()
    assert any("Robot" in text for text in said(app)), "the French game names its bots in French"
    for lang in ("en", "fr"):
        ctx_of(app).change(app, language=lang)
        texts = said(app)
        assert not mixed(texts, lang), mixed(texts, lang)
        assert all(not mixed([line], lang) for line in table.log)
        app.push(PauseMenu(ctx_of(app)))
        assert not mixed(said(app), lang)
        app.pop()
        app.push(ScoreSheetScene(ctx_of(app), SheetData.from_game(table.game, table.config.names)))
        assert not mixed(said(app), lang)
        app.pop()


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_end_of_a_round_and_the_sheet_speak_one_language(app: App, store: Store, variant: str) -> None:
    table = game_in_french(app, variant, store, moves=2000)
    game = table.game
    assert game.round_over
    for lang in ("en", "fr"):
        ctx_of(app).change(app, language=lang)
        app.push(RoundEndScene(game, table.config.names))
        texts = said(app)
        assert not mixed(texts, lang), mixed(texts, lang)
        app.pop()
        sheet = ScoreSheetScene(ctx_of(app), SheetData.from_game(game, table.config.names))
        app.push(sheet)
        assert not mixed(said(app), lang)
        if sheet.data.yami is not None:  # both pages of a Yami sheet
            sheet.page = "rounds"
            assert not mixed(said(app), lang)
        app.pop()


def test_the_menus_speak_one_language(app: App) -> None:
    for lang in ("en", "fr"):
        ctx_of(app).change(app, language=lang)
        for screen in (None, SetupScreen(ctx_of(app)), SettingsScreen(ctx_of(app))):
            if screen is not None:
                app.push(screen)
            texts = said(app)
            assert not mixed(texts, lang), mixed(texts, lang)
            if screen is not None:
                app.pop()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_default_names_are_said_in_the_language_of_the_moment(lang: str) -> None:
    i18n.set_language(lang)
    try:
        for name in ("Robot 2", "Bot 2"):
            assert i18n.seat_name(name) == i18n.tr("setup.default_bot", n=2)
        for name in ("Joueur 1", "Player 1"):
            assert i18n.seat_name(name) == i18n.tr("setup.default_human", n=1)
        assert i18n.seat_name("Robot 2x") == "Robot 2x" and i18n.seat_name("Ann") == "Ann"
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize(("lang", "text"), [("fr", "il vous manque 1 point pour ouvrir"), ("en", "(1 point)")])
def test_a_count_of_one_is_singular(lang: str, text: str) -> None:
    i18n.set_language(lang)
    try:
        said_now = i18n.tr("why.rummy.discard_keep" if lang == "fr" else "why.rummy.discard_high", card="7H",
                           short=1, need=51, points=1)
        assert text in said_now
        assert i18n.tr("table.cards", n=11).endswith("s")
    finally:
        i18n.set_language("en")


def test_english_texts_use_no_french_word() -> None:
    """No French word in English, such as "rami sec" in the round reasons or "poker-like
    séries" in Yami's description: every English text (the catalogue and the variants'
    names and descriptions) is checked, the French kept only in parentheses, as a gloss."""
    from ramigui.variants import all_variants

    texts = [text for key, text in i18n.LANGUAGES["en"].items() if not key.startswith("app.")]
    texts += [variant.description.get("en", "") for variant in all_variants()]
    texts += [str(text.get("en", "")) for variant in all_variants() for spec in variant.options
              for text in (spec.label, spec.help)]
    rules = Path(__file__).resolve().parent.parent / "assets" / "rules"
    texts += [line for page in sorted(rules.glob("*.en.md")) for line in page.read_text(encoding="utf-8").splitlines()]
    unglossed = [re.sub(r"\([^)]*\)", "", text) for text in texts if "{{" not in text]  # {{paire: 5}}: file keys
    found = [
        (word, text)
        for text in unglossed
        for word in (
            "séries",
            "série",
            "rami sec",
            "sec",
            "brelan",
            "paire",
            "carré",
            "quinte",
            "combinaison",
            "couleur",
        )
        if re.search(rf"(?<![\w]){re.escape(word)}(?![\w])", text)
    ]
    assert not found


def test_french_texts_write_the_court_cards_in_french_letters() -> None:
    """French writes V D R for the jack, queen and king: "haut ou bas (Q-K-A aussi)" in a
    house rule's help read in English letters, where the rules page says D-R-A."""
    from ramigui.variants import all_variants

    texts = [text for text in i18n.LANGUAGES["fr"].values()]
    texts += [variant.description.get("fr", "") for variant in all_variants()]
    texts += [str(text.get("fr", "")) for variant in all_variants() for spec in variant.options
              for text in (spec.label, spec.help)]
    found = [text for text in texts if re.search(r"(?<![\w])[JQK]-|-[JQK](?![\w])", text)]
    assert not found


@pytest.mark.parametrize(("lang", "one", "none"), [("en", "Rami 51 · 1 game", "Rami 51 · 0 games"),
                                                   ("fr", "Rami 51 · 1 partie", "Rami 51 · 0 partie")])
def test_a_count_of_games_takes_the_singular_too(lang: str, one: str, none: str) -> None:
    """The statistics' chooser says what its number counts ("Rami 51 · 1 game"): French
    takes the singular for 0 and 1, English for 1 only."""
    i18n.set_language(lang)
    try:
        assert i18n.tr("stats.variant_games", n=1, game="Rami 51") == one
        assert i18n.tr("stats.variant_games", n=0, game="Rami 51") == none
        assert i18n.tr("stats.variant_games", n=2, game="Rami 51").endswith(("games", "parties"))
        assert i18n.tr("score.in_hand", n=1).startswith(("1 point in", "1 point en"))
    finally:
        i18n.set_language("en")
