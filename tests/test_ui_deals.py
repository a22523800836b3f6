"""Deals anyone can check, on the screen: the fingerprint on the table, "Show the deal" at
a round's end, "Deal from a code" in New game, re-deals in the statistics, the rules page."""

from __future__ import annotations

from typing import Any

import pygame
import pytest
from ui_helpers import FrameClock, open_app, table

from ramigui import i18n
from ramigui.bots.random_bot import RandomBot
from ramigui.deal_record import redeal_deals
from ramigui.deal_words import fingerprint_words
from ramigui.rules import Game
from ramigui.rules.deals import Deals, Table
from ramigui.session import GameSession, GameSetup, Seat
from ramigui.settings import Settings as TableSettings
from ramigui.stats import FinishedGame, Stats, load_stats
from ramigui.storage import Store
from ramigui.ui import widgets
from ramigui.ui.app import App
from ramigui.ui.deal_scene import SHOW_KEY, DealScene
from ramigui.ui.menu import open_menus
from ramigui.ui.overlays import RoundEndScene
from ramigui.ui.rules_screen import SHUFFLING, RulesScreen, blocks_for
from ramigui.ui.setup_screen import SetupScreen

KEYED = Deals("keyed", bytes(range(32)))


@pytest.fixture
def texts(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text the screen draws from now on."""
    drawn: list[str] = []
    original = widgets.text_surface

    def caught(text: str, *args: Any, **kwargs: Any) -> Any:
        drawn.append(text)
        return original(text, *args, **kwargs)

    monkeypatch.setattr(widgets, "text_surface", caught)
    return drawn


def finished_round(variant: str = "gin", players: int = 2) -> Game:
    game = Game.new(variant, players, seed=3, deals=KEYED)
    bot = RandomBot(3)
    while not game.round_over:
        game.play(bot.choose(game.view(game.to_play)))
    return game


def key(app: App, code: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=""))
    app.step()


def test_the_table_shows_the_rounds_fingerprint(texts: list[str]) -> None:
    with open_app() as app:
        game = Game.new("rami51", 3, seed=2, deals=KEYED)
        table(app, game)
        app.step()
    words = fingerprint_words(game.fingerprint())
    assert words in " ".join(texts)  # the line may wrap in the side panel


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_show_the_deal_lays_it_out_and_checks_the_fingerprint(lang: str, texts: list[str]) -> None:
    game = finished_round()
    with open_app() as app:
        i18n.set_language(lang)
        panel = RoundEndScene(game, ["Ana", "Bob"])
        app.push(panel)
        app.step()
        assert i18n.tr("deal.show") in texts
        key(app, SHOW_KEY)
        assert isinstance(app.top, DealScene)
        app.step()
        proof = app.top.proof
        assert proof.matches and proof.round_no == 1
        assert i18n.tr("deal.matches") in texts
        assert any(proof.code in text for text in texts) and any(proof.nonce.hex() in text for text in texts)
        assert [len(cards) for _, cards in app.top.rows()] == [10, 10, 1, 31]
        key(app, pygame.K_ESCAPE)
        assert app.top is panel


def test_a_mismatching_deal_is_said_so(texts: list[str]) -> None:
    from dataclasses import replace

    game = finished_round()
    proof = game.deal_proof()
    assert proof is not None
    with open_app() as app:
        app.push(DealScene(replace(proof, matches=False), ["Ana", "Bob"]))
        app.step()
    assert i18n.tr("deal.mismatch") in texts and i18n.tr("deal.matches") not in texts


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_rules_pages_say_how_the_cards_are_shuffled(lang: str, texts: list[str]) -> None:
    blocks = blocks_for(SHUFFLING, lang)
    i18n.set_language(lang)
    assert blocks[0].level == 1 and blocks[0].text == i18n.tr("rules.shuffle_page")
    whole = " ".join(block.text for block in blocks)
    assert "ramigui verify" in whole and "38v9-knkvt-nru8y" in whole
    with open_app() as app:
        i18n.set_language(lang)
        ctx = open_menus(app, type("Options", (), {"lang": lang})(), None)
        app.push(RulesScreen(ctx, SHUFFLING))
        app.step()
        assert i18n.tr("rules.shuffle_page") in texts



def setup_app(store: Store) -> tuple[App, SetupScreen]:
    pygame.display.init()
    pygame.font.init()
    app = App(pygame.display.set_mode((1024, 600)), TableSettings(), idle_wait=False)
    app.clock = FrameClock()
    ctx = open_menus(app, type("Options", (), {"lang": "en"})(), store)
    screen = SetupScreen(ctx)
    app.push(screen)
    app.step()
    return app, screen


def test_deal_from_a_code_starts_a_redeal_of_that_round(store: Store) -> None:
    game = finished_round("rami51", 4)
    proof = game.deal_proof()
    assert proof is not None
    app, screen = setup_app(store)
    try:
        field = next(c for c in screen.controls if getattr(c, "name", "") == "deal_code")
        assert field.text == ""
        pygame.event.post(pygame.event.Event(widgets.UI_ACTION, action="deal_code", name="deal_code",
                                             value=proof.code.upper()))
        app.step()
        screen.start()
        session = GameSession.resume(store)
        assert session is not None
        dealt = session.game
        assert dealt.deals.redeal == proof.code and dealt.round_no == 1
        def hands(groups: Any) -> list[list[str]]:
            return sorted(sorted(map(str, hand)) for hand in groups)

        assert hands(dealt.hand(s) for s in range(4)) == hands(proof.layout.hands)
    finally:
        pygame.display.quit()


def test_a_mistyped_code_is_refused_with_its_reason(store: Store) -> None:
    app, screen = setup_app(store)
    try:
        screen.deal_code = "k7m2-q9rt-xw4h0"
        screen.start()
        assert screen.error == i18n.tr("deal.code_error.symbol")
        assert app.top is screen and GameSession.resume(store) is None
    finally:
        pygame.display.quit()


def test_a_redeal_counts_apart_in_the_statistics(store: Store) -> None:
    seats = (Seat("Ana"), Seat("Bob", "random"))
    code = finished_round().deal_proof().code  # type: ignore[union-attr]
    for deals in (None, redeal_deals(code, Table("gin", 2))):
        session = GameSession.new(GameSetup("gin", seats, {"target": 10}), store, deals=deals, abandon_saved=True)
        bot = RandomBot(5)
        game = session.game
        while not game.game_over:  # played past the session (no save a move), filed at the end
            game.play("next" if game.round_over else bot.choose(game.view(game.to_play)))
        session.finish()
    stats = load_stats(store)
    assert stats.played("gin") == 1 and stats.redeals == {"gin": 1}
    assert stats.record("gin", "Ana").played == 1
    assert [game.redeal for game in stats.history] == ["", code]
    again = Stats.from_json(stats.to_json())
    assert again.redeals == {"gin": 1} and again.history[-1].redeal == code
    assert FinishedGame.from_json(stats.history[-1].to_json()).redeal == code


def test_a_code_for_another_game_is_refused_saying_which_game_it_is_for(store: Store) -> None:
    """A Gin round's code typed into Rami 51 with 4 players would deal other cards: refused,
    naming the code's game and players, and no game starts."""
    proof = finished_round().deal_proof()
    assert proof is not None
    app, screen = setup_app(store)
    try:
        assert screen.variant_id == "rami51" and len(screen.setup().seats) == 4
        screen.deal_code = proof.code
        screen.start()
        assert screen.error == i18n.tr("deal.code_error.other_table", game="Gin", n=2)
        assert "Gin with 2 players" in screen.error
        assert app.top is screen and GameSession.resume(store) is None
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("size", [(700, 450), (1024, 600)])
def test_the_deals_proof_reads_whole_in_a_small_window(size: tuple[int, int], texts: list[str]) -> None:
    """In French the nonce was cut off beside the code at 1024×600, the verdict lost
    "correspond" and "Pioche, dans l'ordre" its last word at 700×450: every line of the
    proof and every row's label now reads whole (no "…"; the stock's label, now "Pioche,
    dessus d'abord", with its last word)."""
    game = finished_round()
    proof = game.deal_proof()
    assert proof is not None
    with open_app(size) as app:
        i18n.set_language("fr")
        app.push(DealScene(proof, ["Ana", "Bob"]))
        app.step()
    assert any(proof.nonce.hex() in text for text in texts)
    assert not [text for text in texts if text.endswith("…")]
    assert "d'abord" in " ".join(texts) and "correspond." in " ".join(texts)
