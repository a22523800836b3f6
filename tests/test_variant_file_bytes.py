"""Any bytes in the family's variants.yaml: every control character, a byte that is not UTF-8,
a BOM, NULs, a lone surrogate — each is a problem naming the file, the line, the variant and
the field; the variant holding it is not offered, the family's others and the built-in ones
are; `ramigui --help`, `variants` and `simulate` say it on stderr and run. PyYAML refuses a
whole text for one such character, from inside the loader's constructor: nothing of the
family's file may reach past the guard as an exception.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

from ramigui import cli, user_variants, yaml_limits
from ramigui.rules.variant_errors import PROBLEMS
from ramigui.variants import load_catalogue, reload_catalogue, user_path

BUILTIN_IDS = {"rami", "rami_base", "rami_bloc", "rami_wrotham", "rami40", "rami50", "rami51",
               "manie_joker51", "yami", "gin", "gin_oklahoma"}
CONTROLS = [chr(code) for code in (*range(0x00, 0x20), *range(0x7F, 0xA0), 0xFFFE, 0xFFFF)]
YAML_SPACE = "\t\n\r\x85"
"""What YAML reads as white space or a line break: the only controls it accepts."""
REFUSED = [char for char in CONTROLS if char not in YAML_SPACE]


def family_file(name: str, deal: str = "13", comment: str = "") -> str:
    """A user file of two variants, the second one's name and deal as given (line 6 and 7)."""
    return ("# our games\n"
            "mamie:\n  extends: rami51\n  name: {fr: Mamie, en: Granny}\n"
            f"mine:\n  name: {{fr: \"{name}\", en: Mine}}\n  deal: {deal}  # {comment}\n  extends: rami51\n")


def write_bytes(tmp_path: Path, data: bytes) -> Path:
    path = tmp_path / "variants.yaml"
    path.write_bytes(data)
    return path


def problems(path: Path, offered: bool = True) -> list[tuple[str, int | None, str, str]]:
    """(code, line, variant, field) of each problem; the built-in variants are all there, and
    the family's other variant if `offered` (the problem is the variant's, not the file's)."""
    catalogue = load_catalogue(user=path)
    assert set(catalogue.ids()) >= BUILTIN_IDS
    assert ("mamie" in catalogue.ids()) == offered and "mine" not in catalogue.ids()
    assert all(str(path) in str(error) for error in catalogue.errors)
    return [(error.code, error.line, error.variant, error.field_name) for error in catalogue.errors]


@pytest.mark.parametrize("char", REFUSED, ids=[f"U+{ord(c):04X}" for c in REFUSED])
def test_a_control_character_anywhere_is_one_problem_with_its_place(tmp_path: Path, char: str) -> None:
    code = f"U+{ord(char):04X}"
    in_name = write_bytes(tmp_path, family_file(f"Rami{char}51").encode("utf-8", "surrogatepass"))
    assert problems(in_name) == [("bad_character", 6, "mine", "name.fr")]
    assert code in str(load_catalogue(user=in_name).errors[0])
    in_number = write_bytes(tmp_path, family_file("Rami", deal=f"1{char}3").encode("utf-8"))
    assert problems(in_number) == [("bad_character", 7, "mine", "deal")]
    in_comment = write_bytes(tmp_path, family_file("Rami", comment=f"x{char}").encode("utf-8"))
    assert problems(in_comment) == [("bad_character", 7, "mine", "")]
    in_an_id = write_bytes(tmp_path, family_file("Rami").replace("mine:", f"mi{char}ne:").encode("utf-8"))
    assert problems(in_an_id) == [("bad_character", 5, "mi\ufffdne", "")]
    first = write_bytes(tmp_path, (char + family_file("Rami")).encode("utf-8"))
    assert problems(first, offered=False) == [("bad_character", 1, "", "")]  # outside any variant: the file's


def test_with_aliases_a_flaw_is_the_whole_files(tmp_path: Path) -> None:
    """An alias may copy the flawed value into another variant: nothing of the file is offered."""
    text = family_file("Rami\x01").replace("Mamie, en: Granny}", "Mamie, en: Granny}\n  deal: &thirteen 13")
    path = write_bytes(tmp_path, text.replace("deal: 13", "deal: *thirteen").encode("utf-8"))
    assert problems(path, offered=False) == [("bad_character", 7, "mine", "name.fr")]


@pytest.mark.parametrize("char", YAML_SPACE, ids=[f"U+{ord(c):04X}" for c in YAML_SPACE])
def test_the_controls_yaml_reads_as_space_leave_no_control_in_a_name(tmp_path: Path, char: str) -> None:
    """Tab and the line breaks are YAML's own: in quotes they fold, or the text is refused."""
    path = write_bytes(tmp_path, family_file(f"Rami{char}51").encode("utf-8"))
    catalogue = load_catalogue(user=path)
    assert set(catalogue.ids()) >= BUILTIN_IDS
    if "mine" in catalogue.ids():
        assert catalogue.get("mine").name["fr"].isprintable()
    else:
        assert [(e.variant, e.field_name) for e in catalogue.errors] == [("mine", "name.fr")]


@pytest.mark.parametrize("escape", ["\\x01", "\\x7f", "\\x85", "\\ufffe", "\\uffff", "\\ud800", "\\u2028"])
def test_a_control_written_as_an_escape_is_refused_in_a_name(tmp_path: Path, escape: str) -> None:
    """"\\x01" is printable YAML for an unprintable name: the name's own check refuses it."""
    path = write_bytes(tmp_path, family_file(escape).encode("utf-8"))
    assert problems(path) == [("text_control", 6, "mine", "name.fr")]


