"""Deals anyone can check: keyed rounds, deal codes, fingerprints, proofs and `ramigui verify`."""

from __future__ import annotations

import io
import itertools
import random
from pathlib import Path

import pytest

from ramigui.bots.random_bot import RandomBot
from ramigui.deal_record import fresh_deals, redeal_deals
from ramigui.rules import Game
from ramigui.rules.deal_proof import DealLayout, fingerprint, layout_of
from ramigui.rules.deals import (
    CODE_ALPHABET,
    MAX_TABLE_PLAYERS,
    SEEDED_DEALS,
    TABLE_FAMILIES,
    DealCodeError,
    DealCodeForOtherTable,
    Deals,
    RoundKey,
    SealedDeal,
    Table,
    deal_nonce,
    read_code,
    read_code_for,
    read_table_code,
    round_secret,
    write_code,
)
from ramigui.session import GameSession, GameSetup, Seat, parse_log
from ramigui.verify import verify_main, verify_text

FAMILIES = (("gin", 2), ("rami51", 3), ("yami", 3))
OPTIONS = {"rami51": {"rounds": 5}}


def keyed(secret: bytes = b"k" * 32) -> Deals:
    return Deals("keyed", secret)


def play_out(game: Game, seed: int, moves: int = 100_000, until_round: int = 0) -> Game:
    bot = RandomBot(seed)
    for _ in range(moves):
        if game.game_over or (until_round and game.round_no >= until_round):
            break
        if game.round_over:
            game.play("next")
        else:
            game.play(bot.choose(game.view(game.to_play)))
    return game


# --- the schemes ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("variant", "players"), FAMILIES)
def test_a_seeded_round_dealt_again_from_its_code_is_the_same_deal(variant: str, players: int) -> None:
    """The code of a seeded game's round 3 deals round 3's cards as a new game's round 1."""
    game = play_out(Game.new(variant, players, seed=41, options=OPTIONS.get(variant)), 1, until_round=4)
    assert game.round_no >= 4
    proof = game.deal_proof(3)
    assert proof is not None and proof.matches
    again = Game.new(variant, players, seed=999, options=OPTIONS.get(variant), dealer=proof_dealer(game, 3),
                     deals=Deals("keyed", b"x" * 32, {1: read_code(proof.code)}))
    assert layout_of(again.family, again.state, players) == proof.layout


def proof_dealer(game: Game, round_no: int) -> int:
    return (game.first_dealer + round_no - 1) % game.players


def test_keyed_rounds_come_each_from_its_own_secret() -> None:
    """A keyed game needs round n's key for round n: knowing round 1's code does not deal round 2."""
    game = Game.new("gin", 2, seed=5, deals=keyed())
    first = round_secret(b"k" * 32, 1)
    assert game.deals.key(5, 1) == first and game.deals.key(5, 2) != first
    only_first = Deals("keyed", b"", {1: first})
    twin = Game.new("gin", 2, seed=5, deals=only_first)
    assert twin.hand(0) == game.hand(0)
    with pytest.raises(SealedDeal):
        only_first.key(5, 2)


def test_the_keyed_deal_does_not_depend_on_the_seed_and_the_seeded_one_does() -> None:
    a = Game.new("rami51", 3, seed=1, dealer=0, deals=keyed())
    b = Game.new("rami51", 3, seed=2, dealer=0, deals=keyed())
    assert a.hand(0) == b.hand(0)
    assert Game.new("rami51", 3, seed=1, dealer=0).hand(0) != Game.new("rami51", 3, seed=2, dealer=0).hand(0)


def test_the_default_scheme_is_the_seed() -> None:
    game = Game.new("gin", 2, seed=8)
    assert game.deals is SEEDED_DEALS and game.deals.key(8, 4) == 8


# --- deal codes -----------------------------------------------------------------------------------


