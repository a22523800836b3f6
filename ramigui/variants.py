"""The variant catalogue: reads the built-in `variants.yaml` and the user's own.

The built-in file ships inside the package (wheel) and beside the sources (checkout). A
`variants.yaml` in the user config folder adds variants or overrides built-in ones; if it
is broken, the built-in variants still load and the error is kept in `Catalogue.errors`
for the app to show. Errors name the file, the line, the variant and the field.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import IO, Any

from ramigui import paths, yaml_limits
from ramigui.rules.game import use_catalogue
from ramigui.rules.variant import Variant
from ramigui.rules.variant_build import build_variant, check_every_option, check_id
from ramigui.rules.variant_errors import VariantError, listed, shown

CATALOGUE_FILE = "variants.yaml"
PARTIAL_OPTION_KEYS = frozenset({"default", "label", "help"})
"""An option of an `extends`-ed variant given with only these keys changes the inherited one
(a saved house-rule variant writes `options: {rounds: {default: 1}}`) instead of replacing it."""


def builtin_path() -> Path:
    """The built-in variants.yaml: in the installed package, else in the source tree."""
    packaged = resources.files("ramigui").joinpath(CATALOGUE_FILE)
    if packaged.is_file():
        return Path(str(packaged))
    return Path(__file__).resolve().parent.parent / CATALOGUE_FILE


def user_config_dir() -> Path:
    """The user's config folder (RAMIGUI_CONFIG_DIR overrides it, for tests and CI)."""
    return paths.config_dir()


def user_path() -> Path:
    return user_config_dir() / CATALOGUE_FILE


@dataclass
class Catalogue:
    """Raw variant mappings by id (after `extends`), and the errors met loading them."""

    raw: dict[str, dict[str, Any]] = field(default_factory=dict)
    errors: list[VariantError] = field(default_factory=list)
    sources: dict[str, str] = field(default_factory=dict)
    parents: dict[str, str] = field(default_factory=dict)
    """The variant each one `extends` (absent: none)."""

    def get(self, variant_id: str, **options: Any) -> Variant:
        if not isinstance(variant_id, str) or variant_id not in self.raw:
            raise VariantError("unknown_variant", variant=str(variant_id)[:40], value=shown(variant_id),
                               known=listed(self.raw, limit=40))
        try:
            return build_variant(variant_id, self.raw[variant_id], options)
        except VariantError as error:
            raise error.located(self.sources.get(variant_id, ""), None) from None

    def ids(self) -> list[str]:
        return list(self.raw)

    def user_ids(self, user_file: Path) -> list[str]:
        """The variants defined (or redefined) in the user's file."""
        return [variant_id for variant_id, source in self.sources.items() if source == str(user_file)]


def _line_for(lines: Mapping[tuple[str, ...], int], error: VariantError) -> int | None:
    parts = error.field_name.split(".") if error.field_name else []
    for size in range(len(parts), -1, -1):
        line = lines.get((error.variant, *parts[:size]))
        if line is not None:
            return line
    return None


def read_file(path: Path) -> tuple[dict[Any, Any], yaml_limits.Document]:
    """The top-level mapping of a variants file, and its parsed document (lines, nodes)."""
    try:
        document = yaml_limits.read(path)
    except yaml_limits.YamlProblem as problem:
        raise VariantError(problem.code, file=str(path), line=problem.line, **problem.params) from None
    return _entries(document, str(path)), document


def _entries(document: yaml_limits.Document, name: str) -> dict[Any, Any]:
    if document.data is None:
        return {}
    if not isinstance(document.data, dict):
        raise VariantError("file_shape", file=name, line=1)
    return document.data


