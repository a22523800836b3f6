"""The phone server: tokens, each seat's view, moves, bad requests, two phones.

Every test runs a real server on 127.0.0.1 and a real owner loop (`ramigui host`'s, in a
thread, standing in for the table's), and speaks HTTP to it as a phone would.
"""

from __future__ import annotations

import json
import socket
import threading
import time
from html import escape
from typing import Any

import pytest
from phone_helpers import (
    EventStream,
    SlowWriters,
    get_json,
    my_turn,
    post_move,
    read_all,
    request,
    running_host,
    wait_until,
)

from ramigui import i18n
from ramigui.cards import parse_cards
from ramigui.phone import door as door_mod
from ramigui.phone import server as server_mod
from ramigui.phone.bridge import Bridge
from ramigui.phone.server import PhoneServer, is_local_peer
from ramigui.phone.tokens import ALPHABET, TOKEN_CHARS, PhoneSeats
from ramigui.rules import IllegalMove

# --- tokens ---------------------------------------------------------------------------------------


def test_tokens_are_long_random_and_new_each_game() -> None:
    first, second = PhoneSeats([0, 2]), PhoneSeats([0, 2])
    tokens = {first.token(0), first.token(2), second.token(0), second.token(2)}
    assert len(tokens) == 4, "every seat of every game gets its own token"
    assert all(len(token) == TOKEN_CHARS == 28 for token in tokens)  # 28 of 31 symbols: 138 random bits
    # typed by hand from the screen, no I/l/1 nor O/0 to misread
    assert len(ALPHABET) == 31 and not set("Il1O0oiL") & set("".join(tokens)) and set("".join(tokens)) <= set(ALPHABET)
    assert first.seat_of(first.token(2)) == 2
    assert first.seat_of(second.token(2)) is None, "last game's address opens nothing"
    assert first.seat_of(first.token(2)[:-1]) is None
    assert first.seat_of("") is None
    assert first.seat_of("é" * 40) is None


def test_only_the_home_network_is_served() -> None:
    for local in ("127.0.0.1", "127.0.0.2", "192.168.1.20", "10.0.0.7", "172.16.4.4", "::1", "fe80::1%eth0",
                  "::ffff:192.168.0.3"):
        assert is_local_peer(local), local
    for outside in ("8.8.8.8", "2001:4860:4860::8888", "::ffff:8.8.8.8", "not an address"):
        assert not is_local_peer(outside), outside


# --- no token, no hand ----------------------------------------------------------------------------


def test_without_the_token_nothing_but_403() -> None:
    with running_host() as host:
        url = host.server.url(0)
        root = url.rsplit("/", 2)[0]
        wrong = root + "/" + PhoneSeats([0]).token(0) + "/"
        for path in ("/", "/favicon.ico", "/state", "/index.html", "/phone.js", "/x/state"):
            assert request(root + path)[0] == 403, path
        for what in ("", "state", "events", "page", "phone.js", "index.ttf"):
            status, body = request(wrong + what)
            assert status == 403 and b"hand" not in body, what
        assert request(wrong + "move", "POST", b'{"move": "draw"}', {"Content-Length": "16"})[0] == 403
        assert request(root + "/", "PUT", b"x")[0] == 403
        assert request(root + "/", "DELETE")[0] == 403
        # a token one character short, or with the other seat's case changed, is no token
        token = host.seats.token(0)
        assert request(f"{root}/{token[:-1]}/state")[0] == 403
        assert request(f"{root}/{token.swapcase()}/state")[0] == 403
        # with it: the page, its files, the state
        assert request(url)[0] == 200
        assert request(url.rstrip("/"))[0] == 301
        assert request(url + "phone.js")[0] == 200
        assert request(url + "nothing-here")[0] == 404


def test_state_is_that_seats_view_and_nothing_more() -> None:
    with running_host("rami51", players=4, phones=4, seed=3) as host:  # no bot moves meanwhile
        game = host.game
        for seat in range(4):
            status, state = get_json(host.server.url(seat) + "state")
            assert status == 200
            assert state["seat"] == seat
            assert state["hand"] == [str(card) for card in game.hand(seat)]
            assert state["hand_counts"] == [len(game.hand(s)) for s in range(4)]
            view = game.view(seat)
            assert state["legal"] == [str(move) for move in view.legal_moves]
            assert isinstance(state["public"]["stock"], int), "the stock is a count, never its cards"
            others = [card for s in range(4) if s != seat for card in game.hand(s)]
            mine = set(game.hand(seat))
            leaked = {str(card) for card in others if card not in mine} & set(
                json.dumps(state).replace('"', " ").split()
            )
            assert not leaked, f"seat {seat}'s state names cards of other hands: {leaked}"


