"""The variant catalogue (variants.yaml): every variant loads, validation is strict and
names the file, line, variant and field, the user's own variants.yaml adds or overrides
variants (a broken one leaves the built-ins loading, with the error reported), and
`extends` and options work."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import fields
from pathlib import Path

import pytest

from ramigui import cli, i18n
from ramigui.locale import en, fr
from ramigui.rules import Game
from ramigui.rules.variant import RummyRules, VariantError
from ramigui.rules.variant_build import build_variant, check_every_option
from ramigui.rules.variant_errors import PROBLEMS
from ramigui.variants import (
    all_variants,
    builtin_path,
    get_variant,
    load_catalogue,
    reload_catalogue,
    user_file_errors,
)

RUMMY_IDS = ["rami", "rami_base", "rami_bloc", "rami_wrotham", "rami40", "rami50", "rami51",
             "manie_joker51"]


@pytest.fixture
def config_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty user config folder (RAMIGUI_CONFIG_DIR), so the real one is never read."""
    monkeypatch.setenv("RAMIGUI_CONFIG_DIR", str(tmp_path))
    return tmp_path


def write(folder: Path, text: str, name: str = "variants.yaml") -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


# --- the built-in catalogue ----------------------------------------------------------------


def test_every_variant_loads() -> None:
    ids = [v.id for v in all_variants()]
    assert set(RUMMY_IDS) <= set(ids)
    for variant in all_variants():
        assert variant.family in ("rummy", "gin", "yami")
        assert variant.rounds or variant.target


@pytest.mark.parametrize("variant_id", RUMMY_IDS)
def test_every_rummy_variant_deals(variant_id: str) -> None:
    variant = get_variant(variant_id)
    assert variant.family == "rummy" and variant.seed in ("000", "003", "004")
    for players in range(variant.players[0], variant.players[1] + 1):
        game = Game.new(variant_id, players=players, seed=1)
        assert sum(game.all_cards().values()) == variant.pack_size(players)


@pytest.mark.parametrize("variant_id", RUMMY_IDS)
def test_every_option_value_builds(variant_id: str) -> None:
    variant = get_variant(variant_id)
    for spec in variant.options:
        values = list(spec.choices) if spec.choices is not None else [spec.minimum, spec.maximum]
        for value in values:
            assert get_variant(variant_id, **{spec.name: value}).chosen[spec.name] == value


def test_player_counts() -> None:
    assert get_variant("rami").players == (2, 6)
    assert get_variant("rami_base").players == (2, 6)
    assert get_variant("rami_wrotham").players == (2, 2)
    assert all(get_variant(v).players == (2, 4) for v in ("rami40", "rami50", "rami51",
                                                          "manie_joker51"))
    with pytest.raises(ValueError):
        Game.new("rami40", players=5, seed=1)
    with pytest.raises(ValueError):
        Game.new("rami_wrotham", players=3, seed=1)


def test_every_rummy_field_is_documented() -> None:
    for spec in fields(RummyRules):
        assert spec.metadata.get("doc"), spec.name


def test_options_set_their_fields() -> None:
    assert get_variant("rami_base").rummy.melds_per_turn == 1
    assert get_variant("rami_base", several_melds=True).rummy.melds_per_turn == 0
    assert get_variant("rami_base", lay_off_after_own_meld=True).rummy.lay_off_requires == "own_meld"
    assert get_variant("rami_base", last_discard=True).rummy.going_out == "discard"
    assert get_variant("rami_base", scoring="penalty").rummy.scoring == "penalty"
    rami2 = get_variant("rami", decks=2)
    assert rami2.decks_for(3) == 2 and rami2.jokers_for(3) == 4 and rami2.deal_for(3) == 14


def test_unknown_option_or_value_is_refused() -> None:
    with pytest.raises(VariantError) as caught:
        get_variant("rami_base", colour="red")
    assert caught.value.field_name == "options.colour" and caught.value.variant == "rami_base"
    with pytest.raises(VariantError) as caught:
        get_variant("rami_base", ace="sideways")
    assert caught.value.field_name == "options.ace"
    with pytest.raises(VariantError):
        get_variant("rami", rounds=0)
    with pytest.raises(VariantError):
        get_variant("rami", rounds="five")
    with pytest.raises(VariantError):
        get_variant("no_such_game")


# --- strict validation ---------------------------------------------------------------------