def _merge(variant_id: str, body: Any, known: Mapping[str, dict[str, Any]]) -> tuple[dict[str, Any], str | None]:
    """The variant's fields with those of the variant it extends; and that variant's id."""
    if not isinstance(body, dict):
        raise VariantError("variant_shape", variant=variant_id)
    if "extends" not in body:
        return dict(body), None
    parent_id = body["extends"]
    if not isinstance(parent_id, str) or parent_id not in known:
        raise VariantError("extends_unknown", variant=variant_id, field_name="extends", value=shown(parent_id),
                           known=listed(known, limit=40))
    own_options = body.get("options")
    if own_options is None:
        own_options = {}
    if not isinstance(own_options, dict):
        raise VariantError("options_shape", variant=variant_id, field_name="options")
    merged = dict(known[parent_id])
    options = dict(merged.get("options") or {})
    # A field the variant sets itself is no longer the inherited option's to set (else the
    # option's default would silently undo `target: 50` in a user's `extends: rami_base`).
    own_fields = set(body) - {"extends", "options"}
    for name in [n for n in options if n not in own_options]:
        if _option_fields(options[name]) & own_fields:
            del options[name]
    for name, spec in own_options.items():
        inherited = options.get(name)
        partial = isinstance(spec, dict) and spec and set(spec) <= PARTIAL_OPTION_KEYS
        options[name] = {**inherited, **spec} if partial and isinstance(inherited, dict) else spec
    merged.update({k: v for k, v in body.items() if k != "extends"})
    merged["options"] = options
    if "name" not in body and parent_id != variant_id:
        merged["name"] = variant_id  # two rows both called "Rami 51" would be a puzzle
    return merged, parent_id


MORE_PROBLEMS = 20
"""The most problems listed for one variant (a file pasted in the wrong place has hundreds)."""


def _more_problems(variant_id: str, body: Any, known: Mapping[str, dict[str, Any]],
                   first: VariantError) -> list[VariantError]:
    """The variant's other problems besides `first`: the field at fault is set aside and
    the variant checked again, until it builds or a problem cannot be set aside (the
    whole variant, or a field that is then missing) — so a family fixing their file sees
    every mistake of a variant at once, not one per reload."""
    if not isinstance(body, dict):
        return []
    rest = dict(body)
    found: list[VariantError] = []
    error = first
    while len(found) < MORE_PROBLEMS:
        if not _set_aside(rest, error.field_name):
            break
        try:
            merged, _ = _merge(variant_id, rest, known)
            check_every_option(build_variant(variant_id, merged), merged)
            break
        except VariantError as again:
            if again.code == "missing_field" or (again.code, again.field_name) == (error.code, error.field_name):
                break
            found.append(again)
            error = again
    return found


def _set_aside(body: dict[str, Any], field_name: str) -> bool:
    """Remove the field a problem names from a variant's own fields (an option under
    `options.<name>…`); False when there is none to remove."""
    parts = field_name.split(".") if field_name else []
    if not parts or parts[0] in ("", "extends", "family"):
        return False
    if parts[0] == "options" and len(parts) > 1 and isinstance(body.get("options"), dict) \
            and parts[1] in body["options"]:
        body["options"] = {k: v for k, v in body["options"].items() if k != parts[1]}
        return True
    if parts[0] in body:
        del body[parts[0]]
        return True
    return False


def _option_fields(spec: Any) -> set[str]:
    """The fields an option (raw, not yet validated) may set."""
    if not isinstance(spec, dict):
        return set()
    if isinstance(spec.get("field"), str):
        return {spec["field"]}
    choices = spec.get("choices")
    if not isinstance(choices, dict):
        return set()
    return {str(key) for sets in choices.values() if isinstance(sets, dict) for key in sets}


def _add_file(catalogue: Catalogue, path: Path, strict: bool) -> None:
    """Add the variants of one file; a broken variant is reported (or raised if strict)."""
    _add_document(catalogue, read_file(path)[1], str(path), strict)


