"""At 640×400, the texts once found cut or missing: the phone codes' warning
inside its panel, the "phone" tag beside every phone seat, Gin's discard prompt whole."""

from __future__ import annotations

from screen_texts import drawn_texts
from test_fits_the_window import check, closed, opened  # noqa: F401  (closed: the window closes after each test)
from ui_helpers import open_menus_app

from ramigui import i18n
from ramigui.bots import make_bot
from ramigui.session import GameSession, GameSetup, Seat
from ramigui.storage import Store
from ramigui.ui.game_screen import SessionTable, start_table
from ramigui.ui.phone_codes import PhoneCodesScene, SeatCode

SMALL = (640, 400)


def test_the_no_network_warning_wraps_inside_the_codes_panel() -> None:
    app, _ = opened(SMALL, "fr")
    codes = [SeatCode(0, "Mamie Josette", "http://127.0.0.1:37875/g9rguefcc3gw73z63ukemajgvyzx/"),
             SeatCode(1, "Léa", "http://127.0.0.1:37875/ych4mpjec96eu84mw7djmd4xrvfw/")]
    scene = PhoneCodesScene(codes, set, notice=i18n.tr("codes.no_network"))
    app.push(scene)
    with drawn_texts() as drawn:
        scene.draw(app.screen)
    panel, tiles, _ = scene.tiles(SMALL)
    check(drawn, app.screen.get_rect())
    inner = panel.inflate(-8, -8)
    assert all(inner.contains(d.rect) for d in drawn), [d.text for d in drawn if not inner.contains(d.rect)]
    warning = [d for d in drawn if d.text in " ".join(scene.notice_lines(panel.width, 14)[1]) or d.text in scene.notice]
    assert " ".join(d.text for d in warning) == i18n.tr("codes.no_network")
    assert all(not tile.colliderect(d.rect) for d in warning for tile in tiles), "the warning is under the tiles"


def test_every_phone_seat_shows_its_phone_tag_at_640x400(store: Store) -> None:
    with open_menus_app(store, SMALL, "fr") as app:
        ctx = app.scenes[0].ctx  # type: ignore[attr-defined]
        seats = (Seat("Mamie Josette", phone=True), Seat("Léa", phone=True), Seat("Robot", "easy"))
        scene = start_table(app, ctx, GameSession.new(GameSetup("rami51", seats), store, seed=3))
        app.step()
        while app.top is not scene:
            app.pop()
        with drawn_texts() as drawn:
            app.draw()
        tag = i18n.tr("table.on_phone")
        plates = [scene.layout.opponents[seat] for seat in (0, 1)]  # type: ignore[union-attr]
        for plate in plates:
            assert [d for d in drawn if d.text == tag and plate.contains(d.rect)], "a phone seat without its tag"
        check(drawn, app.screen.get_rect())


def test_the_gin_discard_prompt_is_whole_at_640x400() -> None:
    app, ctx = opened(SMALL, "fr")
    session = knock_ready()
    scene = SessionTable(session, ctx)
    app.push(scene)
    with drawn_texts() as drawn:
        app.draw()
    prompt = i18n.tr("table.gin.discard_or_knock")
    assert not prompt.endswith(" avec"), "the sentence stops before its object"
    lay = scene.layout
    assert lay is not None
    said = [d for d in drawn if lay.status.colliderect(d.rect)]
    fresh = scene.frame().order[scene.fresh_index()]  # type: ignore[index]
    assert " ".join(d.text for d in said) == i18n.tr("table.fresh_card", card=fresh, prompt=prompt)
    assert all(lay.status.contains(d.rect) and d.rect.right <= lay.side.left for d in said)


def knock_ready() -> GameSession:
    """A Gin round at seat 0's discard with a knock allowed (bots play both seats to it)."""
    for seed in range(40):
        session = GameSession.new(GameSetup("gin", (Seat("Vous"), Seat("Robot", "easy"))), None, seed=seed)
        bots = [make_bot("gin", "easy", seat) for seat in range(2)]
        while not session.game.round_over:
            game = session.game
            if game.to_play == 0 and any(move.kind == "knock" for move in game.legal_moves()):
                return session
            session.play(bots[game.to_play].choose(game.view(game.to_play)))
    raise AssertionError("no seed reaches a knock")
