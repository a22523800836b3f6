"""The games, replayed: Statistics → Games lists past games newest first, opening one
replays it from its kept log — forward and back a move or a round, play and pause, every
hand face up, the score sheet beside, "What would Expert play?" — by keyboard and by
touch; `ramigui replay LOG` opens the same viewer."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import pygame
import pytest
import test_ui_menus as menus
from test_ui_menus import click, control, key, pump

from ramigui import i18n, stats
from ramigui.rules.deals import KEYED, Deals
from ramigui.session import GameSession, GameSetup, Seat
from ramigui.storage import Store
from ramigui.ui.app import App
from ramigui.ui.replay_screen import ReplayScreen
from ramigui.ui.scoresheet import ScoreSheetScene
from ramigui.ui.screen import MessageScene
from ramigui.ui.stats_screen import StatsScreen

app = menus.app


RANDOM_MOVES: dict[int, list[str]] = {}
"""Each seed's random game, chosen once: a test replays its moves through the rules (a tenth
of the time; choosing among all the legal moves again took 0.45 s a game, per test)."""


def finished(store: Store, seed: int, names: tuple[str, str] = ("Ana", "Bob")) -> GameSession:
    session = GameSession.new(GameSetup("rami51", (Seat(names[0]), Seat(names[1], "easy")), {"rounds": 2}),
                              store, seed=seed, abandon_saved=True)
    if seed not in RANDOM_MOVES:
        rng, moves = random.Random(seed), []
        while not session.game.game_over:  # through the rules, unsaved: a save per move costs
            moves.append(str(rng.choice(session.game.legal_moves())))
            session.game.play(moves[-1])
        RANDOM_MOVES[seed] = moves
    else:
        for move in RANDOM_MOVES[seed]:
            session.game.play(move)
    assert session.game.game_over
    session.finish()  # then filed as the table files it: its log, the statistics
    return session


@pytest.fixture
def games(store: Store) -> Iterator[list[GameSession]]:
    yield [finished(store, 1), finished(store, 2, ("Léo", "Bob"))]


def texts_drawn(module: Any, draw: Callable[[], None]) -> list[str]:
    """The texts `module`'s blit_text draws while `draw` runs."""
    drawn: list[str] = []
    real = module.blit_text
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(module, "blit_text", lambda surface, text, *a, **k: drawn.append(text) or real(
            surface, text, *a, **k))
        draw()
    return drawn


def newest_sheet_without_its_log(app: App, store: Store) -> ScoreSheetScene:
    """The newest past game opened once every kept log is gone: its score sheet alone."""
    for path in store.logs_dir.iterdir():
        path.unlink()
    screen = open_games(app)
    rows = [c for c in screen.controls if getattr(c, "action", "") == "open_game"]
    click(app, rows[0].rect.center)
    return next(scene for scene in app.scenes if isinstance(scene, ScoreSheetScene))


def open_games(app: App) -> StatsScreen:
    click(app, control(app, "stats").rect.center)
    screen = app.top
    assert isinstance(screen, StatsScreen)
    while control(app, name="page").value != "history":
        item = control(app, name="page")
        click(app, (item.rect.right - 5, item.rect.centery))
    return screen


def test_past_games_newest_first_and_one_replays_from_its_log(app: App, store: Store,
                                                             games: list[GameSession]) -> None:
    screen = open_games(app)
    rows = [c for c in screen.controls if getattr(c, "action", "") == "open_game"]
    assert "Léo" in rows[0].subtitle() and "Ana" in rows[1].subtitle()  # newest first, people and scores
    assert all(": " in part for part in rows[0].subtitle().split("  ·  "))  # "Robot 1: 41", never "Robot 1 41"
    click(app, rows[1].rect.center)
    replay = app.top
    assert isinstance(replay, ReplayScreen)
    cursor = replay.cursor
    assert cursor.at == 0 and cursor.total == len(games[0].game.log)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert cursor.at == 2
    key(app, pygame.K_LEFT)
    assert cursor.at == 1
    key(app, pygame.K_DOWN)  # the next round
    assert cursor.at == cursor.round_starts[1] and replay.game.round_no == 2
    key(app, pygame.K_END)
    assert replay.game.scores == games[0].game.scores  # the log replays to the recorded totals
    assert list(replay.game.scores) == list(stats.load_stats(store).history[0].totals)
    key(app, pygame.K_HOME)
    assert cursor.at == 0


