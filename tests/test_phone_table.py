"""Phone seats at the table: the real pygame loop (dummy video) with the real
phone server on 127.0.0.1, phones played over HTTP as the page does.

A phone seat is neither hot-seat nor a bot: the big screen shows its codes at the start and
from the pause menu, never its hand and no hand-off for it; the table waits for its move,
plays it like any other (saved at once) and tells every phone about every move.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pygame
import pytest
from phone_helpers import get_json, post_move, request
from ui_helpers import open_menus_app

from ramigui import i18n
from ramigui.bots import make_bot
from ramigui.phone.qr import QUIET_ZONE, qr_modules
from ramigui.rules import Game, Move
from ramigui.session import CURRENT_GAME_SCHEMA, GameRecord, GameSession, GameSetup, Seat
from ramigui.storage import Store
from ramigui.ui.app import App
from ramigui.ui.game_screen import PauseMenu, SessionTable, start_table
from ramigui.ui.overlays import HANDOFF_KEY, HandoffScene, RoundEndScene
from ramigui.ui.phone_codes import PhoneCodesScene, qr_surface
from ramigui.ui.setup_screen import SetupScreen

SIZE = (1280, 800)


@pytest.fixture
def app(store: Store) -> Iterator[App]:
    with open_menus_app(store, SIZE) as made:
        made.settings = replace(made.settings, animation_speed="instant", bot_speed="instant")
        yield made


def table_with(app: App, store: Store, seats: tuple[Seat, ...], variant: str = "rami51", seed: int = 5,
               game: Game | None = None) -> SessionTable:
    ctx = app.scenes[0].ctx  # type: ignore[attr-defined]
    if game is None:
        session = GameSession.new(GameSetup(variant, seats), store, seed=seed)
    else:
        session = GameSession(game, seats, store)
    scene = start_table(app, ctx, session)
    app.step()
    return scene


def run_until(app: App, done: Callable[[], Any], seconds: float = 30.0, watch: Callable[[], None] | None = None) -> Any:
    """Step the real loop (the owner thread) until `done()`; `watch` checks every frame."""
    end = time.monotonic() + seconds
    while True:
        found = done()
        if found:
            return found
        assert time.monotonic() < end, "timed out"
        app.step()
        if watch is not None:
            watch()


def phone_in_thread(call: Callable[[], Any]) -> dict[str, Any]:
    """A phone's request runs in its own thread while the test steps the loop."""
    box: dict[str, Any] = {}
    thread = threading.Thread(target=lambda: box.setdefault("reply", call()), daemon=True)
    thread.start()
    box["thread"] = thread
    return box


def phone_move(app: App, url: str, move: str) -> tuple[int, Any]:
    box = phone_in_thread(lambda: post_move(url, move))
    run_until(app, lambda: "reply" in box)
    return box["reply"]  # type: ignore[no-any-return]


def join_all(app: App, scene: SessionTable) -> None:
    for seat in scene.config.phone_seats:
        assert get_json(scene.phones.server.url(seat) + "state")[0] == 200  # type: ignore[union-attr]
    run_until(app, lambda: not scene.phones.codes_open)


def never_a_phone_hand(scene: SessionTable, app: App) -> Callable[[], None]:
    def check() -> None:
        assert scene.visible_seat() not in scene.config.phone_seats, "a phone seat's hand on the big screen"
        assert not any(isinstance(s, HandoffScene) and s.seat in scene.config.phone_seats for s in app.scenes)
    return check


# --- New game -------------------------------------------------------------------------------------


def test_new_game_offers_a_seat_on_a_phone_and_the_save_keeps_it(app: App, store: Store) -> None:
    ctx = app.scenes[0].ctx  # type: ignore[attr-defined]
    screen = SetupScreen(ctx)
    app.push(screen)
    app.step()
    kinds = next(c for c in screen.controls if getattr(c, "name", "") == "kind:0")
    assert "phone" in kinds.values  # type: ignore[attr-defined]
    screen.on_action("kind", pygame.event.Event(0, name="kind:0", value="phone"))
    setup = screen.setup()
    assert setup.seats[0] == Seat(setup.seats[0].name, None, phone=True)
    assert setup.seats[0].is_human
    record = GameSession.new(setup, store, seed=3).record()
    again = GameRecord.from_json(record.to_json())
    assert again.seats[0].phone and not again.seats[1].phone
    with pytest.raises(ValueError):
        Seat("Robot", "easy", phone=True)