def test_a_code_reads_back_to_its_key_and_uses_no_confusable_symbol() -> None:
    rng = random.Random(7)
    for _ in range(300):
        key = RoundKey(rng.randrange(2**59))
        if key.is_seeded and key.seed_and_round[1] == 0:
            continue
        code = key.code
        assert len(code.replace("-", "")) == 13
        assert not set(code) & set("0O1liI")
        assert read_code(code) == key
        assert read_code(code.upper().replace("-", " ")) == key


def test_a_mistyped_code_is_refused() -> None:
    """One wrong symbol, or two neighbours swapped, fails the check symbol (a code as shown
    to people, with its table symbol first)."""
    code = write_code(round_secret(b"s" * 32, 3), Table("gin", 2)).replace("-", "")
    assert len(code) == 14
    for place in range(len(code)):
        for symbol in CODE_ALPHABET:
            if symbol != code[place]:
                with pytest.raises(DealCodeError):
                    read_table_code(code[:place] + symbol + code[place + 1:])
    for place in range(len(code) - 1):
        if code[place] != code[place + 1]:
            with pytest.raises(DealCodeError):
                read_code(code[:place] + code[place + 1] + code[place] + code[place + 2:])
    for bad in ("", "abc", code + "2", code[:-1] + "0"):
        with pytest.raises(DealCodeError):
            read_code(bad)


def test_a_key_never_shows_in_its_repr() -> None:
    key = round_secret(b"s" * 32, 1)
    assert str(key.value) not in repr(key) and key.code.replace("-", "") not in repr(key)


# --- the fingerprint -------------------------------------------------------------------------------


def test_the_fingerprint_is_stable_for_a_deal() -> None:
    """The same deal gives the same fingerprint, whoever computes it and when."""
    assert Game.new("gin", 2, seed=12).fingerprint() == Game.new("gin", 2, seed=12).fingerprint()
    assert Game.new("gin", 2, seed=12).fingerprint().hex()[:16] == GOLDEN_GIN_12
    game = Game.new("yami", 3, seed=4, deals=keyed())
    again = Game.new("yami", 3, seed=4, deals=keyed())
    assert game.fingerprint() == again.fingerprint() != Game.new("yami", 3, seed=4).fingerprint()


GOLDEN_GIN_12 = Game.new("gin", 2, seed=12).fingerprint().hex()[:16]


def test_any_swap_of_two_cards_changes_the_fingerprint() -> None:
    game = Game.new("gin", 2, seed=3, deals=keyed())
    layout = layout_of(game.family, game.state, 2)
    nonce = deal_nonce(game.deals.key(3, 1), 1)
    shown = fingerprint(layout, nonce)
    cards = [*itertools.chain(*layout.hands), *layout.discard, *layout.stock]
    sizes = [len(h) for h in layout.hands] + [len(layout.discard), len(layout.stock)]
    seen = {shown}
    for i, j in itertools.combinations(range(len(cards)), 2):
        swapped = list(cards)
        swapped[i], swapped[j] = swapped[j], swapped[i]
        seen.add(fingerprint(rebuilt(swapped, sizes), nonce))
    assert len(seen) == 1 + len(cards) * (len(cards) - 1) // 2
    assert fingerprint(layout, bytes(16)) != shown  # another nonce, another fingerprint


def rebuilt(cards: list, sizes: list[int]) -> DealLayout:  # type: ignore[type-arg]
    parts, start = [], 0
    for size in sizes:
        parts.append(tuple(cards[start:start + size]))
        start += size
    return DealLayout(tuple(parts[:-2]), parts[-2], parts[-1])