def test_touch_play_pause_and_expert(app: App, store: Store, games: list[GameSession]) -> None:
    screen = open_games(app)
    rows = [c for c in screen.controls if getattr(c, "action", "") == "open_game"]
    click(app, rows[0].rect.center)
    replay = app.top
    assert isinstance(replay, ReplayScreen)
    click(app, control(app, "move_forward").rect.center)
    assert replay.cursor.at == 1
    click(app, control(app, "expert").rect.center)
    assert replay.expert is not None and replay.expert_text()
    assert replay.game.is_legal(replay.expert.move)
    for _ in range(3):
        key(app, pygame.K_PLUS)
    assert replay.speed == 8.0
    click(app, control(app, "play").rect.center)
    assert replay.playing
    for _ in range(40):
        app.step()
    assert replay.cursor.at > 1
    at = replay.cursor.at
    key(app, pygame.K_SPACE)
    assert not replay.playing
    for _ in range(20):
        app.step()
    assert replay.cursor.at == at
    app.draw()  # every hand face up, the sheet beside: drawn without error


def test_a_game_without_its_log_shows_its_sheet_and_says_why(app: App, store: Store,
                                                            games: list[GameSession]) -> None:
    for path in store.logs_dir.iterdir():
        path.unlink()
    screen = open_games(app)
    rows = [c for c in screen.controls if getattr(c, "action", "") == "open_game"]
    click(app, rows[0].rect.center)
    assert isinstance(app.top, MessageScene)
    assert any(isinstance(scene, ScoreSheetScene) for scene in app.scenes)


def test_ramigui_replay_opens_the_same_viewer(store: Store, games: list[GameSession],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    from ramigui import replay
    from ramigui.ui import launch

    opened: list[object] = []
    monkeypatch.setattr(launch.App, "run", lambda self, frames=None: opened.append(self.top))
    log = store.logs_dir / stats.load_stats(store).history[0].log
    assert replay.replay_main([str(log)]) == 0
    assert isinstance(opened[0], ReplayScreen)
    pump  # noqa: B018 - the helper is imported for the other tests


def abandoned_in_round_two(store: Store) -> GameSession:
    """A person's game (keyed deals) given up three moves into round 2 for a new one."""
    session = GameSession.new(GameSetup("rami51", (Seat("Ana"), Seat("Bob", "easy")), {"rounds": 3}), store,
                              deals=Deals(KEYED, bytes(range(32))))  # keyed, as a person's game, but always the same
    rng = random.Random(4)
    while session.game.round_no == 1 or len(session.game.round_log) < 3:
        session.game.play(str(rng.choice(session.game.legal_moves())))
    session.save()
    GameSession.new(GameSetup("gin", (Seat("Ana"), Seat("Bob", "easy")), {}), store, abandon_saved=True)
    return session


def test_an_abandoned_game_replays_to_where_it_stopped(app: App, store: Store) -> None:
    session = abandoned_in_round_two(store)
    screen = open_games(app)
    rows = [c for c in screen.controls if getattr(c, "action", "") == "open_game"]
    click(app, rows[0].rect.center)
    replay = app.top
    assert isinstance(replay, ReplayScreen)
    assert replay.cursor.total == len(session.game.log)
    key(app, pygame.K_END)
    assert replay.game.round_no == 2
    assert replay.status_text() == "the log stops here: the game was not played to its end"
    assert replay.position_text().startswith("Round 2 of 3 ·")  # of the rounds it was to have, not 2 of 2
    assert not control(app, "deal").enabled, "a round the log does not see to its end has no proof to show"
    key(app, pygame.K_d)
    assert app.top is replay
    # a click on the greyed button said nothing (a newcomer): it says why, where Expert speaks
    assert replay.expert_text() == i18n.tr("replay.no_deal")
    key(app, pygame.K_LEFT)
    assert replay.expert_text() == ""
    click(app, control(app, "deal").rect.center)
    assert replay.expert_text() == i18n.tr("replay.no_deal")
    click(app, control(app, "expert").rect.center)  # the last question is the one answered
    assert replay.expert_text().startswith("Expert, in "), replay.expert_text()
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_LEFT)
    assert replay.expert_text() != i18n.tr("replay.no_deal"), "a note is said once, not found there again"
    key(app, pygame.K_END)
    import ramigui.ui.replay_screen as replay_module

    drawn = texts_drawn(replay_module, app.draw)
    assert "not played to its end" in " ".join(drawn), "why the log stops is said whole, never cut off"
    assert "Discard" in drawn, "the pile's top card is named: alone before the melds it read as a meld"
    key(app, pygame.K_LEFT)
    key(app, pygame.K_LEFT)  # before Bob took the discard's top card
    assert replay.game.view(0).public.discard
    key(app, pygame.K_e)  # Expert's answer takes room: the cards shrink, the label stays
    assert replay.expert is not None and "Discard" in texts_drawn(replay_module, app.draw)


