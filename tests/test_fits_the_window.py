"""Every label shows, whole and apart: at 640×400 (the smallest window allowed) and
1024×600, in both languages, with 24-character names, the table of each family, the
end-of-round panel and the score sheet draw no text outside the window or its box, and no
two texts on top of each other. What is drawn is read off the drawing (screen_texts)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from screen_texts import Drawn, drawn_texts, overlaps

from ramigui import i18n
from ramigui.bots import make_bot
from ramigui.session import GameSession, GameSetup, Seat
from ramigui.settings import Settings as Stored
from ramigui.ui.app import App
from ramigui.ui.fonts import forget_fonts
from ramigui.ui.game_screen import SessionTable
from ramigui.ui.overlays import RoundEndScene
from ramigui.ui.scoresheet import ScoreSheetScene, SheetData
from ramigui.ui.screen import Context, apply_settings
from ramigui.ui.sound import Sounds

LONG_NAMES = ("Marie-Charlotte Lefebvre", "Wolfeschlegelsteinhausen", "Tonton Jean-Baptiste Roy",
              "WWWWWWWWWWWWWWWWWWWWWWWW")
SIZES = ((640, 400), (1024, 600))
HOUSE_VARIANTS = Path(__file__).parent.parent / "docs" / "house-variants" / "variants.yaml"
CASES = [(variant, players, size, lang) for variant, players in (("rami51", 4), ("gin", 2), ("yami", 4))
         for size in SIZES for lang in ("en", "fr")]


def opened(size: tuple[int, int], lang: str) -> tuple[App, Context]:
    pygame.display.init()
    pygame.font.init()
    forget_fonts()
    app = App(pygame.display.set_mode(size), Stored(), idle_wait=False)
    stored = Stored(language=lang, animation_speed="instant", bot_speed="instant", sound=False)
    apply_settings(app, stored)
    return app, Context(None, stored, Sounds(False))


@pytest.fixture(autouse=True)
def closed() -> Iterator[None]:
    yield
    pygame.display.quit()


def table_at_my_turn(app: App, ctx: Context, variant: str, players: int, moves: int) -> SessionTable:
    """Bots play `moves` moves for everyone, then on until it is seat 0's turn again."""
    seats = tuple(Seat(name, None if seat == 0 else "easy") for seat, name in enumerate(LONG_NAMES[:players]))
    session = GameSession.new(GameSetup(variant, seats), None, seed=3)
    bots = [make_bot(variant, "easy", seat) for seat in range(players)]
    played = 0
    while not session.game.round_over and (played < moves or session.game.to_play != 0):
        game = session.game
        session.play(bots[game.to_play].choose(game.view(game.to_play)))
        played += 1
    scene = SessionTable(session, ctx)
    app.push(scene)
    return scene


def check(drawn: list[Drawn], window: pygame.Rect) -> None:
    outside = [(d.text, d.rect) for d in drawn if not window.contains(d.rect)]
    assert not outside, f"out of the window: {outside}"
    assert not overlaps(drawn), f"on top of each other: {overlaps(drawn)}"


@pytest.mark.parametrize(("variant", "players", "size", "lang"), CASES)
def test_the_table_shows_every_label_apart(variant: str, players: int, size: tuple[int, int], lang: str) -> None:
    app, ctx = opened(size, lang)
    scene = table_at_my_turn(app, ctx, variant, players, 30)
    scene.show(i18n.tr("table.refused", reason=i18n.tr("reason.opening_short", have=34, need=51)), "refusal")
    with drawn_texts() as drawn:
        app.draw()
    check(drawn, app.screen.get_rect())
    lay = scene.layout
    assert lay is not None
    for d in drawn:
        if lay.status.colliderect(d.rect):
            assert d.rect.right <= lay.side.left, f"the status line runs under the buttons: {d.text}"
        if lay.log_panel.colliderect(d.rect):
            assert lay.log_panel.contains(d.rect), f"a line runs out of the side panel: {d.text}"
        for rect in lay.opponents.values():
            if rect.colliderect(d.rect):
                assert rect.contains(d.rect), f"a seat's text runs out of its plate: {d.text}"
        for button in scene.buttons:
            if button.visible and button.rect.colliderect(d.rect):
                assert button.rect.contains(d.rect), f"a text runs over a button: {d.text}"


@pytest.mark.parametrize(("variant", "players", "size", "lang"), CASES)
def test_the_round_end_and_the_sheet_show_every_label_apart(variant: str, players: int, size: tuple[int, int],
                                                            lang: str) -> None:
    app, ctx = opened(size, lang)
    scene = table_at_my_turn(app, ctx, variant, players, 10_000)
    assert scene.game.round_over
    app.push(RoundEndScene(scene.game, scene.config.names))
    app.draw()
    with drawn_texts() as drawn:  # only what the panel says, over the table
        app.scenes[-1].draw(app.screen)
    check(drawn, app.screen.get_rect())
    if size == (1024, 600):
        assert min(d.size for d in drawn) >= 14
    app.pop()
    sheet = ScoreSheetScene(ctx, SheetData.from_game(scene.game, scene.config.names))
    app.push(sheet)
    for page in ("grid", "rounds") if sheet.data.yami is not None else ("rounds",):
        sheet.page = page
        sheet.rebuild()
        with drawn_texts() as drawn:
            app.draw()
        check(drawn, app.screen.get_rect())


@pytest.mark.parametrize("size", SIZES)
def test_the_new_game_list_scrolls_twenty_house_variants_at_a_readable_size(
        size: tuple[int, int], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/house-variants/variants.yaml holds twenty house variants: the list keeps its rows
    readable (≥ 14 px at 1024×600) and scrolls, by keyboard too, to the last one."""
    from ramigui import paths
    from ramigui.variants import reload_catalogue

    shutil.copy(HOUSE_VARIANTS, tmp_path / "variants.yaml")
    try:
        with monkeypatch.context() as patched:  # the house variants for this test only
            patched.setenv(paths.CONFIG_ENV, str(tmp_path))
            reload_catalogue()
            _twenty_house_variants(size)
    finally:
        reload_catalogue()  # the built-in catalogue again, for the tests after this one


def _twenty_house_variants(size: tuple[int, int]) -> None:
    from ramigui.ui.controls import ListRow
    from ramigui.ui.setup_screen import SetupScreen

    app, ctx = opened(size, "en")
    screen = SetupScreen(ctx)
    app.push(screen)
    rows = [c for c in screen.controls if isinstance(c, ListRow) and c.action == "variant"]
    assert len([r for r in rows if r.value.startswith("maison")]) == 20
    with drawn_texts() as drawn:
        app.draw()
    titles = {i18n.variant_name(v) for v in screen.variants}
    shown = [d for d in drawn if d.text in titles and d.rect.height > 0]
    assert not overlaps(drawn)
    if size == (1024, 600):
        assert min(d.size for d in shown) >= 14
    last = rows[-1]
    assert not screen.viewport.contains(last.rect)  # twenty do not fit: the list scrolls
    for _ in range(len(screen.controls)):
        if screen.focused_control() is not None and getattr(screen.focused_control(), "name", "") == last.name:
            break
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="", scancode=0))
        app.step()
    reached = next(c for c in screen.controls if getattr(c, "name", "") == last.name)
    assert screen.viewport.contains(reached.rect) and reached.visible