# --- the codes, and no phone hand on the big screen -----------------------------------------------


def test_codes_show_at_the_start_and_close_once_every_phone_joined(app: App, store: Store) -> None:
    scene = table_with(app, store, (Seat("Ana", phone=True), Seat("Bob", phone=True), Seat("Robot", "easy")))
    assert scene.phones.active
    codes = app.top
    assert isinstance(codes, PhoneCodesScene)
    urls = {code.seat: code.url for code in codes.codes}
    assert set(urls) == {0, 1} and urls[0] != urls[1]
    assert all(url.startswith("http://127.0.0.1:") for url in urls.values())
    assert scene.visible_seat() is None, "no hand on the big screen"
    # the code drawn is the address's: every module read back from the painted surface
    side = 300
    drawn = qr_surface(urls[0], side)
    modules = qr_modules(urls[0])
    scale = drawn.get_width() // (len(modules) + 2 * QUIET_ZONE)
    for y, row in enumerate(modules):
        for x, dark in enumerate(row):
            pixel = drawn.get_at(((x + QUIET_ZONE) * scale + scale // 2, (y + QUIET_ZONE) * scale + scale // 2))
            assert (pixel[0] < 128) == dark
    assert get_json(urls[0] + "state")[0] == 200
    app.step()
    assert app.top is codes, "one phone still to come"
    assert get_json(urls[1] + "state")[0] == 200
    run_until(app, lambda: app.top is scene)


def test_the_table_waits_for_the_phone_and_plays_its_move_like_any_other(app: App, store: Store) -> None:
    scene = table_with(app, store, (Seat("Ana", phone=True), Seat("Robot", "easy"), Seat("Bob", "easy")))
    join_all(app, scene)
    watch = never_a_phone_hand(scene, app)
    url = scene.phones.server.url(0)  # type: ignore[union-attr]
    run_until(app, lambda: scene.game.to_play == 0, watch=watch)
    for _ in range(10):  # the table idles: nobody plays for the phone
        app.step()
    assert scene.game.to_play == 0 and not scene.busy()
    state = get_json(url + "state")[1]
    assert state["my_turn"] and state["hand"] == [str(c) for c in scene.game.hand(0)]
    move = "draw"
    assert move in state["legal"]
    played = len(scene.game.log)
    status, after = phone_move(app, url, move)
    assert status == 200
    assert scene.game.log[played] == (0, Move.parse(move))
    saved = store.load(store.current_game_path, CURRENT_GAME_SCHEMA, GameRecord.from_json)
    assert saved is not None and saved.moves[played] == move, "saved like any move"
    assert scene.log[-1].startswith("Ana "), "a draw stands at once: the big screen tells it"
    discard = next(m for m in after["legal"] if m.startswith("discard "))
    assert phone_move(app, url, discard)[0] == 200
    # The robot may have started its turn in front of everyone since: its lines come after.
    assert any(line.startswith("Ana ") for line in scene.log[-3:]), "the table's last moves say it"
    run_until(app, lambda: scene.game.to_play == 0 and len(scene.game.log) > played + 2, watch=watch)


def test_a_refused_phone_move_shows_nothing_on_the_big_screen(app: App, store: Store) -> None:
    scene = table_with(app, store, (Seat("Ana", phone=True), Seat("Robot", "easy")), variant="gin", seed=2)
    join_all(app, scene)
    url = scene.phones.server.url(0)  # type: ignore[union-attr]
    run_until(app, lambda: scene.game.to_play == 0)
    before = list(scene.game.log)
    status, body = phone_move(app, url, "knock JK")
    assert status == 400 and body["reason"]
    assert scene.game.log == before
    assert scene.message == "", "a phone's refusal (which may speak of its cards) stays on the phone"


def test_pause_menu_pauses_the_phones_and_shows_the_codes_again(app: App, store: Store) -> None:
    scene = table_with(app, store, (Seat("Ana", phone=True), Seat("Bob", phone=True)))
    join_all(app, scene)
    url = scene.phones.server.url(scene.game.to_play)  # type: ignore[union-attr]
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    run_until(app, lambda: isinstance(app.top, PauseMenu))
    menu = app.top
    assert [b.action for b in menu.buttons][:2] == ["resume", "phones"]  # type: ignore[union-attr]
    app.step()
    assert get_json(url + "state")[1]["paused"]
    status, body = phone_move(app, url, "draw")
    assert status == 400 and body["error"] == "paused"
    assert scene.game.log == []
    button = next(b for b in menu.buttons if b.action == "phones")  # type: ignore[union-attr]
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=button.rect.center))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=button.rect.center))
    codes = run_until(app, lambda: isinstance(app.top, PhoneCodesScene) and app.top)
    assert {c.url for c in codes.codes} == set(scene.phones.server.urls().values())  # type: ignore[union-attr]
    assert not get_json(url + "state")[1]["paused"], "the codes are no pause"
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode=""))
    run_until(app, lambda: app.top is scene)
    legal = get_json(url + "state")[1]["legal"]
    assert phone_move(app, url, "draw" if "draw" in legal else legal[-1])[0] == 200