def test_an_abandoned_games_sheet_says_so_over_its_finished_rounds(app: App, store: Store) -> None:
    abandoned_in_round_two(store)
    sheet = newest_sheet_without_its_log(app, store)
    assert sheet.data.abandoned and not sheet.data.over and len(sheet.data.rounds) == 1
    import ramigui.ui.scoresheet as scoresheet

    drawn = texts_drawn(scoresheet, lambda: sheet.draw(app.screen))
    assert any(text.startswith("Abandoned after 1 round · In the lead:") for text in drawn), drawn[:5]
    assert "No round finished yet" not in drawn


def test_the_replays_table_row_sets_the_discard_and_each_meld_apart() -> None:
    """At a long round's end nine melds and the discard once shared one strip of ~40 cards:
    now the discard's top card stands alone, each meld is fanned apart from the next, and
    they go onto a second line rather than overlap."""
    from ramigui.rules import Game
    from ramigui.ui.cardart import card_height
    from ramigui.ui.replay_screen import table_places
    from ramigui.variants import get_variant  # noqa: F401 - the catalogue the game is found in

    rng = random.Random(4)
    game = Game.new("rami51", 3, 4)
    while len(game.view(0).public.melds) < 6 and not game.round_over:
        game.play(rng.choice(game.legal_moves()))
    melds = game.view(0).public.melds
    assert len(melds) >= 6
    discard = game.view(0).public.discard[-1:]
    area = pygame.Rect(150, 380, 400, 120)
    width = 40
    while table_places(area, discard, melds, width) is None:
        width -= 2
    places = table_places(area, discard, melds, width)
    assert places is not None and width >= 30
    assert places[0].meld == -1 and places[0].card == discard[-1]
    spans = {}
    for place in places[1:]:
        spans.setdefault(place.meld, []).append(place.rect)
    boxes = [rects[0].unionall(rects[1:]) for _, rects in sorted(spans.items())]
    assert len(boxes) == len(melds)
    assert all(not a.colliderect(b) for i, a in enumerate(boxes) for b in boxes[i + 1:]), "melds overlap"
    assert len({box.top for box in boxes}) == 2, "two lines of melds"
    assert not places[0].rect.colliderect(boxes[0])
    lead = (3 * width, 16)  # room for the discard's label under its card
    labelled = table_places(area, discard, melds, width - 8, lead=lead)
    assert labelled is not None and min(p.rect.left for p in labelled[1:]) >= area.left + lead[0]
    tight = pygame.Rect(area.left, area.top, 2000, card_height(width))  # one line of cards, no room under them
    assert table_places(tight, discard, melds, width) is not None
    assert table_places(tight, discard, melds, width, lead=lead) is None, "the label is kept room for"


def test_a_game_abandoned_in_its_first_round_says_so_on_its_sheet(app: App, store: Store) -> None:
    session = GameSession.new(GameSetup("rami51", (Seat("Ana"), Seat("Bob", "easy")), {"rounds": 3}), store)
    session.play(session.game.legal_moves()[0])
    session.abandon()
    sheet = newest_sheet_without_its_log(app, store)
    import ramigui.ui.scoresheet as scoresheet

    drawn = texts_drawn(scoresheet, lambda: sheet.draw(app.screen))
    assert "Abandoned during round 1" in drawn and not any("after 0 rounds" in text for text in drawn)


