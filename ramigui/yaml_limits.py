"""YAML read within limits: file size, nesting depth, aliases, values, number length.

A family's variants.yaml is typed by hand and may hold anything. PyYAML's safe loader never
runs code, but it will happily build a 5000-deep nesting (and overflow the stack composing
it), a 5000-digit integer (which Python refuses to convert), or a "billion laughs": a few
hundred bytes of nested aliases that the loader shares cheaply but that explode into
gigabytes as soon as anything walks, copies or prints them. So the composer counts as it
goes and stops early:

- `MAX_BYTES` (256 KiB): nine times the built-in catalogue of eleven games; checked before
  parsing, by reading one byte more than allowed.
- `MAX_DEPTH` (20): nesting, counted through aliases too; the built-in file needs 7.
- `MAX_ALIASES` (200): `*name` references; enough for `<<: *common` in every variant.
- `MAX_VALUES` (100,000): every value counted as if aliases were written out — what a walk
  of the data would visit; the built-in file has about 1,200.
- `MAX_NUMBER_CHARS` (20): an integer written longer is kept as a `TooLongNumber` marker,
  which validation reports against its field (no field needs more than six digits).

PyYAML refuses a whole text for one character it cannot hold (a control character, a lone
surrogate, U+FFFE) or one byte that is not UTF-8, and says only where in the stream. Such
characters are read as U+FFFD instead, and each variant that holds one is a flaw of the
document, naming the line and the field: that variant is refused, the others load. Outside
any variant (or in a file with aliases, which may copy a flawed value into another variant)
the first of them is a problem of the whole file.

The document's node tree is kept beside the data: it gives the line of each key and where
each top-level entry starts and ends, for error messages and for editing the text.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from ramigui.rules.variant_errors import TooLongNumber
from ramigui.storage import BrokenFile, read_bounded

MAX_BYTES = 256 * 1024
MAX_DEPTH = 20
MAX_ALIASES = 200
MAX_VALUES = 100_000
MAX_NUMBER_CHARS = 20
UNREADABLE = yaml.reader.Reader.NON_PRINTABLE
"""The characters a YAML text cannot hold: control characters other than tab and the line
breaks, lone surrogates, U+FFFE and U+FFFF."""
_LINE_BREAKS = re.compile("\r\n|[\n\r\x85\u2028\u2029]")
"""What PyYAML counts as the end of a line (its marks give the lines of every other problem)."""
_UNDECODED = re.compile("[\udc80-\udcff]")
"""What `surrogateescape` makes of a byte that is not UTF-8."""


class YamlProblem(Exception):
    """Why a YAML text cannot be used: a problem code (rules.variant_errors.PROBLEMS), the
    1-based line where it was found (None: the file as a whole), and the code's params."""

    def __init__(self, code: str, line: int | None = None, **params: Any) -> None:
        self.code = code
        self.line = line
        self.params = params
        super().__init__(f"{code} (line {line}) {params}")


class _Limit(yaml.YAMLError):
    def __init__(self, code: str, mark: Any, limit: int) -> None:
        self.code = code
        self.mark = mark
        self.limit = limit
        super().__init__(code)


