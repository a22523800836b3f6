"""The end of a round, as at a real table: "the melds and the remaining hands are
shown with the score of each player for the round, the reason …, then the running totals"."""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest
from ui_helpers import open_app

from ramigui import i18n
from ramigui.bots import make_bot
from ramigui.cards import Card, parse_cards
from ramigui.rules import Game
from ramigui.ui.app import App
from ramigui.ui.overlays import RoundEndScene
from ramigui.ui.seats import TableConfig
from ramigui.ui.table import TableScene

SIZE = (1024, 600)
SHOTS = Path(os.environ.get("RAMIGUI_SHOTS", "/tmp/shots-helper-hints"))


@pytest.fixture
def app() -> Iterator[App]:
    with open_app(SIZE, bot_speed="normal") as opened:
        yield opened


def round_played(variant: str, players: int, seed: int) -> Game:
    """A game whose first round bots have played to its end."""
    game = Game.new(variant, players, seed)
    bots = [make_bot(variant, "medium", seat) for seat in range(players)]
    while not game.round_over:
        game.play(bots[game.to_play].choose(game.view(game.to_play)))
    return game


def shown(app: App, game: Game, name: str) -> RoundEndScene:
    config = TableConfig(variant=game.variant.id, players=game.players, seed=game.seed)
    app.push(TableScene(config, game))
    end = RoundEndScene(game, config.names)
    app.push(end)
    app.draw()
    SHOTS.mkdir(parents=True, exist_ok=True)
    pygame.image.save(pygame.display.get_surface(), str(SHOTS / f"round_end_{name}.png"))
    return end


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_rummy_round_end_shows_each_players_melds_and_cards_left(app: App, lang: str) -> None:
    i18n.set_language(lang)
    game = round_played("rami", 4, 3)
    lines = shown(app, game, f"rami_{lang}").lines()
    table = game.view(0).public.melds
    for seat, line in enumerate(lines):
        assert line.melds == tuple(m.cards for m in table if m.owner == seat)
        assert line.hand == tuple(sorted(game.hand(seat), key=Card.sort_key))  # the cards left, face up, sorted
        assert (line.points, line.total) == (game.round_scores[seat], game.scores[seat])
    winner = game.last_result.winner if game.last_result else None
    assert winner is not None and lines[winner].hand == ()


def test_gin_round_end_shows_both_arrangements(app: App) -> None:
    game = round_played("gin", 2, 4)
    lines = shown(app, game, "gin").lines()
    result = game.last_result
    assert result is not None
    if result.reason in ("knock", "gin", "undercut", "big_gin"):
        knocker = result.details["knocker"]
        assert lines[knocker].melds  # the knocker laid melds
        dead = [sum(min(c.rank, 10) for c in line.hand) for line in lines]
        assert dead[knocker] == result.details["knocker_deadwood"]
        assert dead[1 - knocker] == result.details["defender_deadwood"]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_gin_round_end_shows_the_cards_laid_off_in_the_defenders_row(app: App, lang: str) -> None:
    """Seed 001: the defender "peut se défausser de ses cartes non utilisées … en complétant
    les combinaisons de l'attaquant". A newcomer who knocked saw the bot's 8♦ inside their own
    set of eights with no word and took it for a card they never had: the knocker's row shows
    their melds as they laid them, and the laid-off cards stand in the defender's row, named."""
    i18n.set_language(lang)
    #   knocker: A♠ 2♠ 3♠ | 4♥ 5♥ 6♥ | 7♣ 7♦ 7♥ | 9♣ (K♦ thrown)
    #   defender: 4♠ 7♠ 3♥ to lay off | Q♣ Q♦ Q♠ | 2♦ 9♦ J♣ 5♣
    game = Game.from_position("gin", hands=["AS 2S 3S 4H 5H 6H 7C 7D 7H KD", "4S 7S 3H QC QD QS 2D 9D JC 5C"],
                              stock="9C 8S 10S 2C 3C", discard="6C 8C", to_play=0)
    for move in ("draw", "knock KD", "layoff 4S to 1", "layoff 7S to 3", "meld QC QD QS", "done"):
        game.play(move)
    assert game.round_over
    lines = shown(app, game, f"gin_layoffs_{lang}").lines()
    laid = parse_cards("4S 7S 3H")
    assert all(card not in meld for meld in lines[0].melds for card in laid)
    knocked = Counter(card for meld in lines[0].melds for card in meld)
    assert knocked == Counter(parse_cards("AS 2S 3S 4H 5H 6H 7C 7D 7H"))
    assert Counter(parse_cards("QC QD QS")) in [Counter(meld) for meld in lines[1].melds]
    assert Counter(lines[1].melds[-1]) == Counter(laid)
    assert i18n.tr("round.laid_off", cards=list(lines[1].melds[-1])) in lines[1].why
    assert all(len(marks) == len(meld) for line in lines for meld, marks in zip(line.melds, line.marks, strict=True))
    # the laid-off cards come after "laid off:", not as one more meld of the defender's (a newcomer's
    # finding), nor after a "+" that read as the meld before going on ("2♦3♦4♦ + 5♥": another's)
    assert lines[1].laid_off and not lines[0].laid_off
    import ramigui.ui.overlays as overlays

    drawn: list[str] = []
    real = overlays.blit_text
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(overlays, "blit_text", lambda surface, text, *a, **k: drawn.append(text) or real(
            surface, text, *a, **k))
        app.draw()
    assert drawn.count(i18n.tr("round.laid_off_tag")) == 1 and "+" not in drawn


