"""Hot-seat privacy, said over whole games: nothing drawn or written while seat X
is the viewer — cards, last-moves lines, hints, prompts, end-of-round panels — names a card
that is in another player's hand and was never shown face up.

The real table (`SessionTable`: the table with its hint, score sheet and menu) is driven
through its event loop under the dummy video driver, every seat a person sharing the
screen. Each person claims the screen at the hand-off with its own key, sometimes asks
for a hint, sometimes lays a meld down and takes it back (the move that once told the next
player four of their cards), and plays like a bot otherwise. `privacy_watch` catches every
text and card face of every frame and checks it against what that frame's viewer may know.

The default run plays one short game per family (one round or a few deals, both languages
among them); the `long` run plays short games of more variants, and games of every family
to their end, in both languages.
"""

from __future__ import annotations

import random

import pygame
import pytest
from privacy_watch import SealedLeak, Watch, cards_named, watching
from ui_helpers import FrameClock, claim_handoff, open_app

from ramigui import i18n
from ramigui.bots import make_bot
from ramigui.rules import Game, Move
from ramigui.rules.deals import SEEDED_DEALS, Deals
from ramigui.session import GameSession, Seat
from ramigui.settings import Settings as StoredSettings
from ramigui.ui import widgets
from ramigui.ui.app import App
from ramigui.ui.deal_scene import SHOW_KEY, DealScene
from ramigui.ui.game_screen import SessionTable, start_table
from ramigui.ui.overlays import HandoffScene, RoundEndScene
from ramigui.ui.scoresheet import ScoreSheetScene
from ramigui.ui.screen import Context
from ramigui.ui.sound import Sounds
from ramigui.ui.table_dialog import QuestionScene

SIZE = (1024, 600)


def _table(app: App, game: Game, names: list[str], robots: tuple[int, ...] = ()) -> SessionTable:
    ctx = Context(None, StoredSettings(), Sounds(False))
    seats = tuple(Seat(name, "easy" if seat in robots else None) for seat, name in enumerate(names))
    session = GameSession(game, seats, None)
    return start_table(app, ctx, session)


def _step(app: App, scene: SessionTable, watch: Watch) -> None:
    app.step()
    viewer = scene.viewer if _table_shows(app) else None
    watch.game = scene.game
    watch.note_state(viewer)
    watch.check_frame(viewer)


def _table_shows(app: App) -> bool:
    """Whether the frame just drawn shows the table (and its viewer's hand) at all: an
    opaque hand-off hides it."""
    return not any(isinstance(s, HandoffScene) for s in app.scenes)


def _person_move(scene: SessionTable, rng: random.Random, bots: dict[int, object], trial: dict[int, int]) -> Move:
    """What the person at the screen plays: now and then a meld laid down to be taken back
    at once (the provisional move the next player must never hear of); else a bot's move."""
    game = scene.game
    seat = game.to_play
    legal = game.legal_moves()
    view = game.view(seat)
    if Move("undo") in legal and trial.get(seat) == len(game.log) - 1:
        return Move("undo")
    putting = [m for m in legal if m.kind in ("meld", "layoff", "swap")]
    if putting and rng.random() < 0.5 and trial.get(seat) != len(game.log) - 2:
        trial[seat] = len(game.log)
        return rng.choice(putting)
    return bots[seat].choose(view)  # type: ignore[attr-defined, no-any-return]


def play_hot_seat(variant: str, players: int, seed: int, monkeypatch: pytest.MonkeyPatch, *,
                  options: dict[str, object] | None = None, max_moves: int = 10_000, lang: str = "en",
                  rounds: int | None = None, robots: tuple[int, ...] = (), deals: Deals = SEEDED_DEALS,
                  show_deals: bool = False) -> Watch:
    """A hot-seat game of `players` seats (people, but the `robots` seats) driven through the
    real loop until it ends (or `max_moves`, or `rounds` rounds); returns the watch with
    every leak it saw."""
    names = ["Papi", "Léa", "Zoé", "Tom"][:players]
    game = Game.new(variant, players, seed, options, deals=deals)
    rng = random.Random(seed)
    bots = {seat: make_bot(variant, "easy", rng.getrandbits(32)) for seat in range(players)}
    trial: dict[int, int] = {}
    with open_app(SIZE, confirm_knock=False, confirm_go_out=False) as app, watching(game, monkeypatch) as watch:
        app.clock = FrameClock()  # each frame 1/60 s of the table's own time, without waiting for it
        i18n.set_language(lang)
        try:
            scene = _table(app, game, names, robots)
            _drive(app, scene, watch, rng, bots, trial, max_moves, rounds, show_deals)
        finally:
            i18n.set_language("en")
    return watch


