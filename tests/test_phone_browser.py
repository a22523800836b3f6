"""A real phone browser plays a turn: headless Chromium opens a seat's page, a
finger taps cards and piles, and the table's game follows.

Chromium and its driver are Debian's (`chromium`, `chromium-driver`; `.ci/run` installs
them when missing), driven by selenium pointed at /usr/bin explicitly so nothing is ever
downloaded. Where they are missing the test is SKIPPED, saying so loudly.

Besides asserting what happened, it prints the time from each tap to the game having played
the move (on loopback), and saves screenshots of the page on a phone (360×740) and a tablet.
"""

from __future__ import annotations

import os
import shutil
import statistics
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from phone_helpers import running_host, wait_until

from ramigui import i18n
from ramigui.cards import parse_card
from ramigui.phone.host import PhoneHost
from ramigui.rules import Game, IllegalMove, Move

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
SHOTS = os.environ.get("RAMIGUI_PHONE_SHOTS")  # a folder to keep the screenshots in


def _missing() -> str:
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "the selenium package"
    for path in (CHROMIUM, CHROMEDRIVER):
        if not (Path(path).is_file() and os.access(path, os.X_OK)):
            return path
    return ""


MISSING = _missing()
pytestmark = pytest.mark.skipif(
    bool(MISSING), reason=f"!!! PHONE BROWSER TEST SKIPPED: {MISSING} is missing "
                          "(apt-get install chromium chromium-driver; .ci/run does it as root) !!!")


@contextmanager
def phone_browser(width: int = 360, height: int = 740, lang: str = "en") -> Iterator[Any]:
    """Headless Chromium as a phone of `width`×`height` CSS pixels (touch, twice the pixels),
    set to `lang` (each phone is told the game in its own language)."""
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    os.environ["SE_OFFLINE"] = "true"  # selenium never looks for or downloads a browser
    profile = tempfile.mkdtemp(prefix="ramigui-chromium-")
    options = Options()
    options.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-dev-shm-usage",
                 "--hide-scrollbars", f"--user-data-dir={profile}", f"--lang={lang}"):
        options.add_argument(flag)
    options.add_experimental_option("prefs", {"intl.accept_languages": lang})
    options.add_experimental_option("mobileEmulation", {"deviceMetrics": {"width": width, "height": height,
                                                                          "pixelRatio": 2, "touch": True}})
    driver = webdriver.Chrome(options=options, service=Service(CHROMEDRIVER))
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


@pytest.fixture
def browser(request: pytest.FixtureRequest) -> Iterator[Any]:
    """A phone in the test's `lang` (its parameter), else in English."""
    callspec = getattr(request.node, "callspec", None)
    with phone_browser(lang=callspec.params.get("lang", "en") if callspec else "en") as driver:
        yield driver


def tap(driver: Any, x: float, y: float) -> None:
    """A finger's tap at (x, y) of the page (CSS pixels)."""
    from selenium.webdriver.common.actions import interaction
    from selenium.webdriver.common.actions.action_builder import ActionBuilder
    from selenium.webdriver.common.actions.pointer_input import PointerInput

    actions = ActionBuilder(driver, mouse=PointerInput(interaction.POINTER_TOUCH, "finger"), duration=20)
    actions.pointer_action.move_to_location(int(x), int(y)).pointer_down().pointer_up()
    actions.perform()


def rect(driver: Any, selector: str) -> dict[str, float]:
    found = driver.execute_script(
        "const e = document.querySelector(arguments[0]); if (!e) return null;"
        "e.scrollIntoView({block: 'nearest'}); const r = e.getBoundingClientRect();"
        "return {left: r.left, top: r.top, width: r.width, height: r.height};", selector)
    assert found, f"nothing on the page matches {selector}"
    return found


def tap_element(driver: Any, selector: str) -> None:
    box = rect(driver, selector)
    tap(driver, box["left"] + box["width"] / 2, box["top"] + box["height"] / 2)


def tap_card(driver: Any, card: str) -> None:
    """Tap a card of the hand on its corner index (the part of a fanned card always in view)."""
    index = driver.execute_script(
        "return [...document.querySelectorAll('#hand .card')]"
        ".findIndex(c => c.firstChild.dataset.card === arguments[0]);",
        card,
    )
    assert index >= 0, f"{card} is not shown in the hand"
    box = rect(driver, f"#hand .card[data-index='{index}']")
    tap(driver, box["left"] + 8, box["top"] + 14)