def test_page_data_in_the_games_language() -> None:
    i18n.set_language("fr")
    try:
        with running_host() as host:
            status, page = get_json(host.server.url(0) + "page")
            assert status == 200
            assert page["lang"] == "fr"
            assert page["strings"]["button.undo"] == i18n.tr("button.undo") == "Annuler"
            assert page["look"]["letters"][12] == "D", "a French queen's index is D"
            assert page["look"]["suits"]["H"][0]["path"].startswith("M")
            state = my_turn(host.server.url(0))
            phase = state["public"]["phase"]
            assert state["prompt"] == i18n.tr("table.your_turn_draw" if phase == "draw" else "table.your_turn_play")
            assert state["prompt"].startswith(("À vous", "Posez")), "in French"
    finally:
        i18n.set_language("en")


# --- moves ----------------------------------------------------------------------------------------


def test_a_legal_move_is_played_through_the_game_and_followed_by_the_bots() -> None:
    with running_host("rami51", players=3, phones=1, seed=7) as host:
        url = host.server.url(0)
        state = my_turn(url)
        move = "draw" if "draw" in state["legal"] else next(m for m in state["legal"] if m.startswith("discard "))
        played = len(host.game.log)
        status, after = post_move(url, move)
        assert status == 200
        assert host.game.log[played] == (0, parse_move(move)), "played through Game.play"
        assert after["history"][-1] == [0, move]
        assert len(after["hand"]) == len(state["hand"]) + (1 if move == "draw" else -1)
        if move == "draw":
            discard = next(m for m in after["legal"] if m.startswith("discard "))
            assert post_move(url, discard)[0] == 200
        # the bots then play in the owner loop, and it is the phone's turn again
        again = my_turn(url)
        assert {seat for seat, _ in host.game.log[played + 2:]} == {1, 2}
        assert again["last_moves"], "the phone says what the others played"


def parse_move(text: str):  # noqa: ANN201 - a Move
    from ramigui.rules import Move

    return Move.parse(text)


def test_an_illegal_move_is_refused_with_the_rules_reason_and_changes_nothing() -> None:
    with running_host("rami51", players=3, phones=1, seed=7) as host:
        url = host.server.url(0)
        before = my_turn(url)
        if "draw" in before["legal"]:  # to the phase where cards are laid and discarded
            before = post_move(url, "draw")[1]
        played = len(host.game.log)
        absent = next(c for c in ("KS", "KH", "KD", "KC", "QS") if c not in before["hand"])
        status, body = post_move(url, f"discard {absent}")
        assert status == 400
        expected = IllegalMove("card_not_in_hand", card=parse_cards(absent)[0])
        assert body["error"] == "card_not_in_hand"
        assert body["reason"] == i18n.reason_text(expected)
        assert body["message"] == i18n.tr("table.refused", reason=i18n.reason_text(expected))
        status, body = post_move(url, "meld 2H")
        assert status == 400 and body["error"] in ("not_a_meld", "card_not_in_hand")
        status, body = post_move(url, "fly away")
        assert status == 400 and body["error"] == "bad_notation"
        assert len(host.game.log) == played, "nothing was played"
        assert get_json(url + "state")[1]["hand"] == before["hand"]


def test_a_move_out_of_turn_is_refused() -> None:
    with running_host("rami51", players=3, phones=3, seed=7) as host:  # no bots: nothing moves
        waiting = (host.game.to_play + 1) % 3
        status, body = post_move(host.server.url(waiting), "draw")
        assert status == 400
        assert body["error"] == "not_your_turn"
        assert host.game.log == []


def test_bad_requests_get_clear_statuses() -> None:
    with running_host("rami51", players=3, phones=3) as host:  # no bots: nothing moves
        url = host.server.url(0)
        move = url + "move"
        assert request(move, "POST", b"not json", {"Content-Type": "application/json"})[0] == 400
        assert request(move, "POST", b'{"move": 3}')[0] == 400
        assert request(move, "POST", b'["draw"]')[0] == 400
        assert request(move, "POST", b'{"move": "' + b"x" * 300 + b'"}')[0] == 400
        assert request(move, "POST", b"\xff\xfe")[0] == 400
        status, body = request(move, "POST", b"x" * (server_mod.MAX_BODY + 1), {"Accept-Language": "fr"})
        assert status == 413 and json.loads(body)["reason"] == i18n.text_in("fr", "phone.too_long")
        assert request(move, "POST", b"", {"Transfer-Encoding": "chunked"})[0] == 411
        assert request(url + "state", "PUT")[0] == 405
        long_path = url + "x" * (server_mod.MAX_LINE + 10)
        assert request(long_path)[0] == 414
        assert host.game.log == []
        # still serving
        assert get_json(url + "state")[0] == 200


# --- live updates and two phones ------------------------------------------------------------------