def _drive(app: App, scene: SessionTable, watch: Watch, rng: random.Random, bots: dict[int, object],
           trial: dict[int, int], max_moves: int, rounds: int | None, show_deals: bool = False) -> None:
    hints = 0
    proved: set[int] = set()  # the rounds whose deal was shown at their end
    last, still = -1, 0
    for _ in range(max_moves * 40):
        game = scene.game
        still = still + 1 if len(game.log) == last else 0
        last = len(game.log)
        assert still < 2000, f"the game stands still: {type(app.top).__name__} on top, {game.legal_moves()[:4]}"
        if len(game.log) >= max_moves or game.game_over and not _round_panel(app):
            break
        if rounds is not None and game.round_no > rounds:
            break
        top = app.top
        if isinstance(top, HandoffScene):
            claim_handoff_watched(app, scene, watch)
        elif isinstance(top, RoundEndScene) and show_deals and game.round_no not in proved:
            proved.add(game.round_no)
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=SHOW_KEY, mod=0, unicode="d"))
        elif isinstance(top, (RoundEndScene, DealScene)):
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
        elif isinstance(top, ScoreSheetScene):
            break
        elif isinstance(top, QuestionScene):  # "discard or knock?": the first answer
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
        elif scene.is_human_turn() and not scene.flights and app.top is scene:
            if hints < 6 and rng.random() < 0.08:
                hints += 1
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h"))
            else:
                scene.human_play(_person_move(scene, rng, bots, trial))
        _step(app, scene, watch)
    for _ in range(3):
        _step(app, scene, watch)


def _round_panel(app: App) -> bool:
    return any(isinstance(s, RoundEndScene) for s in app.scenes)


def claim_handoff_watched(app: App, scene: SessionTable, watch: Watch) -> None:
    """The hand-off's frames are watched like any other while its guard runs."""
    while isinstance(app.top, HandoffScene) and not app.top.ready:
        _step(app, scene, watch)
    claim_handoff(app)
    watch.game = scene.game
    watch.note_state(scene.viewer)
    watch.check_frame(scene.viewer)


# --- the checks themselves can fail ----------------------------------------------------------


def test_the_watch_reads_card_names_as_players_write_them() -> None:
    from ramigui.cards import parse_cards

    assert cards_named("Papi laid down 6♠ 7♠ 8♠ 9♠") == set(parse_cards("6S 7S 8S 9S"))
    assert cards_named("take 10H from 2, then JK") == set(parse_cards("10H JK"))
    i18n.set_language("fr")
    try:
        assert cards_named("Papi a posé V♠ D♥ R♣") == set(parse_cards("JS QH KC"))
    finally:
        i18n.set_language("en")


def test_the_watch_sees_a_hand_drawn_for_the_wrong_viewer(monkeypatch: pytest.MonkeyPatch) -> None:
    """Put the next player's hand on the shared screen: the watch must call it a leak."""
    game = Game.new("rami51", 2, 3)
    with open_app(SIZE) as app, watching(game, monkeypatch) as watch:
        scene = _table(app, game, ["Papi", "Léa"])
        _step(app, scene, watch)
        assert isinstance(app.top, HandoffScene) and not watch.leaks
        scene.viewer = scene.game.to_play  # a bug: the hand shown under the hand-off's nose
        app.pop()
        scene._sync()
        app.draw()
        watch.check_frame(None)
        assert len(watch.leaks) >= 10  # the whole hand, card by card


# --- whole games, every family ---------------------------------------------------------------

