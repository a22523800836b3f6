"""VariantError: why a variants.yaml entry (or an option value) cannot be used, and where.

Like `IllegalMove`, the error carries a stable `code` and named `params`; `PROBLEMS` gives
the English text (what `str(error)` says on the command line and in logs) and the i18n
catalogues translate `variant_error.<code>`. Every text says what is wrong *and* what to
write instead, because the person reading it is a family editing a file, not a programmer.

Values quoted back to the reader are cut short (`shown`): a file may hold a 200 KiB string
or an alias bomb, and an error message must never be the thing that hangs the app.
"""

from __future__ import annotations

import reprlib
from dataclasses import dataclass
from typing import Any

PROBLEMS: dict[str, str] = {
    # the file as a whole (ramigui.variants, ramigui.yaml_limits)
    "file_unreadable": "the file cannot be read ({detail}): check that it exists and that you may read it",
    "file_not_a_file": (
        "this is not a plain file (a folder, a pipe, a device or a link to nothing): put your "
        "variants, as a text file, in its place, or remove it"
    ),
    "file_too_big": "the file is larger than {limit} KiB: keep only your own variants in it",
    "file_not_text": "this line holds bytes that are not UTF-8 text: save the file again as UTF-8 (plain text)",
    "bad_character": "the invisible character {char} cannot be in a variants file: remove it, or write the text again",
    "not_yaml": "this is not valid YAML ({detail}): check the indentation, the colons and the quotes here",
    "too_deep": (
        "values are nested more than {limit} levels deep: a variant needs far fewer, remove the "
        "extra brackets or indentation"
    ),
    "too_many_aliases": "more than {limit} aliases (*name): write the values out instead",
    "recursive_alias": "this alias (*name) refers to the value that holds it: write the value out instead",
    "too_many_values": "the values here (with what the aliases repeat) add up to more than {limit}: write fewer",
    "file_shape": (
        "the file must list variants: start each with its id at the start of a line "
        "(rami_maison:), then write its fields below it, indented"
    ),
    "bad_id": "{value} is not a variant id: use lower-case letters, digits and _ (at most {limit}), e.g. rami_maison",
    "duplicate": "{key} appears twice (also on line {first}): keep only one",
    # a variant's fields (ramigui.rules.variant)
    "variant_shape": "a variant holds fields: write one “field: value” per line under its id, indented",
    "extends_unknown": "extends names {value}, which is not a variant defined above: use one of {known}",
    "unknown_field": (
        "{value} is not a field of a {family} game: remove it or correct its spelling (the fields "
        "are listed at the top of the built-in variants.yaml)"
    ),
    "unknown_field_close": "{value} is not a field of a {family} game: did you mean {close}?",
    "missing_field": "this field is missing: add it",
    "wrong_type": "{value} is not allowed here: write {kind}",
    "long_number": "this number has {digits} digits: write a whole number from {low} to {high}",
    "not_a_choice": "{value} is not allowed here: write one of {allowed}",
    "out_of_range": "{value} is outside {low}..{high}: write a whole number from {low} to {high}",
    "players_shape": "write the number of players as [fewest, most], e.g. [2, 4]",
    "per_players_missing": (
        "no value for {count} players: give one for each number of players from {low} to {high}, "
        "e.g. {example}"
    ),
    "per_players_extra": "{count} players is outside players [{low}, {high}]: remove it",
    "text_shape": 'write a text in quotes, or {{fr: "…", en: "…"}}',
    "text_language": "{value} is not a language here: use fr and en",
    "text_too_long": "this text is longer than {limit} characters: shorten it",
    "text_control": "this text holds a line break or a control character: keep it on one line",
    "no_end": "the game never ends: set rounds or target above 0",
    "family_fixed": "a {family} game is always played with {fixed} here: write {fixed} or remove the field",
    "deal_too_big": (
        "{players} players × {deal} cards (and a stock) need {need} cards but the pack holds "
        "{have}: deal fewer cards, or add decks or jokers"
    ),
    "unknown_variant": "there is no variant {value}: use one of {known}",
    # house-rule options
    "options_shape": (
        "write options as each house rule's name with its settings, e.g. rounds: "
        "{{default: 5, field: rounds, min: 1, max: 30}}"
    ),
    "option_shape": "write a house rule as default, label, help, and either choices or field with min and max",
    "option_name": "{value} is not a house-rule name: use lower-case letters, digits and _, e.g. opening",
    "option_unknown_key": (
        "{value} is not a setting of a house rule: use default, label, help, choices, field, min "
        "or max"
    ),
    "option_no_default": "this house rule has no default: add default: with the value it starts at",
    "option_either": (
        "give this house rule choices (the values it offers) or field with min and max: one of "
        "the two, not both"
    ),
    "choices_shape": "write choices as each value with the fields it sets, e.g. {{1: {{}}, 2: {{decks: 2}}}}",
    "choice_value": "{value} cannot be a choice: use words, whole numbers or true/false",
    "choice_sets": "write choice {value} as the fields it sets with their values, e.g. {{decks: 2}}",
    "choice_field": "choice {value} sets {key}, which is not a field a house rule may set: correct its spelling",
    "option_field": "field names {value}, which is not a number field: use one of {allowed}",
    "option_bounds": "min ({low}) is above max ({high}): swap them",
    "option_no_bounds": "a house rule bound to a field needs min and max: add them",
    "no_such_option": "there is no house rule {value} in this game: use one of {allowed}",
    "option_value": "{value} is not one of this house rule's values: use one of {allowed}",
    "option_number": "{value} is not a whole number from {low} to {high}: use one",
    "when_option": "with {option} = {value}: {problem}",
}
"""English text of each code; the catalogues translate `variant_error.<code>`."""