def test_hot_seat_and_phones_at_one_table(app: App, store: Store) -> None:
    """Two people share the screen (hand-off between them), a third plays on a phone."""
    scene = table_with(app, store, (Seat("Ana"), Seat("Bob"), Seat("Cleo", phone=True)), seed=9)
    join_all(app, scene)
    watch = never_a_phone_hand(scene, app)
    url = scene.phones.server.url(2)  # type: ignore[union-attr]
    for _ in range(2):
        while scene.game.to_play != 2:
            run_until(app, lambda: isinstance(app.top, HandoffScene) or scene.is_human_turn(), watch=watch)
            if isinstance(app.top, HandoffScene):
                run_until(app, lambda: app.top.ready, watch=watch)  # type: ignore[union-attr]
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=HANDOFF_KEY, mod=0, unicode="o"))
                run_until(app, lambda: scene.is_human_turn(), watch=watch)
            seat = scene.game.to_play
            for text in ("draw", None):
                legal = scene.game.view(seat).legal_moves
                move = Move("draw") if text else next(m for m in legal if m.kind == "discard")
                if move in legal:
                    assert scene.play(move)
        run_until(app, lambda: scene.game.to_play == 2, watch=watch)
        for _ in range(3):
            app.step()  # the table's frames: the phones hear of the move
            watch()
        assert not isinstance(app.top, HandoffScene), "no hand-off for a phone seat"
        state = get_json(url + "state")[1]
        assert state["my_turn"]
        if "draw" in state["legal"]:
            assert phone_move(app, url, "draw")[0] == 200
        discard = next(m for m in get_json(url + "state")[1]["legal"] if m.startswith("discard "))
        assert phone_move(app, url, discard)[0] == 200


@pytest.mark.parametrize("variant", ["rami51", "gin", "yami"])
def test_a_table_of_phones_shows_no_keyboard_help_nor_buttons_for_a_player_here(
        app: App, store: Store, variant: str, tmp_path: Path) -> None:
    """Every seat on a phone: the big screen is watched, not played — no keyboard help, no
    Hint, Meld, Undo or sort buttons greyed out; Scores and Menu (the codes, the pause) stay.
    With one person at the screen, the same table has them all."""
    from screen_texts import drawn_texts

    keys = {"rami51": "table.keys", "gin": "table.keys.gin", "yami": "table.keys.yami"}[variant]
    first_key = i18n.tr(keys).split(" · ")[0]
    scene = table_with(app, store, (Seat("Ana", phone=True), Seat("Bob", phone=True)), variant=variant)
    join_all(app, scene)
    url = scene.phones.server.url(scene.game.to_play)  # type: ignore[union-attr]
    state = get_json(url + "state")[1]
    assert phone_move(app, url, state["legal"][0])[0] == 200  # the phones play: the TV follows
    app.step()
    assert [button.action for button in scene.buttons] == ["scores", "menu"]
    assert all(button.visible and button.enabled for button in scene.buttons)
    with drawn_texts() as drawn:
        app.draw()
    said = " ".join(text.text for text in drawn)
    assert first_key not in said and "Last moves" in said and "Ana" in said
    pygame.image.save(pygame.display.get_surface(), str(tmp_path / f"phones-only-{variant}.png"))

    while app.scenes[-1] is not app.scenes[0]:
        app.pop()
    store.remove(store.current_game_path)
    here = table_with(app, store, (Seat("Ana"), Seat("Bob", phone=True)), variant=variant)
    join_all(app, here)
    assert {"hint", "scores", "menu", "sort_suit"} <= {button.action for button in here.buttons}
    with drawn_texts() as drawn:
        app.draw()
    assert first_key in " ".join(text.text for text in drawn)


