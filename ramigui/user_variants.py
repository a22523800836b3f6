"""The user's own variants.yaml, edited in place: the New game screen's rules saved as a named
variant, renamed, deleted — every other entry and comment of the file kept as it was.

Dumping the parsed YAML again would lose what a family wrote by hand (comments, order,
layout), so each change rewrites only the lines of one top-level entry, found through the
parsed node tree: an entry runs from its key's line to the next entry's key, less the blank
lines and column-0 comments just above that key (they introduce the next entry). The new
text is checked first — parsed within the limits, the changed variant built with every
house-rule value, no other variant broken — then written atomically by the Store, the only
writer into the user's folders. Nothing here draws or chooses a language: a refusal is an
`EditRefused` with an i18n key the New game screen shows.

A saved variant is `<id>: {extends: <base>, name: {fr, en}, options: {<rule>: {default: v}}}`:
it starts from the game it was made from and keeps offering the same house rules, starting
at the values chosen.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from ramigui import variants, yaml_limits
from ramigui.rules.variant import Variant
from ramigui.rules.variant_build import ID_LIMIT
from ramigui.rules.variant_errors import VariantError
from ramigui.storage import ReadOnlyStore, StorageError, Store

NAME_LIMIT = 40
"""Longest name typed on the New game screen (a menu row holds it)."""


class EditRefused(Exception):
    """Why the file was not changed: an i18n key and its params, and the variant problem the
    change would have made, if that is the reason."""

    def __init__(self, key: str, problem: VariantError | None = None, **params: str) -> None:
        self.key = key
        self.problem = problem
        self.params = params
        super().__init__(f"{key} {params} {problem or ''}".strip())


@dataclass(frozen=True)
class Entry:
    """One top-level entry of the file: its id, its lines [start, end) and its value node."""

    variant_id: str
    start: int
    end: int
    value: Any


# --- names --------------------------------------------------------------------------------------


def clean_name(name: str) -> str:
    """The name as it will be shown: spaces tidied; EditRefused if nothing is left."""
    cleaned = " ".join(name.split())[:NAME_LIMIT]
    if not cleaned:
        raise EditRefused("setup.name_needed")
    return cleaned


def slug(name: str) -> str:
    """The variant id made from a name: "Rami de Mémé" → rami_de_meme."""
    ascii_text = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii").lower()
    text = re.sub(r"[^a-z0-9]+", "_", ascii_text).strip("_")[:ID_LIMIT].strip("_")
    return text or "my_variant"


def user_ids(catalogue: variants.Catalogue | None = None) -> list[str]:
    """The variants the user's file defines (and that load)."""
    return (catalogue or variants.catalogue()).user_ids(variants.user_path())


def user_variant_named(name: str) -> str | None:
    """The user's variant a new one of this name would replace: same id, or same title."""
    wanted = clean_name(name)
    catalogue = variants.catalogue()
    for variant_id in user_ids(catalogue):
        titles = catalogue.get(variant_id).name.values()
        if variant_id == slug(wanted) or any(title.casefold() == wanted.casefold() for title in titles):
            return variant_id
    return None


def _builtin_title(name: str) -> bool:
    catalogue = variants.catalogue()
    mine = set(user_ids(catalogue))
    return any(title.casefold() == name.casefold()
               for variant_id in catalogue.ids() if variant_id not in mine
               for title in catalogue.get(variant_id).name.values())


def _free_id(wanted: str) -> str:
    """`wanted`, or wanted_2, wanted_3… if a variant already has that id."""
    taken = set(variants.catalogue().ids())
    candidate, count = wanted, 2
    while candidate in taken:
        suffix = f"_{count}"
        candidate = wanted[: ID_LIMIT - len(suffix)] + suffix
        count += 1
    return candidate


# --- the three edits ------------------------------------------------------------------------


