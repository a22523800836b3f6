"""Scores explain themselves: every round's points with their parts, and who leads
by which rule, in the end-of-round panel and the score sheet — from real rounds played by
the rules, in both languages, at sizes a grandmother reads (≥ 14 px at 1024×600)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pygame
import pytest
from rummy_helpers import play
from rummy_helpers import position as rummy_position
from ui_helpers import open_app

from ramigui import i18n
from ramigui.rules import Game, Move
from ramigui.score_words import leader_text, points_parts, round_summary, rule_text
from ramigui.ui import overlays, scoresheet
from ramigui.ui.app import App
from ramigui.ui.overlays import RoundEndScene
from ramigui.ui.scoresheet import ScoreSheetScene, SheetData
from ramigui.ui.screen import Context
from ramigui.ui.seats import TableConfig
from ramigui.ui.sound import Sounds
from ramigui.ui.table import TableScene

# gin, seed 001: the knocker's gin hand (7S drawn: 7C 7D 7H 7S, discard 8D) and a defender
# holding 41 points of deadwood.
GIN_HAND = "AS 2S 3S 4H 5H 6H 7C 7D 7H 8D"
GIN_DEFENDER = "4S 3H QC QD QS 8H 2D 9C JC 5C"


def gin_round(variant: str, upcard: str) -> Game:
    game = Game.from_position(variant, hands=[GIN_HAND, GIN_DEFENDER], stock="7S 8C", discard=f"{upcard} 10C")
    for move in ("draw", "gin 8D", "done"):
        game.play(move)
    return game


def rami_sec() -> Game:
    """Seed 000: « (Valeur des cartes restantes + 100 points) x 2 » for a rami sec."""
    game = rummy_position("rami", ["7H 8H 9H 2C 3C 4C KS", "5D 9S QD", "AS JK"], "10H 4S", "5H")
    play(game, "draw", "meld 7H 8H 9H 10H", "meld 2C 3C 4C", "discard KS")
    return game


def test_a_gin_says_its_bonus_and_the_deadwood() -> None:
    # seed 001: "le gin rapporte 25 points de bonus" + the defender's deadwood
    game = gin_round("gin", "10H")
    assert game.round_scores == [41 + 25, 0]
    assert points_parts(game.last_result, 0, game.variant) == "25 gin bonus + 41 deadwood"
    assert points_parts(game.last_result, 1, game.variant) == ""


def test_oklahoma_says_it_doubled_the_round() -> None:
    # seed 001: "Si l'entame est un pique alors le total des points … est doublé."
    game = gin_round("gin_oklahoma", "10S")
    assert game.round_scores == [(41 + 25) * 2, 0]
    assert points_parts(game.last_result, 0, game.variant) == "(25 gin bonus + 41 deadwood) × 2, spade upcard"


def test_rami_sec_says_the_cards_the_hundred_and_the_doubling() -> None:
    """Seed 000: a rami sec doubles the others' hands and their hundred. "24 points in hand +
    100 never laid down × 2" read as 24 + 200 (a newcomer): the sum doubled is bracketed."""
    game = rami_sec()
    assert game.round_scores == [0, (24 + 100) * 2, (31 + 100) * 2]
    assert (
        points_parts(game.last_result, 1, game.variant)
        == "(24 points in hand + 100 never laid down) × 2, rummy before anyone laid down"
    )
    i18n.set_language("fr")
    assert points_parts(game.last_result, 2, game.variant) == "(31 points en main + 100 rien posé) × 2, rami sec"


def test_yami_names_the_box_and_what_filled_it() -> None:
    game = Game.new("yami", 3, seed=2)
    from ramigui.bots import make_bot

    bots = [make_bot("yami", "medium", seat) for seat in range(3)]
    while not game.round_over:
        game.play(bots[game.to_play].choose(game.view(game.to_play)))
    result = game.last_result
    assert result is not None
    for seat, box, _ in result.details["marks"]:  # seed 2: every seat scores a box
        parts = points_parts(result, seat, game.variant)
        assert i18n.box_text(box) in parts and "crossed out" not in parts
        assert "Série" not in parts and "brelan" not in parts.lower()
    crossed = replace(result, details={**result.details, "marks": ((0, "Q", None),)})
    parts = points_parts(crossed, 0, game.variant)
    assert i18n.box_text("Q") in parts and "crossed out" in parts