def shown_hand(driver: Any) -> list[str]:
    return driver.execute_script("return [...document.querySelectorAll('#hand .card svg')].map(s => s.dataset.card);")


def page_turn(driver: Any, host: PhoneHost) -> bool:
    """The page shows the table's latest state, and it is the phone's turn."""
    version, mine = driver.execute_script(
        "return [+document.body.dataset.version, document.getElementById('prompt').classList.contains('mine')];")
    return bool(mine) and version == host.relay.version and host.game.to_play == 0


class Clock:
    """When the game played each phone move: the table's side of the tap-to-move latency."""

    def __init__(self, host: PhoneHost) -> None:
        self.applied: list[tuple[Move, float]] = []
        self.read = 0
        play = host.play

        def timed(seat: int, move: Move) -> None:
            play(seat, move)
            self.applied.append((move, time.time() * 1000))

        host.play = timed  # type: ignore[method-assign]

    def when(self, move: Move) -> float:
        """When the host's thread played `move`, the first such move after the last one
        asked about, once it has said so: the game's log shows a move a moment before its
        time is written here."""
        def after_it() -> int:  # the place after the entry, 0 while it is not there
            return next((index + 1 for index in range(self.read, len(self.applied))
                         if self.applied[index][0] == move), 0)

        self.read = wait_until(after_it)
        return self.applied[self.read - 1][1]