def test_a_phone_deals_the_next_round_and_the_server_stops_with_the_table(app: App, store: Store) -> None:
    game = Game.new("gin", 2, 4)
    bots = [make_bot("gin", "easy", 4 + s) for s in range(2)]
    while not game.round_over:
        game.play(bots[game.to_play].choose(game.view(game.to_play)))
    assert not game.game_over
    scene = table_with(app, store, (Seat("Ana", phone=True), Seat("Robot", "easy")), game=game)
    join_all(app, scene)
    run_until(app, lambda: isinstance(app.top, RoundEndScene))
    url = scene.phones.server.url(0)  # type: ignore[union-attr]
    state = get_json(url + "state")[1]
    assert state["round_over"] and "next" in state["legal"] and state["last_moves"]
    # the round's points are said beside the totals (the phone said only "totals beside the names")
    assert state["round_points"] == list(scene.game.round_scores) and any(state["round_points"])
    status, after = phone_move(app, url, "next")
    assert status == 200 and after["round_no"] == 2 and not after["round_over"] and after["round_points"] == []
    # the new round's last moves are its own: round 1's last discard no longer heads them
    round_two = [entry for entry in scene.game.public_record(0) if entry.round_no == 2]
    assert len(after["last_moves"]) <= len(round_two)
    assert app.top is scene, "the round's end screen closed"
    port = scene.phones.server.port  # type: ignore[union-attr]
    app.pop()  # the table closes (back to the menu): the phones' server stops
    assert not scene.phones.active
    with pytest.raises(OSError):
        request(f"http://127.0.0.1:{port}/")


def test_the_server_stops_when_the_game_ends(app: App, store: Store) -> None:
    """Seed 10: the phone (seat 0) plays the game's last move, and the server stops."""
    game = Game.new("gin", 2, 10)
    bots = [make_bot("gin", "easy", 10 + s) for s in range(2)]
    moves: list[str] = []
    while not game.game_over:
        move = "next" if game.round_over else str(bots[game.to_play].choose(game.view(game.to_play)))
        moves.append(move)
        game.play(move)
    near_end = Game.replay("gin", 2, 10, moves[:-1])
    assert near_end.to_play == 0
    scene = table_with(app, store, (Seat("Ana", phone=True), Seat("Robot", "easy")), game=near_end)
    join_all(app, scene)
    port = scene.phones.server.port  # type: ignore[union-attr]
    assert phone_move(app, scene.phones.server.url(0), moves[-1])[0] == 200  # type: ignore[union-attr]
    run_until(app, lambda: scene.game.game_over and not scene.phones.active)
    with pytest.raises(OSError):
        request(f"http://127.0.0.1:{port}/")


def test_phone_bind_is_loopback_in_tests() -> None:
    assert os.environ["RAMIGUI_PHONE_BIND"] == "127.0.0.1"


@pytest.mark.long
def test_bench_phone_prints_its_figures() -> None:
    from ramigui.ui.bench import _dummy_display
    from ramigui.ui.bench_phone import measure_idle_with_phones, measure_tap_to_table

    with _dummy_display():
        latency = measure_tap_to_table(moves=4)
        idle = measure_idle_with_phones(0.3)
    assert latency["tap_to_table_moves"] == 4 and latency["tap_to_table_median_ms"] > 0
    assert idle["idle_with_phones_connected"] == "4 at the start, 4 at the end"
    assert "idle_with_phones_cpu_percent_of_one_core" in idle