def test_yami_round_end_names_the_box_each_player_filled(app: App) -> None:
    game = round_played("yami", 3, 2)
    lines = shown(app, game, "yami").lines()
    result = game.last_result
    assert result is not None
    for seat, box, points in result.details["marks"]:
        assert lines[seat].mark  # the box in words, and what filled it
        assert i18n.box_text(box) in lines[seat].mark
        assert (points is None) == ("crossed out" in lines[seat].mark)
        assert lines[seat].points == result.points[seat]
        assert len(lines[seat].hand) == 5  # every hand is exposed


def test_points_beyond_the_cards_left_are_explained(app: App) -> None:
    # seed 000 (Rami familial): "Un joueur qui n'a rien posé marque 100 points en plus"
    from ramigui.rules.family import RoundResult
    from ramigui.score_words import points_parts

    variant = Game.new("rami", 4, 1).variant
    never = RoundResult((0, 125), "out", 0, {"hand_points": (0, 25), "put_down": (True, False)})
    assert points_parts(never, 1, variant) == "25 points in hand + 100 never laid down"
    plain = RoundResult((0, 25), "out", 0, {"hand_points": (0, 25), "put_down": (True, True)})
    assert points_parts(plain, 1, variant) == "25 points in hand"  # "2 in hand" by one card read as a card count
    one = RoundResult((0, 1), "out", 0, {"hand_points": (0, 1), "put_down": (True, True)})
    assert points_parts(one, 1, variant) == "1 point in hand"
    assert points_parts(plain, 1, variant, plain=False) == ""  # the sheet names only what is more than cards
    assert points_parts(plain, 0, variant) == ""  # the winner scored nothing
    game = round_played("rami", 4, 1)  # a real round where seats 2 and 4 never laid a card down
    details = game.last_result.details if game.last_result else {}
    idle = [s for s in range(4) if not details["put_down"][s] and details["hand_points"][s] > 0]
    assert idle == [1, 3]
    lines = shown(app, game, "never_down").lines()
    seat = idle[0]
    assert lines[seat].why == f"{details['hand_points'][seat]} points in hand + 100 never laid down"
    assert lines[seat].points == details["hand_points"][seat] + 100


def test_the_foot_says_tab_opens_the_scores_where_there_is_room(app: App) -> None:
    """Tab opens the score sheet over the panel; only "D: Show the deal" was said."""
    from screen_texts import drawn_texts

    i18n.set_language("en")
    game = round_played("rami51", 4, 1)
    with drawn_texts() as drawn:
        shown(app, game, "rami51_four")
    assert "Click or press Enter to continue · Tab: the scores" in [d.text for d in drawn]


def test_the_last_rows_words_keep_clear_of_the_foot(app: App) -> None:
    """At four players the last row's words ("2 in hand") touched the foot's line ("D: Show
    the deal", "Click or press Enter to continue"): there is air between them."""
    from screen_texts import drawn_texts

    i18n.set_language("en")
    game = round_played("rami51", 4, 1)
    with drawn_texts() as drawn:
        end = shown(app, game, "rami51_four")
    foot = next(d for d in drawn if d.text in (i18n.tr("round.continue"), i18n.tr("round.continue_tab")))
    last_why = end.lines()[-1].why
    words = [d for d in drawn if last_why and d.text == last_why]
    assert words and foot.rect.top - words[-1].rect.bottom >= foot.size // 3


def the_marked_player(app: App, end: RoundEndScene) -> str:
    """The name in the one tinted row of the end panel as drawn (the test fails if no row,
    or more than one, is tinted)."""
    import ramigui.ui.overlays as overlays

    panels: list[pygame.Rect] = []
    names: dict[str, pygame.Rect] = {}
    real_panel, real_text = overlays.draw_panel, overlays.blit_text

    def panel(surface: pygame.Surface, rect: pygame.Rect, fill: tuple[int, ...], *a: Any, **k: Any) -> None:
        if len(fill) == 4 and fill[3] < 60:  # a row's tint, not the panel itself
            panels.append(rect)
        real_panel(surface, rect, fill, *a, **k)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(overlays, "draw_panel", panel)
        patch.setattr(overlays, "blit_text", lambda surface, text, *a, **k: names.setdefault(
            text, real_text(surface, text, *a, **k)))
        app.draw()
    (tinted,) = panels
    (marked,) = [line.name for line in end.lines() if tinted.collidepoint(names[line.name].center)]
    return marked


def test_only_the_winners_row_is_tinted(app: App) -> None:
    """Every other row was tinted, so at a table of three the middle one looked singled out
    for nothing ("Bot 1's row is always highlighted"): the tint now marks the round's winner."""
    game = round_played("rami", 3, 1)  # seat 2 goes out: not the row every other row tinted
    end = shown(app, game, "rami_winner_row")
    assert game.last_result is not None and game.last_result.winner == 2
    assert the_marked_player(app, end) == end.lines()[2].name


def test_at_the_games_end_its_winner_stands_out_not_the_last_rounds(app: App) -> None:
    """At the end of a game the panel tinted the last round's winner under "Robot 2 wins the
    game" (a newcomer): once the game is over, its winner's row is the one marked."""
    game = Game.new("rami", 3, 2, {"rounds": 2})  # seat 1 wins the last round, seat 2 the game
    bots = [make_bot("rami", "medium", seat) for seat in range(3)]
    while not game.game_over:
        game.play("next" if game.round_over else bots[game.to_play].choose(game.view(game.to_play)))
    assert game.last_result is not None and game.last_result.winner == 1 and game.winners == [2]
    end = shown(app, game, "rami_game_over")
    assert the_marked_player(app, end) == end.lines()[2].name