def test_a_phone_plays_a_turn_by_taps_and_the_table_follows(browser: Any, capsys: pytest.CaptureFixture[str],
                                                             tmp_path: Path) -> None:
    i18n.set_language("en")
    with running_host("rami51", players=3, phones=1, seed=7) as host:
        clock = Clock(host)
        latencies: list[float] = []
        browser.get(host.server.url(0))
        wait_until(lambda: page_turn(browser, host))
        assert sorted(shown_hand(browser)) == sorted(str(c) for c in host.game.hand(0))
        shots = Path(SHOTS) if SHOTS else tmp_path
        shots.mkdir(parents=True, exist_ok=True)
        if SHOTS:
            browser.save_screenshot(str(shots / "phone-360x740-start.png"))

        def sent_at() -> float:
            return float(browser.execute_script("return window.ramiguiLastSend.at;"))

        # a turn by taps: the stock if the turn starts with a draw, then a card and the pile
        if "draw" in {m.kind for m in host.game.view(0).legal_moves}:
            tap_element(browser, "#stock")
            wait_until(lambda: host.game.log[-1] == (0, Move("draw")))
            latencies.append(clock.when(Move("draw")) - sent_at())
            wait_until(lambda: len(shown_hand(browser)) == len(host.game.hand(0)))
        first = next(m for m in host.game.view(0).legal_moves if m.kind == "discard").card
        tap_card(browser, str(first))
        assert browser.execute_script("return document.getElementById('discard').classList.contains('lit');")
        if SHOTS:
            browser.save_screenshot(str(shots / "phone-360x740-selected.png"))
        played = len(host.game.log)
        tap_element(browser, "#discard")
        wait_until(lambda: (0, Move("discard", (first,))) in host.game.log[played:])
        latencies.append(clock.when(Move("discard", (first,))) - sent_at())

        # the bots play on the table; then the phone's turn: tap the stock, then discard by taps
        wait_until(lambda: page_turn(browser, host))
        before = list(host.game.hand(0))
        tap_element(browser, "#stock")
        wait_until(lambda: host.game.log[-1] == (0, Move("draw")))
        latencies.append(clock.when(Move("draw")) - sent_at())
        wait_until(lambda: len(shown_hand(browser)) == len(host.game.hand(0)))
        # the card drawn wears the table's green tab ("Vous avez pioché" never said which it was)
        (drawn,) = list((Counter(host.game.hand(0)) - Counter(before)).elements())
        fresh = browser.execute_script(
            "return [...document.querySelectorAll('#hand .card.fresh svg')].map(s => s.dataset.card);")
        assert fresh == [str(drawn)], fresh
        on_other = browser.execute_script(  # the tab lies on no other card (in a second row it hangs below)
            "const f = document.querySelector('#hand .card.fresh'); const r = f.getBoundingClientRect();"
            "const low = getComputedStyle(f, '::before').bottom === '-9px';"
            "const x = r.left + 15, y = low ? r.bottom + 4 : r.top - 4;"
            "return [...document.querySelectorAll('#hand .card')].filter(c => c !== f).some(c => {"
            "const o = c.getBoundingClientRect(); return x > o.left && x < o.right && y > o.top && y < o.bottom; });")
        assert not on_other, "the new card's tab sits on another card"
        if SHOTS:
            browser.save_screenshot(str(shots / "phone-360x740-fresh.png"))
        # a tap on the stock again is refused, with the rules' reason on the phone
        played = len(host.game.log)
        tap_element(browser, "#stock")
        refusal = wait_until(lambda: browser.execute_script(
            "const r = document.getElementById('refusal'); return r.hidden ? '' : r.textContent;"))
        assert len(host.game.log) == played, "a refused move changes nothing"
        try:
            host.game.copy().play("draw")
        except IllegalMove as error:
            assert i18n.reason_text(error) in refusal
        card = next(m for m in host.game.view(0).legal_moves if m.kind == "discard").card
        tap_card(browser, str(card))
        tap_element(browser, "#discard")
        wait_until(lambda: (0, Move("discard", (card,))) in host.game.log[played:])
        latencies.append(clock.when(Move("discard", (card,))) - sent_at())

        # and once more by dragging a card onto the pile
        wait_until(lambda: page_turn(browser, host))
        tap_element(browser, "#stock")
        wait_until(lambda: host.game.log[-1] == (0, Move("draw")))
        wait_until(lambda: len(shown_hand(browser)) == len(host.game.hand(0)))
        card = next(m for m in host.game.view(0).legal_moves if m.kind == "discard").card
        played = len(host.game.log)
        drag_card_to(browser, str(card), "#discard")
        wait_until(lambda: (0, Move("discard", (card,))) in host.game.log[played:])
        latencies.append(clock.when(Move("discard", (card,))) - sent_at())

        # the page shows the table's state: the others' counts and the discard pile's top
        wait_until(lambda: page_turn(browser, host))
        counts = browser.execute_script(
            "return [...document.querySelectorAll('#seats .seat .n')].map(n => n.textContent);")
        assert [c.split(" ")[0] for c in counts] == [str(len(host.game.hand(s))) for s in range(3)]
        top = browser.execute_script("return document.querySelector('#discard svg').dataset.card;")
        assert parse_card(top) == host.game.view(0).public.discard[-1]
        browser.save_screenshot(str(shots / "phone-360x740-turn.png"))
        browser.set_window_size(800, 1280)
        browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                {"width": 800, "height": 1280, "deviceScaleFactor": 1, "mobile": True})
        time.sleep(0.3)
        browser.save_screenshot(str(shots / "tablet-800x1280.png"))
    with capsys.disabled():
        print(f"\nphone tap → game played the move (loopback, headless Chromium): "
              f"{', '.join(f'{ms:.1f}' for ms in latencies)} ms; median {statistics.median(latencies):.1f} ms "
              f"(target <= 100 ms); screenshots in {shots}")


def drag_card_to(driver: Any, card: str, selector: str) -> None:
    """A finger drags a card of the hand by its corner and lets go over `selector`."""
    from selenium.webdriver.common.actions import interaction
    from selenium.webdriver.common.actions.action_builder import ActionBuilder
    from selenium.webdriver.common.actions.pointer_input import PointerInput

    index = driver.execute_script(
        "return [...document.querySelectorAll('#hand .card')]"
        ".findIndex(c => c.firstChild.dataset.card === arguments[0]);",
        card,
    )
    start = rect(driver, f"#hand .card[data-index='{index}']")
    end = rect(driver, selector)
    actions = ActionBuilder(driver, mouse=PointerInput(interaction.POINTER_TOUCH, "finger"), duration=20)
    finger = actions.pointer_action
    finger.move_to_location(int(start["left"] + 8), int(start["top"] + 14)).pointer_down()
    steps = 8
    for k in range(1, steps + 1):
        x = start["left"] + 8 + (end["left"] + end["width"] / 2 - start["left"] - 8) * k / steps
        y = start["top"] + 14 + (end["top"] + end["height"] / 2 - start["top"] - 14) * k / steps
        finger.move_to_location(int(x), int(y))
    finger.pointer_up()
    actions.perform()