def _add_document(catalogue: Catalogue, document: yaml_limits.Document, name: str, strict: bool) -> None:
    data = _entries(document, name)
    lines = yaml_limits.key_lines(document.root)
    flawed = {flaw.params["variant"]: VariantError(flaw.code, line=flaw.line, **flaw.params)
              for flaw in reversed(document.flaws)}  # the first of a variant's flaws is the one told
    problems: dict[str, VariantError] = {}
    for key_path, second, first in yaml_limits.duplicate_keys(document.root):
        problems.setdefault(key_path[0], VariantError(
            "duplicate", variant=key_path[0], field_name=".".join(key_path[1:]), line=second,
            key=shown(key_path[-1]), first=first))
    for variant_id, body in data.items():
        try:
            if variant_id in flawed:
                raise flawed[variant_id]
            check_id(variant_id)
            if variant_id in problems:
                raise problems[variant_id]
            merged, parent = _merge(variant_id, body, catalogue.raw)
            check_every_option(build_variant(variant_id, merged), merged)
        except VariantError as error:
            found = [error] if strict else [error, *_more_problems(variant_id, body, catalogue.raw, error)]
            for each in found:
                line = each.line if each.line is not None else _line_for(lines, each)
                located = each.located(name, line)
                if strict:
                    raise located from None
                catalogue.errors.append(located)
            continue
        catalogue.raw[variant_id] = merged
        catalogue.sources[variant_id] = name
        if parent is not None:
            catalogue.parents[variant_id] = parent
        else:
            catalogue.parents.pop(variant_id, None)


def _shipped(builtin: Path | None = None) -> Catalogue:
    """A new catalogue holding the built-in variants."""
    path = builtin or builtin_path()
    stat = path.stat()
    shipped = _builtin_catalogue(path, stat.st_mtime_ns, stat.st_size)
    return Catalogue(dict(shipped.raw), [], dict(shipped.sources), dict(shipped.parents))


def catalogue_with_text(text: str, name: str) -> Catalogue:
    """The catalogue the built-in variants and this user-file text would make (nothing is
    read from the user's folder): how an edit is checked before it is written."""
    catalogue = _shipped()
    try:
        _add_document(catalogue, yaml_limits.parse(text), name, strict=False)
    except yaml_limits.YamlProblem as problem:
        catalogue.errors.append(VariantError(problem.code, file=name, line=problem.line, **problem.params))
    except VariantError as error:
        catalogue.errors.append(error)
    return catalogue


def load_catalogue(builtin: Path | None = None, user: Path | None = None) -> Catalogue:
    """Built-in variants (a broken built-in file raises) plus the user's (errors kept)."""
    catalogue = _shipped(builtin)
    user_file = user if user is not None else user_path()
    try:
        _add_file(catalogue, user_file, strict=False)
    except FileNotFoundError:
        pass
    except VariantError as error:
        catalogue.errors.append(error)
    return catalogue


@lru_cache(maxsize=2)
def _builtin_catalogue(path: Path, mtime_ns: int, size: int) -> Catalogue:
    """The built-in file's variants, read once per version of the file: every user-file
    reload (and every test) starts from them. Their mappings are never changed in place."""
    catalogue = Catalogue()
    _add_file(catalogue, path, strict=True)
    return catalogue


@lru_cache(maxsize=1)
def catalogue() -> Catalogue:
    """The catalogue of this process (read once)."""
    return load_catalogue()


def get_variant(variant_id: str, **options: Any) -> Variant:
    """The variant with these option values (others at their defaults)."""
    return catalogue().get(variant_id, **options)


def _variant_by_id(variant_id: str, options: Mapping[str, Any]) -> Variant:
    return get_variant(variant_id, **options)


use_catalogue(_variant_by_id)


def all_variants() -> list[Variant]:
    """Every variant with its default options, in catalogue order."""
    return [catalogue().get(variant_id) for variant_id in catalogue().ids()]


def reload_catalogue() -> Catalogue:
    """Read the files again (after the user's file changed)."""
    catalogue.cache_clear()
    return catalogue()


def user_file_errors() -> list[VariantError]:
    """What is wrong in the user's variants.yaml, one record per problem (empty when the file
    is fine or absent). Each names `file`, `line`, `variant` and `field_name`, with a `code`
    and `params` the i18n layer translates; `str(error)` is one English line."""
    return list(catalogue().errors)


def report_user_file_errors(stream: IO[str] | None = None) -> int:
    """Print each problem of the user's variants.yaml on one line (stderr); their count.

    The command line calls this before it runs: the built-in variants still work.
    """
    errors = user_file_errors()
    out = stream if stream is not None else sys.stderr
    for error in errors:
        print(f"ramigui: {error}", file=out)
    return len(errors)