def test_statistics_open_on_the_game_last_played(app: App, store: Store) -> None:
    """Only a Gin game, abandoned: Statistics open on Gin, not on an empty first game."""
    session = GameSession.new(GameSetup("gin", (Seat("Ana"), Seat("Bob", "easy")), {}), store, seed=3)
    session.play(session.game.legal_moves()[0])
    session.abandon()
    click(app, control(app, "stats").rect.center)
    screen = app.top
    assert isinstance(screen, StatsScreen) and screen.variant_id == "gin"


def replayed_after_abandoning(app: App, store: Store, session: GameSession) -> ReplayScreen:
    """`session` saved, given up for a new game, and opened from Statistics → Games."""
    session.save()
    GameSession.new(GameSetup("gin", (Seat("Ana"), Seat("Bob", "easy")), {}), store, abandon_saved=True)
    screen = open_games(app)
    click(app, next(c for c in screen.controls if getattr(c, "action", "") == "open_game").rect.center)
    replay = app.top
    assert isinstance(replay, ReplayScreen)
    return replay


def test_the_replay_says_a_restock_as_the_table_did(app: App, store: Store) -> None:
    """Rami de base turns the discard pile over into a new stock (seed 003); the replay's
    last move says so before the draw that needed it, in the table's own words."""
    session = GameSession.new(GameSetup("rami_base", (Seat("Ana"), Seat("Bob", "easy")), {}), store, seed=3)
    rng, restocked_at = random.Random(3), None
    while restocked_at is None or len(session.game.log) < restocked_at + 3:
        game = session.game
        game.play(str(rng.choice(game.legal_moves())))
        if restocked_at is None and game.public_record(game.log[-1][0])[-1].restocked:
            restocked_at = len(game.log)
    replay = replayed_after_abandoning(app, store, session)
    replay.cursor.go(restocked_at)
    assert replay.last_move_text().startswith("The discard pile is turned over"), replay.last_move_text()
    replay.cursor.go(restocked_at + 1)
    assert "turned over" not in replay.last_move_text()


def test_expert_speaks_in_the_seats_place_within_the_table_panel(app: App, store: Store) -> None:
    """Yami: Expert's advice for Bot 1 ran past its panel over the score sheet
    (wrapped as plain text, drawn bold) and said "for Bot 1: … it brings you closer"."""
    import ramigui.ui.replay_screen as replay_module

    session = GameSession.new(GameSetup("yami", (Seat("Ana"), Seat("Bob", "easy")), {}), store, seed=5)
    rng = random.Random(5)
    while len(session.game.log) < 60:
        session.game.play(str(rng.choice(session.game.legal_moves())))
    replay = replayed_after_abandoning(app, store, session)
    advice = {}
    for at in range(replay.cursor.total):
        replay.cursor.go(at)
        if replay.game.to_play == 1 and not replay.game.round_over:
            replay.ask_expert()
            advice[at] = replay.expert_text()
    longest = max(advice, key=lambda at: len(advice[at]))  # the likeliest to run over
    replay.cursor.go(longest)
    replay.ask_expert()
    said = [replay.expert_text()]
    assert said[0].startswith("Expert, in Bob's place: "), said
    sheet: list[pygame.Rect] = []
    real_sheet = ReplayScreen._sheet
    drawn: list[tuple[str, pygame.Rect]] = []
    real_blit = replay_module.blit_text
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(ReplayScreen, "_sheet", lambda self, surface, area: sheet.append(area) or real_sheet(
            self, surface, area))
        patch.setattr(replay_module, "blit_text", lambda surface, text, *a, **k: (
            drawn.append((text, rect := real_blit(surface, text, *a, **k))), rect)[1])
        app.draw()
    lines = [rect for text, rect in drawn if len(text) > 12 and text.rstrip("…") in said[0]]
    assert lines and all(rect.right < sheet[0].left for rect in lines), (lines, sheet)


def test_the_games_chooser_counts_an_abandoned_game(app: App, store: Store) -> None:
    """"Rami 51 (0)" stood over a table saying "Abandoned 1": the count is of the games on
    record, an abandoned one too."""
    abandoned_in_round_two(store)
    click(app, control(app, "stats").rect.center)
    screen = app.top
    assert isinstance(screen, StatsScreen)
    assert screen._variant_label("rami51") == "Rami 51 · 1 game"  # what the number counts is said