class BoundedLoader(yaml.SafeLoader):
    """The safe loader, counting depth, aliases and (alias-expanded) values as it composes."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self._depth = 0
        self._aliases = 0
        self._sizes: dict[int, tuple[int, int]] = {}  # id(node) -> (values, height)

    def compose_node(self, parent: Any, index: Any) -> Any:
        mark = self.peek_event().start_mark  # type: ignore[no-untyped-call]
        if self.check_event(yaml.AliasEvent):
            node = super().compose_node(parent, index)
            self._aliases += 1
            if self._aliases > MAX_ALIASES:
                raise _Limit("too_many_aliases", mark, MAX_ALIASES)
            if id(node) not in self._sizes:  # its anchor is still being composed
                raise _Limit("recursive_alias", mark, 0)
            if self._depth + self._sizes[id(node)][1] > MAX_DEPTH:
                raise _Limit("too_deep", mark, MAX_DEPTH)
            return node
        self._depth += 1
        if self._depth > MAX_DEPTH:
            raise _Limit("too_deep", mark, MAX_DEPTH)
        try:
            node = super().compose_node(parent, index)
        finally:
            self._depth -= 1
        children = [self._sizes[id(child)] for child in _children(node)]
        values = 1 + sum(size for size, _ in children)
        height = 1 + max((h for _, h in children), default=0)
        if values > MAX_VALUES:
            raise _Limit("too_many_values", mark, MAX_VALUES)
        self._sizes[id(node)] = (values, height)
        return node


def _children(node: Any) -> list[Any]:
    if isinstance(node, yaml.MappingNode):
        return [item for pair in node.value for item in pair]
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    return []


def _construct_int(loader: yaml.SafeLoader, node: yaml.ScalarNode) -> Any:
    if len(node.value) > MAX_NUMBER_CHARS:
        return TooLongNumber(sum(char.isdigit() for char in node.value))
    return yaml.SafeLoader.construct_yaml_int(loader, node)


BoundedLoader.add_constructor("tag:yaml.org,2002:int", _construct_int)


@dataclass(frozen=True)
class Document:
    """A parsed YAML text: its data, its node tree (None when empty) and the text itself;
    `flaws`, one problem for each variant holding characters the text cannot hold."""

    text: str
    data: Any
    root: Any
    flaws: tuple[YamlProblem, ...] = ()


def parse(text: str, *, from_bytes: bool = False) -> Document:
    """Parse YAML within the limits; YamlProblem (with the line) otherwise. `from_bytes`: the
    text was decoded with `surrogateescape` (a surrogate is a byte that is not UTF-8)."""
    if len(text) > MAX_BYTES or len(text.encode("utf-8", "surrogatepass")) > MAX_BYTES:
        raise YamlProblem("file_too_big", None, limit=MAX_BYTES // 1024)
    unreadable = [match.start() for match in UNREADABLE.finditer(text)]
    if unreadable:
        return _flawed(text, unreadable, from_bytes)
    root, data, _ = _compose(text)
    return Document(text, data, root)


def _flawed(text: str, unreadable: list[int], from_bytes: bool) -> Document:
    """A text holding characters PyYAML refuses (at `unreadable`), read with U+FFFD in their
    place: a flaw for each variant holding some, or a problem of the whole file."""
    breaks = [match.end() for match in _LINE_BREAKS.finditer(text)]
    try:
        root, data, aliases = _compose(UNREADABLE.sub("\ufffd", text))
    except YamlProblem:
        raise _misplaced(text, breaks, unreadable[0], (), from_bytes) from None
    entries = root.value if isinstance(root, yaml.MappingNode) and not aliases else []
    spans = [_span(key, value) for key, value in entries]
    held = [unreadable[bisect_left(unreadable, start):bisect_left(unreadable, end)] for start, end in spans]
    outside = set(unreadable).difference(*held)
    if outside:
        index = min(outside)
        raise _misplaced(text, breaks, index, _path_at(root, index, ()), from_bytes)
    flaws = tuple(_misplaced(text, breaks, indices[0], _path_in([entry], indices[0], ()), from_bytes)
                  for entry, indices in zip(entries, held, strict=True) if indices)
    return Document(text, data, root, flaws)


def _span(key: Any, value: Any) -> tuple[int, int]:
    """Where a key and its value are written: [start, end) in the text."""
    return key.start_mark.index, max(key.end_mark.index, value.end_mark.index)


def _compose(text: str) -> tuple[Any, Any, int]:
    """The node tree, data and alias count of a text PyYAML can read; YamlProblem otherwise."""
    try:
        loader = BoundedLoader(text)
    except yaml.YAMLError as error:  # the reader refuses characters as it is built
        raise YamlProblem("not_yaml", None, detail=" ".join(str(error).split())) from None
    try:
        root = loader.get_single_node()
        data = loader.construct_document(root) if root is not None else None
    except _Limit as limit:
        raise YamlProblem(limit.code, limit.mark.line + 1, limit=limit.limit) from None
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None) or getattr(error, "context_mark", None)
        problem = getattr(error, "problem", None) or str(error)
        raise YamlProblem("not_yaml", mark.line + 1 if mark is not None else None,
                          detail=" ".join(str(problem).split())) from None
    except RecursionError:  # not reachable with MAX_DEPTH, kept as a last guard
        raise YamlProblem("too_deep", None, limit=MAX_DEPTH) from None
    finally:
        loader.dispose()
    return root, data, loader._aliases


def _misplaced(text: str, breaks: list[int], index: int, path: tuple[str, ...], from_bytes: bool) -> YamlProblem:
    """The problem of the character at `index`, held by the value at `path`; `breaks`, where
    each line of the text ends (found once: a file may hold thousands of flawed variants)."""
    where = {"variant": path[0], "field_name": ".".join(path[1:])} if path else {}
    line = bisect_right(breaks, index) + 1
    char = text[index]
    if from_bytes and _UNDECODED.match(char):
        return YamlProblem("file_not_text", line, **where)
    return YamlProblem("bad_character", line, **where, char=f"U+{ord(char):04X}")


def _path_at(node: Any, index: int, path: tuple[str, ...]) -> tuple[str, ...]:
    """The keys leading to the value written at `index` (as far as a value holds it)."""
    if isinstance(node, yaml.MappingNode):
        return _path_in(node.value, index, path)
    if isinstance(node, yaml.SequenceNode):
        for item in node.value:
            if item.start_mark.index <= index < item.end_mark.index:
                return _path_at(item, index, path)
    return path


def _path_in(pairs: list[tuple[Any, Any]], index: int, path: tuple[str, ...]) -> tuple[str, ...]:
    """_path_at among a mapping's (key, value) pairs."""
    for key, value in pairs:
        start, end = _span(key, value)
        if start <= index < end:
            name = (*path, str(key.value)[:100])
            return name if index < key.end_mark.index else _path_at(value, index, name)
    return path