SHORT = [  # variant, players, options, seed, language, bot seats: one game of each family
    ("rami", 3, {"rounds": 1}, 5, "fr", (2,)),
    ("rami_base", 4, None, 8, "en", (3,)),
    ("gin", 2, None, 3, "en", ()),
    ("yami", 2, None, 10, "fr", ()),
]
MORE_SHORT = [  # the same checks on more variants, in the long step: the default run keeps its two minutes
    ("rami", 3, {"rounds": 1}, 1, "en", ()),
    ("rami51", 2, {"rounds": 1}, 2, "en", ()),
    ("manie_joker51", 3, None, 6, "fr", ()),
    ("gin_oklahoma", 2, None, 9, "fr", ()),
    ("yami", 3, None, 4, "en", ()),
]


@pytest.mark.parametrize(("variant", "players", "options", "seed", "lang", "robots"),
                         [*SHORT, *(pytest.param(*s, marks=pytest.mark.long) for s in MORE_SHORT)],
                         ids=[f"{s[0]}-{s[1]}-{s[4]}" + ("-bot" if s[5] else "") for s in (*SHORT, *MORE_SHORT)])
def test_no_hidden_card_reaches_the_wrong_viewer(variant: str, players: int, options: dict[str, object] | None,
                                                  seed: int, lang: str, robots: tuple[int, ...],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """A few short hot-seat games of every family (a round or three), in both languages."""
    watch = play_hot_seat(variant, players, seed, monkeypatch, options=options, max_moves=90, rounds=3,
                          lang=lang, robots=robots)
    assert watch.frames > 50
    assert not watch.leaks, "\n".join(str(leak) for leak in watch.leaks[:10])


@pytest.mark.parametrize(("variant", "players"),
                         [("rami51", 2), pytest.param("gin", 2, marks=pytest.mark.long),
                          pytest.param("yami", 3, marks=pytest.mark.long)])
def test_a_keyed_deal_stays_sealed_on_the_screen_until_the_round_ends(variant: str, players: int,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """The table shows the round's fingerprint, never its code, nonce or the game secret,
    until the round is over; then "Show the deal" lays the deal out, and still nothing of
    the next round's."""
    shown: list[str] = []
    draw = DealScene.draw

    def watched(scene: DealScene, surface: pygame.Surface) -> None:
        shown.append(scene.proof.code)
        draw(scene, surface)

    monkeypatch.setattr(DealScene, "draw", watched)
    watch = play_hot_seat(variant, players, 5, monkeypatch, max_moves=300, rounds=1,
                          deals=Deals("keyed", bytes(range(32))), show_deals=True)
    assert watch.frames > 50 and shown, "the deal was shown at a round's end"
    assert not watch.leaks, "\n".join(str(leak) for leak in watch.leaks[:10])


def test_the_watch_sees_a_sealed_code_drawn(monkeypatch: pytest.MonkeyPatch) -> None:
    game = Game.new("gin", 2, 1, deals=Deals("keyed", bytes(32)))
    with watching(game, monkeypatch) as watch:
        widgets.text_surface(f"code {game.deals.key(1, 1).code}", 14, (255, 255, 255))
        watch.note_state(0)
        watch.check_frame(0)
    assert any(isinstance(leak, SealedLeak) for leak in watch.leaks)


LONG = [
    ("rami", 3, {"rounds": 2}), ("rami_base", 4, None), ("rami_bloc", 3, None), ("rami_wrotham", 2, None),
    ("rami40", 3, None), ("rami50", 2, None), ("rami51", 4, {"rounds": 2}), ("manie_joker51", 3, None),
    ("gin", 2, None), ("gin_oklahoma", 2, None), ("yami", 2, None), ("yami", 4, None),
]


@pytest.mark.long
@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize(("variant", "players", "options"), LONG, ids=[f"{v}-{p}" for v, p, _ in LONG])
def test_whole_hot_seat_games_show_no_hidden_card(variant: str, players: int, options: dict[str, object] | None,
                                                  lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    watch = play_hot_seat(variant, players, 7, monkeypatch, options=options, max_moves=20_000, lang=lang)
    assert watch.game.game_over, "played to the end"
    assert not watch.leaks, "\n".join(str(leak) for leak in watch.leaks[:10])