BROKEN = [
    # (what, yaml text, variant, field, line, words in the message)
    ("unknown key", "mine:\n  extends: rami\n  colour: blue\n", "mine", "colour", 3, "not a field"),
    ("wrong type", "mine:\n  extends: rami\n  ace_value: eleven\n", "mine", "ace_value", 3, "whole number"),
    ("bad choice", "mine:\n  extends: rami\n  ace: sideways\n", "mine", "ace", 3, "sideways"),
    ("too many cards", "mine:\n  extends: rami40\n  deal: 30\n", "mine", "deal", 3, "pack"),
    ("deal per players", "mine:\n  extends: rami\n  deal: {2: 10, 3: 7}\n", "mine", "deal", 3,
     "players"),
    ("no end", "mine:\n  extends: rami40\n  rounds: 0\n  options: {}\n", "mine", "rounds", None,
     "rounds"),
]


@pytest.mark.parametrize(("what", "text", "variant", "field", "line", "words"), BROKEN,
                         ids=[b[0] for b in BROKEN])
def test_user_file_errors_name_file_line_variant_field(
    config_dir: Path, what: str, text: str, variant: str, field: str, line: int | None,
    words: str,
) -> None:
    path = write(config_dir, text)
    catalogue = load_catalogue(user=path)
    assert len(catalogue.errors) == 1, catalogue.errors
    error = catalogue.errors[0]
    assert error.file == str(path) and error.variant == variant and error.field_name == field
    if line is not None:
        assert error.line == line
        assert f"line {line}" in str(error)
    assert str(path) in str(error) and variant in str(error) and field in str(error)
    assert words in str(error)
    assert variant not in catalogue.ids()
    assert set(RUMMY_IDS) <= set(catalogue.ids())  # the built-ins still load


def test_broken_builtin_file_raises(tmp_path: Path) -> None:
    """A broken built-in catalogue is a bug of the program: it raises, with the place."""
    text = builtin_path().read_text(encoding="utf-8").replace(
        "  opening_minimum: 40\n", "  opening_minimum: 40\n  colour: blue\n", 1)
    path = write(tmp_path, text, "builtin.yaml")
    line = text.splitlines().index("  colour: blue") + 1
    with pytest.raises(VariantError) as caught:
        load_catalogue(builtin=path, user=tmp_path / "none.yaml")
    error = caught.value
    assert (error.file, error.line, error.variant, error.field_name) == (
        str(path), line, "rami40", "colour")


def test_user_file_not_yaml(config_dir: Path) -> None:
    path = write(config_dir, "mine:\n  extends: rami\n  name: [unclosed\n")
    catalogue = load_catalogue(user=path)
    assert len(catalogue.errors) == 1 and catalogue.errors[0].file == str(path)
    assert catalogue.errors[0].line is not None and "YAML" in str(catalogue.errors[0])
    assert set(RUMMY_IDS) <= set(catalogue.ids())


def test_user_file_not_a_mapping(config_dir: Path) -> None:
    path = write(config_dir, "- rami\n- gin\n")
    catalogue = load_catalogue(user=path)
    assert len(catalogue.errors) == 1 and set(RUMMY_IDS) <= set(catalogue.ids())


def test_user_file_extends_unknown_variant(config_dir: Path) -> None:
    path = write(config_dir, "mine:\n  extends: rami99\n")
    catalogue = load_catalogue(user=path)
    assert catalogue.errors[0].field_name == "extends" and catalogue.errors[0].line == 2


# --- the user's variants.yaml --------------------------------------------------------------


def test_user_file_adds_and_overrides(config_dir: Path) -> None:
    path = write(config_dir, """\
rami_maison:
  extends: rami51
  name: {fr: "Rami de la maison", en: "House rami"}
  opening_minimum: 30
rami40:
  extends: rami40
  opening_minimum: 45
broken:
  extends: rami
  colour: blue
""")
    catalogue = load_catalogue(user=path)
    assert [e.variant for e in catalogue.errors] == ["broken"]
    house = catalogue.get("rami_maison")
    assert house.rummy.opening_minimum == 30 and house.title("fr") == "Rami de la maison"
    assert house.rummy.take_discard == "always"  # from rami51 (extends)
    assert house.decks_for(2) == 2 and house.jokers_for(2) == 2
    assert catalogue.get("rami40").rummy.opening_minimum == 45
    assert catalogue.get("rami50").rummy.opening_minimum == 50  # built on the built-in rami40
    assert catalogue.sources["rami_maison"] == str(path)
    game = Game.new(house, players=2, seed=1, dealer=1)
    assert [len(game.hand(s)) for s in range(2)] == [15, 14]


def test_user_file_in_config_dir_is_found(config_dir: Path) -> None:
    write(config_dir, "mine:\n  extends: rami_base\n  target: 50\n  options: {}\n")
    catalogue = load_catalogue()
    assert catalogue.get("mine").target == 50 and not catalogue.errors