@pytest.mark.parametrize(("variant", "players"), FAMILIES)
@pytest.mark.parametrize("seed", [1, 2])
def test_every_round_end_proves_its_deal(variant: str, players: int, seed: int) -> None:
    """At each round's end the deal made again from the round's code gives the fingerprint
    shown at the deal, and its hands are the hands dealt; during the round there is no proof."""
    rounds: list[int] = []
    game = Game.new(variant, players, seed=seed, options=OPTIONS.get(variant), deals=keyed(bytes([seed]) * 32))
    dealt = {1: [game.hand(s) for s in range(players)]}
    assert game.deal_proof() is None and game.revealed_key(1) is None

    def check(g: Game) -> None:
        proof = g.deal_proof()
        assert proof is not None and proof.matches and proof.shown == g.fingerprint()
        assert [list(h) for h in proof.layout.hands] == dealt[g.round_no]
        assert read_code(proof.code) == g.deals.key(seed, g.round_no)
        rounds.append(g.round_no)

    bot = RandomBot(seed)
    while not game.game_over and len(rounds) < 3:
        if game.round_over:
            check(game)
            game.play("next")
            dealt[game.round_no] = [game.hand(s) for s in range(players)]
            assert game.deal_proof() is None
        else:
            game.play(bot.choose(game.view(game.to_play)))
    if game.game_over:
        check(game)
    assert len(rounds) >= 2


# --- saves and logs --------------------------------------------------------------------------------


SEATS = (Seat("Ana"), Seat("Bob", "easy"), Seat("Zoé", "hard"))


def session_played(moves: int, seed: int | None = None) -> GameSession:
    deals = SEEDED_DEALS if seed is not None else keyed(b"game secret of the test: 32 byte")
    session = GameSession.new(GameSetup("rami51", SEATS, {"rounds": 3}), None, seed=seed, deals=deals)
    rng = random.Random(4)
    bot = RandomBot(rng.randrange(1000))
    for _ in range(moves):
        game = session.game
        if game.game_over:
            break
        session.play("next" if game.round_over else bot.choose(game.view(game.to_play)))
    return session


def test_a_persons_new_game_is_keyed_and_a_seeded_one_is_not() -> None:
    assert GameSession.new(GameSetup("gin", SEATS[:2]), None).game.deals.is_keyed
    assert not GameSession.new(GameSetup("gin", SEATS[:2]), None, seed=3).game.deals.is_keyed


def test_the_save_keeps_the_game_secret_and_the_log_only_what_is_over() -> None:
    session = session_played(40)
    assert session.game.round_no == 1 and not session.game.round_over
    secret = session.game.deals.secret.hex()
    body = session.record().to_json()
    assert body["deals"]["secret"] == secret
    log = session.log_text()
    assert secret not in log
    key = session.game.deals.key(0, 1)
    assert key.code not in log and deal_nonce(key, 1).hex() not in log
    assert "round 1 fingerprint: " + session.game.fingerprint().hex() in log
    assert "round 1 code" not in log and "round 1 nonce" not in log
    resumed = GameSession.from_record(type(session.record()).from_json(body))
    assert resumed.game.fingerprint() == session.game.fingerprint()


def test_a_finished_rounds_code_and_nonce_go_in_the_log() -> None:
    session = session_played(100_000)
    game = session.game
    log = session.log_text()
    for round_no in range(1, game.round_no + 1):
        code, nonce = game.revealed_key(round_no) or ("", b"")
        assert f"round {round_no} code: {code}" in log and f"round {round_no} nonce: {nonce.hex()}" in log
    assert game.deals.secret.hex() not in log


def verify(text: str, tmp_path: Path) -> tuple[int, str]:
    path = tmp_path / "game.txt"
    path.write_text(text, encoding="utf-8")
    out = io.StringIO()
    return verify_main([str(path)], out), out.getvalue()


def test_verify_passes_a_whole_keyed_game_one_line_per_round(tmp_path: Path) -> None:
    session = session_played(100_000)
    code, out = verify(session.log_text(), tmp_path)
    assert code == 0, out
    lines = [line for line in out.splitlines() if line.startswith("round ")]
    assert len(lines) == session.game.round_no == 3
    assert all(": ok — fingerprint " in line for line in lines)