@pytest.mark.parametrize("lang", ["fr"])
def test_court_cards_are_the_tables_figures_and_a_second_row_leaves_the_first_readable(
        browser: Any, tmp_path: Path, lang: str) -> None:
    """On the phone page, the two-row hand hid the top row's figures, and the phone's
    courts were a letter and a crown. The courts are the table's own figures (the drawing of
    `ramigui.art.courts` written as SVG), and a top-row card shows its index and the upper
    half of its figure above the second row."""
    from urllib.parse import unquote

    from ramigui.phone.court_svg import court_svg

    i18n.set_language("fr")
    try:
        with running_host("rami51", players=2, phones=1, seed=7) as host:
            browser.get(host.server.url(0))
            wait_until(lambda: len(shown_hand(browser)) == len(host.game.hand(0)))
            shots = Path(SHOTS) if SHOTS else tmp_path
            shots.mkdir(parents=True, exist_ok=True)
            browser.save_screenshot(str(shots / "phone-courts-fr.png"))
            cards = browser.execute_script(
                "return [...document.querySelectorAll('#hand .card')].map(c => { const r = c.getBoundingClientRect();"
                " const im = c.querySelector('image.court'); return {card: c.firstChild.dataset.card, left: r.left,"
                " top: r.top, width: r.width, height: r.height, court: im ? im.getAttribute('href') : null}; });")
            courts = [c for c in cards if parse_card(c["card"]).rank in (11, 12, 13)]
            assert courts, "the hand of seed 7 holds a court card"
            for shown in courts:
                card = parse_card(shown["card"])
                assert shown["court"] is not None, shown["card"]
                assert unquote(shown["court"].split(",", 1)[1]) == court_svg("paris", card.suit, card.rank)
            tops = sorted({round(c["top"]) for c in cards})
            assert len(tops) == 2, "360 px wide: fourteen cards in two rows"
            for shown in (c for c in cards if round(c["top"]) == tops[0]):
                for share in (0.12, 0.5):  # the index, and the figure's upper half
                    x, y = shown["left"] + 5, shown["top"] + shown["height"] * share
                    owner = browser.execute_script(
                        "const e = document.elementFromPoint(arguments[0], arguments[1]);"
                        " const c = e && e.closest('.card'); return c ? c.firstChild.dataset.card : null;", x, y)
                    assert owner == shown["card"], (shown["card"], share, owner)
    finally:
        i18n.set_language("en")


def shown_refusal(driver: Any) -> str:
    return str(driver.execute_script(
        "const r = document.getElementById('refusal'); return r.hidden ? '' : r.textContent;"))


@pytest.mark.parametrize(("lang", "said"), [("en", "Not allowed: discard one card only"),
                                            ("fr", "Refusé\u00a0: défaussez une seule carte")])