def save_as(store: Store | None, base: Variant, name: str) -> str:
    """Write `base` with its chosen house-rule values as the user's variant `name` (replacing
    the user's variant of that name, which the caller has confirmed); its id."""
    name = clean_name(name)
    path = variants.user_path()
    text, document = _read(path)
    entries = _entries(document)
    target = user_variant_named(name)
    if target is None:
        if _builtin_title(name):
            raise EditRefused("setup.name_taken", name=name)
        target = _free_id(slug(name))
    if target != base.id and target in _ancestors(base.id):
        raise EditRefused("setup.name_is_base", name=name)
    own = document.data.get(target) if target == base.id and isinstance(document.data, dict) else None
    body: dict[str, Any] = dict(own) if isinstance(own, dict) else {"extends": base.id}
    body["name"] = {"fr": name, "en": name}
    options = dict(body.get("options") or {})
    for spec in base.options:
        inherited = options.get(spec.name)
        value = base.chosen.get(spec.name, spec.default)
        options[spec.name] = {**inherited, "default": value} if isinstance(inherited, dict) else {"default": value}
    if options:
        body["options"] = options
    block = _dump({target: body})
    ids = [entry.variant_id for entry in entries]
    if target not in ids:
        new_text = _append(text, block)
    elif base.id in ids and ids.index(base.id) > ids.index(target):
        # the game it extends comes later in the file: the new entry must come after it
        new_text = _append(_remove(text, entries[ids.index(target)]), block)
    else:
        new_text = _replace(text, entries[ids.index(target)], block)
    _check_and_write(store, path, new_text, target)
    return target


def rename(store: Store | None, variant_id: str, name: str) -> None:
    """Give the user's variant another name (its id stays: saves and statistics keep it)."""
    name = clean_name(name)
    path = variants.user_path()
    text, document = _read(path)
    entry = _entry(document, variant_id)
    other = user_variant_named(name)
    if (other is not None and other != variant_id) or _builtin_title(name):
        raise EditRefused("setup.name_taken", name=name)
    titles = {"fr": name, "en": name}
    value = entry.value
    if isinstance(value, yaml.MappingNode) and not value.flow_style and value.value:
        lines = text.splitlines(keepends=True)
        fields = _fields(value, entry, lines)
        line = " " * value.value[0][0].start_mark.column + "name: " + _flow(titles) + "\n"
        where = next(((start, end) for key, start, end in fields if key == "name"), None)
        start, end = where if where is not None else (fields[0][1], fields[0][1])
        new_text = "".join([*lines[:start], line, *lines[end:]])
    else:
        body = dict(document.data[variant_id]) if isinstance(document.data[variant_id], dict) else {}
        new_text = _replace(text, entry, _dump({variant_id: {**body, "name": titles}}))
    _check_and_write(store, path, new_text, variant_id)


def delete(store: Store | None, variant_id: str) -> None:
    """Remove the user's variant from the file (refused while another one is built on it)."""
    path = variants.user_path()
    text, document = _read(path)
    entry = _entry(document, variant_id)
    catalogue = variants.catalogue()
    children = [child for child, parent in catalogue.parents.items()
                if parent == variant_id and child != variant_id and child in user_ids(catalogue)]
    if children:
        raise EditRefused("setup.delete_parent", name=catalogue.get(children[0]).title(), parent=variant_id)
    _check_and_write(store, path, _remove(text, entry), None)


# --- the text -----------------------------------------------------------------------------------


def _read(path: Path) -> tuple[str, yaml_limits.Document]:
    """The file's text and parse; an absent file is empty; a broken one is refused."""
    try:
        document = yaml_limits.read(path)
    except FileNotFoundError:
        return "", yaml_limits.parse("")
    except yaml_limits.YamlProblem as problem:
        raise EditRefused("setup.file_broken", VariantError(problem.code, file=str(path), line=problem.line,
                                                            **problem.params)) from None
    if document.flaws:  # its lines are not what an editor counts: left for the family to mend
        flaw = document.flaws[0]
        raise EditRefused("setup.file_broken", VariantError(flaw.code, file=str(path), line=flaw.line, **flaw.params))
    if document.data is not None and not isinstance(document.data, dict):
        raise EditRefused("setup.file_broken", VariantError("file_shape", file=str(path), line=1))
    return document.text, document


