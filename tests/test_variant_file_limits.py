"""A family's variants.yaml may hold anything: every field is checked by type and range, and
the file by size, depth, aliases and number length, before anything uses it. Each hostile
file below once crashed or hung the catalogue (and so the app); now each is an error
naming the file, line, variant and field, and the built-in variants still load.

The files that once hung are loaded in a child process with a time and memory cap, so a
regression fails in seconds instead of eating the machine.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import textwrap
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_no_game_lost import KINDS as NOT_FILES
from test_no_game_lost import _make as put_in_the_way

from ramigui import yaml_limits
from ramigui.rules import Game
from ramigui.rules.variant import FAMILY_RULES
from ramigui.rules.variant_build import COMMON_RANGES, family_fields
from ramigui.rules.variant_errors import PROBLEMS, VariantError
from ramigui.variants import get_variant, load_catalogue

BUILTIN_IDS = {"rami", "rami_base", "rami_bloc", "rami_wrotham", "rami40", "rami50", "rami51",
               "manie_joker51", "yami", "gin", "gin_oklahoma"}

ISOLATED = r"""
import json, resource, sys
resource.setrlimit(resource.RLIMIT_AS, (1 << 31, 1 << 31))  # 2 GiB: a blow-up dies, not the machine
from pathlib import Path
from ramigui.variants import load_catalogue
catalogue = load_catalogue(user=Path(sys.argv[1]))
for variant_id in catalogue.ids():
    catalogue.get(variant_id)