def test_no_user_file(config_dir: Path) -> None:
    catalogue = load_catalogue()
    assert not catalogue.errors and set(RUMMY_IDS) <= set(catalogue.ids())


def test_extends_in_the_builtin_catalogue() -> None:
    """rami50/rami51/manie_joker51 extend rami40; rami_bloc and rami_wrotham rami_base."""
    forty, fifty = get_variant("rami40"), get_variant("rami50")
    assert fifty.rummy.opening_minimum == 50 and fifty.jokers == 0
    assert fifty.rummy.jokers_per_run == forty.rummy.jokers_per_run
    assert get_variant("rami_bloc").rummy.stock_reuse == "never"
    assert get_variant("rami_bloc").rummy.melds_per_turn == 1
    assert get_variant("rami_wrotham").jokers == 3
    assert {o.name for o in get_variant("rami_bloc").options} >= {"several_melds", "stock_end"}


# --- the problems told: command line and both languages -------------------------------------


@pytest.fixture
def broken_user_file(config_dir: Path) -> Iterator[Path]:
    """A user file with two broken variants and a good one, read by this process's catalogue."""
    path = write(config_dir, "mine:\n  extends: rami\n  ace_value: eleven\nfine:\n  extends: rami51\n"
                             "  opening_minimum: 40\nother:\n  extends: rami51\n  deal: 99\n")
    reload_catalogue()
    yield path
    reload_catalogue()


def test_command_line_prints_each_problem_on_stderr(broken_user_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`ramigui simulate` says what is wrong, one line each, and still plays (a built-in, and
    the user's good variant)."""
    assert cli.main(["simulate", "--variant", "fine", "--games", "1", "--players", "2"]) == 0
    out, err = capsys.readouterr()
    lines = err.splitlines()
    assert len(lines) == 2, err
    assert lines[0].startswith(f"ramigui: {broken_user_file}, line 3, variant 'mine', field 'ace_value': ")
    assert "write a whole number from 1 to 50" in lines[0]
    assert f"{broken_user_file}, line 9, variant 'other', field 'deal'" in lines[1]
    assert "fine" in out
    assert [e.variant for e in user_file_errors()] == ["mine", "other"]


def test_problems_in_french_and_english(broken_user_file: Path) -> None:
    error = user_file_errors()[0]
    try:
        i18n.set_language("fr")
        assert i18n.variant_problem_text(error) == (
            "“eleven” n'est pas accepté ici\u00a0: écrivez un nombre entier de 1 à 50")
        assert i18n.variant_problem_place(error) == "ligne 3, variante mine, champ ace_value"
    finally:
        i18n.set_language("en")
    assert i18n.variant_problem_text(error) == error.message
    assert i18n.variant_problem_place(error) == "line 3, variant mine, field ace_value"


def test_a_problem_met_with_one_house_rule_value_is_translated_whole() -> None:
    raw = {"family": "rummy", "players": [2, 4], "deal": 7, "rounds": 1,
           "options": {"big": {"default": 1, "choices": {1: {}, 2: {"deal": 40}}}}}
    variant = build_variant("mine", raw)
    with pytest.raises(VariantError) as caught:
        check_every_option(variant, raw)
    error = caught.value
    assert error.field_name == "options.big" and error.message.startswith("with big = 2: 2 players × 40 cards")
    try:
        i18n.set_language("fr")
        assert i18n.variant_problem_text(error).startswith("avec big = 2\u00a0: 2 joueurs × 40 cartes")
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("code", sorted(PROBLEMS))
def test_every_problem_is_translated(code: str) -> None:
    assert f"variant_error.{code}" in fr.CATALOGUE and f"variant_error.{code}" in en.CATALOGUE


def test_a_yes_or_no_house_rules_help_says_what_each_answer_means() -> None:
    """"Several melds per turn: No" stood over "Put down as many melds as you like each turn."
    (a newcomer read a contradiction): the help of an option answered Yes or No says both."""
    import yaml

    path = Path(__file__).resolve().parents[1] / "variants.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    found = 0
    for variant_id, variant in data.items():
        if not isinstance(variant, dict):
            continue
        for name, option in (variant.get("options") or {}).items():
            if {str(k).lower() for k in option.get("choices") or ()} != {"true", "false"}:
                continue
            found += 1
            help_text = option["help"]
            assert "Yes" in help_text["en"] and "No" in help_text["en"], (variant_id, name)
            assert "Oui" in help_text["fr"] and "Non" in help_text["fr"], (variant_id, name)
    assert found >= 8