def _entries(document: yaml_limits.Document) -> list[Entry]:
    """The file's top-level entries with their lines."""
    root = document.root
    if root is None:
        return []
    if not isinstance(root, yaml.MappingNode) or root.flow_style or any(
            key.start_mark.column != 0 for key, _ in root.value):
        raise EditRefused("setup.file_unusual")
    lines = document.text.splitlines(keepends=True)
    pairs = root.value
    found = []
    for index, (key, value) in enumerate(pairs):
        start = key.start_mark.line
        end = pairs[index + 1][0].start_mark.line if index + 1 < len(pairs) else len(lines)
        found.append(Entry(str(key.value), start, _trimmed(lines, start + 1, end, column_zero=True), value))
    return found


def _entry(document: yaml_limits.Document, variant_id: str) -> Entry:
    for entry in _entries(document):
        if entry.variant_id == variant_id:
            return entry
    raise EditRefused("setup.not_yours")


def _fields(value: Any, entry: Entry, lines: list[str]) -> list[tuple[str, int, int]]:
    """Each field of an entry written as a block: (key, first line, line after its last)."""
    pairs = value.value
    found = []
    for index, (key, _) in enumerate(pairs):
        start = key.start_mark.line
        end = pairs[index + 1][0].start_mark.line if index + 1 < len(pairs) else entry.end
        found.append((str(key.value), start, _trimmed(lines, start + 1, end, column_zero=False)))
    return found


def _trimmed(lines: list[str], low: int, end: int, column_zero: bool) -> int:
    """`end` moved up past blank lines and comments (only column-0 ones for an entry)."""
    while end > low:
        line = lines[end - 1]
        comment = line.startswith("#") if column_zero else line.lstrip().startswith("#")
        if line.strip() and not comment:
            break
        end -= 1
    return end


def _dump(entry: dict[str, Any]) -> str:
    return yaml.safe_dump(entry, allow_unicode=True, sort_keys=False, default_flow_style=None, width=200)


def _flow(mapping: dict[str, str]) -> str:
    return yaml.safe_dump(mapping, allow_unicode=True, sort_keys=False, default_flow_style=True, width=200).strip()


def _append(text: str, block: str) -> str:
    if text and not text.endswith("\n"):
        text += "\n"
    if text.strip() and not text.endswith("\n\n"):
        text += "\n"
    return text + block


def _remove(text: str, entry: Entry) -> str:
    lines = text.splitlines(keepends=True)
    kept = lines[: entry.start] + lines[entry.end:]
    at = entry.start
    while 0 < at < len(kept) and not kept[at - 1].strip() and not kept[at].strip():
        del kept[at]  # no double blank line where the entry was
    return "".join(kept)


def _replace(text: str, entry: Entry, block: str) -> str:
    lines = text.splitlines(keepends=True)
    before = "".join(lines[: entry.start])
    if before and not before.endswith("\n"):
        before += "\n"
    return before + block + "".join(lines[entry.end:])


def _ancestors(variant_id: str) -> set[str]:
    parents = variants.catalogue().parents
    found: set[str] = set()
    while variant_id in parents and parents[variant_id] not in found and parents[variant_id] != variant_id:
        variant_id = parents[variant_id]
        found.add(variant_id)
    return found


def _check_and_write(store: Store | None, path: Path, text: str, changed: str | None) -> None:
    """Write `text` if it keeps every variant that loads now (and loads `changed`)."""
    after = variants.catalogue_with_text(text, str(path))
    before = variants.catalogue()
    broken = [error for error in after.errors
              if (error.variant, error.code) not in {(e.variant, e.code) for e in before.errors}]
    if changed is not None and changed not in after.ids() and not broken:
        broken = [VariantError("unknown_variant", variant=changed, value=changed, known="-")]
    if broken:
        raise EditRefused("setup.edit_invalid", broken[0])
    if store is None or store.read_only:
        raise EditRefused("setup.read_only")
    try:
        store.write_bytes(path, text.encode("utf-8"))
    except ReadOnlyStore:
        raise EditRefused("setup.read_only") from None
    except (OSError, StorageError) as error:
        raise EditRefused("setup.write_failed", file=str(path), reason=str(error)) from None
    variants.reload_catalogue()