print(json.dumps({
    "ids": catalogue.ids(),
    "errors": [{"code": e.code, "line": e.line, "variant": e.variant, "field": e.field_name,
                "file": e.file, "text": str(e)} for e in catalogue.errors],
}))
"""


def load_isolated(path: Path) -> dict[str, Any]:
    """Load the catalogue with this user file in a child process (60 s and 2 GiB at most)."""
    done = subprocess.run([sys.executable, "-c", ISOLATED, str(path)], capture_output=True, text=True,
                          timeout=60, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "variants.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def only_error(result: dict[str, Any]) -> dict[str, Any]:
    assert set(result["ids"]) >= BUILTIN_IDS, "the built-in variants must still load"
    assert len(result["errors"]) == 1, result["errors"]
    error: dict[str, Any] = result["errors"][0]
    assert error["file"] and error["file"] in error["text"]
    return error


def billion_laughs() -> str:
    """Nine levels of nine aliases each: under 600 bytes, 9**9 strings once expanded."""
    lines = ['a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for level in range(1, 9):
        lines.append(f"a{level}: &a{level} [" + ",".join([f"*a{level - 1}"] * 9) + "]")
    lines.append("mine:\n  extends: rami\n  ace_value: *a8")
    return "\n".join(lines) + "\n"


# --- files that once crashed or hung the catalogue ---------------------------------------------


def test_option_min_not_a_number(tmp_path: Path) -> None:
    """Once: TypeError '<' not supported between int and str."""
    path = write(tmp_path, textwrap.dedent("""\
        mine:
          extends: rami
          options:
            short:
              default: 3
              field: rounds
              min: 'a'
              max: 10
        """))
    error = only_error(load_isolated(path))
    assert (error["code"], error["variant"], error["field"], error["line"]) == (
        "wrong_type", "mine", "options.short.min", 7)
    assert "write a whole number from 0 to 100" in error["text"]


def test_list_default_of_a_choice(tmp_path: Path) -> None:
    """Once: TypeError unhashable type: 'list'."""
    path = write(tmp_path, "mine:\n  extends: rami\n  options:\n    x:\n      default: [1]\n"
                           "      choices: {1: {}, 2: {rounds: 2}}\n")
    error = only_error(load_isolated(path))
    assert (error["code"], error["field"], error["line"]) == ("option_value", "options.x", 4)
    assert "1, 2" in error["text"]


def test_options_as_a_list(tmp_path: Path) -> None:
    """Once: TypeError cannot convert dictionary update sequence element."""
    path = write(tmp_path, "mine:\n  extends: rami\n  options: [1, 2]\n")
    error = only_error(load_isolated(path))
    assert (error["code"], error["field"], error["line"]) == ("options_shape", "options", 3)


def test_a_5000_digit_number(tmp_path: Path) -> None:
    """Once: ValueError Exceeds the limit (4300 digits) for integer string conversion."""
    path = write(tmp_path, "mine:\n  extends: rami\n  rounds: " + "9" * 5000 + "\n")
    error = only_error(load_isolated(path))
    assert (error["code"], error["field"], error["line"]) == ("long_number", "rounds", 3)
    assert "5000 digits" in error["text"] and len(error["text"]) < 400


def test_a_huge_sexagesimal_number(tmp_path: Path) -> None:
    """YAML 1.1 reads 1:2:3 in base 60: 2000 of them would be a 3500-digit int, never printable."""
    path = write(tmp_path, "mine:\n  extends: rami\n  rounds: " + ":".join(["59"] * 2000) + "\n")
    error = only_error(load_isolated(path))
    assert (error["code"], error["field"]) == ("long_number", "rounds")


def test_nesting_5000_deep(tmp_path: Path) -> None:
    """Once: RecursionError in the YAML composer."""
    path = write(tmp_path, "mine:\n  extends: rami\n  name: " + "[" * 5000 + "]" * 5000 + "\n")
    error = only_error(load_isolated(path))
    assert (error["code"], error["line"]) == ("too_deep", 3)
    assert str(yaml_limits.MAX_DEPTH) in error["text"]


def test_billion_laughs(tmp_path: Path) -> None:
    """Once: minutes of CPU and gigabytes of memory (the error message printed the value)."""
    text = billion_laughs()
    assert len(text.encode()) < 600
    error = only_error(load_isolated(write(tmp_path, text)))
    assert error["code"] == "too_many_values" and error["line"] is not None


def test_an_alias_that_holds_itself(tmp_path: Path) -> None:
    path = write(tmp_path, "mine: &me\n  extends: rami\n  name: {fr: *me}\n")
    error = only_error(load_isolated(path))
    assert (error["code"], error["line"]) == ("recursive_alias", 3)


def test_too_many_aliases(tmp_path: Path) -> None:
    refs = ", ".join(["*x"] * (yaml_limits.MAX_ALIASES + 1))
    path = write(tmp_path, f"common: &x 1\nmine:\n  extends: rami\n  name: [{refs}]\n")
    result = load_isolated(path)
    assert [e["code"] for e in result["errors"]] == ["too_many_aliases"]


def test_a_file_too_big(tmp_path: Path) -> None:
    path = write(tmp_path, "# padding\n" * 30_000 + "mine:\n  extends: rami\n")
    assert path.stat().st_size > yaml_limits.MAX_BYTES
    catalogue = load_catalogue(user=path)
    assert [e.code for e in catalogue.errors] == ["file_too_big"]
    assert "256 KiB" in str(catalogue.errors[0]) and set(catalogue.ids()) >= BUILTIN_IDS


def test_a_file_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "variants.yaml"
    path.write_bytes("mine:\n  extends: rami\n  name: Rami de mémé\n".encode("latin-1"))
    catalogue = load_catalogue(user=path)
    assert [e.code for e in catalogue.errors] == ["file_not_text"]
    assert "UTF-8" in str(catalogue.errors[0])


# --- every field by type and range ------------------------------------------------------------

BROKEN = [
    # (yaml body under `mine:` extending rami, code, field, words in the English text)
    ("deal: 40", "deal_too_big", "deal", "deal fewer cards"),
    ("deal: -3", "out_of_range", "deal", "from 1 to 60"),
    ("players: [-1, 4]", "out_of_range", "players", "from 2 to 8"),
    ("players: [4, 3]", "out_of_range", "players", "from 4 to 8"),
    ("players: 4", "players_shape", "players", "[2, 4]"),
    ("decks: -1", "out_of_range", "decks", "from 1 to 4"),
    ("decks: {2: 1, 3: 1, 4: 1, 5: 1, 6: 1, 9: 2}", "per_players_extra", "decks", "remove it"),
    ("deal: {2: 10, 3: 7}", "per_players_missing", "deal", "4 players"),
    ("jokers: lots", "not_a_choice", "jokers", "per_player"),
    ("jokers: 99", "out_of_range", "jokers", "0 to 12"),
    ("deck: 54", "not_a_choice", "deck", "32, 52"),
    ("ace_value: true", "wrong_type", "ace_value", "whole number"),
    ("ace_value: 1.5", "wrong_type", "ace_value", "whole number"),
    ("upcard: 1", "wrong_type", "upcard", "true or false"),
    ("ace: sideways", "not_a_choice", "ace", "low, high_or_low, around"),
    ("colour: blue", "unknown_field", "colour", "not a field of a rummy game"),
    ("opening_minimun: 30", "unknown_field_close", "opening_minimun", "did you mean opening_minimum"),
    ("name: {fr: Mémé, de: Oma}", "text_language", "name", "use fr and en"),
    ("name: [a, b]", "text_shape", "name", "in quotes"),
    ("name: \"" + "x" * 61 + "\"", "text_too_long", "name.fr", "60"),
    ("name: \"two\\nlines\"", "text_control", "name.fr", "one line"),
    ("seed: [1]", "wrong_type", "seed", "short text"),
    ("direction: up", "not_a_choice", "direction", "left, right"),
    ("family: chess", "not_a_choice", "family", "rummy, gin, yami"),
    ("rounds: 0\n  target: 0", "no_end", "rounds", "rounds or target"),
    ("options: {x: {default: 1, field: rounds, min: -5, max: 10}}", "out_of_range", "options.x.min", "0 to 100"),
    ("options: {x: {default: 1, field: rounds, min: 9, max: 3}}", "option_bounds", "options.x", "swap"),
    ("options: {x: {default: 1, field: rounds, min: 1, max: 100000000}}", "out_of_range", "options.x.max", "0 to 100"),
    ("options: {x: {default: 1, field: rounds}}", "option_no_bounds", "options.x", "min and max"),
    ("options: {x: {default: 1, field: [rounds], min: 1, max: 2}}", "option_field", "options.x.field", "rounds"),
    ("options: {x: {default: 50, field: rounds, min: 1, max: 9}}", "option_number", "options.x", "1 to 9"),
    ("options: {x: {default: 1, choices: {1: {}}, colour: red}}", "option_unknown_key", "options.x", "default, label"),
    ("options: {x: {default: 1, choices: {1: {colour: red}}}}", "choice_field", "options.x.choices", "colour"),
    ("options: {x: {default: 1, choices: {1: 7}}}", "choice_sets", "options.x.choices", "decks: 2"),
    ("options: {x: {default: 1, choices: []}}", "choices_shape", "options.x.choices", "each value"),
    ("options: {x: {choices: {1: {}}}}", "option_no_default", "options.x", "default"),
    ("options: {x: {default: 1}}", "option_either", "options.x", "one of the two"),
    ("options: {X Y: {default: 1, choices: {1: {}}}}", "option_name", "options", "lower-case"),
    ("options: {big: {default: 1, choices: {1: {}, 2: {deal: 40}}}}", "when_option", "options.big",
     "with big = 2: 2 players × 40 cards"),
    ("combination_points: {paire: 5}", "unknown_field", "combination_points", "rummy"),
]


@pytest.mark.parametrize(("body", "code", "field", "words"), BROKEN, ids=[b[1] + ":" + b[0][:30] for b in BROKEN])
def test_every_field_checked(tmp_path: Path, body: str, code: str, field: str, words: str) -> None:
    text = f"mine:\n  extends: rami\n  {body}\n"
    path = write(tmp_path, text)
    catalogue = load_catalogue(user=path)
    assert [e.code for e in catalogue.errors] == [code], catalogue.errors
    error = catalogue.errors[0]
    assert (error.file, error.variant, error.field_name) == (str(path), "mine", field)
    assert error.line is not None and error.line >= 3 and f"line {error.line}" in str(error)
    assert words in str(error), str(error)
    assert "mine" not in catalogue.ids() and set(catalogue.ids()) >= BUILTIN_IDS
    assert "\n" not in str(error)


YAMI_BROKEN = [
    ("combination_points: {paire: 5}", "missing_field", "combination_points.double_paire"),
    ("combination_points: {paire: 5, double_paire: 10, brelan: 15, full: 20, carre: 25, quinte: 30,"
     " couleur: 35, quinte_floche: 50, royale: 99}", "not_a_choice", "combination_points"),
    ("combination_points: {paire: -5, double_paire: 10, brelan: 15, full: 20, carre: 25, quinte: 30,"
     " couleur: 35, quinte_floche: 50}", "out_of_range", "combination_points.paire"),
    ("bonus_threshold: {2: 105}", "per_players_missing", "bonus_threshold"),
    ("bonus_threshold: 99999", "out_of_range", "bonus_threshold"),
]


@pytest.mark.parametrize(("body", "field", "fixed"), [
    ("players: [2, 3]", "players", "[2, 2]"), ("jokers: 2", "jokers", "0"), ("deal: 12", "deal", "10"),
    ("decks: 2", "decks", "1"), ("deck: 32", "deck", "52")])
def test_gin_keeps_what_its_engine_plays(tmp_path: Path, body: str, field: str, fixed: str) -> None:
    """Gin is two players, one 52-card deck, no joker, ten cards each (seed 001): a gin variant
    saying otherwise would be ignored or refused by the engine, so it is refused here."""
    catalogue = load_catalogue(user=write(tmp_path, f"mine:\n  extends: gin\n  {body}\n"))
    assert [(e.code, e.field_name) for e in catalogue.errors] == [("family_fixed", field)]
    assert f"write {fixed} or remove the field" in str(catalogue.errors[0])


@pytest.mark.parametrize(("body", "code", "field"), YAMI_BROKEN, ids=[b[1] for b in YAMI_BROKEN])
def test_yami_tables_checked(tmp_path: Path, body: str, code: str, field: str) -> None:
    """Yami's per-box points and per-player threshold: every box named, every count given."""
    catalogue = load_catalogue(user=write(tmp_path, f"mine:\n  extends: yami\n  {body}\n"))
    assert [(e.code, e.field_name) for e in catalogue.errors] == [(code, field)]