def test_the_replay_stopped_for_the_score_sheet_says_play_when_back(app: App, store: Store,
                                                                    games: list[GameSession]) -> None:
    """Play, then Scores, then Back: the replay had stopped for the sheet, yet its button
    still said Pause, and a newcomer waited for moves that never came. Back from the sheet
    it says Play, and Play goes on from the same move."""
    from ramigui import i18n

    screen = open_games(app)
    click(app, next(c for c in screen.controls if getattr(c, "action", "") == "open_game").rect.center)
    replay = app.top
    assert isinstance(replay, ReplayScreen)
    click(app, control(app, "play").rect.center)
    assert replay.playing and control(app, "play").label() == i18n.tr("replay.pause")
    click(app, control(app, "sheet").rect.center)
    assert isinstance(app.top, ScoreSheetScene)
    key(app, pygame.K_ESCAPE)
    assert app.top is replay and not replay.playing
    assert control(app, "play").label() == i18n.tr("replay.play")
    at = replay.cursor.at
    click(app, control(app, "play").rect.center)
    for _ in range(80):
        app.step()
    assert replay.cursor.at > at


def test_the_replay_shows_each_rounds_deal_with_its_proof(app: App, store: Store, games: list[GameSession]) -> None:
    """The deal could be checked only on a round's end panel, at the table: clicked past,
    a family had no way left but a command. The replay shows the round it stands in —
    its button or D — with the proof the table showed, the fingerprint matching."""
    from ramigui.ui.deal_scene import DealScene

    screen = open_games(app)
    click(app, next(c for c in screen.controls if getattr(c, "action", "") == "open_game").rect.center)
    replay = app.top
    assert isinstance(replay, ReplayScreen)
    key(app, pygame.K_HOME)
    assert replay.game.round_no == 1 and control(app, "deal").enabled
    click(app, control(app, "deal").rect.center)
    shown = app.top
    assert isinstance(shown, DealScene) and shown.proof.round_no == 1 and shown.proof.matches
    assert shown.proof == replay.cursor.end.deal_proof(1)
    key(app, pygame.K_ESCAPE)
    assert app.top is replay
    key(app, pygame.K_END)
    key(app, pygame.K_d)
    shown = app.top
    assert isinstance(shown, DealScene) and shown.proof.round_no == replay.cursor.end.round_no
    assert [round_no for round_no in range(1, 4) if replay.cursor.end.deal_proof(round_no)] == [1, 2]


def test_the_replay_lays_each_hand_out_by_suit_then_rank(app: App, store: Store, games: list[GameSession]) -> None:
    """In the order the cards came a player did not recognise their own hand: the replay
    lays each hand out as a hand is held, by suit then rank, every card once."""
    from ramigui.cards import Card

    screen = open_games(app)
    click(app, next(c for c in screen.controls if getattr(c, "action", "") == "open_game").rect.center)
    replay = app.top
    assert isinstance(replay, ReplayScreen)
    key(app, pygame.K_RIGHT)
    for seat in range(replay.game.players):
        shown = replay.shown_hand(seat)
        assert sorted(shown, key=str) == sorted(replay.game.hand(seat), key=str)
        assert [c.sort_key() for c in shown] == sorted(c.sort_key() for c in shown)
    assert any(replay.shown_hand(seat) != list(replay.game.hand(seat)) for seat in range(replay.game.players))
    drawn: list[list[Card]] = []
    real = ReplayScreen._fan
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(ReplayScreen, "_fan", staticmethod(lambda surface, art, cards, rect: drawn.append(list(cards))
                                                         or real(surface, art, cards, rect)))
        app.draw()
    assert drawn[: replay.game.players] == [replay.shown_hand(s) for s in range(replay.game.players)]


