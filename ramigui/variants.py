"""The variant catalogue: reads the built-in `variants.yaml` and the user's own.

The built-in file ships inside the package (wheel) and beside the sources (checkout). A
`variants.yaml` in the user config folder adds variants or overrides built-in ones; if it
is broken, the built-in variants still load and the error is kept in `Catalogue.errors`
for the app to show. Errors name the file, the line, the variant and the field.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

import yaml

from ramigui.rules.variant import Variant, VariantError, build_variant

MAX_FILE_BYTES = 1_000_000
CATALOGUE_FILE = "variants.yaml"


def builtin_path() -> Path:
    """The built-in variants.yaml: in the installed package, else in the source tree."""
    packaged = resources.files("ramigui").joinpath(CATALOGUE_FILE)
    if packaged.is_file():
        return Path(str(packaged))
    return Path(__file__).resolve().parent.parent / CATALOGUE_FILE


def user_config_dir() -> Path:
    """The user's config folder (RAMIGUI_CONFIG_DIR overrides it, for tests and CI)."""
    override = os.environ.get("RAMIGUI_CONFIG_DIR")
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_config_dir("ramigui", appauthor=False))


def user_path() -> Path:
    return user_config_dir() / CATALOGUE_FILE


@dataclass
class Catalogue:
    """Raw variant mappings by id (after `extends`), and the errors met loading them."""

    raw: dict[str, dict[str, Any]] = field(default_factory=dict)
    errors: list[VariantError] = field(default_factory=list)
    sources: dict[str, str] = field(default_factory=dict)

    def get(self, variant_id: str, **options: Any) -> Variant:
        if variant_id not in self.raw:
            known = ", ".join(sorted(self.raw))
            raise VariantError(f"unknown variant (known: {known})", variant=variant_id)
        try:
            return build_variant(variant_id, self.raw[variant_id], options)
        except VariantError as error:
            raise error.located(self.sources.get(variant_id, ""), None) from None

    def ids(self) -> list[str]:
        return list(self.raw)


def _lines(text: str) -> dict[tuple[str, ...], int]:
    """1-based line of each (variant,), (variant, field) and (variant, 'options', name)."""
    try:
        root = yaml.SafeLoader(text).get_single_node()
    except yaml.YAMLError:
        return {}
    found: dict[tuple[str, ...], int] = {}

    def walk(node: Any, path: tuple[str, ...]) -> None:
        if isinstance(node, yaml.MappingNode) and len(path) < 4:
            for key, value in node.value:
                sub = (*path, str(key.value))
                found[sub] = key.start_mark.line + 1
                walk(value, sub)

    if root is not None:
        walk(root, ())
    return found


def _line_for(lines: Mapping[tuple[str, ...], int], error: VariantError) -> int | None:
    parts = error.field_name.split(".") if error.field_name else []
    for size in range(len(parts), -1, -1):
        line = lines.get((error.variant, *parts[:size]))
        if line is not None:
            return line
    return None


def read_file(path: Path) -> tuple[dict[str, Any], dict[tuple[str, ...], int]]:
    """The top-level mapping of a variants file and the lines of its keys."""
    name = str(path)
    if path.stat().st_size > MAX_FILE_BYTES:
        raise VariantError(f"file larger than {MAX_FILE_BYTES} bytes", file=name)
    text = path.read_text(encoding="utf-8")
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        line = mark.line + 1 if mark is not None else None
        raise VariantError(f"not valid YAML: {getattr(error, 'problem', error)}", file=name, line=line) from None
    if data is None:
        return {}, {}
    if not isinstance(data, dict) or not all(isinstance(k, str) for k in data):
        raise VariantError("the file must map variant ids to their fields", file=name, line=1)
    return data, _lines(text)


def _merge(variant_id: str, body: Any, known: Mapping[str, dict[str, Any]]) -> dict[str, Any]:
    if not isinstance(body, dict):
        raise VariantError("expected a mapping of fields", variant=variant_id)
    parent_id = body.get("extends")
    if parent_id is None:
        return dict(body)
    if parent_id not in known:
        raise VariantError(f"extends unknown variant {parent_id!r}", variant=variant_id, field_name="extends")
    merged = dict(known[parent_id])
    own_options = body.get("options") or {}
    options = dict(merged.get("options") or {})
    # A field the variant sets itself is no longer the inherited option's to set (else the
    # option's default would silently undo `target: 50` in a user's `extends: rami_base`).
    own_fields = set(body) - {"extends", "options"}
    for name in [n for n in options if n not in own_options]:
        if _option_fields(options[name]) & own_fields:
            del options[name]
    options.update(own_options)
    merged.update({k: v for k, v in body.items() if k != "extends"})
    merged["options"] = options
    return merged


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
    name = str(path)
    data, lines = read_file(path)
    for variant_id, body in data.items():
        try:
            merged = _merge(variant_id, body, catalogue.raw)
            build_variant(variant_id, merged)
        except VariantError as error:
            located = error.located(name, _line_for(lines, error))
            if strict:
                raise located from None
            catalogue.errors.append(located)
            continue
        catalogue.raw[variant_id] = merged
        catalogue.sources[variant_id] = name


def load_catalogue(builtin: Path | None = None, user: Path | None = None) -> Catalogue:
    """Built-in variants (a broken built-in file raises) plus the user's (errors kept)."""
    catalogue = Catalogue()
    _add_file(catalogue, builtin or builtin_path(), strict=True)
    user_file = user if user is not None else user_path()
    if user_file.is_file():
        try:
            _add_file(catalogue, user_file, strict=False)
        except (VariantError, OSError, UnicodeDecodeError) as error:
            if not isinstance(error, VariantError):
                error = VariantError(f"cannot read: {error}", file=str(user_file))
            catalogue.errors.append(error)
    return catalogue


@lru_cache(maxsize=1)
def catalogue() -> Catalogue:
    """The catalogue of this process (read once)."""
    return load_catalogue()


def get_variant(variant_id: str, **options: Any) -> Variant:
    """The variant with these option values (others at their defaults)."""
    return catalogue().get(variant_id, **options)


def all_variants() -> list[Variant]:
    """Every variant with its default options, in catalogue order."""
    return [catalogue().get(variant_id) for variant_id in catalogue().ids()]