@pytest.mark.parametrize("parent", ["[rami]", "rami99", "later"])
def test_extends_a_variant_not_defined_above(tmp_path: Path, parent: str) -> None:
    text = f"mine:\n  extends: {parent}\nlater:\n  extends: rami\n"
    catalogue = load_catalogue(user=write(tmp_path, text))
    assert [(e.code, e.field_name, e.line) for e in catalogue.errors] == [("extends_unknown", "extends", 2)]
    assert "rami51" in str(catalogue.errors[0]) and "later" in catalogue.ids()


def test_file_level_problems(tmp_path: Path) -> None:
    text = textwrap.dedent("""\
        Rami Mamie:
          extends: rami
        mine:
          extends: rami
          rounds: 3
        mine:
          extends: rami
        twice:
          extends: rami
          rounds: 2
          rounds: 3
        12: {extends: rami}
        listed: [1, 2]
        """)
    catalogue = load_catalogue(user=write(tmp_path, text))
    found = [(e.code, e.variant, e.field_name, e.line) for e in catalogue.errors]
    assert found == [
        ("bad_id", "Rami Mamie", "", 1),
        ("duplicate", "mine", "", 6),
        ("duplicate", "twice", "rounds", 11),
        ("bad_id", "12", "", 12),
        ("variant_shape", "listed", "", 13),
    ]
    assert "also on line 3" in str(catalogue.errors[1])
    assert not {"mine", "twice", "listed"} & set(catalogue.ids())