def test_several_cards_on_the_pile_are_refused_in_words_and_the_last_moves_run_as_on_the_table(
        browser: Any, lang: str, said: str) -> None:
    """Two cards chosen and the pile tapped was sent as "discard 3H 7H" and refused
    in move notation; the phone's last moves ran newest first, the big screen's oldest first.
    Now the phone says it in the player's words without sending anything, and its last moves
    are the table's own lines in the table's order, the newest at the bottom."""
    from ramigui.phone.relay import LAST_MOVES
    from ramigui.ui.table_log import said_lines

    i18n.set_language(lang)
    try:
        with running_host("rami51", players=3, phones=1, seed=7) as host:
            browser.get(host.server.url(0))
            wait_until(lambda: page_turn(browser, host))
            if "draw" in {m.kind for m in host.game.view(0).legal_moves}:
                tap_element(browser, "#stock")
                wait_until(lambda: host.game.log[-1] == (0, Move("draw")))
                wait_until(lambda: len(shown_hand(browser)) == len(host.game.hand(0)))
            sent = browser.execute_script("return window.ramiguiLastSend || null;")
            played = len(host.game.log)
            first, second = shown_hand(browser)[:2]
            where = "return ['piles', 'melds'].map(id => document.getElementById(id).getBoundingClientRect().top);"
            before = browser.execute_script(where)
            tap_card(browser, first)
            tap_card(browser, second)
            tap_element(browser, "#discard")
            assert wait_until(lambda: shown_refusal(browser)) == said
            assert browser.execute_script(where) == before, "the refusal floats: the melds stay in sight"
            time.sleep(0.2)
            assert len(host.game.log) == played and browser.execute_script(
                "return window.ramiguiLastSend || null;") == sent, "nothing was sent"

            tap_card(browser, second)  # one card left chosen: the pile takes it
            tap_element(browser, "#discard")
            wait_until(lambda: (0, Move("discard", (parse_card(first),))) in host.game.log[played:])
            wait_until(lambda: page_turn(browser, host) and len(host.game.log) > played + 4)
            lines = browser.execute_script(
                "return [...document.querySelectorAll('#moves li')].map(l => l.textContent);"
            )
            names = [i18n.tr("table.you"), *host.names[1:]]
            table_lines = said_lines(host.game, host.game.public_record(0)[-LAST_MOVES:], names)
            assert 1 <= len(lines) <= 4 and lines == table_lines[-len(lines):]  # whole lines only: as many as fit
            top = host.game.view(0).public.discard[-1]
            assert i18n.card_text(top) in lines[-1], "the newest move, the pile's top card, is at the bottom"
            if SHOTS:
                browser.save_screenshot(str(Path(SHOTS) / f"phone-last-moves-{lang}.png"))
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lang", ["fr"])
def test_gin_on_a_phone_says_how_to_discard_and_shows_whole_last_moves(browser: Any, lang: str) -> None:
    """At the discard, a phone has no D key and no Discard button: the prompt says the taps.
    The last moves show as whole lines, none cut by the buttons below them."""
    from phone_helpers import get_json, post_move

    i18n.set_language("fr")
    try:
        with running_host("gin", players=2, phones=1, seed=7) as host:
            url = host.server.url(0)
            browser.get(url)
            for _ in range(40):  # the phone passes or draws until it must discard
                state = wait_until(lambda: (s := get_json(url + "state")[1])["legal"] and s)
                legal = state["legal"]
                if any(m.startswith("discard") for m in legal) and "draw" not in legal:
                    break
                post_move(url, "pass" if "pass" in legal else "draw")
            wait_until(lambda: page_turn(browser, host))
            prompt = browser.execute_script("return document.getElementById('prompt').textContent;")
            limit = host.game.view(0).public.knock_limit  # type: ignore[attr-defined]
            assert prompt in (i18n.tr("phone.gin.discard_or_knock"), i18n.tr("phone.gin.discard", limit=limit))
            assert "Touchez une carte, puis la défausse" in prompt
            lines = browser.execute_script(
                "const t = document.getElementById('table').getBoundingClientRect();"
                "return [...document.querySelectorAll('#moves li')].map(li => {"
                "  const r = li.getBoundingClientRect();"
                " return [li.textContent, r.top >= t.top - 1 && r.bottom <= t.bottom + 1]; });"
            )
            if SHOTS:
                browser.save_screenshot(str(Path(SHOTS) / "phone-gin-discard.png"))
            assert lines, "some last moves are shown"
            assert all(whole for _, whole in lines), f"a last move is cut: {lines}"
            shown = [text for text, _ in lines]
            assert shown == get_json(url + "state")[1]["last_moves"][-len(shown):], "the newest moves are the ones kept"
    finally:
        i18n.set_language("en")