def test_two_phones_at_once_each_follow_their_own_hand() -> None:
    with running_host("rami51", players=3, phones=3, seed=11) as host:
        mover = host.game.to_play  # every seat is a phone: nothing moves until a phone does
        other = (mover + 1) % 3
        first, second = EventStream(host.server.url(mover)), EventStream(host.server.url(other))
        try:
            assert first.status == second.status == 200
            _, a = first.next_event()
            _, b = second.next_event()
            assert a["seat"] == mover and b["seat"] == other
            assert a["hand"] == [str(c) for c in host.game.hand(mover)]
            assert b["hand"] == [str(c) for c in host.game.hand(other)]
            wait_until(lambda: host.bridge.connected() == {mover, other})
            # both post at once: the seat to play is served; the other's discard is refused
            # whichever comes first (out of turn, or in its turn before drawing)
            move = "draw" if "draw" in a["legal"] else next(m for m in a["legal"] if m.startswith("discard "))
            replies: dict[int, tuple[int, Any]] = {}
            threads = [
                threading.Thread(
                    target=lambda s=s, m=m: replies.__setitem__(s, post_move(host.server.url(s), m))
                )
                for s, m in ((mover, move), (other, f"discard {b['hand'][0]}"))
            ]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            assert replies[mover][0] == 200 and replies[other][0] == 400
            assert replies[other][1]["error"] in ("not_your_turn", "not_your_phase")
            assert host.game.log == [(mover, parse_move(move))], "the refused move was not played"
            # the second phone hears of the first one's move, and sees its own hand only
            event, seen = second.next_event()
            while seen["history"] == []:
                event, seen = second.next_event()
            assert event == "state" and seen["history"][0] == [mover, move]
            assert seen["hand_counts"][mover] == len(a["hand"]) + (1 if move == "draw" else -1)
            assert seen["seat"] == other and seen["hand"] == b["hand"], "its own hand, unchanged"
        finally:
            first.close()
            second.close()


def test_a_newer_page_of_the_same_seat_takes_over_the_stream() -> None:
    with running_host("rami51", players=3, phones=3) as host:  # no bots: no other events
        old = EventStream(host.server.url(0))
        try:
            assert old.next_event()[0] == "state"
            new = EventStream(host.server.url(0))
            try:
                assert new.next_event()[0] == "state"
                assert old.next_event()[0] == "replaced"
            finally:
                new.close()
        finally:
            old.close()


def test_a_page_another_one_replaced_plays_no_more() -> None:
    """The same seat's address opened in a second browser: the first page heard "replaced",
    a newcomer pressed Cancel on its notice, and the page, looking live, still drew a card.
    Each page says its screen (its stream's event id) with its moves: a replaced one's are
    refused (409), the live one's are played, and a move that names no screen is judged
    by the link alone, as before."""
    with running_host("rami51", players=3, phones=3) as host:  # no bots: no other events
        seat = host.game.to_play
        url = host.server.url(seat)
        old = EventStream(url)
        try:
            _, state = old.next_event()
            old_screen = int(old.last_id or 0)
            new = EventStream(url)
            try:
                assert new.next_event()[0] == "state" and old.next_event()[0] == "replaced"
                new_screen = int(new.last_id or 0)
                assert new_screen > old_screen > 0
                legal = state["legal"]
                move = "draw" if "draw" in legal else next(m for m in legal if m.startswith("discard "))
                status, body = post_move(url, move, screen=old_screen)
                assert status == 409 and body["reason"] == i18n.tr("phone.elsewhere")
                assert host.game.log == [], "nothing was played"
                status, _ = post_move(url, move, screen=new_screen)
                assert status == 200 and len(host.game.log) == 1
            finally:
                new.close()
        finally:
            old.close()


def test_streams_end_and_the_server_stops_when_the_game_closes() -> None:
    seats = PhoneSeats([0])
    bridge = Bridge(seats.seats)
    bridge.publish({0: b'{"hand": []}'})
    server = PhoneServer(seats, bridge, "127.0.0.1", 0).start()
    url = server.url(0)
    stream = EventStream(url)
    try:
        assert stream.next_event()[0] == "state"
        server.stop()
        assert stream.next_event()[0] == "closed"
    finally:
        stream.close()
    assert not server.running
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.1", server.port), timeout=2).close()