def test_not_a_mapping_or_empty(tmp_path: Path) -> None:
    assert [e.code for e in load_catalogue(user=write(tmp_path, "- rami\n")).errors] == ["file_shape"]
    assert load_catalogue(user=write(tmp_path, "# nothing yet\n")).errors == []


def test_every_field_has_a_type_the_checks_know() -> None:
    """A field added to a rules dataclass without limits would slip through unchecked."""
    for name, (annotation, meta) in family_fields().items():
        assert meta.get("doc"), name
        if annotation is int:
            assert "min" in meta and "max" in meta, name
        elif annotation is str:
            assert "choices" in meta, name
        elif annotation is not bool:
            assert "min" in meta and "max" in meta, name
    assert sum(len(fields(cls)) for cls in FAMILY_RULES.values()) == len(family_fields())


REMEDY = re.compile(r"\b(write|use|add|remove|keep|save|check|give|set|swap|shorten|deal fewer|did you mean)\b")


def test_every_problem_text_says_what_to_write() -> None:
    """Each problem's English text says what to change, not only what is wrong."""
    for code, text in PROBLEMS.items():
        if code != "when_option":
            assert REMEDY.search(text), code


# --- option values from elsewhere (settings, saves, the command line) ------------------------


@pytest.mark.parametrize("value", [[1], {"a": 1}, None, 1.5, "1", True])
def test_option_values_of_another_type_are_refused(value: Any) -> None:
    """A damaged settings.json or save may hold any JSON value: a VariantError, never a TypeError."""
    with pytest.raises(VariantError) as caught:
        get_variant("rami", decks=value)
    assert caught.value.code == "option_value" and caught.value.field_name == "options.decks"
    with pytest.raises(VariantError):
        get_variant("rami", rounds=value)