def test_a_page_another_one_replaced_is_locked_until_taken_back(browser: Any) -> None:
    """The seat's address opened elsewhere: the first page said so with "Play on this
    screen" and "Cancel", and after Cancel it looked live and drew a card. Now its notice
    offers only "Play on this screen", its prompt says where the seat went, and a move it
    sends anyway is refused; taking it back makes it live again. The other screen asks for
    French: its first state is French, and the English page it replaced hears no French."""
    from phone_helpers import EventStream

    i18n.set_language("en")
    with running_host("rami51", players=3, phones=1, seed=7) as host:
        url = host.server.url(0)
        browser.get(url)
        wait_until(lambda: page_turn(browser, host))
        said = "return document.getElementById('moves').textContent + document.getElementById('prompt').textContent;"
        english = browser.execute_script(said)
        other = EventStream(url, "fr")  # the same seat opened on another screen, in French
        try:
            event, state = other.next_event()
            assert event == "state" and state["prompt"].startswith(("À vous", "Posez")), state["prompt"]
            buttons = wait_until(lambda: browser.execute_script(
                "const d = document.getElementById('dialog');"
                "return d.hidden ? null : [...d.querySelectorAll('button')].map(b => b.textContent);"))
            assert buttons == [i18n.tr("phone.take_back")], buttons
            assert browser.execute_script("return document.getElementById('moves').textContent;") in english
            assert browser.execute_script("return document.getElementById('prompt').textContent;") \
                == i18n.tr("phone.elsewhere")
            moves = len(host.game.log)
            browser.execute_script("window.ramiguiTest = fetch('move', {method: 'POST', headers: "
                                   "{'Content-Type': 'application/json'}, body: JSON.stringify({move: 'draw', "
                                   "screen: 1})}).then(r => r.status);")
            assert wait_until(lambda: browser.execute_script("return window.ramiguiTest;")) == 409
            assert len(host.game.log) == moves, "the replaced page played nothing"
            browser.execute_script("document.querySelector('#dialog-buttons button').click();")
            wait_until(lambda: page_turn(browser, host))
        finally:
            other.close()


def test_at_a_rounds_end_a_phone_says_what_the_round_added_beside_each_total(browser: Any) -> None:
    """At a round's end the phone said only "the new totals are beside the names": nobody
    could tell what the round had cost whom. Each name now says its total and, in brackets,
    what the round added (seed 001: the knocker scores the difference of the deadwood)."""
    from ramigui.bots import make_bot

    game = Game.new("gin", 2, 4)
    bots = [make_bot("gin", "easy", 4 + seat) for seat in range(2)]
    while not game.round_over:
        game.play(bots[game.to_play].choose(game.view(game.to_play)))
    points, totals = game.round_scores, game.scores
    assert any(points) and not game.game_over
    with running_host("gin", players=2, phones=1, seed=4, game=game) as host:
        browser.get(host.server.url(0))
        chips = wait_until(lambda: browser.execute_script(
            "return [...document.querySelectorAll('#seats .seat .n')].map(n => n.textContent);"))
        names = list(host.names)
        round_end, counter, prompt = browser.execute_script(
            "return [[...document.querySelectorAll('#round-end > *')].map(e => e.textContent),"
            "        document.getElementById('counter').textContent, document.getElementById('prompt').textContent];")
        if SHOTS:
            browser.save_screenshot(str(Path(SHOTS) / "phone-round-over.png"))
    assert [chip.split(" · ")[-1] for chip in chips] == [f"{totals[s]} (+{points[s]})" for s in range(2)]
    # who won the hand and how its score is made up, as the table's panel says it
    winner = game.last_result.winner  # type: ignore[union-attr]
    assert winner is not None and round_end[0].startswith("You win" if winner == 0 else f"{names[winner]} wins")
    assert any(line.startswith(("You: ", "Bot 1: ")) and "deadwood" in line for line in round_end[1:]), round_end
    assert counter == "", "the deadwood count is gone once the hand is over"
    # the prompt is a title; what "(+N)" means is said with the scores (it read as a legend up top)
    assert round_end[-1] == i18n.tr("phone.round_points_note") and prompt == i18n.tr("phone.round_over")


def test_on_a_small_phone_four_seats_leave_the_piles_in_sight() -> None:
    """At 320×568 with four players each seat took a line of its own: the seats filled a third
    of the screen and the piles were cut off below the buttons. Seats now sit two a row, on
    two lines each, and the stock and the discard show whole without scrolling."""
    with phone_browser(320, 568) as driver, running_host("rami51", players=4, phones=1, seed=11) as host:
        driver.get(host.server.url(0))
        wait_until(lambda: driver.execute_script("return document.querySelectorAll('#seats .seat').length;") == 4)
        seats, piles, bottom = driver.execute_script(
            "const edges = (q) => [...document.querySelectorAll(q)].map(e => e.getBoundingClientRect());"
            "return [edges('#seats .seat').map(r => r.top), edges('#piles .pile').map(r => r.bottom),"
            "        document.querySelector('main').getBoundingClientRect().bottom];")
        assert len({round(top) for top in seats}) == 2, "two seats a row"
        assert len(piles) == 2 and all(edge <= bottom for edge in piles), (piles, bottom)
        if SHOTS:
            driver.save_screenshot(str(Path(SHOTS) / "phone-320x568.png"))