def test_the_statistics_page_chooser_keeps_its_place_through_the_pages(app: App, store: Store,
                                                                       games: list[GameSession]) -> None:
    """Centred alone on two pages and beside the game chooser on the third, the page
    chooser moved under a newcomer clicking its ▶ through the pages: it stays put."""
    click(app, control(app, "stats").rect.center)
    screen = app.top
    assert isinstance(screen, StatsScreen)
    places, pages = set(), set()
    for _ in range(3):
        chooser = control(app, "page")
        places.add(tuple(chooser.rect))
        pages.add(screen.page)
        click(app, (chooser.rect.right - chooser.rect.height // 2, chooser.rect.centery))  # its ▶
    assert len(pages) == 3, "the clicks on the same spot went through every page"
    assert len(places) == 1


def test_a_seat_that_went_out_has_its_row_said_not_left_blank(app: App, store: Store,
                                                               games: list[GameSession]) -> None:
    """At a round's end the seat that went out had a blank row, read as something missing:
    the row says it holds no cards."""
    import ramigui.ui.replay_screen as replay_module
    from ramigui import i18n

    screen = open_games(app)
    click(app, next(c for c in screen.controls if getattr(c, "action", "") == "open_game").rect.center)
    replay = app.top
    assert isinstance(replay, ReplayScreen)
    replay.cursor.go(replay.cursor.round_starts[1] - 1 if len(replay.cursor.round_starts) > 1 else replay.cursor.total)
    empty = [seat for seat in range(replay.game.players) if not replay.game.hand(seat)]
    assert replay.game.round_over and empty
    drawn = texts_drawn(replay_module, app.draw)
    assert drawn.count(i18n.tr("replay.no_cards")) == len(empty)


def test_a_past_games_row_says_a_click_replays_it(app: App, store: Store, games: list[GameSession]) -> None:
    """A past game's row did not look clickable: each ends in "Replay ▸", drawn at its right
    end, clear of the title and the totals."""
    import ramigui.ui.controls as controls_module
    from ramigui import i18n

    screen = open_games(app)
    rows = [c for c in screen.controls if getattr(c, "action", "") == "open_game"]
    assert len(rows) == 2
    placed: list[tuple[str, pygame.Rect]] = []
    real = controls_module.blit_text
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(controls_module, "blit_text", lambda surface, text, *a, **k: placed.append(
            (text, real(surface, text, *a, **k))) or placed[-1][1])
        for row in rows:
            row.draw(app.screen)
    tails = [rect for text, rect in placed if text == i18n.tr("stats.replay_row")]
    assert len(tails) == 2
    for row, tail in zip(rows, tails, strict=True):
        assert row.rect.contains(tail) and tail.right > row.rect.centerx
        others = [rect for text, rect in placed if row.rect.contains(rect) and text != i18n.tr("stats.replay_row")]
        assert others and not any(rect.colliderect(tail) for rect in others)


def test_each_meld_on_the_replays_table_is_underlined_in_its_owners_colour(app: App, store: Store,
                                                                          games: list[GameSession]) -> None:
    """The replay's melds did not say whose they were: a bar under each, in the colour its
    owner's name has beside their hand, spanning that meld's cards only."""
    import ramigui.ui.replay_screen as replay_module
    from ramigui.cards import parse_cards
    from ramigui.rules.melds import RUN, SET, Meld
    from ramigui.ui.layout import SEAT_COLOURS
    from ramigui.ui.replay_screen import owner_bars, table_places

    melds = [Meld(SET, tuple(parse_cards("5S 5H 5D")), 1), Meld(RUN, tuple(parse_cards("AC 2C 3C")), 0, 1)]
    places = table_places(pygame.Rect(0, 0, 600, 200), parse_cards("KD"), melds, 60)
    assert places is not None
    bars = owner_bars(places, melds, 60)
    assert [owner for _, owner in bars] == [1, 0]
    for number, (bar, _) in enumerate(bars):
        cards = [p.rect for p in places if p.meld == number]
        span = cards[0].unionall(cards)
        assert span.left <= bar.left and bar.right <= span.right and bar.top >= span.bottom
        assert not any(bar.colliderect(p.rect) for p in places)

    screen = open_games(app)
    click(app, next(c for c in screen.controls if getattr(c, "action", "") == "open_game").rect.center)
    replay = app.top
    assert isinstance(replay, ReplayScreen)
    replay.cursor.go(replay.cursor.round_starts[1] - 1)
    melds_now = replay.game.view(0).public.melds
    assert melds_now
    drawn: list[tuple[pygame.Rect, int]] = []
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(replay_module, "owner_bars", lambda *a: drawn.extend(owner_bars(*a)) or drawn)
        app.draw()
    assert sorted(owner for _, owner in drawn) == sorted(meld.owner for meld in melds_now)
    for bar, owner in drawn:
        assert app.screen.get_at(bar.center)[:3] == SEAT_COLOURS[owner % len(SEAT_COLOURS)][:3]


def test_the_hands_stay_put_once_expert_has_spoken(app: App, store: Store, games: list[GameSession]) -> None:
    """A newcomer asked Expert, stepped on, and every card jumped up (its words gone, their
    room given back), then down again at the next question: Expert's two lines keep their
    room through the replay, from before the first question."""
    screen = open_games(app)
    click(app, [c for c in screen.controls if getattr(c, "action", "") == "open_game"][0].rect.center)
    replay = app.top
    assert isinstance(replay, ReplayScreen)
    click(app, control(app, "move_forward").rect.center)
    tops: list[int] = []
    real = ReplayScreen._hands
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(ReplayScreen, "_hands", lambda self, surface, area: tops.append(area.top) or real(
            self, surface, area))
        app.draw()
        click(app, control(app, "expert").rect.center)
        assert replay.expert_text()
        app.draw()
        click(app, control(app, "move_forward").rect.center)
        assert not replay.expert_text()
        app.draw()
    assert len(tops) >= 2 and len(set(tops)) == 1, tops


def test_the_replay_says_how_many_cards_are_left_in_the_stock(app: App, store: Store,
                                                                games: list[GameSession]) -> None:
    """Nothing in the replay said how far a round had to go: the table shows the stock, the
    replay showed no stock at all. It now says "Stock: N" under "On the table", as the move
    left it."""
    import ramigui.ui.replay_screen as replay_module

    screen = open_games(app)
    click(app, [c for c in screen.controls if getattr(c, "action", "") == "open_game"][0].rect.center)
    replay = app.top
    assert isinstance(replay, ReplayScreen)
    for _ in range(6):
        click(app, control(app, "move_forward").rect.center)
    stock = replay.game.view(0).public.stock
    assert f"Stock: {stock}" in texts_drawn(replay_module, app.draw)
    click(app, control(app, "move_forward").rect.center)
    assert f"Stock: {replay.game.view(0).public.stock}" in texts_drawn(replay_module, app.draw)


@pytest.mark.parametrize(("lang", "opening"), [("en", "Expert, in your place: "),
                                               ("fr", "L'Expert, à votre place\u00a0: ")])
def test_expert_speaks_to_you_in_your_place(app: App, store: Store, lang: str, opening: str) -> None:
    """A newcomer's own move in the replay: "Expert, in you's place", « à la place de vous ».
    The seat named You is spoken to: "in your place"."""
    from ramigui import i18n

    i18n.set_language(lang)
    try:
        finished(store, 3, (i18n.tr("table.you"), "Bob"))
        screen = open_games(app)
        click(app, next(c for c in screen.controls if getattr(c, "action", "") == "open_game").rect.center)
        replay = app.top
        assert isinstance(replay, ReplayScreen)
        while replay.game.to_play != 0 or replay.game.round_over:
            replay.cursor.step(1)
        replay.ask_expert()
        assert replay.expert_text().startswith(opening), replay.expert_text()
    finally:
        i18n.set_language("en")


def test_the_hands_keep_their_size_when_the_first_meld_comes_down(app: App, store: Store,
                                                                  games: list[GameSession]) -> None:
    """Every card of the replay shrank and moved up when the first meld came down (the room
    for the table's melds was made only then): it is kept from the deal."""
    screen = open_games(app)
    click(app, [c for c in screen.controls if getattr(c, "action", "") == "open_game"][0].rect.center)
    replay = app.top
    assert isinstance(replay, ReplayScreen)
    widths: dict[bool, set[int]] = {False: set(), True: set()}
    real = ReplayScreen._fan
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(ReplayScreen, "_fan", staticmethod(lambda surface, art, cards, rect: (
            widths[bool(replay.game.view(0).public.melds)].add(art.width), real(surface, art, cards, rect))))
        while not (widths[True] and widths[False]) and replay.cursor.at < replay.cursor.total:
            if replay.game.round_over:
                break
            app.draw()
            replay.cursor.step(1)
    assert widths[False] and widths[True], widths
    assert widths[False] == widths[True], widths