def test_a_phone_move_waits_for_the_owner_and_a_silent_owner_means_503(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(server_mod, "MOVE_WAIT", 0.3)
    seats = PhoneSeats([0])
    bridge = Bridge(seats.seats)  # nobody takes the moves: the owner is busy or gone
    server = PhoneServer(seats, bridge, "127.0.0.1", 0).start()
    try:
        status, body = post_move(server.url(0), "draw")
        assert status == 503 and body["error"] == "no_answer"
        assert bridge.take_requests() == [], "an abandoned move is not played later"
    finally:
        server.stop()


# --- a flood cannot stop the table or the game ----------------------------------------------------


def test_a_flood_of_connections_and_garbage_does_not_stop_the_game() -> None:
    with running_host("rami51", players=3, phones=1, seed=7) as host:
        url = host.server.url(0)
        threads_before = threading.active_count()
        # one noisy machine (127.0.0.2) opens far more connections than allowed and sends junk
        flood = []
        for _ in range(server_mod.MAX_PER_PEER * 4):
            sock = socket.socket()
            sock.bind(("127.0.0.2", 0))
            sock.settimeout(5)
            sock.connect(("127.0.0.1", host.server.port))
            flood.append(sock)
        for sock in flood[: server_mod.MAX_PER_PEER]:
            sock.sendall(b"GET /" + b"A" * 100 + b" HTTP/1.1\r\n")  # a slow, never-ending request
        try:
            for _ in range(30):
                assert request(url.replace("/" + host.seats.token(0), "/bad"), source="127.0.0.3")[0] == 403
            wait_until(lambda: host.server.door.turned_away >= server_mod.MAX_PER_PEER * 3)
            assert host.server.door.open_connections() <= door_mod.MAX_WAITING
            assert threading.active_count() <= threads_before + door_mod.SEATED_WORKERS + door_mod.GUEST_WORKERS
            # the phone (another address) still plays, and the game goes on
            state = my_turn(url)
            played = len(host.game.log)
            move = "draw" if "draw" in state["legal"] else next(m for m in state["legal"] if m.startswith("discard "))
            assert post_move(url, move)[0] == 200
            assert host.game.log[played][0] == 0
        finally:
            for sock in flood:
                sock.close()


def test_a_silent_connection_is_dropped_after_the_deadline() -> None:
    with running_host() as host:
        host.server.door.deadline = 0.3
        sock = socket.create_connection(("127.0.0.1", host.server.port), timeout=5)
        try:
            sock.sendall(b"GET /")
            time.sleep(0.05)
            assert host.server.door.open_connections() == 1
            assert read_all(sock).startswith(b"HTTP/1.1 408 "), "answered, then closed"
            wait_until(lambda: host.server.door.open_connections() == 0, timeout=5)
        finally:
            sock.close()


# --- the QR code ---------------------------------------------------------------------------------


def test_the_qr_code_of_a_seat_address_has_its_three_finder_patterns() -> None:
    from ramigui.phone.qr import qr_modules

    url = "http://192.168.1.23:8765/" + PhoneSeats([0]).token(0) + "/"
    modules = qr_modules(url)
    size = len(modules)
    assert size >= 21 and (size - 17) % 4 == 0 and all(len(row) == size for row in modules)
    finder = [[r in (0, 6) or c in (0, 6) or (2 <= r <= 4 and 2 <= c <= 4) for c in range(7)] for r in range(7)]
    for top, left in ((0, 0), (0, size - 7), (size - 7, 0)):
        assert [list(row[left:left + 7]) for row in modules[top:top + 7]] == finder
    assert qr_modules(url) == modules and qr_modules(url + "x") != modules


def test_every_text_of_the_page_comes_from_the_catalogues() -> None:
    """The page types no text of its own: each key it asks for is served, in both languages."""
    import re
    from importlib import resources

    from ramigui.phone.texts import PAGE_KEYS

    script = (resources.files("ramigui.phone") / "static" / "phone.js").read_text(encoding="utf-8")
    asked = set(re.findall(r'\bt\("([a-z_.]+[a-z])"', script))
    asked |= {f"button.{kind}" for kind in ("knock", "gin", "discard")}  # t("button." + kind)
    asked |= {f"button.sort_{mode}" for mode in ("suit", "rank", "melds")}  # t("button.sort_" + …)
    assert asked - set(PAGE_KEYS) == set(), "keys the page uses but is not sent"
    for language in ("en", "fr"):
        i18n.set_language(language)
        try:
            assert [key for key in PAGE_KEYS if not i18n.has_key(key)] == []
        finally:
            i18n.set_language("en")


# --- malformed input is refused at the door, in the phone's language -------------------------------


def raw_exchange(port: int, data: bytes, source: str = "127.0.0.1") -> tuple[bytes, float]:
    """Send raw bytes on a fresh connection; everything answered until the server closes, and
    how long that took."""
    sock = socket.socket()
    sock.bind((source, 0))
    sock.settimeout(5)
    started = time.monotonic()
    sock.connect(("127.0.0.1", port))
    try:
        sock.sendall(data)
        answer = read_all(sock)
    finally:
        sock.close()
    return answer, time.monotonic() - started


def post_raw(url: str, body: bytes, language: str = "en") -> tuple[int, Any]:
    status, answer = request(url + "move", "POST", body, {"Content-Type": "application/json",
                                                          "Accept-Language": language})
    return status, json.loads(answer)


NOT_TEXT = (
    (b'{"move": "\\ud800"}', "phone.bad_text"),  # a lone surrogate, valid JSON
    (b'{"move": "discard \\udfff"}', "phone.bad_text"),
    (b'{"move": "\\ud800\\ud800"}', "phone.bad_text"),
    (b'{"move": "\xed\xa0\x80"}', "phone.bad_request"),  # a surrogate encoded: not UTF-8
    (b"[" * 2000 + b"]" * 2000, "phone.too_deep"),  # 4 KB nested 2,000 levels deep
    (b'{"move": ' + b"{" * 1000 + b"}" * 1000 + b"}", "phone.too_deep"),
)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_move_that_is_not_text_is_refused_and_the_game_goes_on(language: str) -> None:
    with running_host("rami51", players=3, phones=1, seed=7) as host:
        url = host.server.url(0)
        state = my_turn(url)
        played = len(host.game.log)
        for body, key in NOT_TEXT:
            status, answer = post_raw(url, body, language)
            assert status == 400, body[:40]
            assert answer["reason"] == i18n.text_in(language, key), body[:40]
        assert len(host.game.log) == played, "nothing played"
        assert host.server.running
        move = "draw" if "draw" in state["legal"] else next(m for m in state["legal"] if m.startswith("discard "))
        assert post_move(url, move)[0] == 200, "the owner loop is alive and plays the next move"


def test_the_host_command_answers_400_and_keeps_serving() -> None:
    """`ramigui host` itself, as started from a shell, with its default listening addresses:
    the codes' LAN address and loopback."""
    import os
    import signal
    import subprocess
    import sys
    from pathlib import Path

    from ramigui.phone.network import lan_address

    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    command = [
        sys.executable,
        "-m",
        "ramigui",
        "host",
        "--players",
        "2",
        "--phones",
        "1",
        "--seed",
        "4",
        "--lang",
        "en",
    ]
    host = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        assert host.stdout is not None
        url = host.stdout.readline().strip().split(": ", 1)[1]
        assert url.startswith(f"http://{lan_address()}:")
        loopback = "http://127.0.0.1:" + url.split(":", 2)[2]
        for body, _ in NOT_TEXT:
            assert post_raw(loopback, body)[0] == 400
        assert get_json(url + "state")[0] == 200 and get_json(loopback + "state")[0] == 200
        assert host.poll() is None, "still running"
        host.send_signal(signal.SIGTERM)
        host.communicate(timeout=15)
        assert host.returncode == 0
    finally:
        if host.poll() is None:
            host.kill()
            host.communicate()


def test_the_windows_path_never_receives_a_move_that_is_not_text() -> None:
    """The table's relay (the window's owner side) behind the same server: refused moves never
    reach the bridge, so the pygame loop never sees them; a good move still goes through."""
    from ramigui.phone.relay import PhoneRelay
    from ramigui.rules import Game

    game = Game.new("rami51", 3, 7)
    seats = PhoneSeats([game.to_play])
    bridge = Bridge(seats.seats)
    relay = PhoneRelay(game, ["A", "B", "C"], seats, bridge)
    relay.publish()
    server = PhoneServer(seats, bridge, "127.0.0.1", 0).start()
    url = server.url(game.to_play)
    try:
        for body, _ in NOT_TEXT:
            assert post_raw(url, body)[0] == 400
            assert bridge.take_requests() == [], "refused before the bridge"
        legal = [str(move) for move in game.legal_moves()]
        move = "draw" if "draw" in legal else next(m for m in legal if m.startswith("discard "))
        replies: list[tuple[int, Any]] = []
        poster = threading.Thread(target=lambda: replies.append(post_move(url, move)))
        poster.start()
        wait_until(lambda: relay.serve(lambda seat, m: game.play(m)) or replies, timeout=10)
        poster.join(timeout=10)
        assert replies[0][0] == 200 and len(game.log) == 1
    finally:
        server.stop()


@pytest.mark.parametrize("request_bytes", [
    b"GET /\r\n",  # HTTP/0.9
    b"GET /\n",
    b"GET / HTTP/1.1\rHost: x\r\r",  # lines ended by a lone CR
    b"GET / HTTP/1.1\rHost: x\r",
    b"\r\r\r\r",
    b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n",
    b"GET / HTTP/1.1\r\nHost: x\rY: z\r\n\r\n",
])
def test_requests_no_http_11_server_reads_are_answered_400_at_once(request_bytes: bytes) -> None:
    with running_host() as host:
        answer, took = raw_exchange(host.server.port, request_bytes)
        assert answer.startswith(b"HTTP/1.1 400 "), answer[:60]
        assert took < 1.0
        assert json.loads(answer.split(b"\r\n\r\n", 1)[1])["reason"] == i18n.text_in("en", "phone.bad_request")
        assert get_json(host.server.url(0) + "state")[0] == 200


def test_a_refusal_at_the_door_speaks_the_phones_language() -> None:
    with running_host() as host:
        answer, _ = raw_exchange(host.server.port, b"GET / HTTP/1.1\r\nAccept-Language: fr-FR\r\nX: y\rz\r\n\r\n")
        assert answer.startswith(b"HTTP/1.1 400 ")
        assert json.loads(answer.split(b"\r\n\r\n", 1)[1])["reason"] == i18n.text_in("fr", "phone.bad_request")


def test_over_long_lines_and_heads_are_refused_without_waiting() -> None:
    with running_host() as host:
        answer, took = raw_exchange(host.server.port, b"GET /" + b"a" * (door_mod.MAX_LINE + 10))
        assert answer.startswith(b"HTTP/1.1 414 ") and took < 1.0
        answer, took = raw_exchange(host.server.port, b"GET / HTTP/1.1\r\n" + b"X-A: b\r\n" * 2000)
        assert answer.startswith(b"HTTP/1.1 431 ") and took < 1.0


# --- slow connections never starve the seated phones ------------------------------------------------


def timed(call: Any) -> tuple[float, Any]:
    started = time.monotonic()
    result = call()
    return time.monotonic() - started, result


def test_forty_slow_connections_do_not_keep_the_seated_phone_waiting() -> None:
    with running_host("rami51", players=3, phones=3, seed=7) as host:  # no bots: nothing moves but the phone
        host.server.door.deadline = 1.5
        seat = host.game.to_play
        url = host.server.url(seat)
        with SlowWriters(host.server.port):
            wait_until(lambda: host.server.door.waiting() >= 40, timeout=5)
            for _ in range(3):
                took, (status, _) = timed(lambda: get_json(url + "state"))
                assert status == 200 and took < 1.0
            state = get_json(url + "state")[1]
            move = "draw" if "draw" in state["legal"] else next(m for m in state["legal"] if m.startswith("discard "))
            took, (status, _) = timed(lambda: post_move(url, move))
            assert status == 200 and took < 1.0
            # past the deadline, the slow ones were answered 408 and dropped (and came back)
            wait_until(lambda: host.server.door.timed_out >= 40, timeout=5)
            took, (status, _) = timed(lambda: get_json(url + "state"))
            assert status == 200 and took < 1.0


def test_requests_with_a_seats_token_have_workers_of_their_own() -> None:
    with running_host() as host:
        guests = host.server.door._pools[False]
        taken = 0
        while guests.acquire(blocking=False):  # every worker for token-less requests busy
            taken += 1
        try:
            assert taken == door_mod.GUEST_WORKERS
            status, body = request(host.server.url(0).replace(host.seats.token(0), "nope") + "state",
                                   headers={"Accept-Language": "fr"})
            assert status == 503 and json.loads(body)["reason"] == i18n.text_in("fr", "phone.busy")
            assert get_json(host.server.url(0) + "state")[0] == 200
        finally:
            for _ in range(taken):
                guests.release()


def test_a_slow_request_is_dropped_at_its_total_deadline_not_per_read() -> None:
    with running_host() as host:
        host.server.door.deadline = 0.8
        sock = socket.create_connection(("127.0.0.1", host.server.port), timeout=5)
        started = time.monotonic()
        try:
            for byte in b"GET / HTTP/1.1\r\n":  # a byte every 0.1 s: each read is quick
                sock.sendall(bytes([byte]))
                time.sleep(0.1)
                if time.monotonic() - started > 0.8:
                    break
            answer = read_all(sock)
        finally:
            sock.close()
        assert answer.startswith(b"HTTP/1.1 408 ")
        assert time.monotonic() - started < 2.0


# --- served only where the codes point -------------------------------------------------------------


def test_peers_of_private_networks_only() -> None:
    from ramigui.phone.network import is_local_peer as local

    served = ("127.0.0.1", "127.255.0.9", "10.0.0.1", "10.255.255.254", "172.16.0.1", "172.31.255.254",
              "192.168.0.1", "192.168.255.254", "169.254.1.1", "::1", "fc00::1", "fd12:3456::9", "fe80::1",
              "fe80::1%eth0", "febf::1", "::ffff:192.168.0.3", "::ffff:127.0.0.1")
    refused = ("172.15.255.255", "172.32.0.1", "192.169.0.1", "11.0.0.1", "8.8.8.8", "0.0.0.0",
               "192.0.2.1", "198.51.100.7", "203.0.113.9", "240.0.0.1", "255.255.255.255", "100.64.0.1",
               "100.127.255.254", "192.0.0.8", "198.18.0.1", "224.0.0.1", "::", "2001:db8::1", "2001:4860::8888",
               "fec0::1", "ff02::1", "::ffff:8.8.8.8", "::ffff:192.0.2.1", "64:ff9b::808:808", "", "nonsense",
               "192.168.1")
    assert [peer for peer in served if not local(peer)] == []
    assert [peer for peer in refused if local(peer)] == []
    assert is_local_peer is local


def test_by_default_the_server_listens_where_the_codes_point_and_on_loopback() -> None:
    from ramigui.phone.network import listen_addresses

    assert listen_addresses(None, "192.168.1.20") == (["192.168.1.20", "127.0.0.1"], "192.168.1.20")
    assert listen_addresses(None, "127.0.0.1") == (["127.0.0.1"], "127.0.0.1")
    assert listen_addresses("0.0.0.0", "192.168.1.20") == (["0.0.0.0"], "192.168.1.20"), "--bind still chooses"
    assert listen_addresses("10.0.0.5", "192.168.1.20") == (["10.0.0.5"], "10.0.0.5")
    from ramigui.phone.host import host_parser

    assert host_parser().parse_args([]).bind is None, "no every-interface default: the codes' address and loopback"


def test_one_server_on_two_addresses_one_port() -> None:
    seats = PhoneSeats([0])
    bridge = Bridge(seats.seats)
    bridge.publish({0: b'{"hand": []}'})
    server = PhoneServer(seats, bridge, ["127.0.0.1", "::1"], 0, public_host="127.0.0.1").start()
    try:
        path = seats.path(0)
        assert request(f"http://127.0.0.1:{server.port}{path}state")[0] == 200
        assert request(f"http://[::1]:{server.port}{path}state")[0] == 200
        assert server.url(0) == f"http://127.0.0.1:{server.port}{path}"
        with pytest.raises(OSError):  # not on the other loopback addresses' every interface
            socket.create_connection(("127.0.0.2", server.port), timeout=2).close()
    finally:
        server.stop()


# --- a wrong or old link --------------------------------------------------------------------------


@pytest.mark.parametrize(("accept", "language"), [
    ("fr", "fr"), ("fr-FR,fr;q=0.9,en;q=0.8", "fr"), ("de-DE, fr;q=0.5", "fr"), ("en-GB", "en"),
    ("en;q=0.4, fr;q=0.2", "en"), ("de", "en"), (None, "en"),
])
def test_a_wrong_link_shows_a_page_saying_to_scan_the_code_again(accept: str | None, language: str) -> None:
    i18n.set_language("fr")  # the game's language does not decide: the phone's does
    try:
        with running_host() as host:
            old = PhoneSeats([0]).token(0)
            headers = {"Accept-Language": accept} if accept else {}
            for path in (f"/{old}/", f"/{old}/state", "/", "/favicon.ico"):
                status, body = request(host.server.url(0).replace(host.seats.path(0), path), headers=headers)
                assert status == 403
                page = body.decode("utf-8")
                assert f'<html lang="{language}">' in page
                assert escape(i18n.text_in(language, "phone.wrong_link.text")) in page
                assert escape(i18n.text_in(language, "phone.wrong_link.title")) in page
                assert "<script" not in page and old not in page
    finally:
        i18n.set_language("en")


def feed(request_bytes: bytes) -> list[tuple[int, bool]]:
    """The door's verdict after each byte of a request sent one byte at a time."""
    reading, data, verdicts = door_mod.Reading(), bytearray(), []
    for byte in request_bytes:
        data.append(byte)
        verdict = door_mod.read_verdict(data, reading)
        verdicts.append((verdict.status, verdict.complete))
        if verdict.status or verdict.complete:
            break
    return verdicts


def test_the_door_reads_a_request_a_byte_at_a_time() -> None:
    body = b'{"move": "draw"}\r'  # a lone CR in a body is the body's business
    whole = b"POST /t/move HTTP/1.1\r\nHost: x\r\nContent-Length: %d\r\n\r\n" % len(body) + body
    verdicts = feed(whole)
    assert len(verdicts) == len(whole) and verdicts[-1] == (0, True)
    assert all(verdict == (0, False) for verdict in verdicts[:-1]), "waits for the last byte of the body"
    assert feed(b"GET / HTTP/1.1\n\n")[-1] == (0, True), "bare LF lines, as http.server reads them"
    assert feed(b"GET / HTTP/1.1\r\nHost: x\rY\r\n\r\n")[-1] == (400, False)
    assert len(feed(b"GET / HTTP/1.1\r\nHost: x\rY\r\n\r\n")) == len(b"GET / HTTP/1.1\r\nHost: x\rY")
    assert feed(b"GET /\r\n")[-1] == (400, False)
    announced = b"POST /t/move HTTP/1.1\r\nContent-Length: %d\r\n\r\n" % (door_mod.MAX_BODY + 1)
    assert feed(announced)[-1] == (0, True), "a body over the cap is not waited for (the handler says 413)"
    assert feed(b"POST /t/move HTTP/1.1\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n")[-1] == (0, True)


def test_a_peer_outside_the_home_network_hears_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """127.0.0.3 stands for an outside address (loopback has no other kind): its connection is
    closed unanswered, while the home network's phone is served."""
    monkeypatch.setattr(door_mod, "is_local_peer", lambda peer: peer != "127.0.0.3")
    with running_host() as host:
        answer, took = raw_exchange(host.server.port, b"GET / HTTP/1.1\r\n\r\n", source="127.0.0.3")
        assert answer == b"" and took < 1.0
        assert host.server.door.turned_away == 1
        assert request(host.server.url(0) + "state", source="127.0.0.4")[0] == 200


def test_stopping_the_door_lets_an_answer_being_written_finish() -> None:
    """The game's last move, accepted by the table just as the game ends: the server stops
    while the move's worker is still writing its answer. The phone gets the answer (it
    used to find its connection cut, and was never told its move was played)."""
    serving = threading.Event()

    def serve(sock: socket.socket, peer: str, data: bytes) -> None:
        serving.set()
        time.sleep(0.3)  # the table stops the server meanwhile
        sock.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok")

    door = door_mod.Door(["127.0.0.1"], 0, serve, lambda status, sent: b"HTTP/1.1 503 X\r\n\r\n",
                         lambda path: True)
    door.start()
    with socket.create_connection(("127.0.0.1", door.port), timeout=5) as client:
        client.sendall(b"POST /move HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n")
        assert serving.wait(5)
        door.stop()
        reply = b""
        while chunk := client.recv(4096):
            reply += chunk
    assert reply.startswith(b"HTTP/1.1 200") and reply.endswith(b"ok")


def test_each_phone_is_told_the_game_in_its_own_language() -> None:
    """A French table, an English phone and a French one: each phone's page, state, last
    moves and refusals are in the language it asks for (Accept-Language); a phone that asks
    for none of ours gets the game's; the game's own language is untouched."""
    i18n.set_language("fr")
    english = {"Accept-Language": "en-GB,en;q=0.9"}
    french = {"Accept-Language": "fr-FR,fr;q=0.9,en;q=0.5"}
    try:
        with running_host("rami51", players=2, phones=2, seed=7) as host:
            first = host.game.to_play  # Ann plays first, on the English phone
            ann, bob = host.server.url(first), host.server.url(1 - first)
            ann_page = json.loads(request(ann + "page", headers=english)[1])
            bob_page = json.loads(request(bob + "page", headers=french)[1])
            other_page = json.loads(request(bob + "page", headers={"Accept-Language": "de-DE"})[1])
            assert (ann_page["lang"], ann_page["strings"]["button.undo"], ann_page["look"]["letters"][12]) == \
                ("en", "Undo", "Q")
            assert (bob_page["lang"], bob_page["strings"]["button.undo"], bob_page["look"]["letters"][12]) == \
                ("fr", "Annuler", "D")
            assert other_page["lang"] == "fr", "a language we do not speak: the game's"
            for url, heard in ((ann, english), (bob, french)):  # each asks for its state in its language
                wait_until(lambda url=url, heard=heard: request(url + "state", headers=heard)[0] == 200)
            state = my_turn(ann)
            assert state["names"][first] == f"Player {first + 1}", "a name the game gave, in the phone's words"
            assert state["prompt"] in ("Your turn: draw from the stock or take the discard",
                                       i18n.text_in("en", "table.your_turn_play"))
            status, refused = post_move(bob, "draw")  # Ann's turn, not Bob's
            assert status == 400 and refused["message"].endswith("joue…"), refused
            first_two = [move.split()[1] for move in state["legal"] if move.startswith("discard")][:2]
            status, refused = post_move(ann, "discard " + " ".join(first_two))
            assert status == 400 and "one card" in refused["message"], refused
            status, state = post_move(ann, f"discard {first_two[0]}")
            assert status == 200 and any(line.startswith("You discarded") for line in state["last_moves"]), state
            told_bob = get_json(bob + "state")[1]["last_moves"]
            assert get_json(bob + "state")[1]["names"][first] == f"Joueur {first + 1}"
            assert any(line.startswith(f"Joueur {first + 1} a défaussé") for line in told_bob), told_bob
            assert i18n.language() == "fr" and i18n.tr("button.undo") == "Annuler"
    finally:
        i18n.set_language("en")


def test_a_language_spoken_for_a_while_stays_in_its_thread() -> None:
    """`i18n.speaking` changes only the words this thread makes, and only inside the block."""
    import threading

    i18n.set_language("fr")
    seen: list[str] = []
    try:
        with i18n.speaking("en"):
            other = threading.Thread(target=lambda: seen.append(i18n.tr("button.undo")))
            other.start()
            other.join()
            assert i18n.tr("button.undo") == "Undo"
            with i18n.speaking("xx"):  # a language we do not speak: the one in force
                assert i18n.tr("button.undo") == "Undo"
        assert seen == ["Annuler"] and i18n.tr("button.undo") == "Annuler"
    finally:
        i18n.set_language("en")