def test_a_taken_card_tapped_alone_on_its_joker_is_answered_with_the_swap_rule(browser: Any) -> None:
    """Seed 004: « La carte ramassée ne peut pas être ajoutée seule aux combinaisons ». The
    9♥ taken from the discard and tapped on 7♥ 8♥ JK 10♥ was sent as a lay-off and refused
    as one that extends nothing; it is sent as the swap it means, and the answer is the rule."""
    game = Game.from_position("rami40", hands=["8C QS QD 5S 9C", "5D 9S QD 4C"], stock="10C 4S KD 2C",
                              discard="3S 9H", melds=[(1, "7H 8H JK 10H")], opened=[0], to_play=0)
    with running_host("rami40", players=2, phones=1, seed=4, game=game) as host:
        browser.get(host.server.url(0))
        wait_until(lambda: page_turn(browser, host))
        label = browser.execute_script(  # the joker's label, 9♥, in the hearts' red as on the cards
            "const t = document.querySelector('#melds .joker-badge text');"
            "return [t.textContent, t.getAttribute('fill')];")
        assert label[0] == "9♥" and label[1].lower() not in ("#222", "#222222"), label
        tap_element(browser, "#discard")
        wait_until(lambda: "9H" in shown_hand(browser))
        tap_card(browser, "9H")
        tap_element(browser, "#melds .meld[data-meld='1']")
        said = wait_until(lambda: shown_refusal(browser))
        if SHOTS:
            browser.save_screenshot(str(Path(SHOTS) / "phone-joker-swap.png"))
    assert "never goes on the table alone" in said, said


def test_a_forgotten_carte_is_said_on_the_phone_and_its_cards_marked(browser: Any) -> None:
    """« Lorsqu'un joueur n'a plus qu'une seule carte, il doit l'annoncer … sous peine de
    devoir piocher 2 cartes » (seed 000): on a phone the hand grew by two with only a line of
    the last moves to say why. The page says it as the table does, over the table, and the
    two cards it brought wear the new card's tab until this seat's next move."""
    from phone_helpers import post_move

    game = Game.from_position("rami", hands=["7H 8H KS QS", "5D 9S QD JC"], stock="9H 4S 6C 7C 2S 3S",
                              discard="5H", melds=[(0, "2H 3H 4H")], to_play=0)
    with running_host("rami", players=2, phones=1, seed=4, game=game) as host:
        url = host.server.url(0)
        browser.get(url)
        wait_until(lambda: page_turn(browser, host))
        for move in ("draw", "meld 7H 8H 9H"):
            assert post_move(url, move)[0] == 200, move
        wait_until(lambda: len(shown_hand(browser)) == 2)
        tap_card(browser, "KS")  # the page's own discard: its answer came after the penalty's state
        tap_element(browser, "#discard")
        said = wait_until(lambda: shown_refusal(browser))
        time.sleep(0.5)
        assert shown_refusal(browser) == said, "the answer to the discard left the penalty said"
        cut = browser.execute_script(  # the last moves' line of it whole, on two lines, not cut with "…"
            "const li = [...document.querySelectorAll('#moves li')].find(l => l.textContent.includes('Carte'));"
            "return li ? li.scrollWidth > li.clientWidth || li.scrollHeight > li.clientHeight + 1 : null;")
        assert cut is False
        assert said == "You did not say “Carte!” with one card left: 2 penalty cards", said
        tabbed = "return [...document.querySelectorAll('#hand .card.fresh')].length;"
        wait_until(lambda: len(shown_hand(browser)) == 3)
        assert browser.execute_script(tabbed) == 2
        wait_until(lambda: page_turn(browser, host))
        assert post_move(url, "draw")[0] == 200
        wait_until(lambda: len(shown_hand(browser)) == 4)
        assert browser.execute_script(tabbed) == 1, "the drawn card's tab only: the penalty's are gone"