def test_who_leads_and_by_which_rule() -> None:
    assert rule_text(False, 0, 16) == "16 rounds: the highest total wins"  # Yami: "le plus de points"
    assert rule_text(True, 100, 0) == "Game to 100 points: the lowest total wins"
    assert leader_text(["Ann", "Bob"], [12, 30], True, False) == "In the lead: Ann, 12 points"
    assert leader_text(["Ann", "Bob"], [12, 30], False, True, [1]) == "Bob wins the game with 30 points"
    assert leader_text(["You", "Bob"], [1, 0], False, True, [0]) == "You win the game with 1 point"
    assert leader_text(["Ann", "Bob"], [0, 0], True, False) == ""  # nobody leads before anyone scores
    # a tie: a newcomer read "Bot 1, Bot 2 wins the game with 19 points"
    assert leader_text(["Ann", "Bob", "Cleo"], [19, 19, 40], True, True, [0, 1]) == (
        "A tie: Ann, Bob win the game with 19 points each")
    # during the game too: "In the lead: Bot 1, You, 27 points" read as a list (a newcomer)
    assert leader_text(["Bot 1", "You", "Cleo"], [27, 27, 40], True, False) == (
        "Tied in the lead: Bot 1, You, 27 points each")
    i18n.set_language("fr")
    assert rule_text(False, 0, 16) == "16 manches\u00a0: le plus grand total gagne"
    assert leader_text(["Robot 1", "Ann"], [3, 9], True, False) == "En tête\u00a0: Robot 1, 3 points"
    assert leader_text(["Robot 1", "Robot 2"], [19, 19], True, True, [0, 1]) == (
        "Égalité\u00a0: Robot 1, Robot 2 gagnent la partie avec 19 points chacun")
    assert leader_text(["Robot 1", "Ann"], [3, 3], True, False) == (
        "À égalité en tête\u00a0: Robot 1, Ann, 3 points chacun")


# --- drawn: the end-of-round panel and the sheet ------------------------------------------------


def recorded(monkeypatch: pytest.MonkeyPatch, module: Any) -> list[tuple[str, int, pygame.Rect]]:
    shown: list[tuple[str, int, pygame.Rect]] = []
    original = module.blit_text

    def spy(target: pygame.Surface, text: str, size: int, *args: Any, **kwargs: Any) -> pygame.Rect:
        rect = original(target, text, size, *args, **kwargs)
        shown.append((text, size, rect))
        return rect

    monkeypatch.setattr(module, "blit_text", spy)
    return shown


@pytest.fixture
def app() -> Iterator[App]:
    with open_app((1024, 600)) as opened:
        yield opened