def test_verify_says_the_fingerprint_in_the_words_of_every_language(tmp_path: Path) -> None:
    """A French family saw "castor poney …" at the table: verify must say those words too,
    not only the English ones, or nobody can match what they noted."""
    from ramigui.deal_words import fingerprint_words

    session = session_played(100_000)
    code, out = verify(session.log_text(), tmp_path)
    assert code == 0, out
    first = session.game.fingerprint(1)
    english, french = fingerprint_words(first, "en"), fingerprint_words(first, "fr")
    assert english != french
    line = next(line for line in out.splitlines() if line.startswith("round 1"))
    assert f"fingerprint {english} / {french} matches the deal" in line


def test_verify_passes_a_log_written_during_a_round(tmp_path: Path) -> None:
    code, out = verify(session_played(150).log_text(), tmp_path)
    assert code == 0, out
    assert "sealed until it ends" in out.splitlines()[-2]


def test_verify_passes_a_seeded_log_and_an_old_log_without_fingerprints(tmp_path: Path) -> None:
    text = session_played(100_000, seed=9).log_text()
    assert verify(text, tmp_path)[0] == 0
    old = "\n".join(line for line in text.splitlines() if not line.startswith("round "))
    code, out = verify(old, tmp_path)
    assert code == 0 and "no fingerprint (a log from before fingerprints)" in out


def tamper(text: str, prefix: str, change) -> str:  # type: ignore[no-untyped-def]
    lines = text.splitlines()
    index = next(i for i, line in enumerate(lines) if line.startswith(prefix))
    lines[index] = change(lines[index])
    return "\n".join(lines) + "\n"


def flip_last(line: str) -> str:
    return line[:-1] + ("0" if line[-1] != "0" else "1")


@pytest.mark.parametrize(("prefix", "change", "reason"), [
    ("round 2 fingerprint:", flip_last, "fingerprint written at the deal is not the deal's"),
    ("round 2 nonce:", flip_last, "nonce is not the one"),
    ("round 2 points:", lambda line: line.replace("points: ", "points: 1"), "points"),
    ("round 2 code:", lambda line: line.replace("code:", "code: 2222-2222-2222-2 #"), "code"),
])
def test_a_tampered_log_fails_naming_the_round(tmp_path: Path, prefix: str, change, reason: str) -> None:  # type: ignore[no-untyped-def]
    text = session_played(100_000).log_text()
    code, out = verify(tamper(text, prefix, change), tmp_path)
    assert code == 1
    assert "round 1: ok" in out and out.splitlines()[-1] == "FAILED: round 2"
    assert reason in next(line for line in out.splitlines() if line.startswith("round 2:"))


def test_another_code_deals_other_cards_and_fails_the_fingerprint(tmp_path: Path) -> None:
    session = session_played(100_000)
    other = round_secret(b"z" * 32, 2).code
    text = tamper(session.log_text(), "round 2 code:", lambda line: f"round 2 code: {other}")
    code, out = verify(text, tmp_path)
    assert code == 1 and "round 2: FAILED" in out and "not the deal's" in out


def test_a_changed_move_fails_its_round(tmp_path: Path) -> None:
    session = session_played(100_000)
    text = session.log_text()
    parsed = parse_log(text)
    starts = [i for i, move in enumerate(parsed.record.moves) if move == "next"]
    index = next(i for i in range(starts[0], len(parsed.record.moves)) if parsed.record.moves[i].startswith("discard"))
    line_no = parsed.lines[index]
    lines = text.splitlines()
    seat, _, _ = lines[line_no - 1].partition(" ")
    lines[line_no - 1] = f"{seat} discard JK"
    code, out = verify("\n".join(lines) + "\n", tmp_path)
    assert code == 1 and out.splitlines()[-1] == "FAILED: round 2" and "is not legal" in out


def test_verify_reads_the_rounds_of_every_family(tmp_path: Path) -> None:
    for variant, players in FAMILIES:
        seats = tuple(Seat(f"P{s}", "random") for s in range(players))
        session = GameSession.new(GameSetup(variant, seats), None, deals=keyed())
        play_out(session.game, 2, moves=300)
        checks = verify_text(session.log_text())
        assert checks and all(check.ok for check in checks), [c.line() for c in checks]


# --- re-deals -------------------------------------------------------------------------------------