KINDS: dict[str, str] = {
    "int": "a whole number from {low} to {high}",
    "bool": "true or false",
    "word": "a word",
    "text": "a short text",
    "by_players": "a whole number from {low} to {high}, or one for each number of players such as {{2: 10, 3: 7}}",
    "points": "each box with its points, such as {{paire: 5, brelan: 15, …}}",
    "choice": "one of {allowed}",
}
"""The `kind` of wrong_type: what a field holds (`variant_kind.<code>` in the catalogues)."""


@dataclass(frozen=True)
class TooLongNumber:
    """A YAML integer too long to be read as one (a 5000-digit number): kept, not converted.

    Python refuses to convert more than 4300 digits, and no field needs more than a few;
    the loader keeps this marker instead so validation can name the field and say why.
    """

    digits: int

    def __repr__(self) -> str:
        return f"<a {self.digits}-digit number>"


_SHORT = reprlib.Repr()
_SHORT.maxstring = 40
_SHORT.maxother = 40
_SHORT.maxlong = 24
_SHORT.maxlist = _SHORT.maxtuple = _SHORT.maxdict = _SHORT.maxset = 4
_SHORT.maxlevel = 2


def shown(value: Any) -> str:
    """A value quoted back to the reader, never longer than a line."""
    if isinstance(value, str):
        text = value if len(value) <= 40 else value[:37] + "…"
        return f"“{text}”"
    return _SHORT.repr(value)


def listed(values: Any, limit: int = 12) -> str:
    """Allowed values written out, `a, b or c` style (long lists cut with …)."""
    items = [str(v).lower() if isinstance(v, bool) else str(v) for v in values]
    if len(items) > limit:
        items = [*items[:limit], "…"]
    return ", ".join(items)


class VariantError(ValueError):
    """A variant definition or option that cannot be used, with where it was found.

    `code` names the problem (PROBLEMS), `params` fill its text; `file`, `line`, `variant`
    and `field_name` say where. `str()` is one English line for the command line.
    """

    def __init__(
        self,
        code: str,
        *,
        variant: str = "",
        field_name: str = "",
        file: str = "",
        line: int | None = None,
        **params: Any,
    ) -> None:
        self.code = code
        self.params = {name: str(value) for name, value in params.items()}
        self.variant = variant
        self.field_name = field_name
        self.file = file
        self.line = line
        super().__init__(self._text())

    @property
    def message(self) -> str:
        """What is wrong and what to change, in English."""
        return english_problem(self.code, self.params)

    def _text(self) -> str:
        where = self.file or "variants.yaml"
        if self.line is not None:
            where += f", line {self.line}"
        parts = [where]
        if self.variant:
            parts.append(f"variant {self.variant!r}")
        if self.field_name:
            parts.append(f"field {self.field_name!r}")
        return " ".join(": ".join([", ".join(parts), self.message]).split())

    def located(self, file: str, line: int | None) -> VariantError:
        """The same error with the file and line it came from."""
        params: dict[str, Any] = dict(self.params)
        return VariantError(self.code, variant=self.variant, field_name=self.field_name, file=file,
                            line=line, **params)

    def under_option(self, option: str, value: Any) -> VariantError:
        """This error as met when house rule `option` takes `value` (the field is the option's)."""
        params: dict[str, Any] = {"option": option, "value": shown(value), "problem": self.code,
                                  **_prefixed(self.params)}
        return VariantError("when_option", variant=self.variant, field_name=f"options.{option}", **params)


def _prefixed(params: dict[str, str]) -> dict[str, str]:
    return {f"problem_{name}": value for name, value in params.items()}


def english_problem(code: str, params: dict[str, str]) -> str:
    """The English text of a code (a `when_option` wraps the inner problem's text)."""
    if code == "when_option":
        inner = {k[len("problem_"):]: v for k, v in params.items() if k.startswith("problem_")}
        params = {**params, "problem": english_problem(params.get("problem", ""), inner)}
    if params.get("kind") in KINDS:
        params = {**params, "kind": _filled(KINDS[params["kind"]], params)}
    return _filled(PROBLEMS.get(code, code), params)


def _filled(template: str, params: dict[str, str]) -> str:
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError):
        return f"{template} {params}"