def test_the_round_end_panel_shows_the_parts_and_the_leader_at_14_px_or_more(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    game = rami_sec()
    names = ["Marie-Charlotte Lefebvre", "Wolfeschlegelsteinhausen", "Tonton Jean-Baptiste Roy"]
    config = TableConfig(variant="rami", players=3, seed=1, names=names)
    app.push(TableScene(config, game))
    app.push(RoundEndScene(game, names))
    shown = recorded(monkeypatch, overlays)
    app.draw()
    texts = [text for text, _, _ in shown]
    assert "(24 points in hand + 100 never laid down) × 2, rummy before anyone laid down" in texts
    assert any(text.startswith("In the lead: Marie-Charlotte Lefebvre, 0 points") for text in texts)
    assert any("the lowest total wins" in text for text in texts)
    assert min(size for _, size, _ in shown) >= 14
    box = pygame.Rect(0, 0, int(1024 * 0.9), int(600 * 0.9))
    box.center = (512, 300)
    assert all(box.contains(rect) for _, _, rect in shown), "a text ran out of the panel"


def test_the_sheet_says_each_round_in_words(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    game = gin_round("gin_oklahoma", "10S")
    ctx = Context(None, __import__("ramigui.settings", fromlist=["Settings"]).Settings(language="en"), Sounds(False))
    app.push(ScoreSheetScene(ctx, SheetData.from_game(game, ["Ann", "Bob"])))
    shown = recorded(monkeypatch, scoresheet)
    app.draw()
    texts = [text for text, _, _ in shown]
    said = " ".join(texts)  # the words wrap under the round
    assert "Ann: gin, (25 gin bonus + 41 deadwood (Bob)) × 2, spade upcard" in said and "Bob: 41 deadwood" in said
    assert "In the lead: Ann, 132 points" in texts
    assert "Game to 150 points: the highest total wins" in texts
    assert min(size for _, size, _ in shown) >= 14


def test_round_summary_in_both_languages() -> None:
    game = rami_sec()
    assert (
        round_summary(game.last_result, ["Ann", "Bob", "Cid"])
        == "Ann wins the round — rummy before anyone laid down (rami sec)!"
    )
    i18n.set_language("fr")
    assert round_summary(game.last_result, ["Vous", "Bob", "Cid"]) == "Vous gagnez la manche — rami sec\u00a0!"


@pytest.mark.parametrize("lang, knock, left", [
    ("en", "48 deadwood (Bot 1) − 3 (Ann)", "48 deadwood"),
    ("fr", "48 non utilisées (Robot 1) − 3 (Ann)", "48 non utilisées")])
def test_a_knock_says_whose_deadwood_is_whose(lang: str, knock: str, left: str) -> None:
    """A bare "19 − 7 deadwood" under the knocker does not say whose 19 and whose 7, and the
    other row needs its deadwood too; seed 001: the knocker scores the difference of the two
    deadwoods."""
    i18n.set_language(lang)
    try:
        game = Game.from_position("gin", hands=["AH 2H 3H 4S 5S 6S 9C 9D 9H 3D", "5C 6C 8D 8C JC QH 2D 3C 4C 10S"],
                                  stock="KD 7S 8H", discard="KS 10C")
        for move in ("draw", "knock KD", "done"):
            game.play(move)
        assert game.last_result.reason == "knock" and game.round_scores == [45, 0]
        names = ["Ann", "Robot 1"]
        assert points_parts(game.last_result, 0, game.variant, names=names) == knock
        assert points_parts(game.last_result, 1, game.variant, names=names) == left
        assert points_parts(game.last_result, 1, game.variant) == ""  # no names: as before
        from ramigui.movetext import describe_move

        done = describe_move(Move("done"), 1, "Bot 1")
        assert "done" not in done.split() and ("scored" in done or "points" in done)
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 800)])
def test_long_names_are_whole_on_the_end_panel_when_there_is_room(monkeypatch: pytest.MonkeyPatch,
                                                                  size: tuple[int, int]) -> None:
    """No "Marie-Charlott…" at 1920×1080 with half the row empty: the name
    column takes what the names need (up to 30% of the panel), the cards shrink instead."""
    game = rami_sec()
    names = ["Marie-Charlotte Lefebvre", "Wolfeschlegelsteinhausen", "Tonton Jean-Baptiste Roy"]
    with open_app(size) as big:
        big.push(TableScene(TableConfig(variant="rami", players=3, seed=1, names=names), game))
        big.push(RoundEndScene(game, names))
        shown = recorded(monkeypatch, overlays)
        big.draw()
    texts = [text for text, _, _ in shown]
    for name in names:
        assert name in texts
    assert min(size for _, size, _ in shown) >= 14