def read(path: Path) -> Document:
    """Read and parse a YAML file within the limits; YamlProblem otherwise.

    FileNotFoundError is left to the caller (no file is not a problem).
    """
    try:
        raw = read_bounded(path, MAX_BYTES)
    except BrokenFile as broken:
        if broken.reason == "too_big":
            raise YamlProblem("file_too_big", None, limit=MAX_BYTES // 1024) from None
        if broken.reason == "not_a_file":
            raise YamlProblem("file_not_a_file", None) from None
        raise YamlProblem("file_unreadable", None, detail=broken.detail) from None
    return parse(raw.decode("utf-8", "surrogateescape"), from_bytes=True)


def key_lines(root: Any, depth: int = 4) -> dict[tuple[str, ...], int]:
    """The 1-based line of each key path down to `depth` ((variant,), (variant, field), …)."""
    found: dict[tuple[str, ...], int] = {}

    def walk(node: Any, path: tuple[str, ...]) -> None:
        if isinstance(node, yaml.MappingNode) and len(path) < depth:
            for key, value in node.value:
                sub = (*path, str(key.value)[:100])
                found.setdefault(sub, key.start_mark.line + 1)
                walk(value, sub)

    walk(root, ())
    return found


def duplicate_keys(root: Any, depth: int = 3) -> list[tuple[tuple[str, ...], int, int]]:
    """Keys written twice in one mapping (YAML keeps the last silently): (path, line, first line)."""
    found: list[tuple[tuple[str, ...], int, int]] = []

    def walk(node: Any, path: tuple[str, ...]) -> None:
        if not isinstance(node, yaml.MappingNode) or len(path) >= depth:
            return
        seen: dict[str, int] = {}
        for key, value in node.value:
            if isinstance(key, yaml.ScalarNode):
                name = str(key.value)[:100]
                line = key.start_mark.line + 1
                if name in seen:
                    found.append(((*path, name), line, seen[name]))
                else:
                    seen[name] = line
                walk(value, (*path, name))

    walk(root, ())
    return found