def test_choices_keep_their_type() -> None:
    """YAML's `true` and `1` are different choices (Python finds True == 1)."""
    assert get_variant("rami", carte=False).rummy.carte_penalty == 0
    with pytest.raises(VariantError):
        get_variant("rami", carte=0)
    with pytest.raises(VariantError):
        get_variant("rami", decks=True)


# --- anything at all ----------------------------------------------------------------------------

SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-10**30, 10**30), st.floats(allow_nan=True),
                    st.text(max_size=80), st.sampled_from(["low", "any", "per_player", "rami", "left", "never"]))
FIELD_NAMES = st.sampled_from(sorted({*family_fields(), "family", "name", "description", "seed", "players",
                                      "deck", "decks", "jokers", "deal", "rounds", "target", "direction",
                                      "options", "extends", "colour"}))
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.one_of(st.text(max_size=8), st.integers(0, 9)), inner, max_size=4),
), max_leaves=12)
OPTION = st.fixed_dictionaries({"default": VALUES}, optional={
    "choices": st.dictionaries(st.one_of(st.integers(0, 3), st.booleans(), st.text(max_size=5)),
                               st.one_of(st.none(), st.dictionaries(FIELD_NAMES, VALUES, max_size=2)), max_size=3),
    "field": st.one_of(FIELD_NAMES, VALUES), "min": VALUES, "max": VALUES, "label": VALUES})
BODIES = st.dictionaries(FIELD_NAMES, st.one_of(VALUES, st.dictionaries(st.text(max_size=6), OPTION, max_size=2)),
                         max_size=6)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                   HealthCheck.function_scoped_fixture])
@given(parent=st.sampled_from(sorted(BUILTIN_IDS) + [None]), body=BODIES)
def test_any_variant_loads_or_says_why(tmp_path: Path, parent: str | None, body: dict[str, Any]) -> None:
    """Whatever a variant holds, loading never raises: it is refused with a located error, or
    it builds with every option value and deals a game."""
    if parent is not None:
        body = {**body, "extends": parent}
    text = yaml.safe_dump({"mine": body}, allow_unicode=True)
    catalogue = load_catalogue(user=write(tmp_path, text))
    assert set(catalogue.ids()) >= BUILTIN_IDS
    if "mine" not in catalogue.ids():
        assert 1 <= len(catalogue.errors) <= 21  # every problem of the variant, at most 20 more
        assert all(e.file.endswith("variants.yaml") and e.variant == "mine" for e in catalogue.errors)
        assert all(len(str(e)) < 1000 for e in catalogue.errors)
        assert len({(e.code, e.field_name) for e in catalogue.errors}) == len(catalogue.errors)  # none twice
        return
    variant = catalogue.get("mine")
    for spec in variant.options:
        values = list(spec.choices) if spec.choices is not None else [spec.minimum, spec.maximum]
        for value in values:
            chosen = catalogue.get("mine", **{spec.name: value})
            Game.new(chosen, players=chosen.players[1], seed=1)
    Game.new(variant, players=variant.players[0], seed=1)