@pytest.mark.parametrize(("data", "line"), [
    (family_file("Rami de mémé").encode("latin-1"), 6),
    (family_file("Rami").encode("utf-8").replace(b"Mine", b"Mi\xed\xa0\x80ne"), 6),  # a lone surrogate
    (family_file("Rami").encode("utf-8").replace(b"13", b"1\xff3"), 7),
    (family_file("Rami").encode("utf-16"), 1),  # a BOM then NULs
    (b"\xfe\xff" + family_file("Rami").encode("utf-8"), 1),
])
def test_bytes_that_are_not_utf8_are_one_problem_with_their_line(tmp_path: Path, data: bytes, line: int) -> None:
    found = problems(write_bytes(tmp_path, data), offered=line > 1)
    assert [(code, at) for code, at, _, _ in found] == [("file_not_text", line)]
    if line > 1:
        assert found[0][2] == "mine"


def test_nuls_and_a_bom(tmp_path: Path) -> None:
    nuls = write_bytes(tmp_path, family_file("Rami").encode("utf-8") + b"\x00" * 40)
    assert problems(nuls, offered=False) == [("bad_character", 9, "", "")]
    bom = write_bytes(tmp_path, b"\xef\xbb\xbf" + family_file("Rami").encode("utf-8"))
    assert {"mine", "mamie"} <= set(load_catalogue(user=bom).ids()) and not load_catalogue(user=bom).errors


def test_a_lone_surrogate_in_a_text_is_parsed_to_a_flaw() -> None:
    """The New game screen checks an edit as text before writing it: a str may hold anything."""
    flaws = yaml_limits.parse(family_file("Rami\ud800")).flaws
    assert [(flaw.code, flaw.line, flaw.params) for flaw in flaws] == [
        ("bad_character", 6, {"variant": "mine", "field_name": "name.fr", "char": "U+D800"})]


def test_a_flawed_file_is_not_edited() -> None:
    """Its lines are not what the editor counts (PyYAML and str.splitlines disagree on \\x0c):
    "Save these rules as…" refuses, naming the flaw, and the file is left as it was."""
    path = user_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    data = family_file("Rami\x0c51").encode("utf-8")
    path.write_bytes(data)
    try:
        with pytest.raises(user_variants.EditRefused) as refused:
            user_variants.save_as(None, reload_catalogue().get("rami51"), "Rami du jeudi")
        assert refused.value.key == "setup.file_broken" and refused.value.problem is not None
        assert (refused.value.problem.code, refused.value.problem.line) == ("bad_character", 6)
        assert path.read_bytes() == data
    finally:
        path.unlink()
        reload_catalogue()


# --- through the commands -----------------------------------------------------------------------


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    reload_catalogue()
    try:
        code = cli.main(argv)
    except SystemExit as done:  # --help
        code = int(done.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


SAMPLE_CONTROLS = "\x00\x01\t\n\r\x1b\x7f\x85\x9f\ufffe"
"""The default run's controls: both ends of each range, YAML's own spaces and breaks, and
the ones `simulate` is run with; the long step runs every one of `CONTROLS`."""


def test_control_characters_through_the_commands(capsys: pytest.CaptureFixture[str]) -> None:
    """`ramigui --help`, `ramigui variants` and `ramigui simulate --games 1`, called as the
    command line calls them, with a control character in a name of the user's file."""
    check_controls_through_the_commands(SAMPLE_CONTROLS, capsys)


@pytest.mark.long
def test_every_control_character_through_the_commands(capsys: pytest.CaptureFixture[str]) -> None:
    check_controls_through_the_commands(CONTROLS, capsys)


def check_controls_through_the_commands(controls: Sequence[str], capsys: pytest.CaptureFixture[str]) -> None:
    """Each of `controls` in turn in a variant's name: the commands start, and the name is
    refused naming the file, line and field (or read, for YAML's white space)."""
    path = user_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        for char in controls:
            path.write_bytes(family_file(f"Rami{char}51").encode("utf-8"))
            refused = char in REFUSED
            code, out, err = run(["--help"], capsys)
            assert code == 0 and "rami51" in out and "Traceback" not in err
            code, out, err = run(["variants"], capsys)
            assert code == 0 and all(f"\n{v} — " in f"\n{out}" for v in BUILTIN_IDS)
            assert "mamie — Granny" in out and (not refused or "mine — " not in out)
            assert "mine — " not in out or out.split("mine — ")[1].split(" (")[0].isprintable()
            if refused:
                assert err == (f"ramigui: {path}, line 6, variant 'mine', field 'name.fr': "
                               f"{PROBLEMS['bad_character'].format(char=f'U+{ord(char):04X}')}\n")
            if char in "\x00\x01\x1b\x7f\x9f\ufffe":
                code, out, err = run(["simulate", "--games", "1"], capsys)
                assert code == 0 and "rami51" in out and "bad_character" not in err and "line 6" in err
    finally:
        path.unlink()
        reload_catalogue()


def test_the_installed_commands_start(tmp_path: Path) -> None:
    """`ramigui` as a process (its imports, its stderr) with U+0001 and U+FFFE in names."""
    config = Path(os.environ["RAMIGUI_CONFIG_DIR"])
    config.mkdir(parents=True, exist_ok=True)
    (config / "variants.yaml").write_bytes(family_file("a\x01b\ufffe").encode("utf-8"))
    for command in (["--help"], ["variants"]):
        done = subprocess.run([sys.executable, "-m", "ramigui", *command], capture_output=True, text=True,
                              timeout=60, check=False)
        assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr[-2000:]
        assert "rami51" in done.stdout
    assert "line 6, variant 'mine', field 'name.fr': the invisible character U+0001" in done.stderr