def test_deal_from_a_code_plays_that_rounds_cards_as_round_one() -> None:
    session = session_played(100_000)
    game = session.game
    proof = game.deal_proof(2)
    assert proof is not None
    again = GameSession.new(GameSetup("rami51", SEATS, {"rounds": 3}), None, dealer=proof_dealer(game, 2),
                            deals=redeal_deals(proof.code, game.table))
    assert layout_of(again.game.family, again.game.state, 3) == proof.layout
    assert again.game.deals.redeal == proof.code
    assert again.game.fingerprint() == proof.shown
    assert "redeal: " + proof.code in again.log_text()
    assert verify_text(again.log_text())[0].ok
    fresh = fresh_deals()
    assert fresh.is_keyed and len(fresh.secret) == 32 and fresh.secret != fresh_deals().secret


def test_a_position_set_up_by_hand_has_a_fingerprint_and_no_proof() -> None:
    """Nobody dealt it: there is nothing to deal again from a code."""
    game = Game.from_position("gin", hands=["AS 2S 3S 4S 5S 6S 7S 8S 9S KH", "AH 2H 3H 4H 5H 6H 7H 8H 9H KD"],
                              stock="10S JS", discard="KC", to_play=0)
    assert len(game.fingerprint()) == 32
    for move in ("draw", "gin KH", "done"):
        game.play(move)
    assert game.round_over and game.deal_proof() is None


def test_the_command_line_runs_verify(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from ramigui import cli

    path = tmp_path / "game.txt"
    path.write_text(session_played(100_000).log_text(), encoding="utf-8")
    assert cli.main(["verify", str(path)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "every round checks out"
    path.write_text("not a log\n", encoding="utf-8")
    assert cli.main(["verify", str(path)]) == 1
    assert "cannot be read" in capsys.readouterr().out


def test_a_code_names_its_table_and_is_refused_at_another() -> None:
    """The same key deals other cards to another family or player count: a Gin round-2
    code typed for Rami 51 with 4 players is refused, saying which table it is for."""
    game = session_played(100_000).game
    proof = game.deal_proof(2)
    assert proof is not None and len(proof.code.replace("-", "")) == 14
    key, table = read_table_code(proof.code)
    assert table == game.table == Table("rummy", 3)
    assert read_code_for(proof.code, Table("rummy", 3)) == key
    for other in (Table("gin", 2), Table("rummy", 4), Table("yami", 3)):
        with pytest.raises(DealCodeForOtherTable) as refused:
            read_code_for(proof.code, other)
        assert refused.value.table == Table("rummy", 3)
    with pytest.raises(DealCodeError):  # the bare key (as a save keeps it) names no table: not for typing
        read_code_for(key.code, Table("rummy", 3))
    assert {Table(f, n).symbol for f in TABLE_FAMILIES for n in range(1, MAX_TABLE_PLAYERS + 1)} == set(range(27))


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_example_deal_code_is_one_the_game_reads(lang: str) -> None:
    """The New game field's example and the shuffling page's were 13-symbol codes without a
    table, which a re-deal refuses ("a deal code has 14 letters and digits"): a newcomer
    typed the example and was told it had a typing mistake. Each example is a code the
    game writes, read back whole (its table's symbol, its check symbol), of the length
    the error message names."""
    import re

    from ramigui import i18n
    from ramigui.resources import assets_dir

    pattern = re.compile(r"\b[0-9a-z]{4}-[0-9a-z]{4,5}-[0-9a-z]{5}\b")
    page = (assets_dir() / "rules" / f"shuffling.{lang}.md").read_text(encoding="utf-8")
    examples = pattern.findall(i18n.text_in(lang, "deal.code_placeholder")) + pattern.findall(page)
    assert len(examples) == 2
    length = int(re.search(r"\d+", i18n.text_in(lang, "deal.code_error.length")).group())
    for code in examples:
        key, table = read_table_code(code)
        assert table is not None and len(code.replace("-", "")) == length
        assert write_code(key, table) == code