# --- whatever is accepted plays -----------------------------------------------------------------

IN_RANGE_FIELDS = sorted(name for name, (kind, _) in family_fields().items() if kind in (bool, int, str))


def in_range(name: str) -> st.SearchStrategy[Any]:
    """A value the checks accept for this field (type and range from its declaration)."""
    if name in COMMON_RANGES:
        return st.integers(*COMMON_RANGES[name])
    kind, meta = family_fields()[name]
    if kind is bool:
        return st.booleans()
    if kind is int:
        return st.integers(meta["min"], meta["max"])
    return st.sampled_from(meta["choices"])


@st.composite
def accepted_bodies(draw: st.DrawFn) -> dict[str, Any]:
    body: dict[str, Any] = {"extends": draw(st.sampled_from(sorted(BUILTIN_IDS)))}
    for name in draw(st.lists(st.sampled_from([*IN_RANGE_FIELDS, *COMMON_RANGES]), max_size=5, unique=True)):
        body[name] = draw(in_range(name))
    if draw(st.booleans()):
        low = draw(st.integers(2, 8))
        body["players"] = [low, draw(st.integers(low, 8))]
    return body


def plays(tmp_path: Path, body: dict[str, Any], seed: int) -> None:
    catalogue = load_catalogue(user=write(tmp_path, yaml.safe_dump({"mine": body})))
    if "mine" not in catalogue.ids():
        return
    variant = catalogue.get("mine")
    for players in sorted({variant.players[0], variant.players[1]}):
        game = Game.new(variant, players=players, seed=seed)
        for _ in range(200):
            if game.round_over:
                break
            game.play(game.legal_moves()[0])


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(body=accepted_bodies(), seed=st.integers(0, 10**6))
def test_an_accepted_variant_deals_and_plays(tmp_path: Path, body: dict[str, Any], seed: int) -> None:
    """Values in range, in any mix: either refused with a reason, or the game deals and plays
    (this once found gin variants for 3 players, which the gin engine cannot deal)."""
    plays(tmp_path, body, seed)


@pytest.mark.long
@settings(max_examples=1500, deadline=None, suppress_health_check=list(HealthCheck))
@given(body=accepted_bodies(), seed=st.integers(0, 10**6))
def test_many_accepted_variants_deal_and_play(tmp_path: Path, body: dict[str, Any], seed: int) -> None:
    plays(tmp_path, body, seed)


# --- a variants.yaml that is not a file ------------------------------------------------------


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="pipes and /dev/zero are POSIX")
@pytest.mark.parametrize("kind", NOT_FILES)  # what test_no_game_lost puts where a save should be
def test_a_user_file_that_is_not_a_file_is_refused_at_once(tmp_path: Path, kind: str) -> None:
    """Opening a pipe waits for a writer and /dev/zero never ends: both once hung the app.
    Loaded in a child process with a 60 s cap, so a regression fails instead of hanging."""
    path = tmp_path / "variants.yaml"
    put_in_the_way(kind, path)
    error = only_error(load_isolated(path))
    assert error["code"] == "file_not_a_file" and error["line"] is None
    assert error["text"] == f"{path}: {PROBLEMS['file_not_a_file']}"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="pipes are POSIX")
@pytest.mark.parametrize(
    "command",
    [["variants"], ["--max-frames", "2"], ["simulate", "--variant", "gin", "--games", "1"]],
)
def test_a_pipe_as_the_user_file_the_commands_and_the_app_start(tmp_path: Path, command: list[str]) -> None:
    """`ramigui variants`, the app itself and `simulate` with a pipe as the user's
    variants.yaml: each says so on stderr, naming the file, and goes on (60 s cap)."""
    config = Path(os.environ["RAMIGUI_CONFIG_DIR"])
    config.mkdir(parents=True, exist_ok=True)
    pipe = config / "variants.yaml"
    os.mkfifo(pipe)
    done = subprocess.run([sys.executable, "-m", "ramigui", *command], capture_output=True, text=True,
                          timeout=60, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    assert f"ramigui: {pipe}: this is not a plain file" in done.stderr
    if command == ["variants"]:
        assert all(variant_id in done.stdout for variant_id in BUILTIN_IDS)