def test_the_sheet_at_640_cuts_words_with_an_ellipsis_and_keeps_the_leaders_points(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """At 640×400 "Wolfeschlegelsteinhaus: 39 points in hand + 100" must not lose "never laid down"
    without a "…", nor the leader line its points ("…, 25 poi…")."""
    from ramigui.ui import shots

    shown = recorded(monkeypatch, scoresheet)
    monkeypatch.setattr(shots.pygame.image, "save", lambda *args: None)
    names = "Marie-Charlotte Lefebvre,Wolfeschlegelsteinhausen,Tonton Jean-Baptiste Roy,Anne-Sophie Bartholomew"
    assert shots.screenshot_main(["--variant", "rami", "--players", "4", "--size", "640x400", "--lang", "en",
                                  "--show", "scores", "--rounds", "4", "--seed", "4", "--names", names,
                                  str(tmp_path / "sheet.png")]) == 0
    texts = [text for text, _, _ in shown]
    lead = next(text for text in texts if text.startswith("In the lead"))
    assert re.search(r", \d+ points?$", lead), lead
    hundred = [text for text in texts if "+ 100" in text or "+ 1…" in text or "+ 10…" in text]
    assert hundred, str(texts)
    assert all(text.endswith(("never laid down", "…")) or "never laid down ·" in text
                           for text in hundred), hundred


def test_every_players_words_are_whole_on_the_sheet_at_four(monkeypatch: pytest.MonkeyPatch,
                                                             tmp_path: Path) -> None:
    """A newcomer read "Robot 1 : 33 points en main + 100 rien posé · Robot 3 : 24 point…" at
    1162 × 652: a round's words were cut at two lines. At four players each gets its line."""
    from ramigui.ui import shots

    shown = recorded(monkeypatch, scoresheet)
    saved: list[pygame.Surface] = []
    monkeypatch.setattr(shots.pygame.image, "save", lambda surface, path: saved.append(surface.copy()))
    assert shots.screenshot_main(["--variant", "rami", "--players", "4", "--size", "1162x652", "--lang", "fr",
                                  "--show", "scores", "--rounds", "2", "--seed", "1",
                                  str(tmp_path / "sheet.png")]) == 0
    texts = [text for text, _, _ in shown]
    never_down = [text for text in texts if "rien posé" in text]
    assert len(never_down) >= 2, texts
    assert not [text for text in texts if "…" in text], texts
    # one band under a round's lines, no notch where two lines meet (a newcomer saw one at each join)
    second = next(rect for text, _, rect in shown if text == never_down[0])
    assert tuple(saved[0].get_at((second.left - 3, second.top - 1)))[:3] == scoresheet.WORDS_BACK[:3]
    note = next(rect for text, _, rect in shown if text.startswith("À chaque manche, les autres marquent"))
    assert tuple(saved[0].get_at((note.left - 3, note.top + 2)))[:3] != scoresheet.WORDS_BACK[:3], (
        "the footnote is no round's band: a newcomer took it for a round")


@pytest.mark.parametrize("lang, note", [("en", "(identical cards count once)"),
                                         ("fr", "(les cartes identiques comptent une fois)")])
def test_yami_says_when_identical_cards_count_once(lang: str, note: str) -> None:
    """A bare "J box: 1 × J" beside a hand holding two J♦ looks wrong; it is the rule (two
    identical cards of the two decks count once), so the words say so."""
    from ramigui.cards import parse_cards
    from ramigui.rules.family import RoundResult
    from ramigui.variants import get_variant

    i18n.set_language(lang)
    try:
        variant = get_variant("yami")
        twice = RoundResult(points=(5, 0), reason="exposed", winner=0,
                            details={"marks": [(0, "J", 5)], "hands": [parse_cards("JD JD 7C 8S 9H"), []]})
        assert points_parts(twice, 0, variant).endswith(note)
        once = RoundResult(points=(10, 0), reason="exposed", winner=0,
                           details={"marks": [(0, "J", 10)], "hands": [parse_cards("JD JS 7C 8S 9H"), []]})
        assert note not in points_parts(once, 0, variant)
    finally:
        i18n.set_language("en")


def test_a_yami_deal_says_a_tie_and_who_exposed() -> None:
    """Both scored 5: the panel must not say "Player 1 wins the round"."""
    from ramigui.rules.game import RoundResult

    tie = RoundResult(points=(5, 5, 0), reason="exposed", winner=0, details={})
    assert round_summary(tie, ["Ann", "Bob", "Cy"]) == "Tie: Ann & Bob, 5 points each — Ann exposed"
    ahead = RoundResult(points=(2, 5, 0), reason="exposed", winner=0, details={})
    assert round_summary(ahead, ["Ann", "Bob", "Cy"]) == "Bob wins the round — Ann exposed"
    i18n.set_language("fr")
    assert round_summary(tie, ["Ann", "Bob", "Cy"]) == "Égalité\u00a0: Ann & Bob, 5 points chacun — Ann a exposé"


def test_the_rule_says_how_many_rounds_are_left() -> None:
    """The sheet shows the target or the rounds left, so nobody has to count them."""
    assert rule_text(False, 0, 16, 13) == "13 of 16 rounds played: the highest total wins"
    assert rule_text(False, 0, 16, 0) == "16 rounds: the highest total wins"
    assert rule_text(True, 100, 0, 4) == "Game to 100 points: the lowest total wins"
    assert rule_text(False, 0, 16, 16) == "16 rounds: the highest total wins"  # the game is over
    i18n.set_language("fr")
    assert rule_text(True, 0, 5, 1) == "1 manche jouée sur 5\u00a0: le plus petit total gagne"


def test_a_void_gin_round_is_said_void_on_the_sheet() -> None:
    """Seed 001: the stock down to its last two cards, a plain discard
    voids the round: the sheet says so under its 0 / 0."""
    from ramigui.cards import parse_cards

    game = Game.from_position("gin", hands=[GIN_HAND.replace("8D", "KD"), GIN_DEFENDER],
                              stock=parse_cards("9S 9H TD"), discard=parse_cards("KS"), to_play=0)
    game.play("draw")
    game.play(f"discard {game.hand(0)[-1]}")
    assert game.round_over and game.last_result is not None and game.last_result.reason == "void"
    data = SheetData.from_game(game, ["Ann", "Bob"])
    assert data.rounds == ((0, 0),) and "void round" in " ".join(data.round_words(0))


def test_a_past_game_without_its_log_says_who_won_each_round() -> None:
    """The statistics keep each round's winner: a past game's sheet, read back from its
    record, says "Ann: gin" (seed 001: a gin ends the round), and a void round names nobody."""
    from ramigui.stats import FinishedGame

    kept = FinishedGame.of_game(gin_round("gin", "10H"), "g1", ["Ann", "Bob"], [None, "hard"])
    data = SheetData.from_finished(FinishedGame.from_json(kept.to_json()))
    assert data.round_words(0) == ["Ann: gin"]
    void = Game.from_position("gin", hands=[GIN_HAND.replace("8D", "KD"), GIN_DEFENDER],
                              stock="9S 9H TD", discard="KS", to_play=0)
    play(void, "draw", f"discard {void.hand(0)[-1]}")
    record = FinishedGame.of_game(void, "g2", ["Ann", "Bob"], [None, "hard"], unfinished=True).to_json()
    assert record["round_winners"] == [None]
    assert SheetData.from_finished(FinishedGame.from_json(record)).round_words(0) == ["void round"]


def test_a_past_game_kept_before_round_winners_were_recorded_still_reads() -> None:
    """An older record has no round winners: its sheet says why each round ended, as before;
    a winner that is no seat is a broken record, refused."""
    from ramigui.stats import FinishedGame
    from ramigui.storage import BrokenFile

    record = FinishedGame.of_game(gin_round("gin", "10H"), "g1", ["Ann", "Bob"], [None, "hard"]).to_json()
    del record["round_winners"]
    assert SheetData.from_finished(FinishedGame.from_json(record)).round_words(0) == ["gin"]
    with pytest.raises(BrokenFile):
        FinishedGame.from_json({**record, "round_winners": [2]})
    with pytest.raises(BrokenFile):
        FinishedGame.from_json({**record, "round_winners": [True]})


def test_round_words_cross_the_leaders_column_on_their_own_band(monkeypatch: pytest.MonkeyPatch,
                                                                tmp_path: Path) -> None:
    """A round's words would run through the leader column's gold highlight, so they sit on
    their own dark band where they cross it."""
    from ramigui.ui import shots

    shown = recorded(monkeypatch, scoresheet)
    saved: list[pygame.Surface] = []
    monkeypatch.setattr(shots.pygame.image, "save", lambda surface, path: saved.append(surface.copy()))
    assert shots.screenshot_main(["--variant", "rami", "--players", "4", "--size", "1024x600", "--lang", "en",
                                  "--show", "scores", "--rounds", "4", "--seed", "4", "--names",
                                  "Granny Jo,Lea,Hugo,Bob", str(tmp_path / "sheet.png")]) == 0
    picture = saved[0]
    long_words = [rect for text, _, rect in shown if "never laid down" in text]
    bob = next(rect for text, _, rect in shown if text == "Bob")
    crossing = [rect for rect in long_words if rect.right > bob.left]
    assert crossing
    for rect in crossing:
        colour = tuple(picture.get_at((bob.left + 2, rect.top)))[:3]
        assert colour == scoresheet.WORDS_BACK[:3], colour
    # a short line too is a row of its own across the sheet, not a patch the size of its words
    short = next(rect for text, _, rect in shown if text.endswith("went out"))
    assert short.right < bob.left
    assert tuple(picture.get_at((bob.left + 2, short.top + 2)))[:3] == scoresheet.WORDS_BACK[:3]


def test_the_round_end_panel_says_what_each_joker_stood_for(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ana's run 6♥ 7♥ JK 9♥ lies on the table as the round ends: on the end panel, as on the
    table, the joker carries the card it stood for (8♥) — at a size read from the sofa."""
    game = rummy_position("rami51", ["6H", "4S 8D TC QS KD"], stock="2C 3D 5S", discard="9S",
                          melds=[(0, "7H JK 9H"), (1, "JD JS JC")])
    play(game, "draw", "layoff 6H to 1", "discard 2C")
    assert game.round_over
    badges: list[tuple[Any, ...]] = []
    real = overlays.joker_badge
    monkeypatch.setattr(overlays, "joker_badge", lambda *a, **k: badges.append(a[3:6]) or real(*a, **k))
    with open_app((1920, 1080)) as big:
        big.push(RoundEndScene(game, ["Ana", "Bob"]))
        big.draw()
    assert [(str(stands), rank) for stands, rank, _ in badges] == [("8H", 0)]


def test_the_scroll_mark_stands_clear_of_the_names(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """Twenty rounds of four players do not fit at 1024×600: the ▲ saying rounds are above
    stood over the last player's name; it now stands beside the first row shown."""
    from ramigui.settings import Settings

    names = ("Ann", "Bob", "Cleo", "Bernadette")
    data = SheetData("Rami 51", names, tuple((1, 2, 3, 4) for _ in range(20)), ("out",) * 20, (20, 40, 60, 80),
                     (), lower_wins=True, over=False)
    app.push(ScoreSheetScene(Context(None, Settings(language="en"), Sounds(False)), data))
    shown = recorded(monkeypatch, scoresheet)
    app.draw()
    mark = next(rect for text, _, rect in shown if text == "▲")
    heading = {text: rect for text, _, rect in reversed(shown) if text in names}  # the first of each: the heading
    assert len(heading) == 4 and not any(mark.colliderect(rect) for rect in heading.values())


def test_scrolled_to_the_top_the_sheet_shows_the_first_rounds_down_to_its_foot(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """A newcomer scrolled the final sheet up: it showed rounds 1 and 2 over an empty
    half, each wheel step added one round, and the ▼ saying more lay below hid under the
    footnote. Scrolled to the top it shows as many rounds from the first as fit, and the ▼
    stands beside the last row shown."""
    from ramigui.settings import Settings

    names = ("Ann", "Bob", "Cleo")
    data = SheetData("Rami", names, tuple((k, 2, 3) for k in range(12)), ("out",) * 12, (66, 24, 36),
                     (), lower_wins=True, over=False)
    sheet = ScoreSheetScene(Context(None, Settings(language="en"), Sounds(False)), data)
    app.push(sheet)
    shown = recorded(monkeypatch, scoresheet)

    def row_labels() -> list[tuple[int, pygame.Rect]]:  # the round numbers, down the left edge
        return [(int(text), rect) for text, size, rect in shown
                if text.isdigit() and size == sheet.m.text and rect.left < 60]

    app.draw()
    at_foot = [number for number, _ in row_labels()]
    assert at_foot[-1] == 12 and len(at_foot) >= 4, at_foot
    for _ in range(30):
        sheet.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1))
    shown.clear()
    app.draw()
    at_top = row_labels()
    assert [number for number, _ in at_top] == list(range(1, len(at_foot) + 1)), (at_top, at_foot)
    down = next(rect for text, _, rect in shown if text == "▼")
    assert abs(down.top - at_top[-1][1].top) < sheet.m.text, "beside the last row shown"
    ann = next(rect for text, _, rect in shown if text == "Ann")
    assert down.right < ann.left, "in the rounds' column: by the last score it read as 'went up'"
    assert sheet.back_rounds == sheet.scroll_room, "the wheel stops at the first round"


def test_two_players_with_the_same_totals_both_show_in_the_graph(app: App) -> None:
    """Ann and Bob scored alike every round: Bob's line was drawn over Ann's, and the
    graph showed three players of four."""
    from ramigui.settings import Settings
    from ramigui.ui.scoresheet import seat_colour

    names = ("Ann", "Bob", "Cleo")
    data = SheetData("Rami 51", names, ((5, 5, 20), (10, 10, 0), (0, 0, 30)), ("out",) * 3, (15, 15, 50),
                     (), lower_wins=True, over=False)
    app.push(ScoreSheetScene(Context(None, Settings(language="en"), Sounds(False)), data))
    app.draw()
    screen = app.screen
    w, h = screen.get_size()
    plot = {tuple(screen.get_at((x, y)))[:3] for x in range(w // 2, w) for y in range(h // 5, h * 3 // 4)}
    for seat in range(3):
        assert tuple(seat_colour(seat)) in plot, names[seat]


@pytest.mark.parametrize("size", [(1366, 768), (1024, 600)])
def test_every_jokers_label_is_drawn_on_the_round_end_panel(size: tuple[int, int]) -> None:
    """7♣ 8♣ 9♣ JK V♣ D♣ R♣ at round 1's end: the joker's label (10♣) was left out, its two
    figures too wide for the strip a fanned card shows, while an ace's showed (a newcomer's
    finding, 1366×768); at 1024×600 a set's label (A ♦♣) was left out too. A covered joker
    shows more of itself, its label widens for two figures, and both are drawn."""
    from ramigui.ui.card_marks import BADGE_FILL

    game = rummy_position("rami51", ["6C", "4S 8D TC QS KD", "2S 3H"], stock="2C 3D 5S", discard="9S",
                          melds=[(1, "7C 8C 9C JK JC QC KC"), (0, "JD JS JH"), (2, "AH AS JK")])
    play(game, "draw", "layoff 6C to 1", "discard 2C")
    assert game.round_over
    with open_app(size) as app:
        app.push(RoundEndScene(game, ["Ana", "Bob", "Cleo"]))
        app.draw()
        screen = pygame.display.get_surface()
        rows = {y // 40 for x in range(0, size[0], 2) for y in range(0, size[1], 2)
                if tuple(screen.get_at((x, y)))[:3] == BADGE_FILL[:3]}
    assert len({row // 2 for row in rows}) >= 2, f"a joker's label is missing: label pixels in bands {sorted(rows)}"


def test_the_final_sheets_buttons_say_their_words_at_full_size(app: App, tmp_path: Path) -> None:
    """« Enregistrer la feuille en image » squeezed into three equal buttons made every label
    of the row small (a newcomer's finding): each button is as wide as its words."""
    from ramigui.settings import Settings
    from ramigui.storage import Store

    i18n.set_language("fr")
    try:
        data = SheetData("Rami familial", ("Vous", "Robot 1", "Robot 2"), ((0, 12, 30),), ("out",), (0, 12, 30),
                         (), lower_wins=True, over=True)
        store = Store(tmp_path / "data", tmp_path / "config")
        sheet = ScoreSheetScene(Context(store, Settings(language="fr"), Sounds(False)), data, final=True,
                                again=lambda: None)
        app.push(sheet)
        app.draw()
        buttons = [control for control in sheet.controls if getattr(control, "action", "") in
                   ("picture", "play_again", "back")]
        assert len(buttons) == 3
        full = max(12, int(buttons[0].rect.height * 0.42))
        assert all(button.fitted_size() == full and button.text_size == full for button in buttons)
    finally:
        i18n.set_language("en")