def test_a_resumed_game_keeps_its_phone_addresses_privately(app: App, store: Store) -> None:
    """After the app restarts, the same game keeps its addresses, so no phone has to rescan.
    The addresses are kept in the game's save (private), never in its log; a new game gets
    new ones."""
    seats = (Seat("Ana", phone=True), Seat("Bob", phone=True), Seat("Robot", "easy"))
    scene = table_with(app, store, seats)
    urls = {seat: scene.phones.server.url(seat) for seat in (0, 1)}  # type: ignore[union-attr]
    while app.scenes[-1] is not app.scenes[0]:
        app.pop()  # the app closes: the server stops
    assert not scene.phones.active
    session = GameSession.resume(store)
    assert session is not None
    assert all(urls[seat].split("/")[-2] not in session.log_text() for seat in (0, 1))
    again = start_table(app, app.scenes[0].ctx, session)  # type: ignore[attr-defined]
    app.step()
    assert {seat: again.phones.server.url(seat) for seat in (0, 1)} == urls  # type: ignore[union-attr]
    assert get_json(urls[1] + "state")[0] == 200, "the phone's old address opens its seat"
    while app.scenes[-1] is not app.scenes[0]:
        app.pop()
    fresh = GameSession.new(GameSetup("rami51", seats), store, seed=9, abandon_saved=True)
    newer = start_table(app, app.scenes[0].ctx, fresh)  # type: ignore[attr-defined]
    app.step()
    assert newer.phones.server.url(0).split("/")[-2] != urls[0].split("/")[-2]  # type: ignore[union-attr]


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_codes_are_readable_at_640_by_400(lang: str) -> None:
    """At 640×400 the codes' subtitle once shrank to ~8 px, too small to read. Every text of
    the codes' screen is 12 px or more, the address on two lines if it must."""
    from screen_texts import drawn_texts

    from ramigui.ui.phone_codes import SeatCode

    pygame.display.init()
    pygame.font.init()
    i18n.set_language(lang)
    try:
        surface = pygame.display.set_mode((640, 400))
        url = "http://192.168.100.123:49152/" + "abcdefghjkmnpqrstuvwxyz23456"[:28] + "/"
        codes = PhoneCodesScene([SeatCode(0, "Marie-Charlotte Lefebvre", url), SeatCode(1, "Hugo", url)], set)
        with drawn_texts() as drawn:
            codes.draw(surface)
        help_words = i18n.tr("codes.help").split()
        assert all(d.size >= 12 for d in drawn), [(d.text, d.size) for d in drawn if d.size < 12]
        assert help_words[0] in " ".join(d.text for d in drawn) and help_words[-1] in " ".join(d.text for d in drawn)
        assert all(surface.get_rect().contains(d.rect) for d in drawn)
        assert "".join(d.text for d in drawn if d.text.startswith(("http", "abc"))).count(url) == 2
    finally:
        i18n.set_language("en")
        pygame.display.quit()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_one_phone_seat_is_asked_for_your_phone_not_each_players(lang: str) -> None:
    """A lesson on the phone has one phone seat: its code's title said "Scan with each
    player's phone" to the one learner. One seat, "your phone"; several, each player's."""
    from screen_texts import drawn_texts

    from ramigui.ui.phone_codes import SeatCode

    pygame.display.init()
    pygame.font.init()
    i18n.set_language(lang)
    try:
        surface = pygame.display.set_mode((1280, 800))
        url = "http://192.168.1.2:49152/abcdefghjkmnpqrstuvwxyz23456/"
        for seats, key in (([SeatCode(0, "Lea", url)], "codes.title_one"),
                           ([SeatCode(0, "Lea", url), SeatCode(1, "Hugo", url)], "codes.title")):
            with drawn_texts() as drawn:
                PhoneCodesScene(seats, set).draw(surface)
            assert drawn[0].text == i18n.tr(key)
    finally:
        i18n.set_language("en")
        pygame.display.quit()
